// The finder memo (finder_memo.h): searches it guides find what full searches find.
#include "finder_memo.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "finders.h"
#include "grader_test_util.h"
#include "sudoforge/generator/generator.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

// The basic finders skip what did not change since they last found nothing there
// (FinderMemo: units, digits, the cells of a pair of values, wings, aligned pairs and
// triplets).
// Replaying graded puzzles step by step, at every step where the ladder reaches them, the
// memo-guided searches must give exactly what full searches give.
TEST(GraderTechniques, MemoGuidedSearchesMatchFullSearches) {
  const auto lines = cb001_fixture();
  ASSERT_GE(lines.size(), 300u);
  int compared = 0, found = 0, found_ape = 0, found_ate = 0;
  for (size_t k = 0; k < lines.size(); ++k) {
    const std::string puzzle = lines[k].substr(0, 81);
    const Rating r = Grader().rate(grid81(puzzle), true);
    CandidateGrid g{grid81(puzzle)};
    grader::detail::FinderMemo memo;
    memo.reset(g);
    for (const Step& s : r.steps) {
      // Every step as hard as these finders was reached by them (all the finders before
      // them in the ladder are easier), but for the naked quad, jellyfish and hidden quad
      // after a unique loop rated 5.0 or more: there a search the ladder did not make is
      // compared, which their memos allow (a unit's or a digit's verdict depends on its
      // candidates only, whatever the grid holds elsewhere).
      const int tenths = static_cast<int>(std::lround(s.rating * 10));
      auto same = [&](auto find, const char* what) {
        Hint with, without;
        const bool a = find(Ctx{g, false, &memo}, with);
        const bool b = find(Ctx{g, false}, without);
        ASSERT_EQ(a, b) << what << " " << puzzle;
        if (a) {
          test_util::expect_same_hint(with, without, std::string(what) + " " + puzzle);
          ++found;
          found_ape += std::string(what) == "APE" &&
                       memo.failed_since(grader::detail::FinderMemo::kAlignedPair) != 0;
          found_ate += std::string(what) == "ATE" &&
                       memo.failed_since(grader::detail::FinderMemo::kAlignedTriplet) != 0;
        }
        ++compared;
      };
      // The finders with unit, digit and cell-set memos, and so the change clock that
      // they read (CandidateGrid::place ticks once per placement).
      using namespace grader::detail;
      same([](const Ctx& c, Hint& h) { return find_hidden_single(c, h); }, "hidden single");
      if (tenths >= 17) {
        same([](const Ctx& c, Hint& h) { return find_direct_locking(c, h); }, "direct locking");
      }
      if (tenths >= 20) {
        same([](const Ctx& c, Hint& h) { return find_direct_hidden_set(c, 2, h); }, "direct pair");
      }
      if (tenths >= 25) {
        same([](const Ctx& c, Hint& h) { return find_direct_hidden_set(c, 3, h); },
             "direct triple");
      }
      if (tenths >= 26) {
        same([](const Ctx& c, Hint& h) { return find_locking(c, h); }, "locking");
      }
      for (int degree = 2; degree <= 4; ++degree) {
        static const int kNaked[] = {0, 0, 30, 36, 50}, kFish[] = {0, 0, 32, 38, 52},
                         kHidden[] = {0, 0, 34, 40, 54};
        if (tenths >= kNaked[degree]) {
          same([=](const Ctx& c, Hint& h) { return find_naked_set(c, degree, h); }, "naked set");
        }
        if (tenths >= kFish[degree]) {
          same([=](const Ctx& c, Hint& h) { return find_fish(c, degree, h); }, "fish");
        }
        if (tenths >= kHidden[degree]) {
          same([=](const Ctx& c, Hint& h) { return find_hidden_set(c, degree, h); }, "hidden set");
        }
      }
      if (tenths >= 45) {
        same([](const Ctx& c, Hint& h) { return find_unique_loop(c, h); }, "unique loop");
      }
      if (tenths >= 42) {
        same([](const Ctx& c, Hint& h) { return grader::detail::find_xy_wing(c, false, h); }, "XY");
      }
      if (tenths >= 44) {
        same([](const Ctx& c, Hint& h) { return grader::detail::find_xy_wing(c, true, h); }, "XYZ");
      }
      if (tenths >= 62) {
        same(
            [](const Ctx& c, Hint& h) { return grader::detail::find_aligned_pair_exclusion(c, h); },
            "APE");
      }
      if (tenths >= 75) {
        same([](const Ctx& c,
                Hint& h) { return grader::detail::find_aligned_triplet_exclusion(c, h); },
             "ATE");
      }
      for (auto [c, d] : s.eliminations) g.eliminate(c, d);
      for (auto [c, d] : s.placements) g.place(c, d);
    }
  }
  EXPECT_GE(compared, 1000);
  // The comparison covers found hints, not only failures, and aligned pairs found after
  // a search that found nothing (where the memo skipped something).
  EXPECT_GE(found, 20);
  EXPECT_GE(found_ape, 2) << found;
  EXPECT_GE(found_ate, 2) << found;
}

