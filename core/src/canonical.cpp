#include "sudoforge/core/canonical.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/core/variant.h"

namespace sudoforge {
namespace {

// ---------------------------------------------------------------------------------------
// Full-group search for N <= 9 (boxes of R x C with R, C in {2, 3}).
//
// Bands: C groups of R rows. Stacks: R groups of C columns. The output is built row by
// row, breadth first: the frontier holds every partial transform (transposition, source
// rows so far, column order, labels) whose output so far equals the minimal prefix; each
// is extended by every admissible source row and column arrangement, and only the
// extensions whose new row is the minimal one survive. Sets of transforms are kept
// compact by interchangeability:
//  - the stacks that have held only empties so far are interchangeable; they fill the first
//    m output slots (an empty block is the smallest block, so they always come first);
//  - within a placed stack, the columns that have held only empties so far are
//    interchangeable and fill its first tc positions;
//  - of two source rows (or bands) of one band (of the grid) that are entirely empty, only
//    one is tried.
// In a new row, interchangeable stacks/columns that stay empty stay interchangeable; those
// with an already-labelled symbol are put in label order; those with a new symbol (whose
// order decides labels) are branched over. Each cell is compared with the minimal row so
// far as it is written, so most extensions stop after a cell or two.
// ---------------------------------------------------------------------------------------

constexpr int kInf = INT_MAX;

template <int R, int C>
class FullSearch {
  static constexpr int N = R * C;  // symbols
  static constexpr int NB = C;     // bands of R rows
  static constexpr int NS = R;     // stacks of C columns

  struct Node {
    std::uint8_t slot[NS];  // source stack per output slot; slots [0, m) interchangeable
    std::uint8_t m;
    std::uint8_t t;     // transposed?
    std::uint8_t band;  // source band of the current output band
    std::uint8_t next;  // next label
    std::uint8_t used_bands;
    std::uint16_t used_rows;
    std::uint8_t col[NS][C];  // per source stack: source column offset per position
    std::uint8_t tc[NS];      // per source stack: positions [0, tc) interchangeable
    std::uint8_t lab[N + 1];  // label of each symbol, 0 = none yet
  };

 public:
  void run(const Grid& puzzle, std::uint8_t* out) {
    const std::span<const std::uint8_t> cells = puzzle.cells();
    const int transposes = R == C ? 2 : 1;
    frontier_.clear();
    for (int t = 0; t < transposes; ++t) {
      for (int r = 0; r < N; ++r) {
        for (int c = 0; c < N; ++c) g_[t][r][c] = t == 0 ? cells[r * N + c] : cells[c * N + r];
      }
      for (int r = 0; r < N; ++r) {
        row_empty_[t][r] = true;
        for (int c = 0; c < N; ++c) row_empty_[t][r] = row_empty_[t][r] && g_[t][r][c] == 0;
      }
      for (int b = 0; b < NB; ++b) {
        band_empty_[t][b] = true;
        for (int i = 0; i < R; ++i)
          band_empty_[t][b] = band_empty_[t][b] && row_empty_[t][b * R + i];
      }
      Node n{};
      for (int s = 0; s < NS; ++s) {
        n.slot[s] = static_cast<std::uint8_t>(s);
        n.tc[s] = C;
        for (int j = 0; j < C; ++j) n.col[s][j] = static_cast<std::uint8_t>(j);
      }
      n.m = NS;
      n.t = static_cast<std::uint8_t>(t);
      n.next = 1;
      frontier_.push_back(n);
    }
    for (int k = 0; k < N; ++k) {
      std::memset(rowbest_, 0xFF, sizeof rowbest_);
      less_pos_ = kInf;
      children_.clear();
      for (const Node& node : frontier_) expand(k, node);
      std::memcpy(out + k * N, rowbest_, sizeof rowbest_);
      std::swap(frontier_, children_);
    }
  }

 private:
  // Every child of `node` at output row k that ties with or beats the minimal row so far.
  void expand(int k, const Node& node) {
    w_ = node;
    const int t = node.t;
    if (k % R == 0) {
      bool tried_empty_band = false;
      for (int b = 0; b < NB; ++b) {
        if (node.used_bands & (1u << b)) continue;
        if (band_empty_[t][b]) {
          if (tried_empty_band) continue;
          tried_empty_band = true;
        }
        w_.band = static_cast<std::uint8_t>(b);
        w_.used_bands = static_cast<std::uint8_t>(node.used_bands | (1u << b));
        rows_in_band(node);
      }
    } else {
      rows_in_band(node);
    }
  }

