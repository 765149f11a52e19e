// sf_count and sf_solve: the solver on one puzzle of any supported board.
#include <cstring>

#include "capi_internal.h"
#include "sudoforge/solver/sudoku_solver.h"

using sudoforge::capi::Failure;
using sudoforge::capi::guarded;
using sudoforge::capi::require;

namespace {

// A solver bounded by the options' stop flag; the puzzle read with the options' variant.
struct SolveJob {
  sudoforge::Grid puzzle;
  sudoforge::SudokuSolver solver;

  SolveJob(const char* text, const sf_solve_options* options)
      : puzzle(sudoforge::capi::read_puzzle(text, options ? options->variant : nullptr)) {
    sudoforge::SearchLimits limits;
    limits.stop = sudoforge::capi::flag_of(options ? options->stop : nullptr);
    solver.set_limits(limits);
  }
};

}  // namespace

extern "C" {

sf_status sf_count(const char* puzzle, const sf_solve_options* options, uint64_t cap,
                   uint64_t* count) {
  return guarded([&] {
    require(count, "count");
    if (cap == 0) throw Failure{SF_INVALID_ARGUMENT, "cap must be at least 1"};
    SolveJob job(puzzle, options);
    *count = job.solver.count(job.puzzle, cap);
  });
}

sf_status sf_solve(const char* puzzle, const sf_solve_options* options, char* solution,
                   size_t solution_size) {
  return guarded([&] {
    require(solution, "solution");
    SolveJob job(puzzle, options);
    const std::size_t needed = static_cast<std::size_t>(job.puzzle.cell_count()) + 1;
    if (solution_size < needed) {
      throw Failure{SF_INVALID_ARGUMENT, "solution buffer of " + std::to_string(solution_size) +
                                             " bytes; this board needs " + std::to_string(needed)};
    }
    const std::optional<sudoforge::Grid> found = job.solver.solve(job.puzzle);
    if (!found) throw Failure{SF_NO_SOLUTION, "the puzzle has no solution"};
    const std::string text = sudoforge::db::grid_to_text(*found);
    std::memcpy(solution, text.c_str(), text.size() + 1);
  });
}

}  // extern "C"
