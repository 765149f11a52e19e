// The floor's closure (grader/src/floor_closure.h): whenever it says a puzzle is solved by
// the rules rated below a floor, the full grading rates the puzzle below that floor, and
// with the chains among the rules the path never goes past the static forcing chains.
#include "floor_closure.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "grader_test_util.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/generator/generator.h"

namespace sudoforge::grader {
namespace {

using test_util::grid81;
using test_util::read_lines;

constexpr double kFloors[] = {2.6, 2.9, 3.1, 3.3, 3.5, 3.7, 3.9, 4.1, 4.3, 4.5, 5.3,
                              5.7, 6.3, 6.6, 7.0, 7.5, 8.0, 8.5, 8.9, 9.0, 10.0};

// The techniques SE's ladder tries after the static forcing chains.
bool past_static_chains(const std::string& technique) {
  return technique == "Aligned Triplet Exclusion" ||
         technique.find("Nishio") != std::string::npos ||
         technique.find("Multiple") != std::string::npos ||
         technique.find("Dynamic") != std::string::npos ||
         technique.find("Cell Forcing") != std::string::npos ||
         technique.find("Region Forcing") != std::string::npos;
}

struct FloorCounts {
  int rejected = 0, wrong = 0, chains_rejected = 0;
};

// For every puzzle and floor: a rejection by the closure (with `rules_for`) must come
// with a full ER below the floor. Returns the counts; `wrong` lists the failures.
template <class RulesFor>
FloorCounts check_floors(const std::vector<Grid>& puzzles, RulesFor&& rules_for,
                         std::vector<std::string>* wrong) {
  FloorCounts n;
  Grader full;
  for (const Grid& puzzle : puzzles) {
    const Rating want = full.rate(puzzle, true);
    if (!want.complete) continue;
    bool static_only = true;
    for (const auto& t : want.techniques) static_only &= !past_static_chains(t);
    const detail::CandidateGrid g(puzzle);
    for (const double f : kFloors) {
      const int floor = static_cast<int>(std::lround(f * 10));
      const detail::FloorRules rules = rules_for(g, floor);
      if (!detail::closure_solves(g, rules)) continue;
      ++n.rejected;
      n.chains_rejected += rules.chains;
      const bool ok = want.er < f - 1e-9 && (!rules.chains || static_only);
      if (!ok) {
        ++n.wrong;
        if (wrong) wrong->push_back(to_line(puzzle, TextStyle{}) + " floor " + std::to_string(f));
      }
    }
  }
  return n;
}

detail::FloorRules true_rules(const detail::CandidateGrid& g, int floor) {
  return detail::floor_rules(g, floor, true);
}

// check_floors with the true rules, every failure reported (the first ten named).
FloorCounts expect_exact(const std::vector<Grid>& puzzles) {
  std::vector<std::string> wrong;
  const FloorCounts n = check_floors(puzzles, true_rules, &wrong);
  EXPECT_EQ(n.wrong, 0);
  for (size_t i = 0; i < wrong.size() && i < 10; ++i) ADD_FAILURE() << wrong[i];
  return n;
}

std::vector<Grid> grids(const std::vector<std::string>& lines) {
  std::vector<Grid> out;
  for (const std::string& line : lines) out.push_back(grid81(line.substr(0, 81)));
  return out;
}

std::vector<Grid> fixture() {
  return grids(read_lines(std::string(SUDOFORGE_TEST_DATA) + "/grader/floor_mixed.txt"));
}

TEST(FloorClosure, RejectsOnlyPuzzlesRatedBelowTheFloor) {
  const auto lines = fixture();
  ASSERT_GE(lines.size(), 300u);
  const FloorCounts n = expect_exact(lines);
  // Both the basic rules and the chains reject many puzzles of the fixture.
  EXPECT_GT(n.rejected, 2000);
  EXPECT_GT(n.chains_rejected, 300);
}

// The test above can fail: chains allowed with a too low floor (their rating bound
// ignored), the closure rejects puzzles whose full ER is at or above the floor.
TEST(FloorClosure, ChainsBelowTheirBoundWouldRejectHarderPuzzles) {
  const auto lines = fixture();
  ASSERT_GE(lines.size(), 300u);
  const FloorCounts n = check_floors(
      lines,
      [](const detail::CandidateGrid& g, int floor) {
        detail::FloorRules r = detail::floor_rules(g, floor, true);
        r.chains = floor > 62;
        return r;
      },
      nullptr);
  EXPECT_GT(n.wrong, 10);
}

// The chain pass decides as main's first version did (the full relation's strong
// components, every candidate closed): the counts below are that version's on the
// fixture, with every rule and with the chains alone (beside singles), which shows a
// chain pass that misses or invents a removal.
TEST(FloorClosure, ChainDecisionsPinned) {
  const auto lines = fixture();
  ASSERT_GE(lines.size(), 300u);
  int all = 0, chains_alone = 0;
  for (const Grid& puzzle : lines) {
    const detail::CandidateGrid g(puzzle);
    const detail::FloorRules rules = detail::floor_rules(g, 90, true);
    ASSERT_TRUE(rules.chains);
    all += detail::closure_solves(g, rules);
    detail::FloorRules alone;
    alone.chains = true;
    chains_alone += detail::closure_solves(g, alone);
  }
  EXPECT_EQ(all, 303);
  EXPECT_EQ(chains_alone, 295);
}

// A plain closure of singles, locking and the chain rule on a 9x9 classic board, as the
// rules read (floor_closure.h), with no shortcut: every rule applied to the whole state in
// each round, the chain rule as a breadth-first search from each "on" literal.
struct PlainClosure {
  detail::Mask cand[81] = {};
  int val[81] = {};
  int houses[27][9] = {};
  int house_of[81][3] = {};

