#include "sudoforge/solver/sudoku_solver.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <set>

#include "sudoforge/core/validate.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/random_solution.h"
#include "test_util.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace sudoforge {
namespace {

using test::grid_from;
using test::to_string;

const Engine kEngines[] = {Engine::kAuto, Engine::kLinked, Engine::kBitwise, Engine::kCellMasks};

std::string engine_name(Engine e) {
  switch (e) {
    case Engine::kAuto:
      return "auto";
    case Engine::kLinked:
      return "linked";
    case Engine::kBitwise:
      return "bitwise";
    case Engine::kCellMasks:
      return "cellmasks";
  }
  return "?";
}

std::vector<Grid> fixture() {
  static const auto puzzles =
      test::read_puzzles(std::string(SUDOFORGE_TEST_DATA) + "/solver/unique_9x9.txt");
  return puzzles;
}

// Every solution (up to limit) as strings, each checked by the independent validator.
std::set<std::string> solutions(SudokuSolver& solver, const Grid& puzzle, std::uint64_t limit) {
  std::set<std::string> out;
  solver.enumerate(
      puzzle,
      [&](const Grid& s) {
        EXPECT_TRUE(is_solution_of(puzzle, s)) << to_string(s);
        EXPECT_TRUE(out.insert(to_string(s)).second) << "solution reported twice";
        return true;
      },
      limit);
  return out;
}

// Row 1 starts 1..4 in columns 4-7, column 1 holds 5..8 in rows 4-7, and r2c2 is 9: r1c1
// has no candidate, yet no unit holds a symbol twice.
const char* kNoCandidateCell =
    "...1234.."
    ".9......."
    "........."
    "5........"
    "6........"
    "7........"
    "8........"
    "........."
    ".........";

// Symbol 1 has no place in row 1: boxes 1 and 2 already hold a 1 (r2c1, r3c4) and
// r1c7-r1c9 are filled with other symbols.
const char* kNoPlaceInRow =
    "......234"
    "1........"
    "...1....."
    "........."
    "........."
    "........."
    "........."
    "........."
    ".........";

TEST(SudokuSolver, FixturePuzzlesAreUniqueAndEveryEngineFindsTheSameValidSolution) {
  const auto puzzles = fixture();
  ASSERT_EQ(puzzles.size(), 400u);
  std::vector<SudokuSolver> solvers;
  for (Engine e : kEngines) solvers.push_back(pinned_solver(e));
  for (const Grid& p : puzzles) {
    std::optional<Grid> first;
    for (std::size_t k = 0; k < solvers.size(); ++k) {
      SCOPED_TRACE(engine_name(kEngines[k]) + " " + to_string(p));
      EXPECT_EQ(solvers[k].count(p, 2), 1u);
      const auto s = solvers[k].solve(p);
      ASSERT_TRUE(s.has_value());
      EXPECT_TRUE(is_solution_of(p, *s));
      if (!first) first = s;
      EXPECT_EQ(*s, *first);
    }
  }
}

TEST(SudokuSolver, RemovingCluesUntilTwoSolutionsGivesAFewSolutions) {
  // From a full grid, blank cells in order while the count stays 1; the first blank that
  // breaks uniqueness gives a puzzle with a few solutions.
  const auto full = solve(fixture().front());
  ASSERT_TRUE(full);
  Grid unique = *full, puzzle = *full;
  SudokuSolver reference_solver = pinned_solver(Engine::kLinked);
  for (int cell = 0; cell < 81; ++cell) {
    puzzle.clear(cell);
    if (reference_solver.count(puzzle, 2) == 2) break;
    unique = puzzle;
  }
  std::set<std::string> reference;
  for (Engine e : kEngines) {
    SCOPED_TRACE(engine_name(e));
    SudokuSolver solver = pinned_solver(e);
    EXPECT_EQ(solver.count(unique, 2), 1u);
    EXPECT_EQ(solver.count(puzzle, 2), 2u);
    const auto all = solutions(solver, puzzle, 100000);
    EXPECT_GE(all.size(), 2u);
    EXPECT_LT(all.size(), 100000u);
    EXPECT_EQ(solver.count(puzzle, UINT64_MAX), all.size());
    if (reference.empty()) reference = all;
    EXPECT_EQ(all, reference);
  }
}

TEST(SudokuSolver, UnsolvableWithoutConflictsHasNoSolution) {
  for (const char* text : {kNoCandidateCell, kNoPlaceInRow}) {
    const Grid puzzle = grid_from(text);
    ASSERT_FALSE(find_conflict(puzzle).has_value());
    for (Engine e : kEngines) {
      SCOPED_TRACE(engine_name(e) + " " + text);
      SudokuSolver solver = pinned_solver(e);
      EXPECT_EQ(solver.count(puzzle, 2), 0u);
      EXPECT_FALSE(solver.solve(puzzle).has_value());
      EXPECT_EQ(solver.enumerate(puzzle, [](const Grid&) { return true; }), 0u);
    }
  }
}

TEST(SudokuSolver, EmptyGridsOfEveryGeometryAreSolved) {
  for (const Geometry& g : Geometry::all()) {
    for (Engine e : kEngines) {
      SCOPED_TRACE(engine_name(e) + " " + g.name());
      SudokuSolver solver = pinned_solver(e);
      const Grid empty(g);
      const auto s = solver.solve(empty);
      ASSERT_TRUE(s.has_value());
      EXPECT_TRUE(is_valid_solution(*s));
      EXPECT_EQ(solver.count(empty, 2), 2u);
      // A full grid is its own unique solution.
      EXPECT_EQ(solver.count(*s, 2), 1u);
    }
  }
}

TEST(SudokuSolver, FourByFourHas288Grids) {
  // 288 is the known number of 4x4 Sudoku grids; fixing r1c1 to a symbol leaves a quarter
  // (symbols are interchangeable); excluding every symbol there leaves none.
  const Grid empty(Geometry(2, 2));
  for (Engine e : kEngines) {
    SCOPED_TRACE(engine_name(e));
    SudokuSolver solver = pinned_solver(e);
    EXPECT_EQ(solver.count(empty, UINT64_MAX), 288u);
    EXPECT_EQ(solutions(solver, empty, UINT64_MAX).size(), 288u);
    Grid one = empty;
    one.set(0, 3);
    EXPECT_EQ(solver.count(one, UINT64_MAX), 72u);
    const Candidate no_one[] = {{0, 1}};
    EXPECT_TRUE(solver.has_other_solution(empty, no_one));
    const Candidate none_left[] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}};
    EXPECT_FALSE(solver.has_other_solution(empty, none_left));
  }
}

