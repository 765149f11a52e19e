// Nested forcing chains (chains_nested.cpp): its plain transcriptions of SE's producers
// against the optimised ones, and SE's nestings 2 to 5 of nested chains on AI Escargot
// and coloin's puzzles.
#include "chains_nested.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "chains_internal.h"
#include "grader_test_util.h"
#include "nested_chain_links.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

// A step's grid as the nested producers see a chaining's grid (nothing removed yet).
struct StepView {
  std::vector<grader::detail::Mask> cand;
  std::vector<int> placed = std::vector<int>(10, 0);
  grader::detail::PlusGrid grid;
  explicit StepView(const CandidateGrid& g) : cand(81) {
    for (int c = 0; c < 81; ++c) cand[c] = g.cand(c);
    for (int c = 0; c < 81; ++c) ++placed[g.value(c)];  // the X-Wing rule inside reads it
    grid = {&g, cand.data(), cand.data(), g.pos_table(), g.pos_table(), placed.data()};
  }
};

// The plain transcription of SE's static producer that the nested chains use
// (chains_nested.cpp) against the optimised search (chains.cpp) that rates every cb001
// puzzle as SE does: at each step of 40 cb001 puzzles, the producer's first hint is the
// engine's (rating, complexity, removals), and it has none where the engine finds none.
// At every step of the graded path where chains are tried, the engine's static chain hint
// is the first of the plain transcription of SE's producer (rating, length, removals).
// Counts the puzzles, the steps compared and those with a hint.
struct StaticComparison {
  int puzzles = 0, compared = 0, found = 0;
};
void compare_static_producer(const std::string& file, double min_ser, int max_puzzles,
                             StaticComparison& out) {
  const auto lines = read_lines(std::string(SUDOFORGE_TEST_DATA) + "/grader/" + file);
  ASSERT_FALSE(lines.empty());
  int& puzzles = out.puzzles;
  int& compared = out.compared;
  int& found = out.found;
  for (size_t i = 0; i < lines.size() && puzzles < max_puzzles; ++i) {
    if (min_ser > 0 && std::stod(lines[i].substr(82)) < min_ser) continue;
    ++puzzles;
    const Grid puzzle = grid81(lines[i]);
    const Rating r = Grader().rate(puzzle, true);
    CandidateGrid g{puzzle};
    grader::detail::ChainEngine engine;
    for (const Step& step : r.steps) {
      if (step.rating >= 6.5) {  // a step where chains are tried
        const StepView view(g);
        const auto plain = grader::detail::static_chain_hints(view.grid);
        Ctx ctx{g, false};
        Hint h;
        const bool any = engine.find_forcing_chains(ctx, h);
        ++compared;
        ASSERT_EQ(any, !plain.empty()) << lines[i] << " at " << step.explanation;
        if (any) {
          ++found;
          std::vector<int> removed;
          for (auto [c, d] : h.eliminations) removed.push_back(c * 9 + d - 1);
          std::sort(removed.begin(), removed.end());
          EXPECT_EQ(plain[0].rating, h.rating) << lines[i] << ": " << h.technique;
          EXPECT_EQ(plain[0].complexity, h.complexity) << lines[i] << ": " << h.technique;
          EXPECT_EQ(plain[0].removable, removed) << lines[i] << ": " << h.technique;
          for (const auto& p : plain) EXPECT_TRUE(p.parents.empty());  // nothing was removed
        }
      }
      for (auto [c, d] : step.eliminations) g.eliminate(c, d);
      for (auto [c, d] : step.placements) g.place(c, d);
    }
  }
}

}  // namespace

TEST(GraderChains, PlainProducerAgreesWithTheEngine) {
  StaticComparison r;
  compare_static_producer("cb001_1000.txt", 6.5, 40, r);
  EXPECT_EQ(r.puzzles, 40);
  EXPECT_GT(r.found, 100) << r.compared;
  EXPECT_GT(r.compared, r.found);  // also steps where no static chain applies
}

// The same on the hardest puzzles, where the static chains often find nothing and the
// searches run to the end: the filters by strongly connected component (which sources
// can close, which cycles can eliminate) are exercised on both outcomes.
TEST(GraderChains, PlainProducerAgreesWithTheEngineOnHardPuzzles) {
  StaticComparison r;
  compare_static_producer("top1465_300.txt", 0, 40, r);
  EXPECT_EQ(r.puzzles, 40);
  EXPECT_GT(r.found, 100) << r.compared;
  EXPECT_GT(r.compared, r.found + 100) << r.found;
}