  explicit PlainClosure(const detail::CandidateGrid& g) {
    for (int u = 0; u < 27; ++u) {
      for (int k = 0; k < 9; ++k) houses[u][k] = g.unit(u)[k];
    }
    for (int c = 0; c < 81; ++c) {
      for (int k = 0; k < 3; ++k) house_of[c][k] = g.unit_of(c, k);
      val[c] = g.value(c);
      cand[c] = val[c] ? 0 : g.cand(c);
    }
  }
  bool seen(int a, int b) const {
    for (int k = 0; k < 3; ++k) {
      for (int j = 0; j < 3; ++j) {
        if (house_of[a][k] == house_of[b][j]) return true;
      }
    }
    return false;
  }
  void place(int c, int d) {
    val[c] = d;
    cand[c] = 0;
    for (int p = 0; p < 81; ++p) {
      if (p != c && seen(c, p)) cand[p] &= ~(detail::Mask{1} << d);
    }
  }
  bool has(int c, int d) const { return (cand[c] >> d) & 1; }
  // The cells of house u holding candidate d.
  std::vector<int> places(int u, int d) const {
    std::vector<int> out;
    for (int c : houses[u]) {
      if (has(c, d)) out.push_back(c);
    }
    return out;
  }
  // Naked and hidden singles until none is left; false when a cell has no candidate.
  bool singles() {
    for (bool again = true; again;) {
      again = false;
      for (int c = 0; c < 81; ++c) {
        if (!val[c] && cand[c] == 0) return false;
        if (!val[c] && detail::popcount(cand[c]) == 1) {
          place(c, detail::lowest(cand[c]));
          again = true;
        }
      }
      for (int u = 0; u < 27; ++u) {
        for (int d = 1; d <= 9; ++d) {
          const auto p = places(u, d);
          if (p.size() == 1) {
            place(p[0], d);
            again = true;
          }
        }
      }
    }
    return true;
  }
  // Weakly linked: a and b in one cell, or one digit in one house.
  bool weak(int a, int da, int b, int db) const {
    return (a == b && da != db) || (a != b && da == db && seen(a, b));
  }
  // The candidates strongly linked to (c, d): the other one of a bivalue cell, the other
  // place of d in a house where d has two.
  std::vector<std::pair<int, int>> strong(int c, int d) const {
    std::vector<std::pair<int, int>> out;
    if (detail::popcount(cand[c]) == 2)
      out.push_back({c, detail::lowest(cand[c] & ~(detail::Mask{1} << d))});
    for (int k = 0; k < 3; ++k) {
      const auto p = places(house_of[c][k], d);
      if (p.size() == 2) out.push_back({p[0] == c ? p[1] : p[0], d});
    }
    return out;
  }
  // on(c) => off(c): some on(a) reached through weak-then-strong links is weakly linked to
  // c. links[w * 10 + dw]: strong(w, dw) in the current state.
  bool chain_removes(int c, int d,
                     const std::vector<std::vector<std::pair<int, int>>>& links) const {
    std::vector<char> seen_on(81 * 10, 0);
    std::vector<std::pair<int, int>> queue{{c, d}};
    const auto follow = [&](int w, int dw) {
      for (auto [b, db] : links[w * 10 + dw]) {
        if (!seen_on[b * 10 + db]) {
          seen_on[b * 10 + db] = 1;
          queue.push_back({b, db});
        }
      }
    };
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const auto [a, da] = queue[i];
      if (i > 0 && weak(a, da, c, d)) return true;
      for (int w = 0; w < 81; ++w) {
        if (w == a) {
          for (int dw = 1; dw <= 9; ++dw) {
            if (dw != da && has(w, dw)) follow(w, dw);
          }
        } else if (has(w, da) && seen(a, w)) {
          follow(w, da);
        }
      }
    }
    return false;
  }
  // What one pass of the chain rule removes.
  std::vector<std::pair<int, int>> chain_gone() const {
    std::vector<std::vector<std::pair<int, int>>> links(81 * 10);
    for (int c = 0; c < 81; ++c) {
      for (int d = 1; d <= 9; ++d) {
        if (has(c, d)) links[c * 10 + d] = strong(c, d);
      }
    }
    std::vector<std::pair<int, int>> gone;
    for (int c = 0; c < 81; ++c) {
      for (int d = 1; d <= 9; ++d) {
        if (has(c, d) && chain_removes(c, d, links)) gone.push_back({c, d});
      }
    }
    return gone;
  }
  // The candidates that are one end of a strong link.
  int paired() const {
    int count = 0;
    for (int c = 0; c < 81; ++c) {
      for (int d = 1; d <= 9; ++d) count += has(c, d) && !strong(c, d).empty();
    }
    return count;
  }
  bool solves(bool locking, bool chains) {
    for (;;) {
      if (!singles()) return false;
      bool open = false;
      for (int c = 0; c < 81; ++c) open |= !val[c];
      if (!open) return true;
      std::vector<std::pair<int, int>> gone;
      if (locking) {
        for (int b = 18; b < 27; ++b) {
          for (int l = 0; l < 18; ++l) {
            for (int d = 1; d <= 9; ++d) {
              // d of one unit confined to the crossing leaves the rest of the other.
              for (int side = 0; side < 2; ++side) {
                const int from = side ? l : b, to = side ? b : l;
                const auto p = places(from, d);
                bool inside = !p.empty();
                for (int c : p)
                  inside &= house_of[c][0] == to || house_of[c][1] == to || house_of[c][2] == to;
                if (!inside) continue;
                for (int c : places(to, d)) {
                  if (house_of[c][0] != from && house_of[c][1] != from && house_of[c][2] != from)
                    gone.push_back({c, d});
                }
              }
            }
          }
        }
      }
      if (chains) {
        const auto more = chain_gone();
        gone.insert(gone.end(), more.begin(), more.end());
      }
      if (gone.empty()) return false;
      for (auto [c, d] : gone) cand[c] &= ~(detail::Mask{1} << d);
    }
  }
};

// The closure's shortcuts (the chain pass over the paired candidates, the houses looked
// at again only when changed, the lines' positions kept from locking) against the plain
// closure, on the fixture's puzzles with some wrong candidates removed at random (states
// the puzzles' own paths do not reach), with and without locking and the chains.
TEST(FloorClosure, SameAsThePlainRules) {
  const auto puzzles = fixture();
  ASSERT_GE(puzzles.size(), 300u);
  std::mt19937 rng(2211);
  int solved = 0, unsolved = 0, states = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    Grid solution = puzzles[i];
    ASSERT_TRUE(test_util::solve(solution));
    detail::CandidateGrid g(puzzles[i]);
    std::bernoulli_distribution drop(0.04 * static_cast<double>(i % 4));
    for (int c = 0; c < 81; ++c) {
      for (int d = 1; d <= 9; ++d) {
        if (!g.value(c) && g.has(c, d) && d != solution[c] && drop(rng)) g.eliminate(c, d);
      }
    }
    // Chains with and without locking, and locking alone (which the chains would hide).
    for (const auto& [locking, chains] : {std::pair{false, true}, {true, true}, {true, false}}) {
      detail::FloorRules rules;
      rules.locking = locking;
      rules.chains = chains;
      const bool want = PlainClosure(g).solves(locking, chains);
      EXPECT_EQ(detail::closure_solves(g, rules), want)
          << to_line(puzzles[i], TextStyle{}) << " " << locking << chains;
      ++states;
      (want ? solved : unsolved) += 1;
    }
  }
  EXPECT_GT(states, 1200);
  EXPECT_GT(solved, 150);
  EXPECT_GT(unsolved, 60);
}

