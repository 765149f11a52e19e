// The shared Tarjan walk (strong_component_walk.h) against plain reachability on random
// graphs: two nodes share a component exactly when each reaches the other, components
// complete in reverse topological order, and `done` sees each component once with all
// its members.
#include "strong_component_walk.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

using sudoforge::grader::detail::StrongComponentWalk;

namespace {

using Adjacency = std::vector<std::vector<int>>;

Adjacency random_graph(std::mt19937& rng, int n, double density) {
  Adjacency adj(static_cast<size_t>(n));
  std::bernoulli_distribution edge(density);
  for (int v = 0; v < n; ++v) {
    for (int w = 0; w < n; ++w) {
      if (edge(rng)) adj[v].push_back(w);
    }
  }
  return adj;
}

// reach[v][w]: w is reachable from v (v reaches itself).
std::vector<std::vector<char>> reachability(const Adjacency& adj) {
  const int n = static_cast<int>(adj.size());
  std::vector<std::vector<char>> reach(n, std::vector<char>(n, 0));
  for (int s = 0; s < n; ++s) {
    std::vector<int> todo{s};
    reach[s][s] = 1;
    while (!todo.empty()) {
      const int v = todo.back();
      todo.pop_back();
      for (int w : adj[v]) {
        if (!reach[s][w]) {
          reach[s][w] = 1;
          todo.push_back(w);
        }
      }
    }
  }
  return reach;
}

struct Walked {
  std::vector<int> comp;                  // [node]: its component
  std::vector<std::vector<int>> members;  // [component]: what done() reported
  int count = 0;
};

// Walks adj from every node in turn, settling first the nodes listed in `settled` (which
// must have no links).
Walked walk_all(StrongComponentWalk<int>& walk, const Adjacency& adj,
                const std::vector<int>& settled) {
  const int n = static_cast<int>(adj.size());
  Walked out;
  walk.reset(n);
  for (int v : settled) {
    const int k = walk.settle(v);
    if (static_cast<int>(out.members.size()) <= k) out.members.resize(k + 1);
    out.members[k] = {v};
  }
  const auto first = [](int) { return 0; };
  const auto next = [&](int v, int& at, int& w) {
    if (at == static_cast<int>(adj[v].size())) return false;
    w = adj[v][at++];
    return true;
  };
  const auto done = [&](const int* begin, const int* end, int k) {
    EXPECT_EQ(k, static_cast<int>(out.members.size())) << "components numbered in order";
    out.members.emplace_back(begin, end);
    // Every link out of the component leads to a complete one of lower number.
    for (const int* p = begin; p != end; ++p) {
      EXPECT_EQ(walk.component(*p), k);
      for (int w : adj[*p]) {
        EXPECT_GE(walk.component(w), 0) << *p << " -> " << w;
        EXPECT_LE(walk.component(w), k);
      }
    }
  };
  for (int v = 0; v < n; ++v) {
    if (!walk.seen(v)) walk.walk(v, first, next, done);
  }
  out.count = walk.count();
  out.comp.assign(walk.components(), walk.components() + n);
  return out;
}

void expect_components_match(const Adjacency& adj, const Walked& got) {
  const int n = static_cast<int>(adj.size());
  const auto reach = reachability(adj);
  ASSERT_EQ(static_cast<int>(got.members.size()), got.count);
  std::vector<int> seen(static_cast<size_t>(n), 0);
  for (int k = 0; k < got.count; ++k) {
    for (int v : got.members[k]) {
      ++seen[v];
      EXPECT_EQ(got.comp[v], k);
    }
  }
  for (int v = 0; v < n; ++v) {
    EXPECT_EQ(seen[v], 1) << "node " << v << " reported " << seen[v] << " times";
    for (int w = 0; w < n; ++w) {
      const bool same = reach[v][w] && reach[w][v];
      EXPECT_EQ(got.comp[v] == got.comp[w], same) << v << ", " << w;
      // Reverse topological order: what v reaches is numbered no higher.
      if (reach[v][w]) {
        EXPECT_LE(got.comp[w], got.comp[v]) << v << " reaches " << w;
      }
    }
  }
}

}  // namespace

TEST(StrongComponentWalk, ComponentsAreTheMutuallyReachableNodes) {
  std::mt19937 rng(2611);
  StrongComponentWalk<int> walk;  // reused: reset must forget the previous graph
  int multi = 0;
  for (int round = 0; round < 300; ++round) {
    const int n = 1 + static_cast<int>(rng() % 40);
    const double density = (1 + rng() % 12) / 100.0;
    const Adjacency adj = random_graph(rng, n, density);
    const Walked got = walk_all(walk, adj, {});
    expect_components_match(adj, got);
    for (const auto& m : got.members) multi += m.size() > 1;
  }
  // The sample holds real cycles, not only single-node components.
  EXPECT_GT(multi, 100);
}

TEST(StrongComponentWalk, SettledNodesAreFinishedComponents) {
  std::mt19937 rng(2612);
  StrongComponentWalk<int> walk;
  for (int round = 0; round < 200; ++round) {
    const int n = 2 + static_cast<int>(rng() % 30);
    Adjacency adj = random_graph(rng, n, 0.08);
    // Strip the links of some nodes and settle them before any walk.
    std::vector<int> settled;
    for (int v = 0; v < n; ++v) {
      if (rng() % 4 == 0) {
        adj[v].clear();
        settled.push_back(v);
      }
    }
    const Walked got = walk_all(walk, adj, settled);
    expect_components_match(adj, got);
    for (size_t i = 0; i < settled.size(); ++i)
      EXPECT_EQ(got.comp[settled[i]], static_cast<int>(i));
  }
}

TEST(StrongComponentWalk, LongPathNeedsNoRecursion) {
  // One path through every node, closed into a single cycle at the end: a recursive
  // Tarjan would go n deep.
  const int n = 200000;
  Adjacency adj(static_cast<size_t>(n));
  for (int v = 0; v + 1 < n; ++v) adj[v].push_back(v + 1);
  StrongComponentWalk<int> walk;
  Walked open = walk_all(walk, adj, {});
  EXPECT_EQ(open.count, n);
  EXPECT_EQ(open.comp[0], n - 1);  // the path's start completes last
  adj[n - 1].push_back(0);
  Walked closed = walk_all(walk, adj, {});
  EXPECT_EQ(closed.count, 1);
  EXPECT_EQ(closed.members[0].size(), static_cast<size_t>(n));
}