// Grades each puzzle of `lines` (up to `steps` matching steps) and, at every step whose
// technique `is_step` accepts, checks that `produce` on that step's grid puts the
// step's hint first (rating and removals). Returns the number of steps compared.
template <class Filter, class Produce>
int compare_first_hints(const std::vector<std::string>& lines, int steps, Filter&& is_step,
                        Produce&& produce) {
  int compared = 0;
  for (size_t i = 0; i < lines.size() && compared < steps; ++i) {
    const Grid puzzle = grid81(lines[i]);
    const Rating r = Grader().rate(puzzle, true);
    CandidateGrid g{puzzle};
    for (const Step& step : r.steps) {
      if (is_step(step)) {
        const StepView view(g);
        const auto plain = produce(view.grid);
        ++compared;
        EXPECT_FALSE(plain.empty()) << lines[i] << " at " << step.explanation;
        if (plain.empty()) continue;
        std::vector<int> removed;
        for (auto [c, d] : step.eliminations) removed.push_back(c * 9 + d - 1);
        std::sort(removed.begin(), removed.end());
        EXPECT_EQ(plain[0].rating, std::lround(step.rating * 10))
            << lines[i] << ": " << step.explanation;
        EXPECT_EQ(plain[0].removable, removed) << lines[i] << ": " << step.explanation;
      }
      for (auto [c, d] : step.eliminations) g.eliminate(c, d);
      for (auto [c, d] : step.placements) g.place(c, d);
    }
  }
  return compared;
}

namespace {

// The step's hint is the plain producer's hint h: the same rating, removals and complexity
// (the explanation's node count).
void expect_same_hint(const std::string& line, const Step& step,
                      const grader::detail::StaticChainHint& h) {
  std::vector<int> removed;
  for (auto [c, d] : step.eliminations) removed.push_back(c * 9 + d - 1);
  std::sort(removed.begin(), removed.end());
  EXPECT_EQ(h.rating, std::lround(step.rating * 10)) << line << ": " << step.explanation;
  EXPECT_EQ(h.removable, removed) << line << ": " << step.explanation;
  const std::string nodes = " (" + std::to_string(h.complexity) + " nodes)";
  EXPECT_NE(step.explanation.find(nodes), std::string::npos)
      << line << ": " << step.explanation << " against" << nodes;
}

}  // namespace

// The same for the plain static multiple producer (the nested rule of nesting 3): at every
// step of cb001 puzzles of SER 8.0+ where region or cell forcing chains are the easiest
// hint, its first hint is the optimised producer's.
TEST(GraderChains, PlainMultipleProducerAgreesWithTheEngine) {
  std::vector<std::string> lines;
  for (const auto& line : cb001_fixture()) {
    if (std::stod(line.substr(82)) >= 8.0) lines.push_back(line);
  }
  ASSERT_FALSE(lines.empty());
  const int compared = compare_first_hints(
      lines, 25,
      [](const Step& s) {
        return s.technique == "Region Forcing Chains" || s.technique == "Cell Forcing Chains";
      },
      [](const grader::detail::PlusGrid& v) {
        return grader::detail::static_multiple_chain_hints(v);
      });
  EXPECT_GE(compared, 25);
}

// The multiple producer skips the region and cell sets that its closures price above the
// best hint found (chains_dynamic.cpp, may_beat): at every step of cb001 puzzles of SER 8.0+
// where the multiple producer runs (region, cell or dynamic forcing chains), the plain
// producer, which skips no set, agrees: the same first hint (rating, complexity, removals)
// where the step is region or cell forcing chains, and none where it is dynamic.
TEST(GraderChains, MultipleProducerSkipsOnlySetsThatCannotWin) {
  int compared = 0, found = 0;
  for (const auto& line : cb001_fixture()) {
    if (std::stod(line.substr(82)) < 8.0) continue;
    const Grid puzzle = grid81(line);
    const Rating r = Grader().rate(puzzle, true);
    CandidateGrid g{puzzle};
    for (const Step& step : r.steps) {
      const bool multiple =
          step.technique == "Region Forcing Chains" || step.technique == "Cell Forcing Chains";
      const bool dynamic = step.technique.rfind("Dynamic", 0) == 0;
      if (multiple || dynamic) {
        const StepView view(g);
        const auto plain = grader::detail::static_multiple_chain_hints(view.grid);
        ++compared;
        if (dynamic) {
          EXPECT_TRUE(plain.empty()) << line << ": " << step.explanation;
        } else {
          EXPECT_FALSE(plain.empty()) << line << ": " << step.explanation;
        }
        if (multiple && !plain.empty()) {
          ++found;
          expect_same_hint(line, step, plain[0]);
        }
      }
      for (auto [c, d] : step.eliminations) g.eliminate(c, d);
      for (auto [c, d] : step.placements) g.place(c, d);
    }
  }
  EXPECT_GE(compared, 250);
  EXPECT_GT(found, 50) << compared;
}

