// Fuzzes grading from text: every unique 9x9 puzzle is graded, and no step may place a
// wrong digit or eliminate the true one.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

using namespace sudoforge;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static SudokuSolver solver;
  static grader::Grader grader;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  ReaderOptions options;
  options.size = 9;
  RecordReader reader(in, options);
  for (int guard = 0; guard < 8; ++guard) {
    std::optional<Record> r;
    try {
      r = reader.next();
    } catch (const ParseError&) {
      continue;
    }
    if (!r) break;
    if (find_conflict(r->grid)) continue;
    std::optional<Grid> solution;
    if (solver.enumerate(r->grid, [&](const Grid& s) { solution = s; return true; }, 2) != 1) {
      continue;
    }
    const auto rating = grader.rate(r->grid, true);
    for (const auto& step : rating.steps) {
      for (auto [cell, value] : step.placements) {
        if ((*solution)[cell] != value) std::abort();
      }
      for (auto [cell, value] : step.eliminations) {
        if ((*solution)[cell] == value) std::abort();
      }
    }
    if (rating.er < rating.ed || rating.er < rating.ep) std::abort();
  }
  return 0;
}