TEST(SudokuSolver, EnumerateRespectsTheLimitAndTheVisitor) {
  const Grid empty(Geometry(2, 3));
  for (Engine e : kEngines) {
    SCOPED_TRACE(engine_name(e));
    SudokuSolver solver = pinned_solver(e);
    int visits = 0;
    EXPECT_EQ(solver.enumerate(
                  empty, [&](const Grid&) { return ++visits, true; }, 10),
              10u);
    EXPECT_EQ(visits, 10);
    visits = 0;
    EXPECT_EQ(solver.enumerate(empty, [&](const Grid&) { return ++visits < 3; }), 3u);
    EXPECT_EQ(visits, 3);
    EXPECT_EQ(solver.count(empty, 7), 7u);
    EXPECT_EQ(solver.count(empty, 0), 0u);
  }
}

// enumerate_into writes the solutions enumerate visits, in its order, up to the limit: on
// 9x9 (its copy of a constant size) with hundreds of solutions and with the limit reached,
// and on 6x6.
TEST(SudokuSolver, EnumerateIntoWritesWhatEnumerateVisits) {
  // A fixture puzzle less its first four clues.
  Grid nine = fixture().front();
  for (int c = 0, cleared = 0; c < nine.cell_count() && cleared < 4; ++c) {
    if (nine[c] != 0) {
      nine.clear(c);
      ++cleared;
    }
  }
  EXPECT_GT(SudokuSolver().count(nine, 41), 40u);  // the limit of 40 is reached
  const Grid six(Geometry(2, 3));
  for (Engine e : kEngines) {
    SCOPED_TRACE(engine_name(e));
    SudokuSolver solver = pinned_solver(e);
    for (const Grid& grid : {nine, six}) {
      for (const std::uint64_t limit : {std::uint64_t{1}, std::uint64_t{40}, std::uint64_t{5000}}) {
        std::vector<std::uint8_t> visited;
        const std::uint64_t n = solver.enumerate(
            grid,
            [&](const Grid& s) {
              visited.insert(visited.end(), s.cells().begin(), s.cells().end());
              return true;
            },
            limit);
        std::vector<std::uint8_t> into(limit * static_cast<std::size_t>(grid.cell_count()));
        ASSERT_EQ(solver.enumerate_into(grid, into.data(), limit), n);
        into.resize(visited.size());
        EXPECT_EQ(into, visited) << limit;
      }
    }
  }
}

