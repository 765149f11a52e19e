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
      {6, 6, 6, 6, 6, 6, 6, 6, 6}, {6, 7, 7, 7, 7, 7, 7, 7, 6},  {6, 7, 8, 8, 8, 8, 8, 7, 6},
      {6, 7, 8, 9, 9, 9, 8, 7, 6}, {6, 7, 8, 9, 10, 9, 8, 7, 6}, {6, 7, 8, 9, 9, 9, 8, 7, 6},
      {6, 7, 8, 8, 8, 8, 8, 7, 6}, {6, 7, 7, 7, 7, 7, 7, 7, 6},  {6, 6, 6, 6, 6, 6, 6, 6, 6}};
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
  // 26-30 scattered givens kept from random full grids: up to thousands of solutions each.
  SudokuSolver solver;
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 60 && checked < 16; ++seed) {
    Grid p = *solver.random_solution(Grid(), seed);
    const int keep = 26 + static_cast<int>(seed % 5);  // 26..30 givens
    for (int cell = 0; cell < 81; ++cell) {
      if ((cell * 7 + static_cast<int>(seed)) % 81 >= keep) p.clear(cell);
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
  EXPECT_GE(checked, 8);
}

TEST(TargetScore, EmptyGridMaximumIs2906) {
  // Upper bound for any grid: 2430 + S7 + S5 + S3 + S1 (see target_score.cpp) with
  // S7 <= 405 - (90 + 2 * 45 - 34) = 259 (the four corners sum to at most 9+8+9+8),
  // S5 <= 45 + 35 + 35 + 24 + 24 = 163, S3 = 45, S1 <= 9: 2906. This grid attains it.
  const Grid witness = test::grid_from(
      "974521368582643197136879542358764921617392854249158736425987613791436285863215479");
  ASSERT_TRUE(is_valid_solution(witness));
  EXPECT_EQ(score_of(witness), 2906);
  EXPECT_EQ(target_score(Grid()), 2906);
  // Givens taken from a mirror image of the witness: still 2906.
  Grid mirrored;
  for (int cell = 0; cell < 81; cell += 5) {
    mirrored.set(cell, witness[(cell / 9) * 9 + 8 - cell % 9]);
  }
  EXPECT_EQ(target_score(mirrored), 2906);
  // The full witness and full grids of other scores are scored as they are.
  EXPECT_EQ(target_score(witness), 2906);
}

TEST(TargetScore, SparseGridsFinishWithinABoundedSearch) {
  // 18-22 givens kept from random full grids: far too many solutions to enumerate; a
  // bounded search must still finish (the bound cuts), with an answer between the score
  // of the grid the givens came from and the 2906 maximum.
  SudokuSolver solver;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Grid full = *solver.random_solution(Grid(), 100 + seed);
    Grid p = full;
    const int keep = 18 + static_cast<int>(seed % 5);
    int kept = 0;
    for (int k = 0; k < 81; ++k) {
      const int cell = (k * 37 + static_cast<int>(seed) * 11) % 81;  // a permutation of 0..80
      if (kept < keep) {
        ++kept;
      } else {
        p.clear(cell);
      }
    }
    SCOPED_TRACE(test::to_string(p));
    SearchStats stats;
    int best = -2;
    ASSERT_NO_THROW(best = target_score(p, &stats, SearchLimits{3000000, nullptr}));
    EXPECT_GE(best, score_of(full));
    EXPECT_LE(best, 2906);
    EXPECT_GT(stats.nodes, 0u);
  }
}

}  // namespace
}  // namespace sudoforge