// Cage Combinations skips a cage none of whose cells changed since it found nothing there
// (FinderMemo cage slots): replaying graded killers step by step, at every step, the
// memo-guided search gives exactly what a full search gives.
TEST(GraderTechniques, CageMemoGuidedSearchesMatchFullSearches) {
  GeneratorOptions o;
  o.killer = true;
  o.killer_min_cage = 2;
  Generator gen(o);
  int compared = 0, found = 0, skipped_then_found = 0;
  for (int i = 0; i < 15; ++i) {
    const GeneratedPuzzle p = *gen.generate(9, static_cast<std::uint64_t>(i));
    const Rating r = Grader().rate(p.puzzle, true);
    CandidateGrid g{p.puzzle};
    grader::detail::FinderMemo memo;
    memo.reset(g);
    bool had_miss = false;
    for (const Step& s : r.steps) {
      Hint with, without;
      const bool a = grader::detail::find_cage_combinations(Ctx{g, false, &memo}, with);
      const bool b = grader::detail::find_cage_combinations(Ctx{g, false}, without);
      ASSERT_EQ(a, b) << i;
      if (a) {
        EXPECT_EQ(with.eliminations, without.eliminations) << i;
        EXPECT_EQ(with.cells, without.cells) << i;
        ++found;
        skipped_then_found += had_miss;
      }
      had_miss = had_miss || !a;
      ++compared;
      for (auto [c, d] : s.eliminations) g.eliminate(c, d);
      for (auto [c, d] : s.placements) g.place(c, d);
    }
  }
  EXPECT_GE(compared, 1000);
  EXPECT_GE(found, 100);
  EXPECT_GE(skipped_then_found, 20);  // hints found after searches the memo then guided
}

// The memo's changed_since (kept for the last state and time asked, shared by the
// whole-grid finders at a step) is the grid's at every state and time, asked once or
// twice, and after the grid changed: on a walk that places and eliminates, and on a copy
// of the grid (another serial) at the same clock.
TEST(GraderTechniques, MemoChangedSinceIsTheGridsAtEveryState) {
  using grader::detail::CandidateGrid;
  using grader::detail::FinderMemo;
  using grader::detail::lowest;
  using grader::detail::popcount;
  for (const Geometry& board : {Geometry(), Geometry(4, 4)}) {
    CandidateGrid g{Grid(board)};
    FinderMemo memo;
    memo.reset(g);
    const int words = g.set_words();
    auto check = [&](const CandidateGrid& grid, FinderMemo& m, std::uint64_t since) {
      std::uint64_t expect[16] = {};
      grid.changed_since(since, expect);
      for (int twice = 0; twice < 2; ++twice) {
        const std::uint64_t* got = m.changed_since(since);
        for (int w = 0; w < words; ++w) {
          ASSERT_EQ(got[w], expect[w]) << "since " << since << " clock " << grid.clock();
        }
      }
    };
    for (int c = 0, step = 0; c < g.cell_count(); c += 3, ++step) {
      if (g.value(c) != 0 || popcount(g.cand(c)) < 2) continue;
      if (step % 2) {
        g.place(c, lowest(g.cand(c)));
      } else {
        g.eliminate(c, lowest(g.cand(c)));
      }
      // The finders ask with the times of their last failed searches: a few back.
      // First the time of the last state's first question: the same time at a new state.
      const std::uint64_t now = g.clock();
      for (std::uint64_t since : {std::uint64_t{2}, now + 1, now, now > 3 ? now - 3 : 0,
                                  std::uint64_t{0}, now, std::uint64_t{2}}) {
        check(g, memo, since);
      }
      if (step % 5 == 0) {
        // A copy at the same clock with one more change: its own memo, and back.
        CandidateGrid copy = g;
        FinderMemo other;
        other.reset(copy);
        check(copy, other, now);
        check(g, memo, now);
        // g assigned a state of the same clock with other changes (a new serial).
        int a = -1, b = -1;
        for (int q = 0; q < g.cell_count(); ++q) {
          if (popcount(g.cand(q)) < 2) continue;
          (a < 0 ? a : b) = q;
          if (b >= 0) break;
        }
        if (b >= 0) {
          copy.eliminate(a, lowest(copy.cand(a)));
          g.eliminate(b, lowest(g.cand(b)));
          check(g, memo, now);
          g = copy;
          check(g, memo, now);
        }
      }
    }
    ASSERT_GT(g.clock(), 20u);
  }
}
