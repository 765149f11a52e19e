// Unique rectangles and loops (uniqueness.cpp) at steps of cb001 puzzles SE rates 4.5.
#include <gtest/gtest.h>

#include <algorithm>

#include "finder_memo.h"
#include "grader_test_util.h"
#include "sudoforge/core/variant.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

// The unique rectangle found at step `step` of a cb001 puzzle SE rates 4.5: its technique,
// rating, four cells and true eliminations, and the puzzle's ER.
Hint expect_rectangle(const std::string& puzzle, int step, const char* technique) {
  CandidateGrid g = position_before(puzzle, step);
  Hint h;
  EXPECT_TRUE(grader::detail::find_unique_loop(Ctx{g, true}, h)) << puzzle;
  EXPECT_STREQ(h.technique, technique) << h.explanation;
  EXPECT_EQ(h.rating, 45) << h.explanation;
  EXPECT_EQ(h.cells.size(), 4u);
  EXPECT_FALSE(h.eliminations.empty());
  Grid solution = grid81(puzzle);
  EXPECT_TRUE(solve(solution));
  for (auto [cell, digit] : h.eliminations) EXPECT_NE(solution[cell], digit) << h.explanation;
  EXPECT_DOUBLE_EQ(Grader().rate(grid81(puzzle)).er, 4.5) << puzzle;
  return h;
}

}  // namespace

TEST(GraderTechniques, UniqueRectangleTypes2And4RateLikeType1) {
  // SE rates types 1, 2 and 4 alike (4.5 for a rectangle; only type 3 adds 0.1 per value
  // of its naked set). cb001 puzzles rated 4.5 by SE whose hardest step is one of these.
  struct Case {
    std::string puzzle;
    int step;
    const char* technique;
  };
  for (const Case& t :
       {Case{"1.3.5...94..7...2...9....65...6...9.3.5..8.....8..42.7..13....2....4.....7....5..",
             39, "Unique Rectangle type 2"},
        Case{"..3.5.7...5.....2378....5....5.....1..4..12..9....5.46....9...26..317..8.....463.",
             29, "Unique Rectangle type 4"}}) {
    expect_rectangle(t.puzzle, t.step, t.technique);
  }
}

TEST(GraderTechniques, UniqueRectangleType3HiddenSet) {
  // SE's type 3 also looks for a hidden set: the loop values with degree - 2 other values
  // confined, in a unit of the two extra cells, to degree positions (the two extra cells
  // counting as one); the other positions lose their other values. Rated 4.5 + 0.1 per
  // position beyond the first, so a hidden "pair" adds nothing. cb001 puzzles SE rates 4.5
  // (they were 4.7 and 6.6 with naked sets only).
  struct Case {
    std::string puzzle;
    int step;
    std::vector<std::pair<int, int>> eliminations;  // cell, digit
  };
  for (const Case& t :
       {Case{"....5.7..........37981......4...86....16.78.4..7....1.....9.....1.5.4.38..4...2..",
             26,
             {{73, 3}, {73, 8}}},  // r9c2: a type 4 at 4.5 comes after it
        Case{"......7..4...89.3..9..3..1....9..6....451..2.8....2...381.......7....19...2...8.5",
             23,
             {{10, 1}, {10, 2}}}}) {  // r2c2
    const Hint h = expect_rectangle(t.puzzle, t.step, "Unique Rectangle type 3");
    std::vector<std::pair<int, int>> elims = h.eliminations;
    std::sort(elims.begin(), elims.end());
    EXPECT_EQ(elims, t.eliminations) << h.explanation;
  }
}