  void rows_in_band(const Node& node) {
    const int t = node.t, band = w_.band;
    bool tried_empty_row = false;
    for (int i = 0; i < R; ++i) {
      const int r = band * R + i;
      if (node.used_rows & (1u << r)) continue;
      if (row_empty_[t][r]) {
        if (tried_empty_row) continue;
        tried_empty_row = true;
      }
      w_.used_rows = static_cast<std::uint16_t>(node.used_rows | (1u << r));
      row_ = g_[t][r];
      // Interchangeable stacks: those still empty in this row stay so (first slots); the
      // others are placed one by one in the following slots.
      int n_empty = 0, pend = 0;
      for (int i2 = 0; i2 < node.m; ++i2) {
        const int stack = node.slot[i2];
        bool empty = true;
        for (int j = 0; j < C; ++j) empty = empty && row_[stack * C + j] == 0;
        if (empty)
          w_.slot[n_empty++] = static_cast<std::uint8_t>(stack);
        else
          pend |= 1 << stack;
      }
      w_.m = static_cast<std::uint8_t>(n_empty);
      m_old_ = node.m;
      pend_ = pend;
      slots(0);
      std::memcpy(w_.slot, node.slot, sizeof w_.slot);
      w_.m = node.m;
    }
  }

  // Fills output slot i of the current row.
  void slots(int i) {
    if (i == NS) {
      if (less_pos_ != kInf) {  // a smaller row: the old children lose
        std::memcpy(rowbest_, rowcur_, sizeof rowbest_);
        children_.clear();
        less_pos_ = kInf;
      }
      children_.push_back(w_);
      return;
    }
    if (i < w_.m) {  // an interchangeable stack that stays empty
      const int x0 = i * C;
      for (int j = 0; j < C; ++j) rowcur_[x0 + j] = 0;
      if (less_pos_ >= x0) {
        for (int j = 0; j < C; ++j) {
          if (rowbest_[x0 + j] != 0) {  // 0 < best here
            less_pos_ = x0 + j;
            break;
          }
        }
      }
      slots(i + 1);
      if (less_pos_ >= x0) less_pos_ = kInf;
      return;
    }
    if (i < m_old_) {  // place one of the pending stacks here
      const int pend = pend_;
      for (int s = 0; s < NS; ++s) {
        if (!(pend & (1 << s))) continue;
        w_.slot[i] = static_cast<std::uint8_t>(s);
        pend_ = pend & ~(1 << s);
        place_stack(i);
      }
      pend_ = pend;
      return;
    }
    place_stack(i);
  }

  // Writes the block of stack s in slot i for the column order w_.col[s], labelling new
  // symbols, comparing with the minimal row cell by cell. Returns false (labels undone)
  // when the block is above it. `assigned` receives the newly labelled symbols.
  bool write_block(int i, int s, std::uint8_t* assigned, int& n_assigned) {
    const std::uint8_t* row = row_ + s * C;
    const int x0 = i * C;
    n_assigned = 0;
    for (int j = 0; j < C; ++j) {
      const std::uint8_t v = row[w_.col[s][j]];
      std::uint8_t out = 0;
      if (v) {
        if (!w_.lab[v]) {
          w_.lab[v] = w_.next++;
          assigned[n_assigned++] = v;
        }
        out = w_.lab[v];
      }
      const int x = x0 + j;
      rowcur_[x] = out;
      if (less_pos_ >= x) {
        if (out > rowbest_[x]) {
          undo(assigned, n_assigned);
          return false;
        }
        if (out < rowbest_[x]) less_pos_ = x;
      }
    }
    return true;
  }

  void undo(const std::uint8_t* assigned, int n_assigned) {
    for (int a = 0; a < n_assigned; ++a) w_.lab[assigned[a]] = 0;
    w_.next = static_cast<std::uint8_t>(w_.next - n_assigned);
  }

