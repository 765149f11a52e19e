// Pointing and claiming (intersections.cpp), and the direct hints (direct locking and
// direct hidden sets) that only place the hidden single they lead to.
#include <gtest/gtest.h>

#include "grader_test_util.h"

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
