#include "sudoforge/core/canonical.h"

#include <algorithm>
#include <array>
#include <span>
#include <climits>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "sudoforge/core/validate.h"

namespace sudoforge {
namespace {

// ---------------------------------------------------------------------------------------
// Full-group search for N <= 9 (boxes of R x C with R, C in {2, 3}).
//
// Bands: C groups of R rows. Stacks: R groups of C columns. The output is built row by
// row; each output row is a source row (band chosen at the band's first row, then rows of
// that band). The column order is refined as rows are placed:
//  - the stacks that have held only empties so far are interchangeable; they fill the first
//    m output slots (an empty block is the smallest block, so they always come first);
//  - within a placed stack, the columns that have held only empties so far are
//    interchangeable and fill its first tc positions.
// In a new row, interchangeable stacks/columns that stay empty stay interchangeable; those
// with an already-labelled symbol are put in label order; those with a new symbol (whose
// order decides labels) are branched over. Every block of C cells is compared with the
// best string so far (less_pos_ remembers where the current path became smaller).
// ---------------------------------------------------------------------------------------

constexpr int kInf = INT_MAX;

template <int R, int C>
class FullSearch {
  static constexpr int N = R * C;   // symbols
  static constexpr int NB = C;      // bands of R rows
  static constexpr int NS = R;      // stacks of C columns

 public:
  void run(const Grid& puzzle, std::uint8_t* out) {
    std::memset(best_, 0xFF, sizeof best_);
    less_pos_ = kInf;
    const std::span<const std::uint8_t> cells = puzzle.cells();
    const int transposes = R == C ? 2 : 1;
    for (int t = 0; t < transposes; ++t) {
      for (int r = 0; r < N; ++r) {
        for (int c = 0; c < N; ++c) g_[r][c] = t == 0 ? cells[r * N + c] : cells[c * N + r];
      }
      for (int r = 0; r < N; ++r) {
        row_empty_[r] = true;
        for (int c = 0; c < N; ++c) row_empty_[r] = row_empty_[r] && g_[r][c] == 0;
      }
      for (int b = 0; b < NB; ++b) {
        band_empty_[b] = true;
        for (int i = 0; i < R; ++i) band_empty_[b] = band_empty_[b] && row_empty_[b * R + i];
      }
      for (int s = 0; s < NS; ++s) {
        slot_[s] = static_cast<std::uint8_t>(s);
        tc_[s] = C;
        for (int j = 0; j < C; ++j) col_[s][j] = static_cast<std::uint8_t>(j);
      }
      m_ = NS;
      m_old_ = NS;
      pend_ = 0;
      std::memset(lab_, 0, sizeof lab_);
      next_ = 1;
      used_rows_ = 0;
      used_bands_ = 0;
      rows(0);
    }
    std::memcpy(out, best_, sizeof best_);
  }

 private:
  // Chooses the source row of output row k.
  void rows(int k) {
    if (k == N) {
      if (less_pos_ != kInf) {
        std::memcpy(best_, cur_, sizeof cur_);
        less_pos_ = kInf;
      }
      return;
    }
    if (k % R == 0) {
      bool tried_empty_band = false;
      for (int b = 0; b < NB; ++b) {
        if (used_bands_ & (1u << b)) continue;
        if (band_empty_[b]) {
          if (tried_empty_band) continue;
          tried_empty_band = true;
        }
        const int saved_band = band_;
        band_ = b;
        used_bands_ |= 1u << b;
        rows_in_band(k);
        used_bands_ &= ~(1u << b);
        band_ = saved_band;
      }
    } else {
      rows_in_band(k);
    }
  }