// The chain pass's closure of one-word rows (Warshall's steps four a sweep, then the rest
// one by one) against a search from each node, on random graphs of 1 to 64 nodes (every
// remainder of the sweeps, bit 63 in use) from sparse to dense, and on long paths whose
// edges run backwards (each step needs the ones before it in its sweep).
TEST(FloorClosure, CloseRowsAsASearch) {
  std::mt19937_64 rng(27);
  const auto search = [](const std::vector<std::uint64_t>& edges, int i) {
    std::uint64_t seen = 0;
    std::vector<int> todo{i};
    while (!todo.empty()) {
      const int v = todo.back();
      todo.pop_back();
      for (int w = 0; w < static_cast<int>(edges.size()); ++w) {
        if ((edges[v] >> w & 1) && !(seen >> w & 1)) {
          seen |= std::uint64_t{1} << w;
          todo.push_back(w);
        }
      }
    }
    return seen;
  };
  int graphs = 0;
  for (int nodes = 1; nodes <= 64; ++nodes) {
    for (int kind = 0; kind < 6; ++kind) {
      std::vector<std::uint64_t> edges(static_cast<std::size_t>(nodes), 0);
      if (kind == 5) {
        // A path nodes-1 -> nodes-2 -> ... -> 0, then a random shuffle of the numbering.
        std::vector<int> order(static_cast<std::size_t>(nodes));
        for (int i = 0; i < nodes; ++i) order[i] = i;
        if (nodes % 2) std::shuffle(order.begin(), order.end(), rng);
        for (int i = 1; i < nodes; ++i) edges[order[i]] |= std::uint64_t{1} << order[i - 1];
      } else {
        std::bernoulli_distribution edge(0.01 + 0.03 * kind);
        for (int i = 0; i < nodes; ++i) {
          for (int j = 0; j < nodes; ++j) {
            if (edge(rng)) edges[i] |= std::uint64_t{1} << j;
          }
        }
      }
      std::vector<std::uint64_t> rows = edges;
      detail::close_rows(rows.data(), nodes);
      for (int i = 0; i < nodes; ++i) {
        ASSERT_EQ(rows[i], search(edges, i)) << nodes << " nodes, kind " << kind << ", row " << i;
      }
      ++graphs;
    }
  }
  EXPECT_EQ(graphs, 64 * 6);
}

