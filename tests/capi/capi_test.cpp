// Runs the C scenarios of capi_checks.c and checks what they report against the C++
// libraries: the independent validator, the generator and the grader.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "capi_checks.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/grader/grader.h"

namespace {

using sudoforge::Grid;

// A fresh scratch folder of this process.
std::string scratch_dir() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() /
             ("sudoforge-capi-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir.string();
}

// The first `n` puzzle lines of a fixture (comments skipped).
std::vector<std::string> fixture(const std::string& name, std::size_t n) {
  std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/" + name);
  std::vector<std::string> lines;
  for (std::string line; lines.size() < n && std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line.substr(0, line.find(' ')));
  }
  return lines;
}

Grid puzzle_of(const std::string& text) {
  return sudoforge::parse_one(text).grid;
}

TEST(CApi, CountsAndSolvesUniquePuzzlesOfEverySize) {
  std::vector<std::string> puzzles = fixture("solver/unique_9x9.txt", 3);
  puzzles.push_back(fixture("solver/generated_16x16.txt", 1).at(0));
  for (const std::string& text : puzzles) {
    capi_solved out;
    capi_count_and_solve(text.c_str(), nullptr, &out);
    ASSERT_EQ(out.count_status, SF_OK) << text;
    ASSERT_EQ(out.solve_status, SF_OK) << text;
    EXPECT_EQ(out.count, 1u) << text;
    const Grid puzzle = puzzle_of(text);
    const Grid solution = sudoforge::db::grid_from_text(out.solution, puzzle.geometry());
    EXPECT_TRUE(sudoforge::is_solution_of(puzzle, solution)) << text << " -> " << out.solution;
  }
}

TEST(CApi, GeneratesTheSeedsPuzzlesUniqueAndGraded) {
  capi_generated out;
  capi_generate(nullptr, nullptr, nullptr, 7, 5, 2, &out);
  ASSERT_EQ(out.status, SF_OK);
  ASSERT_EQ(out.count, 5u);
  // The same puzzles as the generator's own run of seed 7.
  std::vector<sudoforge::GeneratedPuzzle> expected;
  sudoforge::BatchOptions batch;
  batch.seed = 7;
  batch.count = 5;
  sudoforge::generate_batch(sudoforge::GeneratorOptions{}, batch, {},
                            [&](const sudoforge::GeneratedPuzzle& p) { expected.push_back(p); });
  sudoforge::grader::Grader grader;
  for (std::size_t i = 0; i < out.count; ++i) {
    EXPECT_EQ(out.index[i], i);
    EXPECT_EQ(out.givens[i], sudoforge::db::grid_to_text(expected[i].puzzle));
    EXPECT_EQ(out.solution[i], sudoforge::db::grid_to_text(expected[i].solution));
    EXPECT_EQ(out.solutions[i], 1u);
    EXPECT_TRUE(out.solve_agrees[i]);
    const sudoforge::grader::Rating rating = grader.rate(expected[i].puzzle);
    EXPECT_EQ(out.er[i], rating.er);
    EXPECT_EQ(out.level[i], sudoforge::grader::level_name(rating.level));
    EXPECT_EQ(out.technique_count[i], rating.techniques.size());
  }
}

TEST(CApi, GeneratesLevelsAndVariants) {
  capi_generated hard;
  capi_generate(nullptr, nullptr, "hard", 3, 2, 1, &hard);
  ASSERT_EQ(hard.status, SF_OK);
  ASSERT_EQ(hard.count, 2u);
  for (std::size_t i = 0; i < hard.count; ++i) EXPECT_STREQ(hard.level[i], "hard");

  // An X-Sudoku 6x6 and a 6x6 jigsaw (its region map travels with the givens).
  for (const char* variant : {"x", "jigsaw"}) {
    capi_generated v;
    capi_generate("6", variant, nullptr, 5, 3, 1, &v);
    ASSERT_EQ(v.status, SF_OK) << variant;
    ASSERT_EQ(v.count, 3u) << variant;
    for (std::size_t i = 0; i < v.count; ++i) {
      EXPECT_EQ(v.solutions[i], 1u) << variant << ' ' << v.givens[i];
      EXPECT_TRUE(v.solve_agrees[i]) << variant << ' ' << v.givens[i];
      EXPECT_EQ(std::string(v.givens[i]).size(), 36u);
    }
  }
}

