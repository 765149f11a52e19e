// Grader tests: levels, per-technique finders on constructed positions, ratings of known
// puzzles, and soundness over fixture sets (no step may remove the true digit).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "../../grader/src/engine.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

using namespace sudoforge;
using namespace sudoforge::grader;

namespace {

Grid grid81(const std::string& s) {
  std::vector<std::uint8_t> cells(81);
  for (int i = 0; i < 81; ++i) cells[i] = (s[i] >= '1' && s[i] <= '9') ? s[i] - '0' : 0;
  return Grid(Geometry(), cells);
}

// The true solution comes from the solver library (DLX), independent of the grader, and
// is checked with is_solution_of.
bool solve(Grid& g) {
  auto sol = sudoforge::solve(g);
  if (!sol) return false;
  g = *sol;
  return true;
}

std::vector<std::string> read_lines(const std::string& path) {
  std::vector<std::string> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() >= 81) out.push_back(line);
  }
  return out;
}

using detail::CandidateGrid;
using detail::Ctx;
using detail::Hint;

// Keep only `keep` (bit mask of digits) in cell c.
void restrict(CandidateGrid& g, int c, detail::Mask keep) {
  for (int d = 1; d <= 9; ++d) {
    if (!((keep >> d) & 1)) g.eliminate(c, d);
  }
}
constexpr detail::Mask bits(std::initializer_list<int> ds) {
  detail::Mask m = 0;
  for (int d : ds) m |= detail::Mask{1} << d;
  return m;
}

}  // namespace

TEST(GraderLevels, ThresholdsAndNames) {
  EXPECT_EQ(level_for(1.5), Level::kEasy);
  EXPECT_EQ(level_for(1.7), Level::kMedium);
  EXPECT_EQ(level_for(2.8), Level::kMedium);
  EXPECT_EQ(level_for(3.0), Level::kHard);
  EXPECT_EQ(level_for(4.4), Level::kHard);
  EXPECT_EQ(level_for(4.5), Level::kExpert);
  EXPECT_EQ(level_for(6.2), Level::kExpert);
  EXPECT_EQ(level_for(6.6), Level::kDiabolical);
  EXPECT_EQ(level_for(8.9), Level::kDiabolical);
  EXPECT_EQ(level_for(9.0), Level::kExtreme);
  EXPECT_EQ(parse_level("Diabolical"), Level::kDiabolical);
  EXPECT_EQ(parse_level("nope"), std::nullopt);
  EXPECT_EQ(level_name(Level::kHard), "hard");
}

TEST(GraderChains, LengthDifficultyFollowsSE) {
  EXPECT_EQ(detail::length_difficulty(4), 0);
  EXPECT_EQ(detail::length_difficulty(6), 0);
  EXPECT_EQ(detail::length_difficulty(7), 1);
  EXPECT_EQ(detail::length_difficulty(8), 1);
  EXPECT_EQ(detail::length_difficulty(9), 2);
  EXPECT_EQ(detail::length_difficulty(10), 2);
  EXPECT_EQ(detail::length_difficulty(11), 3);
  EXPECT_EQ(detail::length_difficulty(14), 3);
  EXPECT_EQ(detail::length_difficulty(15), 4);
  EXPECT_EQ(detail::length_difficulty(19), 5);
}

