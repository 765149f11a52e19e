#include "sudoforge/generator/neighbourhood.h"

#include <algorithm>

#include <boost/random/uniform_int_distribution.hpp>

namespace sudoforge {
namespace {

std::size_t draw_index(std::size_t size, boost::random::mt19937_64& engine) {
  return boost::random::uniform_int_distribution<std::size_t>(0, size - 1)(engine);
}

// Fisher-Yates with Boost's distribution (the same order on every platform).
void shuffle(std::vector<int>& items, boost::random::mt19937_64& engine) {
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[draw_index(i, engine)]);
}

std::vector<int> clue_cells(const Grid& puzzle) {
  std::vector<int> cells;
  for (int c = 0; c < puzzle.cell_count(); ++c) {
    if (puzzle[c] != 0) cells.push_back(c);
  }
  return cells;
}

// Adds m clues of solutions[target] to `reduced` so that no other enumerated solution
// agrees with all of them; nullopt when the draw finds no such set.
std::optional<Neighbour> complete_move(const Grid& puzzle, const Grid& reduced,
                                       const std::vector<Grid>& solutions, int target, int m,
                                       boost::random::mt19937_64& engine) {
  const Grid& t = solutions[static_cast<std::size_t>(target)];
  std::vector<const Grid*> others;  // enumerated solutions that agree with the clues so far
  for (std::size_t i = 0; i < solutions.size(); ++i) {
    if (static_cast<int>(i) != target) others.push_back(&solutions[i]);
  }
  // Cells a clue may be added at: empty in the reduced puzzle, and not the parent's own
  // clue put back.
  std::vector<int> open;
  for (int c = 0; c < reduced.cell_count(); ++c) {
    if (reduced[c] == 0 && puzzle[c] != t[c]) open.push_back(c);
  }
  Neighbour out;
  out.puzzle = reduced;
  for (int k = 0; k < m; ++k) {
    const bool last = k == m - 1;
    // Before the last clue: a cell that rules out at least one other solution when there is
    // one. The last clue: a cell that rules out every one left.
    std::vector<int> usable;
    for (const int c : open) {
      std::size_t differ = 0;
      for (const Grid* s : others) differ += (*s)[c] != t[c];
      if (last ? differ == others.size() : (differ > 0 || others.empty())) usable.push_back(c);
    }
    if (usable.empty() && !last) usable = open;
    if (usable.empty()) return std::nullopt;
    const int cell = usable[draw_index(usable.size(), engine)];
    out.puzzle.set(cell, t[cell]);
    out.added.emplace_back(cell, t[cell]);
    open.erase(std::find(open.begin(), open.end(), cell));
    std::erase_if(others, [&](const Grid* s) { return (*s)[cell] != t[cell]; });
  }
  if (!others.empty()) return std::nullopt;  // m = 0 and the removal left several solutions
  std::sort(out.added.begin(), out.added.end());
  out.solution = t;
  return out;
}

}  // namespace

std::optional<Neighbour> draw_neighbour(const Grid& puzzle, Move move,
                                        boost::random::mt19937_64& engine, SudokuSolver& solver) {
  std::vector<int> clues = clue_cells(puzzle);
  if (static_cast<int>(clues.size()) < move.remove) return std::nullopt;
  Neighbour out;
  Grid reduced = puzzle;
  // The first n of a partial Fisher-Yates shuffle: n distinct clues, uniformly.
  for (int k = 0; k < move.remove; ++k) {
    const std::size_t j = k + draw_index(clues.size() - k, engine);
    std::swap(clues[k], clues[j]);
    out.removed.push_back(clues[k]);
    reduced.clear(clues[k]);
  }
  std::sort(out.removed.begin(), out.removed.end());

  std::vector<Grid> solutions;
  solver.enumerate(
      reduced,
      [&solutions](const Grid& s) {
        solutions.push_back(s);
        return true;
      },
      kMoveSolutionCap);
  if (solutions.empty()) return std::nullopt;  // cannot happen for a unique parent
  // Targets in a drawn order: for many solutions no clue set of size m singles them out.
  std::vector<int> targets(solutions.size());
  for (std::size_t i = 0; i < targets.size(); ++i) targets[i] = static_cast<int>(i);
  shuffle(targets, engine);
  if (targets.size() > kMoveTargets) targets.resize(kMoveTargets);
  for (const int target : targets) {
    if (auto child = complete_move(puzzle, reduced, solutions, target, move.add, engine)) {
      if (solver.count(child->puzzle, 2) != 1) continue;  // the enumeration was capped
      child->removed = out.removed;
      return child;
    }
  }
  return std::nullopt;
}

Grid minimize(const Grid& puzzle, boost::random::mt19937_64& engine, SudokuSolver& solver,
              const std::vector<int>& last) {
  std::vector<int> order = clue_cells(puzzle);
  shuffle(order, engine);
  std::stable_partition(order.begin(), order.end(), [&last](int c) {
    return std::find(last.begin(), last.end(), c) == last.end();
  });
  Grid out = puzzle;
  for (const int c : order) {
    const int value = out[c];
    out.clear(c);
    if (solver.count(out, 2) != 1) out.set(c, value);
  }
  return out;
}

bool is_minimal_puzzle(const Grid& puzzle, SudokuSolver& solver) {
  Grid probe = puzzle;
  for (const int c : clue_cells(puzzle)) {
    const int value = probe[c];
    probe.clear(c);
    const bool unique = solver.count(probe, 2) == 1;
    probe.set(c, value);
    if (unique) return false;
  }
  return true;
}

}  // namespace sudoforge
