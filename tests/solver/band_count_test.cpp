// The classic 9x9 count (SudokuSolver::count) runs the band engine's count-only rules: the
// mini-row rule and branching on a digit's configurations in a band (band_engine.cpp).
// has_other_solution too (its forbidden candidates removed at setup); solve and enumerate
// keep the first rules. The count must be exactly
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

// has_other_solution runs the count-only rules too, with its forbidden candidates removed
// at setup: the generator's question (a clue emptied, its value forbidden) on unique
// puzzles must get what enumeration (the first rules, nothing forbidden) answers. q without
// the clue c has another solution exactly when it has two: a second one that kept S[c]
// would be a second solution of q. Both answers must occur (a search that ignored the
// forbidden candidate would always find S).
TEST(BandCount, OtherSolutionQuestionsAnswerWhatEnumerationFinds) {
  SudokuSolver solver;
  int needed = 0, removable = 0;
  const auto puzzles = fixture("grader/top1465_300.txt");
  for (std::size_t i = 0; i < puzzles.size(); i += 5) {
    const auto s = solver.solve(puzzles[i]);
    ASSERT_TRUE(s);
    // Most of these puzzles are minimal: four more clues of S make some clues removable.
    Grid q = puzzles[i];
    for (int c = static_cast<int>(i) % 81, added = 0; added < 4; c = (c + 7) % 81) {
      if (!q[c]) {
        q.set(c, (*s)[c]);
        ++added;
      }
    }
    for (int c = 0; c < 81; ++c) {
      if (!q[c]) continue;
      Grid p = q;
      p.clear(c);
      const Candidate forbidden{c, (*s)[c]};
      const bool other = solver.has_other_solution(p, {&forbidden, 1});
      ASSERT_EQ(other, enumerated(solver, p, 2) == 2) << c << ' ' << test::to_string(p);
      (other ? needed : removable)++;
    }
  }
  EXPECT_GT(needed, 300);
  EXPECT_GT(removable, 50);
}

}  // namespace
}  // namespace sudoforge
