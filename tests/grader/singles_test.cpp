// Singles (singles.cpp): the hidden single finder against SE's definition, written out.
#include <gtest/gtest.h>

#include <string>

#include "finder_memo.h"
#include "finders.h"
#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

// SE's order: the first full house of any unit (boxes, columns, rows), else the first
// other hidden single. The finder stops at its first hidden single when no unit has one
// empty cell (CandidateGrid::units_with_one_empty()); replaying graded cb001 puzzles, at
// every step it places what the plain walk over every unit places, with and without its
// memo.
TEST(GraderTechniques, HiddenSingleIsSEsFirstSingle) {
  const auto lines = cb001_fixture();
  ASSERT_GE(lines.size(), 300u);
  int compared = 0, both = 0;
  for (size_t k = 0; k < 300; ++k) {
    const std::string puzzle = lines[k].substr(0, 81);
    walk_path_with_memo(
        puzzle, [&](const CandidateGrid& g, const Step&, grader::detail::FinderMemo& memo) {
          int full_u = -1, full_d = 0, hidden_u = -1, hidden_d = 0;
          for (int i = 0; i < g.unit_count(); ++i) {
            const int u = g.se_unit(i);
            if (g.unit_empty(u) == 0) continue;
            int d = 1;
            while (d <= 9 && grader::detail::popcount(g.pos(u, d)) != 1) ++d;
            if (d > 9) continue;
            if (g.unit_empty(u) == 1 && full_u < 0) full_u = u, full_d = d;
            if (g.unit_empty(u) > 1 && hidden_u < 0) hidden_u = u, hidden_d = d;
          }
          both += full_u >= 0 && hidden_u >= 0 && hidden_u != g.se_unit(0);
          const int u = full_u >= 0 ? full_u : hidden_u, d = full_u >= 0 ? full_d : hidden_d;
          for (grader::detail::FinderMemo* m :
               {&memo, static_cast<grader::detail::FinderMemo*>(nullptr)}) {
            Hint h;
            const bool found = grader::detail::find_hidden_single(Ctx{g, false, m}, h);
            ASSERT_EQ(found, u >= 0) << puzzle;
            ++compared;
            if (!found) continue;
            ASSERT_EQ(h.placements.size(), 1u);
            EXPECT_EQ(h.placements[0],
                      std::make_pair(g.unit(u)[grader::detail::lowest(g.pos(u, d))], d))
                << puzzle;
            EXPECT_STREQ(h.technique, full_u >= 0 ? "Full House" : "Hidden Single") << puzzle;
          }
        });
  }
  EXPECT_GE(compared, 10000);
  EXPECT_GE(both, 100);  // a full house after another unit's hidden single
}

// Naked single reads the grid's cells of one candidate (CandidateGrid::cells_with(1)):
// at every step of graded cb001 paths it places the first empty cell in reading order
// with one candidate left, as the plain walk over the cells does.
TEST(GraderTechniques, NakedSingleIsTheFirstCellOfOneCandidate) {
  const auto lines = cb001_fixture();
  ASSERT_GE(lines.size(), 300u);
  int compared = 0, found = 0;
  for (size_t k = 0; k < 300; ++k) {
    const std::string puzzle = lines[k].substr(0, 81);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step&) {
      int cell = -1;
      for (int c = 0; c < g.cell_count() && cell < 0; ++c) {
        if (g.value(c) == 0 && grader::detail::popcount(g.cand(c)) == 1) cell = c;
      }
      Hint h;
      const bool a = grader::detail::find_naked_single(Ctx{g, false}, h);
      ASSERT_EQ(a, cell >= 0) << puzzle;
      ++compared;
      if (!a) return;
      ++found;
      ASSERT_EQ(h.placements.size(), 1u);
      EXPECT_EQ(h.placements[0], std::make_pair(cell, grader::detail::lowest(g.cand(cell))))
          << puzzle;
    });
  }
  EXPECT_GE(compared, 10000);
  EXPECT_GE(found, 10000);
}
