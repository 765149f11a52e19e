// sudoforge grade: Sudoku Explainer-scale ratings, DLX search measures, explanations.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "input.h"
#include "printer.h"
#include "progress.h"
#include "stop_request.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/workflow/analysis.h"

namespace sudoforge::cli {
namespace {

constexpr const char* kUsageLine = "sudoforge grade [FILE...] [OPTIONS]";
constexpr const char* kExamples =
    "  sudoforge grade puzzles.txt                    PUZZLE ER EP ED LEVEL HARDEST per line\n"
    "  sudoforge grade --explain puzzles.txt          every step in words\n"
    "  sudoforge grade --output csv --threads 2 p.txt CSV, input order kept\n"
    "  echo '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'"
    " | sudoforge grade --explain\n"
    "Ratings follow the Sudoku Explainer scale (ER = hardest step, EP = hardest before the\n"
    "first placement, ED = first step). On boards other than 9x9 the same technique ratings\n"
    "are used; they order puzzles by the techniques needed but are not calibrated there.\n";

struct Job {
  Record record;
  std::string source;
};

std::string fmt1(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string hardest_of(const grader::Rating& r) {
  return r.complete ? r.hardest : r.hardest + " (incomplete: finished by search)";
}

}  // namespace

int cmd_grade(const Invocation& inv) {
  po::options_description options("grade options");
  options.add_options()
    ("files", po::value<std::vector<std::string>>()->multitoken(), "input files ('-' = stdin)")
    ("explain", po::bool_switch(), "print every step in words (JSON: a steps array)")
    ("output,o", po::value<std::string>()->default_value("line"), "line, csv or json")
    ("threads,t", po::value<int>()->default_value(1), "worker threads (input order is kept)")
    ("time-limit", po::value<double>(),
     "stop after this many seconds with what is finished; the first record not finished is "
     "reported and the exit code is 1")
    ("quiet,q", po::bool_switch(), "no progress line on stderr");
  add_input_options(options);
  add_variant_option(options);
  po::variables_map vm;
  if (!parse_options(inv, options, kUsageLine, kExamples, vm, "files")) return kOk;
  const bool explain = vm["explain"].as<bool>();
  const OutputFormat format = parse_output_format(vm["output"].as<std::string>(), false);
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 256) throw UsageError("--threads must be between 1 and 256");
  const std::optional<double> time_limit = time_limit_from(vm, 1e7);
  const auto files = input_files(vm);
  const ReaderOptions reader_options = reader_options_from(vm);
  Progress progress("grade", stderr_is_tty() && !vm["quiet"].as<bool>(), std::nullopt);
  if (progress.enabled()) progress.set_total(count_records(files, reader_options));

  Diagnostics diag;
  Printer out(std::cout, format);
  if (format == OutputFormat::kCsv) {
    std::vector<std::string> header{"puzzle",  "rating",    "rating_ep", "rating_ed", "level",
                                    "hardest", "dlx_nodes", "guesses",   "steps"};
    out.csv_header(with_board_columns(std::move(header)));
  }
  StopRequest stop(time_limit);
  std::vector<workflow::PuzzleAnalyzer> analyzers =
      workflow::make_analyzers(threads, {}, stop.flag());
  std::vector<Job> batch;
  long long graded = 0, done = 0;
  bool stopped = false;

  // Grades a batch on `threads` workers (each with its own grader and solver), then prints
  // it in input order.
  auto flush = [&]() {
    std::vector<workflow::AnalysisJob> jobs;
    for (const Job& j : batch) jobs.push_back({&j.record.grid, &j.record.style.alphabet});
    const auto results =
        workflow::analyze_all(jobs, analyzers, explain, [&] { return !stop.requested(); });
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const workflow::PuzzleAnalysis& r = results[i];
      const Record& rec = batch[i].record;
      if (!r.done) {
        progress.clear();
        // On a signal the run ends with 130, not with a record error.
        if (!stop.interrupted()) diag.unfinished(batch[i].source, rec.line);
        stopped = true;
        break;
      }
      ++done;
      if (!r.error.empty()) {
        progress.clear();
        diag.record_error(batch[i].source, rec.line, r.error);
        continue;
      }
      ++graded;
      const grader::Rating& g = r.rating;
      const std::string puzzle = to_line(rec.grid, rec.style);
      const std::string level(grader::level_name(g.level));
      if (format == OutputFormat::kCsv) {
        out.csv_row(with_board_fields(
            {puzzle, fmt1(g.er), fmt1(g.ep), fmt1(g.ed), level, hardest_of(g),
             std::to_string(r.search.nodes), std::to_string(r.search.guesses),
             std::to_string(g.step_count)},
            rec.grid, rec.style.alphabet));
      } else if (format == OutputFormat::kJson) {
        nlohmann::ordered_json j{{"puzzle", puzzle},       {"rating", g.er},
                                 {"rating_ep", g.ep},      {"rating_ed", g.ed},
                                 {"level", level},         {"hardest", g.hardest},
                                 {"complete", g.complete}, {"dlx_nodes", r.search.nodes},
                                 {"guesses", r.search.guesses}, {"steps_count", g.step_count},
                                 {"techniques", g.techniques}};
        if (explain) {
          auto steps = nlohmann::ordered_json::array();
          for (const auto& s : g.steps) {
            nlohmann::ordered_json st{{"technique", s.technique}, {"rating", s.rating},
                                      {"explanation", s.explanation}};
            auto cellnames = [&](const std::vector<std::pair<int, int>>& v) {
              auto a = nlohmann::ordered_json::array();
              for (auto [cell, value] : v) {
                a.push_back({{"cell", rec.grid.geometry().cell_name(cell)}, {"value", value}});
              }
              return a;
            };
            st["placements"] = cellnames(s.placements);
            st["eliminations"] = cellnames(s.eliminations);
            steps.push_back(std::move(st));
          }
          j["steps"] = std::move(steps);
        }
        add_board_fields(j, rec.grid, rec.style.alphabet);
        out.json(j);
      } else {
        // A jigsaw's region map follows its givens, as the reader reads a line record.
        const std::string map = region_map(rec.grid.geometry(), rec.style.alphabet);
        std::string text = puzzle + (map.empty() ? "" : " " + map) + " " + fmt1(g.er) + " " + fmt1(g.ep) + " " + fmt1(g.ed) +
                           " " + level + " " + hardest_of(g);
        if (explain) {
          int k = 0;
          for (const auto& s : g.steps) {
            text += "\n  " + std::to_string(++k) + ". " + s.explanation + " (" + fmt1(s.rating) + ")";
          }
        }
        out.line(text);
      }
    }
    batch.clear();
    progress.update(static_cast<std::uint64_t>(done));
  };

  const std::size_t batch_size = 256 * static_cast<std::size_t>(threads);
  for_each_record(files, reader_options, diag, [&](const Record& rec, const std::string& src) {
    if (skip_killer(rec, src, "grade", diag)) return true;
    batch.push_back({rec, src});
    if (batch.size() >= batch_size) flush();
    return !stopped;
  });
  if (!stopped) flush();
  progress.clear();
  out.finish();
  if (stopped && stop.interrupted()) {
    std::cerr << "sudoforge grade: interrupted after " << count_of(graded, "puzzle") << " graded\n";
    return kInterrupted;
  }
  if (stopped) {
    std::cerr << "sudoforge grade: time limit reached after " << count_of(graded, "puzzle")
              << " graded\n";
  }
  diag.note_empty_input("grade");
  return diag.exit_code();
}

}  // namespace sudoforge::cli