// One chain pass removal by removal against the plain rule, on the fixture's puzzles with
// 0-30% of their wrong candidates removed at random: passes over one word of paired
// candidates (Warshall's closure) and over more (Tarjan's), candidates of both kinds
// removed (the paired ones from the reverse closure, the unpaired from their groups),
// among them unpaired ones removed by a single strong link between two candidates weakly
// linked to them (the closure finds those through each end's loop back to itself).
TEST(FloorClosure, ChainPassAsThePlainRule) {
  const auto puzzles = fixture();
  ASSERT_GE(puzzles.size(), 300u);
  std::mt19937 rng(2727);
  int narrow = 0, wide = 0, removals = 0, unpaired = 0, one_link = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    Grid solution = puzzles[i];
    ASSERT_TRUE(test_util::solve(solution));
    detail::CandidateGrid g(puzzles[i]);
    std::bernoulli_distribution drop(0.1 * static_cast<double>(i % 4));
    for (int c = 0; c < 81; ++c) {
      for (int d = 1; d <= 9; ++d) {
        if (!g.value(c) && g.has(c, d) && d != solution[c] && drop(rng)) g.eliminate(c, d);
      }
    }
    if (g.dead_cell() >= 0) continue;
    const PlainClosure plain(g);
    std::vector<detail::Mask> want(81, 0);
    for (auto [c, d] : plain.chain_gone()) want[c] |= detail::Mask{1} << d;
    const std::vector<detail::Mask> got = detail::chain_pass_removals(g);
    ASSERT_EQ(got.size(), 81u);
    for (int c = 0; c < 81; ++c) {
      EXPECT_EQ(got[c], want[c]) << to_line(puzzles[i], TextStyle{}) << " cell " << c;
      for (detail::Mask y = want[c]; y; y &= y - 1) {
        const int d = detail::lowest(y);
        ++removals;
        if (!plain.strong(c, d).empty()) continue;
        ++unpaired;
        // Two candidates weakly linked to (c, d) and strongly linked to each other.
        bool one = false;
        for (int a = 0; a < 81 && !one; ++a) {
          for (int da = 1; da <= 9 && !one; ++da) {
            if (!plain.has(a, da) || !plain.weak(a, da, c, d)) continue;
            for (auto [b, db] : plain.strong(a, da)) one |= plain.weak(b, db, c, d);
          }
        }
        one_link += one;
      }
    }
    (plain.paired() <= 64 ? narrow : wide) += 1;
  }
  EXPECT_GT(narrow, 50);
  EXPECT_GT(wide, 50);
  EXPECT_GT(removals - unpaired, 500);
  EXPECT_GT(unpaired, 500);
  EXPECT_GT(one_link, 50);
}

