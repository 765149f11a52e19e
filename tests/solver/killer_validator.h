#pragma once
// An independent killer validator for tests: written from the board's size and cage list
// alone, without the geometry's tables or the solver (shared by the solver's and the
// generator's killer tests).
#include <set>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/core/killer.h"

namespace sudoforge {

// Boxes of the conventional shape (2x2, 2x3, 3x3) and, with `x`, both diagonals: each
// holds 1..n once; each cage holds distinct symbols summing to its sum; givens kept.
inline bool valid_killer_solution(const Grid& puzzle, const std::vector<Cage>& cages, bool x,
                                  const Grid& s) {
  const int n = puzzle.size();
  const int box_rows = n == 6 ? 2 : n == 4 ? 2 : 3, box_cols = n / box_rows;
  std::vector<std::vector<int>> houses(3 * n);
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n;
    houses[r].push_back(cell);
    houses[n + c].push_back(cell);
    houses[2 * n + (r / box_rows) * box_rows + c / box_cols].push_back(cell);
    if (puzzle[cell] && puzzle[cell] != s[cell]) return false;
    if (s[cell] < 1 || s[cell] > n) return false;
  }
  if (x) {
    houses.emplace_back();
    houses.emplace_back();
    for (int i = 0; i < n; ++i) {
      houses[3 * n].push_back(i * n + i);
      houses[3 * n + 1].push_back(i * n + n - 1 - i);
    }
  }
  for (const auto& h : houses) {
    std::set<int> seen;
    for (int cell : h) seen.insert(s[cell]);
    if (static_cast<int>(seen.size()) != n) return false;
  }
  std::vector<int> caged(n * n, 0);
  for (const Cage& cage : cages) {
    std::set<int> seen;
    int sum = 0;
    for (int cell : cage.cells) {
      seen.insert(s[cell]);
      sum += s[cell];
      ++caged[cell];
    }
    if (seen.size() != cage.cells.size() || sum != cage.sum) return false;
  }
  for (int c : caged) {
    if (c != 1) return false;
  }
  return true;
}

}  // namespace sudoforge
