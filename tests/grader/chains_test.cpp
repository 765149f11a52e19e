// Static forcing chains and cycles (chains.cpp): SE's length difficulty, a Turbot Fish,
// and an engine reused across grids.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "chain_hints.h"
#include "chain_links.h"
#include "chain_reachability.h"
#include "chains_internal.h"
#include "forcing_chain_search.h"
#include "grader_test_util.h"
#include "sudoforge/core/variant.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderChains, LengthDifficultyFollowsSE) {
  EXPECT_EQ(grader::detail::length_difficulty(4), 0);
  EXPECT_EQ(grader::detail::length_difficulty(6), 0);
  EXPECT_EQ(grader::detail::length_difficulty(7), 1);
  EXPECT_EQ(grader::detail::length_difficulty(8), 1);
  EXPECT_EQ(grader::detail::length_difficulty(9), 2);
  EXPECT_EQ(grader::detail::length_difficulty(10), 2);
  EXPECT_EQ(grader::detail::length_difficulty(11), 3);
  EXPECT_EQ(grader::detail::length_difficulty(14), 3);
  EXPECT_EQ(grader::detail::length_difficulty(15), 4);
  EXPECT_EQ(grader::detail::length_difficulty(19), 5);
}

TEST(GraderTechniques, TurbotFishIsAForcingXChain) {
  Rating r = Grader().rate(
      grid81("....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38"),
      true);
  EXPECT_TRUE(r.complete);
  EXPECT_DOUBLE_EQ(r.er, 6.6);
  bool seen = false;
  for (const auto& s : r.steps) {
    if (s.rating == 6.6) {
      seen = true;
      EXPECT_EQ(s.technique, "Turbot Fish");
      ASSERT_EQ(s.eliminations.size(), 1u);
      EXPECT_EQ(s.eliminations[0], std::make_pair(2, 2));  // r1c3<>2
    }
  }
  EXPECT_TRUE(seen);
}

// The static chain engine keeps a digit's X-chain search from one call to the next while
// that digit's candidates did not change on the same grid. Calls alternating between a
// grid and a copy that went its own way must each give what a fresh engine gives.
TEST(GraderChains, ChainEngineKeepsNothingAcrossGrids) {
  const auto lines = cb001_fixture();
  int compared = 0, puzzles = 0;
  for (size_t k = 0; k < lines.size() && puzzles < 20; ++k) {
    if (std::stod(lines[k].substr(82)) < 7.0) continue;
    const std::string puzzle = lines[k].substr(0, 81);
    const Rating r = Grader().rate(grid81(puzzle), true);
    int step = -1;
    for (size_t i = 0; i < r.steps.size(); ++i) {
      if (r.steps[i].rating >= 6.6 && r.steps[i].rating < 7.5) step = static_cast<int>(i) + 1;
    }
    if (step < 0) continue;
    ++puzzles;
    CandidateGrid a = position_before(puzzle, step);
    CandidateGrid b = a;
    EXPECT_NE(a.serial(), b.serial());
    grader::detail::ChainEngine shared;
    Hint h, fresh_h;
    ASSERT_TRUE(shared.find_forcing_chains(Ctx{a, false}, h)) << puzzle;
    // b loses the step's eliminations (or its placement's rivals); a stays as it was.
    for (auto [c, d] : h.eliminations) b.eliminate(c, d);
    for (auto [c, d] : h.placements) {
      for (grader::detail::Mask m = b.cand(c) & ~(grader::detail::Mask{1} << d); m; m &= m - 1) {
        b.eliminate(c, std::countr_zero(m));
      }
    }
    for (int round = 0; round < 2; ++round) {
      for (CandidateGrid* g : {&b, &a}) {
        grader::detail::ChainEngine fresh;
        const bool x = shared.find_forcing_chains(Ctx{*g, false}, h);
        const bool y = fresh.find_forcing_chains(Ctx{*g, false}, fresh_h);
        ASSERT_EQ(x, y) << puzzle;
        if (x) test_util::expect_same_hint(h, fresh_h, puzzle);
        ++compared;
      }
    }
  }
  EXPECT_EQ(puzzles, 20);
  EXPECT_EQ(compared, 80);
}

