// Nishio, multiple and dynamic forcing chains (chains_dynamic.cpp): each kind at the
// step of a known puzzle where it is the easiest hint, the chain depth that caps the
// ladder, and engines and graders reused across grids, puzzles and threads.
#include <gtest/gtest.h>

#include <bit>
#include <thread>

#include "dynamic_board.h"
#include "grader_test_util.h"
#include "step_links.h"
#include "sudoforge/core/variant.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

struct ChainCase {
  const char* puzzle;
  int step;  // the step where the technique is the next one
  const char* technique;
  int rating;       // tenths
  int cell, digit;  // the one elimination
};

void expect_advanced_chain(const ChainCase& t) {
  CandidateGrid g = position_before(t.puzzle, t.step);
  Ctx ctx{g, true};
  grader::detail::ChainEngine engine;
  Hint h;
  // Nothing cheaper: no forcing chain or cycle applies here.
  EXPECT_FALSE(engine.find_forcing_chains(ctx, h)) << t.puzzle;
  ASSERT_TRUE(engine.find_advanced_chains(ctx, 3, h)) << t.puzzle;
  EXPECT_STREQ(h.technique, t.technique) << h.explanation;
  EXPECT_EQ(h.rating, t.rating) << h.explanation;
  EXPECT_TRUE(h.placements.empty()) << h.explanation;
  ASSERT_EQ(h.eliminations.size(), 1u) << h.explanation;
  EXPECT_EQ(h.eliminations[0], std::make_pair(t.cell, t.digit)) << h.explanation;
  EXPECT_FALSE(h.explanation.empty());
}

}  // namespace

// Positions from cb001 / top1465 puzzles whose ER equals Sudoku Explainer's, at the step
// where each kind of advanced chain is the easiest hint.
TEST(GraderAdvancedChains, NishioForcingChain) {
  // 7.5 + 0.1 for 8 nodes: r4c9=4 leads to r8c8 both 4 and not 4.
  expect_advanced_chain(
      {"1....6....567..1...89.....52.8..7....9...1.......4.93..6.87.39...2.3.6.....6.48..", 27,
       "Nishio Forcing Chains", 76, 35, 4});
}

TEST(GraderAdvancedChains, RegionForcingChain) {
  // 8.0 + 0.2 for 10 nodes: both places of 7 in row 1 remove 4 from r1c3.
  expect_advanced_chain(
      {"1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3.", 10,
       "Region Forcing Chains", 82, 2, 4});
}

TEST(GraderAdvancedChains, CellForcingChain) {
  // 8.0 + 0.3 for 12 nodes: every value of r3c7 removes 2 from r2c9.
  expect_advanced_chain(
      {"1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3.", 14,
       "Cell Forcing Chains", 83, 17, 2});
}

TEST(GraderAdvancedChains, DynamicDoubleForcingChain) {
  // 8.5 + 0.3 for 14 nodes: r2c9=6 and r2c9<>6 both remove 1 from r2c9.
  expect_advanced_chain(
      {"...4....94.....23.896........4...1.5.....762..8...1....3.9........32..9......8..7", 20,
       "Dynamic Double Forcing Chains", 88, 17, 1});
}

TEST(GraderAdvancedChains, DynamicRegionForcingChain) {
  expect_advanced_chain(
      {"...4....94.....23.896........4...1.5.....762..8...1....3.9........32..9......8..7", 21,
       "Dynamic Region Forcing Chains", 89, 73, 6});
}

TEST(GraderAdvancedChains, DynamicCellForcingChain) {
  expect_advanced_chain(
      {".2.45...9...7...2.......56..7.3......9.......641..78.5..2....7.8..6.....9...23..6", 13,
       "Dynamic Cell Forcing Chains", 90, 6, 1});
}

TEST(GraderAdvancedChains, DynamicContradictionForcingChain) {
  // 8.5 + 0.5 for 20 nodes: r2c9=7 makes r1c7 both 5 and not 5.
  expect_advanced_chain(
      {"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", 33,
       "Dynamic Contradiction Forcing Chains", 90, 17, 7});
}

