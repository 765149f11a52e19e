// sudoforge bench: solver or grader speed on puzzle files, with every answer checked
// independently (solve) or every puzzle's uniqueness checked outside the timing (grade).
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "input.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::cli {
namespace {

constexpr const char* kUsageLine = "sudoforge bench FILE... [--what solve|grade] [OPTIONS]";
constexpr const char* kExamples =
    "  sudoforge bench ../shared/data/17clue.txt ../shared/data/top1465.txt\n"
    "  sudoforge bench --engine linked --max 2000 ../shared/data/top1465.txt\n"
    "  sudoforge bench --what grade ../shared/data/cb001-ser.txt   # puzzles/s, slowest\n";

struct FileResult {
  std::string name;
  std::size_t puzzles = 0;
  double median_us = 0, mean_us = 0;
  double nodes = 0, guesses = 0;
  std::size_t not_unique = 0, invalid = 0;
};

// The upper median of a non-empty list (reorders it).
double median(std::vector<double>& v) {
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

// A file name fit for the 32-character first column: its end, after "...".
std::string column_name(const std::string& name) {
  return name.size() > 32 ? "..." + name.substr(name.size() - 29) : name;
}

struct GradeResult {
  std::string name;
  std::size_t puzzles = 0, not_unique = 0, incomplete = 0;
  double cpu_s = 0, median_ms = 0, slowest_ms = 0;
  std::string slowest;
};

// CPU time of this thread: the grading runs on one thread, and the machine may be shared.
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Rates every unique puzzle of each file on one thread (the default GradeOptions, as
// `sudoforge grade`) and reports the rate in CPU time, the median and the slowest.
int bench_grade(const po::variables_map& vm, long long max) {
  Diagnostics diag;
  SudokuSolver solver;
  grader::Grader grader;
  std::vector<GradeResult> results;
  // A progress line on stderr when it is a terminal (cb001 takes 10-15 s), outside the
  // timed calls; at most five updates a second.
  const bool progress = stderr_is_tty();
  auto last = std::chrono::steady_clock::now();
  for (const std::string& file : vm["files"].as<std::vector<std::string>>()) {
    std::vector<Grid> puzzles;
    GradeResult res;
    res.name = file;
    for_each_record(
        {file}, reader_options_from(vm), diag, [&](const Record& r, const std::string&) {
          // Uniqueness is checked here, outside the timing: the grader rates unique puzzles.
          std::uint64_t n = 0;
          try {
            n = solver.count(r.grid, 2);
          } catch (const ConflictingGivens&) {
          }
          if (n == 1) {
            puzzles.push_back(r.grid);
          } else {
            ++res.not_unique;
          }
          return max == 0 || static_cast<long long>(puzzles.size() + res.not_unique) < max;
        });
    res.puzzles = puzzles.size();
    if (puzzles.empty()) {
      results.push_back(res);
      continue;
    }
    std::vector<double> times;
    times.reserve(puzzles.size());
    for (const Grid& p : puzzles) {
      if (progress && times.size() % 64 == 0 &&
          std::chrono::steady_clock::now() - last > std::chrono::milliseconds(200)) {
        last = std::chrono::steady_clock::now();
        std::fprintf(stderr, "\rsudoforge bench: %s: %zu/%zu graded\033[K", file.c_str(),
                     times.size(), puzzles.size());
      }
      const double c0 = thread_cpu_ms();
      const grader::Rating r = grader.rate(p);
      const double ms = thread_cpu_ms() - c0;
      times.push_back(ms);
      res.cpu_s += ms / 1e3;
      if (!r.complete) ++res.incomplete;
      if (ms > res.slowest_ms) {
        res.slowest_ms = ms;
        res.slowest = to_line(p, default_style(p.geometry()));
      }
    }
    if (progress) std::fputs("\r\033[K", stderr);
    res.median_ms = median(times);
    results.push_back(res);
  }
  std::printf("grading (SE ladder, default options), one thread, CPU time\n");
  std::printf("%-32s %9s %9s %11s %10s %11s %10s %10s\n", "file", "puzzles", "cpu_s", "puzzles/s",
              "median_ms", "slowest_ms", "incomplete", "not_unique");
  for (const auto& r : results) {
    const std::string name = column_name(r.name);
    const double rate = r.cpu_s > 0 ? static_cast<double>(r.puzzles) / r.cpu_s : 0;
    std::printf("%-32s %9zu %9.3f %11.1f %10.3f %11.3f %10zu %10zu\n", name.c_str(), r.puzzles,
                r.cpu_s, rate, r.median_ms, r.slowest_ms, r.incomplete, r.not_unique);
  }
  for (const auto& r : results) {
    if (!r.slowest.empty()) std::printf("slowest of %s: %s\n", r.name.c_str(), r.slowest.c_str());
  }
  return diag.exit_code();
}

}  // namespace

int cmd_bench(const Invocation& inv) {
  po::options_description options("bench options");
  // clang-format off
  options.add_options()
    ("files", po::value<std::vector<std::string>>()->multitoken(), "puzzle files")
    ("what", po::value<std::string>()->default_value("solve"),
     "what to measure: solve (count to 2) or grade (rate on one thread)")
    ("engine", po::value<std::string>()->default_value("auto"), "auto, linked or bitwise")
    ("max", po::value<long long>()->default_value(0), "use at most this many puzzles per file (0: all)");
  // clang-format on
  add_input_options(options);
  po::variables_map vm;
  if (!parse_options(inv, options, kUsageLine, kExamples, vm, "files")) return kOk;
  if (!vm.count("files")) throw UsageError("name at least one puzzle file");
  const std::string what = vm["what"].as<std::string>();
  if (what != "solve" && what != "grade") {
    throw UsageError("--what: 'solve' or 'grade', not '" + what + "'");
  }
  const long long max = vm["max"].as<long long>();
  if (max < 0) throw UsageError("--max must be >= 0");
  if (what == "grade") return bench_grade(vm, max);
  const std::string engine_name = vm["engine"].as<std::string>();
  Engine engine = Engine::kAuto;
  if (engine_name == "linked") engine = Engine::kLinked;
  else if (engine_name == "bitwise") engine = Engine::kBitwise;
  else if (engine_name != "auto") throw UsageError("bad --engine '" + engine_name + "'");

  Diagnostics diag;
  SudokuSolver solver(engine);
  std::vector<FileResult> results;
  for (const std::string& file : vm["files"].as<std::vector<std::string>>()) {
    std::vector<Grid> puzzles;
    for_each_record({file}, reader_options_from(vm), diag, [&](const Record& r, const std::string&) {
      puzzles.push_back(r.grid);
      return max == 0 || static_cast<long long>(puzzles.size()) < max;
    });
    FileResult res;
    res.name = file;
    res.puzzles = puzzles.size();
    if (puzzles.empty()) continue;
    std::vector<double> times;
    times.reserve(puzzles.size());
    SearchStats total;
    for (const Grid& p : puzzles) {
      SearchStats s;
      std::uint64_t n = 0;
      const auto t0 = std::chrono::steady_clock::now();
      try {
        n = solver.count(p, 2, &s);
      } catch (const ConflictingGivens&) {
        n = 0;
      }
      const auto t1 = std::chrono::steady_clock::now();
      times.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
      total.nodes += s.nodes;
      total.guesses += s.guesses;
      if (n != 1) ++res.not_unique;
    }
    // Checked outside the timed loop, by the independent validator.
    for (const Grid& p : puzzles) {
      std::optional<Grid> s;
      try {
        s = solver.solve(p);
      } catch (const ConflictingGivens&) {
      }
      if (s && !is_solution_of(p, *s)) ++res.invalid;
    }
    double sum = 0;
    for (double t : times) sum += t;
    res.median_us = median(times);
    res.mean_us = sum / static_cast<double>(times.size());
    res.nodes = static_cast<double>(total.nodes) / static_cast<double>(puzzles.size());
    res.guesses = static_cast<double>(total.guesses) / static_cast<double>(puzzles.size());
    results.push_back(res);
  }

  std::printf("count-to-2, engine %s, one thread\n", engine_name.c_str());
  std::printf("%-32s %9s %11s %11s %10s %9s %10s %8s\n", "file", "puzzles", "median_us",
              "mean_us", "nodes", "guesses", "not_unique", "invalid");
  for (const auto& r : results) {
    const std::string name = column_name(r.name);
    std::printf("%-32s %9zu %11.2f %11.2f %10.1f %9.2f %10zu %8zu\n", name.c_str(), r.puzzles,
                r.median_us, r.mean_us, r.nodes, r.guesses, r.not_unique, r.invalid);
    if (r.invalid) diag.record_error(r.name, 0, std::to_string(r.invalid) + " invalid solutions");
  }
  return diag.exit_code();
}

}  // namespace sudoforge::cli
