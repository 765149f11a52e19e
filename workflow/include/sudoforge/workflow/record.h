#pragma once
// Turning an analysed puzzle into the plain record the catalogue stores.
#include "sudoforge/db/catalogue.h"
#include "sudoforge/workflow/analysis.h"

namespace sudoforge::workflow {

// Precondition: analysis.error is empty (a valid, unique, graded puzzle). Fills givens,
// solution, symmetry of the pattern, ratings, level, hardest technique, techniques used
// and the search measure; source, seed and minimal are the caller's.
db::PuzzleRecord record_from(const Grid& puzzle, const PuzzleAnalysis& analysis);

}  // namespace sudoforge::workflow
