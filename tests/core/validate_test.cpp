#include "sudoforge/core/validate.h"

#include <gtest/gtest.h>

#include "sudoforge/core/record_reader.h"

namespace sudoforge {
namespace {

const char* kSolved =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

Grid grid(const std::string& s) {
  return parse_one(s).grid;
}

TEST(Validate, AcceptsASolvedGridAndRejectsBrokenOnes) {
  Grid g = grid(kSolved);
  EXPECT_TRUE(is_valid_solution(g));
  EXPECT_FALSE(find_conflict(g));
  Grid incomplete = g;
  incomplete.clear(40);
  EXPECT_FALSE(is_valid_solution(incomplete));
  // Swapping two cells of a row keeps the rows valid but breaks columns or boxes.
  Grid swapped = g;
  swapped.set(0, g[1]);
  swapped.set(1, g[0]);
  EXPECT_FALSE(is_valid_solution(swapped));
  EXPECT_TRUE(find_conflict(swapped));
}

TEST(Validate, ExtraHousesAreChecked) {
  // kSolved repeats 5 (r1c1, r5c5) and 7 (r2c2, r4c4) on the main diagonal: a valid
  // classic grid, an invalid X one; the first pair in cell order is named.
  std::vector<int> diagonal;
  for (int i = 0; i < 9; ++i) diagonal.push_back(i * 10);
  const Geometry x = Geometry().with_extra_houses({diagonal}, {"diagonal 1"});
  const Grid classic = grid(kSolved);
  const Grid on_x(x, std::vector<std::uint8_t>(classic.cells().begin(), classic.cells().end()));
  EXPECT_TRUE(is_valid_solution(classic));
  EXPECT_FALSE(is_valid_solution(on_x));
  auto c = find_conflict(on_x);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first, 0);
  EXPECT_EQ(c->second, 40);
}

TEST(Validate, FindConflictNamesTheFirstPair) {
  Grid g;  // empty 9x9
  g.set(g.geometry().cell(0, 0), 7);
  g.set(g.geometry().cell(0, 4), 7);
  auto c = find_conflict(g);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first, 0);
  EXPECT_EQ(c->second, 4);
  g.clear(4);
  g.set(g.geometry().cell(2, 2), 7);  // same box
  c = find_conflict(g);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->second, g.geometry().cell(2, 2));
}

TEST(Validate, SolutionMustAgreeWithGivens) {
  Grid solution = grid(kSolved);
  Grid puzzle(solution.geometry());
  puzzle.set(0, 5);
  EXPECT_TRUE(is_solution_of(puzzle, solution));
  puzzle.set(0, 4);
  EXPECT_FALSE(is_solution_of(puzzle, solution));
  EXPECT_FALSE(is_solution_of(Grid(Geometry(2, 2)), solution));
}

}  // namespace
}  // namespace sudoforge
