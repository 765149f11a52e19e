// The acceptance predicate and the grading ceiling derived from a request's target.
#include "sudoforge/workflow/target.h"

#include <gtest/gtest.h>

namespace sudoforge::workflow {
namespace {

using grader::Level;

grader::Rating rating(double er, Level level, bool complete = true) {
  grader::Rating r;
  r.er = er;
  r.level = level;
  r.complete = complete;
  return r;
}

TEST(Target, ALevelAcceptsOnlyThatLevel) {
  const Target hard{Level::kHard};
  EXPECT_TRUE(accepts(hard, rating(3.4, Level::kHard)));
  EXPECT_FALSE(accepts(hard, rating(2.0, Level::kMedium)));
  EXPECT_FALSE(accepts(hard, rating(7.2, Level::kDiabolical)));
}

TEST(Target, ABandIncludesItsBounds) {
  const Target band{std::nullopt, 4.0, 6.0};
  EXPECT_TRUE(accepts(band, rating(4.0, Level::kHard)));
  EXPECT_TRUE(accepts(band, rating(6.0, Level::kExpert)));
  EXPECT_FALSE(accepts(band, rating(3.9, Level::kHard)));
  EXPECT_FALSE(accepts(band, rating(6.1, Level::kDiabolical)));
  const Target floor_only{std::nullopt, 4.0, std::nullopt};
  EXPECT_TRUE(accepts(floor_only, rating(11.0, Level::kExtreme)));
  EXPECT_FALSE(accepts(floor_only, rating(1.2, Level::kEasy)));
}

TEST(Target, ALevelAndABandMustBothHold) {
  const Target t{Level::kExpert, 4.5, std::nullopt};
  EXPECT_TRUE(accepts(t, rating(5.0, Level::kExpert)));
  EXPECT_FALSE(accepts(t, rating(4.45, Level::kExpert)));
  EXPECT_FALSE(accepts(t, rating(7.0, Level::kDiabolical)));
}

TEST(Target, AnIncompleteRatingIsNeverAcceptedByAFilter) {
  EXPECT_FALSE(accepts(Target{Level::kHard}, rating(3.4, Level::kHard, false)));
  EXPECT_FALSE(accepts(Target{std::nullopt, 1.0, 20.0}, rating(5.0, Level::kExpert, false)));
  // Without a filter every analysed puzzle is kept, e.g. for the catalogue.
  EXPECT_TRUE(accepts(Target{}, rating(5.0, Level::kExpert, false)));
  EXPECT_FALSE(Target{}.filters());
}

// above_band tells a banded killer cut (GeneratorOptions::KillerCut::kBanded) to step back:
// only a rating above the band, or one stopped at its ceiling, is too hard; one stopped
// below its floor (Rating::below) is not.
TEST(Target, AboveTheBandIsAHigherLevelOrRatingOrAStopAtTheCeiling) {
  const Target hard{Level::kHard};
  EXPECT_TRUE(above_band(hard, rating(7.2, Level::kDiabolical)));
  EXPECT_FALSE(above_band(hard, rating(2.0, Level::kMedium)));
  grader::Rating stopped = rating(2.6, Level::kMedium, false);
  stopped.exceeded = true;
  EXPECT_TRUE(above_band(hard, stopped));
  grader::Rating floored = rating(0.0, Level::kEasy, false);
  floored.below = true;
  EXPECT_FALSE(above_band(hard, floored));
  const Target band{std::nullopt, 4.0, 6.0};
  EXPECT_TRUE(above_band(band, rating(6.1, Level::kDiabolical)));
  EXPECT_FALSE(above_band(band, rating(3.9, Level::kHard)));
}

TEST(Target, TheCompleteFormAgreesWithTheRatingForm) {
  const Target t{Level::kMedium, 1.8, 2.4};
  for (double er : {1.5, 1.8, 2.0, 2.4, 2.5}) {
    const Level level = grader::level_for(er);
    EXPECT_EQ(accepts_complete(t, level, er), accepts(t, rating(er, level))) << er;
  }
}

// GradeOptions::max_rating: negative means no ceiling.
TEST(Target, TheCeilingIsTheLevelsTopOrTheBandsIfLower) {
  EXPECT_LT(grade_options(Target{}).max_rating, 0);
  EXPECT_DOUBLE_EQ(grade_options(Target{Level::kHard}).max_rating,
                   grader::level_range(Level::kHard).second);
  EXPECT_DOUBLE_EQ(grade_options(Target{Level::kHard, std::nullopt, 4.0}).max_rating, 4.0);
  EXPECT_DOUBLE_EQ(grade_options(Target{std::nullopt, 4.0, 6.0}).max_rating, 6.0);
  // Extreme has no top: only a band bounds it.
  EXPECT_LT(grade_options(Target{Level::kExtreme}).max_rating, 0);
  EXPECT_DOUBLE_EQ(grade_options(Target{Level::kExtreme, std::nullopt, 10.0}).max_rating, 10.0);
  // A minimum alone never stops a grading early.
  EXPECT_LT(grade_options(Target{std::nullopt, 4.0, std::nullopt}).max_rating, 0);
}

TEST(Target, LeastRatingIsTheLeastAcceptedEr) {
  EXPECT_LT(least_rating(Target{}), 0);
  EXPECT_LT(least_rating(Target{Level::kEasy}), 0);
  EXPECT_NEAR(least_rating(Target{Level::kHard}), 2.9, 1e-9);
  EXPECT_NEAR(least_rating(Target{Level::kExtreme}), 9.0, 1e-9);
  EXPECT_NEAR(least_rating(Target{Level::kExtreme, 9.5, std::nullopt}), 9.5, 1e-9);
  EXPECT_NEAR(least_rating(Target{Level::kHard, 2.0, std::nullopt}), 2.9, 1e-9);
  EXPECT_NEAR(least_rating(Target{std::nullopt, 4.0, 6.0}), 4.0, 1e-9);
  for (const Level level :
       {Level::kMedium, Level::kHard, Level::kExpert, Level::kDiabolical, Level::kExtreme}) {
    const double least = least_rating(Target{level});
    EXPECT_EQ(grader::level_for(least), level);
    EXPECT_NE(grader::level_for(least - 0.1), level);
  }
}

TEST(Target, ImpossibleTargetsAreNamed) {
  EXPECT_EQ(find_problem(Target{std::nullopt, 6.0, 4.0}), TargetProblem::kBandInverted);
  EXPECT_EQ(find_problem(Target{std::nullopt, std::nullopt, 0.5}), TargetProblem::kBelowEasiest);
  EXPECT_EQ(find_problem(Target{Level::kEasy, 3.0, std::nullopt}),
            TargetProblem::kLevelOutsideBand);
  EXPECT_EQ(find_problem(Target{Level::kExpert, std::nullopt, 2.0}),
            TargetProblem::kLevelOutsideBand);
  EXPECT_FALSE(find_problem(Target{Level::kEasy, std::nullopt, 1.0}));
  EXPECT_FALSE(find_problem(Target{Level::kHard, 2.0, 9.0}));
  EXPECT_FALSE(find_problem(Target{}));
}

TEST(Target, IsDescribedInWords) {
  EXPECT_EQ(describe(Target{}), "");
  EXPECT_EQ(describe(Target{Level::kHard}), "level hard");
  EXPECT_EQ(describe(Target{std::nullopt, 4.0, 6.5}), "rating 4 to 6.5");
  EXPECT_EQ(describe(Target{Level::kExpert, 4.5, std::nullopt}), "level expert, rating >= 4.5");
  EXPECT_EQ(describe(Target{std::nullopt, std::nullopt, 3.0}), "rating <= 3");
}

}  // namespace
}  // namespace sudoforge::workflow
