// The test-set builder: counts per kind, level strata, and every stated answer right.
#include "sudoforge/workflow/testset.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

#include "sudoforge/core/validate.h"
#include "sudoforge/workflow/record.h"

namespace sudoforge::workflow {
namespace {

using grader::Level;

TEST(Testset, CountsFollowTheFractions) {
  const TestsetCounts c = split_counts(30, 0.8, 0.1, 0.1);
  EXPECT_EQ(c.unique, 24u);
  EXPECT_EQ(c.multiple, 3u);
  EXPECT_EQ(c.none, 3u);
  const TestsetCounts d = split_counts(10, 0, 1, 1);  // normalised to their sum
  EXPECT_EQ(d.unique, 0u);
  EXPECT_EQ(d.multiple + d.none, 10u);
}

TEST(Testset, QuotasHandShortfallsOn) {
  EXPECT_EQ(quotas(10, {2, 10, 10}), (std::vector<std::size_t>{2, 4, 4}));
  EXPECT_EQ(quotas(7, {10, 10, 10}), (std::vector<std::size_t>{3, 2, 2}));
  EXPECT_EQ(quotas(9, {1, 1, 1}), (std::vector<std::size_t>{1, 1, 1}));
}

GeneratedSetPlan small_plan() {
  GeneratedSetPlan plan;
  plan.levels = {Level::kEasy, Level::kMedium};
  plan.n_unique = 6;
  plan.n_bases = 4;
  plan.seed = 4;
  return plan;
}

// Every item's stated count and solution, checked with an independent solver.
void expect_answers_right(const std::vector<TestItem>& items) {
  SudokuSolver solver;
  for (const TestItem& it : items) {
    EXPECT_FALSE(find_conflict(it.puzzle)) << it.kind;
    const int n = static_cast<int>(solver.count(it.puzzle, 2));
    EXPECT_EQ(n, it.count) << it.kind;
    if (it.kind == "unique") {
      ASSERT_TRUE(it.solution);
      EXPECT_TRUE(is_solution_of(it.puzzle, *it.solution));
    } else {
      EXPECT_FALSE(it.solution);
    }
  }
}

TEST(Testset, AGeneratedSetHasEachKindAndRightAnswers) {
  const GeneratedSetPlan plan = small_plan();
  std::uint64_t placed = 0, candidates = 0;
  GeneratedSetCallbacks callbacks;
  callbacks.on_placed = [&](std::uint64_t p) { placed = p; };
  callbacks.on_candidate = [&] { ++candidates; };
  const GeneratedSet set = generate_bases(plan, callbacks);
  ASSERT_TRUE(set.complete);
  EXPECT_TRUE(set.shortfalls.empty());
  EXPECT_EQ(placed, 10u);
  EXPECT_GE(candidates, 10u);
  ASSERT_EQ(set.bases.chosen.size(), 6u);
  // Equal shares per level, each puzzle of its level.
  EXPECT_EQ(std::count_if(set.bases.chosen.begin(), set.bases.chosen.end(),
                          [](const TestBase& b) { return b.level == "easy"; }),
            3);
  EXPECT_EQ(std::count_if(set.bases.chosen.begin(), set.bases.chosen.end(),
                          [](const TestBase& b) { return b.level == "medium"; }),
            3);
  SudokuSolver solver;
  TestsetRng rng(4);
  const auto items = make_items(set.bases.chosen, set.bases.spare, 2, 2, solver, rng);
  ASSERT_EQ(items.size(), 10u);
  auto count = [&](const char* kind) {
    return std::count_if(items.begin(), items.end(),
                         [&](const TestItem& it) { return it.kind == kind; });
  };
  EXPECT_EQ(count("unique"), 6);
  EXPECT_EQ(count("multiple"), 2);
  EXPECT_EQ(count("none"), 2);
  expect_answers_right(items);
}

TEST(Testset, TheSameSeedGivesTheSameSet) {
  const GeneratedSet a = generate_bases(small_plan());
  GeneratedSetPlan plan = small_plan();
  plan.threads = 2;
  const GeneratedSet b = generate_bases(plan);
  ASSERT_EQ(a.bases.chosen.size(), b.bases.chosen.size());
  for (std::size_t i = 0; i < a.bases.chosen.size(); ++i) {
    EXPECT_TRUE(a.bases.chosen[i].puzzle == b.bases.chosen[i].puzzle) << i;
  }
}

TEST(Testset, ARatingBandBoundsTheStrata) {
  GeneratedSetPlan plan = small_plan();
  plan.levels = {Level::kMedium};
  plan.min_rating = 2.0;
  plan.max_rating = 2.0;
  plan.n_unique = 3;
  plan.n_bases = 0;
  const GeneratedSet set = generate_bases(plan);
  ASSERT_TRUE(set.complete);
  for (const TestBase& b : set.bases.chosen) {
    if (b.level != "medium") continue;  // a shortfall filled from the spares
    ASSERT_TRUE(b.rating);
    EXPECT_DOUBLE_EQ(*b.rating, 2.0);
  }
  for (const auto& s : set.shortfalls) EXPECT_EQ(s.level, Level::kMedium);
}

TEST(Testset, ACatalogueSetIsStratifiedAndChecked) {
  const GeneratedSet made = generate_bases(small_plan());
  ASSERT_TRUE(made.complete);
  const auto path = std::filesystem::temp_directory_path() /
                    ("workflow_testset_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  {
    db::Catalogue cat(path.string());
    std::vector<db::PuzzleRecord> records;
    for (const auto* bases : {&made.bases.chosen, &made.bases.spare}) {
      for (const TestBase& b : *bases) {
        db::PuzzleRecord r;
        r.givens = b.puzzle;
        r.solution = b.solution;
        if (!b.level.empty()) r.level = b.level;
        r.rating_er = b.rating;
        records.push_back(r);
      }
    }
    cat.add(records);
    TestsetRng rng(1);
    const CatalogueSet too_many = choose_bases(cat, {}, records.size() + 1, 0, rng);
    EXPECT_FALSE(too_many.complete);
    EXPECT_EQ(too_many.available, records.size());
    const CatalogueSet set = choose_bases(cat, {}, 4, 2, rng);
    ASSERT_TRUE(set.complete);
    EXPECT_EQ(set.bases.chosen.size(), 4u);
    EXPECT_EQ(set.bases.chosen.size() + set.bases.spare.size(), records.size());
    SudokuSolver solver;
    expect_answers_right(make_items(set.bases.chosen, set.bases.spare, 1, 1, solver, rng));
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace sudoforge::workflow
