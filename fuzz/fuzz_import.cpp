// Fuzzes import into an in-memory catalogue: parse, keep valid unique puzzles, store them,
// and read every stored row back complete.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_records.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/solver/sudoku_solver.h"

using namespace sudoforge;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static SudokuSolver solver;
  db::Catalogue catalogue(":memory:");
  std::vector<db::PuzzleRecord> batch;
  fuzz::for_each_record(data, size, ReaderOptions{}, 64, [&](const Record& rec) {
    if (rec.grid.size() > 9 || find_conflict(rec.grid)) return;
    std::optional<Grid> solution;
    if (solver.enumerate(rec.grid, [&](const Grid& s) { solution = s; return true; }, 2) != 1) {
      return;
    }
    db::PuzzleRecord record;
    record.givens = rec.grid;
    record.solution = solution;
    record.source = "fuzz";
    batch.push_back(record);
  });
  const auto added = catalogue.add(batch);
  const auto rows = catalogue.query(db::QueryFilter{});
  if (static_cast<long long>(rows.size()) != added.added) std::abort();
  for (const auto& row : rows) {
    if (!row.solution || !is_solution_of(row.givens, *row.solution)) std::abort();
  }
  return 0;
}
