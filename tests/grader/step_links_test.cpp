// The step links (step_links.cpp), built from the last build's lists where a candidate's
// cell and units did not change: along graded paths, from one puzzle to the next and
// after a board of another layout, the same lists as a build from scratch.
#include "step_links.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "dynamic_board.h"
#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

// Builds g's links with the reused `links` and with fresh ones; they must agree.
void expect_same_links(grader::detail::DynamicBoard& board, grader::detail::StepLinks& links,
                       const CandidateGrid& g, int& states) {
  using namespace grader::detail;
  board.load(g);
  links.build(board);
  DynamicBoard fresh_board;
  fresh_board.load(g);
  StepLinks fresh;
  fresh.build(fresh_board);
  ++states;
  ASSERT_EQ(links.node_begin, fresh.node_begin);
  const int used = fresh.node_begin[board.nn];
  ASSERT_TRUE(std::equal(fresh.targets.begin(), fresh.targets.begin() + used,
                         links.targets.begin()));
  for (int c = 0; c < board.nc; ++c) {
    for (Mask m = board.step_cand[c]; m; m &= m - 1) {
      const int on = board.node(c, lowest(m), true);
      ASSERT_EQ(links.unit_targets_begin[on], fresh.unit_targets_begin[on]) << on;
    }
  }
}

}  // namespace

TEST(GraderChains, StepLinksKeptFromTheLastBuildMatchAFreshBuild) {
  grader::detail::DynamicBoard board;
  grader::detail::StepLinks links;
  int states = 0;
  // Two puzzles rated 6.6 (whose grading builds no links) and two rated 8.0+.
  for (const char* puzzle :
       {"....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38",
        ".2....7.....7...23..91...6..1.........5..7....6..3..51.386.19......9...49..3..8.6",
        "1.3...7...5..89....8.....6.2..3...183....4.5..9..2...3...8..3.....275..19........",
        "1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3."}) {
    SCOPED_TRACE(puzzle);
    // Every state, then every third one (more changes between two builds).
    for (const int every : {1, 3}) {
      int k = 0;
      walk_path(puzzle, [&](const CandidateGrid& g, const Step&) {
        if (k++ % every == 0) expect_same_links(board, links, g, states);
      });
    }
    const CandidateGrid x = x_board_diagonal_pair();
    expect_same_links(board, links, x, states);
  }
  EXPECT_GT(states, 100);
}

// The in-place rewrite (a cell at its old place is left alone, others shift, growth after
// a reload reads the old lists from the copy) on every pattern of change: random
// eliminations of 1 to 12 candidates between builds, the start grid again every 25
// builds, on a 9x9 puzzle and on blank 6x6 and 16x16 boards (cells of 2n nodes other
// than 18), against a build from scratch.
TEST(GraderChains, StepLinksUnderRandomEliminationsMatchFreshOnes) {
  const Grid boards[] = {
      grid81("1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3."),
      Grid(Geometry(2, 3)), Grid(Geometry(4, 4))};
  int states = 0;
  for (const Grid& start : boards) {
    SCOPED_TRACE(start.size());
    grader::detail::DynamicBoard board;
    grader::detail::StepLinks links;
    std::mt19937 rng(7);
    CandidateGrid g(start);
    for (int round = 0; round < 150; ++round) {
      if (round % 25 == 0) g = CandidateGrid(start);
      const int k = 1 + static_cast<int>(rng() % 12);
      for (int i = 0; i < k; ++i) {
        const int c = static_cast<int>(rng() % g.cell_count());
        const grader::detail::Mask m = g.cand(c);
        if (grader::detail::popcount(m) < 2) continue;  // every cell keeps a candidate
        g.eliminate(c, 1 + static_cast<int>(rng() % g.n()));
      }
      expect_same_links(board, links, g, states);
    }
  }
  EXPECT_EQ(states, 450);
}