  // The block of stack w_.slot[i]: interchangeable columns ordered (empties, labelled
  // symbols by label, new symbols in every order), then the fixed columns.
  void place_stack(int i) {
    const int s = w_.slot[i];
    const int x0 = i * C;
    std::uint8_t assigned[C];
    int n_assigned = 0;
    const int tc = w_.tc[s];
    if (tc == 0) {  // every column already placed: one arrangement
      if (!write_block(i, s, assigned, n_assigned)) return;
      slots(i + 1);
      if (less_pos_ >= x0) less_pos_ = kInf;
      undo(assigned, n_assigned);
      return;
    }
    const std::uint8_t* row = row_ + s * C;
    std::uint8_t e[C], o[C], w[C];
    int ne = 0, no = 0, nw = 0;
    for (int j = 0; j < tc; ++j) {
      const std::uint8_t c = w_.col[s][j];
      const std::uint8_t v = row[c];
      if (v == 0)
        e[ne++] = c;
      else if (w_.lab[v])
        o[no++] = c;
      else
        w[nw++] = c;
    }
    for (int a = 1; a < no; ++a) {  // labelled symbols by label (at most 3)
      for (int b = a; b > 0 && w_.lab[row[o[b]]] < w_.lab[row[o[b - 1]]]; --b) {
        std::swap(o[b], o[b - 1]);
      }
    }
    std::uint8_t saved_col[C];
    std::memcpy(saved_col, w_.col[s], sizeof saved_col);
    for (int a = 0; a < ne; ++a) w_.col[s][a] = e[a];
    for (int a = 0; a < no; ++a) w_.col[s][ne + a] = o[a];
    w_.tc[s] = static_cast<std::uint8_t>(ne);
    // New symbols: every order (nw! <= 6).
    std::uint8_t perm[C];
    for (int a = 0; a < C; ++a) perm[a] = static_cast<std::uint8_t>(a);
    for (;;) {
      for (int a = 0; a < nw; ++a) w_.col[s][ne + no + a] = w[perm[a]];
      if (write_block(i, s, assigned, n_assigned)) {
        slots(i + 1);
        if (less_pos_ >= x0) less_pos_ = kInf;
        undo(assigned, n_assigned);
      }
      if (!std::next_permutation(perm, perm + nw)) break;
    }
    std::memcpy(w_.col[s], saved_col, sizeof saved_col);
    w_.tc[s] = static_cast<std::uint8_t>(tc);
  }