// The floors per rating: each family comes in above the highest rating of its rung and
// every rung before it.
TEST(FloorClosure, RulesPerFloor) {
  const detail::CandidateGrid g(grid81(std::string(81, '.')));
  const auto at = [&](int floor, bool chains = true) {
    return detail::floor_rules(g, floor, chains);
  };
  // Each family's first floor is one above its top: locking 2.8, naked / fish / hidden
  // pairs 3.0 / 3.2 / 3.4, triples 3.6 / 3.8 / 4.0, XY-wings 4.2, quads 5.6.
  struct Want {
    int floor;
    bool locking;
    int naked, fish, hidden;
    bool xy_wing;
  };
  constexpr Want kWant[] = {
      {28, false, 0, 0, 0, false}, {29, true, 0, 0, 0, false}, {30, true, 0, 0, 0, false},
      {31, true, 2, 0, 0, false},  {33, true, 2, 2, 0, false}, {34, true, 2, 2, 0, false},
      {35, true, 2, 2, 2, false},  {37, true, 3, 2, 2, false}, {39, true, 3, 3, 2, false},
      {41, true, 3, 3, 3, false},  {42, true, 3, 3, 3, false}, {43, true, 3, 3, 3, true},
      {56, true, 3, 3, 3, true},   {57, true, 4, 4, 4, true}};
  for (const Want& w : kWant) {
    const detail::FloorRules r = at(w.floor);
    EXPECT_EQ(r.locking, w.locking) << w.floor;
    EXPECT_EQ(r.naked, w.naked) << w.floor;
    EXPECT_EQ(r.fish, w.fish) << w.floor;
    EXPECT_EQ(r.hidden, w.hidden) << w.floor;
    EXPECT_EQ(r.xy_wing, w.xy_wing) << w.floor;
  }
  // The empty board: 729 candidates, chains of up to 1,458 nodes, rated up to 8.7.
  EXPECT_FALSE(at(87).chains);
  EXPECT_TRUE(at(88).chains);
  EXPECT_FALSE(at(90, false).chains);
  // Boards above 9x9: no chains at any floor (their search is not the one checked).
  const detail::CandidateGrid big(Grid(Geometry(4, 4)));
  EXPECT_FALSE(detail::floor_rules(big, 1000, true).chains);
  EXPECT_EQ(detail::floor_rules(big, 1000, true).naked, 4);
}

// per_board puzzles generated on each board (seed 20, indices 0 .. per_board-1); one that
// gives none is left out (the callers assert the count).
std::vector<Grid> generated_on(std::initializer_list<Geometry> boards, int per_board) {
  std::vector<Grid> puzzles;
  for (const Geometry& board : boards) {
    GeneratorOptions o;
    o.geometry = board;
    Generator gen(o);
    for (int i = 0; i < per_board; ++i) {
      const auto p = gen.generate(20, static_cast<std::uint64_t>(i));
      if (p) puzzles.push_back(p->puzzle);
    }
  }
  return puzzles;
}