TEST(SudokuSolver, ConflictingGivensAreReportedWithTheirCells) {
  Grid grid;
  grid.set(0, 7);
  grid.set(4, 7);
  grid.set(80, 7);  // also clashes, but later in cell order
  for (Engine e : kEngines) {
    SudokuSolver solver = pinned_solver(e);
    try {
      solver.count(grid, 2);
      ADD_FAILURE() << "no exception from " << engine_name(e);
    } catch (const ConflictingGivens& error) {
      EXPECT_EQ(error.first_cell(), 0);
      EXPECT_EQ(error.second_cell(), 4);
      EXPECT_STREQ(error.what(), "conflicting givens: r1c1 and r1c5 are both 7");
    }
    EXPECT_THROW(solver.solve(grid), ConflictingGivens);
    EXPECT_THROW(solver.enumerate(grid, [](const Grid&) { return true; }), ConflictingGivens);
    EXPECT_THROW(solver.random_solution(grid, 1), ConflictingGivens);
  }
  // Letters for big boards; a box conflict.
  Grid big(Geometry(4, 4));
  big.set(big.geometry().cell(0, 0), 16);
  big.set(big.geometry().cell(1, 1), 16);
  try {
    count_solutions(big, 2);
    ADD_FAILURE() << "no exception";
  } catch (const ConflictingGivens& error) {
    EXPECT_STREQ(error.what(), "conflicting givens: r1c1 and r2c2 are both P");
  }
}

TEST(SudokuSolver, HasOtherSolutionHonoursTheExcludedCandidates) {
  const Grid puzzle = fixture()[3];
  for (Engine e : kEngines) {
    SCOPED_TRACE(engine_name(e));
    SudokuSolver solver = pinned_solver(e);
    const auto s = solver.solve(puzzle);
    ASSERT_TRUE(s);
    int empty = 0;
    while (puzzle[empty]) ++empty;
    // The generator's question: another symbol in this cell? None, the puzzle is unique.
    const Candidate same[] = {{empty, (*s)[empty]}};
    EXPECT_FALSE(solver.has_other_solution(puzzle, same));
    EXPECT_FALSE(solver.has_other_solution(puzzle, same, nullptr, &*s));
    // Excluding a wrong candidate leaves the solution.
    const Candidate other[] = {{empty, (*s)[empty] % 9 + 1}};
    EXPECT_TRUE(solver.has_other_solution(puzzle, other));
    // With a clue removed there is another solution, found with or without the hint.
    Grid fewer = puzzle;
    int given = 0;
    while (!puzzle[given]) ++given;
    fewer.clear(given);
    const Candidate known_given[] = {{given, puzzle[given]}};
    EXPECT_EQ(solver.has_other_solution(fewer, known_given),
              solver.has_other_solution(fewer, known_given, nullptr, &*s));
    // Excluding a given leaves no solution.
    EXPECT_FALSE(solver.has_other_solution(puzzle, known_given));
    const Candidate bad[] = {{81, 1}};
    EXPECT_THROW(solver.has_other_solution(puzzle, bad), std::invalid_argument);
    // A cell with every candidate excluded.
    std::vector<Candidate> all;
    for (int v = 1; v <= 9; ++v) all.push_back({empty, v});
    EXPECT_FALSE(solver.has_other_solution(puzzle, all));
  }
}

TEST(SudokuSolver, SinglesOnlyPuzzleNeedsNoGuess) {
  const auto s = solve(fixture()[0]);
  ASSERT_TRUE(s);
  Grid puzzle = *s;
  const int blanks[] = {0, 10, 20, 30, 40, 50, 60, 70, 80, 8, 16, 24};
  for (int cell : blanks) puzzle.clear(cell);
  for (Engine e : kEngines) {
    SCOPED_TRACE(engine_name(e));
    SudokuSolver solver = pinned_solver(e);
    SearchStats stats;
    EXPECT_EQ(solver.count(puzzle, 2, &stats), 1u);
    EXPECT_EQ(stats.guesses, 0u);
    EXPECT_EQ(stats.nodes, std::size(blanks));  // each empty cell placed once
    // Stats add up over calls.
    EXPECT_EQ(solver.count(puzzle, 2, &stats), 1u);
    EXPECT_EQ(stats.nodes, 2 * std::size(blanks));
  }
  SearchStats hard;
  EXPECT_EQ(count_solutions(fixture().back(), 2, &hard), 1u);
  EXPECT_GT(hard.guesses, 0u);
  EXPECT_GT(hard.nodes, hard.guesses);
}

