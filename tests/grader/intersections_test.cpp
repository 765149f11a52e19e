// Pointing and claiming (intersections.cpp), and the direct hints (direct locking and
// direct hidden sets) that only place the hidden single they lead to.
#include <gtest/gtest.h>

#include "grader_test_util.h"
#include "sudoforge/core/variant.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderTechniques, PointingAndHiddenSingle) {
  CandidateGrid g{Grid(Geometry())};
  // 5 of box 1 confined to row 1 (cells r1c1..r1c3).
  for (int c : {9, 10, 11, 18, 19, 20}) g.eliminate(c, 5);
  Hint h;
  ASSERT_TRUE(grader::detail::find_locking(Ctx{g, false}, h));
  EXPECT_STREQ(h.technique, "Pointing");
  EXPECT_EQ(h.rating, 26);
  EXPECT_EQ(h.eliminations.size(), 6u);  // r1c4..r1c9
  EXPECT_FALSE(grader::detail::find_hidden_single(Ctx{g, false}, h));
  // Keep 7 in box 9 only at r9c9: hidden single in a box, 1.2.
  for (int c : {60, 61, 62, 69, 70, 71, 78, 79}) g.eliminate(c, 7);
  ASSERT_TRUE(grader::detail::find_hidden_single(Ctx{g, true}, h));
  EXPECT_EQ(h.rating, 12);
  EXPECT_EQ(h.placements[0], std::make_pair(80, 7));
  EXPECT_EQ(h.explanation, "r9c9=7: hidden single in box 9");
}

TEST(GraderTechniques, DirectHintsOnlyPlace) {
  // SE's direct pointing/claiming and direct hidden pair/triple apply the hidden single
  // they lead to and nothing else: their eliminations are reasoning, not part of the step.
  int direct_steps = 0;
  const auto lines = read_lines(std::string(SUDOFORGE_TEST_DATA) + "/grader/cb001_1000.txt");
  Grader grader;
  for (std::size_t i = 0; i < lines.size() && i < 300; ++i) {
    Grid solution = grid81(lines[i]);
    ASSERT_TRUE(solve(solution));
    const Rating r = grader.rate(grid81(lines[i]), true);
    for (const Step& s : r.steps) {
      if (s.technique.rfind("Direct ", 0) != 0) continue;
      ++direct_steps;
      EXPECT_TRUE(s.eliminations.empty()) << s.explanation;
      ASSERT_EQ(s.placements.size(), 1u) << s.explanation;
      EXPECT_EQ(solution[s.placements[0].first], s.placements[0].second) << s.explanation;
      EXPECT_NE(s.explanation.find("<>"), std::string::npos)
          << "the reasoning is named: " << s.explanation;
    }
  }
  EXPECT_GT(direct_steps, 20);  // the sample does exercise them
}

// On boards with extra houses the plain intersections are SukakuExplainer's generalized
// ones (2.9): 5 of the main diagonal confined to r1c1 and r2c2 leaves box 1's other
// cells, which the classic box/line pairs cannot see.
TEST(GraderTechniques, GeneralizedIntersectionOnDiagonal) {
  CandidateGrid g{Grid(Variant::parse("x").apply(Geometry()))};
  for (int c : {20, 30, 40, 50, 60, 70, 80}) g.eliminate(c, 5);
  Hint h;
  ASSERT_TRUE(grader::detail::find_locking(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Generalized Intersections");
  EXPECT_EQ(h.rating, 29);
  EXPECT_TRUE(h.placements.empty());
  EXPECT_EQ(h.cells, (std::vector<int>{0, 10}));
  const std::vector<std::pair<int, int>> expected = {{1, 5}, {2, 5}, {9, 5},
                                                     {11, 5}, {18, 5}, {19, 5}};
  EXPECT_EQ(h.eliminations, expected);
  EXPECT_NE(h.explanation.find("diagonal"), std::string::npos) << h.explanation;
  // The same candidates on the classic board: no intersection at all.
  CandidateGrid classic{Grid(Geometry())};
  for (int c : {20, 30, 40, 50, 60, 70, 80}) classic.eliminate(c, 5);
  EXPECT_FALSE(grader::detail::find_locking(Ctx{classic, false}, h));
}

// SE's limits: a house with more than six places of the digit is not tried; the victims
// are the cells that see every place, through any house.
TEST(GraderTechniques, GeneralizedIntersectionNeedsTwoToSixPlaces) {
  CandidateGrid g{Grid(Variant::parse("x").apply(Geometry()))};
  Hint h;
  EXPECT_FALSE(grader::detail::find_locking(Ctx{g, false}, h));  // 9 places everywhere
  // 5 of the anti diagonal in r1c9 and r9c1 only: r1c1 and r9c9 see both (row, column).
  for (int c : {16, 24, 32, 40, 48, 56, 64}) g.eliminate(c, 5);
  ASSERT_TRUE(grader::detail::find_locking(Ctx{g, false}, h));
  EXPECT_EQ(h.cells, (std::vector<int>{8, 72}));
  const std::vector<std::pair<int, int>> expected = {{0, 5}, {80, 5}};
  EXPECT_EQ(h.eliminations, expected);
}

// SukakuExplainer's direct intersections also pair the disjoint groups with lines: 5 of
// the first group (r1c1, r1c4, r1c7, ...) confined to row 1 leaves the second group one
// place off row 1, r4c2, which the step places (1.9: the first house is not a box).
TEST(GraderTechniques, DirectClaimingFromDisjointGroup) {
  CandidateGrid g{Grid(Variant::parse("dg").apply(Geometry()))};
  for (int c : {27, 30, 33, 54, 57, 60}) g.eliminate(c, 5);  // group 1 off row 1
  for (int c : {31, 34, 55, 58, 61}) g.eliminate(c, 5);      // group 2: row 1 and r4c2
  Hint h;
  ASSERT_TRUE(grader::detail::find_direct_locking(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Direct Claiming");
  EXPECT_EQ(h.rating, 19);
  EXPECT_EQ(h.placements, (std::vector<std::pair<int, int>>{{28, 5}}));
  EXPECT_TRUE(h.eliminations.empty());
  EXPECT_EQ(h.cells, (std::vector<int>{0, 3, 6}));
  CandidateGrid classic{Grid(Geometry())};
  for (int c : {27, 30, 33, 54, 57, 60, 31, 34, 55, 58, 61}) classic.eliminate(c, 5);
  EXPECT_FALSE(grader::detail::find_direct_locking(Ctx{classic, false}, h));
}
