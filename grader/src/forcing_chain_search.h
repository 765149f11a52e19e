#pragma once
// Internal to the static chains (chains.cpp), which own one ParallelSearch per pass.
//
// Forcing chains from many sources at once: breadth-first searches whose node sets are
// bit sets over the sources. Finds the shortest chain of the first source (in SE
// order) that closes, and rebuilds it with the single-source search. The X pass splits
// into one search per digit (X-links never change the digit). The searches are kept
// between the rounds of rising rating ceiling and resumed where the ceiling cut them.
//
// Meeting in the middle: every link has its contrapositive in the same pass (on(a) ->
// off(b) and on(b) -> off(a); off(a) -> on(b) and off(b) -> on(a)), so a path from the
// source x to a node v and a path from x to not-v make a chain x -> v -> not-x. Links
// alternate on/off, so a shortest chain has an odd number L = 2e - 1 of links, and its
// e-th node v has d(x, v) = e and d(x, not-v) = e - 1 (less would give a shorter chain).
// Hence the chains of 2e nodes are exactly the sources x with a node v new at distance
// e whose partner not-v was new at distance e - 1: layer t = e + 1 decides the chains
// of 2(t - 1) nodes, half the depth a search for the target itself needs.
#include <cstdint>
#include <vector>

#include "chain_links.h"

namespace sudoforge::grader::detail {

inline constexpr int kNoChain = 1 << 30;  // no chain (as a key or a complexity)

// One breadth-first search over a set of sources (bit i: the i-th source of the group).
struct ParallelGroup {
  std::vector<int> nodes;  // compact index -> node: off(x), on(x) in turn (k ^ 1: the negation)
  std::vector<int> src, skey;                     // per local source: compact node, SE order key
  std::vector<int> src_nodes;                     // the source nodes (to tell whether they changed)
  std::vector<int> new_nodes, new_src;            // scratch of build_parallel_search
  std::vector<int> compact_begin, compact_links;  // compact adjacency
  int words = 1;
  // nextf: what a layer's links bring each node, then the node's new front.
  std::vector<std::uint64_t> reached, front, nextf;
  std::vector<std::uint64_t> closed;  // the sources whose shortest chain is known
  // The nodes of the current front (active) and of the next one, and the nodes the
  // layer reached; sized to the node count, with explicit counts (no push_back in the
  // layer loop, whose inlining then varies with the rest of the file).
  std::vector<int> active, touched, next_active;
  int nactive = 0;            // every active node has a non-zero front
  int computed = 1;           // layers computed (layer t: the nodes at distance t - 1)
  bool exhausted = false;     // every distance is known: no chain is left to find
  std::vector<int> first_at;  // [complexity]: smallest key of a source closing there
  int on_close = kNoChain;    // complexity of the group's shortest chain from an "on" source
  // The grid (CandidateGrid::serial) and clock + 1 when the group was built.
  std::uint64_t serial = 0, built = 0;
  int known() const { return exhausted ? kNoChain : 2 * (computed - 1); }
};
struct ParallelSearch {
  std::vector<ParallelGroup> groups;
  int ngroups = 0;
  std::vector<int> compact_index;  // node -> compact index in its group
  int next_c = 2;                  // next complexity forcing_chains_parallel looks at
  bool valid = false;
  // Set by the owner before build_groups: a digit group whose positions did not change is
  // kept whatever its new sources, because both source sets hold the same closers and the
  // others never close (they change no first_at nor on_close).
  bool any_sources_keep = false;
};

// Whether build_groups keeps digit group gi (of a search by digit) as it is: it was built
// on this grid, the digit's positions did not change since, and its sources (new_src,
// filled) are the same, or any_sources_keep.
inline bool kept_group(const ParallelSearch& P, const CandidateGrid& g, int gi) {
  const ParallelGroup& G = P.groups[gi];
  return G.serial == g.serial() && g.digit_changed(gi + 1) < G.built &&
         (P.any_sources_keep || G.src_nodes == G.new_src);
}
// Builds the groups of P over the links of pass (y, x), from each group's new_nodes and
// new_src (which the caller fills: the nodes and sources of the group; by_digit: one group
// per digit, kept while the digit's positions and sources did not change).
void build_groups(ParallelSearch& P, const ChainBoard& board, const ChainLinks& graph,
                  bool by_digit, bool y, bool x);
// Computes the next layer of group G: layer t decides the chains of 2(t - 1) nodes.
void advance_group(ParallelGroup& G);
// The smallest key of a source whose shortest chain has c nodes, over P's groups
// (kNoChain: none), computing the layers that takes.
int first_close(ParallelSearch& P, int c);
// Whether no group has a chain left beyond c nodes.
bool exhausted_after(const ParallelSearch& P, int c);

}  // namespace sudoforge::grader::detail