  void rows_in_band(int k) {
    bool tried_empty_row = false;
    const int saved_row = row_, saved_m = m_, saved_m_old = m_old_, saved_pend = pend_;
    std::uint8_t saved_slot[NS];
    std::memcpy(saved_slot, slot_, sizeof slot_);
    for (int i = 0; i < R; ++i) {
      const int r = band_ * R + i;
      if (used_rows_ & (1u << r)) continue;
      if (row_empty_[r]) {
        if (tried_empty_row) continue;
        tried_empty_row = true;
      }
      used_rows_ |= 1u << r;
      row_ = r;
      // Interchangeable stacks: those still empty in this row stay so (first slots); the
      // others are placed one by one in the following slots.
      int n_empty = 0, pend = 0;
      std::uint8_t empties[NS];
      for (int i2 = 0; i2 < saved_m; ++i2) {
        const int stack = saved_slot[i2];
        bool empty = true;
        for (int j = 0; j < C; ++j) empty = empty && g_[r][stack * C + j] == 0;
        if (empty) empties[n_empty++] = static_cast<std::uint8_t>(stack);
        else pend |= 1 << stack;
      }
      for (int i2 = 0; i2 < n_empty; ++i2) slot_[i2] = empties[i2];
      m_old_ = saved_m;
      m_ = n_empty;
      pend_ = pend;
      slots(k, 0);
      std::memcpy(slot_, saved_slot, sizeof slot_);
      m_ = saved_m;
      m_old_ = saved_m_old;
      pend_ = saved_pend;
      used_rows_ &= ~(1u << r);
    }
    row_ = saved_row;
  }

  // Fills output slot i of row k.
  void slots(int k, int i) {
    if (i == NS) {
      rows(k + 1);
      return;
    }
    if (i < m_) {  // an interchangeable stack that stays empty
      const int x0 = k * N + i * C;
      for (int j = 0; j < C; ++j) cur_[x0 + j] = 0;
      if (less_pos_ >= x0) {
        for (int j = 0; j < C; ++j) {
          if (best_[x0 + j] != 0) {  // 0 < best here
            less_pos_ = x0 + j;
            break;
          }
        }
      }
      slots(k, i + 1);
      if (less_pos_ >= x0) less_pos_ = kInf;
      return;
    }
    if (i < m_old_) {  // place one of the pending stacks here
      const int pend = pend_;
      for (int s = 0; s < NS; ++s) {
        if (!(pend & (1 << s))) continue;
        slot_[i] = static_cast<std::uint8_t>(s);
        pend_ = pend & ~(1 << s);
        place_stack(k, i);
      }
      pend_ = pend;
      return;
    }
    place_stack(k, i);
  }

  // Writes the block of the stack in slot i for the column order col_[s], assigning labels
  // to new symbols; compares it with the best string cell by cell. Returns false (labels
  // undone) when the block is above the best. `assigned` receives the new symbols.
  bool write_block(int k, int i, int s, std::uint8_t* assigned, int& n_assigned) {
    const std::uint8_t* row = g_[row_] + s * C;
    const int x0 = k * N + i * C;
    n_assigned = 0;
    for (int j = 0; j < C; ++j) {
      const std::uint8_t v = row[col_[s][j]];
      std::uint8_t out = 0;
      if (v) {
        if (!lab_[v]) {
          lab_[v] = static_cast<std::uint8_t>(next_++);
          assigned[n_assigned++] = v;
        }
        out = lab_[v];
      }
      const int x = x0 + j;
      cur_[x] = out;
      if (less_pos_ >= x) {
        if (out > best_[x]) {
          undo(assigned, n_assigned);
          return false;
        }
        if (out < best_[x]) less_pos_ = x;
      }
    }
    return true;
  }

  void undo(const std::uint8_t* assigned, int n_assigned) {
    for (int a = 0; a < n_assigned; ++a) lab_[assigned[a]] = 0;
    next_ -= n_assigned;
  }

