#pragma once
// Internal to the grader: the candidate grid every finder reads, with its masks.
//
// Candidates are bit masks: bit d (1..N) of cand(cell) is set when d is still possible.
// Positions of a digit inside a unit are bit masks too: bit i is the i-th cell of the unit.
// The grid keeps change clocks per cell, unit and digit, which the finders' memo and the
// chain engines read to skip what did not change since their last call.
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sudoforge/core/geometry.h"
#include "sudoforge/core/grid.h"

namespace sudoforge::grader::detail {

using Mask = std::uint32_t;

// With -mpopcnt (set for the grader library on x86-64) the instruction; otherwise an
// inline SWAR count (std::popcount would become a library call).
inline int popcount(Mask m) {
#if defined(__POPCNT__)
  return __builtin_popcount(m);
#else
  m = m - ((m >> 1) & 0x55555555u);
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  return static_cast<int>((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}
inline int lowest(Mask m) {
  return std::countr_zero(m);
}

// The first cell of the cell set `cells` (`words` words, bit c % 64 of word c / 64) at or
// after `from`, -1 when none: a loop over a set's cells in ascending order.
inline int next_cell(const std::uint64_t* cells, int words, int from) {
  int w = from / 64;
  if (w >= words) return -1;
  std::uint64_t x = cells[w] & (~std::uint64_t{0} << (from % 64));
  while (!x) {
    if (++w == words) return -1;
    x = cells[w];
  }
  return w * 64 + std::countr_zero(x);
}

class CandidateGrid {
 public:
  explicit CandidateGrid(const Grid& grid);  // throws std::invalid_argument on conflicts
  // The state a grid built from `grid` would have (a new serial(), clock() 0), in this
  // grid's buffers: a grader builds one per puzzle. Throws as the constructor does, and
  // leaves the grid to be reloaded before any other use then.
  void reload(const Grid& grid);

  const Geometry& geo() const { return geo_; }
  int n() const { return n_; }
  int cell_count() const { return nc_; }
  // Houses (the geometry's: rows, columns, regions, then extra houses), here called units.
  int unit_count() const { return units_; }
  Mask all_digits() const { return all_; }

  Mask cand(int c) const { return cand_[c]; }
  const Mask* cand_table() const { return cand_.data(); }  // [c]
  int value(int c) const { return val_[c]; }
  bool has(int c, int d) const { return (cand_[c] >> d) & 1u; }
  int empty_count() const { return empty_; }
  bool solved() const { return empty_ == 0; }

  // Cells of unit u, in reading order. A cell's units: unit_of(c, 0) its row, 1 its
  // column, 2 its region, then its extra houses up to units_per_cell() (a cell in fewer
  // extra houses than the most has the padding unit unit_count(), which holds no cell and
  // whose positions are never read).
  const int* unit(int u) const { return &lay_->unit_cells[u * n_]; }
  int units_per_cell() const { return stride_; }
  // The k-th unit in the order Sudoku Explainer visits them: boxes, columns, rows, then
  // any extra houses.
  int se_unit(int k) const { return lay_->se_order[k]; }
  // The units in that order, as a table: se_units()[k] is se_unit(k).
  const int* se_units() const { return lay_->se_order.data(); }
  int unit_of(int c, int k) const { return lay_->cell_units[c * stride_ + k]; }
  // Index of cell c inside unit u (precondition: c is in u).
  int index_in(int u, int c) const { return lay_->unit_index[static_cast<size_t>(u) * nc_ + c]; }
  const std::vector<int>& peers(int c) const { return peer_lay_->peers[c]; }
  // The peers of c as a cell set: bit q % 64 of word q / 64, set_words() words.
  int set_words() const { return (nc_ + 63) / 64; }
  const std::uint64_t* peer_set(int c) const { return &peer_lay_->peer_set[c * set_words()]; }
  // The peers in Sudoku Explainer's house order (box, row, column, each in reading order):
  // its searches visit them so, and which hint comes first depends on it.
  const std::vector<int>& house(int c) const { return lay_->house[c]; }
  bool sees(int a, int b) const { return (peer_set(a)[b / 64] >> (b % 64)) & 1u; }
  // Whether the board has houses beyond rows, columns and regions (a variant's).
  bool has_extra_houses() const { return units_ > 3 * n_; }
  // Sudoku Explainer's region types in the order its generalized intersections visit
  // them, as [begin, end) ranges of units: boxes, rows, columns, then the extra houses by
  // variant (disjoint groups, windows, main diagonal, anti diagonal, girandola, asterisk,
  // centre dot; an extra house of no known variant is a type of its own).
  const std::vector<std::pair<int, int>>& se_types() const { return lay_->se_types; }
  // The index in se_types() of the disjoint groups and of the windows, -1 when absent.
  int se_type_dg() const { return lay_->se_dg; }
  int se_type_windows() const { return lay_->se_windows; }
  // How many of the se_unit() order SE's naked sets walk: boxes, columns, rows, disjoint
  // groups and windows, not the diagonals, girandola, asterisk or centre dot (all of them
  // on a board whose extra houses are of no known variant).
  int naked_set_units() const { return lay_->naked_units; }
  // Whether the board is 9x9 with the nine 3x3 boxes as its regions (rows 0-8, columns
  // 9-17, box 18 + 3 * (row / 3) + column / 3): the layout the finders' band words assume
  // (a row's positions are its columns, a column's its rows).
  bool classic_boxes() const { return lay_->classic_boxes; }

  // Positions of digit d in unit u (kept up to date by place/eliminate).
  Mask pos(int u, int d) const { return upos_[u * (n_ + 1) + d]; }
  // The positions of every digit in unit u: pos_of(u)[d] is pos(u, d).
  const Mask* pos_of(int u) const { return &upos_[u * (n_ + 1)]; }
  const Mask* pos_table() const { return upos_.data(); }  // [u * (n+1) + d]
  int unit_empty(int u) const { return uempty_[u]; }
  const int* unit_empty_table() const { return uempty_.data(); }  // [u]: unit_empty(u)
  // How many units have exactly one empty cell (where a full house is).
  int units_with_one_empty() const { return ones_; }
  // Cells of u1 that lie in u2, as a mask over u1's positions.
  Mask inter(int u1, int u2) const { return lay_->inter[u1 * units_ + u2]; }
  // For a row, column or region u (u < 3 * n()) and a type t of those (0 rows, 1 columns,
  // 2 regions), by position i of u: the unit of type t holding u's i-th cell, as its
  // index among its type (unit t * n() + index), and the cells of u it holds (mask over
  // u's positions, inter(u, that unit)). One table read where the locking search would
  // read the cell, its unit and the intersection in turn.
  struct Segment {
    Mask mask;
    int index;
  };
  const Segment* segments(int u, int t) const { return &lay_->segments[(u * 3 + t) * n_]; }

  // The cells with exactly k candidates (0 <= k <= n(); 0: the cells with a value, and
  // a dead cell), as a cell set (set_words() words), kept up to date by place/eliminate:
  // the finders that would read every cell's count at each step (naked single, wings,
  // unique loops, aligned exclusion) read these instead.
  const std::uint64_t* cells_with(int k) const {
    return &by_count_[static_cast<size_t>(k) * words_];
  }

  void place(int c, int d);
  bool eliminate(int c, int d) {
    if (!has(c, d)) return false;
    recount(c);
    cand_[c] &= ~(Mask{1} << d);
    if (cand_[c] == 0 && val_[c] == 0) dead_ = c;
    const int* units = &lay_->cell_units[c * stride_];
    const int* index = &lay_->cell_index[c * stride_];
    ++clock_;
    cell_time_[c] = digit_time_[d] = clock_;
    const auto clear = [&](int k) {
      const Mask left = upos_[units[k] * (n_ + 1) + d] &= ~(Mask{1} << index[k]);
      unit_time_[units[k]] = clock_;
      if (left && !(left & (left - 1))) single_time_[units[k]] = clock_;
    };
    if (stride_ == 3) {  // classic boards: unrolled
      clear(0);
      clear(1);
      clear(2);
    } else {
      for (int k = 0; k < stride_; ++k) clear(k);
    }
    return true;
  }
  // A cell with no value and no candidate (the last one found), or -1.
  int dead_cell() const { return dead_; }

  // Change clock: it advances with every candidate removed and every value placed, and
  // each cell, unit and digit keeps the time of its last change (0: none since the grid
  // was built): a cell its candidates, a unit the positions of any digit in it and its
  // empty count, a digit its positions anywhere. Equal times mean equal contents.
  std::uint64_t clock() const { return clock_; }
  // Names this grid object, fresh for every grid built, copied or assigned: with clock(),
  // it names one state of one grid for caches kept outside it (a copy changed on its own
  // could reach the same clock with other contents).
  std::uint64_t serial() const { return serial_.value; }
  std::uint64_t cell_changed(int c) const { return cell_time_[c]; }
  std::uint64_t unit_changed(int u) const { return unit_time_[u]; }
  const std::uint64_t* unit_times() const { return unit_time_.data(); }  // [u]: unit_changed(u)
  std::uint64_t digit_changed(int d) const { return digit_time_[d]; }
  // [u]: a time at or after the last change that left a digit of u with exactly one place
  // (0: none since the grid was built). A unit with no digit of one place at time t has
  // one later only once this time is t or more: places only go, and each removal that
  // leaves one is stamped (a placement stamps its cell's units whatever it leaves there).
  // Hidden single skips the units where it found none while this time stays below.
  const std::uint64_t* single_times() const { return single_time_.data(); }
  // Adds to `cells` (set_words() words) the cells changed at or after time `since` (all
  // cells for 0); returns whether there is any.
  bool changed_since(std::uint64_t since, std::uint64_t* cells) const {
    std::uint64_t any = 0;
    for (int w = 0; w < words_; ++w) {
      // Shifted in from the word's last cell down: no branch and no shift by a variable.
      std::uint64_t x = 0;
      for (int c = (nc_ < 64 * w + 64 ? nc_ : 64 * w + 64) - 1; c >= 64 * w; --c) {
        x = x << 1 | (cell_time_[c] >= since);
      }
      cells[w] |= x;
      any |= x;
    }
    return any != 0;
  }

  // How many boards' layouts are kept for the process's life (boards without cages).
  static std::size_t shared_layout_count();

  // Names for explanations.
  std::string cell_name(int c) const { return geo_.cell_name(c); }
  std::string unit_name(int u) const;  // "row 4", "column 2", "box 5"

 private:
  // The tables that depend on the board only, built once per board and shared by every
  // grid (a grader builds one grid per puzzle). cell_units and cell_index have stride_
  // entries per cell.
  struct Layout {
    std::vector<int> unit_cells, cell_units, cell_index;
    std::vector<int> se_order;  // the units in Sudoku Explainer's order (se_unit)
    std::vector<Mask> inter;
    std::vector<Segment> segments;  // [(u * 3 + t) * n + i] for u < 3n: segments(u, t)[i]
    std::vector<std::vector<int>> peers, house;
    std::vector<std::uint64_t> peer_set;   // [c * words]
    int stride = 3;                        // units per cell
    std::vector<std::uint8_t> unit_index;  // [u * nc + c] index or 255
    std::vector<std::pair<int, int>> se_types;
    int se_dg = -1, se_windows = -1;
    int naked_units = 0;
    bool classic_boxes = false;
  };
  // The layout of geo's board: a shared one, kept for the process's life, for a board
  // without cages. A board with cages (a killer's, new with every puzzle) differs from
  // the board it was made from only in its peers: `own` is set to a layout holding those
  // (peers and peer_set only), held by the grids built on it, and the shared layout of
  // the board without the cages is returned (a caged board that cannot name that board
  // gets a whole layout of its own, in `own` as well).
  static const Layout& layout_for(const Geometry& geo, std::shared_ptr<const Layout>& own);
  static const Layout& shared_layout(const Geometry& geo);
  static std::unique_ptr<Layout> build_layout(const Geometry& geo);
  // A layout of geo's peers and peer_set only.
  static std::unique_ptr<Layout> build_peers(const Geometry& geo);
  static void fill_peers(const Geometry& geo, Layout& lay);
  static std::vector<std::pair<Geometry, std::unique_ptr<const Layout>>>& shared_layouts();

  Geometry geo_;
  int n_, nc_;
  int units_;   // the houses; index units_ is the padding unit
  int stride_;  // units per cell: 3 on a classic board
  Mask all_;
  std::shared_ptr<const Layout> own_;  // a board with cages: its peers (null otherwise)
  const Layout* lay_;
  const Layout* peer_lay_;  // peers and peer_set: own_ on a board with cages, else lay_
  std::vector<Mask> cand_;
  std::vector<std::uint8_t> val_;
  int empty_ = 0;
  int dead_ = -1;
  std::vector<Mask> upos_;
  std::vector<int> uempty_;
  int ones_ = 0;  // units_with_one_empty()
  std::uint64_t clock_ = 0;
  std::vector<std::uint64_t> cell_time_, unit_time_, digit_time_;
  std::vector<std::uint64_t> single_time_;  // [u]: single_times()
  int words_ = 0;                           // set_words()
  std::vector<std::uint64_t> by_count_;     // [k * words_ + w]: cells_with(k)
  // Moves c from cells_with(k) to cells_with(k - 1), k its count now: before one of its
  // candidates goes.
  void recount(int c) {
    const std::uint64_t bit = std::uint64_t{1} << (c % 64);
    std::uint64_t* const at = &by_count_[static_cast<size_t>(popcount(cand_[c])) * words_ + c / 64];
    at[0] &= ~bit;
    at[-words_] |= bit;
  }
  struct Serial {
    std::uint64_t value = next();
    Serial() = default;
    Serial(const Serial&) : value(next()) {}
    Serial& operator=(const Serial&) {
      value = next();
      return *this;
    }
    static std::uint64_t next();
  };
  Serial serial_;
  std::vector<Mask> seen_;  // reload's scratch: the values given in each unit

  void load(const Grid& grid);
};

// The cells that see every cell of unit u at the positions `places`, as a cell set of
// g.set_words() words written to `out` (a cell never sees itself: none of those cells).
inline void seen_by_all(const CandidateGrid& g, int u, Mask places, std::uint64_t* out) {
  const int words = g.set_words();
  for (int w = 0; w < words; ++w) out[w] = ~std::uint64_t{0};
  for (Mask x = places; x; x &= x - 1) {
    const std::uint64_t* ps = g.peer_set(g.unit(u)[lowest(x)]);
    for (int w = 0; w < words; ++w) out[w] &= ps[w];
  }
}

// Names for explanations: "r5c3<>4, r6c3<>4", and a digit as the board's alphabet writes it.
std::string describe_eliminations(const CandidateGrid& g,
                                  const std::vector<std::pair<int, int>>& elims);
std::string digit_name(const CandidateGrid& g, int d);

}  // namespace sudoforge::grader::detail
