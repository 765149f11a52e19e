// Exact-cover search on per-cell bitmasks, for every geometry.
//
// The exact-cover columns are the cells and the (unit, symbol) pairs. A cell's candidate
// mask is its column's rows; a (unit, symbol) column's rows are the unit's cells whose mask
// holds the symbol. Propagation takes every column with one row (naked single: a cell with
// one candidate; hidden single: a symbol with one place in a unit) and fails on a column
// with none; the search then branches on a cell with the fewest candidates (a bivalue cell
// when there is one). A frame per depth holds the whole state, so backtracking is a pointer
// move instead of an undo log.
#include <algorithm>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "engines.h"

namespace sudoforge::detail {
namespace {
// Marks a solved cell; its mask then holds only its symbol.
constexpr std::uint32_t kSolved = 0x80000000u;
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
  units_ = g.unit_count();
  full_ = (n_ == 32) ? ~0u : ((1u << n_) - 1);
  peer_count_ = static_cast<int>(g.peers(0).size());
  peers_.resize(static_cast<std::size_t>(nn_) * peer_count_);
  cell_units_.resize(static_cast<std::size_t>(nn_) * 3);
  for (int cell = 0; cell < nn_; ++cell) {
    auto p = g.peers(cell);
    std::copy(p.begin(), p.end(), peers_.begin() + std::size_t(cell) * peer_count_);
    cell_units_[cell * 3] = static_cast<std::uint16_t>(g.row_unit(cell));
    cell_units_[cell * 3 + 1] = static_cast<std::uint16_t>(g.col_unit(cell));
    cell_units_[cell * 3 + 2] = static_cast<std::uint16_t>(g.box_unit(cell));
  }
  unit_cells_.resize(static_cast<std::size_t>(units_) * n_);
  for (int u = 0; u < units_; ++u) {
    auto cells = g.unit(u);
    std::copy(cells.begin(), cells.end(), unit_cells_.begin() + std::size_t(u) * n_);
  }
  frame_size_ = nn_ + units_ + 1;
  // Each level of the search places at least one cell, so nn_ + 1 frames always suffice.
  frames_.assign(static_cast<std::size_t>(nn_ + 1) * frame_size_, 0);
  // A cell is queued at most once by place() per frame, plus once by init().
  queue_.assign(2 * static_cast<std::size_t>(nn_), 0);
  out_.assign(nn_, 0);
  prepared_ = true;
}

inline bool CellEngine::place(std::uint32_t* s, int cell, std::uint32_t bit) {
  s[cell] = bit | kSolved;
  --s[nn_ + units_];
  std::uint32_t* placed = s + nn_;
  const std::uint16_t* units = &cell_units_[cell * 3];
  placed[units[0]] |= bit;
  placed[units[1]] |= bit;
  placed[units[2]] |= bit;
  ++nodes_;
  const std::uint16_t* p = &peers_[std::size_t(cell) * peer_count_];
  for (int k = 0; k < peer_count_; ++k) {
    std::uint32_t c = s[p[k]];
    if (c & bit) {
      if (c & kSolved) return false;
      c ^= bit;
      s[p[k]] = c;
      if (c == 0) return false;
      if ((c & (c - 1)) == 0) queue_[queue_tail_++] = p[k];
    }
  }
  return true;
}

bool CellEngine::propagate(std::uint32_t* s) {
  const std::uint32_t* placed = s + nn_;
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
    for (int u = 0; u < units_; ++u) {
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
        progress = true;
      }
    }
    if (!progress && queue_tail_ == 0) return true;
  }
}

bool CellEngine::init(std::uint32_t* s, const std::uint8_t* givens,
                      std::span<const Candidate> forbidden) {
  std::fill(s, s + nn_, full_);
  std::fill(s + nn_, s + nn_ + units_, 0u);
  s[nn_ + units_] = static_cast<std::uint32_t>(nn_);
  for (const Candidate& f : forbidden) s[f.cell] &= ~(1u << (f.value - 1));
  queue_head_ = queue_tail_ = 0;
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
  return propagate(s);
}

void CellEngine::search(int depth) {
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
    ++found_;
    if (sink_) {
      for (int cell = 0; cell < nn_; ++cell) {
        out_[cell] = static_cast<std::uint8_t>(__builtin_ctz(s[cell] & full_) + 1);
      }
      if (!sink_(out_.data())) stop_ = true;
    }
    if (found_ >= limit_) stop_ = true;
    return;
  }
  // The cell column with the fewest rows (propagation left none with 0 or 1).
  int best = -1, best_count = 33;
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
  std::uint32_t* t = frame(depth + 1);
  std::uint32_t options[32];
  int count = 0;
  for (std::uint32_t c = s[best]; c; c &= c - 1) options[count++] = c & (0u - c);
  if (randomize_) {
    for (int i = count - 1; i > 0; --i) {
      boost::random::uniform_int_distribution<int> pick(0, i);
      std::swap(options[i], options[pick(rng_->engine)]);
    }
  }
  for (int i = 0; i < count; ++i) {
    std::copy(s, s + frame_size_, t);
    ++guesses_;
    queue_head_ = queue_tail_ = 0;
    if (place(t, best, options[i]) && propagate(t)) search(depth + 1);
    if (stop_) return;
  }
}

std::uint64_t CellEngine::run(const Geometry& g, const std::uint8_t* givens,
                              std::span<const Candidate> forbidden, std::uint64_t limit,
                              SearchStats* stats, SolutionSink sink,
                              const SearchLimits& limits) {
  if (!prepared_ || !(geometry_ == g)) prepare(g);
  if (limit == 0) return 0;
  check_.reset(limits);
  nodes_before_ = 0;
  limit_ = limit;
  found_ = nodes_ = guesses_ = budget_ = 0;
  stop_ = randomize_ = out_of_budget_ = false;
  sink_ = sink;
  if (init(frame(0), givens, forbidden)) search(0);
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
    if (init(frame(0), givens, {})) search(0);
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
