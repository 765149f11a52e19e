// Boards whose houses are not the classic rows, columns and boxes: X (two diagonals),
// Windoku-like windows, and jigsaw regions. Every engine must read the houses from the
// geometry: they agree on counts with each other and with a brute-force count, and every
// solution they give is valid on that board.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "sudoforge/core/geometry.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/solver/clause_solver.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "sudoforge/solver/target_score.h"
#include "variant_boards.h"

namespace sudoforge {
namespace {

using namespace test;

struct Board {
  const char* name;
  Geometry g;
};

std::vector<Board> boards() {
  return {{"x4", x_board(4)},     {"x6", x_board(6)},     {"x9", x_board(9)},
          {"windoku", windoku()}, {"jigsaw4", jigsaw4()}, {"jigsaw6", jigsaw6()},
          {"jigsaw9", jigsaw9()},
          // Every 9x9 variant of core/variant.h: the band engine's extra-house rules.
          {"x+windoku", Variant::parse("x+windoku").apply(Geometry())},
          {"dg", Variant::parse("dg").apply(Geometry())},
          {"asterisk+centre-dot", Variant::parse("asterisk+centre-dot").apply(Geometry())},
          {"girandola", Variant::parse("girandola").apply(Geometry())}};
}

// min(#solutions, cap) by plain backtracking over the cells in order, checking every house
// of each cell: independent of every engine.
std::uint64_t brute_count(const Grid& puzzle, std::uint64_t cap) {
  const Geometry& g = puzzle.geometry();
  Grid work = puzzle;
  std::uint64_t found = 0;
  auto fits = [&](int cell, int v) {
    for (int h : g.houses_of(cell)) {
      for (int other : g.house(h)) {
        if (other != cell && work[other] == v) return false;
      }
    }
    return true;
  };
  auto rec = [&](auto& self, int cell) -> void {
    if (found >= cap) return;
    if (cell == g.cell_count()) {
      ++found;
      return;
    }
    if (puzzle[cell]) return self(self, cell + 1);
    for (int v = 1; v <= g.size(); ++v) {
      if (!fits(cell, v)) continue;
      work.set(cell, v);
      self(self, cell + 1);
      work.clear(cell);
    }
  };
  rec(rec, 0);
  return found;
}

// min(#solutions, 2) through ClauseSolver: one model, then any model that differs from it
// in some cell.
std::uint64_t clause_count2(const Grid& puzzle) {
  ClauseSolver clauses;
  Grid first(puzzle.geometry());
  if (!clauses.solvable(puzzle, {}, nullptr, &first)) return 0;
  EXPECT_TRUE(is_valid_solution(first));
  EXPECT_TRUE(is_solution_of(puzzle, first));
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    if (puzzle[cell]) continue;
    const Candidate other{cell, first[cell]};
    if (clauses.solvable(puzzle, std::span<const Candidate>(&other, 1))) return 2;
  }
  return 1;
}

using internal::Engine;
using internal::pinned_solver;
const Engine kEngines[] = {Engine::kAuto, Engine::kLinked, Engine::kBitwise, Engine::kCellMasks};

// Every engine's count (cap 2) and solution, the clause search's count; all must agree.
void expect_engines_agree(const Grid& puzzle, const char* what) {
  const std::uint64_t expected = clause_count2(puzzle);
  for (Engine e : kEngines) {
    SudokuSolver solver = pinned_solver(e);
    EXPECT_EQ(solver.count(puzzle, 2), expected) << what << " engine " << int(e);
    const auto s = solver.solve(puzzle);
    ASSERT_EQ(s.has_value(), expected > 0) << what << " engine " << int(e);
    if (s) {
      EXPECT_TRUE(is_valid_solution(*s)) << what << " engine " << int(e);
      EXPECT_TRUE(is_solution_of(puzzle, *s)) << what << " engine " << int(e);
    }
  }
}

TEST(Houses, RandomSolutionsAreValidOnEveryBoard) {
  for (const Board& b : boards()) {
    SudokuSolver solver;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const auto s = solver.random_solution(Grid(b.g), seed);
      ASSERT_TRUE(s.has_value()) << b.name;
      EXPECT_TRUE(s->geometry() == b.g) << b.name;
      EXPECT_TRUE(is_valid_solution(*s)) << b.name << " seed " << seed;
    }
  }
}