// What the engine and find_forcing_chains_plain (every cycle search in full, general
// code, every cycle floor 4) gave along the graded paths of cb001 puzzles rated in
// [min_er, max_er), at every step from 5.0 on.
namespace {
struct PlainComparison {
  int puzzles = 0, compared = 0, found = 0, y_cycles = 0, forcing_chains = 0;
};
PlainComparison compare_engine_with_plain(double min_er, double max_er, int max_puzzles) {
  const auto lines = cb001_fixture();
  PlainComparison n;
  grader::detail::ChainEngine fast, plain;
  for (size_t k = 0; k < lines.size() && n.puzzles < max_puzzles; ++k) {
    const double er = std::stod(lines[k].substr(82));
    if (er < min_er || er >= max_er) continue;
    ++n.puzzles;
    const std::string puzzle = lines[k].substr(0, 81);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step& s) {
      if (s.rating < 5.0) return;
      Hint a, b;
      const bool x = fast.find_forcing_chains(Ctx{g, true}, a);
      ASSERT_EQ(x, plain.find_forcing_chains_plain(Ctx{g, true}, b)) << puzzle;
      if (x) {
        EXPECT_EQ(std::tie(a.explanation, a.eliminations, a.placements, a.rating),
                  std::tie(b.explanation, b.eliminations, b.placements, b.rating))
            << puzzle;
        ++n.found;
        if (a.explanation.find("Y-Cycle") != std::string::npos) ++n.y_cycles;
        const std::string technique = a.technique;
        if (technique.find("Forcing") != std::string::npos || technique == "Turbot Fish")
          ++n.forcing_chains;
      }
      ++n.compared;
    });
  }
  return n;
}

// Up to six random removals of a candidate from cells with two or more, one in eight a
// placement: a walk that empties a board through states no puzzle's path would reach.
void remove_at_random(CandidateGrid& g, std::mt19937& rng) {
  using grader::detail::Mask;
  for (int k = static_cast<int>(rng() % 6); k >= 0; --k) {
    const int c = static_cast<int>(rng() % g.cell_count());
    const Mask cm = g.cand(c);
    if (std::popcount(cm) < 2) continue;
    int d = static_cast<int>(rng() % std::popcount(cm));
    Mask m = cm;
    while (d-- > 0) m &= m - 1;
    if (rng() % 8 == 0) {
      g.place(c, std::countr_zero(m));
    } else {
      g.eliminate(c, std::countr_zero(m));
    }
  }
}

