#pragma once
// A Sudoku search with conflict-driven clause learning (CDCL), for the generator's hardest
// uniqueness checks on 25x25 grids.
//
// Why: a check that must prove "no solution avoids this candidate" on a sparse 25x25
// puzzle refutes the same local contradictions over and over in a plain backtracking
// search (kCellMasks spends seconds to minutes on some). Learning a clause from each
// contradiction (the reason it happened, as a disjunction of candidates) and backjumping
// cuts those proofs by an order of magnitude (solver/PERF_NOTES.md); the cell engine still
// wins some searches for a second solution, so the generator tries it first with a small
// budget.
//
// Encoding: one boolean per candidate (cell, symbol) left open by the givens (a given's
// peers lose its symbol); per open cell "at least one symbol" (one clause) and "at most
// one" (pairwise binary clauses), per (unit, symbol) not given in the unit "at least one
// place" and, per pair of peers sharing a candidate symbol, "not both". A model is
// exactly a solution. Forbidden candidates get no variable. The search is the classic
// one: unit propagation with two watched literals (binary clauses as implication lists),
// first-UIP learning with local minimisation, VSIDS branching, phase saving (first phase
// from the optional hint: the hint's symbol true, the others false), Luby restarts and
// periodic deletion of half the learnt clauses (those with the most decision levels).
//
// Exactness: every learnt clause is a resolvent of earlier clauses, so it holds in every
// solution; "no solution" is reported only when the empty clause is derived (a conflict
// at level 0). A solution is reported only from a full assignment satisfying every
// clause, and is checked cell by cell before it is returned.
//
// Cost accounting (SearchStats, SearchLimits::max_nodes): nodes = literals assigned
// (true or false) by decisions and propagation, the work a budget bounds; guesses =
// decisions. A search that hits a limit throws SearchAborted, like SudokuSolver's.
#include <cstdint>
#include <memory>
#include <span>

#include "sudoforge/core/grid.h"
#include "sudoforge/solver/search_limits.h"
#include "sudoforge/solver/search_stats.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {

class ClauseSolver {
 public:
  ClauseSolver();
  ~ClauseSolver();
  ClauseSolver(ClauseSolver&&) noexcept;
  ClauseSolver& operator=(ClauseSolver&&) noexcept;

  // Bounds for every later call (default: unbounded). Throws SearchAborted when hit.
  void set_limits(const SearchLimits& limits);

  // Phase saving (default on): a decision gives its variable the value it had when it was
  // last unassigned (first: the hint's, else "placed"). Off: always the first value, so
  // after each backjump or restart the search heads for the hint (or, without one, places
  // candidates) again instead of returning to the region it left: faster on the checks
  // whose second solution lies far from the hint (solver/PERF_NOTES.md). Only the work
  // changes, never the answer.
  void set_phase_saving(bool on);

  // Whether `grid` has a solution that uses none of the `forbidden` candidates. When it
  // has and `solution` is non-null, *solution receives one. `prefer` (null or a full grid
  // of the same geometry) only orders the search. Preconditions: the givens do not
  // conflict and no forbidden candidate is a given (std::invalid_argument otherwise).
  bool solvable(const Grid& grid, std::span<const Candidate> forbidden,
                const Grid* prefer = nullptr, Grid* solution = nullptr,
                SearchStats* stats = nullptr);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoforge
