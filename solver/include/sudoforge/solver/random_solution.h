#pragma once
// A random full grid extending a partial one, reproducible from a seed on every platform.
//
// The search tries the values of each branch cell in an order drawn with Boost.Random
// (mt19937_64 + uniform_int_distribution, whose outputs Boost fixes), so (partial, seed)
// always gives the same grid. For repeated calls in a loop prefer
// SudokuSolver::random_solution on one solver per thread (this wrapper uses a thread-local
// one, which is the same thing).
#include <cstdint>
#include <optional>

#include "sudoforge/core/grid.h"
#include "sudoforge/solver/search_stats.h"

namespace sudoforge {

// A solution of `partial` (an empty grid gives a random full grid); nullopt when `partial`
// has none. Throws ConflictingGivens (sudoku_solver.h) for conflicting givens.
std::optional<Grid> random_solution(const Grid& partial, std::uint64_t seed,
                                    SearchStats* stats = nullptr);

}  // namespace sudoforge
