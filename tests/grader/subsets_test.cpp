// Naked and hidden sets (subsets.cpp) on constructed positions.
#include <gtest/gtest.h>

#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderTechniques, NakedPairInBox) {
  CandidateGrid g{Grid(Geometry())};
  restrict(g, 0, bits({1, 2}));
  restrict(g, 1, bits({1, 2}));
  Hint h;
  ASSERT_TRUE(grader::detail::find_naked_set(Ctx{g, false}, 2, h));
  EXPECT_STREQ(h.technique, "Naked Pair");
  EXPECT_EQ(h.rating, 30);
  // SE looks at boxes first: 1 and 2 leave the other 7 cells of box 1.
  EXPECT_EQ(h.eliminations.size(), 14u);
  for (auto [c, d] : h.eliminations) EXPECT_EQ(c / 27 * 3 + c % 9 / 3, 0);
}
