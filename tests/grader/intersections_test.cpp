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
  const auto lines = cb001_fixture();
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

// The rating follows Sudoku Explainer 1.2.1's technique set in SukakuExplainer with the
// variant on: its top level has no generalized intersections, and the diagonals pair
// with no house. 5 of the main diagonal confined to r1c1 and r2c2 removes nothing.
TEST(GraderTechniques, NoIntersectionOnDiagonal) {
  CandidateGrid g{Grid(Variant::parse("x").apply(Geometry()))};
  for (int c : {20, 30, 40, 50, 60, 70, 80}) g.eliminate(c, 5);
  Hint h;
  EXPECT_FALSE(grader::detail::find_locking(Ctx{g, true}, h)) << h.explanation;
  // 5 of the anti diagonal in r1c9 and r9c1 only: nothing either.
  CandidateGrid anti{Grid(Variant::parse("x").apply(Geometry()))};
  for (int c : {16, 24, 32, 40, 48, 56, 64}) anti.eliminate(c, 5);
  EXPECT_FALSE(grader::detail::find_locking(Ctx{anti, true}, h)) << h.explanation;
}

// SE's Locking pairs the disjoint groups with lines: a group confined to a line removes
// the digit from the rest of the line, "Pointing" at 2.6 (the second house is a line).
// 5 of the first group (r1c1, r1c4, r1c7, r4c1, ...) confined to row 1.
TEST(GraderTechniques, PointingFromDisjointGroup) {
  CandidateGrid g{Grid(Variant::parse("dg").apply(Geometry()))};
  for (int c : {27, 30, 33, 54, 57, 60}) g.eliminate(c, 5);
  Hint h;
  ASSERT_TRUE(grader::detail::find_locking(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Pointing");
  EXPECT_EQ(h.rating, 26);
  EXPECT_TRUE(h.placements.empty());
  EXPECT_EQ(h.cells, (std::vector<int>{0, 3, 6}));
  const std::vector<std::pair<int, int>> expected = {{1, 5}, {2, 5}, {4, 5},
                                                     {5, 5}, {7, 5}, {8, 5}};
  EXPECT_EQ(h.eliminations, expected);
  EXPECT_NE(h.explanation.find("confined to row 1"), std::string::npos) << h.explanation;
  CandidateGrid classic{Grid(Geometry())};
  for (int c : {27, 30, 33, 54, 57, 60}) classic.eliminate(c, 5);
  EXPECT_FALSE(grader::detail::find_locking(Ctx{classic, false}, h));
}

// A line confined to a disjoint group removes the digit from the rest of the group:
// "Claiming" at 2.8 (the second house is not a line). 5 of row 1 only in r1c1, r1c4, r1c7.
TEST(GraderTechniques, ClaimingIntoDisjointGroup) {
  CandidateGrid g{Grid(Variant::parse("dg").apply(Geometry()))};
  for (int c : {1, 2, 4, 5, 7, 8}) g.eliminate(c, 5);
  Hint h;
  ASSERT_TRUE(grader::detail::find_locking(Ctx{g, false}, h));
  EXPECT_STREQ(h.technique, "Claiming");
  EXPECT_EQ(h.rating, 28);
  EXPECT_EQ(h.cells, (std::vector<int>{0, 3, 6}));
  const std::vector<std::pair<int, int>> expected = {{27, 5}, {30, 5}, {33, 5},
                                                     {54, 5}, {57, 5}, {60, 5}};
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
