// The killer engine against checks that do not use it: an independent validator (rows,
// columns, boxes, diagonals, cage sums, no repeats in cages, written here from the
// board's size and cage list alone) and a brute-force enumerator of every 4x4 grid.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "killer_validator.h"

namespace sudoforge {
namespace {

std::vector<Cage> cages_of(const Grid& g) {
  const auto span = g.geometry().cages();
  return {span.begin(), span.end()};
}

std::vector<std::string> fixture_lines(const std::string& name) {
  std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/killer/" + name);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

// The killer of `line` has exactly one solution (count to 2, its search measured into
// `stats` when given), and the solution passes the independent validator.
void expect_one_valid_solution(SudokuSolver& solver, const std::string& line,
                               SearchStats* stats = nullptr) {
  const Grid puzzle = parse_one(line).grid;
  ASSERT_TRUE(puzzle.geometry().has_cages()) << line;
  EXPECT_EQ(solver.count(puzzle, 2, stats), 1u) << line;
  const auto solution = solver.solve(puzzle);
  ASSERT_TRUE(solution) << line;
  EXPECT_TRUE(valid_killer_solution(puzzle, cages_of(puzzle),
                                    Variant::of(puzzle.geometry()).has(Variant::kX), *solution))
      << line;
}

TEST(KillerEngine, SoloKillersHaveOneValidSolution) {
  const auto lines = fixture_lines("solo_killers.txt");
  ASSERT_GE(lines.size(), 20u);
  SudokuSolver solver;
  for (const std::string& id : lines) expect_one_valid_solution(solver, id);
}

TEST(KillerEngine, TextFormFixturesSolveToValidSolutions) {
  const auto lines = fixture_lines("text_form.txt");
  ASSERT_GE(lines.size(), 4u);
  std::set<int> sizes;
  bool killer_x = false;
  for (const std::string& line : lines) {
    const Grid puzzle = parse_one(line).grid;
    const bool x = Variant::of(puzzle.geometry()).has(Variant::kX);
    killer_x |= x;
    sizes.insert(puzzle.size());
    EXPECT_EQ(count_solutions(puzzle, 2), 1u) << line;
    const auto solution = solve(puzzle);
    ASSERT_TRUE(solution) << line;
    EXPECT_TRUE(valid_killer_solution(puzzle, cages_of(puzzle), x, *solution)) << line;
  }
  EXPECT_EQ(sizes, (std::set<int>{4, 6, 9}));
  EXPECT_TRUE(killer_x);
}

// Every 4x4 grid (rows, columns, 2x2 boxes), filled by plain backtracking.
void all_4x4(std::vector<int>& g, int cell, std::vector<std::vector<int>>& out) {
  if (cell == 16) {
    out.push_back(g);
    return;
  }
  for (int v = 1; v <= 4; ++v) {
    bool ok = true;
    for (int o = 0; o < cell && ok; ++o) {
      const bool same_row = o / 4 == cell / 4, same_col = o % 4 == cell % 4;
      const bool same_box = o / 8 == cell / 8 && (o % 4) / 2 == (cell % 4) / 2;
      if ((same_row || same_col || same_box) && g[o] == v) ok = false;
    }
    if (!ok) continue;
    g[cell] = v;
    all_4x4(g, cell + 1, out);
  }
  g[cell] = 0;
}

// A random partition of the 4x4 board into connected cages of 1..4 cells, the sums taken
// from `grid` (so it has a solution) plus `sum_shift` on the first cage.
std::vector<Cage> random_cages(const std::vector<int>& grid, std::mt19937& rng, int sum_shift) {
  std::vector<int> cage_of(16, -1);
  std::vector<Cage> cages;
  for (int start = 0; start < 16; ++start) {
    if (cage_of[start] >= 0) continue;
    const int target = 1 + static_cast<int>(rng() % 4);
    Cage cage;
    cage.cells.push_back(start);
    cage_of[start] = static_cast<int>(cages.size());
    while (static_cast<int>(cage.cells.size()) < target) {
      std::vector<int> options;
      for (int c : cage.cells) {
        const int nb[4] = {c >= 4 ? c - 4 : -1, c < 12 ? c + 4 : -1, c % 4 ? c - 1 : -1,
                           c % 4 != 3 ? c + 1 : -1};
        for (int o : nb) {
          if (o < 0 || cage_of[o] >= 0) continue;
          bool repeat = false;
          for (int m : cage.cells) repeat |= grid[m] == grid[o];
          if (!repeat) options.push_back(o);
        }
      }
      if (options.empty()) break;
      const int pick = options[rng() % options.size()];
      cage_of[pick] = static_cast<int>(cages.size());
      cage.cells.push_back(pick);
    }
    for (int c : cage.cells) cage.sum += grid[c];
    cages.push_back(cage);
  }
  cages[0].sum += sum_shift;
  return cages;
}

TEST(KillerEngine, FourByFourCountsMatchBruteForce) {
  std::vector<int> g(16, 0);
  std::vector<std::vector<int>> grids;
  all_4x4(g, 0, grids);
  ASSERT_EQ(grids.size(), 288u);
  std::mt19937 rng(2026);
  SudokuSolver solver;
  int checked = 0, several = 0, none = 0;
  for (int round = 0; round < 400; ++round) {
    const auto& source = grids[rng() % grids.size()];
    const int shift = round % 5 == 4 ? 1 : 0;
    const std::vector<Cage> cages = random_cages(source, rng, shift);
    Geometry board;
    try {
      board = Geometry::for_size(4).with_cages(cages);
    } catch (const CageError&) {
      continue;  // the shifted sum is impossible for its cage
    }
    Grid puzzle(board);
    // Some givens now and then, from the source grid.
    if (round % 3 == 1) {
      const int cell = static_cast<int>(rng() % 16);
      puzzle.set(cell, source[cell]);
    }
    std::uint64_t expected = 0;
    for (const auto& candidate : grids) {
      bool ok = true;
      for (int cell = 0; cell < 16 && ok; ++cell) {
        ok = !puzzle[cell] || puzzle[cell] == candidate[cell];
      }
      for (const Cage& cage : cages) {
        int sum = 0;
        std::set<int> seen;
        for (int c : cage.cells) {
          sum += candidate[c];
          seen.insert(candidate[c]);
        }
        ok = ok && sum == cage.sum && seen.size() == cage.cells.size();
      }
      expected += ok;
    }
    EXPECT_EQ(solver.count(puzzle, 1000), expected) << killer_text(puzzle);
    std::uint64_t listed = 0;
    solver.enumerate(puzzle, [&](const Grid& s) {
      EXPECT_TRUE(valid_killer_solution(puzzle, cages, false, s));
      ++listed;
      return true;
    });
    EXPECT_EQ(listed, expected);
    ++checked;
    several += expected > 1;
    none += expected == 0;
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(several, 10);  // the sample has ambiguous killers ...
  EXPECT_GT(none, 5);      // ... and impossible ones, not just unique ones
}

// The 45 rule's innie cages (killer_engine.cpp) take these from 228 k-1.04 M search nodes
// to about 21 k at most; without them the bound below fails.
TEST(KillerEngine, InnieCagesKeepDeepSearchesShort) {
  const auto lines = fixture_lines("deep_search.txt");
  ASSERT_EQ(lines.size(), 3u);
  SudokuSolver solver;
  for (const std::string& line : lines) {
    SearchStats stats;
    expect_one_valid_solution(solver, line, &stats);
    EXPECT_LT(stats.nodes, 100000u) << line;
  }
}

TEST(KillerEngine, PinnedEnginesStillSeeTheCages) {
  // Without its cages this board has 288 solutions; with them, one.
  const Grid puzzle = parse_one(fixture_lines("text_form.txt").front()).grid;
  ASSERT_EQ(puzzle.size(), 4);
  for (auto engine :
       {internal::Engine::kLinked, internal::Engine::kBitwise, internal::Engine::kCellMasks}) {
    SudokuSolver solver = internal::pinned_solver(engine);
    EXPECT_EQ(solver.count(puzzle, 10), 1u);
  }
}

TEST(KillerEngine, RandomSolutionIsValidAndFixedPerSeed) {
  const Grid empty(parse_one(fixture_lines("solo_killers.txt").back()).grid.geometry());
  SudokuSolver solver;
  const auto a = solver.random_solution(empty, 7), b = solver.random_solution(empty, 7);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, *b);
  EXPECT_TRUE(valid_killer_solution(empty, cages_of(empty), true, *a));
}

TEST(KillerEngine, CageRepeatIsAConflict) {
  // Two equal givens in one cage (B: r1c2 r1c3 r2c3) that share no house.
  Grid q = parse_one("killer:ABBCADBCEDFFEGGH;A=3,B=7,C=7,D=5,E=5,F=5,G=5,H=1").grid;
  SudokuSolver solver;
  q.set(1, 1);
  q.set(6, 1);
  EXPECT_THROW(solver.count(q, 2), ConflictingGivens);
}

}  // namespace
}  // namespace sudoforge
