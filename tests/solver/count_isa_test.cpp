// The classic count's builds (count_isa.h): the portable one and, on CPUs with x86-64-v3,
// the one compiled for AVX2 and BMI must find what enumeration finds (each solution checked
// by the validator) and agree with each other on the count, the nodes and the guesses, on
// puzzles with one, several and no solutions and with clashing givens, at every cap.
#include "sudoforge/solver/internal/count_isa.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "random_puzzles.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "test_util.h"

namespace sudoforge {
namespace {

using detail::CountIsa;

struct Counted {
  std::uint64_t count = 0;
  bool conflict = false;
  SearchStats stats;
};

Counted count_with(CountIsa isa, const Grid& p, std::uint64_t cap) {
  Counted c;
  c.count = detail::band_count(isa, p.cells().data(), cap, &c.stats, SearchLimits{}, &c.conflict);
  return c;
}

// Enumeration by the first rules (another search than the count's), every solution checked
// by the validator; -1 when the givens clash.
std::int64_t enumerated(SudokuSolver& solver, const Grid& p, std::uint64_t cap) {
  try {
    return static_cast<std::int64_t>(solver.enumerate(
        p,
        [&](const Grid& s) {
          EXPECT_TRUE(is_solution_of(p, s)) << test::to_string(p);
          return true;
        },
        cap));
  } catch (const ConflictingGivens&) {
    return -1;
  }
}

// 300 hard puzzles with one solution, then 600 cut from random grids (17 to 40 givens: one
// or many solutions), one in five with a given changed (most then clash, some have no
// solution) and one in seven with a given copied into its row (a clash).
std::vector<Grid> puzzles() {
  std::vector<Grid> out =
      test::read_puzzles(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt");
  SudokuSolver solver;
  std::mt19937_64 rng(16);
  for (int k = 0; k < 600; ++k) {
    const test::CutPuzzle c = test::cut_puzzle(solver, rng, k);
    Grid p = c.puzzle;
    if (k % 7 == 3) {
      const int row = c.order[1] / 9 * 9;
      for (int cell = row; cell < row + 9; ++cell) {
        if (!p[cell]) {
          p.set(cell, c.full[c.order[1]]);
          break;
        }
      }
    }
    out.push_back(p);
  }
  return out;
}

// Runs every puzzle at every cap on `isa` against enumeration and, when `other` differs,
// against `other`'s build.
void check_build(CountIsa isa, CountIsa other) {
  SudokuSolver solver;
  int unique = 0, several = 0, none = 0, clash = 0;
  for (const Grid& p : puzzles()) {
    for (const std::uint64_t cap : {1u, 2u, 7u, 300u}) {
      const std::int64_t want = enumerated(solver, p, cap);
      const Counted got = count_with(isa, p, cap);
      ASSERT_EQ(got.conflict, want < 0) << test::to_string(p);
      if (want >= 0) {
        ASSERT_EQ(got.count, static_cast<std::uint64_t>(want))
            << "cap " << cap << ' ' << test::to_string(p);
      }
      if (other != isa) {
        const Counted ref = count_with(other, p, cap);
        ASSERT_EQ(got.count, ref.count) << "cap " << cap << ' ' << test::to_string(p);
        ASSERT_EQ(got.conflict, ref.conflict) << test::to_string(p);
        ASSERT_EQ(got.stats.nodes, ref.stats.nodes) << test::to_string(p);
        ASSERT_EQ(got.stats.guesses, ref.stats.guesses) << test::to_string(p);
      }
      if (cap == 300) {
        unique += want == 1;
        several += want > 1;
        none += want == 0;
        clash += want < 0;
      }
    }
  }
  // The sample reaches every kind of puzzle.
  EXPECT_GT(unique, 300);
  EXPECT_GT(several, 100);
  EXPECT_GT(none, 5);
  EXPECT_GT(clash, 50);
}

TEST(CountIsa, PortableBuildCountsWhatEnumerationFinds) {
  check_build(CountIsa::kPortable, CountIsa::kPortable);
}

TEST(CountIsa, V3BuildAgreesWithPortableAndEnumeration) {
  if (!detail::count_isa_available(CountIsa::kX86_64_V3)) {
    GTEST_SKIP() << "this CPU lacks x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT, FMA)";
  }
  check_build(CountIsa::kX86_64_V3, CountIsa::kPortable);
}

TEST(CountIsa, EnvironmentForcesThePortableBuild) {
  const CountIsa best = detail::count_isa_available(CountIsa::kX86_64_V3) ? CountIsa::kX86_64_V3
                                                                          : CountIsa::kPortable;
  EXPECT_EQ(detail::choose_count_isa("portable"), CountIsa::kPortable);
  EXPECT_EQ(detail::choose_count_isa(nullptr), best);
  EXPECT_EQ(detail::choose_count_isa("x86-64-v3"), best);
  EXPECT_TRUE(detail::count_isa_available(CountIsa::kPortable));
}

// The x86-64-v3 build uses PEXT on its hot path: AMD and Hygon CPUs before Zen 3 (families
// 15h to 18h, some with AVX2 and BMI2) run it in microcode, so they get the portable build.
TEST(CountIsa, PextCountsAsMicrocodedOnlyOnAmdBeforeZen3) {
  EXPECT_TRUE(detail::pext_is_microcoded(true, 0x15));   // Excavator
  EXPECT_TRUE(detail::pext_is_microcoded(true, 0x17));   // Zen 1, Zen 2
  EXPECT_TRUE(detail::pext_is_microcoded(true, 0x18));   // Hygon Dhyana
  EXPECT_FALSE(detail::pext_is_microcoded(true, 0x19));  // Zen 3, Zen 4
  EXPECT_FALSE(detail::pext_is_microcoded(true, 0x1A));  // Zen 5
  EXPECT_FALSE(detail::pext_is_microcoded(false, 6));    // Intel
}

// SudokuSolver::count runs the build in use: same count and the same search.
TEST(CountIsa, SolverCountRunsTheBuildInUse) {
  SudokuSolver solver;
  const auto hard =
      test::read_puzzles(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt");
  for (std::size_t i = 0; i < 50; ++i) {
    SearchStats stats;
    ASSERT_EQ(solver.count(hard[i], 2, &stats), 1u);
    const Counted c = count_with(detail::count_isa_in_use(), hard[i], 2);
    ASSERT_EQ(c.count, 1u);
    ASSERT_EQ(stats.guesses, c.stats.guesses);
  }
}

// band_count_from: a check started from the base of some of the givens (made from the
// givens or from a smaller base) answers as band_count from the givens, on random grids'
// puzzles with one, several and no solutions (the generator's removal checks and more:
// any empty cell, the grid's digit or another forbidden), on both builds; a base that
// is not among the givens (a given left out or changed) falls back to the count.
void check_from_base(CountIsa isa) {
  SudokuSolver solver;
  std::mt19937_64 rng(23);
  int checks = 0, found = 0, from_smaller = 0, fallback = 0;
  for (int k = 0; k < 400; ++k) {
    const test::CutPuzzle c = test::cut_puzzle(solver, rng, k);
    const Grid& p = c.puzzle;
    const int given = p.clue_count();
    // The base keeps the first `keep` givens of the cut order, its outer base fewer.
    const int keep = static_cast<int>(rng() % (given + 1)), outer = keep / 2;
    Grid b = p, o = p;
    int seen = 0;
    for (int cell : c.order) {
      if (!p[cell]) continue;
      if (seen >= keep) b.clear(cell);
      if (seen >= outer) o.clear(cell);
      ++seen;
    }
    const bool wrong = k % 9 == 4;  // the base holds a given the puzzle lacks
    if (wrong) b.set(c.order[80], c.full[c.order[80]]);
    detail::BandBase outer_base, base;
    detail::band_base(isa, outer_base, o.cells().data());
    detail::band_base(isa, base, b.cells().data(), k % 2 ? &outer_base : nullptr);
    from_smaller += k % 2;
    fallback += wrong;
    for (int cell = 0; cell < 81; ++cell) {
      if (p[cell] || rng() % 3) continue;
      const int value = rng() % 2 ? c.full[cell] : static_cast<int>(1 + rng() % 9);
      const Candidate f{cell, value};
      bool conflict = false;
      const std::uint64_t want = detail::band_count(isa, p.cells().data(), 1, nullptr,
                                                    SearchLimits{}, &conflict, {&f, 1});
      const std::uint64_t got =
          detail::band_count_from(isa, base, p.cells().data(), f, nullptr, SearchLimits{});
      ASSERT_EQ(got, want) << "puzzle " << k << " keep " << keep << " forbid " << cell << '='
                           << value << ' ' << test::to_string(p);
      ++checks;
      found += want > 0;
    }
  }
  // Both answers, many times each.
  EXPECT_GT(found, 500);
  EXPECT_GT(checks - found, 500);
  EXPECT_GT(from_smaller, 100);
  EXPECT_GT(fallback, 20);
}

TEST(CountIsa, PortableCheckFromABaseAnswersAsTheCount) {
  check_from_base(CountIsa::kPortable);
}

TEST(CountIsa, V3CheckFromABaseAnswersAsTheCount) {
  if (!detail::count_isa_available(CountIsa::kX86_64_V3)) {
    GTEST_SKIP() << "this CPU lacks x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT, FMA)";
  }
  check_from_base(CountIsa::kX86_64_V3);
}

struct Enumerated {
  std::vector<std::uint8_t> solutions;  // 81 cells each, in the order visited
  std::uint64_t count = 0;
  bool conflict = false;
  SearchStats stats;
};

Enumerated enumerate_with(CountIsa isa, const Grid& p, std::uint64_t cap,
                          std::span<const Candidate> forbidden = {}) {
  Enumerated e;
  struct Keep {
    static bool fn(void* ctx, const std::uint8_t* cells) {
      auto& out = static_cast<Enumerated*>(ctx)->solutions;
      out.insert(out.end(), cells, cells + 81);
      return true;
    }
  };
  e.count = detail::band_enumerate(isa, p.cells().data(), cap, {&Keep::fn, &e}, &e.stats,
                                   SearchLimits{}, &e.conflict, forbidden);
  return e;
}

// band_enumerate on each build: every solution visited is one (the validator), none twice,
// as many as the count finds; the v3 build visits the same solutions in the same order
// with the same nodes and guesses as the portable one (solve and the neighbourhood moves
// depend on that order), with and without a forbidden candidate; SudokuSolver::enumerate
// visits the in-use build's.
TEST(CountIsa, EnumerationVisitsTheSameSolutionsInOrderOnEveryBuild) {
  const bool v3 = detail::count_isa_available(CountIsa::kX86_64_V3);
  SudokuSolver solver;
  std::mt19937_64 rng(29);
  int several = 0, capped = 0;
  for (const Grid& p : puzzles()) {
    const Candidate f{static_cast<int>(rng() % 81), static_cast<int>(1 + rng() % 9)};
    const bool forbid = !p[f.cell] && rng() % 2;
    const std::span<const Candidate> forbidden(&f, forbid ? 1 : 0);
    const Enumerated e = enumerate_with(CountIsa::kPortable, p, 300, forbidden);
    bool conflict = false;
    const std::uint64_t want = detail::band_count(CountIsa::kPortable, p.cells().data(), 300,
                                                  nullptr, SearchLimits{}, &conflict, forbidden);
    ASSERT_EQ(e.conflict, conflict) << test::to_string(p);
    ASSERT_EQ(e.count, want) << test::to_string(p);
    ASSERT_EQ(e.solutions.size(), 81 * e.count);
    std::set<std::vector<std::uint8_t>> distinct;
    for (std::size_t i = 0; i < e.count; ++i) {
      const Grid s(p.geometry(), std::vector<std::uint8_t>(e.solutions.begin() + 81 * i,
                                                           e.solutions.begin() + 81 * (i + 1)));
      ASSERT_TRUE(is_solution_of(p, s)) << test::to_string(p);
      if (forbid) {
        ASSERT_NE(s[f.cell], f.value);
      }
      distinct.insert(std::vector<std::uint8_t>(s.cells().begin(), s.cells().end()));
    }
    ASSERT_EQ(distinct.size(), e.count);
    several += e.count > 1;
    capped += e.count == 300;
    if (v3) {
      const Enumerated x = enumerate_with(CountIsa::kX86_64_V3, p, 300, forbidden);
      ASSERT_EQ(x.conflict, e.conflict) << test::to_string(p);
      ASSERT_EQ(x.solutions, e.solutions) << test::to_string(p);
      ASSERT_EQ(x.stats.nodes, e.stats.nodes) << test::to_string(p);
      ASSERT_EQ(x.stats.guesses, e.stats.guesses) << test::to_string(p);
    }
    if (forbid || e.conflict) continue;
    std::vector<std::uint8_t> seen;
    solver.enumerate(
        p,
        [&](const Grid& s) {
          seen.insert(seen.end(), s.cells().begin(), s.cells().end());
          return true;
        },
        300);
    ASSERT_EQ(seen, e.solutions) << test::to_string(p);
  }
  EXPECT_GT(several, 100);
  EXPECT_GT(capped, 20);
}

}  // namespace
}  // namespace sudoforge
