#include "sudoforge/solver/random_solution.h"

#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {

std::optional<Grid> random_solution(const Grid& partial, std::uint64_t seed, SearchStats* stats) {
  thread_local SudokuSolver solver;
  return solver.random_solution(partial, seed, stats);
}

}  // namespace sudoforge
