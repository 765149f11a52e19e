// XY- and XYZ-Wings (wings.cpp) on constructed positions, alone and after a search
// the finder memo recorded as failed.
#include <gtest/gtest.h>

#include <optional>

#include "finder_memo.h"
#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderTechniques, XYWing) {
  CandidateGrid g{Grid(Geometry())};
  restrict(g, 0, bits({1, 2}));   // pivot r1c1
  restrict(g, 4, bits({1, 3}));   // wing r1c5
  restrict(g, 36, bits({2, 3}));  // wing r5c1
  Hint h;
  ASSERT_TRUE(grader::detail::find_xy_wing(Ctx{g, false}, false, h));
  EXPECT_STREQ(h.technique, "XY-Wing");
  EXPECT_EQ(h.rating, 42);
  ASSERT_EQ(h.eliminations.size(), 1u);
  EXPECT_EQ(h.eliminations[0], std::make_pair(40, 3));  // r5c5<>3
}

// After a search that found nothing, the memo lets the wing search skip wings whose cells
// did not change; a wing completed by a later elimination must still be found, and one
// whose cells are all unchanged must not be reported twice.
TEST(GraderTechniques, XYWingAfterAFailedSearchSeesTheChangedCell) {
  CandidateGrid g{Grid(Geometry())};
  grader::detail::FinderMemo memo;
  memo.reset(g);
  restrict(g, 0, bits({1, 2}));      // pivot r1c1
  restrict(g, 4, bits({1, 3}));      // wing r1c5
  restrict(g, 36, bits({2, 3, 4}));  // r5c1: not yet a wing
  Hint h;
  EXPECT_FALSE(grader::detail::find_xy_wing(Ctx{g, false, &memo}, false, h));
  g.eliminate(36, 4);  // now r5c1 = {2,3}
  ASSERT_TRUE(grader::detail::find_xy_wing(Ctx{g, false, &memo}, false, h));
  ASSERT_EQ(h.eliminations.size(), 1u);
  EXPECT_EQ(h.eliminations[0], std::make_pair(40, 3));  // r5c5<>3
  // Apply it: the same wing eliminates nothing more, and no other wing exists.
  g.eliminate(40, 3);
  EXPECT_FALSE(grader::detail::find_xy_wing(Ctx{g, false, &memo}, false, h));
  EXPECT_FALSE(grader::detail::find_xy_wing(Ctx{g, false, &memo}, false, h));
  // A fresh wing elsewhere, made only of unchanged-then-changed cells, is found.
  restrict(g, 80, bits({5, 6}));  // pivot r9c9
  restrict(g, 76, bits({5, 7}));  // wing r9c5
  restrict(g, 44, bits({6, 7}));  // wing r5c9
  ASSERT_TRUE(grader::detail::find_xy_wing(Ctx{g, false, &memo}, false, h));
  ASSERT_EQ(h.eliminations.size(), 1u);
  EXPECT_EQ(h.eliminations[0], std::make_pair(40, 7));  // r5c5<>7
}

namespace {

// The first wing as the plain search meets it: pivots in cell order, then pairs of its
// bivalue peers (the first 64) in peer order, every test on the pair itself.
std::optional<Hint> plain_wing(const CandidateGrid& g, bool xyz) {
  using grader::detail::lowest;
  using grader::detail::popcount;
  for (int pivot = 0; pivot < g.cell_count(); ++pivot) {
    const auto pm = g.cand(pivot);
    if (popcount(pm) != (xyz ? 3 : 2)) continue;
    std::vector<int> bp;
    for (int c = 0; c < g.cell_count() && bp.size() < 64; ++c) {
      if (g.sees(pivot, c) && popcount(g.cand(c)) == 2) bp.push_back(c);
    }
    for (size_t i = 0; i < bp.size(); ++i) {
      for (size_t j = i + 1; j < bp.size(); ++j) {
        const auto m1 = g.cand(bp[i]), m2 = g.cand(bp[j]), z = m1 & m2;
        if (!(m1 & pm) || m1 == m2 || popcount(z) != 1) continue;
        if (xyz ? (m1 | m2) != pm : (z & pm) || ((m1 | m2) & ~z) != pm) continue;
        Hint h;
        for (int c : g.peers(bp[i])) {
          if (c == pivot || c == bp[j] || !g.has(c, lowest(z)) || !g.sees(c, bp[j])) continue;
          if (!xyz || g.sees(c, pivot)) h.eliminations.emplace_back(c, lowest(z));
        }
        if (h.eliminations.empty()) continue;
        h.cells = {pivot, bp[i], bp[j]};
        return h;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

// The wing search pairs only the bivalue peers that can be wings of the pivot (one value
// shared with an XY pivot, inside an XYZ pivot): replaying graded cb001 puzzles, at every
// step it finds the wing the plain search finds.
TEST(GraderTechniques, WingsMatchThePlainSearch) {
  const auto lines = cb001_fixture();
  ASSERT_GE(lines.size(), 300u);
  int found = 0;
  for (size_t k = 0; k < 300; ++k) {
    const std::string puzzle = lines[k].substr(0, 81);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step&) {
      for (bool xyz : {false, true}) {
        Hint h;
        const bool a = grader::detail::find_xy_wing(Ctx{g, false}, xyz, h);
        const std::optional<Hint> plain = plain_wing(g, xyz);
        ASSERT_EQ(a, plain.has_value()) << puzzle;
        if (!a) continue;
        EXPECT_EQ(h.cells, plain->cells) << puzzle;
        EXPECT_EQ(h.eliminations, plain->eliminations) << puzzle;
        ++found;
      }
    });
  }
  EXPECT_GE(found, 100);
}
