// sudoforge solve: solutions, solution counts and target scores of puzzles.
#include <iostream>

#include "commands.h"
#include "input.h"
#include "printer.h"
#include "stop_request.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/search_limits.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "sudoforge/solver/target_score.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace sudoforge::cli {
namespace {

constexpr const char* kUsageLine = "sudoforge solve [FILE...] [OPTIONS]";
constexpr const char* kExamples =
    "  sudoforge solve puzzles.txt                 one solution per puzzle, in the input's layout\n"
    "  sudoforge solve --count --limit 10 p.txt    number of solutions, at most 10\n"
    "  sudoforge solve --all --limit 100 p.txt     up to 100 solutions of each puzzle\n"
    "  sudoforge solve --stats --output csv p.txt  CSV with DLX nodes and guesses\n"
    "  sudoforge solve --target-score noip.txt     NOIP 2009 target Sudoku (max score, or -1)\n"
    "  echo '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'"
    " | sudoforge solve\n"
    "  sgt-solo --generate 3 9jdt | sudoforge solve   Simon Tatham's Solo game IDs (jigsaw here)\n"
    "  sgt-solo --generate 3 3x3kdi | sudoforge solve --count   Solo's killers (3x3xk: killer X)\n"
    "  echo 'killer:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=5,E=5,F=8,G=4,H=5' | sudoforge solve\n"
    "                                  the killer text form (README: Killer Sudoku)\n";

}  // namespace