TEST(GraderAdvancedChains, ChainDepthCapsTheLadder) {
  // Without the advanced chains the 8.3 puzzle cannot be finished; with them it is.
  const std::string p =
      "1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3.";
  GradeOptions opt;
  opt.max_chain_depth = 1;
  EXPECT_FALSE(Grader(opt).rate(grid81(p)).complete);
  Rating r = Grader().rate(grid81(p));
  EXPECT_TRUE(r.complete);
  EXPECT_DOUBLE_EQ(r.er, 8.3);
  EXPECT_EQ(r.hardest, "Cell Forcing Chains");
}

// The multiple and dynamic producers keep their chainings from one call to the next, each
// while what it read (links, candidates, unit positions) is unchanged, whatever the grid.
// Calls alternating between the grids of a puzzle's first and last multiple or dynamic
// chain steps and a copy of the first that went its own way, with and without
// explanations, must each give what a fresh engine gives.
TEST(GraderChains, AdvancedChainsKeepNothingAcrossGrids) {
  int compared = 0, puzzles = 0;
  for (const char* file : {"/grader/cb001_1000.txt", "/grader/top1465_300.txt"}) {
    const auto lines = read_lines(std::string(SUDOFORGE_TEST_DATA) + file);
    int taken = 0;
    for (size_t k = 0; k < lines.size() && taken < 6; ++k) {
      if (lines[k].size() > 82 && std::stod(lines[k].substr(82)) < 8.0) continue;
      const std::string puzzle = lines[k].substr(0, 81);
      const Rating r = Grader().rate(grid81(puzzle), true);
      int first = -1, last = -1;
      for (size_t i = 0; i < r.steps.size(); ++i) {
        const std::string& t = r.steps[i].technique;
        const bool multiple = t.rfind("Region", 0) == 0 || t.rfind("Cell", 0) == 0;
        const bool dynamic = t.rfind("Dynamic", 0) == 0 && t.find("(+") == std::string::npos;
        if (!multiple && !dynamic) continue;
        if (first < 0) first = static_cast<int>(i) + 1;
        last = static_cast<int>(i) + 1;
      }
      if (first < 0) continue;
      ++taken;
      ++puzzles;
      CandidateGrid a = position_before(puzzle, first);
      CandidateGrid b = a;
      CandidateGrid c = position_before(puzzle, last);
      grader::detail::ChainEngine shared;
      Hint h, fresh_h;
      ASSERT_TRUE(shared.find_advanced_chains(Ctx{a, false}, 5, h)) << puzzle;
      // b loses the step's eliminations (or its placement's rivals); a stays as it was.
      for (auto [cell, d] : h.eliminations) b.eliminate(cell, d);
      for (auto [cell, d] : h.placements) {
        for (grader::detail::Mask m = b.cand(cell) & ~(grader::detail::Mask{1} << d); m;
             m &= m - 1) {
          b.eliminate(cell, std::countr_zero(m));
        }
      }
      for (int round = 0; round < 2; ++round) {
        for (CandidateGrid* g : {&b, &a, &c, &a, &b, &c}) {
          grader::detail::ChainEngine fresh;
          const bool x = shared.find_advanced_chains(Ctx{*g, round == 1}, 5, h);
          const bool y = fresh.find_advanced_chains(Ctx{*g, round == 1}, 5, fresh_h);
          ASSERT_EQ(x, y) << puzzle;
          if (x) {
            EXPECT_STREQ(h.technique, fresh_h.technique) << puzzle;
            EXPECT_EQ(h.rating, fresh_h.rating) << puzzle;
            EXPECT_EQ(h.complexity, fresh_h.complexity) << puzzle;
            EXPECT_EQ(h.eliminations, fresh_h.eliminations) << puzzle;
            EXPECT_EQ(h.placements, fresh_h.placements) << puzzle;
            if (round == 1) {
              EXPECT_EQ(h.explanation, fresh_h.explanation) << puzzle;
            }
          }
          ++compared;
        }
      }
    }
  }
  EXPECT_EQ(puzzles, 12);
  EXPECT_EQ(compared, 144);
}

