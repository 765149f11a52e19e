// solver_bench [--engine E]... [--repeat K] [--forbid] FILE...: uniqueness checks (count to
// 2) over puzzle files, per engine (bitwise, cellmasks, linked; default all three; "dlx" is
// the textbook generic Dlx of bench/textbook, for comparison).
//
// Each line's first 81 characters are a 9x9 puzzle ('.' or '0' empty); the rest of the line
// is ignored, as are lines shorter than 81 characters. For each file and engine it prints
// the median wall-clock microseconds per puzzle, the mean (wall clock, and thread CPU time
// over the whole pass: on a shared machine the CPU mean is the stable number, the wall mean
// also counts time the thread spent preempted), the guesses per puzzle, the puzzles whose
// count is not 1, and the solutions that fail the independent check (is_solution_of).
// Timing covers count(grid, 2) only; the checking solves run in a separate, untimed pass.
// --repeat K runs each (file, engine) K times, interleaved, and prints every pass.
// --target (no files needed): target_score on sparse grids: for 0 (the empty grid), 17, 18,
// 20, 22, 24 and 28 givens kept at random from random full grids, 5 grids each; prints
// nodes and seconds per grid (a grid whose search passes 50 million nodes is reported as
// aborted).
// --big (no files needed): count to 2 with kCellMasks and kLinked on 12x12, 16x16 and 25x25
// puzzles made by blanking random full grids, 40 per density; prints the median and mean
// microseconds and how many searches passed 2 million nodes (aborted).
// --forbid adds the generator's question per puzzle: for up to 8 empty cells, "is there a
// solution with another value here?" (has_other_solution with the known value excluded;
// must be false).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "sudoforge/bench/dlx.h"
#include "sudoforge/bench/harness.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "sudoforge/solver/target_score.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace {

using namespace sudoforge;


struct Result {
  double median_us = 0, mean_us = 0, cpu_mean_us = 0, guesses = 0;
  std::size_t calls = 0;
  int not_unique = 0, bad_solutions = 0;
};

using bench::thread_cpu_us;

// The textbook reference ("dlx"): the generic Dlx class, a matrix built per puzzle from the
// candidates the givens leave (as most published DLX Sudoku solvers do), count to 2.
class TextbookDlx {
 public:
  std::uint64_t count(const Grid& p, std::span<const Candidate> forbidden, SearchStats* stats) {
    bench::Dlx dlx(324);
    std::uint32_t used[27] = {};
    for (int cell = 0; cell < 81; ++cell) {
      if (const int v = p[cell]) {
        const int r = cell / 9, c = cell % 9, b = (r / 3) * 3 + c / 3;
        used[r] |= 1u << v;
        used[9 + c] |= 1u << v;
        used[18 + b] |= 1u << v;
      }
    }
    for (int cell = 0; cell < 81; ++cell) {
      const int r = cell / 9, c = cell % 9, b = (r / 3) * 3 + c / 3;
      for (int v = 1; v <= 9; ++v) {
        if (p[cell] ? p[cell] != v : ((used[r] | used[9 + c] | used[18 + b]) >> v & 1)) continue;
        bool banned = false;
        for (const Candidate& f : forbidden) banned |= f.cell == cell && f.value == v;
        if (banned) continue;
        dlx.add_row({cell, 81 + r * 9 + v - 1, 162 + c * 9 + v - 1, 243 + b * 9 + v - 1});
      }
    }
    return dlx.count(2, stats);
  }
};

// One timed call per entry of `calls`: (puzzle index, forbidden candidate or cell -1).
Result run(Engine engine, bool textbook, const std::vector<Grid>& puzzles, bool forbid) {
  SudokuSolver solver = pinned_solver(engine);
  TextbookDlx dlx;
  Result r;
  // Untimed: solutions (for the checks and the forbidden candidates).
  std::vector<std::optional<Grid>> solutions;
  solutions.reserve(puzzles.size());
  for (const Grid& p : puzzles) {
    solutions.push_back(solver.solve(p));
    if (!solutions.back() || !is_solution_of(p, *solutions.back())) ++r.bad_solutions;
  }
  std::vector<std::pair<std::size_t, Candidate>> calls;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    calls.push_back({i, Candidate{-1, 0}});
    if (!forbid || !solutions[i]) continue;
    int added = 0;
    for (int cell = 0; cell < 81 && added < 8; cell += 7) {
      if (puzzles[i][cell]) continue;
      calls.push_back({i, Candidate{cell, (*solutions[i])[cell]}});
      ++added;
    }
  }
  std::uint64_t guesses = 0;
  const bench::CallTimes t = bench::time_calls(calls.size(), [&](std::size_t k) {
    const auto& [i, f] = calls[k];
    SearchStats stats;
    const std::span<const Candidate> forbidden(&f, f.cell < 0 ? 0 : 1);
    const std::uint64_t n = textbook     ? dlx.count(puzzles[i], forbidden, &stats)
                            : f.cell < 0 ? solver.count(puzzles[i], 2, &stats)
                                         : solver.has_other_solution(puzzles[i], forbidden, &stats);
    guesses += stats.guesses;
    if (n != (f.cell < 0 ? 1u : 0u)) ++r.not_unique;
  });
  r.calls = t.calls();
  if (r.calls > 0) {
    r.median_us = t.median_us();
    r.mean_us = t.mean_us();
    r.cpu_mean_us = t.cpu_mean_us();
    r.guesses = static_cast<double>(guesses) / static_cast<double>(r.calls);
  }
  return r;
}

