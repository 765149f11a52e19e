// End-to-end tests of `sudoforge solve` and `sudoforge bench`: judge formats answered in
// kind, counts, target score, output formats, and the bad-input contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "run_cli.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/validate.h"

namespace sudoforge {
namespace {

using namespace testing;  // run_cli and its helpers

std::vector<Record> read_records(const std::string& text) {
  std::istringstream in(text);
  RecordReader reader(in);
  std::vector<Record> out;
  while (auto r = reader.next()) out.push_back(*r);
  return out;
}

// Solves `file` and checks every answer against its puzzle with the validator; returns the
// output for layout checks.
std::string solve_and_validate(const std::string& file, size_t expected_records) {
  auto r = run_cli("solve " + data_file(file));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto puzzles = read_records(slurp(data_file(file)));
  const auto answers = read_records(r.out);
  EXPECT_EQ(puzzles.size(), expected_records);
  EXPECT_EQ(answers.size(), puzzles.size());
  for (size_t i = 0; i < std::min(puzzles.size(), answers.size()); ++i) {
    EXPECT_TRUE(is_solution_of(puzzles[i].grid, answers[i].grid)) << file << " record " << i;
  }
  return r.out;
}

// `sudoforge COMMAND --version` prints what `sudoforge --version` prints, exit 0, whatever
// the command (db's subcommands and serve, which runs another executable, included).
TEST(CliVersion, EveryCommandPrintsTheVersion) {
  const CliResult top = run_cli("--version");
  ASSERT_EQ(top.exit_code, 0);
  ASSERT_EQ(top.out.rfind("sudoforge ", 0), 0u) << top.out;
  for (const char* command : {"solve", "generate", "grade", "db", "db query", "db merge", "book",
                              "render", "serve", "testset", "canon", "bench"}) {
    const CliResult r = run_cli(std::string(command) + " --version");
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
    EXPECT_EQ(r.out, top.out) << command;
  }
}

TEST(CliSolve, LuoguNineLinesOfIntegers) {
  const std::string out = solve_and_validate("formats/p1784.txt", 1);
  const auto lines = lines_of(out);
  ASSERT_EQ(lines.size(), 9u);
  for (const auto& l : lines) EXPECT_EQ(l.size(), 17u) << l;  // 9 digits, 8 spaces
}

TEST(CliSolve, PojQuestionMarkRecordsSeparatedByBlankLines) {
  const std::string out = solve_and_validate("formats/poj2676.txt", 2);
  const auto lines = lines_of(out);
  ASSERT_EQ(lines.size(), 19u);
  EXPECT_EQ(lines[9], "");
  // The problem statement's published answer to its sample.
  EXPECT_EQ(out.substr(0, 18 * 9),
            "7 1 2 4 6 9 3 5 8\n3 6 5 2 8 7 1 9 4\n4 9 8 5 1 3 6 7 2\n9 2 4 1 5 6 8 3 7\n"
            "5 7 6 3 9 8 2 4 1\n1 8 3 7 2 4 9 6 5\n2 3 1 9 7 5 4 8 6\n6 4 7 8 3 2 5 1 9\n"
            "8 5 9 6 4 1 7 2 3\n");
}

TEST(CliSolve, OneLinePerPuzzleUntilEnd) {
  const std::string out = solve_and_validate("formats/poj3074.txt", 2);
  const auto lines = lines_of(out);
  ASSERT_EQ(lines.size(), 2u);
  for (const auto& l : lines) EXPECT_EQ(l.size(), 81u);
}

TEST(CliSolve, SixteenBySixteenLetters) {
  const std::string out = solve_and_validate("formats/poj3076.txt", 1);
  const auto lines = lines_of(out);
  ASSERT_EQ(lines.size(), 16u);
  for (const auto& l : lines) {
    ASSERT_EQ(l.size(), 16u);
    for (char c : l) EXPECT_TRUE(c >= 'A' && c <= 'P') << l;
  }
}

TEST(CliSolve, TargetScoreSamples) {
  auto r = run_cli("solve --target-score " + data_file("formats/noip2009.txt"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "2829\n2852\n");
  // No solution: -1.
  auto unsolvable = run_cli("solve --target-score",
                            "12345678.........9" + std::string(63, '.') + "\n");
  EXPECT_EQ(unsolvable.exit_code, 0) << unsolvable.err;
  EXPECT_EQ(unsolvable.out, "-1\n");
}

TEST(CliSolve, CountsZeroOneAndMany) {
  const std::string unique =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const std::string none = "12345678.........9" + std::string(63, '.');
  const std::string empty(81, '.');
  auto r = run_cli("solve --count", unique + "\n" + none + "\n" + empty + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "1\n0\n2\n");
  auto capped = run_cli("solve --count --limit 50", empty + "\n");
  EXPECT_EQ(capped.out, "50\n");
}

TEST(CliSolve, AllPrintsDistinctValidSolutionsUpToTheLimit) {
  // One given row: far more than 7 completions.
  const std::string puzzle = "534678912" + std::string(72, '.');
  auto r = run_cli("solve --all --limit 7", puzzle + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto answers = read_records(r.out);
  const Grid p = parse_one(puzzle).grid;
  std::set<std::string> distinct;
  for (const auto& a : answers) {
    EXPECT_TRUE(is_solution_of(p, a.grid));
    distinct.insert(to_line(a.grid, a.style));
  }
  EXPECT_EQ(distinct.size(), answers.size());
  EXPECT_EQ(answers.size(), 7u);  // this puzzle has far more than 7 solutions
}

TEST(CliSolve, NonUniquePuzzleGetsAWarningButAnAnswer) {
  auto r = run_cli("solve", std::string(81, '.') + "\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.err.find("-:1: warning: more than one solution"), std::string::npos) << r.err;
  ASSERT_EQ(read_records(r.out).size(), 1u);
  EXPECT_TRUE(is_valid_solution(read_records(r.out)[0].grid));
}

TEST(CliSolve, CsvJsonAndStats) {
  const std::string text = slurp(data_file("formats/poj3074.txt"));
  auto csv = run_cli("solve --output csv --stats", text);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  auto lines = lines_of(csv.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "puzzle,solution,nodes,guesses,variant,regions");
  auto json = run_cli("solve --output json --count", text);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["count"], 1);
  EXPECT_EQ(j[1]["puzzle"].get<std::string>().size(), 81u);
  auto stats = run_cli("solve --stats --output line", text);
  EXPECT_NE(stats.out.find(" nodes="), std::string::npos);
  // The line output stays readable as puzzles (the stats follow the first whitespace).
  EXPECT_EQ(read_records(stats.out).size(), 2u);
}

TEST(CliSolve, OutputLayoutCanBeForced) {
  auto r = run_cli("solve --output line " + data_file("formats/poj2676.txt"));
  EXPECT_EQ(r.exit_code, 0);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].size(), 81u);
  auto g = run_cli("solve --output grid " + data_file("formats/poj3074.txt"));
  EXPECT_EQ(lines_of(g.out).size(), 19u);
}

TEST(CliSolve, BadRecordsAreReportedAndTheRestSolved) {
  const std::string good =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  std::string conflict = good;
  conflict[1] = '4';  // r1c2 = 4 next to r1c1 = 4
  const std::string input = good.substr(0, 80) + "\n" + conflict + "\n" + good + "x\n" +
                            good + "\n" + "12345678.........9" + std::string(63, '.') + "\n";
  auto r = run_cli("solve", input);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("-:1: a puzzle of 80 symbols"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-:2: conflicting givens: r1c1 and r1c2 are both 4"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("-:3:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-:5: no solution"), std::string::npos) << r.err;
  const auto answers = read_records(r.out);
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_TRUE(is_solution_of(parse_one(good).grid, answers[0].grid));
}

TEST(CliSolve, UsageAndIoErrors) {
  EXPECT_EQ(exits_other_than(2, {"solve --bogus", "solve --limit 0", "solve --limit -5",
                                 "solve --limit abc", "solve --output xml", "solve --count --all",
                                 "nosuchcommand"}),
            std::vector<std::string>{});
  auto missing = run_cli("solve /nonexistent/file.txt");
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_NE(missing.err.find("/nonexistent/file.txt"), std::string::npos);
  auto help = run_cli("solve --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("examples:"), std::string::npos);
  EXPECT_EQ(run_cli("--help").exit_code, 0);
  EXPECT_EQ(run_cli("bench --help").exit_code, 0);
}

TEST(CliSolve, EverySizeSolvedFromEmpty) {
  for (const Geometry& g : Geometry::all()) {
    SCOPED_TRACE(g.name());
    const std::string empty(g.cell_count(), '.');
    auto r = run_cli("solve", empty + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto answers = read_records(r.out);
    ASSERT_EQ(answers.size(), 1u);
    EXPECT_EQ(answers[0].grid.size(), g.size());
    EXPECT_TRUE(is_valid_solution(answers[0].grid));
  }
}

// Counting the solutions of an empty 25x25 board to 10^9 cannot end in a second: the
// time limit stops it, and that record is reported as a failure (FILE:LINE, exit 1); the
// record before it is printed, the one after it is not started.
TEST(CliSolve, TimeLimitReportsTheUnfinishedRecordAndFails) {
  const std::string easy =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const std::string input = easy + "\n" + std::string(625, '.') + "\n" + easy + "\n";
  for (const std::string output : {"line", "json"}) {
    auto r = run_cli("solve --count --limit 1000000000 --time-limit 1 -o " + output + " -", input);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("-:2: not finished within the time limit"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("-:3:"), std::string::npos) << r.err;
    if (output == "line") {
      EXPECT_EQ(r.out, "1\n");
    } else {
      EXPECT_EQ(nlohmann::json::parse(r.out).size(), 1u) << r.out;
    }
  }
  // Within the limit: nothing unfinished, exit 0.
  auto ok = run_cli("solve --time-limit 100 -", easy + "\n");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_TRUE(ok.err.empty()) << ok.err;
}

TEST(CliBench, ReportsEveryFileAndValidates) {
  auto r = run_cli("bench " + data_file("formats/poj3074.txt"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("poj3074.txt"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("median_us"), std::string::npos);
}

// --output json: an array with one object a file, keyed as the table's columns, in both
// modes; a file without puzzles has its object too (puzzles 0).
TEST(CliBench, JsonOutputInBothModes) {
  const std::string poj = data_file("formats/poj3074.txt");
  auto r = run_cli("bench --output json " + poj + " -", "");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 2u) << r.out;
  EXPECT_EQ(j[0]["file"], poj);
  EXPECT_EQ(j[0]["puzzles"], 2);
  EXPECT_EQ(j[0]["not_unique"], 0);
  EXPECT_EQ(j[0]["invalid"], 0);
  for (const char* key : {"median_us", "mean_us", "nodes", "guesses"}) {
    EXPECT_TRUE(j[0][key].is_number()) << key;
  }
  EXPECT_EQ(j[1]["puzzles"], 0);

  r = run_cli("bench --what grade -o json --max 3 " + data_file("grade_sample.txt"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 1u) << r.out;
  EXPECT_EQ(j[0]["puzzles"], 3);
  EXPECT_EQ(j[0]["not_unique"], 0);
  EXPECT_EQ(j[0]["slowest"].get<std::string>().size(), 81u);
  for (const char* key : {"cpu_s", "puzzles_per_s", "median_ms", "slowest_ms", "incomplete"}) {
    EXPECT_TRUE(j[0][key].is_number()) << key;
  }
  EXPECT_EQ(run_cli("bench --output csv " + poj).exit_code, 2);
}

TEST(CliBench, GradesUniquePuzzlesOnOneThread) {
  // Five puzzles of the grading sample, then an empty board (not unique: counted, not rated).
  std::ifstream in(data_file("grade_sample.txt"));
  std::string input, line;
  std::vector<std::string> puzzles;
  while (puzzles.size() < 5 && std::getline(in, line)) {
    puzzles.push_back(line.substr(0, 81));
    input += puzzles.back() + "\n";
  }
  ASSERT_EQ(puzzles.size(), 5u);
  input += std::string(81, '.') + "\n";
  auto r = run_cli("bench --what grade -", input);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The row of "-": puzzles, cpu_s, puzzles/s, median_ms, slowest_ms, incomplete, not_unique.
  std::istringstream rows(r.out);
  std::string row;
  bool seen = false;
  while (std::getline(rows, row)) {
    std::istringstream f(row);
    std::string name;
    std::size_t n = 0, incomplete = 9, not_unique = 9;
    double cpu = -1, rate = -1, median = -1, slowest = -1;
    if (!(f >> name) || name != "-") continue;
    ASSERT_TRUE(f >> n >> cpu >> rate >> median >> slowest >> incomplete >> not_unique) << row;
    EXPECT_EQ(n, 5u);
    EXPECT_EQ(not_unique, 1u);
    EXPECT_EQ(incomplete, 0u);
    EXPECT_GT(rate, 0);
    EXPECT_LE(median, slowest);
    seen = true;
  }
  EXPECT_TRUE(seen) << r.out;
  // The slowest puzzle is named, and it is one of the five.
  const auto at = r.out.find("slowest of -: ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string slowest = r.out.substr(at + 14, 81);
  EXPECT_NE(std::find(puzzles.begin(), puzzles.end(), slowest), puzzles.end()) << slowest;
  EXPECT_EQ(run_cli("bench --what nothing -", input).exit_code, 2);
}

}  // namespace
}  // namespace sudoforge
