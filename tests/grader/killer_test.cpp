// The killer ladder: each cage technique on a position built by hand that needs it (the
// technique's name, rating and explanation), and soundness over generated killers: every
// placement and elimination of every step agrees with the puzzle's solution.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "../solver/killer_validator.h"
#include "candidate_grid.h"
#include "finders.h"
#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::grader {
namespace {

using detail::CandidateGrid;
using detail::Ctx;
using detail::Hint;
using detail::Mask;

// A valid 9x9 grid, rows in order.
constexpr const char* kSolution =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

int value(int cell) {
  return kSolution[cell] - '0';
}

// A 9x9 killer board: `cages` (cells only; sums from kSolution) and every other cell a
// cage of its own.
Geometry board(const std::vector<std::vector<int>>& cages) {
  std::vector<Cage> all;
  std::vector<bool> caged(81, false);
  for (const auto& cells : cages) {
    Cage c;
    c.cells = cells;
    for (int cell : cells) {
      c.sum += value(cell);
      caged[cell] = true;
    }
    all.push_back(c);
  }
  for (int cell = 0; cell < 81; ++cell) {
    if (!caged[cell]) all.push_back({value(cell), {cell}});
  }
  return Geometry().with_cages(all);
}

void keep_only(CandidateGrid& g, int cell, std::initializer_list<int> digits) {
  Mask keep = 0;
  for (int d : digits) keep |= Mask{1} << d;
  for (int d = 1; d <= 9; ++d) {
    if (!(keep >> d & 1u)) g.eliminate(cell, d);
  }
}

std::vector<std::pair<int, int>> pairs(std::initializer_list<std::pair<int, int>> p) {
  return p;
}

TEST(KillerLadder, CageSumPlacesTheLastCell) {
  CandidateGrid g{Grid(board({{0, 1, 2}}))};  // 1+2+3 = 6
  g.place(0, 1);
  g.place(1, 2);
  Hint h;
  ASSERT_TRUE(detail::find_cage_sum(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Cage Sum");
  EXPECT_EQ(h.rating, 10);
  EXPECT_EQ(h.placements, pairs({{2, 3}}));
  EXPECT_EQ(h.explanation, "r1c3 = 6 - 3 = 3: last cell of cage 6 at r1c1");
}

TEST(KillerLadder, CageCombinationsKeepTheDigitsOfTheSums) {
  CandidateGrid g{Grid(board({{0, 1}}))};  // 3 in two cells: 1 and 2
  Hint h;
  ASSERT_TRUE(detail::find_cage_combinations(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Cage Combinations");
  EXPECT_EQ(h.rating, 13);
  EXPECT_EQ(h.eliminations.size(), 14u);
  for (auto [cell, d] : h.eliminations) EXPECT_GT(d, 2);
  EXPECT_EQ(h.explanation.rfind("cage 3 at r1c1 (2 cells) takes 12: r1c1<>3, ", 0), 0u)
      << h.explanation;
}

TEST(KillerLadder, InnieOfOneHouse) {
  // Row 1: 1234 and 5678 whole, 9 with r2c9 (3) below: the innie r1c9 is 45 - 36.
  CandidateGrid g{Grid(board({{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 17}}))};
  Hint h;
  ASSERT_TRUE(detail::find_innies_outies(Ctx{g, true}, false, false, h));
  EXPECT_STREQ(h.technique, "Innie/Outie");
  EXPECT_EQ(h.rating, 14);
  EXPECT_EQ(h.placements, pairs({{8, 9}}));
  EXPECT_EQ(h.explanation, "innie r1c9 = 45 - 36 = 9 (row 1)");
}

// The innies and outies are found once per board and kept for the steps that follow:
// another board's cages in between, or a digit placed since, must not leave a stale answer.
TEST(KillerLadder, InniesFollowTheBoardAndThePlacedDigits) {
  const Geometry a = board({{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 17}});
  const Geometry b = board({{1, 2, 3, 4}, {5, 6, 7, 8}, {0, 9}});
  auto innie = [](const Grid& puzzle) {
    CandidateGrid g{puzzle};
    Hint h;
    EXPECT_TRUE(detail::find_innies_outies(Ctx{g, true}, false, false, h));
    return h.explanation;
  };
  EXPECT_EQ(innie(Grid(a)), "innie r1c9 = 45 - 36 = 9 (row 1)");
  EXPECT_EQ(innie(Grid(b)), "innie r1c1 = 45 - 44 = 1 (row 1)");
  EXPECT_EQ(innie(Grid(a)), "innie r1c9 = 45 - 36 = 9 (row 1)");
  // Row 1 of c has two innies (r1c8, r1c9): column 1's innie r1c1 comes first; once r1c8
  // is placed (8), row 1's last innie is 45 - 28 - 8.
  const Geometry c = board({{0, 1, 2, 3, 4, 5, 6}, {7, 16}, {8, 17}});
  EXPECT_EQ(innie(Grid(c)), "innie r1c1 = 45 - 44 = 1 (column 1)");
  Grid placed(c);
  placed.set(7, 8);
  EXPECT_EQ(innie(placed), "innie r1c9 = 45 - 28 - 8 = 9 (row 1)");
}

TEST(KillerLadder, OutieOfSeveralHouses) {
  // Rows 1-2 whole but for the cage r2c1+r3c1 (4+7): the outie r3c1 is 11 - (90 - 86).
  std::vector<std::vector<int>> cages{{9, 18}};
  for (int c = 0; c < 9; ++c) cages.push_back({c});  // row 1 a cage per cell, explicitly
  CandidateGrid g{Grid(board(cages))};
  Hint h;
  ASSERT_TRUE(detail::find_innies_outies(Ctx{g, true}, true, false, h));
  EXPECT_STREQ(h.technique, "Multi-House Innie/Outie");
  EXPECT_EQ(h.rating, 20);
  // The innie comes first: r2c1 = 90 - 86 = 4.
  EXPECT_EQ(h.placements, pairs({{9, 4}}));
  EXPECT_EQ(h.explanation, "innie r2c1 = 90 - 86 = 4 (rows 1-2)");
}

TEST(KillerLadder, InniePairSum) {
  // Row 1: 1..7 whole (28), r1c8 and r1c9 in cages going down: the innies sum to 17.
  CandidateGrid g{Grid(board({{0, 1, 2, 3, 4, 5, 6}, {7, 16}, {8, 17}}))};
  Hint h;
  ASSERT_TRUE(detail::find_innies_outies(Ctx{g, true}, false, true, h));
  EXPECT_STREQ(h.technique, "Innie/Outie Pair");
  EXPECT_EQ(h.rating, 25);
  EXPECT_EQ(h.eliminations.size(), 14u);  // 1..7 from both: only 8+9 make 17
  EXPECT_EQ(h.explanation.rfind("innies r1c8+r1c9 = 45 - 28 = 17 (row 1): r1c8<>1, ", 0), 0u)
      << h.explanation;
}

TEST(KillerLadder, CageHouseOverlap) {
  CandidateGrid g{Grid(board({{0, 1}}))};  // 12: both digits needed, all in row 1
  Hint h;
  ASSERT_TRUE(detail::find_cage_house_overlap(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Cage/House Overlap");
  EXPECT_EQ(h.rating, 22);
  EXPECT_EQ(h.eliminations.size(), 7u);
  for (auto [cell, d] : h.eliminations) {
    EXPECT_EQ(d, 1);
    EXPECT_TRUE(cell >= 2 && cell < 9);
  }
  EXPECT_EQ(h.explanation.rfind("cage 3 at r1c1 needs 1 (every combination: 12), only in row 1: "
                                "r1c3<>1",
                                0),
            0u)
      << h.explanation;
}

TEST(KillerLadder, NakedCageCombination) {
  // r1c1+r2c1 = 1+4: 14 and 23. With r1c1 only 1 or 4 left, 23 does not fit.
  CandidateGrid g{Grid(board({{0, 9}}))};
  keep_only(g, 0, {1, 4});
  keep_only(g, 9, {1, 2, 3, 4});
  Hint h;
  ASSERT_TRUE(detail::find_naked_cage_combination(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Naked Cage Combination");
  EXPECT_EQ(h.rating, 28);
  EXPECT_EQ(h.eliminations, pairs({{9, 2}, {9, 3}}));
  EXPECT_EQ(h.explanation, "cage 5 at r1c1: the candidates fit 14 but not 23: r2c1<>2, r2c1<>3");
}

TEST(KillerLadder, HiddenCageCombination) {
  // r1c1+r2c1 = 5 (14 or 23); 4 of row 1 is only in r1c1: the cage takes 14.
  CandidateGrid g{Grid(board({{0, 9}}))};
  keep_only(g, 0, {1, 2, 3, 4});
  keep_only(g, 9, {1, 2, 3, 4});
  for (int c = 1; c < 9; ++c) g.eliminate(c, 4);
  Hint h;
  ASSERT_TRUE(detail::find_hidden_cage_combination(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Hidden Cage Combination");
  EXPECT_EQ(h.rating, 32);
  EXPECT_EQ(h.eliminations, pairs({{0, 2}, {0, 3}, {9, 2}, {9, 3}}));
  EXPECT_EQ(h.explanation,
            "in row 1, 4 only in cage 5 at r1c1, which so takes 14: r1c1<>2, r1c1<>3, r2c1<>2, "
            "r2c1<>3");
}

TEST(KillerLadder, CombinationClash) {
  // Row 1: r1c1+r1c2 = 3 (12) and r1c3+r1c4 = 7 (16, 25, 34): only 34 misses 1 and 2.
  CandidateGrid g{Grid(board({{0, 1}, {2, 3}}))};
  for (int c : {0, 1}) keep_only(g, c, {1, 2});
  for (int c : {2, 3}) keep_only(g, c, {1, 2, 3, 4, 5, 6});
  Hint h;
  ASSERT_TRUE(detail::find_combination_clash(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Combination Clash");
  EXPECT_EQ(h.rating, 36);
  EXPECT_EQ(h.eliminations,
            pairs({{2, 1}, {2, 2}, {2, 5}, {2, 6}, {3, 1}, {3, 2}, {3, 5}, {3, 6}}));
  EXPECT_EQ(h.explanation,
            "in row 1, cage 3 at r1c1 (12) leaves cage 7 at r1c3 only 34: r1c3<>1, r1c3<>2, "
            "r1c3<>5, r1c3<>6, r1c4<>1, r1c4<>2, r1c4<>5, r1c4<>6");
}

TEST(KillerLadder, CageForcingChains) {
  // r1c1+r1c2 = 3 with both in {1,2}, r1c3 in {1,3}.
  CandidateGrid g{Grid(board({{0, 1}}))};
  for (int c : {0, 1}) keep_only(g, c, {1, 2});
  keep_only(g, 2, {1, 3});
  Hint h;
  ASSERT_TRUE(detail::find_cage_forcing_chains(Ctx{g, true}, 1, h));
  EXPECT_STREQ(h.technique, "Cage Forcing Chains");
  EXPECT_EQ(h.rating, 90);
  // r1c1=1 holds; r1c1=2 makes r1c2 1 and r1c3 3, and every one-cell cage its digit,
  // among them r4c1's 2, in r1c1's column.
  EXPECT_EQ(h.eliminations, pairs({{0, 2}}));
  EXPECT_EQ(h.explanation,
            "r1c1<>2: r1c1=2 leads, by singles and cage combinations, to a contradiction");
}

// The rating of a killer with its steps, each placement and elimination checked against
// its solution.
Rating rate_checked(const char* text) {
  const Grid puzzle = parse_killer_text(text);
  const auto solution = SudokuSolver().solve(puzzle);
  EXPECT_TRUE(solution);
  const Rating r = Grader().rate(puzzle, true);
  for (const Step& s : solution ? r.steps : std::vector<Step>{}) {
    for (auto [cell, d] : s.placements) EXPECT_EQ((*solution)[cell], d) << s.explanation;
    for (auto [cell, d] : s.eliminations) EXPECT_NE((*solution)[cell], d) << s.explanation;
  }
  return r;
}

TEST(KillerLadder, CageCellForcingChains) {
  // A generated 9x9 killer (generate --variant killer -n 1000 --seed 11, #338) where no
  // single assumption fails but every candidate of r5c1 removes the same three.
  const Rating r = rate_checked(
      "killer:AABBBCDEFAGBHHCEEFAGIIHEEJJAGKILLLJJMMNILOOOJNNNIPOOQRNPPPPQQQR"
      "SSSTTQUURSSVVUUURR;A=35,B=21,C=11,D=9,E=24,F=8,G=15,H=8,I=23,J=27,K=8,"
      "L=14,M=7,N=22,O=24,P=20,Q=29,R=26,S=32,T=9,U=25,V=8");
  EXPECT_EQ(r.hardest, "Cage Cell Forcing Chains");
  EXPECT_DOUBLE_EQ(r.er, 9.3);
  int found = 0;
  for (const Step& s : r.steps) {
    if (s.technique != "Cage Cell Forcing Chains") continue;
    if (found++ == 0) {
      EXPECT_EQ(s.explanation,
                "each candidate of r5c1, propagated by singles and cage combinations, leads to "
                "r4c2<>1, r6c1<>6, r7c1<>2");
    }
  }
  EXPECT_GT(found, 0);
}

TEST(KillerLadder, NestedCageForcingChainsFinishWhatTheCageChainsLeave) {
  // A generated 9x9 killer (generate --variant killer -n 1000 --seed 11, #195) whose
  // rating stopped incomplete at the cage forcing chains before they were nested.
  const char* text =
      "killer:ABBCCCDEFAABCCGDDFHHIIJGGGFHKIIJJJGFHKKKLJMNNOPPQLMMNNRRPQQMSSTUUPQVVSTTWWWWVVSTT;"
      "A=19,B=8,C=26,D=20,E=1,F=14,G=21,H=22,I=20,J=27,K=24,L=11,M=24,N=29,O=6,P=20,Q=16,R=4,"
      "S=14,T=31,U=11,V=14,W=23";
  const Rating r = rate_checked(text);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.hardest, "Nested Cage Forcing Chains");
  EXPECT_DOUBLE_EQ(r.er, 9.5);
  int nested = 0;
  for (const Step& s : r.steps) {
    if (s.technique == "Nested Cage Forcing Chains" && nested++ == 0) {
      EXPECT_EQ(s.explanation,
                "r7c1<>1: r7c1=1 leads, by singles, cage combinations and cage forcing chains, "
                "to a contradiction");
    }
  }
  EXPECT_EQ(nested, 1);
  // A ceiling below 9.5 stops before the nested level, as before.
  GradeOptions capped;
  capped.max_rating = 9.4;
  const Rating below = Grader(capped).rate(parse_killer_text(text), false);
  EXPECT_FALSE(below.complete);
  EXPECT_TRUE(below.exceeded);
  // That ceiling lifted (Grader::rate with `lifted`): the search resumes at the nested
  // level's rung and the grading ends as the full one.
  int lifts = 0;
  const Rating lifted =
      Grader(capped).rate(parse_killer_text(text), true, -1, [&](const Rating& so_far) {
        ++lifts;
        EXPECT_TRUE(so_far.exceeded);
        EXPECT_EQ(so_far.er, below.er);
        return true;
      });
  EXPECT_EQ(lifts, 1);
  EXPECT_TRUE(lifted.complete);
  EXPECT_EQ(lifted.er, r.er);
  EXPECT_EQ(lifted.ep, r.ep);
  EXPECT_EQ(lifted.techniques, r.techniques);
  ASSERT_EQ(lifted.steps.size(), r.steps.size());
  for (size_t i = 0; i < r.steps.size(); ++i) {
    EXPECT_EQ(lifted.steps[i].explanation, r.steps[i].explanation) << i;
  }
}

// Every step of every graded puzzle: placements are the solution's digits, eliminations
// never remove them; the ladder finishes every one (the nested cage forcing chains,
// 9.5 and up, take the rare 9x9 killer, about 1 in 75, that the cage forcing chains leave).
void check_sound(const char* size, bool x, int count, int max_cage) {
  GeneratorOptions o;
  o.geometry = Geometry::parse(size);
  if (x) o.geometry = Variant(Variant::kX).apply(o.geometry);
  o.killer = true;
  o.killer_max_cage = max_cage;
  Generator gen(o);
  Grader grader;
  int incomplete = 0;
  for (int i = 0; i < count; ++i) {
    const GeneratedPuzzle p = *gen.generate(25, static_cast<std::uint64_t>(i));
    const Rating r = grader.rate(p.puzzle, true);
    if (!r.complete) ++incomplete;
    const std::vector<Cage> cages(p.puzzle.geometry().cages().begin(),
                                  p.puzzle.geometry().cages().end());
    ASSERT_TRUE(valid_killer_solution(p.puzzle, cages, x, p.solution));
    for (const Step& s : r.steps) {
      for (auto [cell, d] : s.placements) {
        ASSERT_EQ(p.solution[cell], d) << s.technique << ": " << s.explanation;
      }
      for (auto [cell, d] : s.eliminations) {
        ASSERT_NE(p.solution[cell], d) << s.technique << ": " << s.explanation;
      }
    }
  }
  EXPECT_EQ(incomplete, 0);
}

TEST(KillerLadderSoundness, FourByFour) {
  check_sound("2x2", false, 1000, 4);
}
TEST(KillerLadderSoundness, SixBySix) {
  check_sound("2x3", false, 800, 5);
}
TEST(KillerLadderSoundness, SixBySixX) {
  check_sound("2x3", true, 300, 5);
}
TEST(KillerLadderSoundness, NineByNine) {
  check_sound("3x3", false, 300, 5);
}

// Grading from a start state (Grader::rate with one): from the puzzle's own first state
// (every candidate, nothing placed) it is the grading in full, steps and all; from the
// state the easy rungs reach (the medium cut's GeneratedPuzzle::easy_state) the rating is
// the same with the easy steps before it left out; a state of another size is refused.
TEST(KillerLadder, RatesFromAStartStateAsFromTheStart) {
  GeneratorOptions o;
  o.killer = true;
  o.killer_min_cage = 2;
  o.killer_cut = GeneratorOptions::KillerCut::kDeduced;
  Generator gen(o);
  Grader grader;
  for (int i = 0; i < 12; ++i) {
    const GeneratedPuzzle p = *gen.generate(3, static_cast<std::uint64_t>(i));
    const Rating full = grader.rate(p.puzzle, true);
    ASSERT_TRUE(full.complete);
    const std::vector<std::uint16_t> first(81, 0x1ff);
    const Rating same = grader.rate(p.puzzle, first);
    EXPECT_EQ(same.er, full.er);
    EXPECT_EQ(same.step_count, full.step_count);
    ASSERT_EQ(p.easy_state.size(), 81u);
    const Rating from = grader.rate(p.puzzle, p.easy_state);
    EXPECT_EQ(from.er, full.er);
    EXPECT_EQ(from.level, full.level);
    EXPECT_TRUE(from.complete);
    EXPECT_LT(from.step_count, full.step_count) << i;  // easy steps left out
  }
  EXPECT_THROW(grader.rate(Grid(Geometry(3, 3)), std::vector<std::uint16_t>(80, 0x1ff)),
               std::invalid_argument);
}

}  // namespace
}  // namespace sudoforge::grader