int cmd_solve(const Invocation& inv) {
  po::options_description options("solve options");
  options.add_options()
    ("files", po::value<std::vector<std::string>>()->multitoken(), "input files ('-' = stdin)")
    ("count", po::bool_switch(), "print the number of solutions (capped by --limit)")
    ("all", po::bool_switch(), "print every solution, up to --limit")
    ("limit", po::value<long long>(), "cap for --count (default 2) and --all (default 1000)")
    ("stats", po::bool_switch(), "add DLX search nodes and guesses")
    ("target-score", po::bool_switch(),
     "NOIP 2009 target Sudoku: print the highest score over all solutions, -1 if none")
    ("output,o", po::value<std::string>(), "line, grid, csv or json (default: as the input)")
    ("engine", po::value<std::string>()->default_value("auto"), "auto, linked or bitwise")
    ("time-limit", po::value<double>(),
     "stop after this many seconds (even inside one long search), keeping what is finished; "
     "the first record not finished is reported and the exit code is 1");
  add_input_options(options);
  add_variant_option(options);
  po::variables_map vm;
  if (!parse_options(inv, options, kUsageLine, kExamples, vm, "files")) return kOk;

  const bool count_mode = vm["count"].as<bool>();
  const bool all_mode = vm["all"].as<bool>();
  const bool stats_mode = vm["stats"].as<bool>();
  const bool target_mode = vm["target-score"].as<bool>();
  if (count_mode + all_mode + target_mode > 1) {
    throw UsageError("--count, --all and --target-score are exclusive");
  }
  long long limit = count_mode ? 2 : 1000;
  if (vm.count("limit")) {
    limit = vm["limit"].as<long long>();
    if (limit < 1) throw UsageError("--limit must be at least 1");
  }
  const OutputFormat format = vm.count("output")
                                  ? parse_output_format(vm["output"].as<std::string>())
                                  : OutputFormat::kInKind;
  const std::string engine_name = vm["engine"].as<std::string>();
  Engine engine = Engine::kAuto;
  if (engine_name == "linked") engine = Engine::kLinked;
  else if (engine_name == "bitwise") engine = Engine::kBitwise;
  else if (engine_name != "auto") throw UsageError("bad --engine '" + engine_name + "'");

  const std::optional<double> time_limit = time_limit_from(vm, 1e7);
  const auto files = input_files(vm);
  Diagnostics diag;
  Printer out(std::cout, format);
  SudokuSolver solver = pinned_solver(engine);
  StopRequest stop(time_limit);
  SearchLimits limits;
  limits.stop = stop.flag();
  solver.set_limits(limits);
  bool timed_out = false;

  if (format == OutputFormat::kCsv) {
    std::vector<std::string> header{"puzzle"};
    if (target_mode) header.push_back("target_score");
    else if (count_mode) header.push_back("count");
    else header.push_back("solution");
    if (stats_mode) header.insert(header.end(), {"nodes", "guesses"});
    out.csv_header(with_board_columns(std::move(header)));
  }

  auto solve_record = [&](const Record& rec, const std::string& src) {
    const Grid& puzzle = rec.grid;
    const std::string puzzle_text = to_line(puzzle, rec.style);
    const auto csv_row = [&](std::vector<std::string> row) {
      out.csv_row(with_board_fields(std::move(row), puzzle, rec.style.alphabet));
    };
    const auto json = [&](nlohmann::ordered_json object) {
      add_board_fields(object, puzzle, rec.style.alphabet);
      out.json(object);
    };
    if (find_conflict(puzzle)) {
      diag.record_error(src, rec.line, describe_conflict(puzzle, rec.style.alphabet));
      if (target_mode && !out.structured()) out.line("-1");
      return true;
    }
    SearchStats stats;
    auto stats_suffix = [&]() -> std::string {
      if (!stats_mode) return "";
      return " nodes=" + std::to_string(stats.nodes) + " guesses=" + std::to_string(stats.guesses);
    };

    if (target_mode) {
      if (puzzle.size() != 9 || !puzzle.geometry().is_classic()) {
        diag.record_error(src, rec.line, "--target-score is defined for classic 9x9 puzzles only");
        return true;
      }
      const int score = target_score(puzzle, nullptr, limits);
      if (format == OutputFormat::kCsv) {
        csv_row({puzzle_text, std::to_string(score)});
      } else if (format == OutputFormat::kJson) {
        json({{"puzzle", puzzle_text}, {"target_score", score}});
      } else {
        out.line(std::to_string(score));
      }
      return true;
    }

    if (count_mode) {
      const auto n = solver.count(puzzle, static_cast<std::uint64_t>(limit), &stats);
      if (format == OutputFormat::kCsv) {
        std::vector<std::string> row{puzzle_text, std::to_string(n)};
        if (stats_mode) row.insert(row.end(), {std::to_string(stats.nodes), std::to_string(stats.guesses)});
        csv_row(row);
      } else if (format == OutputFormat::kJson) {
        nlohmann::ordered_json j{{"puzzle", puzzle_text}, {"count", n}};
        if (stats_mode) { j["nodes"] = stats.nodes; j["guesses"] = stats.guesses; }
        json(j);
      } else {
        out.line(std::to_string(n) + stats_suffix());
      }
      return true;
    }

    auto print_solution = [&](const Grid& s) {
      const std::string solution_text = to_line(s, rec.style);
      if (format == OutputFormat::kCsv) {
        std::vector<std::string> row{puzzle_text, solution_text};
        if (stats_mode) row.insert(row.end(), {std::to_string(stats.nodes), std::to_string(stats.guesses)});
        csv_row(row);
      } else if (format == OutputFormat::kJson) {
        nlohmann::ordered_json j{{"puzzle", puzzle_text}, {"solution", solution_text}};
        if (stats_mode) { j["nodes"] = stats.nodes; j["guesses"] = stats.guesses; }
        json(j);
      } else {
        std::string suffix = stats_suffix();
        if (!suffix.empty() && out.style_for(rec.style).layout == Layout::kGrid) {
          suffix = "#" + suffix;
        }
        out.grid(s, rec.style, suffix);
      }
    };
    if (all_mode) {
      // Streamed as found: a huge --limit costs time (bounded by --time-limit), not memory.
      const auto n = solver.enumerate(puzzle, [&](const Grid& s) {
        print_solution(s);
        return true;
      }, static_cast<std::uint64_t>(limit), &stats);
      if (n == 0) diag.record_error(src, rec.line, "no solution");
      return true;
    }
    // A plain solve also looks for a second solution, so a non-unique puzzle gets a warning.
    std::optional<Grid> first;
    const auto n = solver.enumerate(puzzle, [&](const Grid& s) {
      if (!first) first = s;
      return true;
    }, 2, &stats);
    if (n == 0) {
      diag.record_error(src, rec.line, "no solution");
      return true;
    }
    if (n > 1) diag.warning(src, rec.line, "more than one solution; printed the first");
    print_solution(*first);
    return true;
  };
  for_each_record(files, reader_options_from(vm), diag, [&](const Record& rec, const std::string& src) {
    try {
      if (!stop.requested()) return solve_record(rec, src);
    } catch (const SearchAborted&) {
      // Only a stop request can abort: the record in flight is dropped whole.
    }
    // A record not finished, or not started, on a signal is no record error: exit 130.
    if (!stop.interrupted()) diag.unfinished(src, rec.line);
    timed_out = true;
    return false;
  });
  out.finish();
  if (stop.interrupted()) {
    std::cerr << "sudoforge solve: interrupted; the records before this point are complete\n";
    return kInterrupted;
  }
  if (timed_out) {
    std::cerr << "sudoforge solve: time limit reached; the records before that one are complete\n";
  }
  diag.note_empty_input("solve");
  return diag.exit_code();
}

}  // namespace sudoforge::cli