// Random walks that empty each board `rounds` times (remove_at_random), one ChainLinks
// kept along each walk and built on every state's board: f(g, board, kept) at each state,
// up to a fatal failure.
template <class F>
void random_walks(const std::vector<Grid>& boards, int rounds, std::mt19937& rng, F&& f) {
  for (const Grid& empty : boards) {
    for (int round = 0; round < rounds; ++round) {
      CandidateGrid g{empty};
      grader::detail::ChainBoard board;
      grader::detail::ChainLinks kept;
      while (!g.solved() && g.dead_cell() < 0) {
        remove_at_random(g, rng);
        board.load(g);
        kept.build(board);
        f(std::as_const(g), std::as_const(board), std::as_const(kept));
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}
}  // namespace

// The cycle searches search their last two layers for closes only (chains.cpp, closers).
// Along the graded paths of 40 cb001 puzzles rated 7.0+, at every step from 5.0 on
// (cycle searches cut by every kind of best hint, and run to the end), the engine must
// give what it gives with every layer searched in full, explanation included.
TEST(GraderChains, CycleSearchClosersChangeNoHint) {
  const PlainComparison n = compare_engine_with_plain(7.0, 100.0, 40);
  EXPECT_EQ(n.puzzles, 40);
  EXPECT_GT(n.compared, 300);
  EXPECT_GT(n.found, 250);
}

// Passes Y and XY take their cycle floors from the XY search's layers as far as they are
// computed, and pass XY's search is built on its first use (chains.cpp, floors_for): pass
// Y's floor in the first round comes before any layer, in the second round from the
// first round's layers. Along the graded paths of 30 cb001 puzzles rated 7.5+ (second
// rounds, chains of every kind), the engine must give what it gives with every floor 4.
TEST(GraderChains, CycleFloorsFromComputedLayersChangeNoHint) {
  const PlainComparison n = compare_engine_with_plain(7.5, 100.0, 30);
  EXPECT_EQ(n.puzzles, 30);
  EXPECT_GT(n.compared, 400);
  EXPECT_GT(n.found, 200);
}

// The cycle sources of passes X and XY are the "off" entries of the pass's source list,
// taken without a branch on each (off_entries, chains_internal.h). On the states of 30
// graded paths, lists built as the engine's are (each candidate's "on" node, then its
// "off" node when its digit has one other place in the cell's row: a parity that follows
// no pattern), with one output vector reused from state to state (longer and shorter
// lists), it must give the even entries in their order.
TEST(GraderChains, OffEntriesOfSourceListsAreTheEvenNodesInOrder) {
  using namespace grader::detail;
  const auto lines = cb001_fixture();
  std::vector<int> out;
  int states = 0, puzzles = 0;
  for (size_t k = 0; k < lines.size() && puzzles < 30; ++k, ++puzzles) {
    walk_path(lines[k].substr(0, 81), [&](const CandidateGrid& g, const Step&) {
      std::vector<int> nodes, expected;
      for (int c = 0; c < 81; ++c) {
        if (std::popcount(g.cand(c)) < 2) continue;
        for (int d = 1; d <= 9; ++d) {
          if (!((g.cand(c) >> d) & 1)) continue;
          const int off = 2 * (c * 9 + d - 1);
          nodes.push_back(off + 1);
          int places = 0;
          for (int t = c / 9 * 9; t < c / 9 * 9 + 9; ++t) places += (g.cand(t) >> d) & 1;
          if (places == 2) nodes.push_back(off);
        }
      }
      std::copy_if(nodes.begin(), nodes.end(), std::back_inserter(expected),
                   [](int v) { return v % 2 == 0; });
      const auto got = off_entries(nodes, out);
      EXPECT_EQ(std::vector<int>(got.begin(), got.end()), expected) << lines[k].substr(0, 81);
      ++states;
    });
  }
  EXPECT_GT(states, 600);
  EXPECT_TRUE(off_entries({}, out).empty());
}

// Pass Y's cycle layers take each of their pairs alone, with no ancestor test for its
// "off" node (chains.cpp, cycle_layer_inline), and their last layer offers the closers'
// cycles alone (y_closer_offers); find_forcing_chains_plain runs the general code. On the states where Y-cycles are found (150 puzzles rated 6.5 to 7.5, every
// static chain step from 5.0 on), both must give the same hint, explanation included.
TEST(GraderChains, PassYCycleLayersMatchTheGeneralCode) {
  const PlainComparison n = compare_engine_with_plain(6.5, 7.5, 150);
  EXPECT_EQ(n.puzzles, 150);
  EXPECT_GT(n.compared, 400);
  EXPECT_GT(n.y_cycles, 20);
}

// Three shortcuts of the cycle searches that find_forcing_chains_plain does not take
// (chains.cpp): a pass Y / XY source is left out when its cycles that can still win are
// shorter than the chains pass XY's search has decided and its component cannot
// eliminate a source that search closed (cycles_may_eliminate_closed); a closers-only
// layer passes over the non-closers once every closer is visited; an "on" node's cycle
// steps are built on its first expansion in the call. On the states of the 208 fixture
// puzzles rated 6.6 to 7.2 (an XY forcing chain is the usual answer, so the sources left
// out are many), the engine must give what the plain search gives, explanation included.
TEST(GraderChains, CycleSourcesLeftOutForTheirChainsChangeNoHint) {
  const PlainComparison n = compare_engine_with_plain(6.6, 7.2, 1000);
  EXPECT_EQ(n.puzzles, 208);
  EXPECT_GT(n.compared, 300);
  EXPECT_GT(n.found, 300);
}

// The chain the parallel search found is rebuilt by a single-source search that knows
// its length, and from the chain's middle on expands only the nodes that can still reach
// the target in time (chains.cpp, forcing_chain); find_forcing_chains_plain runs the full
// search. Along the graded paths of 60 cb001 puzzles rated 6.6 to 8.0 (forcing X-chains
// and XY forcing chains of every length), both must give the same hint, explanation
// included (the chain's nodes are the first parents of the full breadth-first search).
TEST(GraderChains, ForcingChainRebuiltWithItsLengthMatchesTheFullSearch) {
  const PlainComparison n = compare_engine_with_plain(6.6, 8.0, 60);
  EXPECT_EQ(n.puzzles, 60);
  EXPECT_GT(n.forcing_chains, 100);
}

// The static chain engine keeps pass XY's component numbering from call to call on one
// grid while every link still leads down it (chain_reachability.cpp). Along each puzzle's
// graded path, one engine asked at every static chain step (the grid losing candidates
// in between, with and without new strong links) must give what a fresh engine gives,
// explanation included, and the step the grader took.
TEST(GraderChains, ChainEngineAlongAPathMatchesAFreshOne) {
  const auto lines = cb001_fixture();
  int compared = 0, puzzles = 0;
  for (size_t k = 0; k < lines.size() && puzzles < 25; ++k) {
    const double er = std::stod(lines[k].substr(82));
    if (er < 6.5 || er >= 7.5) continue;
    ++puzzles;
    const std::string puzzle = lines[k].substr(0, 81);
    grader::detail::ChainEngine shared;
    walk_path(puzzle, [&](const CandidateGrid& g, const Step& s) {
      if (s.rating < 6.5 || s.rating >= 7.5) return;
      Hint kept, fresh;
      ASSERT_TRUE(shared.find_forcing_chains(Ctx{g, true}, kept)) << puzzle;
      ASSERT_TRUE(grader::detail::ChainEngine().find_forcing_chains(Ctx{g, true}, fresh));
      EXPECT_EQ(std::tie(kept.explanation, kept.eliminations, kept.placements, kept.rating),
                std::tie(fresh.explanation, fresh.eliminations, fresh.placements, fresh.rating))
          << puzzle;
      EXPECT_EQ(kept.explanation, s.explanation) << puzzle;
      ++compared;
    });
  }
  EXPECT_EQ(puzzles, 25);
  EXPECT_GT(compared, 60);
}

// eliminable_digits (chain_reachability.cpp) answers a part's mirror (the negations of
// its nodes) from the part's computation. On the states of 40 graded paths, one
// ChainReachability per puzzle (so the numbering is kept from call to call where it
// holds, and its parts are unions of components), asked in two orders (rising parts,
// then falling), must give every part the digits of its definition: those with a
// candidate seeing an "on" and an "off" node of the digit in the part.
TEST(GraderChains, EliminableDigitsOfMirrorPartsMatchTheDefinition) {
  using namespace grader::detail;
  const auto lines = cb001_fixture();
  int puzzles = 0, states = 0, mirrored = 0;
  for (size_t k = 0; k < lines.size() && puzzles < 40; ++k) {
    if (std::stod(lines[k].substr(82)) < 6.5) continue;
    ++puzzles;
    ChainBoard board;
    ChainLinks graph;
    StrongComponents tarjan;
    ChainReachability reach{board, graph, tarjan};
    int stamp = 0;
    walk_path(lines[k].substr(0, 81), [&](const CandidateGrid& g, const Step& s) {
      if (g.solved() || s.rating < 4.0) return;
      board.load(g);
      graph.build(board);
      std::vector<int> sources, closing;
      for (int i = 0; i < board.live_count; ++i) {
        sources.push_back(board.live_off[i] + 1);
        sources.push_back(board.live_off[i]);
      }
      for (const bool falling : {false, true}) {
        reach.start_call(++stamp, board.digit_cells.data(), board.set_words);
        closing.clear();
        reach.closing_sources(sources, closing);
        const int parts = static_cast<int>(reach.xy_component_size.size());
        // The definition, per part: the digits of the "on" / "off" nodes' peers.
        const int sw = board.set_words;
        std::vector<std::uint64_t> on(static_cast<size_t>(parts) * (board.n + 1) * sw),
            off(on.size());
        for (int i = 0; i < board.live_count; ++i) {
          for (const int v : {board.live_off[i], board.live_off[i] + 1}) {
            const int part = reach.xy_component[v];
            if (part < 0) continue;
            const int c = (v >> 1) / board.n, d = (v >> 1) % board.n + 1;
            auto& t = (v & 1) ? on : off;
            for (int w = 0; w < sw; ++w)
              t[(static_cast<size_t>(part) * (board.n + 1) + d) * sw + w] |= g.peer_set(c)[w];
          }
        }
        for (int j = 0; j < parts; ++j) {
          const int part = falling ? parts - 1 - j : j;
          Mask want = 0;
          for (int d = 1; d <= board.n; ++d) {
            for (int w = 0; w < sw; ++w) {
              const size_t at = (static_cast<size_t>(part) * (board.n + 1) + d) * sw + w;
              if (on[at] & off[at] & board.digit_cells[d * sw + w]) want |= Mask{1} << d;
            }
          }
          EXPECT_EQ(reach.eliminable_digits(part), want) << lines[k].substr(0, 81);
          mirrored += want != 0;
        }
        ++states;
      }
    });
  }
  EXPECT_EQ(puzzles, 40);
  EXPECT_GT(states, 400);
  EXPECT_GT(mirrored, 400);
}

// The bit-parallel forcing-chain search (forcing_chain_search.cpp) drops a source's bit
// from the fronts once its shortest chain is known, and ends a group when no front is
// left. Run to the end over every source of passes XY and X at once (several words per
// node), and over every seventh source (one word: the layers with a small front take the
// list of the nodes the links meet, the others read every node), on the grids of 30
// graded paths, it must give, per chain length, the least key of a source closing there,
// and the shortest chain of an "on" source, as plain single-source breadth-first searches
// give them: a source closes at 2e nodes when a node v is at distance e and not-v at
// distance e - 1.
TEST(GraderChains, ParallelChainSearchMatchesSingleSourceSearches) {
  using namespace grader::detail;
  const auto lines = cb001_fixture();
  ChainBoard board;
  ChainLinks graph;
  ParallelSearch P;
  std::vector<int> dist, queue;
  int puzzles = 0, searches = 0, closes = 0;
  for (size_t k = 0; k < lines.size() && puzzles < 30; ++k) {
    if (std::stod(lines[k].substr(82)) < 6.5) continue;
    ++puzzles;
    const std::string puzzle = lines[k].substr(0, 81);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step& s) {
      if (g.solved() || s.rating < 4.0) return;
      board.load(g);
      graph.build(board);
      const size_t nn = static_cast<size_t>(board.nc) * board.n * 2;
      for (const auto& [y, stride] :
           {std::pair{true, 1}, std::pair{false, 1}, std::pair{true, 7}, std::pair{false, 7}}) {
        int candidates = 0;  // sources before the stride
        P.ngroups = 1;
        P.groups.resize(1);
        P.compact_index.assign(nn, -1);
        ParallelGroup& G = P.groups[0];
        G.new_nodes.clear();
        G.new_src.clear();
        for (int i = 0; i < board.live_count; ++i) {
          const int off = board.live_off[i];
          G.new_nodes.push_back(off);
          G.new_nodes.push_back(off + 1);
          if (std::popcount(board.cand[off / 2 / board.n]) < 2) continue;
          if (candidates++ % stride == 0) G.new_src.push_back(off + 1);
          if (graph.links_from(off, y) != graph.links_until(off, true) &&
              candidates++ % stride == 0)
            G.new_src.push_back(off);
        }
        build_groups(P, board, graph, false, y, true);
        while (!G.exhausted) advance_group(G);
        // The plain searches.
        std::vector<int> first_at(2, kNoChain);
        int on_close = kNoChain;
        for (const int src : G.src_nodes) {
          dist.assign(nn, -1);
          queue.assign(1, src);
          dist[src] = 0;
          for (size_t q = 0; q < queue.size(); ++q) {
            const int v = queue[q];
            for (const int *it = graph.links_from(v, y), *e = graph.links_until(v, true); it != e;
                 ++it) {
              if (dist[*it] < 0) {
                dist[*it] = dist[v] + 1;
                queue.push_back(*it);
              }
            }
          }
          int c = kNoChain;
          for (const int v : queue) {
            if (dist[v] > 0 && dist[v ^ 1] == dist[v] - 1) c = std::min(c, 2 * dist[v]);
          }
          if (c == kNoChain) continue;
          ++closes;
          if (first_at.size() <= static_cast<size_t>(c)) first_at.resize(c + 1, kNoChain);
          first_at[c] = std::min(first_at[c], src ^ 1);
          if (src & 1) on_close = std::min(on_close, c);
        }
        std::vector<int> got = G.first_at;
        got.resize(std::max(got.size(), first_at.size()), kNoChain);
        first_at.resize(got.size(), kNoChain);
        EXPECT_EQ(got, first_at) << puzzle << (y ? " XY" : " X") << " stride " << stride;
        EXPECT_EQ(G.on_close, on_close) << puzzle << (y ? " XY" : " X") << " stride " << stride;
        ++searches;
      }
    });
  }
  EXPECT_EQ(puzzles, 30);
  EXPECT_GT(searches, 800);
  EXPECT_GT(closes, 5000);
}

