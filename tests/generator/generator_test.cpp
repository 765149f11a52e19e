#include "sudoforge/generator/generator.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "../solver/variant_boards.h"
#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/generator/layout.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {
namespace {

// Checks made with the solver's plain count (no forbidden candidates, no shortcuts) and
// the independent validator, never with the generator's own machinery.
class Checker {
 public:
  // Exactly one solution, and it is the one reported.
  void unique(const GeneratedPuzzle& p) {
    EXPECT_TRUE(is_solution_of(p.puzzle, p.solution));
    EXPECT_EQ(solver_.count(p.puzzle, 2), 1u);
  }
  // No single clue can go.
  bool cell_minimal(const Grid& puzzle) {
    Grid q = puzzle;
    for (int c = 0; c < q.cell_count(); ++c) {
      if (!q[c]) continue;
      const int v = q[c];
      q.clear(c);
      const auto n = solver_.count(q, 2);
      q.set(c, v);
      if (n < 2) return false;
    }
    return true;
  }
  // No whole orbit of `s` can go.
  bool orbit_minimal(const Grid& puzzle, Symmetry s) {
    for (const auto& orbit : orbits(puzzle.geometry(), s)) {
      if (!puzzle[orbit.front()]) continue;
      Grid q = puzzle;
      for (int c : orbit) q.clear(c);
      if (solver_.count(q, 2) < 2) return false;
    }
    return true;
  }
  // Every property a default (minimal) puzzle must have.
  void check(const GeneratedPuzzle& p, Symmetry asked) {
    unique(p);
    if (asked != Symmetry::kRandom) {
      EXPECT_EQ(p.symmetry, asked);
    }
    EXPECT_NE(p.symmetry, Symmetry::kRandom);
    EXPECT_TRUE(admits(p.puzzle.geometry(), p.symmetry));
    EXPECT_TRUE(has_symmetry(p.puzzle, p.symmetry)) << symmetry_name(p.symmetry);
    EXPECT_TRUE(p.orbit_minimal);
    EXPECT_TRUE(orbit_minimal(p.puzzle, p.symmetry));
    // `minimal` is reported honestly, both ways.
    EXPECT_EQ(p.minimal, cell_minimal(p.puzzle)) << symmetry_name(p.symmetry);
    if (p.symmetry == Symmetry::kNone) {
      EXPECT_TRUE(p.minimal);
    }
  }

