#pragma once
// Sudoku solving as exact cover: N^2 + H*N primary columns (cell filled; house h has
// symbol d, for each of the geometry's H houses: rows, columns, regions and any extra
// houses) and one row per (cell, symbol) candidate left by the givens.
//
// Entries: one per job, each bounded by the solver's limits (set_limits) and adding its
// work to *stats when given:
//   count(grid, cap)                    number of solutions, up to cap (2: "is it unique?")
//   solve(grid)                         one solution
//   enumerate(grid, visit, limit)       each solution in turn
//   has_other_solution(puzzle, ...)     "is there a solution other than this one?"
//   random_solution(partial, seed)      a random solution, the same grid for a seed always
//   target_score(grid) (target_score.h) the NOIP 2009 best score
// The engine is the solver's choice, never the caller's (table below).
//
// Contracts (every engine, every supported geometry):
//  - count(grid, cap) returns min(number of solutions, cap). The search stops as soon as
//    `cap` solutions are found.
//  - Conflicting givens (two equal symbols in a unit) throw ConflictingGivens: they are
//    reported, never searched.
//  - Stats, when non-null, are ADDED to (not reset): nodes = candidates placed by the
//    search, forced (a column with one row) or chosen at a branch; guesses = branches tried
//    at a choice between two or more rows (each branch counts, so a bivalue cell whose two
//    values are both tried counts 2). The linked engine counts exactly textbook DLX's
//    events; the bitwise engines count the same events, but their propagation (hidden
//    singles in every unit at once, locked candidates) settles some cells before DLX would
//    branch, so their counts are comparable, not identical. The cell engine's lookahead
//    (large searches only) also counts the placements of its trial propagations as nodes:
//    they are the work a budget bounds.
//    On classic 9x9, count() searches with stronger rules than solve/enumerate (the band
//    engine's count-only rules): its nodes and guesses on a puzzle are fewer than theirs.
//    has_other_solution() there runs the count's word pass (the first rules' fixpoint,
//    reached in another order) and the first rules' branching: comparable counts.
//  - Limits (set_limits, search_limits.h) bound every call's search: a node budget and a
//    stop flag. A call that hits one throws SearchAborted (stats still receive what was
//    spent); it never returns a count it did not finish. The solver stays usable.
// A SudokuSolver keeps its scratch memory between calls (no allocation during search once
// warm); it is not thread-safe: use one per thread.
//
// Engines: every call runs exactly one search, chosen by the board (resolve() in
// sudoku_solver.cpp). Only the generator, the CLI's diagnostic `--engine`, the benchmarks
// and the tests pin another (internal/engine_choice.h, target sudoforge::solver_internal).
// Every engine reads the board's houses (geometry.h) except the band engine, which is
// specialised to the classic 9x9 board.
//
//   engine (file)                   how it searches              its role: when it runs
//   BandEngine::run                 per-digit 27-bit band        classic 9x9 count, solve,
//     (band_engine.cpp,             bitboards, bit-sliced        enumerate, has_other_solution;
//      band_core.h)                 singles counts               the generator's 9x9 checks
//                                                                (from a base: count_isa.h)
//   BandEngine::run_random          band_core.h's search with    random_solution on classic
//     (band_random.cpp)             the first release's          9x9: the generator's full
//                                   propagation, shuffled values grids
//   CellEngine (cell_engine.cpp)    per-cell candidate masks;    every other board (sizes,
//                                   singles, locked candidates,  extra houses, jigsaw); the
//                                   lookahead on large searches  generator's checks from
//                                                                16x16 up (known solution as
//                                                                branching hint)
//   CellEngine's random search      singles only, random         random_solution on every other
//     (cell_engine.cpp)             branch order                 board: the generator's full grids
//   LinkedEngine                    dancing links specialised    the generator's checks
//     (linked_engine.cpp)           to Sudoku (four nodes per    below 16x16 off 9x9 (pinned:
//                                   candidate, index arrays)     a --check-nodes budget counts
//                                                                its nodes); `--engine linked`
//   ClauseSolver (clause_solver.h)  CDCL over one boolean per    the generator's 25x25 checks
//                                   candidate                    the cell engine leaves open
//   KillerEngine                    per-cell masks; houses and   every board with cages
//     (killer_engine.cpp)           cage digit sets (killer.h)   (Killer Sudoku, killer X):
//                                   to a fixpoint; fewest-       count, solve, enumerate,
//                                   candidates branching         random_solution, whatever
//                                                                engine is pinned
//   target_score (target_score.h)   per-cell branch and bound    `solve --target-score` (classic 9x9)
//                                   with ring bounds
//
// random_solution's two searches keep the first release's propagation and branch order so
// that a seed keeps its grids and the generator its puzzles (band_core.h says why that is
// a hook on the shared search rather than a versioned stream). The textbook dancing-links
// solver (generic exact cover) is no product path: it lives in bench/ as the reference.
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