// Pass X keeps a digit's group from the last call on the same grid while the digit's
// positions did not change, even when its sources (the XY closers) did: both source sets
// hold the digit's X closers (forcing_chain_search.h, kept_group). Not when a cell lost
// its second value: its "on" node is no source then. On the grids of 40 graded paths,
// where an engine found a chain from on(a,d) (X or XY), the cell's other values go, and
// the same engine (its groups kept) must give what a fresh one gives; also after the
// hint's own removals, and after removals elsewhere that keep every digit group but
// change the closers.
TEST(GraderChains, ChainEngineKeepsDigitGroupsOnlyWhileTheirClosersHold) {
  using grader::detail::ChainEngine;
  const auto lines = cb001_fixture();
  int puzzles = 0, singles = 0, compared = 0;
  const auto same_as_fresh = [&](ChainEngine& kept, const CandidateGrid& g,
                                 const std::string& where) {
    Hint a, b;
    const bool x = kept.find_forcing_chains(Ctx{g, true}, a);
    ASSERT_EQ(x, ChainEngine().find_forcing_chains(Ctx{g, true}, b)) << where;
    if (x) expect_same_hint(a, b, where);
    ++compared;
  };
  for (size_t k = 0; k < lines.size() && puzzles < 40; ++k) {
    if (std::stod(lines[k].substr(82)) < 6.5) continue;
    ++puzzles;
    const std::string puzzle = lines[k].substr(0, 81);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step& s) {
      if (s.rating < 6.5 || s.rating >= 7.5) return;
      for (int variant = 0; variant < 2; ++variant) {
        CandidateGrid b = g;  // one grid (one serial) for both calls
        ChainEngine engine;
        Hint h;
        ASSERT_TRUE(engine.find_forcing_chains(Ctx{b, true}, h)) << puzzle;
        if (variant == 0) {
          // A chain from on(a,d) removes d from a: a keeps d alone (no solution left).
          if (!h.placements.empty() || h.eliminations.size() != 1) continue;
          const auto [a, d] = h.eliminations[0];
          for (grader::detail::Mask m = b.cand(a) & ~(grader::detail::Mask{1} << d); m;
               m &= m - 1) {
            b.eliminate(a, std::countr_zero(m));
          }
          ++singles;
          same_as_fresh(engine, b, puzzle + " single " + h.explanation);
        } else {
          for (auto [c, d] : h.eliminations) b.eliminate(c, d);
          for (auto [c, d] : h.placements) b.place(c, d);
          same_as_fresh(engine, b, puzzle + " after " + h.explanation);
        }
      }
    });
  }
  EXPECT_EQ(puzzles, 40);
  EXPECT_GT(singles, 50);
  EXPECT_GT(compared, 150);
}