 private:
  SudokuSolver solver_;
};

TEST(Generator, PuzzleSeedIsSplitMix64) {
  // Reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
  EXPECT_EQ(puzzle_seed(0, 0), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(puzzle_seed(0, 1), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(puzzle_seed(0, 2), 0x06c45d188009454fULL);
  EXPECT_NE(puzzle_seed(1, 0), puzzle_seed(0, 0));
}

TEST(Generator, MinimalUniqueNineByNine) {
  Generator gen(GeneratorOptions{});
  Checker check;
  std::set<std::string> distinct;
  for (std::uint64_t i = 0; i < 30; ++i) {
    const auto p = gen.generate(7, i);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->index, i);
    EXPECT_EQ(p->seed, 7u);
    EXPECT_EQ(p->attempts, 1u);
    check.check(*p, Symmetry::kNone);
    EXPECT_GE(p->puzzle.clue_count(), 17);
    distinct.insert(std::string(p->puzzle.cells().begin(), p->puzzle.cells().end()));
  }
  EXPECT_EQ(distinct.size(), 30u);
}

TEST(Generator, ReduceFromKeepsTheAddedClueAndIsMinimal) {
  // A minimal puzzle plus one clue of its solution, reduced again: a unique minimal subset
  // of the start that keeps the added clue (tried last, and only one start clue could go
  // before it, so it is needed whenever any other clue went).
  Generator gen(GeneratorOptions{});
  SudokuSolver solver;
  int differing = 0;
  for (std::uint64_t i = 0; i < 20; ++i) {
    const auto p = gen.generate(3, i);
    ASSERT_TRUE(p);
    int added = 0;
    while (p->puzzle[added]) ++added;
    Grid start = p->puzzle;
    start.set(added, p->solution[added]);
    const auto q = gen.reduce_from(start, p->solution, Symmetry::kNone, 100 + i, added);
    ASSERT_TRUE(q);
    EXPECT_EQ(solver.count(q->puzzle, 2), 1u);
    EXPECT_TRUE(q->minimal);
    EXPECT_TRUE(gen.is_minimal(q->puzzle));
    for (int c = 0; c < 81; ++c) {
      if (q->puzzle[c]) {
        EXPECT_EQ(q->puzzle[c], start[c]) << c;
      }
    }
    if (!(q->puzzle == p->puzzle)) {
      ++differing;
      EXPECT_EQ(q->puzzle[added], p->solution[added]);
    }
  }
  EXPECT_GT(differing, 10);
}

// reduce() loads its full grid as a solution (every house holds every symbol, so the
// houses' symbol masks start full without a pass over the cells); reduce_from from a copy
// of the grid loads it cell by cell. Same order, so the same puzzle, on boards with boxes,
// extra houses and jigsaw regions, with and without symmetry.
TEST(Generator, ReduceOfASolutionMatchesReduceFromACopy) {
  SudokuSolver solver;
  const std::vector<std::pair<Geometry, Symmetry>> boards = {
      {Geometry(2, 3), Symmetry::kNone},   {Geometry(3, 3), Symmetry::kNone},
      {Geometry(3, 3), Symmetry::kRot180}, {Geometry(3, 4), Symmetry::kNone},
      {test::x_board(9), Symmetry::kNone}, {test::jigsaw9(), Symmetry::kNone}};
  for (const auto& [board, symmetry] : boards) {
    SCOPED_TRACE(board.name());
    GeneratorOptions o;
    o.geometry = board;
    for (std::uint64_t k = 0; k < 3; ++k) {
      const Grid full = *solver.random_solution(Grid(board), 200 + k);
      const Grid copy = full;
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        // Fresh generators: a grid's second order also gets its pair sets.
        const GeneratedPuzzle p = Generator(o).reduce(full, symmetry, seed);
        const auto q = Generator(o).reduce_from(copy, full, symmetry, seed, -1);
        ASSERT_TRUE(q);
        EXPECT_EQ(p.puzzle, q->puzzle) << "grid " << k << " seed " << seed;
        EXPECT_EQ(p.uniqueness_searches, q->uniqueness_searches);
        EXPECT_EQ(solver.count(p.puzzle, 2), 1u);
      }
    }
  }
}

TEST(Generator, EverySymmetryOnNineByNine) {
  Checker check;
  for (Symmetry s : concrete_symmetries()) {
    SCOPED_TRACE(std::string(symmetry_name(s)));
    GeneratorOptions o;
    o.symmetry = s;
    Generator gen(o);
    for (std::uint64_t i = 0; i < 6; ++i) check.check(*gen.generate(11, i), s);
  }
}

TEST(Generator, RandomSymmetryDrawsSymmetricOnes) {
  Checker check;
  GeneratorOptions o;
  o.symmetry = Symmetry::kRandom;
  Generator gen(o);
  std::set<Symmetry> seen;
  for (std::uint64_t i = 0; i < 40; ++i) {
    const auto p = gen.generate(3, i);
    check.check(*p, Symmetry::kRandom);
    EXPECT_NE(p->symmetry, Symmetry::kNone);
    seen.insert(p->symmetry);
  }
  EXPECT_GE(seen.size(), 4u);  // 7 choices, 40 draws
}

TEST(Generator, AdmissibleSymmetriesOnSixBySix) {
  Checker check;
  const Geometry g(2, 3);
  for (Symmetry s : admissible_symmetries(g)) {
    SCOPED_TRACE(std::string(symmetry_name(s)));
    GeneratorOptions o;
    o.geometry = g;
    o.symmetry = s;
    Generator gen(o);
    for (std::uint64_t i = 0; i < 10; ++i) {
      const auto p = gen.generate(5, i);
      EXPECT_EQ(p->puzzle.geometry(), g);
      check.check(*p, s);
    }
  }
  GeneratorOptions random;
  random.geometry = g;
  random.symmetry = Symmetry::kRandom;
  Generator gen(random);
  for (std::uint64_t i = 0; i < 10; ++i) {
    const auto p = gen.generate(5, i);
    EXPECT_TRUE(p->symmetry == Symmetry::kRot180 || p->symmetry == Symmetry::kMirror ||
                p->symmetry == Symmetry::kFlip);
    check.check(*p, Symmetry::kRandom);
  }
}

TEST(Generator, AllSizesGenerateMinimalPuzzles) {
  Checker check;
  for (const Geometry& g : Geometry::all()) {
    if (g.size() > 16) continue;  // 25x25: see the next test
    SCOPED_TRACE(g.name());
    GeneratorOptions o;
    o.geometry = g;
    Generator gen(o);
    const int count = g.size() <= 9 ? 5 : 1;
    for (int i = 0; i < count; ++i) check.check(*gen.generate(1, i), Symmetry::kNone);
  }
}

// The puzzles of a seed never change (the catalogue's runs are resumed and compared by
// seed): the first two of seed 7, on boxes of both shapes (the unavoidable sets' bands
// and stacks differ on 2x3 and 3x4 boxes).
TEST(Generator, SeedSevenGivesTheSamePuzzlesAsEver) {
  const std::pair<Geometry, std::vector<std::string>> kRuns[] = {
      {Geometry(2, 3),
       {".36....1...3...24.....656.......4.5.", ".5.31.3..6..5................22.61.."}},
      {Geometry(3, 3),
       {".........5....7.41...91.....7..683....673...8..3..1.6..5.4....73.....8.4..9.8....",
        "8...2.....2..35.79.1.7............34.....9.1.7.63....5..2...3..59...........7.1.."}},
      {Geometry(3, 4),
       {"......L.IC.B..ED....K....L.I..FH.J...B.H....A.D....F...L.E....C...E....LB...D.....AH...."
        "BC.JE...AJ..G....D.....LA.K..H....GB...D..F......J.F.A..",
        ".FI...G.D.E.D......AK.J...AG.KJ..L..I..A........C.H..GB....J.......C.D...EF...C.G..D...."
        "DE..H..KK..IJ....C......I.H....GAK...B......B...E..L.F.C"}},
  };
  for (const auto& [g, expected] : kRuns) {
    SCOPED_TRACE(g.name());
    GeneratorOptions o;
    o.geometry = g;
    Generator gen(o);
    const Alphabet alphabet = Alphabet::standard(g.size());
    for (std::uint64_t i = 0; i < expected.size(); ++i) {
      const Grid puzzle = gen.generate(7, i)->puzzle;
      std::string text;
      for (int c = 0; c < puzzle.cell_count(); ++c) {
        text += puzzle[c] ? alphabet.symbol(puzzle[c]) : '.';
      }
      EXPECT_EQ(text, expected[i]) << "index " << i;
    }
  }
}

TEST(Generator, TwentyFiveByTwentyFiveNonMinimal) {
  // Minimal 25x25 generation takes many seconds (see bench/generator_bench); here a puzzle
  // that stops at 400 clues: unique, symmetric, at least 400 clues.
  GeneratorOptions o;
  o.geometry = Geometry(5, 5);
  o.symmetry = Symmetry::kRot180;
  o.minimal = false;
  o.min_clues = 400;
  Generator gen(o);
  const auto p = gen.generate(1, 0);
  Checker check;
  check.unique(*p);
  EXPECT_TRUE(has_symmetry(p->puzzle, Symmetry::kRot180));
  EXPECT_GE(p->puzzle.clue_count(), 400);
  EXPECT_LE(p->puzzle.clue_count(), 401);  // orbits of 2 (1 for the centre)
  EXPECT_FALSE(p->orbit_minimal);
  EXPECT_FALSE(p->minimal);
}

// 25x25 removal down to 285 clues: about half of the 271 searches outgrow the cell engine's
// share of the first budgets and are settled by the clause-learning search
// (ClauseSolver). Every removal it allowed must have kept the puzzle unique: checked with
// the validator and an independent count on kCellMasks.
TEST(Generator, TwentyFiveByTwentyFiveLearningChecksKeepUniqueness) {
  GeneratorOptions o;
  o.geometry = Geometry(5, 5);
  o.minimal = false;
  o.min_clues = 285;
  Generator gen(o);
  const auto p = gen.generate(3, 0);
  ASSERT_TRUE(p);
  Checker check;
  check.unique(*p);
  EXPECT_EQ(p->puzzle.clue_count(), 285);
  EXPECT_FALSE(p->minimal);
  EXPECT_GT(p->uniqueness_searches, 100);
}

// 16x16 takes the staged removal (node budgets, deferred retries, kCellMasks with the
// known solution as hint): the result must be unique and minimal exactly as the single
// pass's, checked here with the validator and a plain count on another engine.
TEST(Generator, SixteenBySixteenStagedRemovalIsMinimal) {
  GeneratorOptions o;
  o.geometry = Geometry(4, 4);
  Generator gen(o);
  Checker check;
  const auto p = gen.generate(21, 1);
  ASSERT_TRUE(p);
  check.check(*p, Symmetry::kNone);
  EXPECT_EQ(p->undecided_clues, 0);
  // With a symmetry: orbit-minimal, and `minimal` tested clue by clue.
  o.symmetry = Symmetry::kRot180;
  Generator sym(o);
  check.check(*sym.generate(21, 0), Symmetry::kRot180);
}

// Puzzle (21, 0) of a 16x16 generator with `o`, checked to be unique with clues left
// undecided, so neither minimal nor orbit_minimal.
std::optional<GeneratedPuzzle> undecided_16x16(GeneratorOptions o) {
  o.geometry = Geometry(4, 4);
  Generator gen(o);
  auto p = gen.generate(21, 0);
  if (!p) return p;
  Checker().unique(*p);
  EXPECT_GT(p->undecided_clues, 0);
  EXPECT_FALSE(p->minimal);
  EXPECT_FALSE(p->orbit_minimal);
  return p;
}

// A budget too small to settle the hard checks: the puzzle stays unique, the clues whose
// checks ran out are counted, and neither minimal nor orbit_minimal is claimed.
TEST(Generator, ExhaustedBudgetIsReportedNotMinimal) {
  GeneratorOptions o;
  o.geometry = Geometry(4, 4);
  o.max_check_nodes = 50;
  Checker check;
  const auto p = undecided_16x16(o);
  ASSERT_TRUE(p);
  // Unbounded for the same seed: every check settled, and a minimal puzzle with fewer
  // clues.
  o.max_check_nodes = 0;
  Generator full(o);
  const auto q = full.generate(21, 0);
  check.check(*q, Symmetry::kNone);
  EXPECT_EQ(q->undecided_clues, 0);
  EXPECT_LT(q->puzzle.clue_count(), p->puzzle.clue_count());
}

// A total for the checks of one grid: once it is spent, the clues left stay undecided,
// and generate() tries new grids (kUnprovenRetries25 more), then keeps the last one, still
// unique. Without the total the same seed takes one grid.
TEST(Generator, SpentGridTotalTriesNewGridsThenKeepsAUniquePuzzle) {
  GeneratorOptions o;
  o.geometry = Geometry(4, 4);
  o.max_check_nodes = 1000;
  o.max_grid_check_nodes = 1;
  Checker check;
  const auto p = undecided_16x16(o);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->attempts, static_cast<std::uint64_t>(1 + kUnprovenRetries25));
  o.max_grid_check_nodes = 0;
  Generator free_grid(o);
  const auto q = free_grid.generate(21, 0);
  ASSERT_TRUE(q);
  check.unique(*q);
  EXPECT_EQ(q->attempts, 1u);
  EXPECT_LT(q->puzzle.clue_count(), p->puzzle.clue_count());
  // Not minimal asked: a puzzle that ran out is kept at once.
  o.max_grid_check_nodes = 1;
  o.minimal = false;
  o.min_clues = 100;
  Generator fuller(o);
  EXPECT_EQ(fuller.generate(21, 0)->attempts, 1u);
}

