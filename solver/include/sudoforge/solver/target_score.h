#pragma once
// The NOIP 2009 "target Sudoku" objective.
//
// Cell weights on a 9x9 board form concentric rings: 6 on the outer ring, then 7, 8, 9 and
// 10 for the centre cell (weight = 10 - max(|r-4|, |c-4|), 0-based r, c). A solution scores
// sum(value * weight); the answer is the best score over all solutions of the grid.
#include "sudoforge/core/grid.h"
#include "sudoforge/solver/search_limits.h"
#include "sudoforge/solver/search_stats.h"

namespace sudoforge {

// Weight of a 9x9 cell (0..80).
int target_weight(int cell);

// The maximum score over all solutions of `grid`, -1 when it has none (including
// conflicting givens). Throws std::invalid_argument unless the grid is classic 9x9
// (3x3 boxes, no extra house).
// Branch and bound over the exact-cover search, so sparse grids do not enumerate their
// solutions: a branch is cut when its upper bound (see the .cpp) cannot beat the best
// score found. Stats (when non-null) are added to as for SudokuSolver.
int target_score(const Grid& grid, SearchStats* stats = nullptr);
// The same, bounded: throws SearchAborted when `limits` are hit (see search_limits.h).
int target_score(const Grid& grid, SearchStats* stats, const SearchLimits& limits);

}  // namespace sudoforge