// The static links keep each node's links from the last call on the same grid and
// rebuild only the candidates whose cell, or whose value's places in the cell's units,
// changed (chain_links.cpp). Along each puzzle's graded path, links kept from step to
// step (every step, and only the steps a chain technique is asked at: more changes
// between two builds) must list, for every live node, the same Y-links and other links
// in the same order as links built fresh, inside links[0 .. links_size).
TEST(GraderChains, ChainLinksAlongAPathMatchFreshOnes) {
  const auto lines = cb001_fixture();
  using grader::detail::ChainBoard;
  using grader::detail::ChainLinks;
  const auto node_links = [](const ChainLinks& l, int v, bool y) {
    const int b = y ? l.links_begin[v] : l.links_y_end[v],
              e = y ? l.links_y_end[v] : l.links_end[v];
    return std::vector<int>(l.links.begin() + b, l.links.begin() + e);
  };
  const auto expect_same = [&](const ChainBoard& board, const ChainLinks& kept,
                               const std::string& puzzle) {
    ChainBoard fresh_board;
    fresh_board.load(*board.g);
    ChainLinks fresh;
    fresh.build(fresh_board);
    int nodes = 0;
    for (int c = 0; c < board.nc; ++c) {
      for (grader::detail::Mask m = board.cand[c]; m; m &= m - 1) {
        const int off = ChainBoard::node(board.cd(c, std::countr_zero(m)), false);
        for (int v : {off, off + 1}) {
          EXPECT_EQ(node_links(kept, v, true), node_links(fresh, v, true)) << puzzle << " " << v;
          EXPECT_EQ(node_links(kept, v, false), node_links(fresh, v, false)) << puzzle << " " << v;
          EXPECT_LE(kept.links_end[v], kept.links_size) << puzzle << " " << v;
          ++nodes;
        }
      }
    }
    return nodes;
  };
  int puzzles = 0, builds = 0;
  for (size_t k = 0; k < lines.size() && puzzles < 40; ++k) {
    if (std::stod(lines[k].substr(82)) < 6.5) continue;
    ++puzzles;
    const std::string puzzle = lines[k].substr(0, 81);
    ChainBoard every_board, chain_board;
    ChainLinks every, at_chains;
    walk_path(puzzle, [&](const CandidateGrid& g, const Step& s) {
      if (g.solved()) return;
      every_board.load(g);
      every.build(every_board);
      if (expect_same(every_board, every, puzzle) > 0) ++builds;
      if (s.rating < 6.5 || s.rating >= 7.5) return;
      chain_board.load(g);
      at_chains.build(chain_board);
      expect_same(chain_board, at_chains, puzzle);
    });
  }
  EXPECT_EQ(puzzles, 40);
  EXPECT_GT(builds, 1000);
}

