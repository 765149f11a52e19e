// The grader as a whole: levels, ratings of known puzzles, the rating ceiling, and
// soundness over fixture sets and generated puzzles (no step may remove the true digit).
// Each technique family has its own file, as in grader/src.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "grader_test_util.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/generator/generator.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

void check_soundness(const std::string& file, size_t limit) {
  const auto lines = read_lines(file);
  ASSERT_FALSE(lines.empty()) << file;
  Grader grader;
  size_t done = 0;
  for (const auto& line : lines) {
    if (done++ >= limit) break;
    const Rating r = rate_soundly(grader, line);
    if (r.complete) {
      EXPECT_GT(r.er, 0.0);
    }
  }
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

// The levels' bounds are the same on every board, and each level's range agrees with
// level_for; the clue floors leave 4x4, 6x6 and 9x9 (and extreme) to minimal puzzles and
// give 16x16 fuller puzzles the easier the level.
TEST(GraderLevels, RangesMatchAndFloorsPerSize) {
  for (Level l : {Level::kEasy, Level::kMedium, Level::kHard, Level::kExpert, Level::kDiabolical,
                  Level::kExtreme}) {
    const auto [lo, hi] = level_range(l);
    EXPECT_EQ(level_for(hi), l);
    if (l != Level::kEasy) EXPECT_EQ(level_for(lo + 0.1), l);
    for (int size : {4, 6, 9}) EXPECT_EQ(level_min_clues(size, l), 0);
  }
  EXPECT_EQ(level_min_clues(16, Level::kExtreme), 0);
  EXPECT_EQ(level_min_clues(12, Level::kMedium), 0);
  EXPECT_GT(level_min_clues(12, Level::kEasy), 0);
  for (Level l : {Level::kEasy, Level::kMedium, Level::kHard, Level::kExpert}) {
    const int next = level_min_clues(16, static_cast<Level>(static_cast<int>(l) + 1));
    EXPECT_GT(level_min_clues(16, l), next);
    EXPECT_LT(level_min_clues(16, l), 256);
  }
  EXPECT_GT(level_min_clues(25, Level::kEasy), level_min_clues(16, Level::kEasy));
}

// 9x9 variant boards draw easy puzzles from fuller candidates, every other level and the
// classic board from minimal ones.
TEST(GraderLevels, VariantBoardsGetAnEasyFloor) {
  const Geometry x = Variant::parse("x").apply(Geometry());
  std::vector<int> rows(81);
  for (int c = 0; c < 81; ++c) rows[c] = c / 9;  // each row a region: a valid jigsaw map
  const Geometry jigsaw = Geometry::with_regions(9, rows);
  for (const Geometry& g : {x, jigsaw}) {
    EXPECT_GT(level_min_clues(g, Level::kEasy), 17);
    EXPECT_LT(level_min_clues(g, Level::kEasy), 81);
    EXPECT_EQ(level_min_clues(g, Level::kMedium), 0);
  }
  EXPECT_EQ(level_min_clues(Geometry(), Level::kEasy), 0);
  EXPECT_EQ(level_min_clues(Geometry::for_size(16), Level::kHard),
            level_min_clues(16, Level::kHard));
}

TEST(GraderRating, KnownPuzzlesMatchSE) {
  // cb001 lines whose ER equals the published SER.
  const std::vector<std::pair<std::string, double>> known = {
      {"....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38", 6.6},
      {"..3....8..5.78.1....91....52.......6..7....3.6...1.......2..9....16..3..9725...1.", 7.2},
      {"1.3.5..8...6....2.......4.5.1.5.......82..34...789.5.23....2..18......3..41......", 4.2},
      {".23...78.456.....3...........7..89..83....6..9..5.3.4...26..........2.1....39...8", 6.2},
      {"1....6....567..1...89.....52.8..7....9...1.......4.93..6.87.39...2.3.6.....6.48..", 7.6},
      {"1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3.", 8.3},
      {".2....7.9..67....37..12.4....8.4.39..67..8.4.............8..95.6..3....2.912....4", 8.8},
      {"...4....94.....23.896........4...1.5.....762..8...1....3.9........32..9......8..7", 9.0},
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
      grid81("1.3.5..8...6....2.......4.5.1.5.......82..34...789.5.23....2..18......3..41......"),
      true);
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

TEST(GraderRating, SettledStopsOnceTheCallerKnowsEnough) {
  // Rated 8.3 (chains): the grading asked to stop once its second technique is used ends
  // there, with the steps so far those of the full grading.
  const Grid p =
      grid81("1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3.");
  Grader full_grader;
  const Rating full = full_grader.rate(p, true);
  ASSERT_TRUE(full.complete);
  ASSERT_GE(full.techniques.size(), 3u);
  const std::string target = full.techniques[1];
  GradeOptions options;
  int calls = 0;
  options.settled = [&](const Rating& so_far) {
    ++calls;
    return so_far.techniques.back() == target;
  };
  Grader grader(options);
  const Rating r = grader.rate(p, true);
  EXPECT_TRUE(r.settled);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(calls, 2);
  ASSERT_EQ(r.techniques.size(), 2u);
  EXPECT_EQ(r.techniques.back(), target);
  ASSERT_LT(r.steps.size(), full.steps.size());
  for (std::size_t i = 0; i < r.steps.size(); ++i) {
    EXPECT_EQ(r.steps[i].explanation, full.steps[i].explanation) << i;
  }
  EXPECT_LT(r.er, full.er);
}

TEST(GraderRating, TechniquesAreTheStepsDistinctNamesInOrderOfFirstUse) {
  // Rating::techniques is kept while grading (names met before are known by pointer):
  // it must be the steps' own list, a puzzle that repeats techniques between others.
  Grader grader;
  for (const char* text :
       {"1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3.",
        "....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38"}) {
    const Rating r = grader.rate(grid81(text), true);
    std::vector<std::string> distinct;
    for (const Step& s : r.steps) {
      if (std::find(distinct.begin(), distinct.end(), s.technique) == distinct.end()) {
        distinct.push_back(s.technique);
      }
    }
    ASSERT_GE(distinct.size(), 3u) << text;
    EXPECT_EQ(r.techniques, distinct) << text;
    EXPECT_EQ(grader.rate(grid81(text)).techniques, distinct) << text;  // without the steps
  }
}

TEST(GraderRating, ConflictingGivensThrow) {
  std::string p(81, '.');
  p[0] = '5';
  p[1] = '5';
  EXPECT_THROW(Grader().rate(grid81(p)), std::invalid_argument);
}

TEST(GraderRating, OneGraderRatesEachPuzzleAsAFreshOne) {
  // A grader keeps its grid's buffers from puzzle to puzzle, through boards of other
  // sizes and a puzzle that throws: each rating is still that of a new grader.
  std::string conflict(81, '.');
  conflict[0] = conflict[1] = '5';
  GeneratorOptions six;
  six.geometry = Geometry(2, 3);
  const auto small = Generator(six).generate(7, 0);
  ASSERT_TRUE(small.has_value());
  const std::vector<Grid> puzzles = {
      grid81("1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3."),
      small->puzzle,
      grid81("....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38")};
  Grader reused;
  for (const Grid& p : puzzles) {
    EXPECT_THROW(reused.rate(grid81(conflict)), std::invalid_argument);
    const Rating r = reused.rate(p, true);
    const Rating fresh = Grader().rate(p, true);
    EXPECT_EQ(r.er, fresh.er);
    EXPECT_EQ(r.techniques, fresh.techniques);
    ASSERT_EQ(r.steps.size(), fresh.steps.size());
    for (std::size_t i = 0; i < r.steps.size(); ++i) {
      EXPECT_EQ(r.steps[i].explanation, fresh.steps[i].explanation) << i;
    }
  }
}

TEST(GraderRating, OtherSizes) {
  // A 4x4 puzzle (2x2 boxes) with a unique solution: singles finish it.
  Grid g(Geometry(2, 2), {1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2});
  Rating r = Grader().rate(g, true);
  EXPECT_TRUE(r.complete);
  EXPECT_GT(r.er, 0.0);
  EXPECT_LE(r.er, 2.3);
}

// cb001's first 400 puzzles and top1465's first 20, with their full ratings (steps kept).
struct RatedSample {
  std::vector<std::string> lines;
  std::vector<Rating> wants;
};
RatedSample rated_sample() {
  RatedSample sample;
  sample.lines = cb001_fixture();
  if (sample.lines.size() < 400) return {};
  sample.lines.resize(400);
  const auto top = read_lines(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt");
  if (top.size() < 20) return {};
  sample.lines.insert(sample.lines.end(), top.begin(), top.begin() + 20);
  Grader full;
  for (const auto& line : sample.lines) {
    sample.wants.push_back(full.rate(grid81(line.substr(0, 81)), true));
    EXPECT_TRUE(sample.wants.back().complete) << line;
  }
  return sample;
}

// `got` is the full rating `want`.
void expect_full_rating(const Rating& got, const Rating& want, const std::string& where) {
  EXPECT_TRUE(got.complete) << where;
  EXPECT_EQ(got.er, want.er) << where;
  EXPECT_EQ(got.ep, want.ep) << where;
  EXPECT_EQ(got.ed, want.ed) << where;
  EXPECT_EQ(got.hardest, want.hardest) << where;
  EXPECT_EQ(got.step_count, want.step_count) << where;
}

// A ceiling (GradeOptions::max_rating) only stops the grading early: a puzzle rated at
// most the ceiling gets exactly its full rating and steps, and one rated above it is
// reported exceeded (never a lower ER that passes for its rating).
TEST(GraderRating, CeilingStopsOnlyPuzzlesRatedAboveIt) {
  const RatedSample sample = rated_sample();
  const std::vector<std::string>& lines = sample.lines;
  const std::vector<Rating>& wants = sample.wants;
  ASSERT_EQ(lines.size(), 420u);
  int below = 0, above = 0;
  for (const double ceiling : {1.2, 1.5, 2.8, 4.4, 6.2, 7.2, 8.9}) {
    GradeOptions o;
    o.max_rating = ceiling;
    Grader capped(o);
    for (size_t k = 0; k < lines.size(); ++k) {
      const std::string& line = lines[k];
      const Rating& want = wants[k];
      const Rating got = capped.rate(grid81(line.substr(0, 81)), true);
      if (want.er <= ceiling + 1e-9) {
        ++below;
        EXPECT_FALSE(got.exceeded) << ceiling << " " << line;
        expect_full_rating(got, want, std::to_string(ceiling) + " " + line);
      } else {
        ++above;
        EXPECT_TRUE(got.exceeded) << ceiling << " " << line;
        EXPECT_FALSE(got.complete) << ceiling << " " << line;
        // The steps done are the full path's first ones.
        ASSERT_LE(got.steps.size(), want.steps.size()) << line;
        for (size_t i = 0; i < got.steps.size(); ++i) {
          EXPECT_EQ(got.steps[i].explanation, want.steps[i].explanation) << ceiling << " " << line;
          EXPECT_LE(got.steps[i].rating, ceiling + 1e-9) << line;
        }
      }
    }
  }
  // Both sides are exercised at every ceiling but the lowest ones' "below" side.
  EXPECT_GT(below, 1000);
  EXPECT_GT(above, 1000);
}

// `got` is `want` in every field a grading reports, the steps included.
void expect_same_rating(const Rating& got, const Rating& want, const std::string& where) {
  EXPECT_EQ(got.er, want.er) << where;
  EXPECT_EQ(got.ep, want.ep) << where;
  EXPECT_EQ(got.ed, want.ed) << where;
  EXPECT_EQ(got.level, want.level) << where;
  EXPECT_EQ(got.hardest, want.hardest) << where;
  EXPECT_EQ(got.techniques, want.techniques) << where;
  EXPECT_EQ(got.complete, want.complete) << where;
  EXPECT_EQ(got.exceeded, want.exceeded) << where;
  EXPECT_EQ(got.step_count, want.step_count) << where;
  ASSERT_EQ(got.steps.size(), want.steps.size()) << where;
  for (size_t i = 0; i < got.steps.size(); ++i) {
    EXPECT_EQ(got.steps[i].rating, want.steps[i].rating) << where << " step " << i;
    EXPECT_EQ(got.steps[i].explanation, want.steps[i].explanation) << where << " step " << i;
  }
}

// Lifts `ceiling` to `lifted` on each puzzle of `lines` (wants: their full ratings, steps
// kept): the grading reports what the lower ceiling's grading returns, once, then ends as
// a fresh grading under the lifted ceiling. Counts the lifts, the lifted gradings that
// finish and those stopped again by the lifted ceiling.
struct LiftCounts {
  int lifts = 0, finished = 0, stopped_again = 0;
};
LiftCounts check_lift(const std::vector<std::string>& lines, const std::vector<Rating>& wants,
                      double ceiling, double lifted) {
  GradeOptions low;
  low.max_rating = ceiling;
  GradeOptions high;
  high.max_rating = lifted;
  Grader lifting(low), capped(low), fresh(high);
  LiftCounts n;
  for (size_t k = 0; k < lines.size(); ++k) {
    const Grid puzzle = grid81(lines[k].substr(0, 81));
    const std::string where = std::to_string(ceiling) + " " + lines[k];
    int calls = 0;
    const Rating got = lifting.rate(puzzle, true, lifted, [&](const Rating& so_far) {
      ++calls;
      expect_same_rating(so_far, capped.rate(puzzle, true), where + " (before the lift)");
      return true;
    });
    expect_same_rating(got, lifted < 0 ? wants[k] : fresh.rate(puzzle, true), where);
    EXPECT_EQ(calls, wants[k].er > ceiling + 1e-9 ? 1 : 0) << where;
    n.lifts += calls;
    n.finished += calls && got.complete;
    n.stopped_again += calls && got.exceeded;
  }
  return n;
}

// Grader::rate with a lifted ceiling: the same ratings, techniques and steps as a fresh
// grading under the lifted ceiling. Ceilings below 7.5 stop before a rung (the lifted
// search resumes at that rung), 7.6 and 8.9 after a chain found above them (the lifted
// grading takes it); the neighbourhood search's results (ER 9.0 to 9.3) are lifted from
// the search's own ceiling, 8.9.
TEST(GraderRating, LiftedCeilingContinuesAsAFreshGrading) {
  const RatedSample sample = rated_sample();
  ASSERT_EQ(sample.lines.size(), 420u);
  LiftCounts total;
  for (const auto& [ceiling, lifted] :
       std::vector<std::pair<double, double>>{{6.2, 7.5}, {7.2, -1}, {7.6, -1}}) {
    const LiftCounts n = check_lift(sample.lines, sample.wants, ceiling, lifted);
    EXPECT_GT(n.lifts, 20) << ceiling;
    total.finished += n.finished;
    total.stopped_again += n.stopped_again;
  }
  const auto hard =
      read_lines(std::string(SUDOFORGE_TEST_DATA) + "/grader/neighbourhood_9x_16.txt");
  ASSERT_EQ(hard.size(), 16u);
  std::vector<Rating> hard_wants;
  for (const std::string& line : hard) {
    hard_wants.push_back(Grader().rate(grid81(line.substr(0, 81)), true));
    EXPECT_EQ(hard_wants.back().er, std::stod(line.substr(82))) << line;
  }
  const LiftCounts n = check_lift(hard, hard_wants, 8.9, -1);
  EXPECT_EQ(n.lifts, 16);
  EXPECT_EQ(n.finished, 16);
  EXPECT_GT(total.finished, 150);
  EXPECT_GT(total.stopped_again, 15);
  // Declined, the lift leaves rate()'s result; a lifted ceiling below max_rating is refused.
  GradeOptions low;
  low.max_rating = 8.9;
  Grader grader(low);
  const Grid puzzle = grid81(hard.front().substr(0, 81));
  expect_same_rating(grader.rate(puzzle, true, -1, [](const Rating&) { return false; }),
                     Grader(low).rate(puzzle, true), "declined");
  EXPECT_THROW(grader.rate(puzzle, false, 8.8, [](const Rating&) { return true; }),
               std::invalid_argument);
}

// A floor (GradeOptions::min_rating) only stops the grading early: a puzzle rated at or
// above the floor gets exactly its full rating and steps; one stopped (Rating::below) is
// rated under the floor, and stopped before its first step or, mid-path, once a step
// rated 7.5 or more or of a rung no floor's rules hold (XYZ-wing, uniqueness, aligned
// pair exclusion) may have moved the floor's closure (the test waits for the next step
// that needs the static chains' rungs or above: right after such a step or after later
// ones), its steps those of the full path so far. A test made once a step at or above
// the floor was taken would stop puzzles rated at or above it.
// Puzzles of hidden singles alone (ER 1.5 or less) are stopped by any floor above 2.3
// (the floor's rules: floor_closure_test.cpp).
TEST(GraderRating, FloorStopsOnlyPuzzlesRatedBelowIt) {
  const RatedSample sample = rated_sample();
  const std::vector<std::string>& lines = sample.lines;
  const std::vector<Rating>& wants = sample.wants;
  ASSERT_EQ(lines.size(), 420u);
  int kept = 0, stopped = 0, midway = 0, after_outside = 0, put_off = 0;
  const auto outside_every_floor = [](const std::string& technique) {
    return technique == "XYZ-Wing" || technique.starts_with("Unique ") ||
           technique.starts_with("BUG ") || technique == "Aligned Pair Exclusion";
  };
  for (const double floor : {2.3, 2.4, 2.9, 4.5, 6.3, 7.3, 8.5, 9.0}) {
    GradeOptions o;
    o.min_rating = floor;
    Grader floored(o);
    for (size_t k = 0; k < lines.size(); ++k) {
      const std::string& line = lines[k];
      const Rating& want = wants[k];
      const Rating got = floored.rate(grid81(line.substr(0, 81)), true);
      if (want.er >= floor - 1e-9 || floor <= 2.3 + 1e-9) {
        ++kept;
        EXPECT_FALSE(got.below) << floor << " " << line;
        expect_full_rating(got, want, std::to_string(floor) + " " + line);
        continue;
      }
      if (want.er <= 1.5 + 1e-9) {
        EXPECT_TRUE(got.below) << floor << " " << line;
        EXPECT_EQ(got.step_count, 0) << floor << " " << line;
      }
      if (!got.below) {
        expect_full_rating(got, want, std::to_string(floor) + " " + line);
        continue;
      }
      ++stopped;
      EXPECT_FALSE(got.complete) << floor << " " << line;
      EXPECT_LT(want.er, floor - 1e-9) << floor << " " << line;
      if (got.step_count == 0) continue;
      ++midway;
      const auto moves = [&](const Step& s) {
        return s.rating >= 7.5 - 1e-9 || outside_every_floor(s.technique);
      };
      EXPECT_TRUE(std::any_of(got.steps.begin(), got.steps.end(), moves)) << floor << " " << line;
      if (!moves(got.steps.back())) {
        ++put_off;
      } else if (got.steps.back().rating < 7.5 - 1e-9) {
        ++after_outside;
      }
      ASSERT_LE(got.steps.size(), want.steps.size()) << floor << " " << line;
      for (size_t i = 0; i < got.steps.size(); ++i) {
        EXPECT_EQ(got.steps[i].explanation, want.steps[i].explanation) << floor << " " << line;
      }
    }
  }
  EXPECT_GT(kept, 500);
  EXPECT_GT(stopped, 500);
  EXPECT_GT(midway, 5);
  EXPECT_GT(after_outside, 0);
  EXPECT_GT(put_off, 0);
}

// A floor with a lifted ceiling (the neighbourhood search grades so): a puzzle not stopped
// below the floor gets its full rating and steps, a stopped one rates below the floor and
// its steps are the full path's so far. The ceilings below 6.5 and 7.5 stop before a
// rung (the lifted search resumes there, around the floor's test put off to the static
// chains' rungs), 8.9 after a chain found above it.
TEST(GraderRating, FloorWithALiftedCeilingStopsOnlyBelowIt) {
  const RatedSample sample = rated_sample();
  ASSERT_EQ(sample.lines.size(), 420u);
  int lifted = 0, stopped = 0, midway = 0;
  for (const auto& [floor, ceiling] :
       std::vector<std::pair<double, double>>{{7.3, 6.2}, {8.5, 7.2}, {9.0, 8.9}}) {
    GradeOptions o;
    o.min_rating = floor;
    o.max_rating = ceiling;
    Grader floored(o);
    for (size_t k = 0; k < sample.lines.size(); k += 2) {
      const std::string& line = sample.lines[k];
      const Rating& want = sample.wants[k];
      const std::string where = std::to_string(floor) + " " + line;
      int calls = 0;
      const Rating got = floored.rate(grid81(line.substr(0, 81)), true, -1, [&](const Rating&) {
        ++calls;
        return true;
      });
      lifted += calls;
      if (!got.below) {
        expect_same_rating(got, want, where);
        continue;
      }
      ++stopped;
      midway += got.step_count > 0;
      EXPECT_LT(want.er, floor - 1e-9) << where;
      ASSERT_LE(got.steps.size(), want.steps.size()) << where;
      for (size_t i = 0; i < got.steps.size(); ++i) {
        EXPECT_EQ(got.steps[i].explanation, want.steps[i].explanation) << where;
      }
    }
  }
  EXPECT_GT(lifted, 50);
  EXPECT_GT(stopped, 300);
  EXPECT_GT(midway, 5);
}

TEST(GraderSoundness, Cb001Sample) {
  check_soundness(std::string(SUDOFORGE_TEST_DATA) + "/grader/cb001_1000.txt", 1000);
}

TEST(GraderSoundness, SeventeenClueSample) {
  check_soundness(std::string(SUDOFORGE_TEST_DATA) + "/grader/17clue_500.txt", 500);
}

TEST(GraderSoundness, Top1465Sample) {
  check_soundness(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt", 300);
}

// All of cb001 when the shared data is there: every step checked against the solution
// (solved by the DLX library, verified by the validator), and ER against the published SER.
// The issue asks for 80% within 0.1 and a mean difference of at most 0.2; this grader
// reproduces SE's ladder, so anything under 99.5% (or a mean above 0.01) is a regression.
TEST(GraderShared, Cb001SoundAndAgreeingIfPresent) {
  const auto shared = shared_lines("cb001-ser.txt");
  if (!shared) GTEST_SKIP() << "no ../shared/data/cb001-ser.txt";
  const auto& lines = *shared;
  ASSERT_GT(lines.size(), 20000u);
  Grader grader;
  size_t exact = 0, incomplete = 0;
  double diff = 0;
  for (const auto& line : lines) {
    const Rating r = rate_soundly(grader, line);
    incomplete += !r.complete;
    const double ser = std::stod(line.substr(82));
    exact += std::abs(r.er - ser) < 0.05;
    diff += std::abs(r.er - ser);
  }
  EXPECT_EQ(incomplete, 0u);
  EXPECT_GE(exact * 1000, lines.size() * 995);
  EXPECT_LE(diff / lines.size(), 0.01);
}

// All of top1465 when the shared data is there: every step sound, every rating complete.
TEST(GraderShared, Top1465SoundIfPresent) {
  const auto shared = shared_lines("top1465.txt");
  if (!shared) GTEST_SKIP() << "no ../shared/data/top1465.txt";
  const auto& lines = *shared;
  ASSERT_GT(lines.size(), 1000u);
  Grader grader;
  for (const auto& line : lines) EXPECT_TRUE(rate_soundly(grader, line).complete) << line;
}

// Generated puzzles of every size but 25x25 (a 25x25 puzzle takes 30 s or more to make):
// every step sound against the generator's solution, itself checked by the validator.
TEST(GraderSoundness, GeneratedPuzzlesOfEverySize) {
  struct Batch {
    Geometry geometry;
    int count;
    Symmetry symmetry;
  };
  const std::vector<Batch> batches = {
      {Geometry(3, 3), 1000, Symmetry::kNone}, {Geometry(3, 3), 200, Symmetry::kRot180},
      {Geometry(2, 2), 100, Symmetry::kNone},  {Geometry(2, 3), 200, Symmetry::kNone},
      {Geometry(3, 4), 20, Symmetry::kNone},   {Geometry(4, 4), 2, Symmetry::kNone}};
  Grader grader;
  int graded = 0, with_steps_above_singles = 0;
  for (const auto& b : batches) {
    GeneratorOptions o;
    o.geometry = b.geometry;
    o.symmetry = b.symmetry;
    Generator gen(o);
    for (int i = 0; i < b.count; ++i) {
      const auto p = gen.generate(2026, static_cast<std::uint64_t>(i));
      ASSERT_TRUE(p.has_value());
      ASSERT_TRUE(is_solution_of(p->puzzle, p->solution)) << i;
      const Rating r = grader.rate(p->puzzle, true);
      const std::string label = std::to_string(b.geometry.size()) + "x" +
                                std::to_string(b.geometry.size()) + " #" + std::to_string(i);
      expect_steps_sound(r, p->solution, label);
      ++graded;
      with_steps_above_singles += r.er > 2.3;
    }
  }
  EXPECT_EQ(graded, 1522);
  // The sample is not all singles: the techniques above are exercised too.
  EXPECT_GT(with_steps_above_singles, 300);
}

// Boards with extra houses and jigsaw regions: every step the ladder takes (up to a
// ceiling that keeps the sample quick) agrees with the puzzle's only solution, the
// uniqueness steps and BUG of the boards with extra houses included.
TEST(GraderSoundness, VariantBoards) {
  std::vector<int> columns_as_regions(36);  // 6x6 jigsaw: 3 rows by 2 columns
  for (int c = 0; c < 36; ++c) columns_as_regions[c] = (c / 6 / 3) * 3 + c % 6 / 2;
  const std::vector<std::pair<std::string, Geometry>> boards = {
      {"x", Variant::parse("x").apply(Geometry())},
      {"windoku", Variant::parse("windoku").apply(Geometry())},
      {"dg", Variant::parse("dg").apply(Geometry())},
      {"asterisk+girandola", Variant::parse("asterisk+girandola").apply(Geometry())},
      {"x+windoku", Variant::parse("x+windoku").apply(Geometry())},
      {"x 6x6", Variant::parse("x").apply(Geometry(2, 3))},
      {"jigsaw 6x6", Geometry::with_regions(6, columns_as_regions)}};
  GradeOptions capped;
  capped.max_rating = 6.6;
  Grader grader(capped);
  int graded = 0, beyond_singles = 0, generalized = 0, classic_locking = 0;
  for (const auto& [name, board] : boards) {
    GeneratorOptions o;
    o.geometry = board;
    Generator gen(o);
    for (int i = 0; i < 10; ++i) {
      const auto p = gen.generate(7, static_cast<std::uint64_t>(i));
      ASSERT_TRUE(p.has_value()) << name;
      ASSERT_TRUE(is_solution_of(p->puzzle, p->solution)) << name;
      const Rating r = grader.rate(p->puzzle, true);
      expect_steps_sound(r, p->solution, name + " #" + std::to_string(i));
      ++graded;
      beyond_singles += r.steps.size() > 0 && r.er > 2.3;
      for (const Step& s : r.steps) {
        generalized += s.technique == "Generalized Intersections";
        classic_locking += board.extra_house_count() > 0 &&
                           (s.technique == "Pointing" || s.technique == "Claiming");
      }
    }
  }
  EXPECT_EQ(graded, 70);
  EXPECT_GT(beyond_singles, 15);
  // Boards with extra houses rate as SukakuExplainer with the variant on and Sudoku
  // Explainer 1.2.1's techniques: pointing and claiming, no generalized intersections.
  EXPECT_EQ(generalized, 0);
  EXPECT_GT(classic_locking, 0);
}
