#pragma once
// Independent checks of grids by their units. Deliberately separate from the solver: tests
// and benchmarks use these to check solver output without trusting the solver.
#include <optional>
#include <string>
#include <utility>

#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/grid.h"

namespace sudoforge {

// Two filled cells that share a unit and a symbol, the first such pair in cell order
// (first < second); nullopt when the givens are consistent.
std::optional<std::pair<int, int>> find_conflict(const Grid& grid);

// "conflicting givens: r1c1 and r1c5 are both 7" for the pair find_conflict() names,
// written in `alphabet`; empty when the givens are consistent. One wording everywhere.
std::string describe_conflict(const Grid& grid, const Alphabet& alphabet);

// True when `solution` is complete, every unit holds each symbol exactly once, and it
// agrees with every given of `puzzle` (same geometry required).
bool is_solution_of(const Grid& puzzle, const Grid& solution);

// True when `grid` is complete and every unit holds each symbol exactly once.
bool is_valid_solution(const Grid& grid);

}  // namespace sudoforge
