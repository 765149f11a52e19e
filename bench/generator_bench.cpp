// generator_bench: puzzles per second of the generator, with QQWing timed in the same run.
//
//   generator_bench [--count N] [--qqwing N] [--big N] [--no-qqwing] [--only SIZE]
//                   [--check-nodes N]
//
// 1. 9x9 minimal, no symmetry: N puzzles on one thread (Generator::generate in a loop) and
//    with generate_batch at 1 and 2 threads; puzzles/s, mean clues, uniqueness searches
//    and solver nodes per puzzle. Every puzzle is checked afterwards (outside the timing):
//    is_solution_of, count == 1.
// 2. 9x9 with each symmetry (N/4 puzzles each).
// 3. Every size 4x4 .. 25x25, minimal (25x25: --big puzzles, default 1; 0 skips it).
//    --check-nodes sets GeneratorOptions::max_check_nodes (0 = unbounded) for 16x16 and
//    25x25; "undecided" is the mean number of clues whose check ran out of it.
// 4. qqwing --generate N --one-line (any difficulty) and --difficulty expert, timed as a
//    child process writing to /dev/null (qqwing at /usr/bin/qqwing; skipped when absent).
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "sudoforge/core/validate.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/sudoku_solver.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace {

using namespace sudoforge;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// CPU seconds of this process (all threads) so far.
double cpu_now() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// CPU seconds used by finished children so far.
double children_cpu() {
  rusage ru{};
  getrusage(RUSAGE_CHILDREN, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec +
         ru.ru_stime.tv_usec * 1e-6;
}

struct Summary {
  std::uint64_t puzzles = 0, clues = 0, searches = 0, nodes = 0, minimal = 0, bad = 0;
  std::uint64_t undecided = 0;  // clues whose check ran out of max_check_nodes
  double seconds = 0, cpu = 0;
};

void check(const GeneratedPuzzle& p, Summary& s) {
  // kCellMasks for the big grids: kLinked takes minutes on a sparse 25x25 puzzle.
  static thread_local SudokuSolver solver = pinned_solver(Engine::kCellMasks);
  if (!is_solution_of(p.puzzle, p.solution) || solver.count(p.puzzle, 2) != 1 ||
      !has_symmetry(p.puzzle, p.symmetry)) {
    ++s.bad;
  }
}

void add(const GeneratedPuzzle& p, Summary& s) {
  ++s.puzzles;
  s.clues += p.puzzle.clue_count();
  s.searches += p.uniqueness_searches;
  s.nodes += p.cost.nodes;
  s.minimal += p.minimal;
  s.undecided += p.undecided_clues;
}

void print(const char* label, const Summary& s) {
  const double n = static_cast<double>(s.puzzles);
  std::printf("%-30s %6llu puzzles %8.3f s %9.1f /s (cpu %9.1f /s) %6.2f clues %6.1f searches"
              " %8.0f nodes  minimal %llu  bad %llu  undecided %.1f\n",
              label, static_cast<unsigned long long>(s.puzzles), s.seconds, n / s.seconds,
              n / s.cpu,
              s.clues / n, s.searches / n, s.nodes / n,
              static_cast<unsigned long long>(s.minimal), static_cast<unsigned long long>(s.bad),
              s.undecided / n);
  std::fflush(stdout);
}

Summary run_loop(const GeneratorOptions& options, std::uint64_t count, std::uint64_t seed) {
  Generator gen(options);
  std::vector<GeneratedPuzzle> out;
  out.reserve(count);
  Summary s;
  const auto t0 = Clock::now();
  const double c0 = cpu_now();
  for (std::uint64_t i = 0; i < count; ++i) out.push_back(*gen.generate(seed, i));
  s.seconds = seconds_since(t0);
  s.cpu = cpu_now() - c0;
  for (const auto& p : out) {
    add(p, s);
    check(p, s);
  }
  return s;
}

Summary run_batch(const GeneratorOptions& options, std::uint64_t count, std::uint64_t seed,
                  int threads) {
  std::vector<GeneratedPuzzle> out;
  out.reserve(count);
  Summary s;
  BatchOptions b;
  b.seed = seed;
  b.count = count;
  b.threads = threads;
  const auto t0 = Clock::now();
  const double c0 = cpu_now();
  generate_batch(options, b, {}, [&](const GeneratedPuzzle& p) { out.push_back(p); });
  s.seconds = seconds_since(t0);
  s.cpu = cpu_now() - c0;
  for (const auto& p : out) {
    add(p, s);
    check(p, s);
  }
  return s;
}

void qqwing(int count, const char* extra) {
  const std::string cmd = "/usr/bin/qqwing --generate " + std::to_string(count) +
                          " --one-line " + extra + " > /dev/null 2>&1";
  const auto t0 = Clock::now();
  const double c0 = children_cpu();
  const int rc = std::system(cmd.c_str());
  const double s = seconds_since(t0);
  const double cpu = children_cpu() - c0;
  char label[80];
  std::snprintf(label, sizeof label, "qqwing %s", *extra ? extra : "(any difficulty)");
  if (rc != 0) {
    std::printf("%-30s failed (exit %d)\n", label, rc);
    return;
  }
  std::printf("%-30s %6d puzzles %8.3f s %9.1f /s (cpu %9.1f /s)\n", label, count, s, count / s,
              count / cpu);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t count = 20000;
  int qq = 2000, big = 1;
  bool run_qqwing = true;
  std::string only;
  std::optional<std::uint64_t> check_nodes;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--count" && i + 1 < argc) count = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--qqwing" && i + 1 < argc) qq = std::atoi(argv[++i]);
    else if (a == "--big" && i + 1 < argc) big = std::atoi(argv[++i]);
    else if (a == "--no-qqwing") run_qqwing = false;
    else if (a == "--check-nodes" && i + 1 < argc) check_nodes = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--only" && i + 1 < argc) only = argv[++i];
    else {
      std::fprintf(stderr, "usage: generator_bench [--count N] [--qqwing N] [--big N] "
                           "[--no-qqwing] [--only 9|RxC] [--check-nodes N]\n");
      return 2;
    }
  }

  if (only.empty() || only == "9") {
    std::printf("== 9x9 minimal, no symmetry\n");
    GeneratorOptions o;
    print("sudoforge 1 thread (loop)", run_loop(o, count, 1));
    {
      // Where the time goes: full grids alone, then removal passes alone on those grids.
      SudokuSolver solver;
      const Grid empty{Geometry()};
      std::vector<Grid> grids;
      grids.reserve(count);
      auto t0 = Clock::now();
      for (std::uint64_t i = 0; i < count; ++i) grids.push_back(*solver.random_solution(empty, i));
      const double grid_s = seconds_since(t0);
      Generator gen(o);
      Summary s;
      t0 = Clock::now();
      for (std::uint64_t i = 0; i < count; ++i) add(gen.reduce(grids[i], Symmetry::kNone, i), s);
      s.seconds = seconds_since(t0);
      s.cpu = s.seconds;
      std::printf("  breakdown: full grid %.1f us, removal pass %.1f us (%.1f searches, %.0f nodes)\n",
                  1e6 * grid_s / count, 1e6 * s.seconds / count, double(s.searches) / count,
                  double(s.nodes) / count);
    }
    print("sudoforge batch --threads 1", run_batch(o, count, 2, 1));
    print("sudoforge batch --threads 2", run_batch(o, count, 3, 2));
    if (run_qqwing && access("/usr/bin/qqwing", X_OK) == 0) {
      qqwing(qq, "");
      qqwing(qq / 2, "--difficulty expert");
    }
    std::printf("== 9x9 minimal, each symmetry (cell-minimality tested)\n");
    for (Symmetry sym : concrete_symmetries()) {
      if (sym == Symmetry::kNone) continue;
      GeneratorOptions so;
      so.symmetry = sym;
      const std::string label = "symmetry " + std::string(symmetry_name(sym));
      print(label.c_str(), run_loop(so, count / 4, 4));
    }
  }
  std::printf("== every size, minimal, no symmetry, 1 thread\n");
  for (const Geometry& g : Geometry::all()) {
    if (!only.empty() && only != g.name() && !(only == "9" && g.size() == 9)) continue;
    if (only.empty() && g.size() == 9) continue;
    if (g.size() == 25 && big == 0) continue;
    GeneratorOptions o;
    o.geometry = g;
    o.max_check_nodes = check_nodes;
    std::uint64_t n = g.size() <= 6 ? count : g.size() <= 12 ? count / 10 : g.size() <= 16 ? 20 : big;
    if (n == 0) n = 1;
    const std::string label = g.name() + " (" + std::to_string(g.size()) + "x" +
                              std::to_string(g.size()) + ")";
    print(label.c_str(), run_loop(o, n, 5));
  }
  return 0;
}
