#include "sudoforge/solver/search_limits.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "sudoforge/core/validate.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/random_solution.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "sudoforge/solver/target_score.h"
#include "test_util.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace sudoforge {
namespace {

const Engine kEngines[] = {Engine::kAuto, Engine::kLinked, Engine::kBitwise, Engine::kCellMasks};

std::vector<Grid> fixture() {
  static const auto puzzles =
      test::read_puzzles(std::string(SUDOFORGE_TEST_DATA) + "/solver/unique_9x9.txt");
  return puzzles;
}

// Sets the flag when destroyed or after `delay`, whichever comes first; joins its thread.
class StopLater {
 public:
  explicit StopLater(std::chrono::milliseconds delay)
      : thread_([this, delay] {
          std::this_thread::sleep_for(delay);
          flag_.store(true);
        }) {}
  ~StopLater() { thread_.join(); }
  const std::atomic<bool>* flag() const { return &flag_; }
  bool raised() const { return flag_.load(); }

 private:
  std::atomic<bool> flag_{false};
  std::thread thread_;
};

TEST(SearchLimits, EmptyBigGridCountedToTheEndHitsTheNodeLimit) {
  const Grid empty(Geometry(5, 5));
  for (Engine e : kEngines) {
    SCOPED_TRACE(static_cast<int>(e));
    SudokuSolver solver = pinned_solver(e);
    solver.set_limits({100000, nullptr});
    EXPECT_EQ(solver.limits().max_nodes, 100000u);
    SearchStats stats;
    try {
      solver.count(empty, UINT64_MAX, &stats);
      ADD_FAILURE() << "no SearchAborted";
    } catch (const SearchAborted& aborted) {
      EXPECT_EQ(aborted.reason(), SearchAborted::Reason::kNodeLimit);
      EXPECT_GE(aborted.nodes(), 100000u);
      // At most one propagation (N*N placements) past the limit.
      EXPECT_LE(aborted.nodes(), 100000u + 625u);
      EXPECT_EQ(stats.nodes, aborted.nodes());  // the work spent is still reported
    }
    // enumerate and random_solution are bounded the same way.
    EXPECT_THROW(solver.enumerate(empty, [](const Grid&) { return true; }), SearchAborted);
    solver.set_limits({10, nullptr});
    EXPECT_THROW(solver.random_solution(Grid(Geometry(4, 4)), 5), SearchAborted);
    EXPECT_THROW(solver.random_solution(Grid(), 5), SearchAborted);
  }
}

TEST(SearchLimits, StopFlagFromAnotherThreadEndsALongSearch) {
  // 9x9 has about 6.7e21 grids: counting them all never ends on its own.
  for (Engine e : kEngines) {
    SCOPED_TRACE(static_cast<int>(e));
    SudokuSolver solver = pinned_solver(e);
    StopLater stop(std::chrono::milliseconds(30));
    solver.set_limits({0, stop.flag()});
    try {
      solver.count(Grid(), UINT64_MAX);
      ADD_FAILURE() << "no SearchAborted";
    } catch (const SearchAborted& aborted) {
      EXPECT_EQ(aborted.reason(), SearchAborted::Reason::kStopped);
      EXPECT_TRUE(stop.raised());
    }
  }
  // target_score takes the limits per call.
  StopLater stop(std::chrono::milliseconds(10));
  const SearchLimits limits{0, stop.flag()};
  const Grid stuck = test::grid_from(
      // Only 1..4 in the first row, elsewhere empty: many solutions, near-equal scores.
      "1234..... ......... ......... ......... ......... ......... ......... ......... .........");
  try {
    // Either it finishes (a fast bound) or the flag stops it; a result must be exact.
    const int best = target_score(stuck, nullptr, limits);
    EXPECT_GT(best, 0);
  } catch (const SearchAborted& aborted) {
    EXPECT_EQ(aborted.reason(), SearchAborted::Reason::kStopped);
  }
}

TEST(SearchLimits, AFlagAlreadySetStopsAtTheFirstPoll) {
  std::atomic<bool> stop{true};
  SudokuSolver solver = pinned_solver(Engine::kCellMasks);
  solver.set_limits({0, &stop});
  EXPECT_THROW(solver.count(Grid(Geometry(4, 4)), UINT64_MAX), SearchAborted);
  // (Not the empty grid: its answer needs no search, see target_score.cpp.)
  Grid sparse;
  sparse.set(0, 1);
  EXPECT_THROW(target_score(sparse, nullptr, {0, &stop}), SearchAborted);
  EXPECT_THROW(target_score(sparse, nullptr, {50, nullptr}), SearchAborted);
}

TEST(SearchLimits, AbortedSolversStayCorrectAndLooseLimitsChangeNothing) {
  const auto puzzles = fixture();
  for (Engine e : kEngines) {
    SCOPED_TRACE(static_cast<int>(e));
    SudokuSolver bounded = pinned_solver(e), free = pinned_solver(e);
    std::atomic<bool> never{false};
    bounded.set_limits({50, nullptr});
    EXPECT_THROW(bounded.count(Grid(), UINT64_MAX), SearchAborted);
    // A generous budget and an unset flag: every answer as without limits, stats equal.
    bounded.set_limits({1000000, &never});
    for (std::size_t i = 0; i < puzzles.size(); i += 9) {
      SearchStats a, b;
      EXPECT_EQ(bounded.count(puzzles[i], 2, &a), 1u);
      EXPECT_EQ(free.count(puzzles[i], 2, &b), 1u);
      EXPECT_EQ(a.nodes, b.nodes);
      EXPECT_EQ(a.guesses, b.guesses);
      EXPECT_EQ(bounded.solve(puzzles[i]), free.solve(puzzles[i]));
    }
    EXPECT_EQ(bounded.count(Grid(Geometry(2, 2)), UINT64_MAX), 288u);
    EXPECT_EQ(bounded.random_solution(Grid(), 9), free.random_solution(Grid(), 9));
    // Back to unbounded.
    bounded.set_limits({});
    EXPECT_FALSE(bounded.limits().bounded());
    EXPECT_EQ(bounded.count(Grid(Geometry(2, 2)), UINT64_MAX), 288u);
  }
}

TEST(SearchLimits, CountNeverReturnsAPartialAnswer) {
  // For every budget, a 6x6 count to the end either throws or is exact.
  Grid empty(Geometry(2, 3));
  for (int c = 0; c < 6; ++c) empty.set(c, c + 1);
  SudokuSolver reference = pinned_solver(Engine::kLinked);
  const std::uint64_t total = reference.count(empty, UINT64_MAX);
  EXPECT_EQ(total, 28200960u / 720u);  // 6x6 grids / relabellings of the first row
  for (Engine e : {Engine::kLinked, Engine::kCellMasks}) {
    SudokuSolver solver = pinned_solver(e);
    int thrown = 0;
    for (std::uint64_t budget : {1ull, 7ull, 100ull, 5000ull}) {
      solver.set_limits({budget, nullptr});
      try {
        EXPECT_EQ(solver.count(empty, UINT64_MAX), total);
      } catch (const SearchAborted&) {
        ++thrown;
      }
    }
    EXPECT_EQ(thrown, 4);
  }
}

}  // namespace
}  // namespace sudoforge
