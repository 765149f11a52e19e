#pragma once
// The presentation of `sudoforge generate`: its puzzles in each output format, and the
// notes on stderr at the end of a run.
#include <cstdint>
#include <ostream>
#include <string>

#include "printer.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/workflow/store.h"

namespace sudoforge::cli {

// Writes generated puzzles: the puzzle alone (line, grid), or with solution, clues,
// symmetry, seed, index, minimal, and rating and level when `graded` (csv, json).
class GeneratedPrinter {
 public:
  // Writes the CSV header.
  GeneratedPrinter(std::ostream& out, OutputFormat format, const TextStyle& style, bool graded);
  void puzzle(const GeneratedPuzzle& p);
  void finish() { out_.finish(); }

 private:
  Printer out_;
  TextStyle style_;
  bool graded_;
};

// The end of a run's output: the printer finished, the store (may be null) committed and,
// unless `quiet`, its counts said on stderr. Throws IoError when stdout failed.
void finish_output(GeneratedPrinter& out, workflow::BatchedStore* store, const std::string& db_path,
                   bool quiet);

// What a run delivered, for its end-of-run notes.
struct GenerateTally {
  int threads = 1;
  std::uint64_t delivered = 0;
  std::uint64_t candidates = 0;  // graded to deliver them (with a level or band)
  std::uint64_t unproven = 0;    // puzzles with clues whose check ran out of --check-nodes
  double seconds = 0;
};

// The end of a run of `todo` puzzles that ended as `end`: unless `quiet`, with a level or
// rating band (`band`, the target in words; empty: none) the rate and the share of
// candidates kept, the puzzles not proven minimal, a time limit reached; an interruption
// (`interrupted`: a signal) always. Returns the exit code.
int end_generate(const GenerateTally& tally, const std::string& band, BatchEnd end,
                 std::uint64_t todo, bool interrupted, bool quiet);

}  // namespace sudoforge::cli
