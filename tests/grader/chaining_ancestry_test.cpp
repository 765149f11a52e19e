// The ancestor walks that price the dynamic chains' hints (chaining_ancestry.h): a walk
// capped at `cap` nodes gives the count when it is below the cap and the cap otherwise,
// and keeps only an exact count as its memo. Checked against a plain count of the
// distinct nodes among a record's ancestors, on the dynamic chainings of graded paths
// (contradictions, whose walks the producers cap, and a sample of other records).
#include "chaining_ancestry.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <vector>

#include "chaining_search.h"
#include "dynamic_board.h"
#include "grader_test_util.h"
#include "step_links.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

// The distinct nodes among the ancestors of record r (r included), breadth first.
int plain_ancestors(const grader::detail::Chaining& R, int r) {
  std::set<int> nodes;
  std::vector<int> todo{r};
  std::vector<char> seen(R.records.size(), 0);
  seen[r] = 1;
  while (!todo.empty()) {
    const int q = todo.back();
    todo.pop_back();
    nodes.insert(R.records[q].node);
    const auto& rq = R.records[q];
    std::vector<int> parents;
    if (rq.parents_end < 0) {
      parents.push_back(rq.first_parent);
    } else {
      for (int k = rq.first_parent; k < rq.parents_end; ++k) parents.push_back(R.parent_pool[k]);
    }
    for (const int p : parents) {
      if (!seen[p]) {
        seen[p] = 1;
        todo.push_back(p);
      }
    }
  }
  return static_cast<int>(nodes.size());
}

}  // namespace

TEST(GraderChains, CappedAncestorWalksMatchAPlainCount) {
  using namespace grader::detail;
  DynamicBoard board;
  StepLinks links;
  ChainingMode mode;
  mode.multiple = mode.dynamic = true;
  ChainingSearch search{board, links, mode};
  ChainAncestry ancestry;
  Chaining R;
  int checked = 0, contradictions = 0, stopped = 0, state = 0;
  for (const char* puzzle :
       {"...65....8....41...3.....26..4...7.....5.2.3....9....8.17......6..4..3..9...8.6.7",
        "1.3...7...5..89....8.....6.2..3...183....4.5..9..2...3...8..3.....275..19........"}) {
    SCOPED_TRACE(puzzle);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step&) {
      if (!board.load(g)) {
        search.resize();
        ancestry.resize(board.nn);
      }
      if (state++ % 4 != 0) return;  // every fourth state of the paths
      links.build(board);
      for (int c = 0; c < board.nc; ++c) {
        for (Mask m = board.step_cand[c]; m; m &= m - 1) {
          for (const bool on : {true, false}) {
            const int s = board.node(c, lowest(m), on);
            search.chain(R, s, true);
            std::vector<int> records;
            if (R.contradiction) {
              records = {R.contradiction_on, R.contradiction_off};
              ++contradictions;
            }
            for (int r = 0; r < static_cast<int>(R.records.size()); r += 7) records.push_back(r);
            for (const int r : records) {
              const int plain = plain_ancestors(R, r);
              for (const int cap :
                   {1, 2, plain - 1, plain, plain + 1, std::numeric_limits<int>::max()}) {
                if (cap < 1) continue;
                R.records[r].ancestor_count = -1;
                const int got = ancestry.ancestors(R, r, cap);
                ASSERT_EQ(got, plain < cap ? plain : cap) << "from " << s << " record " << r;
                ASSERT_EQ(R.records[r].ancestor_count, plain < cap ? plain : -1)
                    << "from " << s << " record " << r;
                ++checked;
                stopped += plain >= cap;
              }
            }
          }
        }
      }
    });
  }
  EXPECT_GT(contradictions, 2000);
  EXPECT_GT(checked, 300000);
  EXPECT_GT(stopped, 200000);
}