TEST(GraderTechniques, UniqueLoopType3NakedSetsOfThree) {
  // Type 3 naked sets of degree 3 (rated +0.1) and a loop of six cells (+0.1): SE's
  // combinations of the unit's other cells, of which only those with two values or more
  // and no more than `degree` with the extra values are tried (the others fail every
  // combination). Steps of cb001 puzzles, hints as SE gives them.
  struct Case {
    std::string puzzle;
    int step;
    const char* technique;
    int rating;
    std::vector<int> cells;
    std::vector<std::pair<int, int>> eliminations;  // cell, digit
  };
  for (const Case& t :
       {Case{"1..4.6.8....7....3.89......23...4..1.......3..613.......85.79..5......6...72.8..4",
             33,
             "Unique Rectangle type 3",
             46,
             {36, 45, 53, 44},
             {{8, 5}}},
        Case{"...4..7.9.5...9....89.....6.4...793...5..8....3.2...5.36.....1.....1...2..4..5...",
             28,
             "Unique Rectangle type 3",
             46,
             {1, 0, 72, 73},
             {{9, 6}, {45, 6}}},
        Case{"........94..7.9.2.78...25...6...83...7861.2....5......5....76...3..9..7......3..1",
             33,
             "Unique Loop type 3",
             48,
             {2, 11, 17, 26, 22, 4},
             {{76, 5}}}}) {
    CandidateGrid g = position_before(t.puzzle, t.step);
    Hint h;
    ASSERT_TRUE(grader::detail::find_unique_loop(Ctx{g, true}, h)) << t.puzzle;
    EXPECT_STREQ(h.technique, t.technique) << h.explanation;
    EXPECT_EQ(h.rating, t.rating) << h.explanation;
    EXPECT_EQ(h.cells, t.cells) << h.explanation;
    std::vector<std::pair<int, int>> elims = h.eliminations;
    std::sort(elims.begin(), elims.end());
    EXPECT_EQ(elims, t.eliminations) << h.explanation;
  }
}

// On boards with extra houses a loop is deadly when every house, extra ones included,
// holds none of its cells or two of different parity (SE's test): r1c2, r1c4, r3c2, r3c4
// on an X board touch no diagonal, so the rectangle of 1 and 2 removes them from r3c4.
TEST(GraderTechniques, UniqueRectangleOnVariantBoard) {
  auto rectangle = [](const Geometry& board, std::initializer_list<int> corners) {
    CandidateGrid g{Grid(board)};
    int i = 0;
    for (int c : corners) restrict(g, c, i++ < 3 ? bits({1, 2}) : bits({1, 2, 3}));
    return g;
  };
  const Geometry x = Variant::parse("x").apply(Geometry());
  CandidateGrid off = rectangle(x, {1, 3, 19, 21});
  Hint h;
  ASSERT_TRUE(grader::detail::find_unique_loop(Ctx{off, true}, h));
  EXPECT_STREQ(h.technique, "Unique Rectangle type 1");
  std::vector<int> cells = h.cells;
  std::sort(cells.begin(), cells.end());
  EXPECT_EQ(cells, (std::vector<int>{1, 3, 19, 21}));
  EXPECT_EQ(h.eliminations, (std::vector<std::pair<int, int>>{{21, 1}, {21, 2}}));
  // r2c2 lies alone on the main diagonal: swapping 1 and 2 would break it, no deadly
  // pattern (on the classic board it is one).
  CandidateGrid on = rectangle(x, {10, 12, 19, 21});
  EXPECT_FALSE(grader::detail::find_unique_loop(Ctx{on, true}, h)) << h.explanation;
  CandidateGrid classic = rectangle(Geometry(), {10, 12, 19, 21});
  EXPECT_TRUE(grader::detail::find_unique_loop(Ctx{classic, true}, h));
}

namespace {

// The finder (with its memo, as the grader calls it, or without) against the plain search
// at every step of the graded paths of cb001's first 400 puzzles.
void expect_unique_loops_match_plain(bool with_memo) {
  const auto lines = cb001_fixture();
  ASSERT_GE(lines.size(), 400u);
  int compared = 0, found = 0;
  for (size_t k = 0; k < 400; ++k) {
    const std::string puzzle = lines[k].substr(0, 81);
    walk_path_with_memo(
        puzzle, [&](const CandidateGrid& g, const Step&, grader::detail::FinderMemo& memo) {
          Hint fast, plain;
          const bool a =
              grader::detail::find_unique_loop(Ctx{g, true, with_memo ? &memo : nullptr}, fast);
          ASSERT_EQ(a, grader::detail::find_unique_loop_plain(Ctx{g, true}, plain)) << puzzle;
          ++compared;
          if (!a) return;
          test_util::expect_same_hint(fast, plain, puzzle);
          ++found;
        });
  }
  EXPECT_GE(compared, 10000);
  EXPECT_GE(found, 100);
}

// The finder and the plain search both give `technique` with these eliminations (cell,
// value) on g.
void expect_both_searches_give(const CandidateGrid& g, const char* technique,
                               const std::vector<std::pair<int, int>>& expected) {
  for (bool shortcuts : {true, false}) {
    Hint h;
    const Ctx ctx{g, true};
    ASSERT_TRUE(shortcuts ? grader::detail::find_unique_loop(ctx, h)
                          : grader::detail::find_unique_loop_plain(ctx, h));
    EXPECT_STREQ(h.technique, technique) << h.explanation;
    std::vector<std::pair<int, int>> elims = h.eliminations;
    std::sort(elims.begin(), elims.end());
    EXPECT_EQ(elims, expected) << h.explanation;
  }
}

}  // namespace

