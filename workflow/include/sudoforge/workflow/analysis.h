#pragma once
// PuzzleAnalysis: everything a front end learns about one puzzle before printing or storing it
// (validity, the solution, the DLX search measure, the technique rating), computed on
// worker threads in input order. It joins solver and grader here, in the workflow layer,
// because the component libraries stay independent of each other (storage knows no grader).
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/search_stats.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::workflow {

struct PuzzleAnalysis {
  bool done = false;  // false: not reached, or abandoned on a stop request
  std::string error;  // non-empty: the puzzle is invalid, with the reason
  std::optional<Grid> solution;
  SearchStats search;     // DLX nodes and guesses to solve and prove uniqueness
  grader::Rating rating;  // valid when error is empty
  std::string canonical;  // the catalogue key, when the job asked for it
};

// One per thread: owns a solver and a grader.
class PuzzleAnalyzer {
 public:
  // `stop` (may be null: a front end raises it on a signal or a deadline) is polled inside
  // the search and the grading, so an analysis in flight is abandoned within milliseconds
  // of a stop request.
  explicit PuzzleAnalyzer(grader::GradeOptions options = {},
                          const std::atomic<bool>* stop = nullptr);
  // Checks givens, uniqueness (limit 2) and grades; `explain` keeps the steps.
  // Conflicts are named in `alphabet` (the record's own), else the standard one.
  // On a stop request the result has done == false and nothing else.
  PuzzleAnalysis analyze(const Grid& puzzle, bool explain, const Alphabet* alphabet = nullptr);
  // For a puzzle already proven valid and unique with this `solution` (the generator's
  // candidates): grades only. The count analyze() would repeat is skipped, so `search`
  // stays empty until search_measure() fills it (for the puzzles kept). With a start
  // state (a medium killer's GeneratedPuzzle::easy_state), graded from it
  // (grader::Grader::rate): the rating is the puzzle's when above 1.5, the steps are not.
  PuzzleAnalysis analyze_proven(const Grid& puzzle, const Grid& solution, bool explain,
                                std::span<const std::uint16_t> start = {});
  // analyze()'s DLX measure of a unique puzzle (its count to 2); nullopt on a stop request.
  std::optional<SearchStats> search_measure(const Grid& puzzle);
  // analyze() with the grading done by the caller: `rating` is what this analyzer's
  // grading of the puzzle gives (e.g. grader::Grader::rate with a lifted ceiling, which
  // continues a cheaper grading), so the result is analyze()'s without explain; the givens,
  // uniqueness and search measure are checked and taken as analyze() does.
  PuzzleAnalysis analyze_graded(const Grid& puzzle, grader::Rating rating,
                                const Alphabet* alphabet = nullptr);

 private:
  // analyze()'s checks into `a`: error set when the puzzle is invalid, else its solution
  // and search measure. False on a stop request.
  bool check(const Grid& puzzle, const Alphabet* alphabet, PuzzleAnalysis& a);

  SudokuSolver solver_;
  grader::Grader grader_;
};

// `threads` analyzers sharing one grading setup and stop flag.
std::vector<PuzzleAnalyzer> make_analyzers(int threads, const grader::GradeOptions& options = {},
                                           const std::atomic<bool>* stop = nullptr);

// Analyses puzzles[i] for every i on `threads` workers (1 = the calling thread); results
// are in input order. Stops starting new work once `keep_going` returns false (then the
// remaining results have done == false).
struct AnalysisJob {
  const Grid* puzzle;
  const Alphabet* alphabet;
  bool canonical = false;  // also compute the canonical key of a valid puzzle
};
std::vector<PuzzleAnalysis> analyze_all(const std::vector<AnalysisJob>& jobs,
                                        std::vector<PuzzleAnalyzer>& analyzers, bool explain,
                                        const std::function<bool()>& keep_going);

}  // namespace sudoforge::workflow