TEST(Generator, MinCluesIsRespected) {
  Checker check;
  for (int k : {30, 36, 45, 81}) {
    GeneratorOptions o;
    o.minimal = false;
    o.min_clues = k;
    Generator gen(o);
    for (std::uint64_t i = 0; i < 5; ++i) {
      const auto p = gen.generate(9, i);
      check.unique(*p);
      // Without symmetry every orbit is one cell, so removal stops exactly at k (a minimal
      // puzzle has far fewer than 30 clues).
      EXPECT_EQ(p->puzzle.clue_count(), k);
      EXPECT_EQ(p->minimal, check.cell_minimal(p->puzzle));
      EXPECT_FALSE(p->minimal);
    }
  }
  // With a symmetry the count stays at k or just above (orbits of up to 8 cells).
  GeneratorOptions o;
  o.minimal = false;
  o.min_clues = 40;
  o.symmetry = Symmetry::kDihedral;
  Generator gen(o);
  for (std::uint64_t i = 0; i < 5; ++i) {
    const auto p = gen.generate(9, i);
    check.unique(*p);
    EXPECT_TRUE(has_symmetry(p->puzzle, Symmetry::kDihedral));
    EXPECT_GE(p->puzzle.clue_count(), 40);
    EXPECT_LT(p->puzzle.clue_count(), 48);
  }
}

