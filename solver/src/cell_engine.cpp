// Exact-cover search on per-cell candidate bitmasks, for every geometry.
//
// The exact-cover columns are the cells and the (unit, symbol) pairs. A cell's candidate
// mask is its column's rows; a (unit, symbol) column's rows are the unit's cells whose mask
// holds the symbol. Propagation takes every column with one row (naked single: a cell with
// one candidate; hidden single: a symbol with one place in a unit) and fails on a column
// with none. run() then applies locked candidates: when a symbol's places in a box lie in
// one row or column (pointing), or its places in a row or column lie in one box
// (claiming), the symbol leaves the rest of that line or box. Each such step is a
// consequence of two exact-cover columns, so it removes only rows no solution uses; on
// sparse 16x16 and 25x25 puzzles it cuts the search tree by orders of magnitude at a cost
// of two passes over the grid. The search branches on the column with fewest rows, cell or
// (unit, symbol), preferring a cell on a tie. A frame per depth holds the whole state, so
// backtracking is a pointer move instead of an undo log.
//
// random_solution keeps the search it was first released with (singles only, branch on a
// cell with fewest candidates): its grids are pinned per seed.
#include <algorithm>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <stdexcept>
#include <string>

#include "engines.h"

namespace sudoforge::detail {
namespace {
// Marks a solved cell; its mask then holds only its symbol.
constexpr std::uint32_t kSolved = 0x80000000u;
constexpr int kMaxSide = 32;
// Lookahead (see lookahead()) on at most this many binary columns per node, and only once
// a search has placed this many nodes: small searches (most checks up to 16x16) are
// cheaper without it, the large ones shrink by far with it (solver/PERF_NOTES.md).
constexpr int kLookColumns = 16;
enum LookaheadResult { kDead, kBranch, kNoColumn, kSolvedState };
constexpr std::uint64_t kLookAfterNodes = 5000;
}  // namespace

struct CellEngine::Rng {
  boost::random::mt19937_64 engine;
};

CellEngine::CellEngine() = default;
CellEngine::~CellEngine() = default;
CellEngine::CellEngine(CellEngine&&) noexcept = default;
CellEngine& CellEngine::operator=(CellEngine&&) noexcept = default;

void CellEngine::prepare(const Geometry& g) {
  geometry_ = g;
  n_ = g.size();
  nn_ = g.cell_count();
  units_ = g.house_count();
  unit_words_ = (units_ + 63) / 64;
  if (unit_words_ > kMaxUnitWords) {
    throw std::invalid_argument("CellEngine: more than " + std::to_string(64 * kMaxUnitWords) +
                                " houses");
  }
  full_ = (n_ == 32) ? ~0u : ((1u << n_) - 1);
  peers_.clear();
  peer_start_.assign(1, 0);
  cell_units_.clear();
  cell_unit_start_.assign(1, 0);
  for (int cell = 0; cell < nn_; ++cell) {
    auto p = g.peers(cell);
    peers_.insert(peers_.end(), p.begin(), p.end());
    peer_start_.push_back(static_cast<std::uint32_t>(peers_.size()));
    auto of = g.houses_of(cell);
    cell_units_.insert(cell_units_.end(), of.begin(), of.end());
    cell_unit_start_.push_back(static_cast<std::uint16_t>(cell_units_.size()));
  }
  touch_masks_.assign(static_cast<std::size_t>(nn_) * unit_words_, 0);
  for (int cell = 0; cell < nn_; ++cell) {
    for (const int u : g.houses_of(cell)) {
      touch_masks_[std::size_t(cell) * unit_words_ + (u >> 6)] |= std::uint64_t{1} << (u & 63);
    }
  }
  unit_cells_.resize(static_cast<std::size_t>(units_) * n_);
  for (int u = 0; u < units_; ++u) {
    auto cells = g.house(u);
    std::copy(cells.begin(), cells.end(), unit_cells_.begin() + std::size_t(u) * n_);
  }
  frame_size_ = nn_ + units_ + 1;
  // Each level of the search places at least one cell, so nn_ + 1 frames always suffice.
  frames_.assign(static_cast<std::size_t>(nn_ + 1) * frame_size_, 0);
  // A cell is queued at most once by place() per frame, plus once by init().
  queue_.assign(2 * static_cast<std::size_t>(nn_), 0);
  out_.assign(nn_, 0);
  generic_locked_ = !g.is_classic();
  if (generic_locked_) {
    prepare_links(g);
    prepared_ = true;
    return;
  }
  // Segments: every row, then every column, cut at box boundaries (R x C boxes: a row
  // crosses R boxes in C cells each, a column C boxes in R cells each).
  const int box_rows = g.box_rows(), box_cols = g.box_cols();
  seg_cells_.clear();
  seg_start_.assign(1, 0);
  seg_line_.clear();
  seg_box_.clear();
  line_segs_.clear();
  line_seg_start_.assign(1, 0);
  box_row_segs_.assign(static_cast<std::size_t>(n_) * box_rows, 0);
  box_col_segs_.assign(static_cast<std::size_t>(n_) * box_cols, 0);
  std::vector<int> row_fill(n_, 0), col_fill(n_, 0);
  for (int line = 0; line < 2 * n_; ++line) {
    const std::uint16_t* cells = &unit_cells_[std::size_t(line) * n_];
    const bool is_row = line < n_;
    const int length = is_row ? box_cols : box_rows;  // cells per segment
    for (int k = 0; k < n_; k += length) {
      const auto seg = static_cast<std::uint16_t>(seg_line_.size());
      const int box = g.box(cells[k]);
      for (int j = k; j < k + length; ++j) seg_cells_.push_back(cells[j]);
      seg_start_.push_back(static_cast<std::uint16_t>(seg_cells_.size()));
      seg_line_.push_back(static_cast<std::uint16_t>(line));
      seg_box_.push_back(static_cast<std::uint16_t>(box));
      line_segs_.push_back(seg);
      if (is_row) {
        box_row_segs_[std::size_t(box) * box_rows + row_fill[box]++] = seg;
      } else {
        box_col_segs_[std::size_t(box) * box_cols + col_fill[box]++] = seg;
      }
    }
    line_seg_start_.push_back(static_cast<std::uint16_t>(line_segs_.size()));
  }
  prepared_ = true;
}

// The intersections of every two houses sharing two or more cells, listed under each
// house in house order.
void CellEngine::prepare_links(const Geometry& g) {
  links_.clear();
  link_start_.assign(1, 0);
  link_cells_.clear();
  std::vector<char> in_a(nn_, 0);
  auto push_if = [&](std::span<const int> cells, bool in) {
    for (int c : cells) {
      if ((in_a[c] != 0) == in) link_cells_.push_back(static_cast<std::uint16_t>(c));
    }
  };
  for (int a = 0; a < units_; ++a) {
    const auto house_a = g.house(a);
    for (int c : house_a) in_a[c] = 1;
    for (int b = 0; b < units_; ++b) {
      if (b == a) continue;
      const auto house_b = g.house(b);
      int shared = 0;
      for (int c : house_b) shared += in_a[c];
      if (shared < 2) continue;
      Link link;
      link.shared = static_cast<std::uint32_t>(link_cells_.size());
      push_if(house_b, true);
      link.outside = static_cast<std::uint32_t>(link_cells_.size());
      for (int c : house_b) in_a[c] = in_a[c] ? 2 : 0;  // A - B: the cells still marked 1
      for (int c : house_a) {
        if (in_a[c] == 1) link_cells_.push_back(static_cast<std::uint16_t>(c));
      }
      for (int c : house_b) in_a[c] = in_a[c] ? 1 : 0;
      link.rest = static_cast<std::uint32_t>(link_cells_.size());
      push_if(house_b, false);
      link.end = static_cast<std::uint32_t>(link_cells_.size());
      links_.push_back(link);
    }
    for (int c : house_a) in_a[c] = 0;
    link_start_.push_back(static_cast<std::uint32_t>(links_.size()));
  }
}

// Marks the units of `cell` for the next hidden-singles and locked-candidates passes.
inline void CellEngine::touch(int cell) {
  const std::uint64_t* masks = &touch_masks_[std::size_t(cell) * unit_words_];
  for (int w = 0; w < unit_words_; ++w) {
    dirty_singles_[w] |= masks[w];
    dirty_locked_[w] |= masks[w];
  }
}

inline bool CellEngine::place(std::uint32_t* s, int cell, std::uint32_t bit) {
  s[cell] = bit | kSolved;
  --s[nn_ + units_];
  std::uint32_t* placed = s + nn_;
  const std::uint16_t* units = &cell_units_[cell_unit_start_[cell]];
  const int unit_count = cell_unit_start_[cell + 1] - cell_unit_start_[cell];
  for (int k = 0; k < unit_count; ++k) placed[units[k]] |= bit;
  ++nodes_;
  touch(cell);
  const std::uint16_t* p = &peers_[peer_start_[cell]];
  const int peer_count = static_cast<int>(peer_start_[cell + 1] - peer_start_[cell]);
  for (int k = 0; k < peer_count; ++k) {
    std::uint32_t c = s[p[k]];
    if (c & bit) {
      if (c & kSolved) return false;
      c ^= bit;
      s[p[k]] = c;
      if (c == 0) return false;
      touch(p[k]);
      if ((c & (c - 1)) == 0) queue_[queue_tail_++] = p[k];
    }
  }
  return true;
}

// Removes `bit` from an open cell that holds it; queues the cell when one candidate is
// left. False when none is left.
inline bool CellEngine::eliminate(std::uint32_t* s, int cell, std::uint32_t bit) {
  const std::uint32_t c = s[cell] ^ bit;
  s[cell] = c;
  if (c == 0) return false;
  touch(cell);
  if ((c & (c - 1)) == 0) queue_[queue_tail_++] = cell;
  return true;
}

// Starts a propagation from a state at fixpoint: nothing queued, no unit to revisit.
inline void CellEngine::reset_work() {
  queue_head_ = queue_tail_ = 0;
  for (int w = 0; w < unit_words_; ++w) dirty_singles_[w] = dirty_locked_[w] = 0;
}

bool CellEngine::propagate(std::uint32_t* s) {
  for (;;) {
    while (queue_head_ < queue_tail_) {
      const int p = queue_[queue_head_++];
      const std::uint32_t c = s[p];
      if (c & kSolved) continue;
      if (!place(s, p, c)) return false;
    }
    queue_head_ = queue_tail_ = 0;
    if (s[nn_ + units_] == 0) return true;
    bool progress = false;
    if (!hidden_singles(s, &progress)) return false;
    if (progress || queue_tail_ != 0) continue;
    if (randomize_) return true;  // random_solution: singles only (see the file comment)
    if (!locked_candidates(s, &progress)) return false;
    if (!progress && queue_tail_ == 0) return true;
  }
}

// Hidden singles in every unit touched since its last visit (random_solution: every
// unit, in the first release's order). A unit untouched since a visit that found nothing
// still has nothing. Fails on a (unit, symbol) with no place.
bool CellEngine::hidden_singles(std::uint32_t* s, bool* progress) {
  const std::uint32_t* placed = s + nn_;
  std::uint64_t todo[kMaxUnitWords];
  for (int w = 0; w < unit_words_; ++w) {
    todo[w] = randomize_ ? ~std::uint64_t{0} : dirty_singles_[w];
    dirty_singles_[w] = 0;
  }
  for (int w = 0; w < unit_words_; ++w) {
    for (std::uint64_t m = todo[w]; m; m &= m - 1) {
      const int u = 64 * w + __builtin_ctzll(m);
      if (u >= units_) break;
      const std::uint16_t* cells = &unit_cells_[std::size_t(u) * n_];
      std::uint32_t once = 0, twice = 0;
      for (int k = 0; k < n_; ++k) {
        const std::uint32_t c = s[cells[k]] & full_;
        twice |= once & c;
        once |= c;
      }
      if (once != full_) return false;  // a (unit, symbol) column with no row
      std::uint32_t hidden = once & ~twice & ~placed[u];
      while (hidden) {
        const std::uint32_t bit = hidden & (0u - hidden);
        hidden ^= bit;
        int where = -1;
        for (int k = 0; k < n_; ++k) {
          const std::uint32_t c = s[cells[k]];
          if ((c & bit) && !(c & kSolved)) {
            where = cells[k];
            break;
          }
        }
        // The only cell for this symbol took another hidden single of the unit.
        if (where < 0) return false;
        if (!place(s, where, bit)) return false;
        *progress = true;
      }
    }
  }
  return true;
}

inline std::uint32_t CellEngine::open_mask(const std::uint32_t* s, const std::uint16_t* cells,
                                           int begin, int end) {
  std::uint32_t m = 0;
  for (int k = begin; k < end; ++k) {
    const std::uint32_t c = s[cells[k]];
    if (!(c & kSolved)) m |= c;
  }
  return m;
}

inline bool CellEngine::clear_cells(std::uint32_t* s, const std::uint16_t* cells, int begin,
                                    int end, std::uint32_t bits, bool* progress) {
  for (int k = begin; k < end; ++k) {
    const int cell = cells[k];
    const std::uint32_t c = s[cell];
    if ((c & kSolved) || !(c & bits)) continue;
    for (std::uint32_t b = c & bits; b; b &= b - 1) {
      if (!eliminate(s, cell, b & (0u - b))) return false;
    }
    *progress = true;
  }
  return true;
}

// The candidates of the open cells of segment `seg`.
inline std::uint32_t CellEngine::segment_mask(const std::uint32_t* s, int seg) const {
  return open_mask(s, seg_cells_.data(), seg_start_[seg], seg_start_[seg + 1]);
}

// Removes the symbols of `bits` from the open cells of segment `seg`.
inline bool CellEngine::clear_segment(std::uint32_t* s, int seg, std::uint32_t bits,
                                      bool* progress) {
  return clear_cells(s, seg_cells_.data(), seg_start_[seg], seg_start_[seg + 1], bits, progress);
}

// Locked candidates off classic boards, in every unit A touched since its last visit: for
// each house B sharing two or more cells with A, a symbol whose places in A all lie in
// A & B leaves the rest of B. Fails when an elimination empties a cell.
bool CellEngine::locked_in_houses(std::uint32_t* s, bool* progress) {
  std::uint64_t todo[kMaxUnitWords];
  for (int w = 0; w < unit_words_; ++w) {
    todo[w] = dirty_locked_[w];
    dirty_locked_[w] = 0;
  }
  const std::uint16_t* cells = link_cells_.data();
  for (int w = 0; w < unit_words_; ++w) {
    for (std::uint64_t m = todo[w]; m; m &= m - 1) {
      const int u = 64 * w + __builtin_ctzll(m);
      if (u >= units_) break;
      for (std::uint32_t i = link_start_[u]; i < link_start_[u + 1]; ++i) {
        const Link& link = links_[i];
        const std::uint32_t bits = open_mask(s, cells, link.shared, link.outside) &
                                   ~open_mask(s, cells, link.outside, link.rest);
        if (bits && !clear_cells(s, cells, link.rest, link.end, bits, progress)) return false;
      }
    }
  }
  return true;
}

// Locked candidates in every unit touched since its last visit: pointing for a box (a
// symbol whose places in the box lie in one row or column segment leaves the rest of that
// line), claiming for a row or column (a symbol whose places in the line lie in one box
// leaves the rest of that box). Each depends only on the unit's own cells. Fails when an
// elimination empties a cell.
bool CellEngine::locked_candidates(std::uint32_t* s, bool* progress) {
  if (generic_locked_) return locked_in_houses(s, progress);
  std::uint64_t todo[2] = {dirty_locked_[0], dirty_locked_[1]};
  dirty_locked_[0] = dirty_locked_[1] = 0;
  const int box_rows = geometry_.box_rows(), box_cols = geometry_.box_cols();
  std::uint32_t mask[kMaxSide];
  // Symbols in exactly one of the `count` segments `segs`: masks and lone symbols.
  auto lone_in = [&](const std::uint16_t* segs, int count) {
    std::uint32_t once = 0, twice = 0;
    for (int k = 0; k < count; ++k) {
      mask[k] = segment_mask(s, segs[k]);
      twice |= once & mask[k];
      once |= mask[k];
    }
    return once & ~twice;
  };
  // Pointing: segment k of the box keeps `bits`; the other segments of its line lose them.
  auto pointing = [&](const std::uint16_t* segs, int count) {
    const std::uint32_t lone = lone_in(segs, count);
    for (int k = 0; k < count && lone; ++k) {
      const std::uint32_t bits = mask[k] & lone;
      if (!bits) continue;
      const int line = seg_line_[segs[k]];
      for (int j = line_seg_start_[line]; j < line_seg_start_[line + 1]; ++j) {
        if (line_segs_[j] != segs[k] && !clear_segment(s, line_segs_[j], bits, progress)) {
          return false;
        }
      }
    }
    return true;
  };
  for (int w = 0; w < 2; ++w) {
    for (std::uint64_t m = todo[w]; m; m &= m - 1) {
      const int u = 64 * w + __builtin_ctzll(m);
      if (u >= units_) break;
      if (u >= 2 * n_) {
        const int b = u - 2 * n_;
        if (!pointing(&box_row_segs_[std::size_t(b) * box_rows], box_rows) ||
            !pointing(&box_col_segs_[std::size_t(b) * box_cols], box_cols)) {
          return false;
        }
        continue;
      }
      // Claiming: segment k of the line keeps `bits`; the rest of its box loses them.
      const int first = line_seg_start_[u], count = line_seg_start_[u + 1] - first;
      const std::uint16_t* segs = &line_segs_[first];
      const std::uint32_t lone = lone_in(segs, count);
      for (int k = 0; k < count && lone; ++k) {
        const std::uint32_t bits = mask[k] & lone;
        if (!bits) continue;
        const int box = seg_box_[segs[k]];
        const bool row = u < n_;
        const std::uint16_t* box_segs = row ? &box_row_segs_[std::size_t(box) * box_rows]
                                            : &box_col_segs_[std::size_t(box) * box_cols];
        const int box_count = row ? box_rows : box_cols;
        for (int j = 0; j < box_count; ++j) {
          if (box_segs[j] != segs[k] && !clear_segment(s, box_segs[j], bits, progress)) {
            return false;
          }
        }
      }
    }
  }
  return true;
}

bool CellEngine::init(std::uint32_t* s, const std::uint8_t* givens,
                      std::span<const Candidate> forbidden) {
  std::fill(s, s + nn_, full_);
  std::fill(s + nn_, s + nn_ + units_, 0u);
  s[nn_ + units_] = static_cast<std::uint32_t>(nn_);
  for (const Candidate& f : forbidden) s[f.cell] &= ~(1u << (f.value - 1));
  reset_work();
  for (int cell = 0; cell < nn_; ++cell) {
    if (givens[cell] && !place(s, cell, 1u << (givens[cell] - 1))) return false;
  }
  nodes_ = 0;  // givens are not search nodes (kLinked never sees them either)
  // Place() queued cells left with one candidate; forbidden lists may also leave cells
  // with none or one without any placement touching them.
  for (int cell = 0; cell < nn_; ++cell) {
    const std::uint32_t c = s[cell];
    if (c == 0) return false;
    if (!(c & kSolved) && (c & (c - 1)) == 0) queue_[queue_tail_++] = cell;
  }
  for (int w = 0; w < unit_words_; ++w) dirty_singles_[w] = dirty_locked_[w] = ~std::uint64_t{0};
  return propagate(s);
}

// Counts the solution in frame `s` (all cells solved) and hands it to the sink. True
// when the search goes on.
bool CellEngine::found_solution(const std::uint32_t* s) {
  ++found_;
  if (sink_) {
    for (int cell = 0; cell < nn_; ++cell) {
      out_[cell] = static_cast<std::uint8_t>(__builtin_ctz(s[cell] & full_) + 1);
    }
    if (!sink_(out_.data())) stop_ = true;
  }
  if (found_ >= limit_) stop_ = true;
  return !stop_;
}

// Lookahead on the first kLookColumns binary columns (bivalue cells, then symbols with two
// places in a unit): both rows of each are placed on the scratch frame `t` and propagated.
// A row that fails forces the other one into `s` (then the columns are gathered again); a
// column whose rows both fail ends the node. Otherwise the column whose two rows place the
// most cells (product of the counts) is the branch: a failed-literal test that also picks
// the most constraining split, at 2 * kLookColumns propagations per node.
// Returns kDead, kBranch (oc/ob: the column's two rows), kNoColumn, or kSolved (`s` is).
int CellEngine::lookahead(std::uint32_t* s, std::uint32_t* t, int* oc, std::uint32_t* ob) {
  int pc[2 * kLookColumns];
  std::uint32_t pb[2 * kLookColumns];
  for (;;) {
    if (s[nn_ + units_] == 0) return kSolvedState;
    if (check_.due(nodes_)) {
      stop_ = true;
      return kDead;
    }
    int n = 0;
    for (int cell = 0; cell < nn_ && n < kLookColumns; ++cell) {
      const std::uint32_t c = s[cell];
      if (c & kSolved) continue;
      if (__builtin_popcount(c) == 2) {
        pc[2 * n] = pc[2 * n + 1] = cell;
        pb[2 * n] = c & (0u - c);
        pb[2 * n + 1] = c & (c - 1);
        ++n;
      }
    }
    for (int u = 0; u < units_ && n < kLookColumns; ++u) {
      const std::uint16_t* cells = &unit_cells_[std::size_t(u) * n_];
      std::uint32_t a0 = 0, a1 = 0, a2 = 0;
      for (int k = 0; k < n_; ++k) {
        std::uint32_t c = s[cells[k]];
        if (c & kSolved) continue;
        a2 |= a1 & c;
        a1 |= a0 & c;
        a0 |= c;
      }
      for (std::uint32_t two = a1 & ~a2; two && n < kLookColumns; two &= two - 1) {
        const std::uint32_t bit = two & (0u - two);
        int m = 0;
        for (int k = 0; k < n_; ++k) {
          const std::uint32_t c = s[cells[k]];
          if (!(c & kSolved) && (c & bit)) {
            pc[2 * n + m] = cells[k];
            pb[2 * n + m] = bit;
            ++m;
          }
        }
        ++n;
      }
    }
    if (n == 0) return kNoColumn;
    long best_score = -1;
    bool forced = false;
    const int before = static_cast<int>(s[nn_ + units_]);
    for (int j = 0; j < n && !forced; ++j) {
      bool ok[2];
      int gain[2];
      for (int o = 0; o < 2; ++o) {
        std::copy(s, s + frame_size_, t);
        reset_work();
        ok[o] = place(t, pc[2 * j + o], pb[2 * j + o]) && propagate(t);
        gain[o] = before - static_cast<int>(t[nn_ + units_]);
        if (ok[o] && t[nn_ + units_] == 0) {
          oc[0] = pc[2 * j];
          oc[1] = pc[2 * j + 1];
          ob[0] = pb[2 * j];
          ob[1] = pb[2 * j + 1];
          return kBranch;
        }
      }
      if (!ok[0] && !ok[1]) return kDead;
      if (!ok[0] || !ok[1]) {
        const int o = ok[0] ? 0 : 1;
        reset_work();
        if (!place(s, pc[2 * j + o], pb[2 * j + o]) || !propagate(s)) return kDead;
        forced = true;
        break;
      }
      const long score = long(gain[0] + 1) * (gain[1] + 1);
      if (score > best_score) {
        best_score = score;
        oc[0] = pc[2 * j];
        oc[1] = pc[2 * j + 1];
        ob[0] = pb[2 * j];
        ob[1] = pb[2 * j + 1];
      }
    }
    if (!forced) return kBranch;
  }
}

void CellEngine::search(int depth) {
  std::uint32_t* s = frame(depth);
  if (check_.due(nodes_)) {
    stop_ = true;
    return;
  }
  if (s[nn_ + units_] == 0) {
    found_solution(s);
    return;
  }
  int option_cell[32];
  std::uint32_t option_bit[32];
  int count = 0;
  if (nodes_ >= kLookAfterNodes) {
    const int r = lookahead(s, frame(depth + 1), option_cell, option_bit);
    if (r == kDead) return;
    if (r == kSolvedState) {
      found_solution(s);
      return;
    }
    if (r == kBranch) count = 2;
  }
  // The cell column with the fewest rows (propagation left none with 0 or 1).
  int best = -1, best_count = 33;
  if (count == 0) best = fewest_candidates(s, best_count);
  // A (unit, symbol) column with fewer rows, if any: bit-sliced counts of each symbol's
  // places per unit, exact up to 4 (at[k] = symbols with more than k places).
  int best_unit = -1;
  std::uint32_t best_bit = 0;
  if (count == 0 && best_count > 2) {
    int unit_count = best_count;
    for (int u = 0; u < units_ && unit_count > 2; ++u) {
      const std::uint16_t* cells = &unit_cells_[std::size_t(u) * n_];
      std::uint32_t at[5] = {0, 0, 0, 0, 0};
      for (int k = 0; k < n_; ++k) {
        std::uint32_t c = s[cells[k]];
        if (c & kSolved) continue;
        at[4] |= at[3] & c;
        at[3] |= at[2] & c;
        at[2] |= at[1] & c;
        at[1] |= at[0] & c;
        at[0] |= c;
      }
      for (int k = 2; k < unit_count && k <= 4; ++k) {
        const std::uint32_t exactly = at[k - 1] & ~at[k];
        if (exactly) {
          best_unit = u;
          best_bit = exactly & (0u - exactly);
          unit_count = k;
          break;
        }
      }
    }
  }
  // The options: (cell, symbol) rows of the chosen column.
  if (count > 0) {
  } else if (best_unit < 0) {
    for (std::uint32_t c = s[best]; c; c &= c - 1) {
      option_cell[count] = best;
      option_bit[count++] = c & (0u - c);
    }
  } else {
    const std::uint16_t* cells = &unit_cells_[std::size_t(best_unit) * n_];
    for (int k = 0; k < n_; ++k) {
      const std::uint32_t c = s[cells[k]];
      if (!(c & kSolved) && (c & best_bit)) {
        option_cell[count] = cells[k];
        option_bit[count++] = best_bit;
      }
    }
  }
  if (prefer_) {
    // Options that agree with prefer_ first, each group in its own order.
    int front = 0;
    for (int i = 0; i < count; ++i) {
      if (option_bit[i] == 1u << (prefer_[option_cell[i]] - 1)) {
        std::rotate(option_cell + front, option_cell + i, option_cell + i + 1);
        std::rotate(option_bit + front, option_bit + i, option_bit + i + 1);
        ++front;
      }
    }
  }
  std::uint32_t* t = frame(depth + 1);
  for (int i = 0; i < count; ++i) {
    std::copy(s, s + frame_size_, t);
    ++guesses_;
    reset_work();
    if (place(t, option_cell[i], option_bit[i]) && propagate(t)) search(depth + 1);
    if (stop_) return;
  }
}

// random_solution's search, unchanged since the first release (see the file comment).
int CellEngine::fewest_candidates(const std::uint32_t* s, int& best_count) const {
  int best = -1;
  for (int cell = 0; cell < nn_; ++cell) {
    const std::uint32_t c = s[cell];
    if (c & kSolved) continue;
    const int k = __builtin_popcount(c);
    if (k < best_count) {
      best = cell;
      best_count = k;
      if (k == 2) break;
    }
  }
  return best;
}

void CellEngine::search_random(int depth) {
  std::uint32_t* s = frame(depth);
  if (budget_ && nodes_ > budget_) {
    out_of_budget_ = stop_ = true;
    return;
  }
  if (check_.due(nodes_before_ + nodes_)) {
    stop_ = true;
    return;
  }
  if (s[nn_ + units_] == 0) {
    found_solution(s);
    return;
  }
  // The cell column with the fewest rows (propagation left none with 0 or 1).
  int best_count = 33;
  int best = fewest_candidates(s, best_count);
  std::uint32_t* t = frame(depth + 1);
  std::uint32_t options[32];
  int count = 0;
  for (std::uint32_t c = s[best]; c; c &= c - 1) options[count++] = c & (0u - c);
  for (int i = count - 1; i > 0; --i) {
    boost::random::uniform_int_distribution<int> pick(0, i);
    std::swap(options[i], options[pick(rng_->engine)]);
  }
  for (int i = 0; i < count; ++i) {
    std::copy(s, s + frame_size_, t);
    ++guesses_;
    reset_work();
    if (place(t, best, options[i]) && propagate(t)) search_random(depth + 1);
    if (stop_) return;
  }
}

std::uint64_t CellEngine::run(const Geometry& g, const std::uint8_t* givens,
                              std::span<const Candidate> forbidden, std::uint64_t limit,
                              SearchStats* stats, SolutionSink sink, const SearchLimits& limits,
                              const std::uint8_t* prefer) {
  if (!prepared_ || !(geometry_ == g)) prepare(g);
  if (limit == 0) return 0;
  prefer_ = prefer;
  check_.reset(limits);
  nodes_before_ = 0;
  limit_ = limit;
  found_ = nodes_ = guesses_ = budget_ = 0;
  stop_ = randomize_ = out_of_budget_ = false;
  sink_ = sink;
  if (init(frame(0), givens, forbidden)) search(0);
  prefer_ = nullptr;
  if (stats) {
    stats->nodes += nodes_;
    stats->guesses += guesses_;
  }
  check_.raise_if_aborted(nodes_);
  return found_;
}

bool CellEngine::random_solution(const Geometry& g, const std::uint8_t* givens, std::uint64_t seed,
                                 SearchStats* stats, std::uint8_t* out,
                                 const SearchLimits& limits) {
  if (!prepared_ || !(geometry_ == g)) prepare(g);
  check_.reset(limits);
  if (!rng_) rng_ = std::make_unique<Rng>();
  rng_->engine.seed(seed);
  struct Copy {
    std::uint8_t* out;
    int nn;
    static bool fn(void* ctx, const std::uint8_t* cells) {
      auto* self = static_cast<Copy*>(ctx);
      std::copy(cells, cells + self->nn, self->out);
      return false;
    }
  } copy{out, nn_};
  // Restarts: a random early choice on a big board can lead into a huge dead subtree;
  // restarting with fresh random choices and a doubled budget avoids the heavy tail and
  // still ends (the budget eventually exceeds the whole tree, so "no solution" is exact).
  std::uint64_t budget = 4 * static_cast<std::uint64_t>(nn_) + 64;
  std::uint64_t total_nodes = 0, total_guesses = 0;
  bool ok = false;
  for (;;) {
    nodes_before_ = total_nodes;
    limit_ = 1;
    found_ = nodes_ = guesses_ = 0;
    stop_ = out_of_budget_ = false;
    randomize_ = true;
    budget_ = budget;
    sink_ = SolutionSink{&Copy::fn, &copy};
    if (init(frame(0), givens, {})) search_random(0);
    total_nodes += nodes_;
    total_guesses += guesses_;
    if (found_ > 0) {
      ok = true;
      break;
    }
    if (!out_of_budget_ || check_.aborted()) break;
    budget *= 2;
  }
  randomize_ = false;
  budget_ = 0;
  nodes_before_ = 0;
  if (stats) {
    stats->nodes += total_nodes;
    stats->guesses += total_guesses;
  }
  check_.raise_if_aborted(total_nodes);
  return ok;
}

}  // namespace sudoforge::detail
