// Simon Tatham's Solo game IDs through the command line: solve reads them among other
// records, writes the jigsaw solution with its region map, and reports bad IDs by line.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "run_cli.h"

namespace sudoforge {
namespace {

using testing::lines_of;
using testing::run_cli;

// `sgt-solo --generate 1 5jdt`; its regions, decoded by hand, numbered by first cell.
const std::string kJigsaw5 = "5j:b2_1a4m3a1_4b,a_aaaa__acd_accbb";
const std::string kMap5 =
    "11233"
    "12233"
    "12234"
    "15544"
    "55544";
const std::string kGivens5 =
    "..21."
    "4...."
    "....."
    "....3"
    ".14..";

// Rows, columns and the regions of `map` each hold 1-5 once; the givens are kept.
bool valid_5x5(const std::string& solution) {
  if (solution.size() != 25) return false;
  for (int i = 0; i < 25; ++i) {
    if (kGivens5[i] != '.' && kGivens5[i] != solution[i]) return false;
  }
  for (int k = 0; k < 5; ++k) {
    std::set<char> row, column, region;
    for (int i = 0; i < 5; ++i) {
      row.insert(solution[k * 5 + i]);
      column.insert(solution[i * 5 + k]);
    }
    for (int cell = 0; cell < 25; ++cell) {
      if (kMap5[cell] == '1' + k) region.insert(solution[cell]);
    }
    const std::set<char> all{'1', '2', '3', '4', '5'};
    if (row != all || column != all || region != all) return false;
  }
  return true;
}

TEST(CliSoloId, SolveReadsAJigsawIdAndWritesItsSolutionWithTheMap) {
  const auto solved = run_cli("solve", kJigsaw5 + "\n");
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  const auto out = lines_of(solved.out);
  ASSERT_EQ(out.size(), 1u) << solved.out;
  const std::string solution = out[0].substr(0, out[0].find(' '));
  EXPECT_TRUE(valid_5x5(solution)) << solved.out;
  EXPECT_EQ(out[0], solution + " " + kMap5);
  // The fixture's 9x9 jigsaw and X IDs are unique puzzles on their boards.
  const auto count =
      run_cli("solve --count " + std::string(SUDOFORGE_TEST_DATA) + "/formats/solo_ids.txt");
  EXPECT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(lines_of(count.out), std::vector<std::string>(13, "1")) << count.out;
}

TEST(CliSoloId, BadIdsAreReportedByLineAndTheOthersSolved) {
  const auto r =
      run_cli("solve --count", kJigsaw5 + "\n3x3k:zzzc,a\n" +
                                   "5j:b2_1a4m3a1_4b,baaaa__acd_accbb\n" + kJigsaw5 + "\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "1\n1\n");
  EXPECT_NE(r.err.find("-:2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("killer"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-:3:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("4 regions of 10 5 5 5"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace sudoforge
