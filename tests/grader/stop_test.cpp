// GradeOptions::stop: a grading in progress is abandoned on request (GradingStopped), from
// another thread, inside one long step, and the Grader is usable afterwards.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/grader/grader.h"

namespace sudoforge::grader {
namespace {

Grid grid_of(const std::string& s) {
  std::vector<std::uint8_t> cells(81);
  for (int i = 0; i < 81; ++i) cells[i] = (s[i] >= '1' && s[i] <= '9') ? s[i] - '0' : 0;
  return Grid(Geometry(), cells);
}

// Easter Monster: its first step already needs dynamic forcing chains nested in dynamic
// chains, and its grading takes many seconds, so a stop arriving after a few milliseconds
// falls inside a single step's chain search.
const char* kEasterMonster =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
const char* kEasy =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

// A cb001 puzzle rated 7.2 (forcing chains): the chain engines' caches are exercised.
const char* kChains =
    "..3....8..5.78.1....91....52.......6..7....3.6...1.......2..9....16..3..9725...1.";

bool same_rating(const Rating& a, const Rating& b) {
  return a.er == b.er && a.ep == b.ep && a.ed == b.ed && a.complete == b.complete &&
         a.step_count == b.step_count && a.techniques == b.techniques;
}

TEST(GraderStop, AFlagRaisedBeforehandStopsAtTheFirstStep) {
  std::atomic<bool> stop{true};
  GradeOptions options;
  options.stop = &stop;
  Grader grader(options);
  EXPECT_THROW(grader.rate(grid_of(kEasy)), GradingStopped);
}

TEST(GraderStop, AFlagRaisedDuringALongStepAbandonsIt) {
  std::atomic<bool> stop{false};
  GradeOptions options;
  options.stop = &stop;
  Grader grader(options);
  std::thread raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop.store(true);
  });
  bool stopped = false;
  try {
    grader.rate(grid_of(kEasterMonster));
  } catch (const GradingStopped&) {
    stopped = true;
  }
  raiser.join();
  EXPECT_TRUE(stopped);

  // Usable afterwards: the same ratings as a fresh grader, once the flag is lowered.
  stop.store(false);
  Grader fresh;
  for (const char* p : {kEasy, kChains}) {
    const Rating a = grader.rate(grid_of(p), true), b = fresh.rate(grid_of(p), true);
    EXPECT_TRUE(same_rating(a, b)) << p;
  }
}

TEST(GraderStop, NoFlagMeansNoStop) {
  Grader grader;
  const Rating r = grader.rate(grid_of(kEasy));
  EXPECT_TRUE(r.complete);
  EXPECT_GT(r.step_count, 0);
}

}  // namespace
}  // namespace sudoforge::grader
