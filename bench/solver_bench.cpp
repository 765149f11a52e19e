// solver_bench FILE...: uniqueness checks (count to 2) over puzzle files, per engine.
//
// Each line's first 81 characters are a 9x9 puzzle ('.' or '0' empty); the rest of the line
// is ignored, as are lines shorter than 81 characters. For each file and engine it prints
// the median and mean microseconds per puzzle, the guesses per puzzle, the puzzles whose
// count is not 1, and the solutions that fail the independent check (is_solution_of).
// Timing covers count(grid, 2) only; the checking solve runs outside the timed region.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "sudoforge/core/validate.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace {

using namespace sudoforge;

std::vector<Grid> read_puzzles(const char* path) {
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

struct Result {
  double median_us = 0, mean_us = 0, guesses = 0;
  int not_unique = 0, bad_solutions = 0;
};

Result run(Engine engine, const std::vector<Grid>& puzzles) {
  SudokuSolver solver(engine);
  Result r;
  std::vector<double> times;
  times.reserve(puzzles.size());
  std::uint64_t guesses = 0;
  double total = 0;
  for (const Grid& p : puzzles) {
    SearchStats stats;
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t n = solver.count(p, 2, &stats);
    const auto t1 = std::chrono::steady_clock::now();
    const double us = std::chrono::duration<double, std::micro>(t1 - t0).count();
    times.push_back(us);
    total += us;
    guesses += stats.guesses;
    if (n != 1) ++r.not_unique;
    if (n >= 1) {
      const auto s = solver.solve(p);
      if (!s || !is_solution_of(p, *s)) ++r.bad_solutions;
    }
  }
  if (!times.empty()) {
    std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
    r.median_us = times[times.size() / 2];
    r.mean_us = total / static_cast<double>(puzzles.size());
    r.guesses = static_cast<double>(guesses) / static_cast<double>(puzzles.size());
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: solver_bench FILE...\n");
    return 2;
  }
  const struct {
    Engine engine;
    const char* name;
  } engines[] = {{Engine::kBitwise, "bitwise"},
                 {Engine::kCellMasks, "cellmasks"},
                 {Engine::kLinked, "linked"}};
  std::printf("%-16s %-10s %8s %10s %10s %10s %8s %6s\n", "file", "engine", "puzzles",
              "median_us", "mean_us", "guesses", "count!=1", "bad");
  for (int i = 1; i < argc; ++i) {
    const auto puzzles = read_puzzles(argv[i]);
    std::string name = argv[i];
    name = name.substr(name.find_last_of('/') + 1);
    for (const auto& e : engines) {
      const Result r = run(e.engine, puzzles);
      std::printf("%-16s %-10s %8zu %10.2f %10.2f %10.2f %8d %6d\n", name.c_str(), e.name,
                  puzzles.size(), r.median_us, r.mean_us, r.guesses, r.not_unique,
                  r.bad_solutions);
      std::fflush(stdout);
    }
  }
  return 0;
}