// The same on boards of other shapes and with extra houses, with candidates going in a
// random (seeded) order, several at a time, and values placed now and then.
TEST(GraderChains, ChainLinksUnderRandomEliminationsMatchFreshOnes) {
  using grader::detail::ChainBoard;
  using grader::detail::ChainLinks;
  using grader::detail::Mask;
  std::mt19937 rng(26);
  int compared = 0;
  ASSERT_NO_FATAL_FAILURE(random_walks(
      {Grid(Geometry()), Grid(Variant::parse("x").apply(Geometry())), Grid(Geometry(2, 3)),
       Grid(Geometry(4, 4))},
      3, rng, [&](const CandidateGrid& g, const ChainBoard& board, const ChainLinks& kept) {
        // The kept positions are the board's, after a lay out and after an update alike
        // (an update refreshes the units it finds changed, in place).
        ASSERT_TRUE(std::equal(kept.previous_upos.begin(), kept.previous_upos.end(), board.upos,
                               board.upos + board.pos_size()));
        ASSERT_EQ(kept.previous_upos.size(), board.pos_size());
        ChainBoard fresh_board;
        fresh_board.load(g);
        ChainLinks fresh;
        fresh.build(fresh_board);
        for (int i = 0; i < board.live_count; ++i) {
          for (int v : {board.live_off[i], board.live_off[i] + 1}) {
            ASSERT_EQ(kept.links_end[v] - kept.links_begin[v],
                      fresh.links_end[v] - fresh.links_begin[v]);
            ASSERT_EQ(kept.links_y_end[v] - kept.links_begin[v],
                      fresh.links_y_end[v] - fresh.links_begin[v]);
            ASSERT_TRUE(std::equal(kept.links.begin() + kept.links_begin[v],
                                   kept.links.begin() + kept.links_end[v],
                                   fresh.links.begin() + fresh.links_begin[v]))
                << "node " << v;
            ASSERT_LE(kept.links_end[v], kept.links_size);
          }
        }
        ++compared;
      }));
  EXPECT_GT(compared, 200);
}

