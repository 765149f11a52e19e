// BUG of each type (bug.cpp) at steps of cb001 puzzles.
#include <gtest/gtest.h>

#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderTechniques, BugTypes) {
  // cb001 puzzles whose hardest step is a BUG of each type, with their published SE
  // ratings: type 1 5.6, types 2 and 4 5.7, type 3 5.7 + 0.1 per value of its naked set
  // beyond the first. Every BUG hint only eliminates, as SE's do.
  struct Case {
    std::string puzzle;
    int step;
    const char* technique;
    int rating;
    double ser;
  };
  for (const Case& t :
       {Case{"1.3....8.4...8.1..7....3.6..41.6....39......2.6....37.6...1.........49.1.....8...",
             48, "BUG type 1", 56, 5.6},
        Case{".2.....8....7..1.27....3.54......96....92..41.4..6..............1..98...6.4537..8",
             39, "BUG type 2", 57, 5.7},
        Case{".2.4.6....5...........27.1.2...9.6....8...594.75..8.....6.7...2....319.7......35.",
             34, "BUG type 3", 59, 5.9},
        Case{".2.4.6....5......3..913......137..5..48.9......7..5....1......5.....48...94....67",
             37, "BUG type 4", 57, 5.7}}) {
    CandidateGrid g = position_before(t.puzzle, t.step);
    Hint h;
    // Nothing on SE's ladder before the BUG applies here.
    const Ctx ctx{g, true};
    EXPECT_FALSE(grader::detail::find_unique_loop(ctx, h)) << t.puzzle;
    ASSERT_TRUE(grader::detail::find_bug(ctx, h)) << t.puzzle;
    EXPECT_STREQ(h.technique, t.technique) << h.explanation;
    EXPECT_EQ(h.rating, t.rating) << h.explanation;
    EXPECT_TRUE(h.placements.empty()) << h.explanation;
    ASSERT_FALSE(h.eliminations.empty());
    Grid solution = grid81(t.puzzle);
    ASSERT_TRUE(solve(solution));
    for (auto [cell, digit] : h.eliminations) {
      EXPECT_TRUE(g.has(cell, digit)) << h.explanation;
      EXPECT_NE(solution[cell], digit) << h.explanation;
    }
    // The bug cells still hold their true values.
    for (int c : h.cells) EXPECT_TRUE(g.has(c, solution[c])) << h.explanation;
    EXPECT_DOUBLE_EQ(Grader().rate(grid81(t.puzzle)).er, t.ser) << t.puzzle;
  }
}

// find_bug first checks, cell by cell, that each cell of 3 or more candidates keeps two
// once its bug values are out (bug.cpp, wide_cells_can_be_grave), and searches only
// then: replaying graded cb001 puzzles, at every step it gives the hint of the search
// without that check, BUGs of every kind included.
TEST(GraderTechniques, BugFirstTestGivesThePlainHint) {
  const auto lines = cb001_fixture();
  ASSERT_GE(lines.size(), 1000u);
  int compared = 0, found = 0;
  for (size_t k = 0; k < 1000; ++k) {
    const std::string puzzle = lines[k].substr(0, 81);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step&) {
      Hint fast, plain;
      const bool a = grader::detail::find_bug(Ctx{g, true}, fast);
      ASSERT_EQ(a, grader::detail::find_bug_plain(Ctx{g, true}, plain)) << puzzle;
      ++compared;
      if (!a) return;
      expect_same_hint(fast, plain, puzzle);
      ++found;
    });
  }
  EXPECT_GE(compared, 30000);
  EXPECT_GE(found, 20);
}