// Boards with extra houses (the closure's singles, chains and XY-wings read every house)
// and a jigsaw: the same check on random minimal puzzles.
TEST(FloorClosure, VariantBoards) {
  const std::vector<Grid> puzzles = generated_on(
      {Variant::parse("x").apply(Geometry()), Variant::parse("windoku").apply(Geometry()),
       Variant::parse("x+windoku").apply(Geometry()), Variant::parse("dg").apply(Geometry()),
       test_util::traded_jigsaw()},
      8);
  ASSERT_EQ(puzzles.size(), 40u);
  const FloorCounts n = expect_exact(puzzles);
  EXPECT_GT(n.rejected, 100);
  EXPECT_GT(n.chains_rejected, 15);
}

// The grader's test from the givens (floor_rejects, no CandidateGrid built) decides as
// the closure on the grid built from them, at floors with and without the chains, on the
// fixture and on boards with extra houses, a jigsaw and a 6x6 (the candidates read every
// house of the board).
TEST(FloorClosure, FromTheGivensAsOnTheirGrid) {
  std::vector<Grid> puzzles = fixture();
  ASSERT_GE(puzzles.size(), 300u);
  const std::vector<Grid> others =
      generated_on({Variant::parse("x").apply(Geometry()),
                    Variant::parse("x+windoku").apply(Geometry()), test_util::traded_jigsaw(),
                    Geometry(2, 3)},
                   4);
  ASSERT_EQ(others.size(), 16u);
  puzzles.insert(puzzles.end(), others.begin(), others.end());
  int rejected = 0, with_chains = 0, tested = 0;
  for (const Grid& puzzle : puzzles) {
    const detail::CandidateGrid g(puzzle);
    const std::vector<detail::Mask> start = detail::givens_candidates(puzzle);
    ASSERT_EQ(start.size(), static_cast<std::size_t>(g.cell_count()));
    for (int c = 0; c < g.cell_count(); ++c) {
      ASSERT_EQ(start[c], g.value(c) ? 0 : g.cand(c)) << to_line(puzzle, TextStyle{}) << " " << c;
    }
    for (const int floor : {29, 63, 90, 100}) {
      for (const bool chains : {false, true}) {
        const detail::FloorRules rules =
            detail::floor_test_rules(detail::floor_rules(g, floor, chains));
        const bool want = detail::closure_solves(g, rules);
        ASSERT_EQ(detail::floor_rejects(puzzle, floor, chains), want)
            << to_line(puzzle, TextStyle{}) << " floor " << floor << " chains " << chains;
        ++tested;
        rejected += want;
        with_chains += want && rules.chains;
      }
    }
  }
  // Both outcomes, with singles alone and with the chains, are met.
  EXPECT_GT(rejected, tested / 4);
  EXPECT_LT(rejected, tested - tested / 10);
  EXPECT_GT(with_chains, 200);
}