// Every live node's links against their definition, computed plainly from the grid's
// units: an "off" node lists the "on" node of its cell's other value when the cell holds
// two, then, unit by unit (box, row, column, extra houses), the "on" node of the other
// place of its value when the unit holds two, each target once; an "on" node lists the
// "off" nodes of its cell's other values, rising, then unit by unit the "off" nodes of
// its value's other places in the unit's order, each cell under the first unit of c that
// holds it. On the boards along the paths of real puzzles (links kept from call to call)
// and under random eliminations on other shapes and with extra houses.
TEST(GraderChains, ChainLinksMatchTheirDefinition) {
  using grader::detail::ChainBoard;
  using grader::detail::ChainLinks;
  using grader::detail::Mask;
  const auto units_of = [](const CandidateGrid& g, int c) {
    std::vector<int> us{g.unit_of(c, 2), g.unit_of(c, 0), g.unit_of(c, 1)};
    for (int k = 3; k < g.units_per_cell() && g.unit_of(c, k) != g.unit_count(); ++k)
      us.push_back(g.unit_of(c, k));
    return us;
  };
  int checked = 0;
  const auto expect_defined = [&](const CandidateGrid& g, const ChainLinks& l,
                                  const std::string& what) {
    const int n = g.n();
    for (int c = 0; c < g.cell_count(); ++c) {
      const Mask cm = g.cand(c);
      if (g.value(c) != 0) continue;
      const std::vector<int> us = units_of(g, c);
      for (int d = 1; d <= n; ++d) {
        if (!((cm >> d) & 1)) continue;
        const int off = ChainBoard::node(c * n + d - 1, false), on = off + 1;
        std::vector<int> y_off, x_off, y_on, x_on;
        for (int e = 1; e <= n; ++e) {
          if (e == d || !((cm >> e) & 1)) continue;
          if (std::popcount(cm) == 2) y_off.push_back(ChainBoard::node(c * n + e - 1, true));
          y_on.push_back(ChainBoard::node(c * n + e - 1, false));
        }
        for (size_t k = 0; k < us.size(); ++k) {
          std::vector<int> places;
          for (int i = 0; i < n; ++i) {
            const int o = g.unit(us[k])[i];
            if (g.value(o) == 0 && ((g.cand(o) >> d) & 1)) places.push_back(o);
          }
          if (places.size() == 2) {
            const int w = ChainBoard::node((places[0] == c ? places[1] : places[0]) * n + d - 1, true);
            if (std::find(x_off.begin(), x_off.end(), w) == x_off.end()) x_off.push_back(w);
          }
          for (int o : places) {
            bool earlier = o == c;
            for (size_t j = 0; j < k; ++j) earlier = earlier || g.index_in(us[j], o) != 255;
            if (!earlier) x_on.push_back(ChainBoard::node(o * n + d - 1, false));
          }
        }
        const auto part = [&](int v, int b, int e) {
          EXPECT_LE(e, l.links_size) << what << " node " << v;
          return std::vector<int>(l.links.begin() + b, l.links.begin() + e);
        };
        ASSERT_EQ(part(off, l.links_begin[off], l.links_y_end[off]), y_off) << what << " off " << off;
        ASSERT_EQ(part(off, l.links_y_end[off], l.links_end[off]), x_off) << what << " off " << off;
        ASSERT_EQ(part(on, l.links_begin[on], l.links_y_end[on]), y_on) << what << " on " << on;
        ASSERT_EQ(part(on, l.links_y_end[on], l.links_end[on]), x_on) << what << " on " << on;
        ++checked;
      }
    }
  };
  const auto lines = cb001_fixture();
  int puzzles = 0;
  for (size_t k = 0; k < lines.size() && puzzles < 5; ++k) {
    if (std::stod(lines[k].substr(82)) < 6.5) continue;
    ++puzzles;
    const std::string puzzle = lines[k].substr(0, 81);
    ChainBoard board;
    ChainLinks kept;
    walk_path(puzzle, [&](const CandidateGrid& g, const Step&) {
      if (g.solved()) return;
      board.load(g);
      kept.build(board);
      expect_defined(g, kept, puzzle);
    });
  }
  EXPECT_EQ(puzzles, 5);
  std::mt19937 rng(27);
  int states = 0;  // every fourth board checked (16x16 boards are dear), every one built
  random_walks(
      {Grid(Variant::parse("x").apply(Geometry())), Grid(Geometry(2, 3)), Grid(Geometry(4, 4))}, 2,
      rng, [&](const CandidateGrid& g, const ChainBoard&, const ChainLinks& kept) {
        if (++states % 4 == 0) expect_defined(g, kept, "random");
      });
  EXPECT_GT(checked, 20000);
}

