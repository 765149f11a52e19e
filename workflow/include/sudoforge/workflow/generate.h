#pragma once
// Generating for a request: the generator's options adjusted to the target (a level's
// clue floor), candidates analysed and accepted by the target's predicate, the run's
// identity for resuming, and the catalogue record of each puzzle kept.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "sudoforge/db/catalogue.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/workflow/analysis.h"
#include "sudoforge/workflow/target.h"

namespace sudoforge::workflow {

struct GenerateRequest {
  GeneratorOptions generator;  // as asked, before a level's clue floor
  Target target;
  // Every kept puzzle is analysed (solution, search measure, full rating) and the
  // analysis handed to on_puzzle, e.g. for its catalogue record.
  bool keep_analyses = false;
  // Non-empty: every puzzle has its givens exactly where this is true (one entry per cell
  // of generator.geometry); see targeted.h. Drawn with at most pattern_attempts grids.
  std::vector<bool> pattern;
  std::uint64_t pattern_attempts = 0;
};

struct GeneratePlan {
  GeneratorOptions generator;  // what the generator runs with
  Target target;
  bool keep_analyses = false;
  bool graded = false;  // candidates are analysed: the target filters, or keep_analyses
  // Kept puzzles carry their full rating (GeneratedPuzzle::rating, level): graded, except
  // for a technique target that needs no full rating (its gradings stop once the
  // techniques are all used) and keeps no analyses.
  bool rated = false;
  std::vector<bool> pattern;  // as in the request
  std::uint64_t pattern_attempts = 0;
  // > 0: minimal puzzles of this size rarely reach the target's level, so candidates keep
  // this many clues instead (grader::level_min_clues). Applies only when minimal puzzles
  // were asked for: a clue floor of the user's stays.
  int level_floor = 0;
  // What determines puzzle i of a seed besides (seed, i), spelled as the command-line
  // options: stored with each puzzle so that a resumed run recognizes its puzzles.
  std::string run_options;
};
GeneratePlan plan_generation(const GenerateRequest& request);

// The ranges (first index, count) of first..first+count-1 not in `have` (sorted,
// distinct, inside the range): what a resumed run still has to generate.
std::vector<std::pair<std::uint64_t, std::uint64_t>> missing_ranges(
    std::uint64_t first, std::uint64_t count, const std::vector<std::uint64_t>& have);

// The index ranges a run (batch's seed, first index and count, the plan's options) still
// has to generate: the whole run, or when resuming from a catalogue the gaps between the
// indices it holds for this run (after a kill, a prefix of the run minus the duplicates,
// which are generated again and found to be duplicates again). Throws db::CatalogueError.
struct RunRanges {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
  std::uint64_t held = 0;  // puzzles of the run the catalogue holds already
  std::uint64_t todo = 0;  // puzzles in `ranges`
};
RunRanges ranges_to_generate(const GeneratePlan& plan, const BatchOptions& batch,
                             db::Catalogue* resume_from);

struct GenerateCallbacks {
  // A candidate graded against a filtering target, kept or not; on any worker thread.
  std::function<void(bool kept)> on_candidate;
  // A kept puzzle (rating and level set when graded), in index order on the calling
  // thread; `analysis` is its analysis with keep_analyses, else null.
  std::function<void(const GeneratedPuzzle&, PuzzleAnalysis* analysis)> on_puzzle;
};

// Generates the ranges in order with batch's seed and threads, stopping after the first
// range that does not complete (stop request, deadline). `stop` (may be null) is polled
// by the batch, its uniqueness searches and the gradings. Throws GeneratorError.
BatchResult generate(const GeneratePlan& plan, const BatchOptions& batch,
                     const std::vector<std::pair<std::uint64_t, std::uint64_t>>& ranges,
                     const GenerateCallbacks& callbacks, const std::atomic<bool>* stop);

// The catalogue record of a generated puzzle: record_from plus how it was made.
db::PuzzleRecord generated_record(const GeneratedPuzzle& puzzle, const PuzzleAnalysis& analysis,
                                  const std::string& run_options);

}  // namespace sudoforge::workflow
