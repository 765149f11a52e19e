// Fuzzes the whole solve path from text, on classic and variant boards (see
// fuzz_records.h): parse, check givens, count to 2 and validate any solution independently
// over every house of the board. Boards above 9x9 are skipped: an adversarial sparse 25x25 grid
// can need exponential search, which is a time-out, not a bug.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_records.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/solver/sudoku_solver.h"

using namespace sudoforge;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static SudokuSolver solver;
  ReaderOptions options;
  fuzz::pick_variant(data, size, options);
  fuzz::for_each_record(data, size, options, 64, [&](const Record& rec) {
    if (rec.grid.size() > 9) return;
    const bool conflict = find_conflict(rec.grid).has_value();
    try {
      const auto n = solver.count(rec.grid, 2);
      if (conflict) std::abort();  // conflicts must throw, never be searched
      auto s = solver.solve(rec.grid);
      if ((n == 0) != !s) std::abort();
      if (s && !is_solution_of(rec.grid, *s)) std::abort();
    } catch (const ConflictingGivens&) {
      if (!conflict) std::abort();
    }
  });
  return 0;
}
