#include "generate_output.h"

#include <cmath>
#include <cstdio>
#include <iostream>

#include "cli_common.h"
#include "sudoforge/core/record_writer.h"

namespace sudoforge::cli {

GeneratedPrinter::GeneratedPrinter(std::ostream& out, OutputFormat format, const TextStyle& style,
                                   bool graded)
    : out_(out, format), style_(style), graded_(graded) {
  if (format == OutputFormat::kCsv) {
    std::vector<std::string> header{"puzzle", "solution", "clues",  "symmetry",
                                    "seed",   "index",    "minimal"};
    if (graded) header.insert(header.end(), {"rating", "level"});
    out_.csv_header(with_board_columns(std::move(header)));
  }
}

void GeneratedPrinter::puzzle(const GeneratedPuzzle& p) {
  const std::string puzzle = to_line(p.puzzle, style_);
  if (out_.format() == OutputFormat::kCsv) {
    std::vector<std::string> row{puzzle,
                                 to_line(p.solution, style_),
                                 std::to_string(p.puzzle.clue_count()),
                                 std::string(symmetry_name(p.symmetry)),
                                 std::to_string(p.seed),
                                 std::to_string(p.index),
                                 p.minimal ? "true" : "false"};
    if (graded_) row.insert(row.end(), {rating_text(p.rating.value_or(0)), p.level});
    out_.csv_row(with_board_fields(std::move(row), p.puzzle, style_.alphabet));
  } else if (out_.format() == OutputFormat::kJson) {
    nlohmann::ordered_json j{{"puzzle", puzzle},
                             {"solution", to_line(p.solution, style_)},
                             {"clues", p.puzzle.clue_count()},
                             {"symmetry", symmetry_name(p.symmetry)},
                             {"seed", p.seed},
                             {"index", p.index},
                             {"minimal", p.minimal}};
    if (graded_) {
      j["rating"] = std::round(p.rating.value_or(0) * 10) / 10;
      j["level"] = p.level;
    }
    add_board_fields(j, p.puzzle, style_.alphabet);
    out_.json(j);
  } else {
    out_.grid(p.puzzle, style_);
  }
}

void finish_output(GeneratedPrinter& out, workflow::BatchedStore* store, const std::string& db_path,
                   bool quiet) {
  out.finish();
  if (store) {
    store->commit();
    if (!quiet) {
      std::cerr << "sudoforge generate: " << db_path << ": added " << store->stored().added
                << ", duplicates " << store->stored().duplicates << '\n';
    }
  }
  if (!std::cout) throw IoError("cannot write the output");
}

int end_generate(const GenerateTally& t, const std::string& band, BatchEnd end, std::uint64_t todo,
                 bool interrupted, bool quiet) {
  const auto total = static_cast<unsigned long long>(todo);
  const auto delivered = static_cast<unsigned long long>(t.delivered);
  if (!band.empty() && !quiet && delivered > 0) {
    std::fprintf(stderr,
                 "sudoforge generate: %s (%s) in %.2f s, %.1f/s on %s; %s graded, %.1f%% kept\n",
                 count_of(delivered, "puzzle").c_str(), band.c_str(), t.seconds,
                 t.seconds > 0 ? delivered / t.seconds : 0.0,
                 count_of(static_cast<unsigned>(t.threads), "thread").c_str(),
                 count_of(t.candidates, "candidate").c_str(),
                 t.candidates ? 100.0 * delivered / t.candidates : 0.0);
  }
  if (t.unproven > 0 && !quiet) {
    std::cerr << "sudoforge generate: " << t.unproven << " of " << delivered
              << " puzzles are unique but not proven minimal (a check ran out of its node "
                 "budget, see --check-nodes; 'minimal' is false for them)\n";
  }
  if (end == BatchEnd::kStopped && interrupted) {
    std::cerr << "sudoforge generate: interrupted after " << delivered << " of " << total
              << " puzzles\n";
    return kInterrupted;
  }
  if (end != BatchEnd::kComplete && !quiet) {
    std::cerr << "sudoforge generate: time limit reached after " << delivered << " of " << total
              << " puzzles\n";
  }
  return kOk;
}

}  // namespace sudoforge::cli