// The search from each bivalue start cell drops the start cells searched before it from
// its pair's core, with the cells they leave without a mate (uniqueness.cpp, PairCores),
// and a loop of the cells of one met before is not analysed again: replaying graded
// cb001 puzzles, at every step the search with these shortcuts gives exactly the hint of
// the one without.
TEST(GraderTechniques, UniqueLoopShortcutsGiveThePlainHint) {
  expect_unique_loops_match_plain(false);
}

// A core whose only bivalue cell is the start can still hold a loop when three or more
// cells of the loop hold the same single extra value (type 2): the search skips such
// cores only where no extra value has three cells (uniqueness.cpp, PairCores::bivalue).
// Here r1c2 holds 1 and 2, r1c4, r3c2 and r3c4 hold 1, 2 and 3, and no other cell holds
// 1: the 3 goes from r3c5 and r3c6, which see the three extra cells.
TEST(GraderTechniques, UniqueRectangleType2WithThreeExtraCells) {
  CandidateGrid g{Grid()};
  for (int c = 0; c < 81; ++c) {
    if (c == 1) {
      restrict(g, c, bits({1, 2}));
    } else if (c == 3 || c == 19 || c == 21) {
      restrict(g, c, bits({1, 2, 3}));
    } else {
      restrict(g, c, g.cand(c) & ~bits({1}));
    }
  }
  expect_both_searches_give(g, "Unique Rectangle type 2", {{22, 3}, {23, 3}});
}

// Called with one memo per puzzle, as the grader calls it, the finder replays the records
// of the pairs whose cores' reach did not change since (each loop's cell set recorded
// once, uniqueness.cpp): along the graded paths of cb001 puzzles it gives the plain
// search's hint at every step.
TEST(GraderTechniques, UniqueLoopWithItsMemoGivesThePlainHint) {
  expect_unique_loops_match_plain(true);
}

// A start cell whose core keeps two other bivalue cells, each closing a rectangle of its
// own: the search from it walks the cells of every four-cell set that may close
// (LoopSearch::four_cell_sets), not only those of the first. r1c1, r1c4 and r4c1 hold 1
// and 2 only, r3c1 {1, 2, 3}, r3c4 {1, 2, 4}, r1c2 {1, 2, 5} and r4c2 {1, 2, 6}; the
// other cells of column 2 hold 2 but not 1, all other cells 1 but not 2. The rectangle
// r1c1, r1c4, r3c1, r3c4 gives nothing; r1c1, r1c2, r4c1, r4c2 is of type 4 (1 is locked
// in column 2): the 2 goes from r1c2 and r4c2.
TEST(GraderTechniques, UniqueRectangleThroughTheSecondBivalueCell) {
  CandidateGrid g{Grid()};
  const std::vector<std::pair<int, grader::detail::Mask>> pattern = {
      {0, bits({1, 2})},     {3, bits({1, 2})},     {27, bits({1, 2})},
      {18, bits({1, 2, 3})}, {21, bits({1, 2, 4})}, {1, bits({1, 2, 5})},
      {28, bits({1, 2, 6})}};
  for (int c = 0; c < 81; ++c) {
    auto it = std::find_if(pattern.begin(), pattern.end(), [&](auto& p) { return p.first == c; });
    if (it != pattern.end()) {
      restrict(g, c, it->second);
    } else {
      restrict(g, c, g.cand(c) & ~bits({c % 9 == 1 ? 1 : 2}));
    }
  }
  expect_both_searches_give(g, "Unique Rectangle type 4", {{1, 2}, {28, 2}});
}