// The same along a graded path, as the grader calls the producers: at each Nishio,
// multiple or dynamic chain step, an engine that saw the steps before gives what a fresh
// one gives.
TEST(GraderChains, AdvancedChainsKeptAlongAPathMatchAFreshEngine) {
  const std::vector<std::string> puzzles = {
      "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
      "1....6....567..1...89.....52.8..7....9...1.......4.93..6.87.39...2.3.6.....6.48.."};
  int compared = 0;
  for (const std::string& puzzle : puzzles) {
    const Rating r = Grader().rate(grid81(puzzle), true);
    CandidateGrid g{grid81(puzzle)};
    grader::detail::ChainEngine shared;
    for (const Step& s : r.steps) {
      const std::string& t = s.technique;
      if (t.rfind("Nishio", 0) == 0 || t.rfind("Region", 0) == 0 || t.rfind("Cell", 0) == 0 ||
          t.rfind("Dynamic", 0) == 0) {
        grader::detail::ChainEngine fresh;
        Hint h, fresh_h;
        ASSERT_TRUE(shared.find_advanced_chains(Ctx{g, true}, 5, h)) << puzzle;
        ASSERT_TRUE(fresh.find_advanced_chains(Ctx{g, true}, 5, fresh_h)) << puzzle;
        EXPECT_EQ(h.explanation, fresh_h.explanation) << puzzle;
        EXPECT_EQ(h.complexity, fresh_h.complexity) << puzzle;
        EXPECT_EQ(h.eliminations, fresh_h.eliminations) << puzzle;
        EXPECT_EQ(h.placements, fresh_h.placements) << puzzle;
        ++compared;
      }
      for (auto [c, d] : s.eliminations) g.eliminate(c, d);
      for (auto [c, d] : s.placements) g.place(c, d);
    }
  }
  EXPECT_GE(compared, 20);
}

// The Nishio producer keeps each digit's best hint with the positions it was found on,
// across steps and puzzles (explanations only when they were asked for). A Grader that
// has rated other puzzles first, and this one without steps, must give every step, rating
// and explanation exactly as a fresh Grader does.
TEST(GraderAdvancedChains, ReusedGraderExplainsNishioStepsAsAFreshOne) {
  const std::vector<std::string> puzzles = {
      "1....6....567..1...89.....52.8..7....9...1.......4.93..6.87.39...2.3.6.....6.48..",
      "1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3.",
      "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
  };
  Grader reused;
  for (const auto& p : puzzles) reused.rate(grid81(p));
  int nishio_steps = 0;
  for (const auto& p : puzzles) {
    const Rating fresh = Grader().rate(grid81(p), true);
    reused.rate(grid81(p));  // the same positions again, first without explanations
    const Rating again = reused.rate(grid81(p), true);
    ASSERT_EQ(again.steps.size(), fresh.steps.size()) << p;
    for (size_t i = 0; i < fresh.steps.size(); ++i) {
      EXPECT_EQ(again.steps[i].explanation, fresh.steps[i].explanation) << p << " step " << i;
      EXPECT_EQ(again.steps[i].eliminations, fresh.steps[i].eliminations) << p << " step " << i;
      EXPECT_EQ(again.steps[i].placements, fresh.steps[i].placements) << p << " step " << i;
      EXPECT_DOUBLE_EQ(again.steps[i].rating, fresh.steps[i].rating) << p << " step " << i;
      nishio_steps += fresh.steps[i].technique == "Nishio Forcing Chains";
    }
    EXPECT_DOUBLE_EQ(again.er, fresh.er) << p;
  }
  EXPECT_GT(nishio_steps, 0) << "the puzzles no longer need a Nishio step";
}

