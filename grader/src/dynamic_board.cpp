// The step grid of the dynamic chains and its per-shape tables (dynamic_board.h).
//
// Invariants after load: chaining_cand / chaining_pos equal step_cand / step_pos (the
// chainings restore them), and the unit tables describe the loaded grid's layout. Why the
// shape test: the tables are rebuilt only when the grid's shape or layout changes, not at
// every step of a puzzle.
#include "dynamic_board.h"

#include <algorithm>
#include <atomic>

namespace sudoforge::grader::detail {

bool DynamicBoard::load(const CandidateGrid& grid) {
  // Same shape and same unit layout: the per-shape tables below can be kept.
  bool same_shape = g && n == grid.n() && nc == grid.cell_count() && nu == grid.unit_count() &&
                    unit_cells.size() == static_cast<size_t>(nu) * grid.n();
  for (int u = 0; same_shape && u < nu; ++u) {
    same_shape =
        std::equal(grid.unit(u), grid.unit(u) + n, unit_cells.data() + static_cast<size_t>(u) * n);
  }
  g = &grid;
  n = grid.n();
  nc = grid.cell_count();
  nn = nc * n * 2;
  step_cand.resize(nc);
  for (int c = 0; c < nc; ++c) step_cand[c] = grid.cand(c);
  nu = grid.unit_count();
  step_pos.assign(grid.pos_table(), grid.pos_table() + static_cast<size_t>(nu) * (n + 1));
  chaining_cand = step_cand;
  chaining_pos = step_pos;
  placed.assign(static_cast<size_t>(grid.n()) + 1, 0);
  for (int c = 0; c < grid.cell_count(); ++c) ++placed[grid.value(c)];
  if (same_shape) return true;
  // Unique over all boards: a table kept for one board is never taken for another's.
  static std::atomic<std::uint64_t> layouts{0};
  layout = ++layouts;
  packed_cell_digit.resize(static_cast<size_t>(nc) * n);
  for (int cd = 0; cd < nc * n; ++cd) packed_cell_digit[cd] = cd / n * 32 + cd % n + 1;
  unit_cells.resize(static_cast<size_t>(nu) * n);
  for (int u = 0; u < nu; ++u) {
    std::copy(grid.unit(u), grid.unit(u) + n, unit_cells.data() + static_cast<size_t>(u) * n);
  }
  unit_pos_base.resize(3 * nc);
  unit_id.resize(3 * nc);
  unit_bit.resize(3 * nc);
  unit_fresh.resize(3 * nc);
  unit_cells_of.resize(3 * nc);
  cell_units.resize(nc);
  static const int kTypes[3] = {2, 0, 1};  // block, row, column
  for (int c = 0; c < nc; ++c) {
    for (int k = 0; k < 3; ++k) {
      const int u = grid.unit_of(c, kTypes[k]);
      unit_id[c * 3 + k] = u;
      unit_pos_base[c * 3 + k] = u * (n + 1);
      unit_bit[c * 3 + k] = Mask{1} << grid.index_in(u, c);
      unit_cells_of[c * 3 + k] = unit_cells.data() + static_cast<size_t>(u) * n;
      cell_units[c].base[k] = unit_pos_base[c * 3 + k];
      cell_units[c].bit[k] = unit_bit[c * 3 + k];
      cell_units[c].cells[k] = unit_cells_of[c * 3 + k];
    }
  }
  for (int c = 0; c < nc; ++c) {
    for (int k = 0; k < 3; ++k) {
      Mask fresh = 0;
      for (int i = 0; i < n; ++i) {
        const int q = unit_cells_of[c * 3 + k][i];
        bool seen = q == c;
        for (int j = 0; j < k; ++j) seen |= unit_id[q * 3 + j] == unit_id[c * 3 + j];
        if (!seen) fresh |= Mask{1} << i;
      }
      unit_fresh[c * 3 + k] = fresh;
    }
  }
  has_extras = grid.has_extra_houses();
  extra_begin.assign(static_cast<size_t>(nc) + 1, 0);
  extra_units.clear();
  extra_id.clear();
  extra_fresh.clear();
  for (int c = 0; c < nc; ++c) {
    extra_begin[c] = static_cast<int>(extra_id.size());
    for (int k = 3; k < grid.units_per_cell(); ++k) {
      const int u = grid.unit_of(c, k);
      if (u == nu) break;  // padding
      const int* cells = unit_cells.data() + static_cast<size_t>(u) * n;
      CellUnits e{};
      e.base[0] = u * (n + 1);
      e.bit[0] = Mask{1} << grid.index_in(u, c);
      e.cells[0] = cells;
      Mask fresh = 0;
      for (int i = 0; i < n; ++i) {
        const int q = cells[i];
        bool seen = q == c;
        for (int j = 0; j < 3; ++j) seen |= unit_id[q * 3 + j] == unit_id[c * 3 + j];
        for (int j = extra_begin[c]; j < static_cast<int>(extra_id.size()); ++j)
          seen |= grid.index_in(extra_id[j], q) != 255;
        if (!seen) fresh |= Mask{1} << i;
      }
      extra_units.push_back(e);
      extra_id.push_back(u);
      extra_fresh.push_back(fresh);
    }
  }
  extra_begin[nc] = static_cast<int>(extra_id.size());
  return false;
}

}  // namespace sudoforge::grader::detail