int target_study() {
  SudokuSolver solver;
  std::printf("%-6s %-4s %8s %12s %10s\n", "givens", "grid", "score", "nodes", "seconds");
  for (int givens : {0, 17, 18, 20, 22, 24, 28}) {
    for (int t = 0; t < (givens == 0 ? 1 : 5); ++t) {
      std::mt19937_64 rng(1000 * static_cast<std::uint64_t>(givens) + t);
      Grid g = *solver.random_solution(Grid(), rng());
      std::vector<int> cells(81);
      for (int i = 0; i < 81; ++i) cells[i] = i;
      std::shuffle(cells.begin(), cells.end(), rng);
      for (int i = givens; i < 81; ++i) g.clear(cells[i]);
      SearchStats stats;
      const auto t0 = std::chrono::steady_clock::now();
      std::string score;
      try {
        score = std::to_string(target_score(g, &stats, SearchLimits{50000000, nullptr}));
      } catch (const SearchAborted&) {
        score = "aborted";
      }
      const auto t1 = std::chrono::steady_clock::now();
      std::printf("%-6d %-4d %8s %12llu %10.3f\n", givens, t, score.c_str(),
                  static_cast<unsigned long long>(stats.nodes),
                  std::chrono::duration<double>(t1 - t0).count());
      std::fflush(stdout);
    }
  }
  return 0;
}

int big_study() {
  std::printf("%-6s %-6s %-10s %8s %10s %10s %12s %8s\n", "size", "keep", "engine", "puzzles",
              "median_us", "cpu_mean", "nodes/puz", "aborted");
  for (const auto& [rows, cols, keeps] :
       {std::tuple{3, 4, std::vector<double>{0.35, 0.45}},
        std::tuple{4, 4, std::vector<double>{0.45, 0.5, 0.55, 0.6}},
        std::tuple{5, 5, std::vector<double>{0.55, 0.6, 0.65, 0.7}}}) {
    const Geometry g(rows, cols);
    for (double keep : keeps) {
      std::vector<Grid> puzzles;
      SudokuSolver maker;
      std::mt19937_64 rng(static_cast<std::uint64_t>(keep * 1000) + 7 * rows);
      std::uniform_real_distribution<double> u(0, 1);
      for (int k = 0; k < 40; ++k) {
        Grid p = *maker.random_solution(Grid(g), rng());
        for (int cell = 0; cell < g.cell_count(); ++cell) {
          if (u(rng) > keep) p.clear(cell);
        }
        puzzles.push_back(p);
      }
      for (Engine engine : {Engine::kCellMasks, Engine::kLinked}) {
        SudokuSolver solver = pinned_solver(engine);
        solver.set_limits({2000000, nullptr});
        std::vector<double> times;
        int aborted = 0;
        SearchStats stats;
        const double cpu0 = thread_cpu_us();
        for (const Grid& p : puzzles) {
          const auto t0 = std::chrono::steady_clock::now();
          try {
            solver.count(p, 2, &stats);
          } catch (const SearchAborted&) {
            ++aborted;
          }
          const auto t1 = std::chrono::steady_clock::now();
          times.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        }
        const double n = static_cast<double>(times.size());
        const double cpu = (thread_cpu_us() - cpu0) / n;
        std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
        std::printf("%-6s %-6.2f %-10s %8zu %10.1f %10.1f %12.0f %8d\n", g.name().c_str(), keep,
                    engine == Engine::kLinked ? "linked" : "cellmasks", puzzles.size(),
                    times[times.size() / 2], cpu, static_cast<double>(stats.nodes) / n, aborted);
        std::fflush(stdout);
      }
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const struct {
    Engine engine;
    const char* name;
  } all[] = {{Engine::kBitwise, "bitwise"},
             {Engine::kCellMasks, "cellmasks"},
             {Engine::kLinked, "linked"},
             {Engine::kLinked, "dlx"}};
  std::vector<std::pair<Engine, const char*>> engines;
  std::vector<const char*> files;
  int repeat = 1;
  bool forbid = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--engine") && i + 1 < argc) {
      const char* name = argv[++i];
      bool known = false;
      for (const auto& e : all) {
        if (!std::strcmp(e.name, name)) {
          engines.emplace_back(e.engine, e.name);
          known = true;
        }
      }
      if (!known) {
        std::fprintf(stderr, "unknown engine %s\n", name);
        return 2;
      }
    } else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) {
      repeat = std::max(1, std::atoi(argv[++i]));
    } else if (!std::strcmp(argv[i], "--forbid")) {
      forbid = true;
    } else if (!std::strcmp(argv[i], "--target")) {
      return target_study();
    } else if (!std::strcmp(argv[i], "--big")) {
      return big_study();
    } else {
      files.push_back(argv[i]);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr,
                 "usage: solver_bench [--engine E]... [--repeat K] [--forbid] FILE...\n"
                 "       solver_bench --target | --big\n");
    return 2;
  }
  if (engines.empty()) {
    for (const auto& e : all) {
      if (std::strcmp(e.name, "dlx")) engines.emplace_back(e.engine, e.name);
    }
  }
  std::printf("%-16s %-10s %8s %10s %10s %10s %10s %8s %6s\n", "file", "engine", "calls",
              "median_us", "mean_us", "cpu_mean", "guesses", "wrong", "bad");
  for (const char* file : files) {
    const auto puzzles = bench::read_line_puzzles(file);
    std::string name = file;
    name = name.substr(name.find_last_of('/') + 1);
    for (int k = 0; k < repeat; ++k) {
      for (const auto& [engine, engine_name] : engines) {
        const Result r = run(engine, !std::strcmp(engine_name, "dlx"), puzzles, forbid);
        std::printf("%-16s %-10s %8zu %10.2f %10.2f %10.2f %10.2f %8d %6d\n", name.c_str(),
                    engine_name, r.calls, r.median_us, r.mean_us, r.cpu_mean_us, r.guesses,
                    r.not_unique, r.bad_solutions);
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