TEST(Generator, ReproducibleFromSeedAndIndexOnly) {
  GeneratorOptions o;
  o.symmetry = Symmetry::kRandom;
  Generator a(o), b(o);
  // Another generator, another order of calls: the same puzzle for the same (seed, index).
  const auto p5 = a.generate(123, 5);
  b.generate(999, 0);
  b.generate(123, 4);
  const auto q5 = b.generate(123, 5);
  EXPECT_EQ(p5->puzzle, q5->puzzle);
  EXPECT_EQ(p5->solution, q5->solution);
  EXPECT_EQ(p5->symmetry, q5->symmetry);
  EXPECT_NE(a.generate(124, 5)->puzzle, p5->puzzle);
  EXPECT_NE(a.generate(123, 6)->puzzle, p5->puzzle);
}

std::vector<GeneratedPuzzle> run_batch(const GeneratorOptions& o, std::uint64_t seed,
                                       std::uint64_t first, std::uint64_t count, int threads,
                                       const AcceptFactory& accept = {}) {
  std::vector<GeneratedPuzzle> out;
  BatchOptions b;
  b.seed = seed;
  b.first_index = first;
  b.count = count;
  b.threads = threads;
  const auto r = generate_batch(o, b, accept, [&](const GeneratedPuzzle& p) { out.push_back(p); });
  EXPECT_EQ(r.end, BatchEnd::kComplete);
  EXPECT_EQ(r.delivered, count);
  return out;
}

TEST(GenerateBatch, SameOutputForAnyThreadCountInIndexOrder) {
  GeneratorOptions o;
  o.symmetry = Symmetry::kRandom;
  const auto one = run_batch(o, 77, 10, 60, 1);
  const auto two = run_batch(o, 77, 10, 60, 2);
  const auto four = run_batch(o, 77, 10, 60, 4);
  ASSERT_EQ(one.size(), 60u);
  ASSERT_EQ(two.size(), 60u);
  ASSERT_EQ(four.size(), 60u);
  Generator gen(o);
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].index, 10 + i);
    EXPECT_EQ(two[i].index, 10 + i);
    EXPECT_EQ(one[i].puzzle, two[i].puzzle);
    EXPECT_EQ(one[i].puzzle, four[i].puzzle);
    EXPECT_EQ(one[i].symmetry, four[i].symmetry);
  }
  // And the same as one Generator called directly.
  EXPECT_EQ(gen.generate(77, 33)->puzzle, one[23].puzzle);
  // Another seed, other puzzles.
  const auto other = run_batch(o, 78, 10, 60, 2);
  int same = 0;
  for (std::size_t i = 0; i < other.size(); ++i) same += other[i].puzzle == one[i].puzzle;
  EXPECT_EQ(same, 0);
}

