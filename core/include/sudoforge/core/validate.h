#pragma once
// Independent checks of grids by their units. Deliberately separate from the solver: tests
// and benchmarks use these to check solver output without trusting the solver.
#include <optional>
#include <string>
#include <utility>

#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/grid.h"

namespace sudoforge {

// Two filled cells that share a unit (or a killer cage) and a symbol, the first such pair in cell
// order (first < second); nullopt when the givens are consistent.
std::optional<std::pair<int, int>> find_conflict(const Grid& grid);

// "conflicting givens: r1c1 and r1c5 are both 7" for the pair find_conflict() names,
// written in `alphabet`; empty when the givens are consistent. One wording everywhere.
std::string describe_conflict(const Grid& grid, const Alphabet& alphabet);

// On a killer board, the first cage (by first cell) whose givens no set of distinct
// symbols with its sum contains: "the cage at r1c1 (sum 10, 3 cells) cannot hold its
// givens 8 9"; empty when every cage can hold its givens (and on other boards). A repeated
// symbol in a cage is find_conflict's.
std::string describe_cage_violation(const Grid& grid);

// True when `solution` is complete, every unit holds each symbol exactly once, and it
// agrees with every given of `puzzle` (same geometry required).
bool is_solution_of(const Grid& puzzle, const Grid& solution);

// True when `grid` is complete and every unit holds each symbol exactly once (and, on a
// killer board, every cage holds distinct symbols making its sum).
bool is_valid_solution(const Grid& grid);

}  // namespace sudoforge
