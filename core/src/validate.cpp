#include "sudoforge/core/validate.h"

#include <algorithm>
#include <cstdint>
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
  // A cage repeats no symbol either (killer.h).
  for (const Cage& cage : g.cages()) {
    for (std::size_t i = 0; i < cage.cells.size(); ++i) {
      for (std::size_t j = i + 1; j < cage.cells.size(); ++j) {
        const int a = cage.cells[i], b = cage.cells[j];
        if (grid[a] == 0 || grid[a] != grid[b]) continue;
        const std::pair<int, int> p{a, b};
        if (!best || p < *best) best = p;
      }
    }
  }
  return best;
}

std::string describe_cage_violation(const Grid& grid) {
  const Geometry& g = grid.geometry();
  for (const Cage& cage : g.cages()) {
    std::uint32_t placed = 0;
    std::string symbols;
    for (int cell : cage.cells) {
      if (!grid[cell]) continue;
      placed |= 1u << (grid[cell] - 1);
      symbols += (symbols.empty() ? "" : " ") + std::to_string(grid[cell]);
    }
    if (!placed) continue;
    const auto sets = cage_digit_sets(g.size(), static_cast<int>(cage.cells.size()), cage.sum);
    if (std::none_of(sets.begin(), sets.end(),
                     [&](std::uint32_t set) { return (set & placed) == placed; })) {
      return "the cage at " + g.cell_name(cage.cells.front()) + " (sum " +
             std::to_string(cage.sum) + ", " + std::to_string(cage.cells.size()) +
             " cells) cannot hold its givens " + symbols;
    }
  }
  return "";
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
  for (const Cage& cage : g.cages()) {
    int sum = 0;
    std::uint32_t used = 0;
    for (int cell : cage.cells) {
      sum += grid[cell];
      if (used & (1u << grid[cell])) return false;
      used |= 1u << grid[cell];
    }
    if (sum != cage.sum) return false;
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
