// End-to-end tests of `sudoforge testset`: every stated answer is checked here with the
// solver and the independent validator; mixes, stratification and reproducibility.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "run_cli.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {
namespace {

using testing::data_file;
using testing::exits_other_than;
using testing::ok_lines;
using testing::run_cli;
using testing::scratch_dir;

struct Entry {
  std::string puzzle, solution;
  int count = -1;
};

std::vector<Entry> parse_lines(const std::string& text) {
  std::vector<Entry> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto a = line.find(':'), b = line.find(':', a + 1);
    EXPECT_NE(b, std::string::npos) << line;
    if (b == std::string::npos) continue;
    out.push_back({line.substr(0, a), line.substr(b + 1), std::stoi(line.substr(a + 1, b - a - 1))});
  }
  return out;
}

std::vector<Entry> parse_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + '\n';
  return parse_lines(text);
}

// Every claim of the set is true: the count (capped at 2) by the solver, the solution by
// the validator, and no puzzle repeats a given in a unit. Returns counts by kind.
std::map<int, int> verify(const std::vector<Entry>& entries) {
  std::map<int, int> kinds;
  for (const Entry& e : entries) {
    const Grid p = parse_one(e.puzzle).grid;
    EXPECT_FALSE(find_conflict(p)) << e.puzzle;
    EXPECT_EQ(static_cast<int>(count_solutions(p, 2)), e.count) << e.puzzle;
    if (e.count == 1) {
      const Grid s = parse_one(e.solution).grid;
      EXPECT_TRUE(is_solution_of(p, s)) << e.puzzle;
    } else {
      EXPECT_TRUE(e.solution.empty()) << e.puzzle;
    }
    ++kinds[e.count];
  }
  return kinds;
}

TEST(CliTestset, GeneratedSetStatesOnlyTrueAnswers) {
  const auto entries = parse_lines(ok_lines("testset --count 40 --seed 11 --levels easy,medium,hard"));
  ASSERT_EQ(entries.size(), 40u);
  const auto kinds = verify(entries);
  EXPECT_EQ(kinds.at(1), 32);
  EXPECT_EQ(kinds.at(2), 4);
  EXPECT_EQ(kinds.at(0), 4);
}

TEST(CliTestset, SameSeedSameSetWhateverTheThreads) {
  auto a = run_cli("testset --count 20 --seed 3 --levels easy,medium");
  auto b = run_cli("testset --count 20 --seed 3 --levels easy,medium --threads 2");
  auto c = run_cli("testset --count 20 --seed 4 --levels easy,medium");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
}

TEST(CliTestset, FractionsAndJsonOutput) {
  auto r = run_cli("testset --count 20 --seed 5 --levels easy --unique 0.5 --multiple 0.25 --none 0.25 "
                   "--output json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 20u);
  std::vector<Entry> entries;
  std::map<std::string, int> kinds;
  for (const auto& o : j) {
    entries.push_back({o["puzzle"], o["solution"].is_null() ? "" : o["solution"].get<std::string>(), o["count"]});
    ++kinds[o["kind"]];
    if (o["kind"] == "unique") {
      EXPECT_EQ(o["level"], "easy");
    }
  }
  verify(entries);
  EXPECT_EQ(kinds["unique"], 10);
  EXPECT_EQ(kinds["multiple"], 5);
  EXPECT_EQ(kinds["none"], 5);
}

// The help's 16x16 example delivers its levels: each has the same share, and every
// unique puzzle regrades to the level stated (minimal 16x16 puzzles are almost all
// extreme: without the per-size clue floors no easy one came).
TEST(CliTestset, LevelsOn16x16AreDelivered) {
  auto r = run_cli(
      "testset --size 16 --count 20 --levels easy,medium --threads 2 --seed 1 "
      "--output json",
      "", 600);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("note: only"), std::string::npos) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 20u);
  std::vector<Entry> entries;
  std::map<std::string, int> levels;
  grader::Grader grader;
  for (const auto& o : j) {
    entries.push_back(
        {o["puzzle"], o["solution"].is_null() ? "" : o["solution"].get<std::string>(), o["count"]});
    if (o["kind"] != "unique") continue;
    ++levels[o["level"]];
    const grader::Rating rating = grader.rate(parse_one(o["puzzle"].get<std::string>()).grid);
    EXPECT_EQ(grader::level_name(rating.level), o["level"].get<std::string>()) << o["puzzle"];
  }
  verify(entries);
  EXPECT_EQ(levels["easy"], 8);
  EXPECT_EQ(levels["medium"], 8);
}

TEST(CliTestset, FromTheCatalogueStratifiedByLevel) {
  const std::string db = (scratch_dir() / "testset.db").string();
  std::filesystem::remove(db);
  ASSERT_EQ(run_cli("db import --db " + db + " " + data_file("grade_sample.txt")).exit_code, 0);
  auto r = run_cli("testset --db " + db + " --count 20 --seed 9 --output csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "puzzle,count,solution,kind,level,rating,variant,regions");
  std::vector<Entry> entries;
  std::map<std::string, int> levels;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
    f.resize(6);
    entries.push_back({f[0], f[2], std::stoi(f[1])});
    if (f[3] == "unique") ++levels[f[4]];
  }
  ASSERT_EQ(entries.size(), 20u);
  verify(entries);
  // 16 unique puzzles spread over the sample's levels: no level takes more than its share
  // plus what a short level hands on.
  EXPECT_GE(levels.size(), 3u);
  for (const auto& [level, n] : levels) EXPECT_LE(n, 8) << level;
  // Too few matching puzzles: exit 1, nothing printed.
  auto few = run_cli("testset --db " + db + " --count 100 --unique 1 --multiple 0 --none 0 --seed 1");
  EXPECT_EQ(few.exit_code, 1);
  EXPECT_TRUE(few.out.empty());
}

TEST(CliTestset, UsageErrors) {
  EXPECT_EQ(exits_other_than(2, {"testset --count 0", "testset --unique -1",
                                 "testset --unique 0 --multiple 0 --none 0",
                                 "testset --output grid", "testset --levels easy,impossible",
                                 "testset --technique x-wing"}),
            std::vector<std::string>{});
  EXPECT_EQ(run_cli("testset --help").exit_code, 0);
}

// Defaults are shown as written (0.8, not 0.80000000000000004), in every command's help.
TEST(CliHelp, DefaultsAreShownAsWritten) {
  const auto help = run_cli("testset --help");
  EXPECT_NE(help.out.find("(=0.8)"), std::string::npos) << help.out;
  for (const std::string cmd : {"solve", "generate", "grade", "book", "render", "testset", "canon",
                                "bench", "db import", "db query", "db export"}) {
    const auto r = run_cli(cmd + " --help");
    EXPECT_EQ(r.exit_code, 0) << cmd;
    EXPECT_FALSE(std::regex_search(r.out, std::regex("[0-9]\\.[0-9]*0000000"))) << cmd << "\n"
                                                                                << r.out;
  }
}

// Counts in messages agree with their nouns: "1 puzzle", not "1 puzzles".
TEST(CliTestset, SummaryCountsInTheRightNumber) {
  const auto one =
      run_cli("testset --count 1 --seed 5 --unique 1 --multiple 0 --none 0 --levels easy");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(one.err.find("testset: 1 puzzle: 1 unique"), std::string::npos) << one.err;
  const auto two = run_cli("testset --count 2 --seed 5 --levels easy");
  EXPECT_NE(two.err.find("testset: 2 puzzles: "), std::string::npos) << two.err;
}

}  // namespace
}  // namespace sudoforge