// Variant boards: the static links walk every house of a cell. With 5 of the main
// diagonal left in r1c1 and r9c9 only (no row, column or box in common), r1c1<>5 forces
// r9c9=5 (a strong link of the diagonal) and r1c1=5 excludes r9c9=5.
TEST(GraderChains, StaticLinksUseExtraHouses) {
  CandidateGrid g = x_board_diagonal_pair();
  grader::detail::ChainBoard board;
  board.load(g);
  grader::detail::ChainLinks links;
  links.build(board);
  using grader::detail::ChainBoard;
  const auto has = [&](int from, int to) {
    for (int i = links.links_begin[from]; i < links.links_end[from]; ++i) {
      if (links.links[i] == to) return true;
    }
    return false;
  };
  const int off_a = ChainBoard::node(board.cd(0, 5), false), on_a = off_a | 1;
  const int off_b = ChainBoard::node(board.cd(80, 5), false), on_b = off_b | 1;
  EXPECT_TRUE(has(off_a, on_b));
  EXPECT_TRUE(has(off_b, on_a));
  EXPECT_TRUE(has(on_a, off_b));
  EXPECT_TRUE(has(on_b, off_a));
}

// Every step of 15 cb001 puzzles rated 6.5 to 7.4 (Turbot Fish, X-chains, Y-cycles, XY
// cycles and forcing chains, among direct hidden sets, pointing and the other basic
// steps), as `sudoforge grade --explain` printed them at the start of session 16: the
// static chains' bookkeeping and the basic finders' early outs must leave each step,
// its wording and its rating unchanged.
TEST(GraderChains, StepsMatchRecordedExplanations) {
  // Every line: a puzzle's (81 characters first) or one of its steps ("  N. text (r)").
  std::vector<std::string> lines;
  std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/grader/explained_cb001_15.txt");
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_FALSE(lines.empty());
  Grader grader;
  Rating r;
  size_t next = 0;
  int puzzles = 0, steps = 0;
  for (const std::string& line : lines) {
    if (line.empty()) continue;
    if (line[0] != ' ') {
      if (puzzles > 0) {
        EXPECT_EQ(next, r.steps.size()) << "steps left over before " << line;
      }
      r = grader.rate(grid81(line.substr(0, 81)), true);
      next = 0;
      ++puzzles;
      continue;
    }
    const size_t dot = line.find(". ");
    ASSERT_NE(dot, std::string::npos) << line;
    ASSERT_LT(next, r.steps.size()) << line;
    const Step& s = r.steps[next++];
    char rating[16];
    std::snprintf(rating, sizeof rating, "%.1f", s.rating);
    EXPECT_EQ(s.explanation + " (" + rating + ")", line.substr(dot + 2));
    ++steps;
  }
  EXPECT_EQ(next, r.steps.size());
  EXPECT_EQ(puzzles, 15);
  EXPECT_GT(steps, 900);
}

// longest_fitting_cycle (chain_hints.h) reads the longest length from SE's length steps;
// it must give what the length-by-length walk from 4 gives (the largest l >= 3 whose keys
// of lengths 4 .. l are none above best), for the bases and sort keys of the cycle
// passes, every best rating from below the bases to 8.5 (lengths in the thousands), and complexities and sort
// keys on both sides of a tie.
TEST(GraderChains, LongestFittingCycleMatchesTheWalkByLength) {
  using grader::detail::ChainKey;
  int compared = 0;
  for (const auto& [base, sort_key] : {std::pair{65, 2}, std::pair{65, 3}, std::pair{70, 4}}) {
    for (int rating = 60; rating <= 85; ++rating) {
      for (int complexity : {0, 3, 4, 5, 6, 9, 17, 40, 97, 300}) {
        for (int best_sort : {0, sort_key, 9}) {
          const ChainKey best{rating, complexity, best_sort};
          int l = 3;
          while (!(best < ChainKey{base + grader::detail::length_difficulty(l + 1), l + 1,
                                   sort_key}))
            ++l;
          ASSERT_EQ(grader::detail::longest_fitting_cycle(best, base, sort_key), l)
              << base << " " << rating << " " << complexity << " " << best_sort;
          ++compared;
        }
      }
    }
  }
  EXPECT_EQ(compared, 3 * 26 * 10 * 3);
  EXPECT_EQ(grader::detail::longest_fitting_cycle(ChainKey{(1 << 29) + 1, 0, 0}, 65, 2), 1 << 29);
}
