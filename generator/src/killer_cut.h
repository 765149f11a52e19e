#pragma once
// Killer cages cut from a full grid (see "Killer" in generator.h).
#include <atomic>
#include <optional>
#include <vector>

#include "random.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/solver/search_stats.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::generator_detail {

struct CageCut {
  int min_size = 1;
  int max_size = 5;
  // Cells whose digit of the solution is given: the checks count with them filled in.
  std::vector<int> given_cells;
};

// The killer board (solution's board plus cages) of one merge pass over `solution`, or
// nullopt when a cage below cut.min_size is left (the caller draws a new grid). Every
// merge kept leaves exactly one solution (counted to 2 on `solver`, whose searches and
// nodes go to cost and searches). The layout is invariant under `symmetry` (concrete and
// admitted by the board). Throws SearchAborted when *stop is raised (via the solver's
// limits, which the caller sets).
std::optional<Geometry> cut_cages(const Grid& solution, const CageCut& cut, Symmetry symmetry,
                                  Rng& rng, SudokuSolver& solver, SearchStats& cost, int& searches);

}  // namespace sudoforge::generator_detail
