// Dynamic (+) chains (chains_plus.cpp): the rules inside them and their parents, the
// hint on a stuck position, and the top1465 puzzles that need them.
#include <gtest/gtest.h>

#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

// A stuck position of kPlusPuzzle (before its step 28): plain dynamic chains find nothing
// there, dynamic (+) chains do. Stored as its values and, per row, the candidates of each
// empty cell ("." for a cell with a value).
const char* kPlusValues =
    "7.8...3.....2.1...5.........4.....263...8.......1...93.9.6....4....7.5...........";
const char* kPlusCandidates[9] = {". 126 . 459 4569 4569 . 1456 125",
                                  "49 36 3469 . 3456 . 467 4578 578",
                                  ". 1236 12346 78 346 78 269 146 129",
                                  "189 . 1579 3579 59 3579 178 . .",
                                  ". 1267 1269 479 . 24679 147 1457 157",
                                  "268 578 2567 . 2456 2467 478 . .",
                                  "128 . 1357 . 125 2358 127 1378 .",
                                  "12468 12368 12346 3489 . 23489 . 1368 1289",
                                  "12468 3578 1234567 34589 1249 234589 2679 13678 12789"};

CandidateGrid plus_position() {
  return stored_position(kPlusValues, kPlusCandidates);
}

}  // namespace

// The rules inside dynamic (+) chains see the grid of the chaining and name as parents
// the removed candidates their pattern needs (SE's getRuleParents).
TEST(GraderAdvancedChains, PlusRulesNameTheirParents) {
  const CandidateGrid g = plus_position();
  const int n = 9;
  ChainingView chaining(g);
  grader::detail::PlusHints hints;
  // The step grid itself: no rule applies (it is stuck), and nothing needs a removal.
  grader::detail::find_plus_hints(chaining.view, hints, 1);
  EXPECT_TRUE(hints.hints.empty());
  // A chaining that removed 4 from r3c3 leaves 4 of box 1 in row 2 (r2c1, r2c3): the
  // pointing removes 4 from r2c5, r2c7, r2c8, and needs r3c3<>4.
  const int c = 2 * 9 + 2, d = 4;
  chaining.remove(c, d);
  grader::detail::find_plus_hints(chaining.view, hints, 1);
  ASSERT_FALSE(hints.hints.empty());
  bool seen = false;
  for (const auto& h : hints.hints) {
    EXPECT_EQ(h.kind, grader::detail::kPlusLocking);
    const std::vector<int> targets(hints.targets.begin() + h.tb, hints.targets.begin() + h.te);
    const std::vector<int> parents(hints.parents.begin() + h.pb, hints.parents.begin() + h.pe);
    if (targets == std::vector<int>{13 * n + d - 1, 15 * n + d - 1, 16 * n + d - 1}) {
      seen = true;
      EXPECT_EQ(parents, std::vector<int>{c * n + d - 1});
    }
  }
  EXPECT_TRUE(seen);
}

// Dynamic (+) is the next step of the stuck position: checked against the solution found
// by the solver library, and rated as SE rates it (9.0 + 0.3 for 14 nodes).
TEST(GraderAdvancedChains, DynamicPlusForcingChain) {
  const CandidateGrid g = plus_position();
  Grid solution = grid81(kPlusPuzzle);
  ASSERT_TRUE(solve(solution));
  for (int c = 0; c < 81; ++c) {  // the stored position keeps the true digits
    if (g.value(c)) {
      ASSERT_EQ(g.value(c), solution[c]);
    } else {
      ASSERT_TRUE(g.has(c, solution[c])) << c;
    }
  }
  Ctx ctx{g, true};
  grader::detail::ChainEngine engine;
  Hint h;
  EXPECT_FALSE(engine.find_forcing_chains(ctx, h));
  EXPECT_FALSE(engine.find_advanced_chains(ctx, 3, h));  // no Nishio, multiple or dynamic
  ASSERT_TRUE(engine.find_advanced_chains(ctx, 4, h));
  EXPECT_STREQ(h.technique, "Dynamic Region Forcing Chains (+)") << h.explanation;
  EXPECT_EQ(h.complexity, 14) << h.explanation;
  EXPECT_EQ(h.rating, 93) << h.explanation;
  EXPECT_TRUE(h.placements.empty());
  ASSERT_EQ(h.eliminations.size(), 1u);
  EXPECT_EQ(h.eliminations[0], std::make_pair(4 * 9 + 5, 7)) << h.explanation;  // r5c6<>7
  for (auto [c, d] : h.eliminations) EXPECT_NE(solution[c], d) << h.explanation;
  EXPECT_NE(h.explanation.find("4 in row 6"), std::string::npos) << h.explanation;
  EXPECT_NE(h.explanation.find("inside: "), std::string::npos) << h.explanation;
  // Level 5 (nested chains) tries the same producer first.
  Hint h5;
  ASSERT_TRUE(engine.find_advanced_chains(ctx, 5, h5));
  EXPECT_EQ(h5.eliminations, h.eliminations);
}

// The three top1465 puzzles that need dynamic (+) chains: every step is sound, and the
// chain depth caps the ladder (3 stops short, 4 finishes).
TEST(GraderSoundness, DynamicPlusPuzzles) {
  const std::vector<std::pair<std::string, double>> puzzles = {
      {kPlusPuzzle, 9.5},
      {"7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........", 9.6},
      {"7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5", 9.8}};
  GradeOptions depth3;
  depth3.max_chain_depth = 3;
  GradeOptions depth4;
  depth4.max_chain_depth = 4;
  for (const auto& [p, er] : puzzles) {
    const Grid puzzle = grid81(p);
    Grid solution = puzzle;
    ASSERT_TRUE(solve(solution)) << p;
    ASSERT_TRUE(is_solution_of(puzzle, solution)) << p;
    EXPECT_FALSE(Grader(depth3).rate(puzzle).complete) << p;
    Rating r = Grader(depth4).rate(puzzle, true);
    EXPECT_TRUE(r.complete) << p;
    EXPECT_DOUBLE_EQ(r.er, er) << p;
    bool plus = false;
    for (const auto& s : r.steps) {
      plus |= s.technique.find("(+)") != std::string::npos;
      for (auto [c, d] : s.eliminations) ASSERT_NE(solution[c], d) << p << ": " << s.explanation;
      for (auto [c, d] : s.placements) ASSERT_EQ(solution[c], d) << p << ": " << s.explanation;
    }
    EXPECT_TRUE(plus) << p;
  }
}