TEST(GenerateBatch, AcceptFilterIsAppliedAndDeterministic) {
  // Keep only puzzles with at most 23 clues (roughly a third of minimal 9x9 puzzles);
  // each worker gets its own predicate from the factory.
  std::atomic<int> made{0};
  AcceptFactory factory = [&made]() -> Accept {
    ++made;
    return [](GeneratedPuzzle& p) {
      p.level = "few";
      return p.puzzle.clue_count() <= 23;
    };
  };
  GeneratorOptions o;
  const auto one = run_batch(o, 5, 0, 12, 1, factory);
  const auto two = run_batch(o, 5, 0, 12, 2, factory);
  EXPECT_EQ(made.load(), 3);
  std::uint64_t retried = 0;
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_LE(one[i].puzzle.clue_count(), 23);
    EXPECT_EQ(one[i].level, "few");
    EXPECT_EQ(one[i].puzzle, two[i].puzzle);
    EXPECT_EQ(one[i].attempts, two[i].attempts);
    retried += one[i].attempts > 1;
  }
  EXPECT_GT(retried, 0u);
}

TEST(GenerateBatch, MaxAttemptsAndWorkerErrorsSurface) {
  GeneratorOptions o;
  o.max_attempts = 3;
  Generator gen(o);
  EXPECT_THROW(gen.generate(1, 0, [](GeneratedPuzzle&) { return false; }), GeneratorError);
  BatchOptions b;
  b.count = 20;
  b.threads = 2;
  AcceptFactory never = [] {
    return Accept([](GeneratedPuzzle&) -> bool { throw std::runtime_error("boom"); });
  };
  EXPECT_THROW(generate_batch(o, b, never, [](const GeneratedPuzzle&) {}), std::runtime_error);
  // A throwing consumer stops the batch too.
  EXPECT_THROW(
      generate_batch(o, b, {}, [](const GeneratedPuzzle&) { throw std::logic_error("x"); }),
      std::logic_error);
}

TEST(GenerateBatch, StopFlagEndsCleanlyWithAContiguousPrefix) {
  GeneratorOptions o;
  std::atomic<bool> stop{false};
  std::vector<std::uint64_t> indices;
  BatchOptions b;
  b.seed = 4;
  b.count = 1'000'000;
  b.threads = 2;
  const auto r = generate_batch(
      o, b, {},
      [&](const GeneratedPuzzle& p) {
        indices.push_back(p.index);
        if (indices.size() == 25) stop = true;
      },
      &stop);
  EXPECT_EQ(r.end, BatchEnd::kStopped);
  EXPECT_GE(r.delivered, 25u);
  EXPECT_LT(r.delivered, b.count);
  ASSERT_EQ(indices.size(), r.delivered);
  for (std::size_t i = 0; i < indices.size(); ++i) EXPECT_EQ(indices[i], i);

  // A stop requested before the start: nothing is built.
  Generator gen(o);
  std::atomic<bool> stopped{true};
  EXPECT_FALSE(gen.generate(1, 0, {}, &stopped).has_value());
}

TEST(GenerateBatch, DeadlineEndsTheRun) {
  GeneratorOptions o;
  BatchOptions b;
  b.count = 1'000'000'000;
  b.deadline = std::chrono::steady_clock::now();
  std::uint64_t n = 0;
  const auto r = generate_batch(o, b, {}, [&](const GeneratedPuzzle&) { ++n; });
  EXPECT_EQ(r.end, BatchEnd::kDeadline);
  EXPECT_EQ(r.delivered, n);
  EXPECT_LT(n, b.count);
}

TEST(Generator, OptionsAreValidated) {
  GeneratorOptions o;
  o.geometry = Geometry(2, 3);
  for (Symmetry s :
       {Symmetry::kRot90, Symmetry::kDiagonal, Symmetry::kAntidiagonal, Symmetry::kDihedral}) {
    o.symmetry = s;
    EXPECT_THROW(Generator{o}, GeneratorError);
  }
  o.symmetry = Symmetry::kRandom;
  EXPECT_NO_THROW(Generator{o});
  GeneratorOptions m;
  m.min_clues = 30;  // minimal == true
  EXPECT_THROW(Generator{m}, GeneratorError);
  m.minimal = false;
  m.min_clues = 82;
  EXPECT_THROW(Generator{m}, GeneratorError);
  m.min_clues = -1;
  EXPECT_THROW(Generator{m}, GeneratorError);
  BatchOptions b;
  b.threads = 0;
  EXPECT_THROW(generate_batch(GeneratorOptions{}, b, {}, [](const GeneratedPuzzle&) {}),
               GeneratorError);
  b.threads = 257;
  EXPECT_THROW(generate_batch(GeneratorOptions{}, b, {}, [](const GeneratedPuzzle&) {}),
               GeneratorError);
}

