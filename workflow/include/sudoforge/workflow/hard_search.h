#pragma once
// Hard-puzzle search: puzzles of a high rating band (SE 9.0 and up, which random minimal
// puzzles almost never reach) found by neighbourhood search from seed puzzles, the way the
// Patterns Game community finds SE 10+ puzzles ({-n+m} moves, generator/neighbourhood.h).
//
// The search runs in rounds. A round takes the `beam` best puzzles of the pool (every
// puzzle graded so far: the seeds and all candidates), ranked by rating minus
// kExpansionPenalty for each time a puzzle was expanded before (diversity: a parent whose
// children disappoint gives way to others), ties by canonical key. Each draws `children`
// neighbours, the moves taken in turn from `moves` (the seeds are ranked by a grading
// without nested chains: one that needs them ranks at the band's floor); with `minimal` each neighbour is then
// made minimal (its added clues tried last). Candidates whose canonical form was met
// before (a seed or any earlier candidate) are dropped. The rest are rated:
//  1. a cheap grading with a ceiling just under the band's floor (GradeOptions::max_rating):
//     it stops as soon as the puzzle is known to be harder than that, and rates a puzzle
//     below the band in full (its exact ER, which ranks it in the pool; with
//     bound_below, one proven rated lower ranks at a bound until the beam may take it);
//  2. the candidates that pass get the full analysis (uniqueness, solution, search
//     measure, ER/EP/ED as `grade` prints them, with the band's top as ceiling); those
//     in the band are results. Their grading goes on from where the cheap one stopped
//     (grader::Grader::rate with a lifted ceiling: the same rating).
// Reproducible: the candidates of a round and their order depend only on the seed, the
// seeds and the options, each candidate's rating only on the candidate, and results are
// delivered in candidate order, so a run gives the same results for any `threads` (a stop
// or time limit only cuts the list short).
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/generator/neighbourhood.h"
#include "sudoforge/workflow/analysis.h"
#include "sudoforge/workflow/target.h"

namespace sudoforge::workflow {

// Subtracted from a pool puzzle's rating per earlier expansion when the beam is chosen.
inline constexpr double kExpansionPenalty = 0.2;

struct HardSearchOptions {
  Target target;  // its floor is least_rating(target): set min_rating or a level
  std::uint64_t seed = 0;
  std::uint64_t count = 1;  // results wanted
  int threads = 1;
  bool minimal = true;  // results are minimal (else as the move leaves them)
  std::vector<Move> moves = {{1, 1}, {2, 2}};
  int beam = 12;      // parents per round
  int children = 16;  // neighbours drawn per parent per round
  // Candidates rated in all (step 1 above), 0 = no bound: the run ends after the round
  // that reaches it.
  std::uint64_t max_candidates = 0;
  // Step 1 stops on a candidate proven rated below the band's floor minus
  // kExpansionPenalty (the grader's floor test, GradeOptions::min_rating): it ranks in the
  // pool at that bound, and is graded in full only when the beam may take it. The same
  // results, beams and tally either way (a bound is used only while it is at most
  // `best`); false grades every candidate in full at once.
  bool bound_below = true;
};

struct HardResult {
  std::uint64_t index = 0;  // 0, 1, ... in the order results are found
  Grid puzzle;
  Grid parent;
  Move move;                // the move drawn (before minimisation)
  bool minimal = false;
  PuzzleAnalysis analysis;  // full: solution, search measure, rating, canonical key
};

struct HardSearchTally {
  std::uint64_t rounds = 0;
  std::uint64_t drawn = 0;       // neighbours drawn
  std::uint64_t duplicates = 0;  // dropped: canonical form met before
  std::uint64_t rated = 0;       // rated cheaply (step 1)
  std::uint64_t full = 0;        // analysed in full (step 2)
  std::uint64_t results = 0;
  double best = 0;  // highest ER met (full analyses and seeds' cheap ratings)
};

enum class HardSearchEnd {
  kComplete,   // `count` results
  kStopped,    // *stop was raised
  kBudget,     // max_candidates rated
  kExhausted,  // rounds drew no new candidate
};

// Runs the search from `seeds` (classic 9x9 puzzles with exactly one solution; throws
// std::invalid_argument for another board or an empty list). on_result is called on the
// calling thread, in index order; on_round after each round. `stop` (may be null) is
// polled by the searches and gradings.
HardSearchEnd hard_search(const std::vector<Grid>& seeds, const HardSearchOptions& options,
                          const std::function<void(const HardResult&)>& on_result,
                          const std::function<void(const HardSearchTally&)>& on_round,
                          HardSearchTally& tally, const std::atomic<bool>* stop);

// `count` seed puzzles drawn by the generator (minimal, classic 9x9, run `seed`) rated at
// least `floor`, fewer when `stop` was raised.
std::vector<Grid> generated_seeds(std::uint64_t count, std::uint64_t seed, double floor,
                                  int threads, const std::atomic<bool>* stop);

// Parses "-1+1,-2+2" (each move -n+m, n and m 0..9, n+m >= 1). Throws std::invalid_argument.
std::vector<Move> parse_moves(const std::string& text);

}  // namespace sudoforge::workflow
