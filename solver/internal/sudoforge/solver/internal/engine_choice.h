#pragma once
// Internal: pinning SudokuSolver to one engine. The public API chooses the engine itself
// (the table in sudoku_solver.h); this header is for the few callers with a reason to pin
// one: the generator (a --check-nodes budget counts one engine's nodes), the CLI's
// diagnostic `--engine` option of `solve` and `bench`, the benchmarks and the tests. It is
// reachable only through the INTERFACE target sudoforge::solver_internal
// (solver/CMakeLists.txt).
#include <cstdint>

#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::internal {

enum class Engine : std::uint8_t {
  kAuto,       // the engine for the geometry: kBitwise for 9x9, kCellMasks otherwise
  kLinked,     // dancing links over compact index arrays (every size)
  kBitwise,    // the same exact-cover search on bitsets: per-digit band bitboards for 9x9,
               // kCellMasks for the other sizes
  kCellMasks,  // per-cell candidate bitmasks with singles, locked candidates and lookahead
               // (every size; the generator's uniqueness checks from 16x16 up)
};

struct EngineAccess {
  static void pin(SudokuSolver& solver, Engine engine);
  static Engine engine(const SudokuSolver& solver);
};

// A solver whose count, solve, enumerate and has_other_solution run `engine` (resolved per
// geometry as the comments above say). random_solution never depends on it: a seed gives
// the same grid whatever the engine.
inline SudokuSolver pinned_solver(Engine engine) {
  SudokuSolver solver;
  EngineAccess::pin(solver, engine);
  return solver;
}

inline Engine pinned_engine(const SudokuSolver& solver) {
  return EngineAccess::engine(solver);
}

}  // namespace sudoforge::internal
