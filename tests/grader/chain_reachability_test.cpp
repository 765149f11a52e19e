// Pass XY's components and closing sources (chain_components.cpp, chain_reachability.cpp)
// against plain searches over the static links, on the grids of graded paths.
#include "chain_reachability.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "chain_components.h"
#include "chain_links.h"
#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;
using grader::detail::ChainBoard;
using grader::detail::ChainLinks;
using grader::detail::ChainReachability;
using grader::detail::StrongComponents;

namespace {

// Pass XY's sources as the engine lists them (chains.cpp, list_nodes): the "on" node of
// every candidate of a cell with two values or more, and every "off" node with a link.
std::vector<int> xy_sources(const ChainBoard& board, const ChainLinks& graph) {
  std::vector<int> out;
  for (int i = 0; i < board.live_count; ++i) {
    const int off = board.live_off[i];
    if (std::popcount(board.cand[off / 2 / board.n]) < 2) continue;
    out.push_back(off + 1);
    if (graph.links_begin[off] != graph.links_end[off]) out.push_back(off);
  }
  return out;
}

// What `reach` said in one call, checked against plain breadth-first searches: over the
// live nodes (exact, for a numbering made in this call) or over its parts, the
// numbering's components taken as nodes (a numbering kept from an earlier call on the
// grid, whose parts may join several components). Returns whether the parts were the
// components.
bool check_call(const ChainBoard& board, const ChainLinks& graph, ChainReachability& reach,
                const std::vector<int>& sources, const std::vector<int>& closing,
                const std::string& where) {
  const int* comp = reach.xy_component.data();
  const int nparts = static_cast<int>(reach.xy_component_size.size());
  std::vector<int> size(nparts, 0);
  std::vector<std::vector<int>> part_links(nparts);
  std::vector<int> live;
  for (int i = 0; i < board.live_count; ++i) {
    for (const int v : {board.live_off[i], board.live_off[i] + 1}) {
      live.push_back(v);
      EXPECT_LT(comp[v], nparts) << where;
      ++size[comp[v]];
      for (int k = graph.links_begin[v]; k < graph.links_end[v]; ++k) {
        const int w = graph.links[k];
        // Reverse topological order: a link never leads to a higher part.
        EXPECT_LE(comp[w], comp[v]) << where;
        part_links[comp[v]].push_back(comp[w]);
      }
    }
  }
  for (int k = 0; k < nparts; ++k) EXPECT_EQ(size[k], reach.xy_component_size[k]) << where;
  // The parts each part reaches.
  std::vector<std::vector<char>> part_reach(nparts, std::vector<char>(nparts, 0));
  for (int p = 0; p < nparts; ++p) {
    std::vector<int> queue{p};
    part_reach[p][p] = 1;
    for (size_t q = 0; q < queue.size(); ++q) {
      for (const int t : part_links[queue[q]]) {
        if (!part_reach[p][t]) {
          part_reach[p][t] = 1;
          queue.push_back(t);
        }
      }
    }
  }
  // The nodes each live node reaches, and whether the parts are the components.
  const size_t nn = static_cast<size_t>(board.nc) * board.n * 2;
  std::vector<std::vector<char>> node_reach(nn);
  for (const int v : live) {
    node_reach[v].assign(nn, 0);
    std::vector<int> queue{v};
    node_reach[v][v] = 1;
    for (size_t q = 0; q < queue.size(); ++q) {
      for (int k = graph.links_begin[queue[q]]; k < graph.links_end[queue[q]]; ++k) {
        const int w = graph.links[k];
        if (!node_reach[v][w]) {
          node_reach[v][w] = 1;
          queue.push_back(w);
        }
      }
    }
  }
  bool exact = true;
  for (const int u : live) {
    for (const int v : live) {
      const bool same_component = node_reach[u][v] && node_reach[v][u];
      // Every component lies in one part.
      if (same_component) EXPECT_EQ(comp[u], comp[v]) << where;
      if (!same_component && comp[u] == comp[v]) exact = false;
    }
  }
  // The closing sources, in the sources' order: those whose part reaches their
  // negation's (exactly those reaching their negation when the parts are the components).
  std::vector<int> expected;
  for (const int v : sources) {
    if (part_reach[comp[v]][comp[v ^ 1]]) expected.push_back(v);
    if (exact) EXPECT_EQ(part_reach[comp[v]][comp[v ^ 1]] != 0, node_reach[v][v ^ 1] != 0);
  }
  EXPECT_EQ(closing, expected) << where;
  EXPECT_TRUE(reach.closers_known());
  for (const int v : sources) {
    const bool listed = std::find(closing.begin(), closing.end(), v) != closing.end();
    EXPECT_EQ(reach.closes(v), listed) << where << " source " << v;
  }
  // on_some_chain and cycles_may_eliminate: some closer (an "on" one) whose part reaches
  // the parts of both u and not-u.
  for (int i = 0; i < board.live_count; ++i) {
    const int u = board.live_off[i] + 1;
    bool any = false, any_on = false;
    for (const int x : closing) {
      if (part_reach[comp[x]][comp[u]] && part_reach[comp[x]][comp[u ^ 1]]) {
        any = true;
        if (x & 1) any_on = true;
      }
    }
    EXPECT_EQ(reach.on_some_chain(u), any) << where << " node " << u;
    EXPECT_EQ(reach.cycles_may_eliminate(u), any_on) << where << " node " << u;
  }
  return exact;
}

}  // namespace

