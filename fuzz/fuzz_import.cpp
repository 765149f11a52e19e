// Fuzzes import into an in-memory catalogue: parse, keep valid unique puzzles, store them,
// and read every stored row back complete.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/solver/sudoku_solver.h"

using namespace sudoforge;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static SudokuSolver solver;
  db::Catalogue catalogue(":memory:");
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  RecordReader reader(in);
  std::vector<db::PuzzleRecord> batch;
  for (int guard = 0; guard < 64; ++guard) {
    std::optional<Record> r;
    try {
      r = reader.next();
    } catch (const ParseError&) {
      continue;
    }
    if (!r) break;
    if (r->grid.size() > 9 || find_conflict(r->grid)) continue;
    std::optional<Grid> solution;
    if (solver.enumerate(r->grid, [&](const Grid& s) { solution = s; return true; }, 2) != 1) {
      continue;
    }
    db::PuzzleRecord rec;
    rec.givens = r->grid;
    rec.solution = solution;
    rec.source = "fuzz";
    batch.push_back(rec);
  }
  const auto added = catalogue.add(batch);
  const auto rows = catalogue.query(db::QueryFilter{});
  if (static_cast<long long>(rows.size()) != added.added) std::abort();
  for (const auto& row : rows) {
    if (!row.solution || !is_solution_of(row.givens, *row.solution)) std::abort();
  }
  return 0;
}
