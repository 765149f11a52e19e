#include "sudoforge/bench/harness.h"

#include <time.h>

#include <algorithm>
#include <fstream>
#include <optional>

#include "sudoforge/core/validate.h"
#include "sudoforge/solver/internal/engine_choice.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace sudoforge::bench {

double thread_cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

double CallTimes::mean_us() const {
  if (wall_us.empty()) return 0;
  double sum = 0;
  for (double t : wall_us) sum += t;
  return sum / static_cast<double>(wall_us.size());
}

CountRun run_counts(const std::vector<Grid>& puzzles, Engine engine) {
  SudokuSolver solver = pinned_solver(engine);
  CountRun r;
  SearchStats total;
  r.times = time_calls(puzzles.size(), [&](std::size_t i) {
    SearchStats s;
    std::uint64_t n = 0;
    try {
      n = solver.count(puzzles[i], 2, &s);
    } catch (const ConflictingGivens&) {
    }
    total.nodes += s.nodes;
    total.guesses += s.guesses;
    if (n != 1) ++r.not_unique;
  });
  for (const Grid& p : puzzles) {
    std::optional<Grid> s;
    try {
      s = solver.solve(p);
    } catch (const ConflictingGivens&) {
    }
    if (s && !is_solution_of(p, *s)) ++r.invalid;
  }
  const double n = std::max<double>(1, static_cast<double>(puzzles.size()));
  r.nodes = static_cast<double>(total.nodes) / n;
  r.guesses = static_cast<double>(total.guesses) / n;
  return r;
}

GradeRun run_grading(const std::vector<Grid>& puzzles, const grader::GradeOptions& options,
                     const std::function<void(std::size_t)>& before_each) {
  grader::Grader grader(options);
  GradeRun r;
  r.cpu_ms.reserve(puzzles.size());
  r.wall_ms.reserve(puzzles.size());
  r.er.reserve(puzzles.size());
  r.complete.reserve(puzzles.size());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (before_each) before_each(i);
    const double c0 = thread_cpu_us();
    const auto t0 = std::chrono::steady_clock::now();
    const grader::Rating rating = grader.rate(puzzles[i]);
    const auto t1 = std::chrono::steady_clock::now();
    const double ms = (thread_cpu_us() - c0) / 1e3;
    r.cpu_ms.push_back(ms);
    r.wall_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    r.er.push_back(rating.er);
    r.complete.push_back(rating.complete);
    r.cpu_s += ms / 1e3;
    if (!rating.complete) ++r.incomplete;
    if (ms > r.cpu_ms[r.slowest]) r.slowest = i;
  }
  return r;
}

std::vector<Grid> unique_only(std::vector<Grid> puzzles, std::size_t* dropped) {
  SudokuSolver solver;
  std::vector<Grid> kept;
  kept.reserve(puzzles.size());
  for (Grid& p : puzzles) {
    std::uint64_t n = 0;
    try {
      n = solver.count(p, 2);
    } catch (const ConflictingGivens&) {
    }
    if (n == 1) {
      kept.push_back(std::move(p));
    } else if (dropped) {
      ++*dropped;
    }
  }
  return kept;
}

std::vector<Grid> read_line_puzzles(const std::string& path) {
  std::vector<Grid> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() < 81) continue;
    std::vector<std::uint8_t> cells(81);
    bool ok = true;
    for (int i = 0; i < 81; ++i) {
      const char c = line[i];
      if (c >= '1' && c <= '9') {
        cells[i] = static_cast<std::uint8_t>(c - '0');
      } else if (c == '.' || c == '0') {
        cells[i] = 0;
      } else {
        ok = false;
      }
    }
    if (ok) out.emplace_back(Geometry(), std::move(cells));
  }
  return out;
}

}  // namespace sudoforge::bench
