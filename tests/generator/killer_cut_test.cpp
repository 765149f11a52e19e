// The cut's rules check (generator/src/killer_cut.cpp, rules_solve): its checker starts
// from each cage's digits, keeps the 45 rule's innies and outies as counters and sweeps
// houses and cages in its own order; the rules' fixpoint does not depend on any of that,
// so its verdict must be that of the rules applied plainly, over cuts that they solve and
// coarser ones that they mostly do not.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "killer_cut.h"
#include "sudoforge/core/killer.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::generator_detail {
namespace {

// The rules applied in plain rounds until none changes anything: Cage Sum, Cage
// Combinations, hidden singles, the 45 rule on each house, and with `naked` naked singles.
// A placement takes the digit from every peer (cage mates included).
bool plain_rules_solve(const Geometry& board, bool naked) {
  const int n = board.size(), cells = board.cell_count(), total = n * (n + 1) / 2;
  const auto cages = board.cages();
  std::vector<std::uint32_t> cand(cells, (1u << n) - 1);
  std::vector<int> value(cells, 0);
  bool changed = true;
  auto place = [&](int c, int d) {
    if (value[c] || d < 1 || d > n || !(cand[c] >> (d - 1) & 1)) return;
    value[c] = d;
    cand[c] = 1u << (d - 1);
    for (int q : board.peers(c)) {
      if (!value[q]) cand[q] &= ~(1u << (d - 1));
    }
    changed = true;
  };
  while (changed) {
    changed = false;
    if (naked) {
      for (int c = 0; c < cells; ++c) {
        if (!value[c] && std::popcount(cand[c]) == 1) place(c, std::countr_zero(cand[c]) + 1);
      }
    }
    for (int h = 0; h < board.house_count(); ++h) {
      for (int d = 1; d <= n; ++d) {
        int holders = 0, at = -1;
        bool placed = false;
        for (int c : board.house(h)) {
          placed = placed || value[c] == d;
          if (cand[c] >> (d - 1) & 1) {
            ++holders;
            at = c;
          }
        }
        if (!placed && holders == 1) place(at, d);
      }
    }
    for (const Cage& cage : cages) {
      std::uint32_t placed = 0, open_union = 0;
      int open = 0, placed_sum = 0, last = -1;
      for (int c : cage.cells) {
        if (value[c]) {
          placed |= 1u << (value[c] - 1);
          placed_sum += value[c];
        } else {
          open_union |= cand[c];
          ++open;
          last = c;
        }
      }
      if (open == 1) place(last, cage.sum - placed_sum);
      if (open < 2) continue;
      std::uint32_t allowed = 0;
      for (std::uint32_t set : cage_digit_sets(n, static_cast<int>(cage.cells.size()), cage.sum)) {
        if ((set & placed) == placed && ((set & ~placed) & ~open_union) == 0) {
          allowed |= set & ~placed;
        }
      }
      for (int c : cage.cells) {
        if (!value[c] && (cand[c] & ~allowed)) {
          cand[c] &= allowed;
          changed = true;
        }
      }
    }
    for (int h = 0; h < board.house_count(); ++h) {
      std::vector<bool> in_house(cells, false);
      for (int c : board.house(h)) in_house[c] = true;
      int in_sum = total, out_sum = 0;
      std::vector<int> in, out;
      for (const Cage& cage : cages) {
        int inside = 0;
        for (int c : cage.cells) inside += in_house[c] ? 1 : 0;
        if (inside == static_cast<int>(cage.cells.size())) in_sum -= cage.sum;
        if (inside == 0 || inside == static_cast<int>(cage.cells.size())) continue;
        out_sum += cage.sum;
        for (int c : cage.cells) (in_house[c] ? in : out).push_back(c);
      }
      out_sum -= in_sum;
      for (const auto& [side, sum] : {std::pair{in, in_sum}, std::pair{out, out_sum}}) {
        int rest = sum, open = 0, last = -1;
        for (int c : side) {
          rest -= value[c];
          if (!value[c]) {
            ++open;
            last = c;
          }
        }
        if (open == 1) place(last, rest);
      }
    }
  }
  for (int c = 0; c < cells; ++c) {
    if (!value[c]) return false;
  }
  return true;
}

// The board of `cages` with cages a and b joined.
Geometry joined(const Geometry& base, std::vector<Cage> cages, std::size_t a, std::size_t b) {
  cages[a].sum += cages[b].sum;
  cages[a].cells.insert(cages[a].cells.end(), cages[b].cells.begin(), cages[b].cells.end());
  cages.erase(cages.begin() + static_cast<std::ptrdiff_t>(b));
  return base.with_cages(std::move(cages));
}

TEST(KillerCut, RulesVerdictIsThePlainRulesVerdict) {
  int solved = 0, unsolved = 0;
  for (const char* size : {"3x3", "2x3"}) {
    for (auto cut : {GeneratorOptions::KillerCut::kEasy, GeneratorOptions::KillerCut::kUnique}) {
      GeneratorOptions o;
      o.geometry = Geometry::parse(size);
      o.killer = true;
      o.killer_min_cage = 2;
      o.killer_max_cage = 5;
      o.killer_cut = cut;
      BatchOptions b;
      b.seed = 3;
      b.count = 6;
      b.threads = 1;
      std::vector<GeneratedPuzzle> puzzles;
      generate_batch(o, b, {}, [&](const GeneratedPuzzle& p) { puzzles.push_back(p); });
      ASSERT_EQ(puzzles.size(), 6u);
      for (const GeneratedPuzzle& p : puzzles) {
        const Geometry& board = p.puzzle.geometry();
        const Geometry base = *board.without_cages();
        Grid solution(base);
        for (int c = 0; c < base.cell_count(); ++c) solution.set(c, p.solution[c]);
        const std::vector<Cage> cages(board.cages().begin(), board.cages().end());
        // The cut and the cuts with two neighbouring cages joined (distinct digits).
        std::vector<Geometry> boards{board};
        for (std::size_t a = 0; a < cages.size() && boards.size() < 12; ++a) {
          for (std::size_t k = a + 1; k < cages.size(); ++k) {
            std::uint32_t digits_a = 0, digits_k = 0;
            bool touch = false;
            for (int c : cages[a].cells) digits_a |= 1u << solution[c];
            for (int c : cages[k].cells) {
              digits_k |= 1u << solution[c];
              for (int q : cages[a].cells) {
                touch = touch || (q / base.size() == c / base.size() && std::abs(q - c) == 1) ||
                        std::abs(q - c) == base.size();
              }
            }
            if (touch && !(digits_a & digits_k)) {
              boards.push_back(joined(base, cages, a, k));
              break;
            }
          }
        }
        for (const Geometry& g : boards) {
          const bool easy = plain_rules_solve(g, false);
          EXPECT_EQ(rules_solve(solution, g, GeneratorOptions::KillerCut::kEasy), easy);
          const bool medium = plain_rules_solve(g, true);
          EXPECT_EQ(rules_solve(solution, g, GeneratorOptions::KillerCut::kDeduced), medium);
          (medium ? solved : unsolved) += 1;
        }
      }
    }
  }
  // Both verdicts are covered.
  EXPECT_GT(solved, 20);
  EXPECT_GT(unsolved, 20);
}

// A banded cut's checks (kBanded) propagate the 45 rule's innies of each house as one
// more cage, and search within their own node budget: a wrong innie cage would cut off
// other solutions and pass a merge that loses uniqueness. The whole cut and every prefix
// of its path (board_after: the puzzles the bisection grades) have exactly one solution,
// as the solver counts them, on 9x9 and 6x6.
TEST(KillerCut, BandedCutsAndTheirPrefixesAreUnique) {
  int prefixes = 0;
  for (const char* size : {"3x3", "2x3"}) {
    GeneratorOptions o;
    o.geometry = Geometry::parse(size);
    o.killer = true;
    o.killer_min_cage = 2;
    o.killer_max_cage = 5;
    BatchOptions b;
    b.seed = 7;
    b.count = 4;
    b.threads = 1;
    std::vector<Grid> solutions;
    generate_batch(o, b, {}, [&](const GeneratedPuzzle& p) {
      const Geometry base = *p.puzzle.geometry().without_cages();
      Grid solution(base);
      for (int c = 0; c < base.cell_count(); ++c) solution.set(c, p.solution[c]);
      solutions.push_back(solution);
    });
    ASSERT_EQ(solutions.size(), 4u);
    CageCut cut;
    cut.min_size = 2;
    cut.max_size = 5;
    cut.rule = GeneratorOptions::KillerCut::kBanded;
    Rng rng(11);
    SudokuSolver solver;
    for (const Grid& solution : solutions) {
      SearchStats cost;
      int searches = 0;
      CutPath path;
      const auto board =
          cut_cages(solution, cut, Symmetry::kNone, rng, nullptr, cost, searches, &path);
      if (!board) continue;
      EXPECT_EQ(solver.count(Grid(*board), 3), 1u);
      for (std::size_t m = 0; m < path.merges.size(); m += 2) {
        EXPECT_EQ(solver.count(Grid(board_after(solution, path, Symmetry::kNone, m)), 3), 1u);
        ++prefixes;
      }
    }
  }
  EXPECT_GT(prefixes, 10);
}

}  // namespace
}  // namespace sudoforge::generator_detail
