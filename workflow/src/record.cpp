#include "sudoforge/workflow/record.h"

#include "sudoforge/core/symmetry.h"

namespace sudoforge::workflow {

db::PuzzleRecord record_from(const Grid& puzzle, const PuzzleAnalysis& a) {
  db::PuzzleRecord r;
  r.givens = puzzle;
  r.solution = a.solution;
  r.symmetry = std::string(symmetry_name(detect_symmetry(puzzle)));
  r.dlx_nodes = static_cast<std::int64_t>(a.search.nodes);
  r.guesses = static_cast<std::int64_t>(a.search.guesses);
  const grader::Rating& g = a.rating;
  r.rating_er = g.er;
  r.rating_ep = g.ep;
  r.rating_ed = g.ed;
  r.level = std::string(grader::level_name(g.level));
  r.hardest = g.complete ? g.hardest : g.hardest + " (incomplete)";
  r.techniques = g.techniques;
  return r;
}

}  // namespace sudoforge::workflow
