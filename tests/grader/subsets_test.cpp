// Naked and hidden sets (subsets.cpp) on constructed positions.
#include <gtest/gtest.h>

#include "grader_test_util.h"
#include "sudoforge/core/variant.h"

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

// SE's naked sets walk boxes, columns, rows, disjoint groups and windows only: r1c1 and
// r9c9 holding 1 and 2 share just the main diagonal, which is no naked pair there; r1c1
// and r4c4 share the first disjoint group, which is one.
TEST(GraderTechniques, NakedPairNotOnDiagonalButInDisjointGroup) {
  CandidateGrid x{Grid(Variant::parse("x").apply(Geometry()))};
  restrict(x, 0, bits({1, 2}));
  restrict(x, 80, bits({1, 2}));
  Hint h;
  EXPECT_FALSE(grader::detail::find_naked_set(Ctx{x, false}, 2, h)) << h.explanation;
  CandidateGrid dg{Grid(Variant::parse("dg").apply(Geometry()))};
  restrict(dg, 0, bits({1, 2}));
  restrict(dg, 30, bits({1, 2}));
  ASSERT_TRUE(grader::detail::find_naked_set(Ctx{dg, true}, 2, h));
  EXPECT_EQ(h.cells, (std::vector<int>{0, 30}));
  EXPECT_EQ(h.eliminations.size(), 14u);  // 1 and 2 in the group's other 7 cells
}
