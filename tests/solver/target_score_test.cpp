#include "sudoforge/solver/target_score.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "sudoforge/core/validate.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "test_util.h"

namespace sudoforge {
namespace {

// The scoring rule written out independently of the library's target_weight.
int score_of(const Grid& s) {
  static const int rings[9][9] = {
      {6, 6, 6, 6, 6, 6, 6, 6, 6}, {6, 7, 7, 7, 7, 7, 7, 7, 6}, {6, 7, 8, 8, 8, 8, 8, 7, 6},
      {6, 7, 8, 9, 9, 9, 8, 7, 6}, {6, 7, 8, 9, 10, 9, 8, 7, 6}, {6, 7, 8, 9, 9, 9, 8, 7, 6},
      {6, 7, 8, 8, 8, 8, 8, 7, 6}, {6, 7, 7, 7, 7, 7, 7, 7, 6}, {6, 6, 6, 6, 6, 6, 6, 6, 6}};
  int total = 0;
  for (int cell = 0; cell < 81; ++cell) total += s[cell] * rings[cell / 9][cell % 9];
  return total;
}

TEST(TargetScore, OfficialSamples) {
  const Grid first = test::grid_from(
      "700900001 100005900 000200080 005020003 000000648 413000000 007002090 201060804 "
      "080504012");
  const Grid second = test::grid_from(
      "000702453 900008000 740005010 195080000 070000025 030579108 000601000 060900001 "
      "000000006");
  SearchStats stats;
  EXPECT_EQ(target_score(first, &stats), 2829);
  EXPECT_GT(stats.nodes, 0u);
  EXPECT_EQ(target_score(second), 2852);
}

TEST(TargetScore, MatchesEnumerationOnPuzzlesWithAFewSolutions) {
  const auto puzzles =
      test::read_puzzles(std::string(SUDOFORGE_TEST_DATA) + "/solver/unique_9x9.txt");
  SudokuSolver solver;
  int checked = 0;
  for (std::size_t i = 0; i < puzzles.size() && checked < 12; i += 17) {
    // Remove clues one by one until the puzzle has between 3 and 200 solutions.
    Grid p = puzzles[i];
    for (int cell = 0; cell < 81; ++cell) {
      if (!p[cell]) continue;
      p.clear(cell);
      if (solver.count(p, 3) >= 3) break;
    }
    int best = -1;
    const auto n = solver.enumerate(
        p,
        [&](const Grid& s) {
          EXPECT_TRUE(is_solution_of(p, s));
          best = std::max(best, score_of(s));
          return true;
        },
        200);
    if (n >= 200) continue;
    ++checked;
    EXPECT_EQ(target_score(p), best) << test::to_string(p);
  }
  EXPECT_GE(checked, 5);
}

TEST(TargetScore, FullGridsUnsolvableGridsAndOtherSizes) {
  const auto full = solve(Grid());
  ASSERT_TRUE(full);
  EXPECT_EQ(target_score(*full), score_of(*full));
  const Grid dead = test::grid_from(
      "...1234.. .9....... ......... 5........ 6........ 7........ 8........ ......... .........");
  EXPECT_EQ(target_score(dead), -1);
  Grid conflict;
  conflict.set(0, 5);
  conflict.set(1, 5);
  EXPECT_EQ(target_score(conflict), -1);
  EXPECT_THROW(target_score(Grid(Geometry(2, 3))), std::invalid_argument);
  EXPECT_EQ(target_weight(40), 10);
  EXPECT_EQ(target_weight(0), 6);
  EXPECT_EQ(target_weight(30), 9);
}

TEST(TargetScore, MatchesEnumerationOnSparserGrids) {
  // 28 scattered givens kept from random full grids: up to thousands of solutions each.
  SudokuSolver solver;
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12 && checked < 4; ++seed) {
    Grid p = *solver.random_solution(Grid(), seed);
    for (int cell = 0; cell < 81; ++cell) {
      if ((cell * 7 + static_cast<int>(seed)) % 81 >= 28) p.clear(cell);
    }
    int best = -1;
    const auto n = solver.enumerate(
        p,
        [&](const Grid& s) {
          best = std::max(best, score_of(s));
          return true;
        },
        20000);
    if (n < 2 || n >= 20000) continue;
    ++checked;
    SCOPED_TRACE(test::to_string(p) + " solutions " + std::to_string(n));
    EXPECT_EQ(target_score(p), best);
  }
  EXPECT_GE(checked, 2);
}

}  // namespace
}  // namespace sudoforge
