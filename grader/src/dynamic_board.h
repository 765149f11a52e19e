#pragma once
// Internal to the dynamic chains (chains_dynamic.cpp): the grid of one step as the
// chainings read it, and the per-shape tables of cells and units they index it by.
//
// Representation: candidate cd = cell * n + digit - 1, node = cd * 2 + (on ? 1 : 0).
// Candidates are per cell (Mask, bit d for digit d); unit positions per unit and digit,
// at [unit * (n + 1) + digit] (bit i: the i-th cell of the unit), as CandidateGrid's
// pos_table. The k-th unit of cell c (k = 0 block, 1 row, 2 column) is described at
// [c * 3 + k] of the unit tables, and once more per cell in cell_units; a variant's extra
// houses follow in the extra_* tables.
#include <cstdint>
#include <string>
#include <vector>

#include "candidate_grid.h"

namespace sudoforge::grader::detail {

struct DynamicBoard {
  const CandidateGrid* g = nullptr;
  int n = 0, nc = 0, nn = 0;  // digits, cells, nodes
  // The step grid (fixed during a call), and the grid of the chaining in progress: the
  // step grid less the "off" nodes a dynamic chaining has taken so far (restored after it).
  std::vector<Mask> step_cand, chaining_cand, step_pos, chaining_pos;
  // [d]: the cells holding the value d (the X-Wing rule of dynamic (+) chains needs it).
  std::vector<int> placed;

  std::vector<int> packed_cell_digit;  // per candidate: cell * 32 + digit (digit < 32)
  std::vector<int> unit_pos_base;      // [c*3+k]: unit * (n+1) of the k-th unit of c
  std::vector<int> unit_id;            // [c*3+k]: that unit
  std::vector<Mask> unit_bit;          // [c*3+k]: bit of c in that unit
  std::vector<Mask> unit_fresh;  // [c*3+k]: the cells of that unit in no unit of c before k, but c
  std::vector<const int*> unit_cells_of;  // [c*3+k]: cells of that unit (points into unit_cells)
  // The same per cell in one place, for the dynamic chaining: one base pointer instead of
  // three keeps its hot loop's pointers in registers.
  struct CellUnits {
    int base[3];
    Mask bit[3];
    const int* cells[3];
  };
  std::vector<CellUnits> cell_units;
  // A variant's extra houses of each cell (none on boards without them), in the board's
  // order: entries [extra_begin[c], extra_begin[c + 1]) of the arrays below, as the
  // three units above ([c*3+k]); fresh: the cells in no earlier unit of c, but c.
  bool has_extras = false;
  int nu = 0;  // units of the board (3n plus the extra houses)
  std::vector<int> extra_begin;
  std::vector<CellUnits> extra_units;  // base[0], bit[0], cells[0] of each entry
  std::vector<int> extra_id;
  std::vector<Mask> extra_fresh;
  // The cells of every unit, copied from the grid. The board outlives the grid of a
  // call (Grader::rate builds a new CandidateGrid per puzzle), so unit_cells_of must never
  // point into the grid itself: that was a use-after-free that only looked harmless while
  // the allocator happened to hand the next grid the same block.
  std::vector<int> unit_cells;

  // Loads the step grid; returns false when the grid's shape or unit layout differs from
  // the last one's (the per-shape tables are then rebuilt, and whatever the caller keeps
  // per shape is stale).
  bool load(const CandidateGrid& grid);
  // A new value, never used before by any board, whenever load() rebuilds the per-shape
  // tables (0 before the first load).
  std::uint64_t layout = 0;

  int cell_of(int node) const { return packed_cell_digit[node >> 1] >> 5; }
  int digit_of(int node) const { return packed_cell_digit[node >> 1] & 31; }
  static bool two_bits(Mask m) { return popcount(m) == 2; }
  int node(int c, int d, bool on) const { return ((c * n + d - 1) << 1) | (on ? 1 : 0); }
  // "r1c2=3" for an "on" node, "r1c2<>3" for an "off" one.
  std::string node_text(int nd) const {
    return g->cell_name(cell_of(nd)) + ((nd & 1) ? "=" : "<>") + digit_name(*g, digit_of(nd));
  }
};

}  // namespace sudoforge::grader::detail
