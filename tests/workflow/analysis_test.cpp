// Analysing puzzles: validity, uniqueness, grading, the stop flag, and analyze_all's order.
#include "sudoforge/workflow/analysis.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/validate.h"
#include "test_util.h"

namespace sudoforge::workflow {
namespace {

using test::grid_of;

// cb001 puzzles rated 6.6 and 7.2.
const char* kUnique =
    "....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38";
const char* kChains =
    "..3....8..5.78.1....91....52.......6..7....3.6...1.......2..9....16..3..9725...1.";
// Two 1s in the first row.
const char* kRepeated =
    "11..............................................................................";
// No repeated given, but r1c9 must be 9 and r2c9 already is.
const char* kNoSolution =
    "12345678.........9...............................................................";
const char* kNotUnique =
    "1...............................................................................";

TEST(Analysis, ARepeatedGivenIsAnError) {
  PuzzleAnalyzer analyzer;
  const PuzzleAnalysis a = analyzer.analyze(grid_of(kRepeated), false);
  EXPECT_TRUE(a.done);
  EXPECT_FALSE(a.error.empty());
  EXPECT_FALSE(a.solution);
}

TEST(Analysis, NoSolutionAndSeveralSolutionsAreErrors) {
  PuzzleAnalyzer analyzer;
  const PuzzleAnalysis none = analyzer.analyze(grid_of(kNoSolution), false);
  EXPECT_TRUE(none.done);
  EXPECT_EQ(none.error, "no solution");
  const PuzzleAnalysis many = analyzer.analyze(grid_of(kNotUnique), false);
  EXPECT_TRUE(many.done);
  EXPECT_EQ(many.error, "not unique");
  EXPECT_FALSE(many.solution);
}

TEST(Analysis, AUniquePuzzleIsSolvedAndGraded) {
  PuzzleAnalyzer analyzer;
  const Grid puzzle = grid_of(kUnique);
  const PuzzleAnalysis a = analyzer.analyze(puzzle, true);
  ASSERT_TRUE(a.done);
  EXPECT_EQ(a.error, "");
  ASSERT_TRUE(a.solution);
  EXPECT_TRUE(is_solution_of(puzzle, *a.solution));
  EXPECT_DOUBLE_EQ(a.rating.er, 6.6);
  EXPECT_TRUE(a.rating.complete);
  EXPECT_FALSE(a.rating.steps.empty());  // explain keeps the steps
  EXPECT_GT(a.search.nodes, 0u);
}

// The generator's candidates are proven unique with their solution: analyze_proven grades
// them as analyze() does, without the solver's count (no search measure).
TEST(Analysis, AProvenPuzzleIsGradedWithoutTheCount) {
  PuzzleAnalyzer analyzer;
  for (const char* text : {kUnique, kChains}) {
    const Grid puzzle = grid_of(text);
    const PuzzleAnalysis full = analyzer.analyze(puzzle, false);
    ASSERT_TRUE(full.solution);
    const PuzzleAnalysis a = analyzer.analyze_proven(puzzle, *full.solution, false);
    ASSERT_TRUE(a.done);
    EXPECT_EQ(a.error, "");
    ASSERT_TRUE(a.solution);
    EXPECT_EQ(*a.solution, *full.solution);
    EXPECT_DOUBLE_EQ(a.rating.er, full.rating.er);
    EXPECT_DOUBLE_EQ(a.rating.ep, full.rating.ep);
    EXPECT_EQ(a.rating.step_count, full.rating.step_count);
    EXPECT_EQ(a.search.nodes, 0u);
  }
  std::atomic<bool> stop{true};
  PuzzleAnalyzer stopped({}, &stop);
  const Grid puzzle = grid_of(kChains);
  EXPECT_FALSE(
      stopped.analyze_proven(puzzle, *analyzer.analyze(puzzle, false).solution, false).done);
}

// The generator grades its killer candidates through analyze_proven too: a killer board
// is graded (the ladder's cage rungs), never passed through unrated.
TEST(Analysis, AProvenKillerIsGradedLikeAnalyze) {
  PuzzleAnalyzer analyzer;
  const Grid puzzle = parse_killer_text(
      "killer:ABBCCDAAACCDEFFGCDEFGGHHIIIHHHIIJJKK;A=11,B=10,C=17,D=8,E=6,F=14,G=10,H=20,"
      "I=17,J=10,K=3");
  const PuzzleAnalysis full = analyzer.analyze(puzzle, false);
  ASSERT_TRUE(full.solution) << full.error;
  ASSERT_GT(full.rating.er, 0.0);
  const PuzzleAnalysis a = analyzer.analyze_proven(puzzle, *full.solution, false);
  ASSERT_TRUE(a.done);
  EXPECT_DOUBLE_EQ(a.rating.er, full.rating.er);
  EXPECT_EQ(a.rating.step_count, full.rating.step_count);
  EXPECT_GT(a.rating.step_count, 0);
}

// analyze_graded takes the caller's grading (here a cheap one lifted to the full one) and
// checks the puzzle as analyze() does: the same solution, search measure, rating and
// errors; an invalid puzzle keeps its error and no rating.
TEST(Analysis, AGradedPuzzleIsAnalysedLikeAnalyze) {
  PuzzleAnalyzer analyzer;
  grader::GradeOptions cheap;
  cheap.max_rating = 6.5;
  grader::Grader lifting(cheap);
  for (const char* text : {kUnique, kChains}) {
    const Grid puzzle = grid_of(text);
    const PuzzleAnalysis full = analyzer.analyze(puzzle, false);
    bool lifted = false;
    const PuzzleAnalysis a = analyzer.analyze_graded(
        puzzle,
        lifting.rate(puzzle, false, -1, [&](const grader::Rating&) { return lifted = true; }));
    EXPECT_TRUE(lifted);
    ASSERT_TRUE(a.done);
    EXPECT_EQ(a.error, "");
    ASSERT_TRUE(a.solution);
    EXPECT_EQ(*a.solution, *full.solution);
    EXPECT_EQ(a.search.nodes, full.search.nodes);
    EXPECT_GT(a.search.nodes, 0u);
    EXPECT_DOUBLE_EQ(a.rating.er, full.rating.er);
    EXPECT_DOUBLE_EQ(a.rating.ep, full.rating.ep);
    EXPECT_DOUBLE_EQ(a.rating.ed, full.rating.ed);
    EXPECT_EQ(a.rating.techniques, full.rating.techniques);
    EXPECT_EQ(a.rating.step_count, full.rating.step_count);
  }
  grader::Rating rated;
  rated.er = 9.9;
  const PuzzleAnalysis many = analyzer.analyze_graded(grid_of(kNotUnique), rated);
  EXPECT_TRUE(many.done);
  EXPECT_EQ(many.error, "not unique");
  EXPECT_EQ(many.rating.er, 0.0);
  std::atomic<bool> stop{true};
  PuzzleAnalyzer stopped({}, &stop);
  EXPECT_FALSE(stopped.analyze_graded(grid_of(kChains), rated).done);
}

TEST(Analysis, AStopRequestAbandonsTheAnalysis) {
  std::atomic<bool> stop{true};
  PuzzleAnalyzer analyzer({}, &stop);
  const PuzzleAnalysis a = analyzer.analyze(grid_of(kChains), false);
  EXPECT_FALSE(a.done);
  EXPECT_EQ(a.error, "");
  // The same analyzer works again once the flag is down.
  stop.store(false);
  EXPECT_TRUE(analyzer.analyze(grid_of(kChains), false).done);
}

TEST(Analysis, AnalyzeAllKeepsInputOrderOnSeveralThreads) {
  const std::vector<Grid> puzzles{grid_of(kUnique), grid_of(kRepeated), grid_of(kChains),
                                  grid_of(kNotUnique)};
  std::vector<AnalysisJob> jobs;
  for (const Grid& p : puzzles) jobs.push_back({&p, nullptr, true});
  std::vector<PuzzleAnalyzer> analyzers = make_analyzers(2);
  const auto results = analyze_all(jobs, analyzers, false, [] { return true; });
  ASSERT_EQ(results.size(), 4u);
  EXPECT_DOUBLE_EQ(results[0].rating.er, 6.6);
  EXPECT_FALSE(results[0].canonical.empty());
  EXPECT_FALSE(results[1].error.empty());
  EXPECT_TRUE(results[1].canonical.empty());  // no key for an invalid puzzle
  EXPECT_DOUBLE_EQ(results[2].rating.er, 7.2);
  EXPECT_EQ(results[3].error, "not unique");
}

TEST(Analysis, AnalyzeAllStartsNothingOnceToldToStop) {
  const std::vector<Grid> puzzles{grid_of(kUnique), grid_of(kChains)};
  std::vector<AnalysisJob> jobs;
  for (const Grid& p : puzzles) jobs.push_back({&p, nullptr});
  std::vector<PuzzleAnalyzer> analyzers = make_analyzers(1);
  const auto results = analyze_all(jobs, analyzers, false, [] { return false; });
  ASSERT_EQ(results.size(), 2u);
  EXPECT_FALSE(results[0].done);
  EXPECT_FALSE(results[1].done);
}

}  // namespace
}  // namespace sudoforge::workflow