// Puzzles of every size from random grids with cells blanked at random, some with an
// extra given that does not conflict (often leaving no solution): every engine must give
// the same counts and the same solutions.
TEST(SudokuSolver, EnginesAgreeOnRandomPuzzlesOfEverySize) {
  std::mt19937_64 rng(2024);
  std::vector<SudokuSolver> solvers;
  for (Engine e : {Engine::kLinked, Engine::kBitwise, Engine::kCellMasks})
    solvers.push_back(pinned_solver(e));
  for (const Geometry& g : Geometry::all()) {
    const int nn = g.cell_count();
    const int trials = g.size() >= 16 ? 12 : 60;
    int tally[3] = {0, 0, 0};  // puzzles with 0, 1, 2+ solutions
    for (int trial = 0; trial < trials; ++trial) {
      const auto full = random_solution(Grid(g), rng());
      ASSERT_TRUE(full);
      ASSERT_TRUE(is_valid_solution(*full));
      Grid puzzle = *full;
      // Keep a fraction of the cells: around the uniqueness threshold for each size.
      // (Sparse random 16x16 and 25x25 puzzles can take any engine very long, so those
      // keep more.)
      const double keep = g.size() <= 6    ? 0.25 + 0.25 * (trial % 3)
                          : g.size() <= 12 ? 0.35 + 0.1 * (trial % 3)
                                           : 0.6 + 0.1 * (trial % 3);
      std::uniform_real_distribution<double> u(0, 1);
      for (int cell = 0; cell < nn; ++cell) {
        if (u(rng) > keep) puzzle.clear(cell);
      }
      if (trial % 4 == 3) {
        // One more given, any value that does not conflict with the others.
        for (int attempt = 0; attempt < 50; ++attempt) {
          const int cell = static_cast<int>(rng() % nn);
          if (puzzle[cell]) continue;
          puzzle.set(cell, static_cast<int>(rng() % g.size()) + 1);
          if (!find_conflict(puzzle)) break;
          puzzle.clear(cell);
        }
      }
      const std::uint64_t limit = g.size() >= 16 ? 2 : 12;
      std::uint64_t reference = 0;
      std::set<std::string> reference_solutions;
      for (std::size_t k = 0; k < solvers.size(); ++k) {
        SCOPED_TRACE(g.name() + " trial " + std::to_string(trial) + " engine " + std::to_string(k) +
                     " " + to_string(puzzle));
        const std::uint64_t c = solvers[k].count(puzzle, limit);
        const auto all = solutions(solvers[k], puzzle, limit);
        EXPECT_EQ(all.size(), c);
        if (k == 0) {
          reference = c;
          reference_solutions = all;
          tally[std::min<std::uint64_t>(c, 2)]++;
        }
        EXPECT_EQ(c, reference);
        // With fewer solutions than the limit the sets are complete and must match.
        if (c < limit) {
          EXPECT_EQ(all, reference_solutions);
        }
      }
    }
    SCOPED_TRACE(g.name());
    EXPECT_GT(tally[1] + tally[2] + tally[0], 0);
    if (g.size() <= 12) {
      EXPECT_GT(tally[0], 0);
      EXPECT_GT(tally[1], 0);
      EXPECT_GT(tally[2], 0);
    }
  }
}