// The dynamic producer's contradiction hints stop their ancestor walks once the hint has
// as many nodes as the best one so far (chains_dynamic.cpp): at every step of cb001 puzzles
// of SER 8.5+ and of top1465's first 120 where dynamic forcing chains (without rules
// inside) are the easiest hint, the plain dynamic producer, which walks every hint in
// full, puts the same hint first (rating, removals, complexity).
TEST(GraderChains, DynamicProducerWalksOnlyWhatCanWin) {
  std::vector<std::string> lines;
  for (const auto& line : cb001_fixture()) {
    if (std::stod(line.substr(82)) >= 8.5) lines.push_back(line);
  }
  const auto top = read_lines(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt");
  lines.insert(lines.end(), top.begin(), top.begin() + std::min<size_t>(top.size(), 120));
  int compared = 0;
  for (const auto& line : lines) {
    const Grid puzzle = grid81(line);
    const Rating r = Grader().rate(puzzle, true);
    CandidateGrid g{puzzle};
    for (const Step& step : r.steps) {
      if (step.technique.rfind("Dynamic", 0) == 0 &&
          step.technique.find("(+") == std::string::npos) {
        const StepView view(g);
        const auto plain = grader::detail::dynamic_chain_hints(view.grid);
        ++compared;
        ASSERT_FALSE(plain.empty()) << line << ": " << step.explanation;
        expect_same_hint(line, step, plain[0]);
      }
      for (auto [c, d] : step.eliminations) g.eliminate(c, d);
      for (auto [c, d] : step.placements) g.place(c, d);
    }
  }
  EXPECT_GE(compared, 400);
}

// The same for the plain dynamic producer (the nested rule of nesting 4): at every step of
// top1465 puzzles where dynamic forcing chains (8.5+, without rules inside) are the
// easiest hint, its first hint is the optimised producer's.
TEST(GraderChains, PlainDynamicProducerAgreesWithTheEngine) {
  const auto lines = read_lines(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt");
  ASSERT_FALSE(lines.empty());
  const int compared = compare_first_hints(
      lines, 12,
      [](const Step& s) {
        return s.technique.rfind("Dynamic", 0) == 0 && s.technique.find("(+") == std::string::npos;
      },
      [](const grader::detail::PlusGrid& v) { return grader::detail::dynamic_chain_hints(v); });
  EXPECT_GE(compared, 12);
}

// AI Escargot needs forcing chains nested inside dynamic (+) chains (SE's 9.5 nesting):
// with them it is finished and rated 10.5, the rating usually quoted for it; without them
// the ladder stops. Every step is sound, and the first nested step, replayed on its
// position, is the hint SE's order puts first there.
TEST(GraderSoundness, NestedForcingChainsFinishAIEscargot) {
  const std::string p =
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
  const Grid puzzle = grid81(p);
  Grid solution = puzzle;
  ASSERT_TRUE(solve(solution));
  ASSERT_TRUE(is_solution_of(puzzle, solution));
  GradeOptions depth4;
  depth4.max_chain_depth = 4;
  EXPECT_FALSE(Grader(depth4).rate(puzzle).complete);
  const Rating r = Grader().rate(puzzle, true);
  ASSERT_TRUE(r.complete);
  EXPECT_DOUBLE_EQ(r.er, 10.5);
  EXPECT_EQ(r.hardest, "Dynamic Contradiction Forcing Chains (+ Forcing Chains)");
  int first_nested = -1;
  for (size_t i = 0; i < r.steps.size(); ++i) {
    const Step& s = r.steps[i];
    if (first_nested < 0 && s.technique.find("(+ Forcing Chains)") != std::string::npos) {
      first_nested = static_cast<int>(i);
    }
    for (auto [c, d] : s.eliminations) ASSERT_NE(solution[c], d) << s.explanation;
    for (auto [c, d] : s.placements) ASSERT_EQ(solution[c], d) << s.explanation;
  }
  ASSERT_GE(first_nested, 0);
  CandidateGrid g{puzzle};
  for (int i = 0; i < first_nested; ++i) {
    for (auto [c, d] : r.steps[i].eliminations) g.eliminate(c, d);
    for (auto [c, d] : r.steps[i].placements) g.place(c, d);
  }
  Ctx ctx{g, true};
  grader::detail::ChainEngine engine;
  Hint h;
  EXPECT_FALSE(engine.find_advanced_chains(ctx, 4, h));
  ASSERT_TRUE(engine.find_advanced_chains(ctx, 5, h));
  EXPECT_STREQ(h.technique, "Dynamic Region Forcing Chains (+ Forcing Chains)") << h.explanation;
  EXPECT_EQ(h.rating, 102) << h.explanation;
  ASSERT_EQ(h.eliminations.size(), 1u) << h.explanation;
  EXPECT_EQ(h.eliminations[0], std::make_pair(5 * 9 + 7, 7)) << h.explanation;  // r6c8<>7
  EXPECT_NE(h.explanation.find("Forcing Chains)"), std::string::npos) << h.explanation;
}

namespace {

const char* kAIEscargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

// Two positions of AI Escargot's graded path, stored as its values and, per row, the
// candidates of each empty cell ("." for a cell with a value): before its step 9, its
// first that needs forcing chains nested inside dynamic chains (SE's nesting 2: r6c8<>7,
// 10.2), and before its step 35, where plain dynamic chains give r7c9<>6 (9.1).
const char* kEscargotNestedValues =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..41.....7..7...3..";
const char* kEscargotNested[9] = {". 2568 2468 458 345 . 246 . 346",
                                  "457 . 46 1459 . 59 1467 467 .",
                                  "2478 278 . . 134 138 . 2347 134",
                                  "2478 278 . . 167 126 . 4678 146",
                                  "479 . 34 579 . 569 467 34567 .",
                                  ". 2789 238 12579 1579 . 178 3578 135",
                                  ". 25689 268 24578 45679 2568 2468 . 4569",
                                  "2589 . . 2589 3569 3568 268 2568 .",
                                  "2589 25689 . 12458 14569 12568 . 24568 4569"};
const char* kEscargotLateValues =
    "1....7.9..3..29..8..96..5....53..9...13.8...26....4...3......1..41.....7..7...3..";
const char* kEscargotLate[9] = {". 568 2468 458 345 . 24 . 346",
                                "57 . 46 145 . . 167 467 .",
                                "278 278 . . 134 138 . 2347 134",
                                "2478 27 . . 16 12 . 48 146",
                                "49 . . 579 . 56 467 4567 .",
                                ". 289 28 1279 1579 . 178 35 135",
                                ". 25689 268 2478 4679 568 2468 . 4569",
                                "2589 . . 2589 3569 356 268 2568 .",
                                "2589 5689 . 12458 14569 1258 . 2456 4569"};

// A stored position with AI Escargot's solution (from the solver library), checked to
// keep the true digits.
struct EscargotPosition {
  Grid solution = grid81(kAIEscargot);
  CandidateGrid g;
  EscargotPosition(const char* values, const char* const candidates[9])
      : g{stored_position(values, candidates)} {
    EXPECT_TRUE(solve(solution));
    for (int c = 0; c < 81; ++c) {
      if (g.value(c)) {
        EXPECT_EQ(g.value(c), solution[c]) << c;
      } else {
        EXPECT_TRUE(g.has(c, solution[c])) << c;
      }
    }
  }
};

}  // namespace

// The plain dynamic producer of nesting 2 (dynamic chains with the basic rules and the
// static producer inside: the second nested rule of SE's nesting 5) against the optimised
// search of the same nesting ("+ Forcing Chains", 9.5+): at each of the six steps of AI
// Escargot where that nesting gives the easiest hint, the plain producer's first hint is the
// engine's (rating and removals).
TEST(GraderChains, PlainDynamicPlusProducerAgreesWithTheEngine) {
  const int compared = compare_first_hints(
      {kAIEscargot}, 100,
      [](const Step& s) { return s.technique.find("(+ Forcing Chains)") != std::string::npos; },
      [](const grader::detail::PlusGrid& v) { return grader::detail::dynamic_chain_hints(v, 2); });
  EXPECT_EQ(compared, 6);
}

// SE's nesting 5 nested rule on a chaining's grid: on AI Escargot's first nested position,
// a chaining that removed 8 from r1c2 (not the true digit) runs dry on a grid where the
// plain dynamic producer (the nested rule of nesting 4) has no hint that needs the removal;
// nesting 5 then runs the dynamic producer of nesting 2, whose hints all need it, carry the
// complexity of their chains, and remove no true digit.
TEST(GraderSoundness, Nesting5RuleAddsDynamicPlusChains) {
  const EscargotPosition pos(kEscargotNestedValues, kEscargotNested);
  const CandidateGrid& g = pos.g;
  const int n = 9, c = 1, d = 8;  // r1c2<>8
  ASSERT_TRUE(g.has(c, d));
  ASSERT_NE(pos.solution[c], d);
  ChainingView chaining(g);
  chaining.remove(c, d);
  const grader::detail::PlusGrid& view = chaining.view;
  grader::detail::PlusHints hints;
  grader::detail::find_plus_hints(view, hints, 4);
  EXPECT_TRUE(hints.hints.empty());
  grader::detail::find_plus_hints(view, hints, 5);
  ASSERT_FALSE(hints.hints.empty());
  for (const auto& h : hints.hints) {
    EXPECT_EQ(h.kind, grader::detail::kPlusDynamicPlusChains);
    EXPECT_GE(h.nested_cx, 2);
    const std::vector<int> parents(hints.parents.begin() + h.pb, hints.parents.begin() + h.pe);
    EXPECT_EQ(parents, std::vector<int>{c * n + d - 1});
    for (int i = h.tb; i < h.te; ++i) {
      const int t = hints.targets[i];
      EXPECT_NE(pos.solution[t / n], t % n + 1) << t;
    }
  }
  // Every hint of the nesting-2 producer on that grid, with or without the removal, is
  // sound too, and rated from 9.5 by its complexity.
  const auto all = grader::detail::dynamic_chain_hints(view, 2);
  ASSERT_FALSE(all.empty());
  for (const auto& h : all) {
    EXPECT_EQ(h.rating, 95 + grader::detail::length_difficulty(h.complexity));
    for (const int t : h.removable) EXPECT_NE(pos.solution[t / n], t % n + 1) << t;
  }
}

// The nested producers' hints kept per chaining grid (NestedHintCache) are resolved
// against the step grid of each use: on AI Escargot's first nested position, a chaining
// that removed one candidate (the first in reading order that the static producer's hints
// then need) and the same grid taken as a step grid (nothing removed) share one search per
// producer, and each use gets the plain producer's hints on its own step grid: some with
// parents for the chaining, none with parents for the step grid.
TEST(GraderChains, NestedHintCacheResolvesParentsPerStepGrid) {
  const EscargotPosition pos(kEscargotNestedValues, kEscargotNested);
  int removed = -1;
  for (int cd = 0; cd < 81 * 9 && removed < 0; ++cd) {
    if (!pos.g.has(cd / 9, cd % 9 + 1)) continue;
    ChainingView trial(pos.g);
    trial.remove(cd / 9, cd % 9 + 1);
    for (const auto& h : grader::detail::static_chain_hints(trial.view)) {
      if (!h.parents.empty()) removed = cd;
    }
  }
  ASSERT_GE(removed, 0);  // the case the cache must not carry over to another step grid
  ChainingView chaining(pos.g), step(pos.g);
  chaining.remove(removed / 9, removed % 9 + 1);
  step.remove(removed / 9, removed % 9 + 1);
  step.cand0 = step.cand;
  step.upos0 = step.upos;
  step.view = {&pos.g,           step.cand0.data(), step.cand.data(), step.upos0.data(),
               step.upos.data(), step.placed.data()};
  using Cache = grader::detail::NestedHintCache;
  Cache cache;
  const auto expect_plain = [&](Cache::Producer producer, const grader::detail::PlusGrid& view,
                                const std::vector<grader::detail::StaticChainHint>& plain) {
    std::vector<int> parents;
    const auto& kept = cache.find(producer, view);
    ASSERT_EQ(kept.size(), plain.size());
    for (size_t i = 0; i < kept.size(); ++i) {
      grader::detail::nested::resolve_parents(view, kept[i].rule_sources, parents);
      EXPECT_EQ(kept[i].removable, plain[i].removable) << i;
      EXPECT_EQ(kept[i].rating, plain[i].rating) << i;
      EXPECT_EQ(kept[i].complexity, plain[i].complexity) << i;
      EXPECT_EQ(kept[i].id, plain[i].id) << i;
      EXPECT_EQ(parents, plain[i].parents) << i;
    }
  };
  // Static producer: the chaining's use first, then the step grid's.
  expect_plain(Cache::kStatic, chaining.view, grader::detail::static_chain_hints(chaining.view));
  expect_plain(Cache::kStatic, step.view, grader::detail::static_chain_hints(step.view));
  for (const auto& h : grader::detail::static_chain_hints(step.view))
    EXPECT_TRUE(h.parents.empty());
  EXPECT_EQ(cache.searches(), 1);
  // Dynamic producer, the other way round.
  expect_plain(Cache::kDynamic, step.view, grader::detail::dynamic_chain_hints(step.view));
  expect_plain(Cache::kDynamic, chaining.view, grader::detail::dynamic_chain_hints(chaining.view));
  EXPECT_EQ(cache.searches(), 2);
}

// Expects two hint lists of the nested producers to be equal, parents included; counts
// the grid's hints and those with parents.
struct SameHints {
  int hints = 0, with_parents = 0;
  void expect(const std::vector<grader::detail::StaticChainHint>& a,
              const std::vector<grader::detail::StaticChainHint>& b, int cd) {
    ASSERT_EQ(a.size(), b.size()) << cd;
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].removable, b[i].removable) << cd << " " << i;
      EXPECT_EQ(a[i].rating, b[i].rating) << cd << " " << i;
      EXPECT_EQ(a[i].complexity, b[i].complexity) << cd << " " << i;
      EXPECT_EQ(a[i].sort_key, b[i].sort_key) << cd << " " << i;
      EXPECT_EQ(a[i].id, b[i].id) << cd << " " << i;
      EXPECT_EQ(a[i].parents, b[i].parents) << cd << " " << i;
      with_parents += !a[i].parents.empty();
    }
    hints += static_cast<int>(a.size());
  }
};

