#pragma once
// Internal to the static chains (chains.cpp): strongly connected components of a pass's
// graph of nodes (chain_links.h), which bound where a cycle can lie (one component) and
// what a source can reach (Tarjan numbers the components in reverse topological order).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "chain_links.h"

namespace sudoforge::grader::detail {

// Tarjan's algorithm, iterative, with its scratch kept from call to call.
class StrongComponents {
 public:
  // Tarjan's strongly connected components (iteratively) of a pass's graph of "on" nodes
  // (to their "off" neighbours: lo_on .. graph.links_end) and "off" nodes (to the "on" nodes of
  // their strong links: lo_off..hi_off). Returns [node] -> component for the live candidates' nodes
  // that can lie on a cycle, -1 for the others: an "off" node without a strong link and an "on"
  // node without one into it (by the contrapositive links, none out of its "off" node) are left out
  // of the search. `size` receives the node count of each component.
  const int* number(const ChainBoard& board, const ChainLinks& graph, const int* lo_on,
                    const int* lo_off, const int* hi_off, int* comp, std::vector<int>& size);
  // Every live node of pass XY's graph (links_begin .. links_end for both node kinds)
  // numbered, components in reverse topological order (a node reaches only nodes of its
  // own component or of lower numbers): the "off" nodes without a link first (sinks), one
  // component each, then the components the search finds, then the "on" nodes of those
  // dead ends, one component each (nothing links into them: by the contrapositive, a link
  // into on(a) gives one out of off(a)). `size` receives each component's node count,
  // `order` the nodes by rising component. With them, `reach` ([component], while
  // reach_fits: at most 64 live components) receives the live components each reaches,
  // bit k for component dead_ends + k (none for the dead ends): a component's set is
  // complete when the walk closes it, as all it leads to is closed before.
  void number_xy(const ChainBoard& board, const ChainLinks& graph, int* comp,
                 std::vector<int>& size, int* order, std::vector<std::uint64_t>& reach);
  bool reach_fits = false;  // number_xy: `reach` holds every live component's set
  // number_xy, per node: its component's `reach`.
  std::vector<std::uint64_t> node_reach;
  int component_count = 0;  // components numbered by the last call
  int dead_ends = 0;        // number_xy: the dead ends' "off" nodes (and "on" nodes) numbered

 private:
  void reserve(size_t nn);
  std::vector<int> visit, low_link, stack, calls, sizes;  // per node; calls: 3 per node
  // number_xy's call stack: per suspended node, its reach so far, the next position in
  // its links, their end, the node, its low link.
  struct XyFrame {
    std::uint64_t reach;
    const int* next;
    const int* end;
    int node, low;
  };
  std::vector<XyFrame> frames;
};

}  // namespace sudoforge::grader::detail
