#pragma once
// Sudoku solving as exact cover: N^2 + H*N primary columns (cell filled; house h has
// symbol d, for each of the geometry's H houses: rows, columns, regions and any extra
// houses) and one row per (cell, symbol) candidate left by the givens.
//
// Contracts (every engine, every supported geometry):
//  - count(grid, limit) returns min(number of solutions, limit); limit 2 answers "is the
//    puzzle unique?". The search stops as soon as `limit` solutions are found.
//  - Conflicting givens (two equal symbols in a unit) throw ConflictingGivens: they are
//    reported, never searched.
//  - `forbidden` (optional) removes candidate rows before the search: the generator asks
//    "is there a solution with another symbol in this cell?" by forbidding the known one.
//  - Stats, when non-null, are ADDED to (not reset): nodes = candidates placed by the
//    search, forced (a column with one row) or chosen at a branch; guesses = branches tried
//    at a choice between two or more rows (each branch counts, so a bivalue cell whose two
//    values are both tried counts 2). kLinked counts exactly Dlx's events; the bitwise
//    engines count the same events, but their propagation (hidden singles in every unit at
//    once, locked candidates) settles some cells before DLX would branch, so their counts
//    are comparable, not identical. kCellMasks' lookahead (large searches only) also counts
//    the placements of its trial propagations as nodes: they are the work a budget bounds.
//  - Limits (set_limits, search_limits.h) bound every call's search: a node budget and a
//    stop flag. A call that hits one throws SearchAborted (stats still receive what was
//    spent); it never returns a count it did not finish. The solver stays usable.
// A SudokuSolver keeps its scratch memory between calls (no allocation during search once
// warm); it is not thread-safe: use one per thread.
//
// Engines: one search per job. Every count/solve/enumerate call runs exactly one of them,
// chosen by the Engine asked for and the geometry (kAuto: kBitwise on classic 9x9,
// kCellMasks on every other board; see resolve() in sudoku_solver.cpp).
//
//   engine (file)                   representation               runs for
//   kBitwise: BandEngine            per-digit 27-bit band        classic 9x9 count/solve/enum.
//     (band_engine.cpp)             bitboards, bit-sliced        (kAuto and kBitwise), the
//                                   singles counts               generator's 9x9 checks
//   kCellMasks: CellEngine          per-cell candidate masks;    every other board (kAuto,
//     (cell_engine.cpp)             singles, locked candidates,  kBitwise off classic 9x9); the
//                                   lookahead on large searches  generator's checks from
//                                                                16x16 up (known solution
//                                                                as branching hint)
//   kLinked: LinkedEngine           dancing links specialised    the generator's checks
//     (linked_engine.cpp)           to Sudoku (four nodes per    below 16x16 off 9x9;
//                                   candidate, index arrays)     `--engine linked` on request
//   BandEngine::run_random          the first release's band     random_solution, classic 9x9:
//     (band_random.cpp)             search, random branch order  the generator's full grids
//   CellEngine's random search      singles only, random         random_solution, other boards:
//     (cell_engine.cpp)             branch order                 the generator's full grids
//   Dlx (dlx.h, dlx.cpp)            generic exact cover,         no product path: solver_bench's
//                                   dancing links                textbook reference and tests
//   ClauseSolver (clause_solver.h)  CDCL over one boolean per    the generator's 25x25 checks
//                                   candidate                    the cell engine leaves open
//   target_score (target_score.h)   per-cell branch and bound    NOIP 2009 scoring
//                                   with ring bounds             (`solve --target-score`)
//
// random_solution's two searches are kept as first released, apart from the fast ones, so
// a seed keeps its grids and the generator its puzzles. The generator pins kLinked below
// 16x16 because a --check-nodes budget counts that engine's nodes.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>

#include "sudoforge/core/grid.h"
#include "sudoforge/solver/search_limits.h"
#include "sudoforge/solver/search_stats.h"

namespace sudoforge {

class ConflictingGivens : public std::runtime_error {
 public:
  ConflictingGivens(int first_cell, int second_cell, const std::string& what)
      : std::runtime_error(what), first_(first_cell), second_(second_cell) {}
  int first_cell() const { return first_; }
  int second_cell() const { return second_; }

 private:
  int first_, second_;
};

// A (cell, symbol) candidate excluded from the search.
struct Candidate {
  int cell;
  int value;  // 1..N
};

enum class Engine {
  kAuto,       // the engine for the geometry: kBitwise for 9x9, kCellMasks otherwise
  kLinked,     // dancing links over compact index arrays (every size)
  kBitwise,    // the same exact-cover search on bitsets: per-digit band bitboards for 9x9,
               // kCellMasks for the other sizes
  kCellMasks,  // per-cell candidate bitmasks with singles, locked candidates and lookahead
               // (every size; the generator's uniqueness checks from 16x16 up)
};

class SudokuSolver {
 public:
  explicit SudokuSolver(Engine engine = Engine::kAuto);
  ~SudokuSolver();
  SudokuSolver(SudokuSolver&&) noexcept;
  SudokuSolver& operator=(SudokuSolver&&) noexcept;

  std::uint64_t count(const Grid& grid, std::uint64_t limit, SearchStats* stats = nullptr,
                      std::span<const Candidate> forbidden = {});
  // count() with a branching hint for the generator's question "is there a solution other
  // than `prefer`?" (a full grid of the same geometry, the known solution; `forbidden`
  // excludes it at the removed cell): at each branch kCellMasks tries first the option
  // that agrees with `prefer`; the other engines ignore the hint. The result is count()'s;
  // only the search order changes. Why agree first: another solution differs from the
  // known one on a small set of cells, so choices that keep the known value elsewhere reach
  // it soonest (solver/PERF_NOTES.md: branching hint). Throws std::invalid_argument
  // unless `prefer` is a full grid of grid's geometry.
  std::uint64_t count(const Grid& grid, std::uint64_t limit, SearchStats* stats,
                      std::span<const Candidate> forbidden, const Grid& prefer);
  std::optional<Grid> solve(const Grid& grid, SearchStats* stats = nullptr);
  // Calls visit for each solution until it returns false or `limit` solutions were seen.
  // Returns the number of solutions visited.
  std::uint64_t enumerate(const Grid& grid, const std::function<bool(const Grid&)>& visit,
                          std::uint64_t limit = UINT64_MAX, SearchStats* stats = nullptr);
  // A solution of `partial` drawn at random: the search tries the values of each branch
  // cell in an order drawn from `seed` with Boost.Random (mt19937_64 and
  // uniform_int_distribution, whose output Boost fixes on every platform), so a seed gives
  // the same grid everywhere and on every engine choice. nullopt when `partial` has no
  // solution. Throws ConflictingGivens like count().
  std::optional<Grid> random_solution(const Grid& partial, std::uint64_t seed,
                                      SearchStats* stats = nullptr);

  Engine engine() const;

  // Bounds for every later call of this solver (count, solve, enumerate, random_solution)
  // until changed; default SearchLimits{} = unbounded. Throws SearchAborted when hit.
  void set_limits(const SearchLimits& limits);
  const SearchLimits& limits() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Convenience wrappers over a thread-local SudokuSolver.
std::uint64_t count_solutions(const Grid& grid, std::uint64_t limit, SearchStats* stats = nullptr);
std::optional<Grid> solve(const Grid& grid, SearchStats* stats = nullptr);

}  // namespace sudoforge