// Calls f(chaining, cd) on the chaining grid that removes candidate cd from `pos`, for
// every `step`-th candidate cd of a cell with three or more.
template <class F>
void each_chaining_grid(const EscargotPosition& pos, int step, F&& f) {
  for (int cd = 0; cd < 81 * 9; cd += step) {
    const int c = cd / 9, d = cd % 9 + 1;
    if (!pos.g.has(c, d) || grader::detail::popcount(pos.g.cand(c)) < 3) continue;
    ChainingView chaining(pos.g);
    chaining.remove(c, d);
    f(chaining, cd);
  }
}

// The static producer skips the forcing chain searches from sources that cannot reach
// their negation and the cycle searches from "on" nodes on no cycle of the pass's graph
// (strongly connected components, nested_static_chains.cpp): on chaining grids of AI
// Escargot's nested position (each removes one candidate and the candidates of its cell's
// peers with the same value, as an assumption's chaining would), its hints equal those of
// the searches from every source, with their parents; some grids have hints with parents.
TEST(GraderChains, StaticProducerFiltersKeepEveryHint) {
  const EscargotPosition pos(kEscargotNestedValues, kEscargotNested);
  int grids = 0;
  SameHints same;
  each_chaining_grid(pos, 3, [&](ChainingView& chaining, int cd) {
    const int c = cd / 9, d = cd % 9 + 1;
    // and the other values of a peer that holds d (a chaining's removal elsewhere)
    for (int q : pos.g.house(c)) {
      if (pos.g.has(q, d) && grader::detail::popcount(pos.g.cand(q)) >= 3) {
        for (int e = 1; e <= 9; ++e) {
          if (e != d && pos.g.has(q, e) && grader::detail::popcount(chaining.cand[q]) > 2)
            chaining.remove(q, e);
        }
        break;
      }
    }
    ++grids;
    same.expect(grader::detail::static_chain_hints(chaining.view),
                grader::detail::nested::static_hints_every_source(chaining.view), cd);
  });
  EXPECT_GT(grids, 20);
  EXPECT_GT(same.hints, grids);
  EXPECT_GT(same.with_parents, 0);
}