// The generator's pattern: near-identical grids (one clue removed at a time) asked with
// forbidden candidates. The band engine builds its state from the grid in one pass and
// finds conflicts itself: it must agree with kLinked on every count and stats sanity.
TEST(SudokuSolver, BitwiseAgreesWithLinkedOnOtherSolutionQuestionsAndConflicts) {
  std::mt19937_64 rng(7);
  SudokuSolver bitwise = pinned_solver(Engine::kBitwise), linked = pinned_solver(Engine::kLinked);
  const auto puzzles = fixture();
  int zero = 0, one = 0;
  for (std::size_t i = 0; i < puzzles.size(); i += 10) {
    const auto full = linked.solve(puzzles[i]);
    ASSERT_TRUE(full);
    Grid p = puzzles[i];
    for (int round = 0; round < 6; ++round) {
      // Remove a clue, then ask about random candidates (some the true value, some not).
      int cell = static_cast<int>(rng() % 81);
      while (!p[cell]) cell = (cell + 1) % 81;
      p.clear(cell);
      std::vector<Candidate> forbidden;
      for (int k = 0; k < 3; ++k) {
        int c = static_cast<int>(rng() % 81);
        while (p[c]) c = (c + 1) % 81;
        forbidden.push_back({c, k == 0 ? (*full)[c] : static_cast<int>(rng() % 9) + 1});
      }
      SCOPED_TRACE(to_string(p));
      const bool a = bitwise.has_other_solution(p, forbidden);
      EXPECT_EQ(a, linked.has_other_solution(p, forbidden));
      (a ? one : zero)++;
      EXPECT_EQ(bitwise.count(p, 3), linked.count(p, 3));
    }
    // A clash planted among the givens: both report it, naming the same pair.
    Grid clash = puzzles[i];
    int a = 0;
    while (!clash[a]) ++a;
    const int row_start = (a / 9) * 9;
    for (int c = row_start; c < row_start + 9; ++c) {
      if (c != a && !clash[c]) {
        clash.set(c, clash[a]);
        break;
      }
    }
    int first = -1, second = -1;
    try {
      bitwise.count(clash, 2);
    } catch (const ConflictingGivens& e) {
      first = e.first_cell();
      second = e.second_cell();
    }
    try {
      linked.count(clash, 2);
      ADD_FAILURE() << "linked found no conflict";
    } catch (const ConflictingGivens& e) {
      EXPECT_EQ(first, e.first_cell());
      EXPECT_EQ(second, e.second_cell());
    }
  }
  EXPECT_GT(zero, 0);
  EXPECT_GT(one, 0);
}

// The generator's question on big grids, asked with the known solution as branching hint
// (kCellMasks tries it first): the same answers as kLinked without hint, every size.
TEST(SudokuSolver, PreferHintChangesOrderNotCounts) {
  std::mt19937_64 rng(99);
  SudokuSolver cells = pinned_solver(Engine::kCellMasks), linked = pinned_solver(Engine::kLinked);
  int zero = 0, some = 0;
  for (const Geometry& g : Geometry::all()) {
    const int nn = g.cell_count();
    for (int trial = 0; trial < (g.size() >= 16 ? 6 : 20); ++trial) {
      const Grid full = *random_solution(Grid(g), rng());
      Grid puzzle = full;
      const double keep = g.size() <= 9 ? 0.4 : 0.65;
      std::uniform_real_distribution<double> u(0, 1);
      for (int cell = 0; cell < nn; ++cell) {
        if (u(rng) > keep) puzzle.clear(cell);
      }
      int x = static_cast<int>(rng() % nn);
      while (puzzle[x]) x = (x + 1) % nn;
      const Candidate f[] = {{x, full[x]}};
      SCOPED_TRACE(g.name() + " " + to_string(puzzle));
      const bool hinted = cells.has_other_solution(puzzle, f, nullptr, &full);
      EXPECT_EQ(hinted, linked.has_other_solution(puzzle, f));
      EXPECT_EQ(hinted, cells.has_other_solution(puzzle, f));
      (hinted ? some : zero)++;
    }
  }
  EXPECT_GT(zero, 0);
  EXPECT_GT(some, 0);
  // The hint must be a full grid of the same geometry.
  const Grid p(Geometry(2, 3));
  const Grid empty_hint(Geometry(2, 3)), other_size = *random_solution(Grid(Geometry(3, 3)), 1);
  EXPECT_THROW(cells.has_other_solution(p, {}, nullptr, &empty_hint), std::invalid_argument);
  EXPECT_THROW(cells.has_other_solution(p, {}, nullptr, &other_size), std::invalid_argument);
}

// Optional: the public 17-clue set, when it is beside the project.
TEST(SudokuSolver, SharedSeventeenClueSampleIsUnique) {
  const std::string path = std::string(SUDOFORGE_SHARED_DATA) + "/17clue.txt";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not present";
  auto puzzles = test::read_puzzles(path);
  if (puzzles.size() > 3000) puzzles.resize(3000);
  SudokuSolver fast;
  for (const Grid& p : puzzles) {
    ASSERT_EQ(fast.count(p, 2), 1u) << to_string(p);
    const auto s = fast.solve(p);
    ASSERT_TRUE(s && is_solution_of(p, *s)) << to_string(p);
  }
}

}  // namespace
}  // namespace sudoforge