namespace internal {
struct EngineAccess;  // internal/engine_choice.h: pins an engine (generator, CLI, tests)
}

class SudokuSolver {
 public:
  SudokuSolver();
  ~SudokuSolver();
  SudokuSolver(SudokuSolver&&) noexcept;
  SudokuSolver& operator=(SudokuSolver&&) noexcept;

  std::uint64_t count(const Grid& grid, std::uint64_t cap, SearchStats* stats = nullptr);
  std::optional<Grid> solve(const Grid& grid, SearchStats* stats = nullptr);
  // Calls visit for each solution until it returns false or `limit` solutions were seen.
  // Returns the number of solutions visited.
  std::uint64_t enumerate(const Grid& grid, const std::function<bool(const Grid&)>& visit,
                          std::uint64_t limit = UINT64_MAX, SearchStats* stats = nullptr);
  // The solutions enumerate visits (the same, in the same order), up to `limit`, written
  // one after the other into `out` (room for limit x cell_count bytes), a cell a byte.
  // Returns how many. For callers that keep many solutions (the neighbourhood moves):
  // no Grid and no call through a std::function per solution.
  std::uint64_t enumerate_into(const Grid& grid, std::uint8_t* out, std::uint64_t limit,
                               SearchStats* stats = nullptr);
  // "Is there a solution other than this one?", in the form the generator asks it: whether
  // `puzzle` has a solution containing none of the `excluded` candidates. Excluding the
  // known solution's symbol at a cell that is empty in `puzzle` asks whether another
  // solution differs from it there. A candidate that is a given of `puzzle` leaves no
  // solution (false); one out of range throws std::invalid_argument.
  // `known` (optional, the known solution: a full grid of puzzle's geometry, else
  // std::invalid_argument) is a branching hint: off 9x9 the cell engine tries first, at each
  // branch, the option that agrees with it; the answer never depends on it, only the search
  // order. Why agree first: another solution differs from the known one on a small set of
  // cells, so choices that keep the known value elsewhere reach it soonest
  // (solver/PERF_NOTES.md: branching hint).
  bool has_other_solution(const Grid& puzzle, std::span<const Candidate> excluded,
                          SearchStats* stats = nullptr, const Grid* known = nullptr);
  // A solution of `partial` drawn at random: the search tries the values of each branch
  // cell in an order drawn from `seed` with Boost.Random (mt19937_64 and
  // uniform_int_distribution, whose output Boost fixes on every platform), so a seed gives
  // the same grid everywhere and on every engine choice. nullopt when `partial` has no
  // solution. Throws ConflictingGivens like count().
  std::optional<Grid> random_solution(const Grid& partial, std::uint64_t seed,
                                      SearchStats* stats = nullptr);

  // Bounds for every later call of this solver (every entry above) until changed; default
  // SearchLimits{} = unbounded. Throws SearchAborted when hit.
  void set_limits(const SearchLimits& limits);
  const SearchLimits& limits() const;

 private:
  friend struct internal::EngineAccess;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Convenience wrappers over a thread-local SudokuSolver.
std::uint64_t count_solutions(const Grid& grid, std::uint64_t limit, SearchStats* stats = nullptr);
std::optional<Grid> solve(const Grid& grid, SearchStats* stats = nullptr);

}  // namespace sudoforge
