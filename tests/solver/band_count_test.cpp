// The classic 9x9 count (SudokuSolver::count) runs the band engine's count-only rules: the
// mini-row rule and branching on a digit's configurations in a band (band_engine.cpp).
// solve, enumerate and has_other_solution keep the first rules. The count must be exactly
// what enumeration finds (every cap, unique, several and no solutions), on the fixtures and
// on random puzzles, and the count-only search must be the smaller one on hard puzzles.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "random_puzzles.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "test_util.h"

namespace sudoforge {
namespace {

std::vector<Grid> fixture(const std::string& name) {
  return test::read_puzzles(std::string(SUDOFORGE_TEST_DATA) + "/" + name);
}

// Solutions of p found by enumeration (the first rules), up to cap.
std::uint64_t enumerated(SudokuSolver& solver, const Grid& p, std::uint64_t cap,
                         SearchStats* stats = nullptr) {
  return solver.enumerate(
      p, [](const Grid&) { return true; }, cap, stats);
}

TEST(BandCount, FixturesCountOneAndSolveChecks) {
  SudokuSolver solver;
  for (const char* name :
       {"grader/top1465_300.txt", "grader/17clue_500.txt", "solver/unique_9x9.txt"}) {
    const auto puzzles = fixture(name);
    ASSERT_GE(puzzles.size(), 290u) << name;
    for (const Grid& p : puzzles) {
      ASSERT_EQ(solver.count(p, 2), 1u) << name << ' ' << test::to_string(p);
      ASSERT_EQ(solver.count(p, 100), 1u) << name << ' ' << test::to_string(p);
      const auto s = solver.solve(p);
      ASSERT_TRUE(s && is_solution_of(p, *s)) << name << ' ' << test::to_string(p);
    }
  }
}

// Random puzzles cut from random grids, from 17 to 40 givens: many have several solutions
// (dozens to thousands), so the caps are reached or not; one given in five replaced by
// another value gives puzzles with no solution (most conflict: then both must throw).
TEST(BandCount, RandomPuzzlesCountWhatEnumerationFinds) {
  SudokuSolver solver;
  std::mt19937_64 rng(26);
  int several = 0, none = 0;
  for (int k = 0; k < 600; ++k) {
    const Grid p = test::cut_puzzle(solver, rng, k).puzzle;
    for (std::uint64_t cap : {1u, 2u, 7u, 300u}) {
      std::uint64_t want = 0;
      bool conflict = false;
      try {
        want = enumerated(solver, p, cap);
      } catch (const ConflictingGivens&) {
        conflict = true;
      }
      if (conflict) {
        EXPECT_THROW(solver.count(p, cap), ConflictingGivens) << test::to_string(p);
        break;
      }
      ASSERT_EQ(solver.count(p, cap), want) << "cap " << cap << ' ' << test::to_string(p);
      if (cap == 300) {
        several += want > 1;
        none += want == 0;
      }
    }
  }
  EXPECT_GT(several, 100);  // the test reaches puzzles with several solutions ...
  EXPECT_GT(none, 5);       // ... and with none
}

// On the hardest fixture the count-only rules search a smaller tree than the first rules
// (guesses = branches tried; enumeration to 2 does the same work as the first rules'
// count): the first rules take about 37 guesses a puzzle on top1465, these about 21.
TEST(BandCount, CountSearchesLessThanTheFirstRulesOnHardPuzzles) {
  SudokuSolver solver;
  SearchStats fast, first;
  for (const Grid& p : fixture("grader/top1465_300.txt")) {
    ASSERT_EQ(solver.count(p, 2, &fast), 1u);
    ASSERT_EQ(enumerated(solver, p, 2, &first), 1u);
  }
  EXPECT_LT(fast.guesses * 4, first.guesses * 3) << fast.guesses << " vs " << first.guesses;
}

}  // namespace
}  // namespace sudoforge