TEST(GraderTechniques, XWing) {
  CandidateGrid g{Grid(Geometry())};
  // Digit 1 in rows 1 and 5 only in columns 2 and 7.
  for (int r : {0, 4}) {
    for (int c = 0; c < 9; ++c) {
      if (c != 1 && c != 6) g.eliminate(r * 9 + c, 1);
    }
  }
  Hint h;
  ASSERT_TRUE(detail::find_fish(Ctx{g, true}, 2, h));
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

TEST(GraderTechniques, NakedPairInBox) {
  CandidateGrid g{Grid(Geometry())};
  restrict(g, 0, bits({1, 2}));
  restrict(g, 1, bits({1, 2}));
  Hint h;
  ASSERT_TRUE(detail::find_naked_set(Ctx{g, false}, 2, h));
  EXPECT_STREQ(h.technique, "Naked Pair");
  EXPECT_EQ(h.rating, 30);
  // SE looks at boxes first: 1 and 2 leave the other 7 cells of box 1.
  EXPECT_EQ(h.eliminations.size(), 14u);
  for (auto [c, d] : h.eliminations) EXPECT_EQ(c / 27 * 3 + c % 9 / 3, 0);
}

TEST(GraderTechniques, XYWing) {
  CandidateGrid g{Grid(Geometry())};
  restrict(g, 0, bits({1, 2}));        // pivot r1c1
  restrict(g, 4, bits({1, 3}));        // wing r1c5
  restrict(g, 36, bits({2, 3}));       // wing r5c1
  Hint h;
  ASSERT_TRUE(detail::find_xy_wing(Ctx{g, false}, false, h));
  EXPECT_STREQ(h.technique, "XY-Wing");
  EXPECT_EQ(h.rating, 42);
  ASSERT_EQ(h.eliminations.size(), 1u);
  EXPECT_EQ(h.eliminations[0], std::make_pair(40, 3));  // r5c5<>3
}

TEST(GraderTechniques, PointingAndHiddenSingle) {
  CandidateGrid g{Grid(Geometry())};
  // 5 of box 1 confined to row 1 (cells r1c1..r1c3).
  for (int c : {9, 10, 11, 18, 19, 20}) g.eliminate(c, 5);
  Hint h;
  ASSERT_TRUE(detail::find_locking(Ctx{g, false}, h));
  EXPECT_STREQ(h.technique, "Pointing");
  EXPECT_EQ(h.rating, 26);
  EXPECT_EQ(h.eliminations.size(), 6u);  // r1c4..r1c9
  EXPECT_FALSE(detail::find_hidden_single(Ctx{g, false}, h));
  // Keep 7 in box 9 only at r9c9: hidden single in a box, 1.2.
  for (int c : {60, 61, 62, 69, 70, 71, 78, 79}) g.eliminate(c, 7);
  ASSERT_TRUE(detail::find_hidden_single(Ctx{g, true}, h));
  EXPECT_EQ(h.rating, 12);
  EXPECT_EQ(h.placements[0], std::make_pair(80, 7));
  EXPECT_EQ(h.explanation, "r9c9=7: hidden single in box 9");
}

TEST(GraderTechniques, TurbotFishIsAForcingXChain) {
  Rating r = Grader().rate(
      grid81("....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38"),
      true);
  EXPECT_TRUE(r.complete);
  EXPECT_DOUBLE_EQ(r.er, 6.6);
  bool seen = false;
  for (const auto& s : r.steps) {
    if (s.rating == 6.6) {
      seen = true;
      EXPECT_EQ(s.technique, "Turbot Fish");
      ASSERT_EQ(s.eliminations.size(), 1u);
      EXPECT_EQ(s.eliminations[0], std::make_pair(2, 2));  // r1c3<>2
    }
  }
  EXPECT_TRUE(seen);
}

TEST(GraderRating, KnownPuzzlesMatchSE) {
  // cb001 lines whose ER equals the published SER.
  const std::vector<std::pair<std::string, double>> known = {
      {"....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38", 6.6},
      {"..3....8..5.78.1....91....52.......6..7....3.6...1.......2..9....16..3..9725...1.", 7.2},
      {"1.3.5..8...6....2.......4.5.1.5.......82..34...789.5.23....2..18......3..41......", 4.2},
  };
  Grader grader;
  for (const auto& [p, ser] : known) {
    Rating r = grader.rate(grid81(p));
    EXPECT_TRUE(r.complete) << p;
    EXPECT_NEAR(r.er, ser, 1e-9) << p;
    EXPECT_EQ(r.level, level_for(ser));
  }
}

TEST(GraderRating, RatingFieldsAreConsistent) {
  Rating r = Grader().rate(
      grid81("1.3.5..8...6....2.......4.5.1.5.......82..34...789.5.23....2..18......3..41......"), true);
  ASSERT_TRUE(r.complete);
  EXPECT_EQ(r.step_count, static_cast<int>(r.steps.size()));
  EXPECT_DOUBLE_EQ(r.ed, r.steps.front().rating);
  EXPECT_LE(r.ep, r.er);
  EXPECT_EQ(r.hardest, "XY-Wing");
  double mx = 0;
  for (const auto& s : r.steps) {
    mx = std::max(mx, s.rating);
    EXPECT_FALSE(s.explanation.empty());
  }
  EXPECT_DOUBLE_EQ(mx, r.er);
}

TEST(GraderRating, ConflictingGivensThrow) {
  std::string p(81, '.');
  p[0] = '5';
  p[1] = '5';
  EXPECT_THROW(Grader().rate(grid81(p)), std::invalid_argument);
}

TEST(GraderRating, OtherSizes) {
  // A 4x4 puzzle (2x2 boxes) with a unique solution: singles finish it.
  Grid g(Geometry(2, 2), {1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2});
  Rating r = Grader().rate(g, true);
  EXPECT_TRUE(r.complete);
  EXPECT_GT(r.er, 0.0);
  EXPECT_LE(r.er, 2.3);
}

namespace {

void check_soundness(const std::string& file, size_t limit) {
  const auto lines = read_lines(file);
  ASSERT_FALSE(lines.empty()) << file;
  Grader grader;
  size_t done = 0;
  for (const auto& line : lines) {
    if (done++ >= limit) break;
    const Grid puzzle = grid81(line);
    Grid solution = puzzle;
    ASSERT_TRUE(solve(solution)) << line;
    ASSERT_TRUE(is_solution_of(puzzle, solution)) << line;
    Rating r = grader.rate(puzzle, true);
    for (const auto& s : r.steps) {
      for (auto [c, d] : s.eliminations) {
        ASSERT_NE(solution[c], d) << line << ": " << s.technique << ": " << s.explanation;
      }
      for (auto [c, d] : s.placements) {
        ASSERT_EQ(solution[c], d) << line << ": " << s.technique << ": " << s.explanation;
      }
    }
    if (r.complete) {
      EXPECT_GT(r.er, 0.0);
    }
  }
}

}  // namespace

TEST(GraderSoundness, Cb001Sample) {
  check_soundness(std::string(SUDOFORGE_TEST_DATA) + "/grader/cb001_1000.txt", 1000);
}
TEST(GraderSoundness, SeventeenClueSample) {
  check_soundness(std::string(SUDOFORGE_TEST_DATA) + "/grader/17clue_500.txt", 500);
}
TEST(GraderSoundness, Top1465Sample) {
  check_soundness(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt", 300);
}

TEST(GraderShared, Cb001AgreementIfPresent) {
  const std::string path = std::string(SUDOFORGE_SHARED_DATA) + "/cb001-ser.txt";
  std::ifstream probe(path);
  if (!probe) GTEST_SKIP() << "no " << path;
  const auto lines = read_lines(path);
  Grader grader;
  int total = 0, exact = 0;
  for (size_t i = 0; i < lines.size() && total < 300; i += 37, ++total) {
    const double ser = std::stod(lines[i].substr(82));
    exact += std::abs(grader.rate(grid81(lines[i])).er - ser) < 0.05;
  }
  EXPECT_GE(exact, total * 3 / 4);
}