TEST(CApi, GradesAsTheGraderDoes) {
  sudoforge::grader::Grader grader;
  for (const std::string& text : fixture("grader/top1465_300.txt", 4)) {
    capi_graded out;
    capi_grade(text.c_str(), &out);
    ASSERT_EQ(out.status, SF_OK) << text;
    const sudoforge::grader::Rating r = grader.rate(puzzle_of(text), true);
    EXPECT_EQ(out.er, r.er) << text;
    EXPECT_EQ(out.ep, r.ep) << text;
    EXPECT_EQ(out.ed, r.ed) << text;
    EXPECT_EQ(out.level, sudoforge::grader::level_name(r.level));
    EXPECT_EQ(out.hardest, r.hardest);
    EXPECT_EQ(out.complete, r.complete ? 1 : 0);
    EXPECT_EQ(out.step_count, static_cast<std::size_t>(r.step_count));
    EXPECT_EQ(out.steps_kept, r.steps.size());
    EXPECT_EQ(out.technique_count, r.techniques.size());
    EXPECT_TRUE(out.steps_ok);
    ASSERT_FALSE(r.steps.empty());
    EXPECT_EQ(out.first_technique, r.steps[0].technique);
    EXPECT_EQ(out.first_explanation, r.steps[0].explanation);
    std::size_t placements = 0;
    for (const auto& s : r.steps) placements += s.placements.size();
    EXPECT_EQ(out.placements, placements);
  }
}

TEST(CApi, CatalogueQueryReturnsWhatWasStored) {
  const std::string path = scratch_dir() + "/roundtrip.db";
  capi_catalogued out;
  capi_catalogue_roundtrip(path.c_str(), 4, &out);
  ASSERT_EQ(out.status, SF_OK) << out.failed_call;
  EXPECT_EQ(out.added, 4u);
  EXPECT_EQ(out.duplicates, 0u);
  EXPECT_EQ(out.added_again, 0u);
  EXPECT_EQ(out.duplicates_again, 4u);
  EXPECT_EQ(out.rows, 4u);
  EXPECT_EQ(out.rows_matching, 4u);
  EXPECT_TRUE(out.ids_positive);
  EXPECT_GE(out.level_rows, 1u);
  EXPECT_EQ(out.level_rows_of_level, out.level_rows);
  EXPECT_EQ(out.limited_rows, 2u);
  EXPECT_EQ(out.read_only_rows, 4u);
}

TEST(CApi, ErrorPathsReturnTheirStatusAndAMessage) {
  std::vector<capi_case> cases(64);
  const std::size_t n = capi_error_cases(scratch_dir().c_str(), cases.data(), cases.size());
  ASSERT_LT(n, cases.size()) << "raise the room for the cases";
  ASSERT_GE(n, 40u);
  for (std::size_t i = 0; i < n; ++i) {
    const capi_case& c = cases[i];
    EXPECT_EQ(c.status, c.expected) << c.name << ": " << c.message;
    EXPECT_STRNE(c.message, "") << c.name;
  }
}

TEST(CApi, FreeingNullIsHarmlessAndSuccessClearsTheMessage) {
  EXPECT_EQ(capi_free_null_and_clear_message(), 1);
}

TEST(CApi, VersionIsTheProjects) {
  int major = -1, minor = -1, patch = -1;
  char text[32];
  capi_version(&major, &minor, &patch, text, sizeof text);
  EXPECT_STREQ(text, SUDOFORGE_VERSION_STRING);
  EXPECT_EQ(std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch),
            text);
}

TEST(CApi, StopFlagAndTimeLimitEndLongCalls) {
  capi_stopped out;
  capi_stop(0.2, &out);
  EXPECT_EQ(out.raised_status, SF_STOPPED);
  EXPECT_TRUE(out.raised_out_set);
  EXPECT_EQ(out.raised_count, 0u);
  EXPECT_EQ(out.grade_status, SF_STOPPED);
  EXPECT_EQ(out.timed_status, SF_STOPPED);
  EXPECT_TRUE(out.timed_out_set);
  EXPECT_LT(out.timed_count, 1000000u);
}

// Several threads at once, each with its own message: one thread's failures never show in
// another's sf_last_error, and concurrent grades agree.
TEST(CApi, ThreadsKeepTheirOwnMessages) {
  const std::string puzzle = fixture("solver/unique_9x9.txt", 1).at(0);
  capi_graded alone;
  capi_grade(puzzle.c_str(), &alone);
  ASSERT_EQ(alone.status, SF_OK);
  std::vector<int> ok(4, 0);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < ok.size(); ++t) {
    threads.emplace_back([&, t] {
      int good = 1;
      for (int round = 0; round < 5; ++round) {
        good &= capi_free_null_and_clear_message();
        capi_graded g;
        capi_grade(puzzle.c_str(), &g);
        good &= g.status == SF_OK && g.er == alone.er && g.step_count == alone.step_count;
      }
      ok[t] = good;
    });
  }
  for (std::thread& th : threads) th.join();
  for (std::size_t t = 0; t < ok.size(); ++t) EXPECT_EQ(ok[t], 1) << "thread " << t;
}

}  // namespace
