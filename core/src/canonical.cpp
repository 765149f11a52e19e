#include "sudoforge/core/canonical.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <vector>

#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/validate.h"

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
// Reduced group (N >= 12, and every board with extra houses or jigsaw regions):
// relabelling x the rigid symmetries that keep the houses.
// ---------------------------------------------------------------------------------------
std::vector<std::uint8_t> reduced_minlex(const Grid& puzzle) {
  const Geometry& geo = puzzle.geometry();
  const int n = geo.size();
  const bool square = geo.box_rows() == geo.box_cols();
  // Source (row, col) of output (r, c) for each transform, with the transform (or its
  // inverse: the group is closed under both) that checks it preserves the houses.
  using Map = std::pair<int, int> (*)(int, int, int);
  struct Move {
    Map map;
    Transform transform;
  };
  std::vector<Move> moves = {
      {[](int r, int c, int) {
         return std::pair{r, c};
       },
       Transform::kIdentity},
      {[](int r, int c, int m) {
         return std::pair{m - r, m - c};
       },
       Transform::kRot180},
      {[](int r, int c, int m) {
         return std::pair{r, m - c};
       },
       Transform::kMirror},
      {[](int r, int c, int m) {
         return std::pair{m - r, c};
       },
       Transform::kFlip},
  };
  if (square) {
    moves.push_back({[](int r, int c, int) { return std::pair{c, r}; }, Transform::kTranspose});
    moves.push_back({[](int r, int c, int m) {
                       return std::pair{m - c, m - r};
                     },
                     Transform::kAntitranspose});
    moves.push_back({[](int r, int c, int m) { return std::pair{m - c, r}; }, Transform::kRot90});
    moves.push_back({[](int r, int c, int m) { return std::pair{c, m - r}; }, Transform::kRot270});
  }
  // Boards with extra houses or jigsaw regions: only the moves that keep them.
  std::vector<Map> maps;
  for (const Move& move : moves) {
    if (geo.is_classic() || preserves_houses(geo, move.transform)) maps.push_back(move.map);
  }
  const int cells = n * n;
  std::vector<std::uint8_t> best(static_cast<std::size_t>(cells), 0xFF), cur(best.size());
  std::vector<std::uint8_t> lab(static_cast<std::size_t>(n) + 1);
  for (Map map : maps) {
    std::fill(lab.begin(), lab.end(), 0);
    std::uint8_t next = 1;
    bool less = false, worse = false;
    for (int i = 0; i < cells && !worse; ++i) {
      const auto [sr, sc] = map(i / n, i % n, n - 1);
      const int v = puzzle.at(sr, sc);
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

std::vector<std::uint8_t> minlex_cells(const Grid& puzzle) {
  if (find_conflict(puzzle)) {
    throw std::invalid_argument("canonical form: conflicting givens");
  }
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

char key_char(int v) {
  return static_cast<char>(v <= 9 ? '0' + v : 'A' + (v - 10));
}

}  // namespace

bool canonical_uses_full_group(const Geometry& geometry) {
  return geometry.is_classic() && geometry.size() <= 9;
}

Grid canonical_form(const Grid& puzzle) {
  return Grid(puzzle.geometry(), minlex_cells(puzzle));
}

std::string canonical_key(const Grid& puzzle) {
  const std::vector<std::uint8_t> cells = minlex_cells(puzzle);
  std::string out(cells.size(), '0');
  for (std::size_t i = 0; i < cells.size(); ++i) out[i] = key_char(cells[i]);
  return out;
}

std::string key_text(const Grid& grid) {
  std::string out(static_cast<std::size_t>(grid.cell_count()), '0');
  for (int i = 0; i < grid.cell_count(); ++i) out[static_cast<std::size_t>(i)] = key_char(grid[i]);
  return out;
}

}  // namespace sudoforge
