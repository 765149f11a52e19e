#include "sudoforge/core/validate.h"

#include <vector>

namespace sudoforge {

std::optional<std::pair<int, int>> find_conflict(const Grid& grid) {
  const Geometry& g = grid.geometry();
  std::optional<std::pair<int, int>> best;
  std::vector<int> seen(g.size() + 1);
  for (int u = 0; u < g.unit_count(); ++u) {
    std::fill(seen.begin(), seen.end(), -1);
    for (int cell : g.unit(u)) {
      const int v = grid[cell];
      if (v == 0) continue;
      if (seen[v] >= 0) {
        std::pair<int, int> p{seen[v], cell};
        if (!best || p < *best) best = p;
      } else {
        seen[v] = cell;
      }
    }
  }
  return best;
}

std::string describe_conflict(const Grid& grid, const Alphabet& alphabet) {
  const auto c = find_conflict(grid);
  if (!c) return "";
  const Geometry& g = grid.geometry();
  return "conflicting givens: " + g.cell_name(c->first) + " and " + g.cell_name(c->second) +
         " are both " + std::string(1, alphabet.symbol(grid[c->first]));
}

bool is_valid_solution(const Grid& grid) {
  const Geometry& g = grid.geometry();
  std::vector<char> seen(g.size() + 1);
  for (int u = 0; u < g.unit_count(); ++u) {
    std::fill(seen.begin(), seen.end(), 0);
    for (int cell : g.unit(u)) {
      const int v = grid[cell];
      if (v < 1 || v > g.size() || seen[v]) return false;
      seen[v] = 1;
    }
  }
  return true;
}

bool is_solution_of(const Grid& puzzle, const Grid& solution) {
  if (!(puzzle.geometry() == solution.geometry())) return false;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    if (puzzle[cell] != 0 && puzzle[cell] != solution[cell]) return false;
  }
  return is_valid_solution(solution);
}

}  // namespace sudoforge