// The multiple producers (static, and dynamic of nestings 0 and 2) compute each
// chaining from an "on" node once per run and use it for its cell and for every region:
// the same hints, parents included, as computing it again wherever it is needed, on
// chaining grids of AI Escargot's nested position.
TEST(GraderChains, MultipleProducersKeepTheirChainings) {
  const EscargotPosition pos(kEscargotNestedValues, kEscargotNested);
  int grids = 0;
  SameHints same;
  each_chaining_grid(pos, 13, [&](ChainingView& chaining, int cd) {
    const auto& v = chaining.view;
    ++grids;
    same.expect(grader::detail::static_multiple_chain_hints(v),
                grader::detail::nested::static_multiple_hints_every_chaining(v), cd);
    same.expect(grader::detail::dynamic_chain_hints(v, 0),
                grader::detail::nested::dynamic_hints_every_chaining(v, 0), cd);
    if (grids == 1) {
      same.expect(grader::detail::dynamic_chain_hints(v, 2),
                  grader::detail::nested::dynamic_hints_every_chaining(v, 2), cd);
    }
  });
  EXPECT_GT(grids, 5);
  EXPECT_GT(same.hints, grids);
  EXPECT_GT(same.with_parents, 0);
}

// SE's nesting 5 as a whole ("+ Dynamic Forcing Chains (+ Forcing Chains)", 11.0+), run on
// its own (the ladder tries it only where nesting 4 finds nothing, which no known puzzle
// needs) on AI Escargot's position before its 35th step, where plain dynamic chains give
// the 9.1 step: its hint is named and rated as SE does (11.0 plus the length adjustment
// of a complexity that counts its nested chains) and removes no true digit. The ladder
// capped at 5 (SE's nestings up to 4) gives the easier step.
TEST(GraderAdvancedChains, Nesting5ForcingChainsOnAPreparedPosition) {
  const EscargotPosition pos(kEscargotLateValues, kEscargotLate);
  Ctx ctx{pos.g, true};
  grader::detail::ChainEngine engine;
  Hint h;
  ASSERT_TRUE(engine.find_advanced_chains(ctx, 5, h));
  EXPECT_STREQ(h.technique, "Dynamic Contradiction Forcing Chains") << h.explanation;
  EXPECT_EQ(h.rating, 91) << h.explanation;
  const grader::detail::DynamicScratchPtr scratch = grader::detail::make_dynamic_scratch();
  Hint h5;
  ASSERT_TRUE(grader::detail::find_nested_dynamic_chains(ctx, 5, *scratch, h5));
  const std::string technique = h5.technique;
  const std::string suffix = " Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))";
  ASSERT_GT(technique.size(), suffix.size()) << technique;
  EXPECT_EQ(technique.substr(technique.size() - suffix.size()), suffix);
  EXPECT_EQ(technique.rfind("Dynamic ", 0), 0u) << technique;
  EXPECT_EQ(h5.rating, 110 + grader::detail::length_difficulty(h5.complexity)) << h5.explanation;
  EXPECT_NE(h5.explanation.find("inside: "), std::string::npos) << h5.explanation;
  ASSERT_FALSE(h5.eliminations.empty());
  for (auto [c, d] : h5.eliminations) EXPECT_NE(pos.solution[c], d) << h5.explanation;
  for (auto [c, d] : h5.placements) EXPECT_EQ(pos.solution[c], d) << h5.explanation;
}

