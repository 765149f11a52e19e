// The benchmark harness: what it reports must be what was measured (counts, answers,
// ratings, the slowest puzzle); the times themselves are not tested.
#include "sudoforge/bench/harness.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "sudoforge/solver/internal/engine_choice.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace sudoforge::bench {
namespace {

Grid grid81(const std::string& s) {
  std::vector<std::uint8_t> cells(81);
  for (int i = 0; i < 81; ++i) cells[i] = (s[i] >= '1' && s[i] <= '9') ? s[i] - '0' : 0;
  return Grid(Geometry(), cells);
}

std::vector<Grid> fixture(std::size_t n) {
  std::vector<Grid> out;
  std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/grader/cb001_1000.txt");
  for (std::string line; out.size() < n && std::getline(in, line);) {
    if (line.size() >= 81) out.push_back(grid81(line.substr(0, 81)));
  }
  return out;
}

TEST(Harness, MedianIsTheUpperMedian) {
  EXPECT_EQ(median({}), 0);
  EXPECT_EQ(median({5}), 5);
  EXPECT_EQ(median({4, 1, 3, 2}), 3);
  EXPECT_EQ(median({9, 1, 5}), 5);
}

TEST(Harness, TimeCallsCallsEachIndexOnce) {
  std::vector<int> seen;
  const CallTimes t = time_calls(7, [&](std::size_t i) { seen.push_back(static_cast<int>(i)); });
  EXPECT_EQ(seen, (std::vector<int>{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(t.calls(), 7u);
  for (double us : t.wall_us) EXPECT_GE(us, 0);
}

TEST(Harness, CountsReportTheNonUniqueAndNoInvalidAnswer) {
  std::vector<Grid> puzzles = fixture(50);
  ASSERT_EQ(puzzles.size(), 50u);
  Grid open = puzzles[0];
  for (int c = 0; c < 81; ++c) {
    if (open[c]) {
      open.clear(c);
      break;
    }
  }
  Grid loose = open;  // cb001 puzzles are minimal: one clue less is not unique
  puzzles.push_back(loose);
  puzzles.push_back(Grid());  // the empty grid
  for (Engine e : {Engine::kAuto, Engine::kLinked, Engine::kCellMasks}) {
    const CountRun r = run_counts(puzzles, e);
    EXPECT_EQ(r.times.calls(), puzzles.size());
    EXPECT_EQ(r.not_unique, 2u);
    EXPECT_EQ(r.invalid, 0u);
    EXPECT_GT(r.nodes, 0);
  }
}

TEST(Harness, GradingRatesEveryPuzzleAsAGraderDoes) {
  const std::vector<Grid> puzzles = fixture(40);
  const GradeRun r = run_grading(puzzles);
  ASSERT_EQ(r.er.size(), puzzles.size());
  ASSERT_EQ(r.cpu_ms.size(), puzzles.size());
  grader::Grader reference;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const grader::Rating g = reference.rate(puzzles[i]);
    EXPECT_EQ(r.er[i], g.er) << i;
    EXPECT_EQ(r.complete[i], g.complete) << i;
  }
  EXPECT_EQ(r.slowest, static_cast<std::size_t>(std::max_element(r.cpu_ms.begin(), r.cpu_ms.end()) -
                                                r.cpu_ms.begin()));
  double sum = 0;
  for (double ms : r.cpu_ms) sum += ms;
  EXPECT_NEAR(r.cpu_s, sum / 1e3, 1e-9);
  std::vector<std::size_t> order;
  run_grading(puzzles, {}, [&](std::size_t i) { order.push_back(i); });
  EXPECT_EQ(order.size(), puzzles.size());
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end()));
}

TEST(Harness, UniqueOnlyDropsTheOthers) {
  std::vector<Grid> puzzles = fixture(5);
  // Two equal givens in row 1: its first given copied into its first empty cell.
  Grid conflict = puzzles[0];
  int given = -1, empty = -1;
  for (int c = 0; c < 9; ++c) {
    if (conflict[c] && given < 0) given = c;
    if (!conflict[c] && empty < 0) empty = c;
  }
  ASSERT_GE(given, 0);
  ASSERT_GE(empty, 0);
  conflict.set(empty, conflict[given]);
  puzzles.push_back(conflict);
  puzzles.push_back(Grid());
  std::size_t dropped = 0;
  const std::vector<Grid> kept = unique_only(puzzles, &dropped);
  EXPECT_EQ(kept.size(), 5u);
  EXPECT_EQ(dropped, 2u);
}

}  // namespace
}  // namespace sudoforge::bench
