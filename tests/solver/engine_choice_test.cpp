// The solver's own engine choice (what every caller of the public API gets) on the boards
// users bring: the puzzles `sudoforge generate` makes (unique,
// minimal). Plain dancing links needs up to millions of nodes for one of these 16x16
// puzzles and hours for the 25x25 one; the automatic choice must settle each within a
// small node budget (a budget, not a clock, so the test is as strict on a slow machine).
#include "sudoforge/solver/internal/engine_choice.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "sudoforge/core/validate.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "test_util.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace sudoforge {
namespace {

std::vector<Grid> read_board(const std::string& name, Geometry g) {
  std::vector<Grid> out;
  std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/solver/" + name);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') out.push_back(test::grid_from(line, g));
  }
  return out;
}

// Counts to 2 under `budget` nodes and checks the solution it finds with the independent
// validator. SearchAborted (the budget ran out) fails the test.
void expect_unique_within(const Grid& puzzle, std::uint64_t budget) {
  SudokuSolver solver;
  solver.set_limits({budget, nullptr});
  std::vector<Grid> found;
  SearchStats stats;
  const std::uint64_t n = solver.enumerate(
      puzzle,
      [&](const Grid& s) {
        found.push_back(s);
        return true;
      },
      2, &stats);
  ASSERT_EQ(n, 1u) << test::to_string(puzzle);
  EXPECT_TRUE(is_solution_of(puzzle, found[0])) << test::to_string(puzzle);
  EXPECT_LE(stats.nodes, budget);
}

TEST(EngineChoice, GeneratedSixteenBySixteenCountWithinAFewThousandNodes) {
  const auto puzzles = read_board("generated_16x16.txt", Geometry(4, 4));
  ASSERT_EQ(puzzles.size(), 30u);
  // The automatic engine needs at most about 20,000 nodes on each; dancing links needs
  // 4.7 million on the worst of them.
  for (const Grid& p : puzzles) expect_unique_within(p, 1'000'000);
}

TEST(EngineChoice, GeneratedTwentyFiveByTwentyFiveCountsWithinItsBudget) {
  const auto puzzles = read_board("generated_25x25.txt", Geometry(5, 5));
  ASSERT_EQ(puzzles.size(), 1u);
  // About 9 million nodes (lookahead placements included); dancing links ran for hours.
  expect_unique_within(puzzles[0], 40'000'000);
}

TEST(EngineChoice, AutoAndBitwiseChooseTheSameEngineOffNineByNine) {
  // The two names must not pick different searches on one board: both are the per-cell
  // engine there, so the counts and node counts agree exactly.
  const auto puzzles = read_board("generated_16x16.txt", Geometry(4, 4));
  ASSERT_FALSE(puzzles.empty());
  SudokuSolver automatic = pinned_solver(Engine::kAuto), bitwise = pinned_solver(Engine::kBitwise);
  for (std::size_t i = 0; i < 5; ++i) {
    SearchStats a, b;
    EXPECT_EQ(automatic.count(puzzles[i], 2, &a), bitwise.count(puzzles[i], 2, &b));
    EXPECT_EQ(a.nodes, b.nodes);
  }
}

// The public API leaves the choice to the solver; only internal/engine_choice.h pins one,
// and a pinned solver keeps its engine when moved (the generator stores one in a member).
TEST(EngineChoice, DefaultIsAutomaticAndAPinSurvivesAMove) {
  EXPECT_EQ(internal::pinned_engine(SudokuSolver()), Engine::kAuto);
  for (Engine e : {Engine::kLinked, Engine::kBitwise, Engine::kCellMasks}) {
    SudokuSolver pinned = pinned_solver(e);
    EXPECT_EQ(internal::pinned_engine(pinned), e);
    SudokuSolver moved = std::move(pinned);
    EXPECT_EQ(internal::pinned_engine(moved), e);
  }
}

}  // namespace
}  // namespace sudoforge
