#pragma once
// Generation toward a content request rather than a difficulty band alone:
//
// Technique-targeted (Target::techniques). Puzzles come in chunks of kTechniqueChunk
// indices; chunk c is a function of (seed, c) and the options, so puzzle i of a seed is
// the same for any --threads and any --start. A chunk starts from a root: the first
// fresh minimal puzzle the target accepts (graded until its techniques are all used, or
// in full under the hardest technique's ceiling). Its other puzzles come from the
// neighbourhood of the hits found so far: a hit chosen at random gets one more clue (an
// orbit of its solution, for a symmetry) and is reduced again to a minimal puzzle keeping
// that clue unless it can go ({+1, -k}: most of the solving path up to the technique
// stays). Each candidate is graded and kept when the target accepts it; candidates whose
// canonical form was met before in the chunk are skipped, so a chunk's puzzles are
// canonically distinct (puzzles of different chunks come from different roots and are
// distinct in practice, not by proof). After kBarrenMoves misses in a row the chunk
// starts again from a new root. The trade-off: puzzles of a chunk share most of their
// givens with their root (distinct, yet relatives); a rare technique costs the root's
// blind search once per chunk.
//
// Pattern-constrained (GeneratePlan::pattern). Puzzle i is searched on its own from
// (seed, i): a random full grid gives the mask's digits; while the puzzle has several
// solutions (counted up to kPatternCountCap), one mask cell at a time gets the digit of a
// random solution of the puzzle without that cell, and the move is kept when the count
// does not grow (the puzzle always has a solution). After kPatternMoves moves a new grid
// is drawn, at most `pattern_attempts` grids in all. A unique candidate is kept when it
// is minimal (no given can go: a property of the pattern and the digits) and the target
// accepts it; when kPatternNonMinimal unique candidates in a row were accepted but not
// minimal, the first of them is kept (`minimal` false). No candidate at all: NoPatternPuzzle.
#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "sudoforge/generator/generator.h"

namespace sudoforge::workflow {

inline constexpr std::uint64_t kTechniqueChunk = 16;
inline constexpr int kBarrenMoves = 300;
inline constexpr std::uint64_t kPatternCountCap = 200;
inline constexpr int kPatternMoves = 300;
inline constexpr int kPatternNonMinimal = 16;
inline constexpr std::uint64_t kDefaultPatternAttempts = 50;

// No puzzle on the pattern within the attempts (the pattern may admit none).
class NoPatternPuzzle : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The puzzles first..first+count-1 of a technique-targeted run, in index order.
BatchResult generate_for_techniques(const GeneratorOptions& options, const BatchOptions& batch,
                                    const AcceptFactory& accept_factory,
                                    const std::function<void(const GeneratedPuzzle&)>& emit,
                                    const std::atomic<bool>* stop);

// The puzzles of a pattern run: `mask` has one entry per cell of options.geometry, true
// where a given goes. Throws NoPatternPuzzle.
BatchResult generate_on_pattern(const GeneratorOptions& options, const std::vector<bool>& mask,
                                std::uint64_t attempts, const BatchOptions& batch,
                                const AcceptFactory& accept_factory,
                                const std::function<void(const GeneratedPuzzle&)>& emit,
                                const std::atomic<bool>* stop);

}  // namespace sudoforge::workflow