// Regression: DynamicScratch (one per Grader) kept pointers into the CandidateGrid of the
// previous rate() call (a use-after-free that crashed `grade --threads 2` on 17clue).
// Two threads, each with its own Grader reused across puzzles, must rate the puzzles that
// need Nishio / multiple / dynamic chains exactly as a single-threaded run does.
TEST(GraderThreads, TwoGradersInParallelAgreeOnAdvancedChains) {
  const auto lines = read_lines(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt");
  ASSERT_FALSE(lines.empty());
  auto needs_advanced = [](const Rating& r) {
    for (const auto& t : r.techniques) {
      if (t.find("Dynamic") != std::string::npos || t.find("Nishio") != std::string::npos ||
          t.find("Cell Forcing") != std::string::npos) {
        return true;
      }
    }
    return false;
  };
  // Reference: single-threaded, a fresh Grader per puzzle (no state carried over).
  std::vector<Grid> puzzles;
  std::vector<Rating> expected;
  for (const auto& line : lines) {
    if (puzzles.size() >= 12) break;
    const Grid p = grid81(line);
    Rating r = Grader().rate(p);
    if (!needs_advanced(r)) continue;
    puzzles.push_back(p);
    expected.push_back(std::move(r));
  }
  ASSERT_GE(puzzles.size(), 6u) << "fixture has too few puzzles needing advanced chains";

  constexpr int kThreads = 2, kRounds = 2;
  std::vector<std::vector<Rating>> got(kThreads);
  std::vector<std::thread> pool;
  for (int t = 0; t < kThreads; ++t) {
    pool.emplace_back([&, t] {
      Grader grader;  // one per thread, reused for every puzzle (as the CLI workers do)
      for (int round = 0; round < kRounds; ++round) {
        for (const Grid& p : puzzles) got[t].push_back(grader.rate(p));
      }
    });
  }
  for (auto& th : pool) th.join();

  for (int t = 0; t < kThreads; ++t) {
    ASSERT_EQ(got[t].size(), puzzles.size() * kRounds);
    for (size_t i = 0; i < got[t].size(); ++i) {
      const Rating& e = expected[i % puzzles.size()];
      const Rating& r = got[t][i];
      SCOPED_TRACE("thread " + std::to_string(t) + ", puzzle " +
                   std::to_string(i % puzzles.size()));
      EXPECT_EQ(r.er, e.er);
      EXPECT_EQ(r.ep, e.ep);
      EXPECT_EQ(r.ed, e.ed);
      EXPECT_EQ(r.hardest, e.hardest);
      EXPECT_EQ(r.techniques, e.techniques);
      EXPECT_EQ(r.complete, e.complete);
      EXPECT_EQ(r.step_count, e.step_count);
    }
  }
}

// The dynamic chains' links on a variant board: the diagonal's strong link and weak links
// (as the static ones, StaticLinksUseExtraHouses), each listed once.
TEST(GraderChains, DynamicLinksUseExtraHouses) {
  CandidateGrid g = x_board_diagonal_pair();
  grader::detail::DynamicBoard board;
  board.load(g);
  grader::detail::StepLinks links;
  links.build(board);
  const auto count = [&](int from, int to) {
    int k = 0;
    for (int i = links.node_begin[from]; i < links.node_begin[from + 1]; ++i)
      k += links.targets[i] == to;
    return k;
  };
  EXPECT_EQ(count(board.node(0, 5, false), board.node(80, 5, true)), 1);
  EXPECT_EQ(count(board.node(80, 5, false), board.node(0, 5, true)), 1);
  EXPECT_EQ(count(board.node(0, 5, true), board.node(80, 5, false)), 1);
  // r5c5 is in both diagonals: its anti-diagonal peer r1c9 is listed once too.
  EXPECT_EQ(count(board.node(40, 4, true), board.node(8, 4, false)), 1);
  EXPECT_EQ(count(board.node(40, 4, true), board.node(0, 4, false)), 1);
}
