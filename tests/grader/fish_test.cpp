// Fish (fish.cpp): X-Wing on a constructed position.
#include <gtest/gtest.h>

#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderTechniques, XWing) {
  CandidateGrid g{Grid(Geometry())};
  // Digit 1 in rows 1 and 5 only in columns 2 and 7.
  for (int r : {0, 4}) {
    for (int c = 0; c < 9; ++c) {
      if (c != 1 && c != 6) g.eliminate(r * 9 + c, 1);
    }
  }
  Hint h;
  ASSERT_TRUE(grader::detail::find_fish(Ctx{g, true}, 2, h));
  EXPECT_STREQ(h.technique, "X-Wing");
  EXPECT_EQ(h.rating, 32);
  EXPECT_EQ(h.eliminations.size(), 14u);
  for (auto [c, d] : h.eliminations) {
    EXPECT_EQ(d, 1);
    EXPECT_TRUE(c % 9 == 1 || c % 9 == 6);
    EXPECT_TRUE(c / 9 != 0 && c / 9 != 4);
  }
  EXPECT_NE(h.explanation.find("X-Wing on 1 in rows 1,5"), std::string::npos);
}
