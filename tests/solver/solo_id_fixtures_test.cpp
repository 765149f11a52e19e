// The Solo game IDs of tests/data/formats/solo_ids.txt (printed by sgt-solo, which makes
// unique puzzles) read as records: each has exactly one solution on the board the ID
// draws, and that solution passes a check written here from the decoded regions alone.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/solo_id.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {
namespace {

// Rows, columns, the ID's regions and (with x) both diagonals each hold 1..n once, and
// the givens are kept; nothing here comes from the board the reader built.
bool valid_solution(const SoloPuzzle& p, const Grid& solution) {
  const int n = p.n;
  std::vector<std::vector<int>> houses(3 * n);
  for (int cell = 0; cell < n * n; ++cell) {
    houses[cell / n].push_back(cell);
    houses[n + cell % n].push_back(cell);
    houses[2 * n + p.region_of_cell[cell]].push_back(cell);
    if (p.givens[cell] && solution[cell] != p.givens[cell]) return false;
  }
  if (p.x) {
    houses.emplace_back();
    houses.emplace_back();
    for (int i = 0; i < n; ++i) {
      houses[3 * n].push_back(i * n + i);
      houses[3 * n + 1].push_back(i * n + n - 1 - i);
    }
  }
  for (const auto& house : houses) {
    std::set<int> values;
    for (int cell : house) values.insert(solution[cell]);
    if (values.size() != static_cast<std::size_t>(n) || *values.begin() != 1 ||
        *values.rbegin() != n) {
      return false;
    }
  }
  return true;
}

TEST(SoloIdFixtures, EachIdHasOneSolutionOnItsBoard) {
  std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/formats/solo_ids.txt");
  ASSERT_TRUE(in) << "fixture missing";
  std::string line;
  std::set<std::string> kinds;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    SCOPED_TRACE(line);
    const Record record = parse_one(line);
    const SoloPuzzle decoded = decode_solo_id(line);
    kinds.insert(line.substr(0, line.find(':')));
    EXPECT_EQ(count_solutions(record.grid, 2), 1u);
    const auto solution = solve(record.grid);
    ASSERT_TRUE(solution);
    EXPECT_TRUE(valid_solution(decoded, *solution));
  }
  EXPECT_EQ(kinds, (std::set<std::string>{"9j", "9jx", "3x3x", "3x3", "2x3x", "3x2", "2x2", "6j",
                                          "7j", "5j", "4x4", "3x4"}));
}

}  // namespace
}  // namespace sudoforge