  // The block of stack slot_[i] in row k: interchangeable columns ordered (empties,
  // labelled symbols by label, new symbols in every order), then the fixed columns.
  void place_stack(int k, int i) {
    const int s = slot_[i];
    const int x0 = k * N + i * C;
    std::uint8_t assigned[C];
    int n_assigned = 0;
    const int tc = tc_[s];
    if (tc == 0) {  // every column already placed: one arrangement
      if (!write_block(k, i, s, assigned, n_assigned)) return;
      slots(k, i + 1);
      if (less_pos_ >= x0) less_pos_ = kInf;
      undo(assigned, n_assigned);
      return;
    }
    const std::uint8_t* row = g_[row_] + s * C;
    std::uint8_t e[C], o[C], w[C];
    int ne = 0, no = 0, nw = 0;
    for (int j = 0; j < tc; ++j) {
      const std::uint8_t c = col_[s][j];
      const std::uint8_t v = row[c];
      if (v == 0) e[ne++] = c;
      else if (lab_[v]) o[no++] = c;
      else w[nw++] = c;
    }
    for (int a = 1; a < no; ++a) {  // labelled symbols by label (at most 3)
      for (int b = a; b > 0 && lab_[row[o[b]]] < lab_[row[o[b - 1]]]; --b) std::swap(o[b], o[b - 1]);
    }
    std::uint8_t saved_col[C];
    std::memcpy(saved_col, col_[s], sizeof saved_col);
    for (int a = 0; a < ne; ++a) col_[s][a] = e[a];
    for (int a = 0; a < no; ++a) col_[s][ne + a] = o[a];
    tc_[s] = static_cast<std::uint8_t>(ne);
    // New symbols: every order (nw! <= 6).
    std::uint8_t perm[C];
    for (int a = 0; a < C; ++a) perm[a] = static_cast<std::uint8_t>(a);
    for (;;) {
      for (int a = 0; a < nw; ++a) col_[s][ne + no + a] = w[perm[a]];
      if (write_block(k, i, s, assigned, n_assigned)) {
        slots(k, i + 1);
        if (less_pos_ >= x0) less_pos_ = kInf;
        undo(assigned, n_assigned);
      }
      if (!std::next_permutation(perm, perm + nw)) break;
    }
    std::memcpy(col_[s], saved_col, sizeof saved_col);
    tc_[s] = static_cast<std::uint8_t>(tc);
  }

  std::uint8_t g_[N][N]{};
  bool row_empty_[N]{};
  bool band_empty_[NB]{};
  std::uint8_t cur_[N * N]{};
  std::uint8_t best_[N * N]{};
  int less_pos_ = kInf;
  // The partial transform being built.
  std::uint8_t slot_[NS]{};     // source stack per output slot; slots [0, m_) interchangeable
  int m_ = 0;
  int m_old_ = 0;               // during a row: slots [m_, m_old_) take the pending stacks
  int pend_ = 0;                // interchangeable stacks with symbols in the current row
  std::uint8_t col_[NS][C]{};   // per source stack: source column offset per position
  std::uint8_t tc_[NS]{};       // per source stack: positions [0, tc) interchangeable
  std::uint8_t lab_[N + 1]{};   // label of each symbol, 0 = none yet
  int next_ = 1;
  int band_ = 0, row_ = 0;
  unsigned used_rows_ = 0, used_bands_ = 0;
};

// ---------------------------------------------------------------------------------------
// Reduced group for N >= 12: relabelling x box-preserving rigid symmetries.
// ---------------------------------------------------------------------------------------
std::vector<std::uint8_t> reduced_minlex(const Grid& puzzle) {
  const Geometry& geo = puzzle.geometry();
  const int n = geo.size();
  const bool square = geo.box_rows() == geo.box_cols();
  // Source (row, col) of output (r, c) for each transform.
  using Map = std::pair<int, int> (*)(int, int, int);
  std::vector<Map> maps = {
      [](int r, int c, int) { return std::pair{r, c}; },                  // identity
      [](int r, int c, int m) { return std::pair{m - r, m - c}; },        // half turn
      [](int r, int c, int m) { return std::pair{r, m - c}; },            // mirror
      [](int r, int c, int m) { return std::pair{m - r, c}; },            // flip
  };
  if (square) {
    maps.push_back([](int r, int c, int) { return std::pair{c, r}; });          // diagonal
    maps.push_back([](int r, int c, int m) { return std::pair{m - c, m - r}; });  // anti
    maps.push_back([](int r, int c, int m) { return std::pair{m - c, r}; });    // quarter
    maps.push_back([](int r, int c, int m) { return std::pair{c, m - r}; });    // 3 quarters
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
        if (out > best[i]) worse = true;
        else if (out < best[i]) less = true;
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
  return geometry.size() <= 9;
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
