// Helpers shared by the grader's tests: 9x9 grids from puzzle strings, the true solution
// from the solver library (independent of the grader), fixture readers, positions along
// a graded path or stored by hand, and the soundness check of a rating's steps.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "chain_engine.h"
#include "chain_length.h"
#include "chains_plus.h"
#include "finder_memo.h"
#include "finders.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::grader::test_util {

using detail::CandidateGrid;
using detail::Ctx;
using detail::Hint;

// Two finders' hints for one state are the same hint: technique, rating, placements,
// removals, highlighted cells and text (`where` names the state in a failure).
inline void expect_same_hint(const Hint& got, const Hint& want, const std::string& where) {
  EXPECT_STREQ(got.technique, want.technique) << where;
  EXPECT_EQ(got.rating, want.rating) << where;
  EXPECT_EQ(got.placements, want.placements) << where;
  EXPECT_EQ(got.eliminations, want.eliminations) << where;
  EXPECT_EQ(got.cells, want.cells) << where;
  EXPECT_EQ(got.explanation, want.explanation) << where;
}

// An X board whose 5 of the main diagonal is left in r1c1 and r9c9 only (no row, column
// or box in common): the diagonal's strong link, for the chain links' tests.
inline CandidateGrid x_board_diagonal_pair() {
  CandidateGrid g{Grid(Variant::parse("x").apply(Geometry()))};
  for (int c : {10, 20, 30, 40, 50, 60, 70}) g.eliminate(c, 5);
  return g;
}

// A 9x9 jigsaw: the boxes with two cells traded (r1c4 to the first region, r3c3 to the
// second), for tests that must also hold off the boxes.
inline Geometry traded_jigsaw() {
  std::vector<int> regions(81);
  for (int c = 0; c < 81; ++c) regions[c] = (c / 9 / 3) * 3 + (c % 9) / 3;
  regions[3] = 0;
  regions[20] = 1;
  return Geometry::with_regions(9, regions);
}

inline Grid grid81(const std::string& s) {
  std::vector<std::uint8_t> cells(81);
  for (int i = 0; i < 81; ++i) cells[i] = (s[i] >= '1' && s[i] <= '9') ? s[i] - '0' : 0;
  return Grid(Geometry(), cells);
}

// The true solution comes from the solver library (DLX), independent of the grader, and
// is checked with is_solution_of.
inline bool solve(Grid& g) {
  auto sol = sudoforge::solve(g);
  if (!sol) return false;
  g = *sol;
  return true;
}

// The lines of a fixture that hold a 9x9 puzzle (81 characters or more).
inline std::vector<std::string> read_lines(const std::string& path) {
  std::vector<std::string> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() >= 81) out.push_back(line);
  }
  return out;
}

// The fixture most grader tests replay: the first 1,000 puzzles of cb001 with their SE
// ratings ("PUZZLE RATING" lines; the rating from column 82).
inline std::vector<std::string> cb001_fixture() {
  return read_lines(std::string(SUDOFORGE_TEST_DATA) + "/grader/cb001_1000.txt");
}

// The records of ../shared/data/NAME, or nothing when the shared data is absent.
inline std::optional<std::vector<std::string>> shared_lines(const std::string& name) {
  const std::string path = std::string(SUDOFORGE_SHARED_DATA) + "/" + name;
  if (!std::ifstream(path)) return std::nullopt;
  return read_lines(path);
}

// Keep only `keep` (bit mask of digits) in cell c.
inline void restrict(CandidateGrid& g, int c, detail::Mask keep) {
  for (int d = 1; d <= 9; ++d) {
    if (!((keep >> d) & 1)) g.eliminate(c, d);
  }
}
constexpr detail::Mask bits(std::initializer_list<int> ds) {
  detail::Mask m = 0;
  for (int d : ds) m |= detail::Mask{1} << d;
  return m;
}

// The candidate grid of `puzzle` just before step `k` (1-based) of its graded path.
inline CandidateGrid position_before(const std::string& puzzle, int k) {
  Rating r = Grader().rate(grid81(puzzle), true);
  CandidateGrid g{grid81(puzzle)};
  for (int i = 0; i + 1 < k && i < static_cast<int>(r.steps.size()); ++i) {
    for (auto [c, d] : r.steps[i].eliminations) g.eliminate(c, d);
    for (auto [c, d] : r.steps[i].placements) g.place(c, d);
  }
  return g;
}

