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

namespace {

// SE's pointing and claiming on a board without extra houses, written out: the pairs of
// types (box, column), (box, row), (column, box), (row, box); in each, every house r1 of
// the first type, every house r2 of the second, every digit d, in that order: d's places
// in r1 (two or more) all in r2, and some in r2 outside r1 to remove. Direct: the first
// house r3 of r1's type, not r1, crossing r2, with two or more places of d and exactly
// one outside r2 (the single it leads to).
struct Confinement {
  bool found = false;
  int r1 = -1, r2 = -1, d = 0, hcell = -1;
};
Confinement locking_by_definition(const grader::detail::CandidateGrid& g, bool direct) {
  using grader::detail::lowest;
  using grader::detail::Mask;
  using grader::detail::popcount;
  const int n = g.n();
  static const int kOrder[4][2] = {{2, 1}, {2, 0}, {1, 2}, {0, 2}};
  for (const auto& pair : kOrder) {
    const int t1 = pair[0], t2 = pair[1];
    for (int r1 = t1 * n; r1 < t1 * n + n; ++r1) {
      for (int r2 = t2 * n; r2 < t2 * n + n; ++r2) {
        for (int d = 1; d <= n; ++d) {
          const Mask p1 = g.pos(r1, d);
          if (popcount(p1) < 2 || (p1 & ~g.inter(r1, r2))) continue;
          if (!(g.pos(r2, d) & ~g.inter(r2, r1))) continue;
          int hcell = -1;
          for (int r3 = t1 * n; direct && r3 < t1 * n + n && hcell < 0; ++r3) {
            if (r3 == r1 || !g.inter(r3, r2) || popcount(g.pos(r3, d)) < 2) continue;
            const Mask rest = g.pos(r3, d) & ~g.inter(r3, r2);
            if (popcount(rest) == 1) hcell = g.unit(r3)[lowest(rest)];
          }
          if (direct && hcell < 0) continue;
          return {true, r1, r2, d, hcell};
        }
      }
    }
  }
  return {};
}

}  // namespace

// Direct and plain locking against the definition above at every step of 300 cb001 paths:
// the confinement found (its places in r1, the digit), the single placed (direct) and the
// removals (plain). The finder reads each box's places once for its confinements to
// columns and to rows, and visits the latter in their own pass.
TEST(GraderTechniques, LockingMatchesItsDefinition) {
  const auto lines = cb001_fixture();
  ASSERT_GE(lines.size(), 300u);
  int found_direct = 0, found_plain = 0;
  for (size_t k = 0; k < 300; ++k) {
    walk_path(lines[k].substr(0, 81), [&](const grader::detail::CandidateGrid& g, const Step&) {
      for (const bool direct : {true, false}) {
        Hint h;
        const bool got = direct ? grader::detail::find_direct_locking(grader::detail::Ctx{g, false}, h)
                                : grader::detail::find_locking(grader::detail::Ctx{g, false}, h);
        const Confinement want = locking_by_definition(g, direct);
        ASSERT_EQ(got, want.found) << lines[k] << (direct ? " direct" : " plain");
        if (!got) continue;
        std::vector<int> cells;
        for (grader::detail::Mask x = g.pos(want.r1, want.d); x; x &= x - 1)
          cells.push_back(g.unit(want.r1)[grader::detail::lowest(x)]);
        EXPECT_EQ(h.cells, cells) << lines[k];
        if (direct) {
          ++found_direct;
          EXPECT_EQ(h.placements, (std::vector<std::pair<int, int>>{{want.hcell, want.d}}))
              << lines[k];
        } else {
          ++found_plain;
          std::vector<std::pair<int, int>> elims;
          const grader::detail::Mask rest = g.pos(want.r2, want.d) & ~g.inter(want.r2, want.r1);
          for (grader::detail::Mask x = rest; x; x &= x - 1)
            elims.emplace_back(g.unit(want.r2)[grader::detail::lowest(x)], want.d);
          EXPECT_EQ(h.eliminations, elims) << lines[k];
        }
      }
    });
  }
  // Both kinds are met, not only failures.
  EXPECT_GE(found_direct, 50);
  EXPECT_GE(found_plain, 50);
}

// confinement_digits (the classic board's band words) against the confinements written
// out, for every digit at every step of 200 cb001 paths: a box with two or more places of
// d, all in one row or column that has a place outside the box, or a row or column with
// two or more, all in one box that has a place outside the line.
TEST(GraderTechniques, ConfinementDigitsMatchTheirDefinition) {
  using grader::detail::Mask;
  const auto lines = cb001_fixture();
  ASSERT_GE(lines.size(), 200u);
  int with = 0, without = 0;
  for (size_t k = 0; k < 200; ++k) {
    walk_path(lines[k].substr(0, 81), [&](const grader::detail::CandidateGrid& g, const Step&) {
      ASSERT_TRUE(g.classic_boxes());
      Mask want = 0;
      for (int d = 1; d <= 9; ++d) {
        for (int r1 = 0; r1 < 27; ++r1) {
          const Mask p1 = g.pos(r1, d);
          if (grader::detail::popcount(p1) < 2) continue;
          for (int r2 = 0; r2 < 27; ++r2) {
            if ((r1 < 18) == (r2 < 18)) continue;  // a box with a line
            if (p1 & ~g.inter(r1, r2)) continue;
            if (g.pos(r2, d) & ~g.inter(r2, r1)) want |= Mask{1} << d;
          }
        }
      }
      EXPECT_EQ(grader::detail::confinement_digits(g, g.all_digits()), want) << lines[k];
      // A subset asked for gives that subset's part.
      EXPECT_EQ(grader::detail::confinement_digits(g, 0x0AAu), want & 0x0AAu) << lines[k];
      (want ? with : without) += 1;
    });
  }
  EXPECT_GT(with, 100);  // both outcomes are met
  EXPECT_GT(without, 100);
}

// The band words are read only on the classic board: not on 6x6, 16x16 or a 9x9 jigsaw.
TEST(GraderTechniques, ClassicBoxesOnlyOnTheClassicBoard) {
  EXPECT_TRUE(grader::detail::CandidateGrid{Grid(Geometry())}.classic_boxes());
  EXPECT_TRUE(grader::detail::CandidateGrid{Grid(Variant::parse("x").apply(Geometry()))}.classic_boxes());
  EXPECT_FALSE(grader::detail::CandidateGrid{Grid(Geometry(2, 3))}.classic_boxes());
  EXPECT_FALSE(grader::detail::CandidateGrid{Grid(Geometry(4, 4))}.classic_boxes());
  EXPECT_FALSE(grader::detail::CandidateGrid{Grid(traded_jigsaw())}.classic_boxes());
}
