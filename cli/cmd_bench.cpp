// sudoforge bench: solver or grader speed on puzzle files, with every answer checked
// independently (solve) or every puzzle's uniqueness checked outside the timing (grade).
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "input.h"
#include "printer.h"
#include "progress.h"
#include "sudoforge/bench/harness.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/sudoku_solver.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace sudoforge::cli {
namespace {

constexpr const char* kUsageLine = "sudoforge bench FILE... [--what solve|grade] [OPTIONS]";
constexpr const char* kExamples =
    "  sudoforge bench ../shared/data/17clue.txt ../shared/data/top1465.txt\n"
    "  sudoforge bench --output json ../shared/data/17clue.txt   one object a file\n"
    "  sudoforge bench --engine linked --max 2000 ../shared/data/top1465.txt\n"
    "  sudoforge bench --what grade ../shared/data/cb001-ser.txt   # puzzles/s, slowest\n";

// The table's columns; their keys name the same figures in the JSON output.
constexpr int kWhole = TableColumn::kWhole;
const std::vector<TableColumn> kSolveColumns = {{"file", "file", 32, TableColumn::kText},
                                                {"puzzles", "puzzles", 9, kWhole},
                                                {"median_us", "median_us", 11, 2},
                                                {"mean_us", "mean_us", 11, 2},
                                                {"nodes", "nodes", 10, 1},
                                                {"guesses", "guesses", 9, 2},
                                                {"not_unique", "not_unique", 10, kWhole},
                                                {"invalid", "invalid", 8, kWhole}};
const std::vector<TableColumn> kGradeColumns = {{"file", "file", 32, TableColumn::kText},
                                                {"puzzles", "puzzles", 9, kWhole},
                                                {"cpu_s", "cpu_s", 9, 3},
                                                {"puzzles_per_s", "puzzles/s", 11, 1},
                                                {"median_ms", "median_ms", 10, 3},
                                                {"slowest_ms", "slowest_ms", 11, 3},
                                                {"incomplete", "incomplete", 10, kWhole},
                                                {"not_unique", "not_unique", 10, kWhole}};

// The puzzles of `file` (at most `max`, 0: all); bad records are reported through `diag`.
std::vector<Grid> read_puzzles(const std::string& file, const po::variables_map& vm, long long max,
                               Diagnostics& diag) {
  std::vector<Grid> puzzles;
  for_each_record({file}, reader_options_from(vm), diag, [&](const Record& r, const std::string&) {
    puzzles.push_back(r.grid);
    return max == 0 || static_cast<long long>(puzzles.size()) < max;
  });
  return puzzles;
}

// Rates every unique puzzle of each file on one thread (the default GradeOptions, as
// `sudoforge grade`): the rate in CPU time, the median and the slowest puzzle.
std::vector<nlohmann::ordered_json> bench_grade(const std::vector<std::string>& files,
                                                const po::variables_map& vm, long long max,
                                                Diagnostics& diag) {
  std::vector<nlohmann::ordered_json> rows;
  for (const std::string& file : files) {
    std::size_t not_unique = 0;
    const std::vector<Grid> puzzles =
        bench::unique_only(read_puzzles(file, vm, max, diag), &not_unique);
    // The progress line (cb001 takes seconds) is drawn outside the timed calls.
    Progress progress("bench: " + file, stderr_is_tty(), puzzles.size());
    const bench::GradeRun run =
        bench::run_grading(puzzles, {}, [&](std::size_t i) { progress.update(i); });
    progress.clear();
    const std::string slowest =
        puzzles.empty()
            ? ""
            : to_line(puzzles[run.slowest], default_style(puzzles[run.slowest].geometry()));
    rows.push_back({{"file", file},
                    {"puzzles", puzzles.size()},
                    {"cpu_s", run.cpu_s},
                    {"puzzles_per_s", run.puzzles_per_s()},
                    {"median_ms", run.median_ms()},
                    {"slowest_ms", run.slowest_ms()},
                    {"incomplete", run.incomplete},
                    {"not_unique", not_unique},
                    {"slowest", slowest}});
  }
  return rows;
}

// Counts every puzzle of each file to 2 solutions; every answer is then checked by the
// independent validator, outside the timed loop.
std::vector<nlohmann::ordered_json> bench_solve(const std::vector<std::string>& files,
                                                const po::variables_map& vm, long long max,
                                                Engine engine, Diagnostics& diag) {
  std::vector<nlohmann::ordered_json> rows;
  for (const std::string& file : files) {
    const std::vector<Grid> puzzles = read_puzzles(file, vm, max, diag);
    const bench::CountRun run = bench::run_counts(puzzles, engine);
    rows.push_back({{"file", file},
                    {"puzzles", puzzles.size()},
                    {"median_us", run.times.median_us()},
                    {"mean_us", run.times.mean_us()},
                    {"nodes", run.nodes},
                    {"guesses", run.guesses},
                    {"not_unique", run.not_unique},
                    {"invalid", run.invalid}});
  }
  return rows;
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
    ("max", po::value<long long>()->default_value(0), "use at most this many puzzles per file (0: all)")
    ("output,o", po::value<std::string>()->default_value("table"),
     "table, or json (an array: one object a file, keyed as the table's columns)");
  // clang-format on
  add_input_options(options);
  add_variant_option(options);
  po::variables_map vm;
  if (!parse_options(inv, options, kUsageLine, kExamples, vm, "files")) return kOk;
  if (!vm.count("files")) throw UsageError("name at least one puzzle file");
  const std::string what = vm["what"].as<std::string>();
  if (what != "solve" && what != "grade") {
    throw UsageError("--what: 'solve' or 'grade', not '" + what + "'");
  }
  const long long max = vm["max"].as<long long>();
  if (max < 0) throw UsageError("--max must be >= 0");
  const std::string output = vm["output"].as<std::string>();
  if (output != "table" && output != "json") {
    throw UsageError("bad --output '" + output + "': use table or json");
  }
  const bool json = output == "json";
  const OutputFormat format = json ? OutputFormat::kJson : OutputFormat::kLine;
  const std::string engine_name = vm["engine"].as<std::string>();
  Engine engine = Engine::kAuto;
  if (engine_name == "linked")
    engine = Engine::kLinked;
  else if (engine_name == "bitwise")
    engine = Engine::kBitwise;
  else if (engine_name != "auto")
    throw UsageError("bad --engine '" + engine_name + "'");

  Diagnostics diag;
  const auto& files = vm["files"].as<std::vector<std::string>>();
  if (what == "grade") {
    const auto rows = bench_grade(files, vm, max, diag);
    print_rows(std::cout, format, "grading (SE ladder, default options), one thread, CPU time",
               kGradeColumns, rows);
    for (const auto& r : rows) {
      const std::string slowest = r["slowest"];
      if (!json && !slowest.empty())
        std::cout << "slowest of " << r["file"].get<std::string>() << ": " << slowest << '\n';
    }
  } else {
    auto rows = bench_solve(files, vm, max, engine, diag);
    for (auto& r : rows) r["engine"] = engine_name;
    print_rows(std::cout, format, "count-to-2, engine " + engine_name + ", one thread",
               kSolveColumns, rows);
    for (const auto& r : rows) {
      const std::size_t invalid = r["invalid"];
      if (invalid) diag.record_error(r["file"], 0, count_of(invalid, "invalid solution"));
    }
  }
  diag.note_empty_input("bench");
  return diag.exit_code();
}

}  // namespace sudoforge::cli
