// sudoforge grade: Sudoku Explainer-scale ratings, DLX search measures, explanations.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <sstream>

#include "commands.h"
#include "input.h"
#include "printer.h"
#include "progress.h"
#include "step_pictures.h"
#include "stop_request.h"
#include "sudoforge/core/killer_text.h"
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
    "  sudoforge grade --explain --output svg --out steps.svg p.txt   steps-001.svg, ...\n"
    "  sudoforge grade --explain --out steps.html p.txt   one page, Previous/Next buttons\n"
    "  sgt-solo --generate 5 3x3kdi | sudoforge grade  killers: the killer ladder (README)\n"
    "Ratings follow the Sudoku Explainer scale (ER = hardest step, EP = hardest before the\n"
    "first placement, ED = first step). On boards other than 9x9 the same technique ratings\n"
    "are used; they order puzzles by the techniques needed but are not calibrated there.\n"
    "Pictures (--output svg, png, pdf or html with --out FILE, or just --out FILE with one\n"
    "of those extensions): each step drawn on the candidate grid before it, the pattern's\n"
    "cells shaded yellow, eliminated candidates red and struck, the placed value green and\n"
    "circled, a chain's links as arrows, the sentence under the grid. SVG and PNG: one file\n"
    "per step, FILE's name with the step number (--out steps.svg: steps-001.svg,\n"
    "steps-002.svg ...); PDF: one page per step in FILE; HTML: one self-contained page in\n"
    "FILE stepping through the solution (buttons or arrow keys). With several puzzles in\n"
    "the input each gets its own files, numbered in input order: steps-2-001.svg,\n"
    "steps-2.pdf. The ratings and steps are still printed as lines on stdout.\n";

struct Job {
  Record record;
  std::string source;
};

// "steps-001.svg .. steps-058.svg (58 files)", or the one file's name.
std::string describe_files(const std::vector<std::string>& files) {
  if (files.empty()) return "no steps: nothing to draw";
  if (files.size() == 1) return "wrote " + files.front();
  return "wrote " + files.front() + " .. " + files.back() + " (" + std::to_string(files.size()) +
         " files)";
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
    ("output,o", po::value<std::string>()->default_value("line"),
     "line, csv or json; svg, png, pdf or html: pictures of the steps (with --out)")
    ("out", po::value<std::string>(), "the pictures' file name (see below)")
    ("threads,t", po::value<int>()->default_value(1), "worker threads (input order is kept)")
    ("time-limit", po::value<double>(),
     "stop after this many seconds with what is finished; the first record not finished is "
     "reported and the exit code is 1")
    ("quiet,q", po::bool_switch(), "no progress line on stderr");
  add_input_options(options);
  add_variant_option(options);
  po::variables_map vm;
  if (!parse_options(inv, options, kUsageLine, kExamples, vm, "files")) return kOk;
  // Pictures: --output names their format, or --out's extension does when --output is left
  // at its default.
  std::optional<PictureFormat> picture = parse_picture_format(vm["output"].as<std::string>());
  const std::string picture_out = vm.count("out") ? vm["out"].as<std::string>() : "";
  if (!picture && vm.count("out")) {
    if (vm["output"].defaulted()) {
      const std::string ext = std::filesystem::path(picture_out).extension().string();
      picture = parse_picture_format(ext.empty() ? ext : ext.substr(1));
    }
    if (!picture) throw UsageError("--out FILE is for pictures: --output svg, png, pdf or html");
  }
  if (picture && picture_out.empty()) {
    throw UsageError("--output " + extension_of(*picture) + " needs --out FILE");
  }
  const bool explain = vm["explain"].as<bool>() || picture.has_value();
  const OutputFormat format =
      picture ? OutputFormat::kLine : parse_output_format(vm["output"].as<std::string>(), false);
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
            {puzzle, format_rating(g.er), format_rating(g.ep), format_rating(g.ed), level,
             hardest_of(g), std::to_string(r.search.nodes), std::to_string(r.search.guesses),
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
        // A killer line is its token (cages and sums), as the reader reads it back.
        const std::string head = rec.grid.geometry().has_cages() ? killer_text(rec.grid) : puzzle;
        std::string text = head + (map.empty() ? "" : " " + map) + " " + format_rating(g.er) +
                           " " + format_rating(g.ep) + " " + format_rating(g.ed) + " " + level +
                           " " + hardest_of(g);
        if (explain) {
          int k = 0;
          for (const auto& s : g.steps) {
            text += "\n  " + std::to_string(++k) + ". " + s.explanation + " (" +
                    format_rating(s.rating) + ")";
          }
        }
        out.line(text);
        if (picture) {
          // Numbered by position among the puzzles graded here: the whole input is one batch.
          const int number = batch.size() == 1 ? 0 : static_cast<int>(i) + 1;
          const std::string title =
              puzzle + " \u00b7 " + format_rating(g.er) + " " + level + " \u00b7 " + hardest_of(g);
          try {
            const auto files =
                write_step_pictures(picture_out, *picture, number, rec.grid, g, title);
            progress.clear();
            std::cerr << "sudoforge grade: " << describe_files(files) << '\n';
          } catch (const book::ReplayError& e) {
            progress.clear();
            diag.record_error(batch[i].source, rec.line,
                              std::string("cannot draw the steps: ") + e.what());
          }
        }
      }
    }
    batch.clear();
    progress.update(static_cast<std::uint64_t>(done));
  };

  // Pictures number the puzzles of the whole input, so it is graded as one batch.
  const std::size_t batch_size =
      picture ? std::numeric_limits<std::size_t>::max() : 256 * static_cast<std::size_t>(threads);
  for_each_record(files, reader_options, diag, [&](const Record& rec, const std::string& src) {
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