// The default rates everything (SE's nesting 5 included); a puzzle the lower nestings finish
// is rated step for step the same with the ladder capped at 5 (SE's nestings up to 4).
TEST(GraderAdvancedChains, DefaultChainDepthIncludesNesting5) {
  EXPECT_EQ(GradeOptions{}.max_chain_depth, 6);
  GradeOptions depth5;
  depth5.max_chain_depth = 5;
  const Grid p = grid81(kPlusPuzzle);
  const Rating capped = Grader(depth5).rate(p, true);
  const Rating full = Grader().rate(p, true);
  EXPECT_TRUE(capped.complete);
  EXPECT_TRUE(full.complete);
  EXPECT_DOUBLE_EQ(capped.er, full.er);
  ASSERT_EQ(capped.steps.size(), full.steps.size());
  for (size_t i = 0; i < full.steps.size(); ++i)
    EXPECT_EQ(capped.steps[i].explanation, full.steps[i].explanation);
}

// Two puzzles of coloin's whose SE ratings were published as ER 11.0, EP 11.0, ED 2.6
// ("The hardest sudokus" thread): they need multiple forcing chains nested inside dynamic
// chains (SE's nesting 3, 10.0 + length), and are rated exactly so. Every step is sound.
TEST(GraderSoundness, NestedMultipleChainsRateColoinsPuzzlesAsSE) {
  for (const std::string p :
       {"..3......4...8..36..8...1...4..6..73...9..........2..5..4.7..686........7..6..5..",
        "..3......4...8..36..8...1...4..6..73...9..........2..5..4.7..686....4...7.....5.."}) {
    const Grid puzzle = grid81(p);
    Grid solution = puzzle;
    ASSERT_TRUE(solve(solution));
    const Rating r = Grader().rate(puzzle, true);
    ASSERT_TRUE(r.complete) << p;
    EXPECT_DOUBLE_EQ(r.er, 11.0) << p;
    EXPECT_DOUBLE_EQ(r.ep, 11.0) << p;
    EXPECT_DOUBLE_EQ(r.ed, 2.6) << p;
    EXPECT_EQ(r.hardest, "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)") << p;
    for (const Step& s : r.steps) {
      for (auto [c, d] : s.eliminations) ASSERT_NE(solution[c], d) << s.explanation;
      for (auto [c, d] : s.placements) ASSERT_EQ(solution[c], d) << s.explanation;
    }
  }
}

