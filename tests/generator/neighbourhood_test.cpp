// Neighbourhood moves ({-n+m}) and minimisation: every neighbour is unique, differs from
// its parent by exactly the move, and is a function of the engine's state.
#include "sudoforge/generator/neighbourhood.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/random/uniform_int_distribution.hpp>

#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/validate.h"

namespace sudoforge {
namespace {

// Two minimal puzzles of Berthier's controlled-bias collection (SER 7.2 and 7.1).
constexpr const char* kSeeds[] = {
    "..3....8..5.78.1....91....52.......6..7....3.6...1.......2..9....16..3..9725...1.",
    "1...56......7...2...9.2.......5.8.76..8..4..19...6...........9.6.......7.713...54"};

Grid seed(int i) { return parse_one(kSeeds[i]).grid; }

// The clues of `parent` that `child` lacks or changed, and those `child` has that
// `parent` has not (a changed clue counts in both).
std::pair<int, int> differences(const Grid& parent, const Grid& child) {
  int removed = 0, added = 0;
  for (int c = 0; c < parent.cell_count(); ++c) {
    if (parent[c] != 0 && child[c] != parent[c]) ++removed;
    if (child[c] != 0 && child[c] != parent[c]) ++added;
  }
  return {removed, added};
}

// Draws 20 neighbours of each seed; at least `min_found` must succeed.
void expect_move(Move move, std::uint64_t engine_seed, int min_found) {
  SudokuSolver solver;
  boost::random::mt19937_64 engine(engine_seed);
  int found = 0;
  for (int i = 0; i < 2; ++i) {
    const Grid parent = seed(i);
    for (int k = 0; k < 20; ++k) {
      const auto n = draw_neighbour(parent, move, engine, solver);
      if (!n) continue;
      ++found;
      EXPECT_EQ(solver.count(n->puzzle, 2), 1u);
      EXPECT_TRUE(is_solution_of(n->puzzle, n->solution));
      EXPECT_TRUE(is_valid_solution(n->solution));
      EXPECT_EQ(differences(parent, n->puzzle), std::make_pair(move.remove, move.add));
      EXPECT_EQ(static_cast<int>(n->removed.size()), move.remove);
      EXPECT_EQ(static_cast<int>(n->added.size()), move.add);
      for (const auto& [cell, value] : n->added) EXPECT_EQ(n->puzzle[cell], value);
      for (const int cell : n->removed) EXPECT_NE(n->puzzle[cell], parent[cell]);
    }
  }
  EXPECT_GE(found, min_found);
}

TEST(Neighbourhood, MinusOnePlusOneChangesExactlyOneClueEach) { expect_move({1, 1}, 1, 20); }

TEST(Neighbourhood, MinusTwoPlusTwo) { expect_move({2, 2}, 2, 10); }

TEST(Neighbourhood, WiderMoves) {
  // Removing more than is added leaves many solutions to single one out: rarer.
  expect_move({3, 2}, 3, 1);
  expect_move({2, 3}, 4, 1);
}

TEST(Neighbourhood, SameEngineStateSameNeighbour) {
  SudokuSolver solver;
  boost::random::mt19937_64 a(99), b(99);
  for (int k = 0; k < 10; ++k) {
    const auto x = draw_neighbour(seed(0), {2, 2}, a, solver);
    const auto y = draw_neighbour(seed(0), {2, 2}, b, solver);
    ASSERT_EQ(x.has_value(), y.has_value());
    if (x) {
      EXPECT_EQ(x->puzzle, y->puzzle);
    }
  }
}

TEST(Neighbourhood, MinimizeLeavesAMinimalUniquePuzzle) {
  SudokuSolver solver;
  boost::random::mt19937_64 engine(5);
  const Grid parent = seed(1);
  EXPECT_TRUE(is_minimal_puzzle(parent, solver));
  // A full clue more than needed: the solution's value at an empty cell.
  const Grid solution = *solver.solve(parent);
  Grid padded = parent;
  for (int c = 0; c < padded.cell_count(); ++c) {
    if (padded[c] == 0) {
      padded.set(c, solution[c]);
      break;
    }
  }
  EXPECT_FALSE(is_minimal_puzzle(padded, solver));
  const Grid m = minimize(padded, engine, solver);
  EXPECT_EQ(solver.count(m, 2), 1u);
  EXPECT_TRUE(is_minimal_puzzle(m, solver));
  for (int c = 0; c < m.cell_count(); ++c) {
    if (m[c] != 0) {
      EXPECT_EQ(m[c], padded[c]);
    }
  }
}

// minimize with the solution (a clue that alone hits an unavoidable rectangle stays
// without a count) keeps the clues that minimize without it keeps, from the same engine
// state: on neighbours of the seeds and on full grids with some cells emptied (many
// rectangles lose all but one clue there).
TEST(Neighbourhood, MinimizeWithTheSolutionKeepsTheSameClues) {
  SudokuSolver solver;
  boost::random::mt19937_64 draws(53);
  int compared = 0;
  for (int i = 0; i < 2; ++i) {
    for (const Move move : {Move{1, 1}, Move{2, 2}, Move{3, 3}}) {
      for (int k = 0; k < 30; ++k) {
        const auto n = draw_neighbour(seed(i), move, draws, solver);
        if (!n) continue;
        std::vector<int> added;
        for (const auto& [cell, value] : n->added) added.push_back(cell);
        boost::random::mt19937_64 a(k), b(k);
        EXPECT_EQ(minimize(n->puzzle, a, solver, added, &n->solution),
                  minimize(n->puzzle, b, solver, added));
        ++compared;
      }
    }
    const Grid solution = *solver.solve(seed(i));
    for (int k = 0; k < 20; ++k) {
      Grid padded = solution;
      for (int e = 0; e < 30 + 2 * k; ++e) padded.clear(static_cast<int>((draws() % 81)));
      if (solver.count(padded, 2) != 1) continue;
      boost::random::mt19937_64 a(k), b(k);
      EXPECT_EQ(minimize(padded, a, solver, {}, &solution), minimize(padded, b, solver));
      ++compared;
    }
  }
  EXPECT_GT(compared, 40);
}

// The move as neighbourhood.h defines it, written plainly (solutions compared cell by
// cell, no tables): the same draws from the engine must give the same neighbour.
// `enumerated` (optional): how many solutions of the reduced puzzle were enumerated.
std::optional<Neighbour> plain_draw(const Grid& puzzle, Move move,
                                    boost::random::mt19937_64& engine, SudokuSolver& solver,
                                    std::size_t* enumerated = nullptr) {
  auto below = [&engine](std::size_t size) {
    return boost::random::uniform_int_distribution<std::size_t>(0, size - 1)(engine);
  };
  std::vector<int> clues;
  for (int c = 0; c < puzzle.cell_count(); ++c) {
    if (puzzle[c] != 0) clues.push_back(c);
  }
  if (static_cast<int>(clues.size()) < move.remove) return std::nullopt;
  Grid reduced = puzzle;
  std::vector<int> removed;
  for (int k = 0; k < move.remove; ++k) {
    std::swap(clues[k], clues[k + below(clues.size() - k)]);
    removed.push_back(clues[k]);
    reduced.clear(clues[k]);
  }
  std::sort(removed.begin(), removed.end());
  std::vector<Grid> solutions;
  solver.enumerate(
      reduced,
      [&](const Grid& s) {
        solutions.push_back(s);
        return true;
      },
      kMoveSolutionCap);
  if (enumerated) *enumerated = solutions.size();
  std::vector<int> targets(solutions.size());
  for (std::size_t i = 0; i < targets.size(); ++i) targets[i] = static_cast<int>(i);
  for (std::size_t i = targets.size(); i > 1; --i) std::swap(targets[i - 1], targets[below(i)]);
  if (targets.size() > kMoveTargets) targets.resize(kMoveTargets);
  for (const int target : targets) {
    const Grid& t = solutions[static_cast<std::size_t>(target)];
    std::vector<int> others;
    for (int i = 0; i < static_cast<int>(solutions.size()); ++i) {
      if (i != target) others.push_back(i);
    }
    std::vector<int> open;
    for (int c = 0; c < reduced.cell_count(); ++c) {
      if (reduced[c] == 0 && puzzle[c] != t[c]) open.push_back(c);
    }
    Neighbour out{reduced, t, removed, {}};
    bool failed = false;
    for (int k = 0; k < move.add && !failed; ++k) {
      const bool last = k == move.add - 1;
      std::vector<int> usable;
      for (const int c : open) {
        std::size_t differ = 0;
        for (const int i : others) differ += solutions[static_cast<std::size_t>(i)][c] != t[c];
        if (last ? differ == others.size() : (differ > 0 || others.empty())) usable.push_back(c);
      }
      if (usable.empty() && !last) usable = open;
      if (usable.empty()) {
        failed = true;
        break;
      }
      const int cell = usable[below(usable.size())];
      out.puzzle.set(cell, t[cell]);
      out.added.emplace_back(cell, t[cell]);
      open.erase(std::find(open.begin(), open.end(), cell));
      std::erase_if(others,
                    [&](int i) { return solutions[static_cast<std::size_t>(i)][cell] != t[cell]; });
    }
    if (failed || !others.empty()) continue;
    if (solver.count(out.puzzle, 2) != 1) continue;
    std::sort(out.added.begin(), out.added.end());
    return out;
  }
  return std::nullopt;
}

TEST(Neighbourhood, DrawsTheNeighbourOfThePlainRule) {
  SudokuSolver solver;
  int found = 0, failed = 0;
  for (int i = 0; i < 2; ++i) {
    for (const Move move :
         {Move{1, 1}, Move{2, 2}, Move{3, 2}, Move{2, 3}, Move{1, 0}, Move{0, 1}}) {
      boost::random::mt19937_64 a(17 + i), b(17 + i);
      for (int k = 0; k < 15; ++k) {
        const auto x = draw_neighbour(seed(i), move, a, solver);
        const auto y = plain_draw(seed(i), move, b, solver);
        ASSERT_EQ(x.has_value(), y.has_value()) << i << " -" << move.remove << "+" << move.add;
        (x ? found : failed) += 1;
        if (!x) continue;
        EXPECT_EQ(x->puzzle, y->puzzle);
        EXPECT_EQ(x->solution, y->solution);
        EXPECT_EQ(x->removed, y->removed);
        EXPECT_EQ(x->added, y->added);
      }
    }
  }
  // Both outcomes occur, so both paths of the draw are compared.
  EXPECT_GT(found, 60);
  EXPECT_GT(failed, 5);
}

// Moves that leave hundreds of solutions or more, up to the cap: the draw's tests of "some
// other solution agrees / differs" run over many solutions and stop once every open cell
// is answered, and its first clue reads the cells where the solutions vary; the draws must
// still be the plain rule's.
TEST(Neighbourhood, WideEnumerationsDrawTheNeighbourOfThePlainRule) {
  SudokuSolver solver;
  int capped = 0, partial = 0, found = 0;
  for (int i = 0; i < 2; ++i) {
    for (const Move move : {Move{2, 2}, Move{3, 2}, Move{3, 3}, Move{4, 3}}) {
      boost::random::mt19937_64 a(31 + i), b(31 + i);
      for (int k = 0; k < 8; ++k) {
        std::size_t n = 0;
        const auto x = draw_neighbour(seed(i), move, a, solver);
        const auto y = plain_draw(seed(i), move, b, solver, &n);
        ASSERT_EQ(x.has_value(), y.has_value()) << i << " -" << move.remove << "+" << move.add;
        capped += n == kMoveSolutionCap;
        partial += n > 64 && n < kMoveSolutionCap;
        if (!x) continue;
        ++found;
        EXPECT_EQ(x->puzzle, y->puzzle);
        EXPECT_EQ(x->solution, y->solution);
        EXPECT_EQ(x->added, y->added);
      }
    }
  }
  EXPECT_GT(capped, 5) << partial << ' ' << found;
  EXPECT_GT(partial, 5) << capped << ' ' << found;
  EXPECT_GT(found, 3) << capped << ' ' << partial;
}

// A memo of the enumerations changes no draw: the same engine states give the same
// neighbours with and without one, and its entries are used (-1 moves of one parent come
// back to the same reduced puzzles); a memo too small to keep anything changes nothing.
TEST(Neighbourhood, AMemoOfTheEnumerationsGivesTheSameNeighbours) {
  SudokuSolver solver;
  for (int i = 0; i < 2; ++i) {
    MoveMemo memo, tiny(1);
    boost::random::mt19937_64 a(41 + i), b(41 + i), c(41 + i);
    int found = 0;
    for (int k = 0; k < 60; ++k) {
      const Move move = k % 2 ? Move{2, 2} : Move{1, 1};
      const auto x = draw_neighbour(seed(i), move, a, solver, &memo);
      const auto y = draw_neighbour(seed(i), move, b, solver);
      const auto z = draw_neighbour(seed(i), move, c, solver, &tiny);
      ASSERT_EQ(x.has_value(), y.has_value()) << k;
      ASSERT_EQ(z.has_value(), y.has_value()) << k;
      if (!x) continue;
      ++found;
      EXPECT_EQ(x->puzzle, y->puzzle);
      EXPECT_EQ(x->solution, y->solution);
      EXPECT_EQ(x->removed, y->removed);
      EXPECT_EQ(x->added, y->added);
      EXPECT_EQ(z->puzzle, y->puzzle);
    }
    EXPECT_GT(found, 20);
    EXPECT_GT(memo.hits(), 10u);
    EXPECT_EQ(tiny.hits(), 0u);
  }
}

}  // namespace
}  // namespace sudoforge
