#pragma once
// Random 9x9 test puzzles cut from random grids (band_count_test, count_isa_test).
#include <algorithm>
#include <random>
#include <vector>

#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::test {

struct CutPuzzle {
  Grid full;               // the random grid
  Grid puzzle;             // 17 to 40 of its givens
  std::vector<int> order;  // the cells in random order, the kept givens first
};

// Puzzle number k of a series drawn from rng: many have several solutions (dozens to
// thousands); one in five (k % 5 == 0) has its first given replaced by another value, which
// gives puzzles with no solution (most then have clashing givens).
inline CutPuzzle cut_puzzle(SudokuSolver& solver, std::mt19937_64& rng, int k) {
  CutPuzzle c{*solver.random_solution(Grid(), rng()), Grid(), std::vector<int>(81)};
  for (int i = 0; i < 81; ++i) c.order[i] = i;
  std::shuffle(c.order.begin(), c.order.end(), rng);
  const int keep = 17 + static_cast<int>(rng() % 24);
  c.puzzle = c.full;
  for (int i = keep; i < 81; ++i) c.puzzle.clear(c.order[i]);
  if (k % 5 == 0) {
    const int cell = c.order[0];
    c.puzzle.set(cell, static_cast<int>(1 + (c.full[cell] + rng() % 8) % 9));
  }
  return c;
}

}  // namespace sudoforge::test
