// Fuzzes grading from text: every unique 9x9 puzzle is graded, and no step may place a
// wrong digit or eliminate the true one.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_records.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

using namespace sudoforge;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static SudokuSolver solver;
  // Up to dynamic (+) chains: the nested levels can take seconds to minutes on one hard
  // puzzle (longer still under instrumentation), past libFuzzer's per-input timeout; the
  // unit tests grade puzzles that need them, under the sanitizers too.
  static grader::Grader grader([] {
    grader::GradeOptions options;
    options.max_chain_depth = 4;
    return options;
  }());
  ReaderOptions options;
  options.size = 9;
  fuzz::for_each_record(data, size, options, 8, [&](const Record& rec) {
    if (find_conflict(rec.grid)) return;
    std::optional<Grid> solution;
    if (solver.enumerate(rec.grid, [&](const Grid& s) { solution = s; return true; }, 2) != 1) {
      return;
    }
    const auto rating = grader.rate(rec.grid, true);
    for (const auto& step : rating.steps) {
      for (auto [cell, value] : step.placements) {
        if ((*solution)[cell] != value) std::abort();
      }
      for (auto [cell, value] : step.eliminations) {
        if ((*solution)[cell] == value) std::abort();
      }
    }
    if (rating.er < rating.ed || rating.er < rating.ep) std::abort();
  });
  return 0;
}
