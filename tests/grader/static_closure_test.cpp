// The static closures of the multiple producer (static_closure.cpp): along graded paths,
// each node's closure holds every node its static chaining records, and exactly those
// when the chaining meets no contradiction; the sets' test agrees with the chainings.
#include "static_closure.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "chaining_search.h"
#include "dynamic_board.h"
#include "grader_test_util.h"
#include "step_links.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

struct Counts {
  int states = 0, chainings = 0, contradictions = 0, sets = 0, sharing = 0;
  // Sets of three or more members, and those whose first two members share a node that
  // a later one lacks (where share() must read past the first pair).
  int larger_sets = 0, pair_only = 0;
};

// Checks the closures of grid g against every static chaining and every region and cell
// set of two or more "on" nodes.
void expect_closures_hold(const CandidateGrid& g, Counts& n) {
  using namespace grader::detail;
  DynamicBoard board;
  board.load(g);
  StepLinks links;
  links.build(board);
  StaticClosure closure;
  ASSERT_TRUE(closure.build(board, links));
  ChainingMode mode;
  mode.multiple = true;
  ChainingSearch search(board, links, mode);
  search.resize();
  ++n.states;
  std::vector<Chaining> chained(board.nn);
  std::vector<char> done(board.nn, 0);
  for (int c = 0; c < board.nc; ++c) {
    for (Mask m = board.step_cand[c]; m; m &= m - 1) {
      for (const bool on : {false, true}) {
        const int s = board.node(c, lowest(m), on);
        Chaining& R = chained[s];
        search.chain_static(R, s);
        done[s] = 1;
        ++n.chainings;
        n.contradictions += R.contradiction;
        for (int x = 0; x < board.nn; ++x) {
          if (R.has(x)) {
            ASSERT_TRUE(closure.reaches(s, x)) << "from " << s << " to " << x;
          } else if (!R.contradiction) {
            ASSERT_FALSE(closure.reaches(s, x)) << "from " << s << " to " << x;
          }
        }
      }
    }
  }
  // The producer's sets: a digit's places in a unit, a cell's values.
  const auto check_set = [&](const std::vector<int>& nodes) {
    if (nodes.size() < 2) return;
    ++n.sets;
    bool any_contradiction = false;
    std::uint64_t any = 0;
    for (size_t w = 0; w < chained[nodes[0]].node_bits.size(); ++w) {
      std::uint64_t x = ~std::uint64_t{0};
      for (int nd : nodes) x &= chained[nd].node_bits[w];
      any |= x;
    }
    for (int nd : nodes) any_contradiction |= chained[nd].contradiction;
    const bool share = closure.share(nodes.data(), nodes.data() + nodes.size());
    n.sharing += share;
    // share() against a plain reading of the closures, node by node, in both orders of
    // the members (its early stop comes after a different member).
    const auto plain = [&](const std::vector<int>& set) {
      for (int x = 0; x < board.nn; ++x) {
        bool all = true;
        for (const int nd : set) all = all && closure.reaches(nd, x);
        if (all) return true;
      }
      return false;
    };
    EXPECT_EQ(share, plain(nodes));
    const std::vector<int> reversed(nodes.rbegin(), nodes.rend());
    EXPECT_EQ(closure.share(reversed.data(), reversed.data() + reversed.size()), share);
    if (nodes.size() >= 3) {
      ++n.larger_sets;
      n.pair_only += share != plain({nodes[0], nodes[1]});
    }
    if (any != 0) EXPECT_TRUE(share);
    if (!any_contradiction) EXPECT_EQ(share, any != 0);
  };
  for (int c = 0; c < board.nc; ++c) {
    std::vector<int> nodes;
    for (Mask m = board.step_cand[c]; m; m &= m - 1)
      nodes.push_back(board.node(c, lowest(m), true));
    check_set(nodes);
    for (int k = 0; k < 3; ++k) {
      for (int d = 1; d <= board.n; ++d) {
        const Mask pm = board.step_pos[board.unit_pos_base[c * 3 + k] + d];
        if (!((board.step_cand[c] >> d) & 1) || board.unit_cells_of[c * 3 + k][lowest(pm)] != c)
          continue;
        nodes.clear();
        for (Mask q = pm; q; q &= q - 1)
          nodes.push_back(board.node(board.unit_cells_of[c * 3 + k][lowest(q)], d, true));
        check_set(nodes);
      }
    }
  }
}

}  // namespace

TEST(GraderChains, StaticClosuresHoldTheStaticChainings) {
  Counts n;
  for (const char* puzzle :
       {kPlusPuzzle,
        "1.3...7...5..89....8.....6.2..3...183....4.5..9..2...3...8..3.....275..19........",
        "1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3."}) {
    SCOPED_TRACE(puzzle);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step&) { expect_closures_hold(g, n); });
  }
  {
    SCOPED_TRACE("x board");
    expect_closures_hold(x_board_diagonal_pair(), n);
  }
  // Static contradictions occur on the paths (before their forcing chains), most sets
  // share nothing, and some share.
  EXPECT_GT(n.states, 60);
  EXPECT_GT(n.contradictions, 0);
  EXPECT_GT(n.sharing, 0);
  EXPECT_LT(n.sharing * 2, n.sets);
  EXPECT_GT(n.larger_sets, 100);
  EXPECT_GT(n.pair_only, 10);
}