TEST(Houses, EnginesAgreeOnPuzzlesOfEveryBoard) {
  std::mt19937 rng(2024);
  for (const Board& b : boards()) {
    SudokuSolver solver;
    const auto full = solver.random_solution(Grid(b.g), 11);
    ASSERT_TRUE(full.has_value()) << b.name;
    std::vector<int> order(b.g.cell_count());
    for (int i = 0; i < b.g.cell_count(); ++i) order[i] = i;
    const int nn = b.g.cell_count();
    // Densities from nearly full to sparse: unique, several and (with a wrong given) none.
    for (int keep : {nn * 3 / 4, nn / 2, nn * 2 / 5, nn / 3, nn / 4}) {
      std::shuffle(order.begin(), order.end(), rng);
      Grid puzzle(b.g);
      for (int i = 0; i < keep; ++i) puzzle.set(order[i], (*full)[order[i]]);
      expect_engines_agree(puzzle, b.name);
    }
    // Greedy removal to a puzzle unique on this board.
    Grid puzzle = *full;
    std::shuffle(order.begin(), order.end(), rng);
    for (int cell : order) {
      const int v = puzzle[cell];
      puzzle.clear(cell);
      if (solver.count(puzzle, 2) != 1) puzzle.set(cell, v);
    }
    expect_engines_agree(puzzle, b.name);
    EXPECT_EQ(clause_count2(puzzle), 1u) << b.name;
  }
}

// Many solutions: every one the band engine enumerates on a 9x9 variant is valid there
// (checked house by house), none is repeated, and the count is the cell engine's.
TEST(Houses, BandEngineEnumeratesOnlyVariantSolutions) {
  for (const char* spelling : {"x", "windoku", "x+windoku", "dg", "girandola"}) {
    const Geometry g = Variant::parse(spelling).apply(Geometry());
    const auto full = SudokuSolver().random_solution(Grid(g), 21);
    ASSERT_TRUE(full.has_value()) << spelling;
    Grid puzzle(g);
    for (int cell = 0; cell < 81; cell += 3) puzzle.set(cell, (*full)[cell]);
    const std::uint64_t expected = pinned_solver(Engine::kCellMasks).count(puzzle, 5000);
    ASSERT_GT(expected, 1u) << spelling;
    std::vector<std::vector<std::uint8_t>> seen;
    pinned_solver(Engine::kBitwise).enumerate(puzzle, [&](const Grid& s) {
      EXPECT_TRUE(is_valid_solution(s)) << spelling;
      EXPECT_TRUE(is_solution_of(puzzle, s)) << spelling;
      seen.emplace_back(s.cells().begin(), s.cells().end());
      return seen.size() < 5000;
    });
    EXPECT_EQ(seen.size(), expected) << spelling;
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(std::unique(seen.begin(), seen.end()), seen.end()) << spelling;
  }
}