TEST(Generator, ReduceAndIsMinimal) {
  SudokuSolver solver;
  const Grid full = *solver.random_solution(Grid(Geometry()), 42);
  Generator gen(GeneratorOptions{});
  const auto p = gen.reduce(full, Symmetry::kRot90, 9);
  EXPECT_TRUE(is_solution_of(p.puzzle, full));
  EXPECT_EQ(solver.count(p.puzzle, 2), 1u);
  EXPECT_TRUE(has_symmetry(p.puzzle, Symmetry::kRot90));
  Checker check;
  EXPECT_EQ(gen.is_minimal(p.puzzle), check.cell_minimal(p.puzzle));
  EXPECT_EQ(p.minimal, check.cell_minimal(p.puzzle));
  // The full grid is far from minimal; a minimal puzzle is.
  EXPECT_FALSE(gen.is_minimal(full));
  EXPECT_TRUE(gen.is_minimal(gen.reduce(full, Symmetry::kNone, 1).puzzle));
  EXPECT_THROW(gen.reduce(full, Symmetry::kRandom, 1), GeneratorError);
}

// One generator reducing several grids in turn (its unavoidable sets are found once per
// grid and kept while the next removal orders of that grid are tried): each puzzle is the
// one a fresh generator gives for the same grid and order, and stays unique.
TEST(Generator, ReductionsInTurnMatchFreshGenerators) {
  SudokuSolver solver;
  const Grid a = *solver.random_solution(Grid(Geometry()), 7);
  const Grid b = *solver.random_solution(Grid(Geometry()), 8);
  Generator gen(GeneratorOptions{});
  const std::vector<std::tuple<const Grid*, Symmetry, std::uint64_t>> runs = {
      {&a, Symmetry::kNone, 1}, {&a, Symmetry::kRot180, 2}, {&b, Symmetry::kNone, 3},
      {&a, Symmetry::kNone, 4}, {&b, Symmetry::kMirror, 5}, {&b, Symmetry::kNone, 6}};
  for (const auto& [grid, symmetry, seed] : runs) {
    const GeneratedPuzzle p = gen.reduce(*grid, symmetry, seed);
    EXPECT_EQ(p.puzzle, Generator(GeneratorOptions{}).reduce(*grid, symmetry, seed).puzzle)
        << "seed " << seed;
    EXPECT_EQ(solver.count(p.puzzle, 2), 1u);
    EXPECT_TRUE(is_solution_of(p.puzzle, *grid));
    // is_minimal drops the sets (it has no solution): the next reduction finds them again.
    if (seed == 4) {
      EXPECT_TRUE(gen.is_minimal(p.puzzle));
    }
  }
}

// A grid's later removal orders also use the symbol pairs' unavoidable sets (found when the
// grid comes back): a set that were not unavoidable would keep a clue the search lets go.
// So each of eight orders of a grid gives the puzzle of a fresh generator (which has only
// the line sets on its first order), minimal and unique, on boxes of three shapes.
TEST(Generator, LaterOrdersOfAGridMatchFreshGenerators) {
  SudokuSolver solver;
  Checker check;
  for (const Geometry& board : {Geometry(2, 3), Geometry(3, 3), Geometry(3, 4)}) {
    SCOPED_TRACE(board.name());
    GeneratorOptions o;
    o.geometry = board;
    Generator gen(o);
    const int grids = board.size() == 9 ? 4 : 1;
    for (int k = 0; k < grids; ++k) {
      const Grid full = *solver.random_solution(Grid(board), 100 + k);
      for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        const GeneratedPuzzle p = gen.reduce(full, Symmetry::kNone, seed);
        EXPECT_EQ(p.puzzle, Generator(o).reduce(full, Symmetry::kNone, seed).puzzle)
            << "grid " << k << " seed " << seed;
        EXPECT_TRUE(check.cell_minimal(p.puzzle));
        EXPECT_EQ(solver.count(p.puzzle, 2), 1u);
      }
    }
    // Under a filter every grid has the pair sets from its first order: a filter that
    // takes every eighth candidate sees all the orders of each grid.
    std::vector<Grid> seen;
    const Accept every_eighth = [&](GeneratedPuzzle& p) {
      seen.push_back(p.puzzle);
      return seen.size() % 8 == 0;
    };
    for (std::uint64_t index = 0; index < 2; ++index)
      ASSERT_TRUE(gen.generate(5, index, every_eighth));
    ASSERT_EQ(seen.size(), 16u);
    for (const Grid& puzzle : seen) {
      EXPECT_TRUE(check.cell_minimal(puzzle));
      EXPECT_EQ(solver.count(puzzle, 2), 1u);
    }
  }
}

// Classic 9x9 passes lay out their checks' windows around the orbits the unavoidable sets
// keep (their givens stay in the propagated bases, and the pass does not try them again):
// a wrong "kept" keeps a clue that could go. Later orders of a grid, whose pair sets keep
// the most orbits, with single cells and with the pairs of rot180; each puzzle is checked
// with the plain count and equals a fresh generator's.
TEST(Generator, OrbitsTheSetsKeepLeaveMinimalPuzzles) {
  SudokuSolver solver;
  Checker check;
  GeneratorOptions o;
  Generator gen(o);
  for (int k = 0; k < 6; ++k) {
    const Grid full = *solver.random_solution(Grid(Geometry(3, 3)), 300 + k);
    for (const Symmetry s : {Symmetry::kNone, Symmetry::kRot180}) {
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const GeneratedPuzzle p = gen.reduce(full, s, seed);
        EXPECT_EQ(p.puzzle, Generator(o).reduce(full, s, seed).puzzle)
            << "grid " << k << " seed " << seed << " " << symmetry_name(s);
        EXPECT_EQ(solver.count(p.puzzle, 2), 1u);
        EXPECT_TRUE(check.orbit_minimal(p.puzzle, s)) << "grid " << k << " seed " << seed;
      }
    }
  }
}

