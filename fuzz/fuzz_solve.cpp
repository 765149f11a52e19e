// Fuzzes the whole solve path from text: parse, check givens, count to 2 and validate any
// solution independently. Boards above 9x9 are skipped: an adversarial sparse 25x25 grid
// can need exponential search, which is a time-out, not a bug.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/solver/sudoku_solver.h"

using namespace sudoforge;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static SudokuSolver solver;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  RecordReader reader(in);
  for (int guard = 0; guard < 64; ++guard) {
    std::optional<Record> r;
    try {
      r = reader.next();
    } catch (const ParseError&) {
      continue;
    }
    if (!r) break;
    if (r->grid.size() > 9) continue;
    const bool conflict = find_conflict(r->grid).has_value();
    try {
      const auto n = solver.count(r->grid, 2);
      if (conflict) std::abort();  // conflicts must throw, never be searched
      auto s = solver.solve(r->grid);
      if ((n == 0) != !s) std::abort();
      if (s && !is_solution_of(r->grid, *s)) std::abort();
    } catch (const ConflictingGivens&) {
      if (!conflict) std::abort();
    }
  }
  return 0;
}
