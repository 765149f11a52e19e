// XY- and XYZ-Wings (wings.cpp) on constructed positions, alone and after a search
// the finder memo recorded as failed.
#include <gtest/gtest.h>

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