// Boards with extra houses or jigsaw regions: the generator's masks, forced-cell test and
// full grids read the houses, and its classic-only steps (unavoidable sets from band
// swaps, prefilled diagonal boxes) stay off, so every puzzle is unique on its own board.
TEST(Generator, MakesUniquePuzzlesOnXAndJigsawBoards) {
  for (const Geometry& g : {test::x_board(9), test::jigsaw6(), test::jigsaw9()}) {
    GeneratorOptions options;
    options.geometry = g;
    Generator generator(options);
    SudokuSolver solver;
    for (std::uint64_t index = 0; index < 3; ++index) {
      const auto p = generator.generate(5, index);
      ASSERT_TRUE(p.has_value()) << g.name();
      EXPECT_TRUE(p->puzzle.geometry() == g);
      EXPECT_TRUE(is_valid_solution(p->solution)) << g.name();
      EXPECT_TRUE(is_solution_of(p->puzzle, p->solution)) << g.name();
      EXPECT_EQ(solver.count(p->puzzle, 2), 1u) << g.name();
      EXPECT_TRUE(p->minimal) << g.name();
      EXPECT_LT(p->puzzle.clue_count(), g.cell_count() / 2) << g.name();
    }
  }
}

// Jigsaw checks made apart from the product's Geometry: only the region label of each
// cell is read from the board (box()), and regions, connectivity and the solution's
// houses are checked here from those labels.
std::vector<int> region_labels(const Geometry& g) {
  std::vector<int> label(g.cell_count());
  for (int c = 0; c < g.cell_count(); ++c) label[c] = g.box(c);
  return label;
}

// Every row, column and region of the full grid holds 1..n once.
bool solves_rows_columns_regions(int n, const std::vector<int>& label, const Grid& solution) {
  std::set<std::pair<int, int>> row, col, region;  // (house, value)
  for (int c = 0; c < n * n; ++c) {
    const int v = solution[c];
    if (v < 1 || v > n) return false;
    if (!row.insert({c / n, v}).second || !col.insert({c % n, v}).second ||
        !region.insert({label[c], v}).second) {
      return false;
    }
  }
  return true;
}

// The regions map onto regions under every transform of s (cells in one region go to
// cells in one region).
bool layout_has_symmetry(const Geometry& g, Symmetry s) {
  const std::vector<int> label = region_labels(g);
  for (Transform t : group_of(s)) {
    std::map<int, int> image;
    for (int c = 0; c < g.cell_count(); ++c) {
      const auto [it, fresh] = image.emplace(label[c], label[transform_cell(g, t, c)]);
      if (!fresh && it->second != label[transform_cell(g, t, c)]) return false;
    }
  }
  return true;
}

GeneratorOptions jigsaw_options(int n, Symmetry s = Symmetry::kNone) {
  GeneratorOptions o;
  o.geometry = Geometry::with_regions(n, [n] {
    std::vector<int> rows(n * n);
    for (int c = 0; c < n * n; ++c) rows[c] = c / n;
    return rows;
  }());
  o.jigsaw = true;
  o.symmetry = s;
  return o;
}

void check_jigsaw(const GeneratedPuzzle& p, int n, Checker& check, Symmetry asked) {
  const Geometry& g = p.puzzle.geometry();
  ASSERT_EQ(g.size(), n);
  EXPECT_TRUE(p.solution.geometry() == g);
  EXPECT_FALSE(g.has_boxes());
  const std::vector<int> label = region_labels(g);
  EXPECT_TRUE(test::regions_are_connected_n_cell_sets(n, label)) << n;
  EXPECT_TRUE(solves_rows_columns_regions(n, label, p.solution)) << n;
  EXPECT_TRUE(layout_has_symmetry(g, p.symmetry)) << n << " " << symmetry_name(p.symmetry);
  check.check(p, asked);
}

TEST(GeneratorJigsaw, EverySizeGivesUniqueMinimalPuzzlesOnConnectedRegions) {
  Checker check;
  for (int n : {4, 5, 6, 7, 8, 9, 10, 12}) {
    Generator generator(jigsaw_options(n));
    std::set<std::vector<int>> layouts;
    for (std::uint64_t index = 0; index < 2; ++index) {
      const auto p = generator.generate(17, index);
      ASSERT_TRUE(p.has_value());
      check_jigsaw(*p, n, check, Symmetry::kNone);
      EXPECT_TRUE(p->minimal);
      layouts.insert(region_labels(p->puzzle.geometry()));
    }
    EXPECT_GT(layouts.size(), 1u) << n;  // a layout per puzzle, not one per run
  }
}

