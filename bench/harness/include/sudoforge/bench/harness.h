#pragma once
// The benchmark harness behind `sudoforge bench` (and so `make bench`) and the programs in
// bench/: one way to time calls, count puzzles to 2 and grade them, so every figure quoted
// from either is measured the same way.
//
// Contracts:
//  - Timed calls run on the calling thread, one after another; each is timed in wall-clock
//    microseconds, and the whole pass in this thread's CPU time (CLOCK_THREAD_CPUTIME_ID:
//    the stable figure on a shared machine). Checks of the answers run outside the timing.
//  - Medians are upper medians (the element at size/2 once sorted); 0 for no values.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::bench {

// CPU time of the calling thread, in microseconds.
double thread_cpu_us();

// The upper median of `values`; 0 when empty.
double median(std::vector<double> values);

// Wall-clock microseconds of each call, and the thread CPU time of the whole pass.
struct CallTimes {
  std::vector<double> wall_us;
  double cpu_us = 0;

  std::size_t calls() const { return wall_us.size(); }
  double median_us() const { return median(wall_us); }
  double mean_us() const;
  double cpu_mean_us() const { return wall_us.empty() ? 0 : cpu_us / wall_us.size(); }
};

// Times call(0) .. call(n-1).
template <class Call>
CallTimes time_calls(std::size_t n, Call&& call) {
  CallTimes t;
  t.wall_us.reserve(n);
  const double cpu0 = thread_cpu_us();
  for (std::size_t i = 0; i < n; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    call(i);
    const auto t1 = std::chrono::steady_clock::now();
    t.wall_us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  t.cpu_us = thread_cpu_us() - cpu0;
  return t;
}

// Counting to 2 on one thread: the solver's benchmark.
struct CountRun {
  CallTimes times;
  double nodes = 0, guesses = 0;  // per puzzle
  std::size_t not_unique = 0;     // count != 1, conflicting givens included
  std::size_t invalid = 0;        // solutions failing is_solution_of (must stay 0)
};
// Counts each puzzle to 2 with `engine` (timed), then solves each again and checks the
// solution with core's validator (untimed).
CountRun run_counts(const std::vector<Grid>& puzzles, internal::Engine engine);

// Grading on one thread: the grader's benchmark. Per puzzle, in input order.
struct GradeRun {
  std::vector<double> cpu_ms, wall_ms;
  std::vector<double> er;
  std::vector<bool> complete;
  double cpu_s = 0;         // the sum of cpu_ms, in seconds
  std::size_t slowest = 0;  // index of the largest cpu_ms (0 when there is none)
  std::size_t incomplete = 0;

  double puzzles_per_s() const { return cpu_s > 0 ? er.size() / cpu_s : 0; }
  double median_ms() const { return median(cpu_ms); }
  double slowest_ms() const { return cpu_ms.empty() ? 0 : cpu_ms[slowest]; }
};
// Rates each puzzle (precondition: unique; see unique_only) with one Grader of `options`.
// `before_each(i)`, when set, runs before puzzle i outside the timing (a progress line).
GradeRun run_grading(const std::vector<Grid>& puzzles, const grader::GradeOptions& options = {},
                     const std::function<void(std::size_t)>& before_each = {});

// The puzzles of `puzzles` with exactly one solution, in order; the others are counted in
// *dropped (conflicting givens, none or several solutions). Untimed: the grader's
// precondition, checked outside its benchmark.
std::vector<Grid> unique_only(std::vector<Grid> puzzles, std::size_t* dropped);

// The 9x9 puzzles of a file of line records (81 characters: 1-9 given, '.' or '0' empty;
// anything after them is ignored); lines that are not such a record are skipped. The
// benchmark programs' reader: the shared data sets are all in this form.
std::vector<Grid> read_line_puzzles(const std::string& path);

}  // namespace sudoforge::bench