// Grades `puzzle` and walks its path: visit(grid, step) on the grid as it stands before
// each step.
template <class Visit>
void walk_path(const std::string& puzzle, Visit visit) {
  const Rating r = Grader().rate(grid81(puzzle), true);
  CandidateGrid g{grid81(puzzle)};
  for (const Step& s : r.steps) {
    visit(static_cast<const CandidateGrid&>(g), s);
    for (auto [c, d] : s.eliminations) g.eliminate(c, d);
    for (auto [c, d] : s.placements) g.place(c, d);
  }
}

// walk_path with one FinderMemo for the puzzle, reset on its start grid as the grader
// resets it: visit(grid, step, memo).
template <class Visit>
void walk_path_with_memo(const std::string& puzzle, Visit visit) {
  detail::FinderMemo memo;
  bool first = true;
  walk_path(puzzle, [&](const CandidateGrid& g, const Step& s) {
    if (first) memo.reset(g);
    first = false;
    visit(g, s, memo);
  });
}

// Every state of the graded paths of cb001's first `paths` puzzles, for each degree 2..4:
// visit(grid, degree, puzzle line). The frame of the tests that hold a finder of subsets
// or fish against its definition.
template <class Visit>
void for_each_degree_on_cb001_paths(size_t paths, Visit visit) {
  const auto lines = cb001_fixture();
  ASSERT_GE(lines.size(), paths);
  for (size_t k = 0; k < paths; ++k) {
    walk_path(lines[k].substr(0, 81), [&](const CandidateGrid& g, const Step&) {
      for (int degree = 2; degree <= 4; ++degree) visit(g, degree, lines[k]);
    });
  }
}

// A stored 9x9 position: its values, and per row the candidates of each empty cell ("."
// for a cell with a value).
inline CandidateGrid stored_position(const char* values, const char* const candidates[9]) {
  CandidateGrid g{grid81(values)};
  for (int row = 0; row < 9; ++row) {
    std::istringstream in(candidates[row]);
    for (int col = 0; col < 9; ++col) {
      std::string t;
      in >> t;
      if (t == ".") continue;
      detail::Mask keep = 0;
      for (char ch : t) keep |= detail::Mask{1} << (ch - '0');
      restrict(g, row * 9 + col, keep);
    }
  }
  return g;
}

// A top1465 puzzle that needs dynamic (+) chains (rated 9.5).
inline constexpr const char* kPlusPuzzle =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";

// The grid of a chaining from a 9x9 step grid g, as the rules inside dynamic (+) chains
// see it: the step's candidates and unit positions, and the chaining's, from which
// remove() takes candidates.
struct ChainingView {
  const CandidateGrid& g;
  std::vector<detail::Mask> cand0, cand, upos0, upos;
  std::vector<int> placed;
  detail::PlusGrid view;
  explicit ChainingView(const CandidateGrid& grid)
      : g(grid), cand0(81), upos0(grid.pos_table(), grid.pos_table() + 27 * 10), placed(10, 0) {
    for (int c = 0; c < 81; ++c) cand0[c] = g.cand(c);
    for (int c = 0; c < 81; ++c) ++placed[g.value(c)];
    cand = cand0;
    upos = upos0;
    view = {&g, cand0.data(), cand.data(), upos0.data(), upos.data(), placed.data()};
  }
  void remove(int c, int d) {
    cand[c] &= ~(detail::Mask{1} << d);
    for (int k = 0; k < 3; ++k) {
      const int u = g.unit_of(c, k);
      upos[u * 10 + d] &= ~(detail::Mask{1} << g.index_in(u, c));
    }
  }
};

// Every step of `r` against the puzzle's only solution: no elimination of the true
// symbol, no placement of another.
inline void expect_steps_sound(const Rating& r, const Grid& solution, const std::string& label) {
  for (const auto& s : r.steps) {
    for (auto [c, d] : s.eliminations) {
      ASSERT_NE(solution[c], d) << label << ": " << s.technique << ": " << s.explanation;
    }
    for (auto [c, d] : s.placements) {
      ASSERT_EQ(solution[c], d) << label << ": " << s.technique << ": " << s.explanation;
    }
  }
}

// Rates the 9x9 puzzle of `line` with its steps, each checked against the solution (the
// DLX library's, verified by the validator).
inline Rating rate_soundly(Grader& grader, const std::string& line) {
  const Grid puzzle = grid81(line);
  Grid solution = puzzle;
  EXPECT_TRUE(solve(solution)) << line;
  EXPECT_TRUE(is_solution_of(puzzle, solution)) << line;
  Rating r = grader.rate(puzzle, true);
  expect_steps_sound(r, solution, line);
  return r;
}

}  // namespace sudoforge::grader::test_util