// Along the graded paths of 20 cb001 puzzles rated 6.5+, from the first step rated 4.0
// on, before each step and after each of its eliminations: one reachability kept along
// the path (numberings kept while they hold), one more with the pushed sets, and a fresh
// one per grid, each against the plain searches above.
TEST(GraderChainReachability, PartsAndClosersMatchPlainSearches) {
  const auto lines = cb001_fixture();
  int puzzles = 0, calls = 0, kept_numberings = 0, closers = 0, late_closers = 0;
  for (size_t k = 0; k < lines.size() && puzzles < 20; ++k) {
    if (std::stod(lines[k].substr(82)) < 6.5) continue;
    ++puzzles;
    const std::string puzzle = lines[k].substr(0, 81);
    ChainBoard board;
    ChainLinks graph;
    StrongComponents kept_tarjan;
    ChainReachability kept(board, graph, kept_tarjan);
    // The sets pushed over the parts, as past 64 live parts.
    StrongComponents pushed_tarjan;
    ChainReachability pushed(board, graph, pushed_tarjan);
    pushed.push_only = true;
    int stamp = 0;
    const auto call = [&](const CandidateGrid& g, const std::string& where) {
      board.load(g);
      graph.build(board);
      const std::vector<int> sources = xy_sources(board, graph);
      ++stamp;
      std::vector<int> closing;
      kept.start_call(stamp, board.digit_cells.data(), board.set_words);
      kept.closing_sources(sources, closing);
      check_call(board, graph, kept, sources, closing, where + " (kept)");
      std::vector<int> pushed_closing;
      pushed.start_call(stamp, board.digit_cells.data(), board.set_words);
      pushed.closing_sources(sources, pushed_closing);
      check_call(board, graph, pushed, sources, pushed_closing, where + " (pushed)");
      StrongComponents fresh_tarjan;
      ChainReachability fresh(board, graph, fresh_tarjan);
      std::vector<int> fresh_closing;
      fresh.start_call(1, board.digit_cells.data(), board.set_words);
      fresh.closing_sources(sources, fresh_closing);
      EXPECT_TRUE(check_call(board, graph, fresh, sources, fresh_closing, where + " (fresh)"));
      // Every node of the cells with two values or more as a source: the "off" nodes
      // without links reach nothing, so the closers are the same.
      std::vector<int> every;
      for (int i = 0; i < board.live_count; ++i) {
        if (std::popcount(board.cand[board.live_off[i] / 2 / board.n]) < 2) continue;
        every.push_back(board.live_off[i] + 1);
        every.push_back(board.live_off[i]);
      }
      StrongComponents every_tarjan;
      ChainReachability every_reach(board, graph, every_tarjan);
      std::vector<int> every_closing;
      every_reach.start_call(1, board.digit_cells.data(), board.set_words);
      every_reach.closing_sources(every, every_closing);
      std::vector<int> sorted_fresh = fresh_closing;
      std::sort(sorted_fresh.begin(), sorted_fresh.end());
      std::sort(every_closing.begin(), every_closing.end());
      EXPECT_EQ(every_closing, sorted_fresh) << where << " (every live node)";
      for (int i = 0; i < board.live_count; ++i) {
        const int off = board.live_off[i];
        if (kept.xy_component[off] != fresh.xy_component[off] ||
            kept.xy_component[off + 1] != fresh.xy_component[off + 1]) {
          ++kept_numberings;  // numbered at an earlier call
          break;
        }
      }
      closers += static_cast<int>(fresh_closing.size());
      for (const int v : fresh_closing) {
        // An "on" node whose "off" node has no link (nothing links into it).
        if ((v & 1) && graph.links_begin[v - 1] == graph.links_end[v - 1]) ++late_closers;
      }
      ++calls;
    };
    const Rating r = Grader().rate(grid81(puzzle), true);
    CandidateGrid g{grid81(puzzle)};
    bool started = false;
    for (const Step& s : r.steps) {
      started = started || s.rating >= 4.0;
      for (auto [c, d] : s.eliminations) {
        if (started && !g.solved()) call(g, puzzle + " before " + s.technique);
        g.eliminate(c, d);
      }
      for (auto [c, d] : s.placements) g.place(c, d);
    }
  }
  EXPECT_EQ(puzzles, 20);
  EXPECT_GT(calls, 200);
  EXPECT_GT(kept_numberings, 20);
  EXPECT_GT(closers, 3000);
  EXPECT_GT(late_closers, 500);
}
