// Generating for a request: the plan (a level's clue floor, the run's identity), resumed
// ranges, and a run whose every kept puzzle is one the target accepts.
#include "sudoforge/workflow/generate.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "sudoforge/core/validate.h"
#include "sudoforge/workflow/store.h"

namespace sudoforge::workflow {
namespace {

using grader::Level;

TEST(GeneratePlan, ALevelMinimalPuzzlesRarelyReachGetsItsClueFloor) {
  GenerateRequest request;
  request.generator.geometry = Geometry::for_size(12);
  request.target.level = Level::kEasy;
  const GeneratePlan plan = plan_generation(request);
  const int floor = grader::level_min_clues(12, Level::kEasy);
  ASSERT_GT(floor, 0);
  EXPECT_EQ(plan.level_floor, floor);
  EXPECT_FALSE(plan.generator.minimal);
  EXPECT_EQ(plan.generator.min_clues, floor);
  EXPECT_TRUE(plan.graded);
  // The identity is the options as asked, not as adjusted.
  EXPECT_EQ(plan.run_options, "--size 3x4 --symmetry none --level easy");
}

TEST(GeneratePlan, AClueFloorOfTheUsersStays) {
  GenerateRequest request;
  request.generator.geometry = Geometry::for_size(12);
  request.generator.minimal = false;
  request.generator.min_clues = 70;
  request.target.level = Level::kEasy;
  const GeneratePlan plan = plan_generation(request);
  EXPECT_EQ(plan.level_floor, 0);
  EXPECT_EQ(plan.generator.min_clues, 70);
  EXPECT_EQ(plan.run_options,
            "--size 3x4 --symmetry none --no-minimal --min-clues 70 --level easy");
}

// Killers: easy and medium are cut to their level; a band above them steps back along a
// cut that came out too hard; no band, or a technique, keeps the plain unique cut.
TEST(GeneratePlan, KillerLevelsChooseTheirCut) {
  using Cut = GeneratorOptions::KillerCut;
  GenerateRequest request;
  request.generator.killer = true;
  EXPECT_EQ(plan_generation(request).generator.killer_cut, Cut::kUnique);
  const std::pair<Level, Cut> cases[] = {{Level::kEasy, Cut::kEasy},
                                         {Level::kMedium, Cut::kDeduced},
                                         {Level::kHard, Cut::kBanded},
                                         {Level::kExpert, Cut::kBanded},
                                         {Level::kExtreme, Cut::kBanded}};
  for (const auto& [level, cut] : cases) {
    request.target.level = level;
    EXPECT_EQ(plan_generation(request).generator.killer_cut, cut);
  }
  // Medium cuts rate at most 2.3: a medium band from above that, or a technique (one of
  // 2.5-2.8 would never come), takes the banded or the unique cut.
  request.target.level = Level::kMedium;
  request.target.min_rating = 2.5;
  EXPECT_EQ(plan_generation(request).generator.killer_cut, Cut::kBanded);
  request.target.min_rating = 2.0;
  EXPECT_EQ(plan_generation(request).generator.killer_cut, Cut::kDeduced);
  request.target.techniques = {"Innie/Outie Pair"};
  EXPECT_EQ(plan_generation(request).generator.killer_cut, Cut::kUnique);
  request.target.techniques.clear();
  request.target.level.reset();
  request.target.min_rating = 3.0;
  EXPECT_EQ(plan_generation(request).generator.killer_cut, Cut::kBanded);
  request.target.techniques = {"Naked Pair"};
  EXPECT_EQ(plan_generation(request).generator.killer_cut, Cut::kUnique);
}

TEST(GeneratePlan, NoTargetNoGradingUnlessAnalysesAreKept) {
  GenerateRequest request;
  EXPECT_FALSE(plan_generation(request).graded);
  request.keep_analyses = true;
  EXPECT_TRUE(plan_generation(request).graded);
  request.target.min_rating = 4.25;
  request.target.max_rating = 6;
  EXPECT_EQ(plan_generation(request).run_options,
            "--size 3x3 --symmetry none --min-rating 4.25 --max-rating 6");
}

TEST(MissingRanges, AreTheGapsBetweenTheIndicesHeld) {
  using Ranges = std::vector<std::pair<std::uint64_t, std::uint64_t>>;
  EXPECT_EQ(missing_ranges(10, 5, {}), (Ranges{{10, 5}}));
  EXPECT_EQ(missing_ranges(10, 5, {10, 11, 12, 13, 14}), Ranges{});
  EXPECT_EQ(missing_ranges(10, 10, {10, 13, 14, 19}), (Ranges{{11, 2}, {15, 4}}));
}

TEST(Generate, KeepsOnlyPuzzlesTheTargetAcceptsWithTheirAnalyses) {
  GenerateRequest request;
  request.target.level = Level::kMedium;
  request.keep_analyses = true;
  const GeneratePlan plan = plan_generation(request);
  BatchOptions batch;
  batch.seed = 11;
  batch.count = 4;
  batch.threads = 2;
  std::atomic<std::uint64_t> graded{0}, kept{0};
  std::vector<std::uint64_t> indices;
  GenerateCallbacks callbacks;
  callbacks.on_candidate = [&](bool k) {
    ++graded;
    if (k) ++kept;
  };
  callbacks.on_puzzle = [&](const GeneratedPuzzle& p, PuzzleAnalysis* a) {
    indices.push_back(p.index);
    ASSERT_NE(a, nullptr);
    EXPECT_TRUE(accepts(plan.target, a->rating));
    EXPECT_EQ(p.level, "medium");
    ASSERT_TRUE(a->solution);
    EXPECT_TRUE(*a->solution == p.solution);
    EXPECT_TRUE(is_solution_of(p.puzzle, p.solution));
    const db::PuzzleRecord r = generated_record(p, *a, plan.run_options);
    EXPECT_EQ(r.level, "medium");
    EXPECT_EQ(r.gen_options, "--size 3x3 --symmetry none --level medium");
    EXPECT_EQ(r.gen_index, static_cast<std::int64_t>(p.index));
    EXPECT_EQ(r.seed, 11);
  };
  const BatchResult result = generate(plan, batch, {{5, 2}, {20, 2}}, callbacks, nullptr);
  EXPECT_EQ(result.end, BatchEnd::kComplete);
  EXPECT_EQ(result.delivered, 4u);
  EXPECT_EQ(indices, (std::vector<std::uint64_t>{5, 6, 20, 21}));
  EXPECT_EQ(kept.load(), 4u);
  EXPECT_GE(graded.load(), kept.load());
}

// Medium killers are graded from the state the cut's easy rules reached (their steps
// are not stored): each rating and level is the one of a grading in full. With the
// analyses kept, they are graded in full, steps and all.
TEST(Generate, MediumKillersRateAsGradedInFull) {
  for (const bool keep : {false, true}) {
    SCOPED_TRACE(keep);
    GenerateRequest request;
    request.generator.killer = true;
    request.generator.killer_min_cage = 2;
    request.target.level = Level::kMedium;
    request.keep_analyses = keep;
    const GeneratePlan plan = plan_generation(request);
    ASSERT_EQ(plan.generator.killer_cut, GeneratorOptions::KillerCut::kDeduced);
    BatchOptions batch;
    batch.seed = 5;
    batch.count = 8;
    int puzzles = 0;
    GenerateCallbacks callbacks;
    callbacks.on_puzzle = [&](const GeneratedPuzzle& p, PuzzleAnalysis* a) {
      ++puzzles;
      const grader::Rating full = grader::Grader().rate(p.puzzle);
      ASSERT_TRUE(p.rating);
      EXPECT_EQ(*p.rating, full.er);
      EXPECT_EQ(p.level, grader::level_name(full.level));
      if (keep) {
        ASSERT_NE(a, nullptr);
        EXPECT_EQ(a->rating.step_count, full.step_count);
      }
    };
    generate(plan, batch, {{0, 8}}, callbacks, nullptr);
    EXPECT_EQ(puzzles, 8);
  }
}

TEST(Generate, WithoutATargetNothingIsGraded) {
  const GeneratePlan plan = plan_generation(GenerateRequest{});
  BatchOptions batch;
  batch.seed = 3;
  batch.count = 3;
  int candidates = 0, puzzles = 0;
  GenerateCallbacks callbacks;
  callbacks.on_candidate = [&](bool) { ++candidates; };
  callbacks.on_puzzle = [&](const GeneratedPuzzle& p, PuzzleAnalysis* a) {
    ++puzzles;
    EXPECT_EQ(a, nullptr);
    EXPECT_FALSE(p.rating);
  };
  generate(plan, batch, {{0, 3}}, callbacks, nullptr);
  EXPECT_EQ(puzzles, 3);
  EXPECT_EQ(candidates, 0);
}

// A resumed run generates the indices its catalogue does not hold for this seed and these
// options; other seeds' and other options' puzzles do not count.
TEST(RangesToGenerate, AreTheWholeRunOrWhatTheCatalogueLacks) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("workflow_resume_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  GenerateRequest request;
  request.keep_analyses = true;
  const GeneratePlan plan = plan_generation(request);
  BatchOptions batch;
  batch.seed = 5;
  batch.first_index = 10;
  batch.count = 6;
  using Ranges = std::vector<std::pair<std::uint64_t, std::uint64_t>>;
  {
    db::Catalogue cat(path.string());
    const RunRanges fresh = ranges_to_generate(plan, batch, nullptr);
    EXPECT_EQ(fresh.ranges, (Ranges{{10, 6}}));
    EXPECT_EQ(fresh.todo, 6u);
    EXPECT_EQ(fresh.held, 0u);
    BatchedStore store(cat);
    GenerateCallbacks callbacks;
    callbacks.on_puzzle = [&](const GeneratedPuzzle& p, PuzzleAnalysis* a) {
      store.add(generated_record(p, *a, plan.run_options));
    };
    generate(plan, batch, {{11, 2}, {15, 1}}, callbacks, nullptr);
    BatchOptions other_seed = batch;
    other_seed.seed = 6;
    generate(plan, other_seed, {{10, 6}}, callbacks, nullptr);
    store.commit();
    const RunRanges resumed = ranges_to_generate(plan, batch, &cat);
    EXPECT_EQ(resumed.ranges, (Ranges{{10, 1}, {13, 2}}));
    EXPECT_EQ(resumed.held, 3u);
    EXPECT_EQ(resumed.todo, 3u);
    GenerateRequest level = request;
    level.target.level = Level::kEasy;
    EXPECT_EQ(ranges_to_generate(plan_generation(level), batch, &cat).todo, 6u);
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace sudoforge::workflow
