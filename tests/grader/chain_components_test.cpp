// Pass XY's numbering (chain_components.cpp, StrongComponents::number_xy) against plain
// breadth-first searches over the static links, on the grids of graded paths: the
// components, their order, the dead ends' places, the sizes and the reach words.
#include "chain_components.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "chain_links.h"
#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;
using grader::detail::ChainBoard;
using grader::detail::ChainLinks;
using grader::detail::StrongComponents;

namespace {

// One numbering of the board's graph by `tarjan` (kept from call to call, as the engine
// keeps it, so that what an earlier grid left in its scratch is read if it is read at
// all), checked node by node.
void check_numbering(const ChainBoard& board, const ChainLinks& graph, StrongComponents& tarjan,
                    std::vector<int>& comp, std::vector<std::uint64_t>& reach,
                    const std::string& where) {
  const size_t nn = static_cast<size_t>(board.nc) * board.n * 2;
  comp.resize(nn);
  std::vector<int> size, order(nn, -1);
  tarjan.number_xy(board, graph, comp.data(), size, order.data(), reach);
  const int count = tarjan.component_count, dead = tarjan.dead_ends;
  EXPECT_EQ(static_cast<int>(size.size()), count) << where;
  std::vector<int> live;
  int expected_dead = 0;
  for (int i = 0; i < board.live_count; ++i) {
    const int off = board.live_off[i];
    live.push_back(off);
    live.push_back(off + 1);
    if (graph.links_begin[off] == graph.links_end[off]) {
      ++expected_dead;
      // The dead ends: their "off" nodes first, their "on" nodes last, one each.
      EXPECT_LT(comp[off], dead) << where << " node " << off;
      EXPECT_GE(comp[off + 1], count - dead) << where << " node " << off + 1;
    } else {
      EXPECT_GE(comp[off], dead) << where << " node " << off;
      EXPECT_LT(comp[off], count - dead) << where << " node " << off;
    }
  }
  EXPECT_EQ(dead, expected_dead) << where;
  // The nodes each live node reaches.
  std::vector<std::vector<char>> reaches(nn);
  for (const int v : live) {
    reaches[v].assign(nn, 0);
    std::vector<int> queue{v};
    reaches[v][v] = 1;
    for (size_t q = 0; q < queue.size(); ++q) {
      for (int k = graph.links_begin[queue[q]]; k < graph.links_end[queue[q]]; ++k) {
        const int w = graph.links[k];
        if (!reaches[v][w]) {
          reaches[v][w] = 1;
          queue.push_back(w);
        }
      }
    }
  }
  std::vector<int> counted(count, 0);
  for (const int u : live) {
    if (comp[u] < 0 || comp[u] >= count) {
      ADD_FAILURE() << where << " node " << u << ": component " << comp[u];
      return;
    }
    ++counted[comp[u]];
    for (const int v : live) {
      const bool same = reaches[u][v] && reaches[v][u];
      EXPECT_EQ(comp[u] == comp[v], same) << where << " nodes " << u << ", " << v;
      // Reverse topological order: a node reaches only its own or lower components.
      if (reaches[u][v]) EXPECT_LE(comp[v], comp[u]) << where << " nodes " << u << ", " << v;
    }
  }
  for (int k = 0; k < count; ++k) EXPECT_EQ(size[k], counted[k]) << where << " component " << k;
  // `order`: every live node once, by rising component.
  std::vector<char> listed(nn, 0);
  for (size_t i = 0; i < live.size(); ++i) {
    const int v = order[i];
    if (v < 0 || v >= static_cast<int>(nn)) {
      ADD_FAILURE() << where << ": order[" << i << "] = " << v;
      return;
    }
    EXPECT_FALSE(listed[v]) << where << " node " << v;
    listed[v] = 1;
    if (i > 0) EXPECT_LE(comp[order[i - 1]], comp[v]) << where;
  }
  for (const int v : live) EXPECT_TRUE(listed[v]) << where << " node " << v;
  // The reach words: bit j of a component's word for each live component dead + j it
  // reaches (its own included), none for a dead end's "off" node; node_reach per node.
  if (count - 2 * dead <= 64) {
    EXPECT_TRUE(tarjan.reach_fits) << where;
    for (const int u : live) {
      const int cu = comp[u];
      if (cu >= count - dead) continue;  // a dead end's "on" node: not kept
      std::uint64_t expected = 0;
      for (const int v : live) {
        const int cv = comp[v];
        if (reaches[u][v] && cv >= dead && cv < count - dead)
          expected |= std::uint64_t{1} << (cv - dead);
      }
      EXPECT_EQ(reach[cu], expected) << where << " node " << u;
      EXPECT_EQ(tarjan.node_reach[u], expected) << where << " node " << u;
    }
  }
}

}  // namespace

// Along the graded paths of 12 cb001 puzzles rated 6.5+ (from the first step rated 3.0
// on, before each step) and on an X board with a diagonal's strong link, one numbering
// kept from grid to grid against the plain searches.
TEST(GraderChainComponents, NumberXyMatchesPlainSearches) {
  const auto lines = cb001_fixture();
  StrongComponents tarjan;
  std::vector<int> comp;
  // Filled with junk first: the numbering must write every word it is read for.
  std::vector<std::uint64_t> reach(2000, ~std::uint64_t{0});
  int puzzles = 0, grids = 0, dead_ends = 0;
  const auto number = [&](const CandidateGrid& g, const std::string& where) {
    ChainBoard board;
    ChainLinks graph;
    board.load(g);
    graph.build(board);
    check_numbering(board, graph, tarjan, comp, reach, where);
    dead_ends += tarjan.dead_ends;
    ++grids;
  };
  for (size_t k = 0; k < lines.size() && puzzles < 12; ++k) {
    if (std::stod(lines[k].substr(82)) < 6.5) continue;
    ++puzzles;
    const std::string puzzle = lines[k].substr(0, 81);
    bool started = false;
    walk_path(puzzle, [&](const CandidateGrid& g, const Step& s) {
      started = started || s.rating >= 3.0;
      if (started && !g.solved()) number(g, puzzle + " before " + s.technique);
    });
  }
  number(x_board_diagonal_pair(), "X board");
  EXPECT_EQ(puzzles, 12);
  EXPECT_GT(grids, 500);
  EXPECT_GT(dead_ends, 10000);
}