// One 16x16 puzzle: its board and uniqueness (the clue-by-clue minimality check of the
// other sizes would take minutes here).
TEST(GeneratorJigsaw, SixteenBySixteen) {
  const auto p = Generator(jigsaw_options(16)).generate(3, 0);
  ASSERT_TRUE(p.has_value());
  const std::vector<int> label = region_labels(p->puzzle.geometry());
  EXPECT_TRUE(test::regions_are_connected_n_cell_sets(16, label));
  EXPECT_TRUE(solves_rows_columns_regions(16, label, p->solution));
  EXPECT_TRUE(is_solution_of(p->puzzle, p->solution));
  EXPECT_EQ(SudokuSolver().count(p->puzzle, 2), 1u);
}

TEST(GeneratorJigsaw, SymmetricLayoutsAndGivens) {
  Checker check;
  const std::vector<std::pair<int, Symmetry>> cases = {
      {4, Symmetry::kRot180},       {10, Symmetry::kMirror}, {6, Symmetry::kFlip},
      {7, Symmetry::kRot180},       {8, Symmetry::kRot180},  {9, Symmetry::kDiagonal},
      {9, Symmetry::kAntidiagonal}, {9, Symmetry::kRot90},   {11, Symmetry::kRot180},
      {9, Symmetry::kRandom}};
  for (const auto& [n, s] : cases) {
    Generator generator(jigsaw_options(n, s));
    for (std::uint64_t index = 0; index < 2; ++index) {
      const auto p = generator.generate(8, index);
      ASSERT_TRUE(p.has_value());
      check_jigsaw(*p, n, check, s);
      EXPECT_NE(p->symmetry, Symmetry::kNone);
    }
  }
}

TEST(GeneratorJigsaw, AdmittedSymmetries) {
  const auto names = [](const std::vector<Symmetry>& list) {
    std::string out;
    for (Symmetry s : list) out += std::string(symmetry_name(s)) + " ";
    return out;
  };
  EXPECT_EQ(names(jigsaw_symmetries(jigsaw_options(7).geometry)), "none rot180 ");
  EXPECT_EQ(names(jigsaw_symmetries(jigsaw_options(10).geometry)), "none rot180 mirror flip ");
  EXPECT_EQ(names(jigsaw_symmetries(jigsaw_options(9).geometry)),
            "none rot180 rot90 mirror flip diagonal antidiagonal ");
  EXPECT_THROW(Generator(jigsaw_options(7, Symmetry::kDiagonal)), GeneratorError);
  EXPECT_THROW(Generator(jigsaw_options(4, Symmetry::kRot90)), GeneratorError);
  GeneratorOptions small = jigsaw_options(4);
  small.geometry = Geometry(2, 2);  // any board of the size will do
  EXPECT_NO_THROW(Generator{small});
  EXPECT_THROW(draw_region_map(3, Symmetry::kNone, 1), std::invalid_argument);
  EXPECT_THROW(draw_region_map(9, Symmetry::kRandom, 1), std::invalid_argument);
  EXPECT_EQ(draw_region_map(11, Symmetry::kRot180, 5), draw_region_map(11, Symmetry::kRot180, 5));
  EXPECT_NE(draw_region_map(11, Symmetry::kRot180, 5), draw_region_map(11, Symmetry::kRot180, 6));
}

TEST(GeneratorJigsaw, ReproducibleAndThreadIndependent) {
  const GeneratorOptions o = jigsaw_options(7, Symmetry::kRandom);
  Generator a(o), b(o);
  const auto p = a.generate(42, 3);
  b.generate(42, 2);
  const auto q = b.generate(42, 3);
  EXPECT_TRUE(p->puzzle.geometry() == q->puzzle.geometry());
  EXPECT_EQ(p->puzzle, q->puzzle);
  EXPECT_EQ(p->symmetry, q->symmetry);
  const auto one = run_batch(o, 42, 0, 8, 1);
  const auto three = run_batch(o, 42, 0, 8, 3);
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_TRUE(one[i].puzzle.geometry() == three[i].puzzle.geometry());
    EXPECT_EQ(one[i].puzzle, three[i].puzzle);
  }
  EXPECT_TRUE(one[3].puzzle.geometry() == p->puzzle.geometry());
  EXPECT_EQ(one[3].puzzle, p->puzzle);
}

// Clue removal and the minimality test accept any jigsaw board of the size.
TEST(GeneratorJigsaw, ReduceTakesTheBoardOfItsGrid) {
  const auto p = Generator(jigsaw_options(6)).generate(1, 0);
  Generator fresh(jigsaw_options(6));  // its board is still the rows
  const GeneratedPuzzle q = fresh.reduce(p->solution, Symmetry::kNone, 4);
  EXPECT_TRUE(q.puzzle.geometry() == p->puzzle.geometry());
  Checker check;
  check.unique(q);
  EXPECT_TRUE(check.cell_minimal(q.puzzle));
  EXPECT_TRUE(Generator(jigsaw_options(6)).is_minimal(p->puzzle));
  EXPECT_THROW(fresh.is_minimal(Grid(Geometry(2, 3))), GeneratorError);
}

}  // namespace
}  // namespace sudoforge