TEST(Houses, SmallBoardsCountLikeBruteForce) {
  for (const Geometry& g : {x_board(4), jigsaw4(), Geometry::for_size(4)}) {
    std::vector<Grid> puzzles;
    puzzles.emplace_back(g);
    Grid one(g);
    one.set(0, 1);
    puzzles.push_back(one);
    Grid two = one;
    two.set(g.cell_count() - 1, 2);
    puzzles.push_back(two);
    Grid three = two;
    three.set(6, 3);
    puzzles.push_back(three);
    for (const Grid& p : puzzles) {
      const std::uint64_t expected = brute_count(p, 100000);
      if (p.clue_count() == 0) {
        EXPECT_GT(expected, 0u) << g.name();
      }
      for (Engine e : kEngines) {
        SudokuSolver solver = pinned_solver(e);
        EXPECT_EQ(solver.count(p, 100000), expected)
            << g.name() << " " << p.clue_count() << " clues, engine " << int(e);
        std::uint64_t visited = 0;
        solver.enumerate(p, [&](const Grid& s) {
          EXPECT_TRUE(is_valid_solution(s));
          EXPECT_TRUE(is_solution_of(p, s));
          ++visited;
          return true;
        });
        EXPECT_EQ(visited, expected) << g.name() << " engine " << int(e);
      }
    }
  }
  // The diagonals and the regions do cut the classic 4x4 count (288).
  EXPECT_EQ(brute_count(Grid(Geometry::for_size(4)), 1000), 288u);
  EXPECT_LT(brute_count(Grid(x_board(4)), 1000), 288u);
  EXPECT_LT(brute_count(Grid(jigsaw4()), 1000), 288u);
}

// 25x25 with diagonals: the rows that no longer fit four 16-bit nodes (see LinkedEngine).
TEST(Houses, LargestBoardWithExtraHousesOnEveryEngine) {
  const Geometry x = x_board(25);
  const auto full = SudokuSolver().random_solution(Grid(x), 4);
  ASSERT_TRUE(full.has_value());
  EXPECT_TRUE(is_valid_solution(*full));
  Grid puzzle = *full;
  for (int cell = 0; cell < x.cell_count(); cell += 7) puzzle.clear(cell);
  expect_engines_agree(puzzle, "x25");
  EXPECT_EQ(pinned_solver(Engine::kLinked).count(puzzle, 2), 1u);
}

TEST(Houses, AnXPuzzleNeedsItsDiagonals) {
  const Geometry x = x_board(9);
  SudokuSolver solver;
  const auto full = solver.random_solution(Grid(x), 3);
  ASSERT_TRUE(full.has_value());
  // Remove clues while the puzzle stays unique on the X board.
  Grid puzzle = *full;
  for (int cell = 0; cell < 81; ++cell) {
    const int v = puzzle[cell];
    puzzle.clear(cell);
    if (solver.count(puzzle, 2) != 1) puzzle.set(cell, v);
  }
  ASSERT_EQ(solver.count(puzzle, 2), 1u);
  // The same givens on the classic board: several solutions, for every engine.
  const Grid classic(Geometry(),
                     std::vector<std::uint8_t>(puzzle.cells().begin(), puzzle.cells().end()));
  for (Engine e : kEngines) {
    EXPECT_EQ(pinned_solver(e).count(classic, 2), 2u) << int(e);
    EXPECT_EQ(pinned_solver(e).count(puzzle, 2), 1u) << int(e);
  }
}

TEST(Houses, ConflictsInExtraHousesAndRegionsAreConflictingGivens) {
  // Two 1s on the main diagonal (different rows, columns and boxes).
  Grid x(x_board(9));
  x.set(0, 1);
  x.set(4 * 9 + 4, 1);
  // Two 1s in jigsaw9's first region: r1c1 and r1c4 (r1c4 joined it).
  Grid j(jigsaw9());
  j.set(0, 1);
  j.set(3, 2);
  j.set(1 * 9 + 1, 2);
  for (Engine e : kEngines) {
    EXPECT_THROW(pinned_solver(e).count(x, 2), ConflictingGivens) << int(e);
    EXPECT_THROW(pinned_solver(e).count(j, 2), ConflictingGivens) << int(e);
  }
  EXPECT_THROW(SudokuSolver().random_solution(x, 1), ConflictingGivens);
}

TEST(Houses, TargetScoreIsForClassicNineOnly) {
  EXPECT_THROW(target_score(Grid(x_board(9))), std::invalid_argument);
  EXPECT_THROW(target_score(Grid(windoku())), std::invalid_argument);
  EXPECT_THROW(target_score(Grid(jigsaw9())), std::invalid_argument);
}

}  // namespace
}  // namespace sudoforge