  std::uint8_t g_[2][N][N]{};
  bool row_empty_[2][N]{};
  bool band_empty_[2][NB]{};
  std::vector<Node> frontier_, children_;
  // The row being built.
  Node w_{};
  const std::uint8_t* row_ = nullptr;  // its source row
  int m_old_ = 0;                      // slots [w_.m, m_old_) take the pending stacks
  int pend_ = 0;                       // interchangeable stacks with symbols in this row
  std::uint8_t rowcur_[N]{};
  std::uint8_t rowbest_[N]{};
  int less_pos_ = kInf;  // where rowcur_ became smaller than rowbest_
};

// ---------------------------------------------------------------------------------------
// Reduced group for classic boards with N >= 12: relabelling x the box-preserving rigid
// symmetries.
// ---------------------------------------------------------------------------------------
// A move as a cell table: cell i of the moved grid is cell move[i] of the source.
using Move = std::vector<int>;
// The eight rigid moves of the square, each with its Transform (identity first; defined
// below).
std::vector<std::pair<Transform, Move>> rigid_moves(int n);

std::vector<std::uint8_t> reduced_minlex(const Grid& puzzle) {
  const Geometry& geo = puzzle.geometry();
  const int n = geo.size();
  const bool square = geo.box_rows() == geo.box_cols();
  // The four moves that keep any box shape, and on square boxes the other four.
  const std::vector<std::pair<Transform, Move>> moves = rigid_moves(n);
  const std::size_t used = square ? moves.size() : 4;
  const int cells = n * n;
  std::vector<std::uint8_t> best(static_cast<std::size_t>(cells), 0xFF), cur(best.size());
  std::vector<std::uint8_t> lab(static_cast<std::size_t>(n) + 1);
  for (std::size_t k = 0; k < used; ++k) {
    const Move& source = moves[k].second;
    std::fill(lab.begin(), lab.end(), 0);
    std::uint8_t next = 1;
    bool less = false, worse = false;
    for (int i = 0; i < cells && !worse; ++i) {
      const int v = puzzle[source[static_cast<std::size_t>(i)]];
      std::uint8_t out = 0;
      if (v) {
        if (!lab[v]) lab[v] = next++;
        out = lab[v];
      }
      cur[i] = out;
      if (!less) {
        if (out > best[i])
          worse = true;
        else if (out < best[i])
          less = true;
      }
    }
    if (less) best = cur;
  }
  return best;
}

// ---------------------------------------------------------------------------------------
// Boards with extra houses or jigsaw regions: relabelling x the moves that keep every
// house (see house_moves). A move is the source cell of every output cell.
// ---------------------------------------------------------------------------------------

// Every permutation of 0..groups*len-1 that permutes the groups of `len` consecutive
// indices and the indices within each group (the band or stack moves of a classic board).
std::vector<std::vector<int>> grouped_permutations(int groups, int len) {
  std::vector<int> order(static_cast<std::size_t>(groups));
  for (int g = 0; g < groups; ++g) order[static_cast<std::size_t>(g)] = g;
  std::vector<int> within(static_cast<std::size_t>(len));
  std::vector<std::vector<int>> inner;  // every permutation of 0..len-1
  for (int i = 0; i < len; ++i) within[static_cast<std::size_t>(i)] = i;
  do inner.push_back(within);
  while (std::next_permutation(within.begin(), within.end()));
  std::vector<std::vector<int>> out;
  do {
    // One inner permutation per group: `groups` digits in base inner.size().
    std::vector<std::size_t> pick(static_cast<std::size_t>(groups), 0);
    for (;;) {
      std::vector<int> p;
      for (int g = 0; g < groups; ++g) {
        for (int i : inner[pick[static_cast<std::size_t>(g)]]) {
          p.push_back(order[static_cast<std::size_t>(g)] * len + i);
        }
      }
      out.push_back(std::move(p));
      std::size_t d = 0;
      while (d < pick.size() && ++pick[d] == inner.size()) pick[d++] = 0;
      if (d == pick.size()) break;
    }
  } while (std::next_permutation(order.begin(), order.end()));
  return out;
}

// The extra houses of `geo` as sorted cell lists, and whether `cells` is one of them.
struct ExtraHouses {
  std::vector<std::vector<int>> houses;  // sorted, for binary search
  explicit ExtraHouses(const Geometry& geo) {
    for (int h = 3 * geo.size(); h < geo.house_count(); ++h) {
      const auto cells = geo.house(h);
      houses.emplace_back(cells.begin(), cells.end());
      std::sort(houses.back().begin(), houses.back().end());
    }
    std::sort(houses.begin(), houses.end());
  }
  // True when `move` takes every extra house onto an extra house (the preimage of each is
  // one: the moves found form a group, so either direction gives the same set).
  bool kept_by(const Move& move) const {
    std::vector<int> image;
    for (const std::vector<int>& h : houses) {
      image.clear();
      for (int cell : h) image.push_back(move[static_cast<std::size_t>(cell)]);
      std::sort(image.begin(), image.end());
      if (!std::binary_search(houses.begin(), houses.end(), image)) return false;
    }
    return true;
  }
};

// The eight rigid moves of the square, each with its Transform (identity first).
std::vector<std::pair<Transform, Move>> rigid_moves(int n) {
  using Source = std::pair<int, int> (*)(int, int, int);  // source (row, col) of (r, c)
  static constexpr std::pair<Transform, Source> kMoves[] = {
      {Transform::kIdentity,
       [](int r, int c, int) {
         return std::pair{r, c};
       }},
      {Transform::kRot180,
       [](int r, int c, int m) {
         return std::pair{m - r, m - c};
       }},
      {Transform::kMirror,
       [](int r, int c, int m) {
         return std::pair{r, m - c};
       }},
      {Transform::kFlip,
       [](int r, int c, int m) {
         return std::pair{m - r, c};
       }},
      {Transform::kTranspose,
       [](int r, int c, int) {
         return std::pair{c, r};
       }},
      {Transform::kAntitranspose,
       [](int r, int c, int m) {
         return std::pair{m - c, m - r};
       }},
      {Transform::kRot90,
       [](int r, int c, int m) {
         return std::pair{m - c, r};
       }},
      {Transform::kRot270,
       [](int r, int c, int m) {
         return std::pair{c, m - r};
       }},
  };
  std::vector<std::pair<Transform, Move>> out;
  for (const auto& [t, source] : kMoves) {
    Move m(static_cast<std::size_t>(n * n));
    for (int i = 0; i < n * n; ++i) {
      const auto [sr, sc] = source(i / n, i % n, n - 1);
      m[static_cast<std::size_t>(i)] = sr * n + sc;
    }
    out.emplace_back(t, std::move(m));
  }
  return out;
}

// The moves of a board with extra houses or jigsaw regions:
//  - boxes, N <= 9: every move of the full classic group (transposition for square boxes,
//    band and stack permutations, rows within bands, columns within stacks) that takes
//    every extra house onto an extra house. Rows, columns and boxes are kept by every such
//    move, and the extra houses can only go to extra houses (a move keeps how many rows,
//    columns and boxes a set of cells meets), so these are all the moves of that group
//    that keep the board. For X that is the same (or reversed) band-symmetric row and
//    column permutation, with transposition: 96 moves; for DG, 2592.
//  - boxes, N >= 12: the rigid moves that keep the houses (the full group is too large to
//    enumerate there).
//  - jigsaw: the rigid moves that keep the extra houses; the regions move with the givens.
// Computed once per board and shared.
const std::vector<Move>& house_moves(const Geometry& geo) {
  static std::mutex mutex;
  static std::vector<std::pair<Geometry, std::shared_ptr<const std::vector<Move>>>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  for (const auto& [g, moves] : cache) {
    if (g == geo) return *moves;
  }
  const int n = geo.size();
  const ExtraHouses extra(geo);
  auto moves = std::make_shared<std::vector<Move>>();
  if (geo.has_boxes() && n <= 9) {
    const int br = geo.box_rows(), bc = geo.box_cols();
    const auto rows = grouped_permutations(n / br, br);
    const auto cols = grouped_permutations(n / bc, bc);
    // Cell sets as 81-bit masks: the test of one move is a few ORs and compares, which
    // matters with 2 * 1296^2 candidate moves on 9x9.
    using Mask = std::pair<std::uint64_t, std::uint64_t>;
    auto bit = [](Mask& m, int cell) {
      (cell < 64 ? m.first : m.second) |= std::uint64_t{1} << (cell & 63);
    };
    std::vector<Mask> masks;
    for (const std::vector<int>& h : extra.houses) {
      Mask m{0, 0};
      for (int cell : h) bit(m, cell);
      masks.push_back(m);
    }
    Move m(static_cast<std::size_t>(n * n));
    for (int t = 0; t < (br == bc ? 2 : 1); ++t) {
      for (const auto& pr : rows) {
        for (const auto& pc : cols) {
          auto source = [&](int cell) {
            const int sr = pr[static_cast<std::size_t>(cell / n)];
            const int sc = pc[static_cast<std::size_t>(cell % n)];
            return t == 0 ? sr * n + sc : sc * n + sr;
          };
          bool keeps = true;
          for (std::size_t h = 0; h < extra.houses.size() && keeps; ++h) {
            Mask image{0, 0};
            for (int cell : extra.houses[h]) bit(image, source(cell));
            keeps = std::find(masks.begin(), masks.end(), image) != masks.end();
          }
          if (!keeps) continue;
          for (int cell = 0; cell < n * n; ++cell) m[static_cast<std::size_t>(cell)] = source(cell);
          moves->push_back(m);
        }
      }
    }
  } else {
    // A jigsaw board's regions move with the givens; a board with boxes keeps them.
    for (auto& [t, m] : rigid_moves(n)) {
      if (geo.has_boxes() ? preserves_houses(geo, t) : extra.kept_by(m)) {
        moves->push_back(std::move(m));
      }
    }
  }
  cache.emplace_back(geo, moves);
  return *moves;
}

// The smallest (regions, givens) over the moves of the board, each relabelled by first
// appearance; regions only on a jigsaw board (empty otherwise).
struct BoardMinimum {
  std::vector<std::uint8_t> regions, cells;
};

BoardMinimum house_minlex(const Grid& puzzle) {
  const Geometry& geo = puzzle.geometry();
  const int n = geo.size(), cells = n * n;
  const bool jigsaw = !geo.has_boxes();
  const std::size_t size = static_cast<std::size_t>(cells);
  BoardMinimum best{std::vector<std::uint8_t>(jigsaw ? size : 0, 0xFF),
                    std::vector<std::uint8_t>(size, 0xFF)};
  std::vector<std::uint8_t> reg(best.regions.size()), cur(size);
  std::vector<std::uint8_t> lab(static_cast<std::size_t>(n) + 1);
  for (const Move& move : house_moves(geo)) {
    // -1: above the best so far, 0: equal so far, 1: below.
    int order = 0;
    if (jigsaw) {
      std::fill(lab.begin(), lab.end(), 0);
      std::uint8_t next = 1;
      for (std::size_t i = 0; i < size && order >= 0; ++i) {
        const int region = geo.box(move[i]) + 1;
        if (!lab[static_cast<std::size_t>(region)]) lab[static_cast<std::size_t>(region)] = next++;
        reg[i] = lab[static_cast<std::size_t>(region)];
        if (order == 0 && reg[i] != best.regions[i]) order = reg[i] < best.regions[i] ? 1 : -1;
      }
      if (order < 0) continue;
    }
    std::fill(lab.begin(), lab.end(), 0);
    std::uint8_t next = 1;
    for (std::size_t i = 0; i < size && order >= 0; ++i) {
      const int v = puzzle[move[i]];
      std::uint8_t out = 0;
      if (v) {
        if (!lab[static_cast<std::size_t>(v)]) lab[static_cast<std::size_t>(v)] = next++;
        out = lab[static_cast<std::size_t>(v)];
      }
      cur[i] = out;
      if (order == 0 && out != best.cells[i]) order = out < best.cells[i] ? 1 : -1;
    }
    if (order > 0) {
      best.cells = cur;
      if (jigsaw) best.regions = reg;
    }
  }
  return best;
}

void check_conflicts(const Grid& puzzle) {
  if (find_conflict(puzzle)) {
    throw std::invalid_argument("canonical form: conflicting givens");
  }
}

// The canonical givens of a board with boxes and no extra houses.
std::vector<std::uint8_t> classic_minlex_cells(const Grid& puzzle) {
  const Geometry& geo = puzzle.geometry();
  if (canonical_uses_full_group(geo)) {
    std::vector<std::uint8_t> out(static_cast<std::size_t>(geo.cell_count()));
    // One searcher per thread per shape: no allocation per call.
    if (geo.size() == 9) {
      thread_local FullSearch<3, 3> s9;
      s9.run(puzzle, out.data());
    } else if (geo.size() == 6) {
      thread_local FullSearch<2, 3> s6;
      s6.run(puzzle, out.data());
    } else {
      thread_local FullSearch<2, 2> s4;
      s4.run(puzzle, out.data());
    }
    return out;
  }
  return reduced_minlex(puzzle);
}

// ---------------------------------------------------------------------------------------
// Killer boards: the rigid moves that keep the board x {digits as they are, complemented}.
// ---------------------------------------------------------------------------------------
// A cage must stay orthogonally connected, so of the band and row permutations only those
// that keep adjacency survive: the rigid moves. A relabelling keeps the puzzle only when it
// keeps every cage sum's meaning, which of the N! relabellings only the identity and the
// complement v -> N+1-v do (a cage of k cells and sum S becomes one of sum k(N+1) - S).
// The form is the move whose string (cage of each cell numbered by first appearance, the
// cages' sums in that order, the givens) is smallest: a function of the moved puzzle
// alone, so every copy finds the same one; at most 16 strings per puzzle.
Grid killer_minimum(const Grid& puzzle) {
  const Geometry& geo = puzzle.geometry();
  const int n = geo.size(), cells = n * n;
  const bool square = geo.box_rows() == geo.box_cols();
  const ExtraHouses extra(geo);
  thread_local std::vector<std::pair<int, std::vector<std::pair<Transform, Move>>>> cache;
  auto found =
      std::find_if(cache.begin(), cache.end(), [&](const auto& e) { return e.first == n; });
  if (found == cache.end()) found = cache.insert(cache.end(), {n, rigid_moves(n)});
  const auto& moves = found->second;
  std::string best, cur;
  std::size_t best_move = 0;
  bool best_complement = false;
  std::vector<int> label(geo.cages().size());
  for (std::size_t k = 0; k < (square ? moves.size() : 4); ++k) {
    const Move& source = moves[k].second;
    if (!extra.kept_by(source)) continue;
    for (bool complement : {false, true}) {
      cur.clear();
      std::fill(label.begin(), label.end(), -1);
      std::vector<int> order;  // cages by first appearance
      for (int i = 0; i < cells; ++i) {
        const int cage = geo.cage_of(source[static_cast<std::size_t>(i)]);
        if (label[cage] < 0) {
          label[cage] = static_cast<int>(order.size());
          order.push_back(cage);
        }
        cur.push_back(static_cast<char>(label[cage]));
      }
      for (int cage : order) {
        const Cage& c = geo.cages()[cage];
        const int size = static_cast<int>(c.cells.size());
        cur.push_back(static_cast<char>(complement ? size * (n + 1) - c.sum : c.sum));
      }
      for (int i = 0; i < cells; ++i) {
        const int v = puzzle[source[static_cast<std::size_t>(i)]];
        cur.push_back(static_cast<char>(v && complement ? n + 1 - v : v));
      }
      if (best.empty() || cur < best) {
        best = cur;
        best_move = k;
        best_complement = complement;
      }
    }
  }
  const Move& source = moves[best_move].second;
  std::vector<int> target(static_cast<std::size_t>(cells));  // where each cell goes
  for (int i = 0; i < cells; ++i) target[static_cast<std::size_t>(source[i])] = i;
  std::vector<Cage> cages;
  for (const Cage& cage : geo.cages()) {
    const int size = static_cast<int>(cage.cells.size());
    Cage moved{best_complement ? size * (n + 1) - cage.sum : cage.sum, {}};
    for (int c : cage.cells) moved.cells.push_back(target[static_cast<std::size_t>(c)]);
    cages.push_back(std::move(moved));
  }
  const Geometry base = Variant(Variant::of(geo).flags() & ~Variant::kKiller)
                            .apply(Geometry(geo.box_rows(), geo.box_cols()));
  Grid out(base.with_cages(std::move(cages)));
  for (int i = 0; i < cells; ++i) {
    const int v = puzzle[source[static_cast<std::size_t>(i)]];
    if (v) out.set(i, best_complement ? n + 1 - v : v);
  }
  return out;
}

char key_char(int v) {
  return static_cast<char>(v <= 9 ? '0' + v : 'A' + (v - 10));
}

}  // namespace

bool canonical_uses_full_group(const Geometry& geometry) {
  return geometry.is_classic() && geometry.size() <= 9;
}

Grid canonical_form(const Grid& puzzle) {
  check_conflicts(puzzle);
  const Geometry& geo = puzzle.geometry();
  if (geo.is_classic()) return Grid(geo, classic_minlex_cells(puzzle));
  if (geo.has_cages()) return killer_minimum(puzzle);
  BoardMinimum m = house_minlex(puzzle);
  if (geo.has_boxes()) return Grid(geo, std::move(m.cells));
  // A jigsaw board: the canonical regions, with the variant's extra houses (which every
  // move used keeps).
  std::vector<int> regions;  // labels 1..N in the form, 0..N-1 for with_regions
  for (std::uint8_t label : m.regions) regions.push_back(label - 1);
  const Geometry board = Variant::of(geo).apply(Geometry::with_regions(geo.size(), regions));
  return Grid(board, std::move(m.cells));
}

std::string canonical_key(const Grid& puzzle) {
  check_conflicts(puzzle);
  const Geometry& geo = puzzle.geometry();
  auto text = [](const std::vector<std::uint8_t>& cells) {
    std::string out(cells.size(), '0');
    for (std::size_t i = 0; i < cells.size(); ++i) out[i] = key_char(cells[i]);
    return out;
  };
  if (geo.is_classic()) return text(classic_minlex_cells(puzzle));
  if (geo.has_cages()) return killer_text(killer_minimum(puzzle));
  const BoardMinimum m = house_minlex(puzzle);
  std::string key = Variant::of(geo).name() + ":" + text(m.cells);
  if (!geo.has_boxes()) key += ":" + text(m.regions);
  return key;
}

std::string key_text(const Grid& grid) {
  std::string out(static_cast<std::size_t>(grid.cell_count()), '0');
  for (int i = 0; i < grid.cell_count(); ++i) out[static_cast<std::size_t>(i)] = key_char(grid[i]);
  return out;
}

}  // namespace sudoforge