// The dynamic producer of nesting 0 skips the chaining from off(c, d) in a bivalue cell
// when the chaining from on(c, e), e the other value, meets no contradiction (they reach
// the same nodes): on chaining grids of AI Escargot's nested position it runs fewer
// "off" chainings than SE, with the same hints (MultipleProducersKeepTheirChainings).
TEST(GraderChains, DynamicProducerSkipsBivalueOffChainings) {
  const EscargotPosition pos(kEscargotNestedValues, kEscargotNested);
  int grids = 0;
  long run = 0, every = 0;
  each_chaining_grid(pos, 29, [&](ChainingView& chaining, int) {
    ++grids;
    run += grader::detail::nested::dynamic_off_chainings(chaining.view, false);
    every += grader::detail::nested::dynamic_off_chainings(chaining.view, true);
  });
  EXPECT_GT(grids, 2);
  EXPECT_GT(run, 0);
  EXPECT_LT(run, every);
}

// A producer's closure check (nested::*_closures_agree) summed over chaining grids of AI
// Escargot's nested position.
template <class Check>
grader::detail::nested::ClosureCheck closures_on_escargot_grids(Check&& check) {
  const EscargotPosition pos(kEscargotNestedValues, kEscargotNested);
  grader::detail::nested::ClosureCheck all;
  each_chaining_grid(pos, 37, [&](ChainingView& chaining, int) {
    const auto one = check(chaining.view);
    all.compared += one.compared;
    all.contradictions += one.contradictions;
    all.differ += one.differ;
  });
  return all;
}

// The dynamic producer of nesting 0 makes a chaining's records only when a hint needs
// them and otherwise knows its nodes as a bit set (the least fixpoint of the links):
// from every candidate of chaining grids of AI Escargot's nested position, on and off,
// the bit sets meet a contradiction exactly when the chainings with records do, and
// otherwise hold the same nodes; some chainings meet one.
TEST(GraderChains, DynamicClosuresMatchTheChainings) {
  const auto all = closures_on_escargot_grids(grader::detail::nested::dynamic_closures_agree);
  EXPECT_GT(all.compared, 500);
  EXPECT_GT(all.contradictions, 0);
  EXPECT_EQ(all.differ, 0);
}

// The same for the static multiple producer's chainings (from every candidate, "on"),
// which it also keeps as bit sets until a region or cell needs their instances.
TEST(GraderChains, StaticClosuresMatchTheChainings) {
  const auto all = closures_on_escargot_grids(grader::detail::nested::static_closures_agree);
  EXPECT_GT(all.compared, 250);
  EXPECT_GT(all.contradictions, 0);
  EXPECT_EQ(all.differ, 0);
}
