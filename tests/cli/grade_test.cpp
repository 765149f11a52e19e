// End-to-end tests of `sudoforge grade`.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "run_cli.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {
namespace {

using namespace testing;  // run_cli and its helpers

TEST(CliGrade, OneLinePerPuzzleWithRatingsAndLevel) {
  auto r = run_cli("grade " + data_file("grade_sample.txt"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  const auto inputs = lines_of(slurp(data_file("grade_sample.txt")));
  ASSERT_EQ(lines.size(), inputs.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    std::istringstream in(lines[i]);
    std::string puzzle, level;
    double er, ep, ed;
    in >> puzzle >> er >> ep >> ed >> level;
    EXPECT_EQ(puzzle, inputs[i]);
    EXPECT_GE(er, ep);
    EXPECT_GE(er, ed);
    EXPECT_GE(ed, 1.0);
    EXPECT_TRUE(level == "easy" || level == "medium" || level == "hard" || level == "expert" ||
                level == "diabolical" || level == "extreme")
        << level;
  }
}

TEST(CliGrade, ThreadsKeepInputOrder) {
  auto one = run_cli("grade --output csv --threads 1 " + data_file("grade_sample.txt"));
  auto two = run_cli("grade --output csv --threads 2 " + data_file("grade_sample.txt"));
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(lines_of(one.out)[0],
            "puzzle,rating,rating_ep,rating_ed,level,hardest,dlx_nodes,guesses,steps,variant,regions");
}

TEST(CliGrade, ExplainedStepsPlaceTheTrueDigitsAndNeverEliminateThem) {
  const std::string text = slurp(data_file("grade_sample.txt"));
  auto r = run_cli("grade --explain --output json", text);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  const auto inputs = lines_of(text);
  ASSERT_EQ(j.size(), inputs.size());
  for (size_t i = 0; i < j.size(); ++i) {
    const Grid puzzle = parse_one(inputs[i]).grid;
    const auto solution = solve(puzzle);
    ASSERT_TRUE(solution);
    const Geometry& g = puzzle.geometry();
    auto cell_of = [&](const std::string& name) {
      int row = 0, col = 0;
      std::sscanf(name.c_str(), "r%dc%d", &row, &col);
      return g.cell(row - 1, col - 1);
    };
    ASSERT_FALSE(j[i]["steps"].empty());
    for (const auto& step : j[i]["steps"]) {
      EXPECT_FALSE(step["explanation"].get<std::string>().empty());
      for (const auto& p : step["placements"]) {
        EXPECT_EQ((*solution)[cell_of(p["cell"])], p["value"].get<int>()) << step["explanation"];
      }
      for (const auto& e : step["eliminations"]) {
        EXPECT_NE((*solution)[cell_of(e["cell"])], e["value"].get<int>()) << step["explanation"];
      }
    }
  }
}

TEST(CliGrade, BadPuzzlesAreReportedAndTheOthersGraded) {
  const std::string good = lines_of(slurp(data_file("grade_sample.txt")))[0];
  const std::string input = good + "\n" + std::string(81, '.') + "\n" + "12345678.........9" +
                            std::string(63, '.') + "\n" + "11" + std::string(79, '.') + "\n" +
                            good + "\n";
  auto r = run_cli("grade", input);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("-:2: not unique"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-:3: no solution"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-:4: conflicting givens"), std::string::npos) << r.err;
  EXPECT_EQ(lines_of(r.out).size(), 2u);
}

TEST(CliGrade, UsageErrors) {
  EXPECT_EQ(run_cli("grade --threads 0").exit_code, 2);
  EXPECT_EQ(run_cli("grade --output grid").exit_code, 2);
  EXPECT_EQ(run_cli("grade --time-limit -1").exit_code, 2);
  EXPECT_EQ(run_cli("grade --help").exit_code, 0);
}

}  // namespace
}  // namespace sudoforge
