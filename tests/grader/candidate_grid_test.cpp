// The candidate grid reads its houses from the geometry: extra houses (X's diagonals)
// take candidates away like rows, columns and boxes do, and the finders that walk every
// house find steps in them.
#include "candidate_grid.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "finders.h"
#include "grader_test_util.h"
#include "sudoforge/core/geometry.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/core/killer.h"
#include "sudoforge/core/variant.h"

namespace sudoforge::grader::detail {
namespace {

Geometry x_board() {
  return Variant::parse("x").apply(Geometry());
}

// Digits 2..7 on r1c1..r6c6, and 1 in r7c1 and r1c8: on the main diagonal only r9c9 can
// still hold 1 (r7c7 sees r7c1, r8c8 sees r1c8), while every box, row and column keeps
// two or more places for every digit it lacks.
Grid diagonal_single(const Geometry& g) {
  Grid grid(g);
  for (int i = 0; i < 6; ++i) grid.set(i * 10, i + 2);
  grid.set(g.cell(6, 0), 1);
  grid.set(g.cell(0, 7), 1);
  return grid;
}

TEST(CandidateGrid, ExtraHousesAreUnitsWithPeers) {
  const Geometry x = x_board();
  const CandidateGrid classic(diagonal_single(Geometry()));
  const CandidateGrid on_x(diagonal_single(x));
  EXPECT_EQ(classic.unit_count(), 27);
  EXPECT_EQ(on_x.unit_count(), 29);
  EXPECT_EQ(classic.units_per_cell(), 3);
  EXPECT_EQ(on_x.units_per_cell(), 5);  // r5c5 is on both diagonals
  // r1c1 and r9c9 share only the main diagonal.
  EXPECT_FALSE(classic.sees(0, 80));
  EXPECT_TRUE(on_x.sees(0, 80));
  // r9c9 loses 2..7 (on its diagonal) on X only.
  EXPECT_EQ(popcount(classic.cand(80)), 9);
  EXPECT_EQ(popcount(on_x.cand(80)), 3);  // 1, 8, 9
  // Positions of 1 on the main diagonal (unit 27): r9c9 alone.
  EXPECT_EQ(on_x.pos(27, 1), Mask{1} << 8);
  EXPECT_EQ(on_x.unit_name(27), "main diagonal");
  // A placement updates the extra house too.
  CandidateGrid placed = on_x;
  placed.place(80, 1);
  EXPECT_EQ(placed.pos(27, 1), 0u);
  EXPECT_EQ(placed.unit_empty(27), 2);  // r7c7 and r8c8
}

// The count of units with one empty cell (find_hidden_single stops at its first hidden
// single when it is 0: no full house left to come first) follows the givens and every
// placement, extra houses counted and the padding unit of the cells off X's diagonals
// not.
TEST(CandidateGrid, CountsTheUnitsWithOneEmptyCell) {
  for (const Geometry& board : {Geometry(), x_board()}) {
    Grid givens = diagonal_single(board);
    for (int col = 1; col < 8; ++col) givens.set(board.cell(8, col), col + 1);  // r9: 2 empty
    CandidateGrid g(givens);
    auto count = [&] {
      int ones = 0;
      for (int u = 0; u < g.unit_count(); ++u) ones += g.unit_empty(u) == 1;
      return ones;
    };
    EXPECT_EQ(g.units_with_one_empty(), count());
    int seen_nonzero = 0;
    for (int c = 0; c < g.cell_count(); ++c) {
      if (g.value(c) != 0) continue;
      g.place(c, g.cand(c) ? lowest(g.cand(c)) : 1);
      ASSERT_EQ(g.units_with_one_empty(), count()) << c;
      seen_nonzero += g.units_with_one_empty() != 0;
    }
    EXPECT_EQ(g.units_with_one_empty(), 0);
    EXPECT_GE(seen_nonzero, 9);
  }
}

// cells_with(k) against each cell's count, after every placement and elimination of a
// walk that empties the grid (classic, X, 6x6 and 16x16 boards: one, two and four words).
TEST(CandidateGrid, KeepsTheCellsByCandidateCount) {
  for (const Geometry& board : {Geometry(), x_board(), Geometry(2, 3), Geometry(4, 4)}) {
    CandidateGrid g{Grid(board)};
    auto check = [&](int step) {
      for (int k = 0; k <= g.n(); ++k) {
        const std::uint64_t* set = g.cells_with(k);
        for (int c = 0; c < g.cell_count(); ++c) {
          const bool in = (set[c / 64] >> (c % 64)) & 1;
          ASSERT_EQ(in, popcount(g.cand(c)) == k) << "step " << step << " k " << k << " cell " << c;
        }
      }
    };
    check(-1);
    // Eliminations first (every third cell loses its two highest candidates), then
    // placements of each cell's lowest candidate, which empty some cells of every count.
    for (int c = 0; c < g.cell_count(); c += 3) {
      for (int t = 0; t < 2 && popcount(g.cand(c)) > 1; ++t) {
        g.eliminate(c, 31 - std::countl_zero(g.cand(c)));
        check(c);
      }
    }
    for (int c = 0; c < g.cell_count(); ++c) {
      if (g.value(c) != 0) continue;
      g.place(c, g.cand(c) ? lowest(g.cand(c)) : 1);
      check(g.cell_count() + c);
    }
    EXPECT_EQ(popcount(g.cand(0)), 0);
  }
}

// A grid built from givens is the state that placing them one by one leaves: along a
// walk that places each cell's lowest candidate (classic and 6x6 boards, whose cells
// have three units each and take the unrolled loops of the constructor and place();
// X, with cells in one to three extra houses and the padding unit; 16x16), a grid built
// fresh from the values placed so far has the same values, candidates, positions, empty
// counts and cells by count as the walked one. Fails when place() or the constructor
// leaves a unit of a cell out.
TEST(CandidateGrid, PlacementsLeaveTheStateOfAGridBuiltFromThem) {
  for (const Geometry& board : {Geometry(), Geometry(2, 3), x_board(), Geometry(4, 4)}) {
    CandidateGrid walked{Grid(board)};
    Grid values(board);
    int compared = 0;
    for (int c = 0; c < walked.cell_count() && walked.dead_cell() < 0; c += 1 + c % 3) {
      if (walked.value(c) != 0 || walked.cand(c) == 0) continue;
      const int d = lowest(walked.cand(c));
      walked.place(c, d);
      values.set(c, d);
      if (walked.dead_cell() >= 0) break;
      const CandidateGrid fresh(values);
      for (int q = 0; q < walked.cell_count(); ++q) {
        ASSERT_EQ(walked.value(q), fresh.value(q)) << c << " " << q;
        ASSERT_EQ(walked.cand(q), fresh.cand(q)) << c << " " << q;
      }
      for (int u = 0; u < walked.unit_count(); ++u) {
        ASSERT_EQ(walked.unit_empty(u), fresh.unit_empty(u)) << c << " " << u;
        for (int v = 1; v <= walked.n(); ++v) ASSERT_EQ(walked.pos(u, v), fresh.pos(u, v));
      }
      ASSERT_EQ(walked.empty_count(), fresh.empty_count());
      ASSERT_EQ(walked.units_with_one_empty(), fresh.units_with_one_empty());
      for (int k = 0; k <= walked.n(); ++k) {
        for (int w = 0; w < walked.set_words(); ++w)
          ASSERT_EQ(walked.cells_with(k)[w], fresh.cells_with(k)[w]) << k;
      }
      ++compared;
    }
    EXPECT_GT(compared, walked.cell_count() / 8) << board.size();
  }
}

// The constructor walks the given cells and the empty ones by the words of a cell set:
// on the values of real puzzles (cb001's first 300, each at the start of its graded path
// and after each of its placements), a grid built from them holds the plain candidates
// (every value no peer holds), the values, and the counts and cell sets they give.
TEST(CandidateGrid, AGridBuiltFromValuesHoldsThePlainCandidates) {
  using test_util::grid81;
  using test_util::walk_path;
  const auto lines = test_util::cb001_fixture();
  ASSERT_GE(lines.size(), 300u);
  int compared = 0;
  for (size_t k = 0; k < 300; ++k) {
    Grid values = grid81(lines[k].substr(0, 81));
    const auto check = [&](const Grid& grid) {
      const CandidateGrid g{grid};
      int empty = 0;
      for (int c = 0; c < g.cell_count(); ++c) {
        ASSERT_EQ(g.value(c), grid[c]) << k << " " << c;
        Mask plain = 0;
        if (grid[c] == 0) {
          ++empty;
          plain = ((Mask{1} << 10) - 1) & ~Mask{1};
          for (int q : g.peers(c)) plain &= ~(Mask{1} << grid[q]);
        }
        ASSERT_EQ(g.cand(c), plain) << k << " " << c;
        ASSERT_TRUE((g.cells_with(std::popcount(plain))[c / 64] >> (c % 64)) & 1) << k << " " << c;
      }
      ASSERT_EQ(g.empty_count(), empty) << k;
      for (int u = 0; u < g.unit_count(); ++u) {
        int open = 0;
        for (int i = 0; i < g.n(); ++i) open += grid[g.unit(u)[i]] == 0;
        ASSERT_EQ(g.unit_empty(u), open) << k << " " << u;
        for (int v = 1; v <= g.n(); ++v) {
          Mask at = 0;
          for (int i = 0; i < g.n(); ++i) at |= Mask{(g.cand(g.unit(u)[i]) >> v) & 1} << i;
          ASSERT_EQ(g.pos(u, v), at) << k << " " << u << " " << v;
        }
      }
      ++compared;
    };
    check(values);
    walk_path(lines[k].substr(0, 81), [&](const CandidateGrid&, const Step& s) {
      for (auto [c, d] : s.placements) values.set(c, d);
      if (!s.placements.empty()) check(values);
    });
  }
  EXPECT_GT(compared, 5000);
}

// Everything a finder reads of a grid, against a grid built fresh from the same values.
void expect_same_state(const CandidateGrid& a, const CandidateGrid& b) {
  ASSERT_EQ(a.n(), b.n());
  ASSERT_EQ(a.cell_count(), b.cell_count());
  ASSERT_EQ(a.unit_count(), b.unit_count());
  ASSERT_EQ(a.set_words(), b.set_words());
  for (int q = 0; q < a.cell_count(); ++q) {
    ASSERT_EQ(a.value(q), b.value(q)) << q;
    ASSERT_EQ(a.cand(q), b.cand(q)) << q;
    ASSERT_EQ(a.cell_changed(q), b.cell_changed(q)) << q;
  }
  for (int u = 0; u < a.unit_count(); ++u) {
    ASSERT_EQ(a.unit_empty(u), b.unit_empty(u)) << u;
    ASSERT_EQ(a.unit_changed(u), b.unit_changed(u)) << u;
    ASSERT_EQ(a.single_times()[u], b.single_times()[u]) << u;
    for (int v = 1; v <= a.n(); ++v) ASSERT_EQ(a.pos(u, v), b.pos(u, v)) << u << " " << v;
  }
  for (int d = 1; d <= a.n(); ++d) ASSERT_EQ(a.digit_changed(d), b.digit_changed(d)) << d;
  for (int k = 0; k <= a.n(); ++k) {
    for (int w = 0; w < a.set_words(); ++w) ASSERT_EQ(a.cells_with(k)[w], b.cells_with(k)[w]);
  }
  EXPECT_EQ(a.empty_count(), b.empty_count());
  EXPECT_EQ(a.units_with_one_empty(), b.units_with_one_empty());
  EXPECT_EQ(a.dead_cell(), b.dead_cell());
  EXPECT_EQ(a.clock(), b.clock());
  EXPECT_EQ(a.units_per_cell(), b.units_per_cell());
}

TEST(CandidateGrid, ReloadLeavesTheStateOfAGridBuiltFresh) {
  // One grid reloaded across boards of every kind (sizes, extra houses), each time after
  // placements made on it, and after a reload that threw on conflicting givens.
  Grid conflict(Geometry{});
  conflict.set(0, 5);
  conflict.set(1, 5);
  const std::vector<Grid> grids = {
      test_util::grid81("1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3."),
      diagonal_single(x_board()), Grid(Geometry(2, 3)), Grid(Geometry(4, 4)),
      test_util::grid81("....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38")};
  CandidateGrid reused{Grid(Geometry(4, 4))};
  std::uint64_t serial = reused.serial();
  for (int round = 0; round < 2; ++round) {
    for (const Grid& grid : grids) {
      for (int c = 0; c < reused.cell_count() && reused.dead_cell() < 0; c += 7) {
        if (reused.value(c) == 0 && reused.cand(c) != 0) reused.place(c, lowest(reused.cand(c)));
      }
      if (round == 1) {
        EXPECT_THROW(reused.reload(conflict), std::invalid_argument);
      }
      reused.reload(grid);
      const CandidateGrid fresh(grid);
      expect_same_state(reused, fresh);
      EXPECT_NE(reused.serial(), serial);  // memos keyed by the serial start afresh
      serial = reused.serial();
    }
  }
}

// single_times: every elimination or placement that leaves a digit of a unit with exactly
// one place stamps the unit with the clock, along a walk that empties the grid (classic,
// X, 6x6 and 16x16 boards), and the walk meets such changes in both kinds of step.
// Fails when eliminate() or the placement's peers leave the time alone.
TEST(CandidateGrid, StampsTheUnitsWhereADigitComesDownToOnePlace) {
  for (const Geometry& board : {Geometry(), x_board(), Geometry(2, 3), Geometry(4, 4)}) {
    CandidateGrid g{Grid(board)};
    std::vector<int> before(static_cast<size_t>(g.unit_count()) * (g.n() + 1));
    auto take = [&] {
      for (int u = 0; u < g.unit_count(); ++u) {
        for (int d = 1; d <= g.n(); ++d) before[u * (g.n() + 1) + d] = popcount(g.pos(u, d));
      }
    };
    int stamped[2] = {0, 0};
    auto check = [&](int kind, int step) {
      for (int u = 0; u < g.unit_count(); ++u) {
        for (int d = 1; d <= g.n(); ++d) {
          if (popcount(g.pos(u, d)) == 1 && before[u * (g.n() + 1) + d] != 1) {
            ASSERT_EQ(g.single_times()[u], g.clock()) << "step " << step << " unit " << u;
            ++stamped[kind];
          }
        }
      }
    };
    for (int c = 0; c < g.cell_count(); ++c) {
      for (int t = 0; t < 3 && popcount(g.cand(c)) > 1; ++t) {
        take();
        g.eliminate(c, 31 - std::countl_zero(g.cand(c)));
        check(0, c);
      }
    }
    for (int c = 0; c < g.cell_count(); ++c) {
      if (g.value(c) != 0) continue;
      take();
      g.place(c, g.cand(c) ? lowest(g.cand(c)) : 1);
      check(1, g.cell_count() + c);
    }
    EXPECT_GT(stamped[0], 0);
    EXPECT_GT(stamped[1], 0);
  }
}

// changed_since against cell_changed, for every time of a walk (one, two and four words;
// 81 and 256 cells end inside a word, 36 in the first).
TEST(CandidateGrid, ChangedSinceListsTheCellsChangedSince) {
  for (const Geometry& board : {Geometry(), Geometry(2, 3), Geometry(4, 4)}) {
    CandidateGrid g{Grid(board)};
    for (int c = 0; c < g.cell_count(); c += 5) {
      if (g.value(c) == 0 && g.cand(c)) g.place(c, lowest(g.cand(c)));
    }
    for (int c = 1; c < g.cell_count(); c += 7) {
      if (popcount(g.cand(c)) > 1) g.eliminate(c, lowest(g.cand(c)));
    }
    ASSERT_GT(g.clock(), 4u);
    for (std::uint64_t since = 0; since <= g.clock() + 1; ++since) {
      std::uint64_t cells[16] = {};
      const bool any = g.changed_since(since, cells);
      bool expect_any = false;
      for (int c = 0; c < g.cell_count(); ++c) {
        const bool in = (cells[c / 64] >> (c % 64)) & 1;
        ASSERT_EQ(in, g.cell_changed(c) >= since) << "since " << since << " cell " << c;
        expect_any |= in;
      }
      EXPECT_EQ(any, expect_any) << since;
      for (int w = g.set_words(); w < 16; ++w) ASSERT_EQ(cells[w], 0u) << w;
    }
  }
}

TEST(CandidateGrid, HiddenSingleInAnExtraHouse) {
  const CandidateGrid on_x(diagonal_single(x_board()));
  Hint hint;
  ASSERT_TRUE(find_hidden_single(Ctx{on_x, true}, hint));
  ASSERT_EQ(hint.placements.size(), 1u);
  EXPECT_EQ(hint.placements[0], std::make_pair(80, 1));
  EXPECT_EQ(hint.rating, 15);  // as in a row or column, not 1.2 as in a box
  EXPECT_NE(hint.explanation.find("main diagonal"), std::string::npos) << hint.explanation;
  // The classic board has no hidden single here at all.
  const CandidateGrid classic(diagonal_single(Geometry()));
  Hint none;
  EXPECT_FALSE(find_hidden_single(Ctx{classic, false}, none));
}

TEST(CandidateGrid, GivensConflictingInAnExtraHouseThrow) {
  const Geometry x = x_board();
  Grid grid(x);
  grid.set(0, 5);
  grid.set(80, 5);  // both on the main diagonal
  EXPECT_THROW(CandidateGrid{grid}, std::invalid_argument);
  Grid classic(Geometry(), std::vector<std::uint8_t>(grid.cells().begin(), grid.cells().end()));
  EXPECT_NO_THROW(CandidateGrid{classic});
}

// Every killer puzzle has a board of its own: grading many must not keep a layout for each
// (a long killer run grew by tens of kilobytes a puzzle), while grids of one board share
// one and the boards without cages keep theirs.
TEST(CandidateGrid, KillerBoardsKeepNoSharedLayout) {
  const Grid classic(Geometry{});
  const CandidateGrid first(classic);
  const std::size_t shared = CandidateGrid::shared_layout_count();
  const char* solution =
      "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
  auto digit = [&](int c) { return solution[c] - '0'; };
  for (int k = 0; k < 5; ++k) {
    // Cages of two cells along row 1 from column k + 1, singletons elsewhere.
    std::vector<Cage> cages;
    for (int c = 0; c < 81; ++c) {
      if (c == k) {
        cages.push_back({digit(c) + digit(c + 1), {c, c + 1}});
      } else if (c != k + 1) {
        cages.push_back({digit(c), {c}});
      }
    }
    const Geometry board = Geometry().with_cages(cages);
    const CandidateGrid a{Grid(board)}, b{Grid(board)};
    EXPECT_EQ(&a.peers(k), &b.peers(k));  // one layout for the board's grids
    EXPECT_EQ(a.peers(k).size(), 20u);    // its cage mate is a peer already (same row)
  }
  EXPECT_EQ(CandidateGrid::shared_layout_count(), shared);
  const CandidateGrid again(classic);
  EXPECT_EQ(&again.peers(0), &first.peers(0));
}

// A caged board's grid reads the houses' tables of the board without the cages (shared)
// and its own peers, which hold the cage mates outside the cell's houses.
TEST(CandidateGrid, KillerBoardsShareTheHouseTablesAndHaveTheirOwnPeers) {
  const char* solution =
      "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
  auto digit = [&](int c) { return solution[c] - '0'; };
  // r1c3, r1c4 and r2c4 in one cage (r1c3 and r2c4 share no house), singletons elsewhere.
  std::vector<Cage> cages{{digit(2) + digit(3) + digit(12), {2, 3, 12}}};
  for (int c = 0; c < 81; ++c) {
    if (c != 2 && c != 3 && c != 12) cages.push_back({digit(c), {c}});
  }
  const Geometry board = Geometry().with_cages(cages);
  const CandidateGrid classic{Grid(Geometry{})}, killer{Grid(board)};
  EXPECT_EQ(killer.unit(5), classic.unit(5));
  EXPECT_EQ(killer.unit_of(12, 2), classic.unit_of(12, 2));
  EXPECT_EQ(killer.peers(2).size(), 21u);
  EXPECT_TRUE(killer.sees(2, 12));
  EXPECT_TRUE(killer.sees(12, 2));
  EXPECT_FALSE(classic.sees(2, 12));
  EXPECT_EQ(killer.house(2), classic.house(2));  // the houses' peers only
  // Its grids share the peers while it is the last board asked for.
  const CandidateGrid again{Grid(board)};
  EXPECT_EQ(&again.peers(2), &killer.peers(2));
}

// segments(u, t)[i] names the unit of type t holding u's i-th cell and their
// intersection: checked against unit_of and inter for every row, column and region,
// type and position, on classic, X (extra houses after the 3n), 6x6, 12x12, 16x16 and
// jigsaw boards. Fails when a type is taken for another or the index is the unit's own.
TEST(CandidateGrid, SegmentsAreTheUnitsOfEachPosition) {
  for (const Geometry& board : {Geometry(), x_board(), Geometry(2, 3), Geometry(3, 4),
                                Geometry(4, 4), test_util::traded_jigsaw()}) {
    const CandidateGrid g{Grid(board)};
    const int n = g.n();
    int checked = 0;
    for (int u = 0; u < 3 * n; ++u) {
      for (int t = 0; t < 3; ++t) {
        for (int i = 0; i < n; ++i) {
          const int r2 = g.unit_of(g.unit(u)[i], t);
          ASSERT_EQ(g.segments(u, t)[i].index, r2 - t * n) << u << " " << t << " " << i;
          ASSERT_EQ(g.segments(u, t)[i].mask, g.inter(u, r2)) << u << " " << t << " " << i;
          ++checked;
        }
      }
    }
    EXPECT_EQ(checked, 9 * n * n);
  }
}

}  // namespace
}  // namespace sudoforge::grader::detail
