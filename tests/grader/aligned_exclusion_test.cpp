// Aligned pair and triplet exclusion (aligned_exclusion.cpp) at steps of cb001 puzzles.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderTechniques, AlignedPairExclusion) {
  // cb001 puzzles rated 6.2 by SE: at these steps nothing easier applies.
  {
    CandidateGrid g = position_before(
        ".23...78.456.....3...........7..89..83....6..9..5.3.4...26..........2.1....39...8", 23);
    Hint h;
    ASSERT_TRUE(grader::detail::find_aligned_pair_exclusion(Ctx{g, true}, h));
    EXPECT_STREQ(h.technique, "Aligned Pair Exclusion");
    EXPECT_EQ(h.rating, 62);
    EXPECT_EQ(h.eliminations, (std::vector<std::pair<int, int>>{{79, 2}}));  // r9c8<>2
    EXPECT_EQ(h.cells, (std::vector<int>{61, 79}));                          // r7c8, r9c8
  }
  {
    CandidateGrid g = position_before(
        "...4....9.5.7...2.7....16.5..7.1..6.......3.48.45....2.85.........39......1...23.", 38);
    Hint h;
    ASSERT_TRUE(grader::detail::find_aligned_pair_exclusion(Ctx{g, false}, h));
    EXPECT_EQ(h.rating, 62);
    // r1c6<>2, r2c6<>8
    EXPECT_EQ(h.eliminations, (std::vector<std::pair<int, int>>{{5, 2}, {14, 8}}));
  }
}

TEST(GraderTechniques, AlignedTripletExclusion) {
  // A cb001 puzzle rated 7.5 by SE; step 18 is the first that needs more than APE.
  const std::string p =
      "1..4....9.56.....2.89...4....1.4.96....6..8.......2..7...86.....38....7....325...";
  CandidateGrid g = position_before(p, 18);
  Hint h;
  EXPECT_FALSE(grader::detail::find_aligned_pair_exclusion(Ctx{g, false}, h));
  grader::detail::ChainEngine engine;
  EXPECT_FALSE(engine.find_forcing_chains(Ctx{g, false}, h));
  ASSERT_TRUE(grader::detail::find_aligned_triplet_exclusion(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Aligned Triplet Exclusion");
  EXPECT_EQ(h.rating, 75);
  ASSERT_EQ(h.cells.size(), 3u);
  ASSERT_FALSE(h.eliminations.empty());
  Grid solution = grid81(p);
  ASSERT_TRUE(solve(solution));
  // Every eliminated value, checked against the rule from scratch: each way of filling the
  // three cells with it is blocked by two equal values in cells that see each other, or by
  // a cell seeing all three whose candidates would all be taken.
  const Geometry geo;
  auto sees = [&](int a, int b) {
    return a != b &&
           (geo.row(a) == geo.row(b) || geo.col(a) == geo.col(b) || geo.box(a) == geo.box(b));
  };
  const int* cells = h.cells.data();
  for (auto [cell, digit] : h.eliminations) {
    EXPECT_NE(solution[cell], digit) << "removes the true digit at " << cell;
    const auto k = std::find(h.cells.begin(), h.cells.end(), cell) - h.cells.begin();
    ASSERT_LT(k, 3);
    for (int v0 = 1; v0 <= 9; ++v0) {
      for (int v1 = 1; v1 <= 9; ++v1) {
        for (int v2 = 1; v2 <= 9; ++v2) {
          const int v[3] = {v0, v1, v2};
          if (v[k] != digit || !g.has(cells[0], v0) || !g.has(cells[1], v1) || !g.has(cells[2], v2))
            continue;
          bool blocked = false;
          for (int a = 0; a < 3; ++a) {
            for (int b = a + 1; b < 3; ++b) blocked |= v[a] == v[b] && sees(cells[a], cells[b]);
          }
          for (int q = 0; q < 81 && !blocked; ++q) {
            const int count = std::popcount(g.cand(q));
            if (count < 2 || count > 3 || !sees(q, cells[0]) || !sees(q, cells[1]) ||
                !sees(q, cells[2]))
              continue;
            const grader::detail::Mask taken = bits({v0, v1, v2});
            blocked = (g.cand(q) & ~taken) == 0;
          }
          EXPECT_TRUE(blocked) << "r" << cell / 9 + 1 << "c" << cell % 9 + 1 << "<>" << digit
                               << " but " << v0 << v1 << v2 << " fits";
        }
      }
    }
  }
  EXPECT_DOUBLE_EQ(Grader().rate(grid81(p)).er, 7.5);
}