// Givens the grid's constructor refuses are not rejected (the grading then throws).
TEST(FloorClosure, FromTheGivensNotOnBadGivens) {
  // Two 5s in the first row; a 9 given twice in a box.
  for (const char* line :
       {"55...............................................................................",
        "9.........9......................................................................"}) {
    const Grid puzzle = grid81(line);
    EXPECT_FALSE(detail::floor_rejects(puzzle, 100, true)) << line;
    EXPECT_THROW(detail::CandidateGrid{puzzle}, std::invalid_argument) << line;
  }
  // A solution grid with r1c2 changed to r1c1's 4 and two cells emptied: singles would
  // fill it.
  const Grid clash = grid81(
      "4439216579673458212518764935481329767295641381367982453726895148142537.969541738.");
  EXPECT_TRUE(detail::givens_candidates(clash).empty());
  EXPECT_FALSE(detail::floor_rejects(clash, 100, true));
  EXPECT_THROW(detail::CandidateGrid{clash}, std::invalid_argument);
  // r1c9 sees 1-8 in its row and 9 in its column: no candidate left.
  std::string dead = "12345678." + std::string(72, '.');
  dead[8 + 9] = '9';
  const Grid puzzle = grid81(dead);
  EXPECT_FALSE(detail::floor_rejects(puzzle, 100, true));
  EXPECT_THROW(detail::CandidateGrid{puzzle}, std::invalid_argument);
  // A valid puzzle that singles solve is rejected below any floor above 2.3.
  const Grid easy = grid81(
      "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
  EXPECT_TRUE(detail::floor_rejects(easy, 30, false));
}

// All of cb001 and top1465 when the shared data is there.
// The proof of floor_closure.h holds from any state of SE's path, which the grader uses to
// test a floor again after its harder steps (grader.cpp): whenever the floor's test on a
// state of the path (its rules for that state's live candidates) solves it, every later
// step of the full path rates below the floor. States after each step rated 7.0 or more
// and every fourth other step of the fixture's puzzles rated 7.5 or more.
TEST(FloorClosure, FromAStateOfThePathTheRestRatesBelow) {
  Grader full;
  int hard = 0, solved = 0, with_chains = 0;
  for (const Grid& puzzle : fixture()) {
    const Rating want = full.rate(puzzle, true);
    if (!want.complete || want.er < 7.5) continue;
    ++hard;
    const std::string line = to_line(puzzle, TextStyle{});
    // rest[i]: the highest rating of steps i and later.
    std::vector<double> rest(want.steps.size() + 1, 0);
    for (size_t i = want.steps.size(); i-- > 0;) {
      rest[i] = std::max(rest[i + 1], want.steps[i].rating);
    }
    detail::CandidateGrid g(puzzle);
    for (size_t i = 0; i + 1 < want.steps.size(); ++i) {
      const Step& step = want.steps[i];
      for (auto [c, d] : step.eliminations) g.eliminate(c, d);
      for (auto [c, d] : step.placements) g.place(c, d);
      if (step.rating < 7.0 - 1e-9 && i % 8 != 0) continue;
      for (const double f : {6.6, 7.2, 7.6, 8.5, 9.0}) {
        const int floor = static_cast<int>(std::lround(f * 10));
        const detail::FloorRules rules =
            detail::floor_test_rules(detail::floor_rules(g, floor, true));
        if (!detail::closure_solves(g, rules)) continue;
        ++solved;
        with_chains += rules.chains;
        EXPECT_LT(rest[i + 1], f - 1e-9) << line << " after step " << i << ", floor " << f;
      }
    }
  }
  EXPECT_GT(hard, 100);
  EXPECT_GT(solved, 1000);
  EXPECT_GT(with_chains, 500);
}

// (F) of floor_closure.h: a test started from the fixpoint of an earlier state's test
// (FloorFixpoint) answers as one from the state alone, and a state above that fixpoint
// fails. States: the full paths of the fixture's puzzles (one solution), and random
// eliminations from the givens of those puzzles with three givens dropped (often several
// solutions, and none once a solution's candidate goes).
TEST(FloorClosure, FromTheLastFixpointAsFromTheState) {
  Grader full;
  std::mt19937 rng(28);
  int tests = 0, solved = 0, stands = 0, met = 0, random_walks = 0;
  const auto walk = [&](const Grid& puzzle, const std::vector<std::pair<int, int>>& removals,
                        const std::string& line) {
    for (const double f : {6.6, 7.6, 8.5, 9.0}) {
      const int floor = static_cast<int>(std::lround(f * 10));
      detail::FloorFixpoint fix;
      const bool first = detail::floor_rejects(puzzle, floor, true, fix);
      detail::CandidateGrid g(puzzle);
      ASSERT_EQ(first, detail::closure_solves(
                           g, detail::floor_test_rules(detail::floor_rules(g, floor, true))))
          << line;
      if (first) continue;
      for (size_t i = 0; i < removals.size(); ++i) {
        const auto [c, d] = removals[i];
        if (d < 0) {
          g.place(c, -d);
        } else {
          g.eliminate(c, d);
        }
        if (i % 3 != 2 && i + 1 != removals.size()) continue;
        const detail::FloorRules rules =
            detail::floor_test_rules(detail::floor_rules(g, floor, true));
        const bool plain = detail::closure_solves(g, rules);
        ++tests;
        if (detail::fixpoint_stands(g, rules, fix)) {
          ++stands;
          EXPECT_FALSE(plain) << line << " state " << i << ", floor " << f;
        }
        met += fix.valid && fix.rules == rules;
        const bool from_fix = detail::closure_solves(g, rules, fix);
        EXPECT_EQ(from_fix, plain) << line << " state " << i << ", floor " << f;
        solved += plain;
        if (plain) break;
      }
    }
  };
  for (const Grid& puzzle : fixture()) {
    const std::string line = to_line(puzzle, TextStyle{});
    const Rating want = full.rate(puzzle, true);
    if (want.complete && want.er >= 6.6) {
      std::vector<std::pair<int, int>> path;
      for (const Step& step : want.steps) {
        for (auto [c, d] : step.eliminations) path.emplace_back(c, d);
        for (auto [c, d] : step.placements) path.emplace_back(c, -d);
      }
      walk(puzzle, path, line);
    }
    // Some givens dropped (several solutions, often), then random eliminations that leave
    // each cell a candidate (the solution's, or not).
    Grid loose = puzzle;
    for (int k = 0; k < 3; ++k) loose.set(static_cast<int>(rng() % 81), 0);
    detail::CandidateGrid shape(loose);
    std::vector<std::pair<int, int>> random;
    std::vector<detail::Mask> left(81);
    for (int c = 0; c < 81; ++c) left[c] = loose[c] ? 0 : shape.cand(c);
    for (int k = 0; k < 30; ++k) {
      const int c = static_cast<int>(rng() % 81);
      if (std::popcount(left[c]) < 2) continue;
      int d = 1 + static_cast<int>(rng() % 9);
      while (!((left[c] >> d) & 1)) d = 1 + d % 9;
      left[c] &= ~(detail::Mask{1} << d);
      random.emplace_back(c, d);
    }
    const int before = tests;
    walk(loose, random, to_line(loose, TextStyle{}) + " (random)");
    random_walks += tests > before;
  }
  EXPECT_GT(tests, 2000);
  EXPECT_GT(solved, 300);
  EXPECT_GT(stands, 100);
  EXPECT_GT(met, 1000);
  EXPECT_GT(random_walks, 100);
}

// (C) of floor_closure.h: where the closure with the chains leaves a state as it was, the
// static forcing chains find nothing there (the grader then skips their search). States:
// those of the fixture's full paths where the ladder reaches the chains' rung.
TEST(FloorClosure, NoStaticChainWhereTheClosureLeavesTheState) {
  Grader full;
  detail::ChainEngine engine;
  int idle = 0, busy = 0;
  for (const Grid& puzzle : fixture()) {
    const Rating want = full.rate(puzzle, true);
    if (!want.complete || want.er < 6.5) continue;
    detail::CandidateGrid g(puzzle);
    const std::string line = to_line(puzzle, TextStyle{});
    for (size_t i = 0; i + 1 < want.steps.size(); ++i) {
      const Step& step = want.steps[i];
      for (auto [c, d] : step.eliminations) g.eliminate(c, d);
      for (auto [c, d] : step.placements) g.place(c, d);
      // The states where the next step is of the chains' rung or later.
      if (want.steps[i + 1].rating < 6.5 - 1e-9) continue;
      detail::FloorFixpoint fix;
      const detail::FloorRules rules = detail::floor_test_rules(detail::floor_rules(g, 90, true));
      ASSERT_TRUE(rules.chains);
      if (detail::closure_solves(g, rules, fix)) continue;
      detail::Hint h;
      const bool found = engine.find_forcing_chains(detail::Ctx{g, false}, h);
      if (detail::fixpoint_is(g, fix)) {
        ++idle;
        EXPECT_FALSE(found) << line << " after step " << i;
      } else {
        busy += found;
      }
    }
  }
  EXPECT_GT(idle, 300);
  EXPECT_GT(busy, 100);
}

TEST(FloorClosure, SharedData) {
  std::vector<std::string> lines;
  for (const char* name : {"cb001-ser.txt", "top1465.txt"}) {
    const auto more = test_util::shared_lines(name);
    if (!more) GTEST_SKIP() << "no ../shared/data";
    lines.insert(lines.end(), more->begin(), more->end());
  }
  expect_exact(grids(lines));
}

}  // namespace
}  // namespace sudoforge::grader
