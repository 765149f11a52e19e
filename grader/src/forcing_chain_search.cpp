// The bit-parallel forcing-chain searches (forcing_chain_search.h).
//
// Invariants between layers: front holds, per node, the sources whose distance to it is
// the last layer's (non-zero exactly at the active nodes); reached the sources at any
// distance so far; nextf is all zero (the last front but one, cleared); closed the
// sources whose shortest chain is known (each counted once, at it). A closed source's bit
// stops spreading after its layer (front and reached then hold only the others): the
// bits are independent and its answer is known. Why bit sets: one pass over the links
// serves up to 64 sources per word.
#include "forcing_chain_search.h"

#include <algorithm>
#include <bit>

namespace sudoforge::grader::detail {

void build_groups(ParallelSearch& P, const ChainBoard& board, const ChainLinks& graph,
                  bool by_digit, bool y, bool x) {
  const CandidateGrid& g = *board.g;
  for (int gi = 0; gi < P.ngroups; ++gi) {
    ParallelGroup& G = P.groups[gi];
    if (by_digit && kept_group(P, g, gi)) continue;
    G.serial = g.serial();
    G.built = g.clock() + 1;
    G.nodes.swap(G.new_nodes);
    G.src_nodes.swap(G.new_src);
    const int S = static_cast<int>(G.src_nodes.size());
    if (S == 0) {  // nothing to search: no chain, no floor
      G.src.clear();
      G.skey.clear();
      G.nactive = 0;
      G.computed = 1;
      G.exhausted = true;
      G.first_at.assign(1, kNoChain);
      G.on_close = kNoChain;
      continue;
    }
    const int nv = static_cast<int>(G.nodes.size());
    for (int k = 0; k < nv; ++k) P.compact_index[G.nodes[k]] = k;
    G.src.resize(S);
    G.skey.resize(S);
    for (int i = 0; i < S; ++i) {
      G.src[i] = P.compact_index[G.src_nodes[i]];
      G.skey[i] = G.src_nodes[i] ^ 1;  // on(cd) before off(cd), candidates in order
    }
    G.words = std::max(1, (S + 63) / 64);
    if (G.compact_begin.size() < static_cast<size_t>(nv) + 1) G.compact_begin.resize(nv + 1);
    // Room for every link of the graph: the group's nodes have no more.
    const size_t edges = static_cast<size_t>(graph.links_size);
    if (G.compact_links.size() < edges) G.compact_links.resize(edges);
    int* ac = G.compact_links.data();
    const int* ci = P.compact_index.data();
    // links_from / links_until with the pass's tables chosen once, not per node.
    const int* lk = graph.links.data();
    const int* first = y ? graph.links_begin.data() : graph.links_y_end.data();
    const int* last_on = graph.links_end.data();
    const int* last_off = x ? graph.links_end.data() : graph.links_y_end.data();
    const int* nodes = G.nodes.data();
    int* cbeg = G.compact_begin.data();
    int top = 0;
    // By pairs (off, on): each kind's links in a loop of its own, whose trip counts the
    // branch predictor tells apart (an "off" node has a few strong links, an "on" node
    // its peers).
    for (int k = 0; k < nv; k += 2) {
      cbeg[k] = top;
      const int off = nodes[k];
      for (const int *it = lk + first[off], *e = lk + last_off[off]; it != e; ++it) {
        const int t = ci[*it];
        ac[top] = t;  // kept when t >= 0 (room for every link)
        top += 1 + (t >> 31);
      }
      cbeg[k + 1] = top;
      const int on = off + 1;
      for (const int *it = lk + first[on], *e = lk + last_on[on]; it != e; ++it) {
        const int t = ci[*it];
        ac[top] = t;
        top += 1 + (t >> 31);
      }
    }
    G.compact_begin[nv] = top;
    // touched has one slot more than the nodes (a layer writes a node's slot before it
    // counts it): it grows with active.
    if (G.active.size() < static_cast<size_t>(nv)) {
      G.active.resize(nv);
      G.next_active.resize(nv);
      G.touched.resize(nv + 1);
    }
    const size_t words = static_cast<size_t>(nv) * G.words;
    G.reached.assign(words, 0);
    G.front.assign(words, 0);
    G.closed.assign(G.words, 0);
    // nextf is all zero between layers (a layer's end clears the last front, which becomes
    // the next nextf), so it survives from search to search.
    if (G.nextf.size() < words) G.nextf.resize(words, 0);
    int* active = G.active.data();
    std::uint64_t* reached = G.reached.data();
    std::uint64_t* front = G.front.data();
    const int* src = G.src.data();
    const size_t gw = static_cast<size_t>(G.words);
    for (int i = 0; i < S; ++i) {  // each source node is distinct
      const size_t at = static_cast<size_t>(src[i]) * gw + i / 64;
      const std::uint64_t bit = std::uint64_t{1} << (i % 64);
      active[i] = src[i];
      reached[at] |= bit;
      front[at] |= bit;
    }
    G.nactive = S;
    G.computed = 1;
    G.exhausted = S == 0;
    G.first_at.assign(1, kNoChain);
    G.on_close = kNoChain;
  }
  P.next_c = 2;
  P.valid = true;
}

namespace {

// The new front of node t from what the links brought it (nextf), for advance_w: left in
// nextf (which becomes the front at the layer's end) while front (the last one) still
// answers for the partners; a source counts once, at its shortest chain. Returns whether t
// is in the new front.
template <int kW>
[[gnu::always_inline]] inline bool settle_node(ParallelGroup& G, std::uint64_t* closed, int gw,
                                               int t, int complexity, int& first) {
  std::uint64_t* nf = &G.nextf[static_cast<size_t>(t) * gw];
  std::uint64_t* r = &G.reached[static_cast<size_t>(t) * gw];
  const std::uint64_t* partner = &G.front[static_cast<size_t>(t ^ 1) * gw];
  std::uint64_t any = 0, meet = 0;
  for (int w = 0; w < gw; ++w) {
    const std::uint64_t x = nf[w] & ~r[w] & ~closed[w];
    r[w] |= x;
    nf[w] = x;
    any |= x;
    meet |= x & partner[w];
  }
  if (meet) [[unlikely]] {
    for (int w = 0; w < gw; ++w) {
      for (std::uint64_t m = nf[w] & partner[w] & ~closed[w]; m; m &= m - 1) {
        const int i = w * 64 + std::countr_zero(m);
        first = std::min(first, G.skey[i]);
        if (!(G.skey[i] & 1)) G.on_close = std::min(G.on_close, complexity);
      }
      closed[w] |= nf[w] & partner[w];
    }
  }
  return any != 0;
}

// The end of a layer of advance_w: the last front cleared (its active nodes) to be the
// next layer's nextf, the new one (nextf, next_active) made current.
template <int kW>
int finish_layer(ParallelGroup& G, int gw, int nnext, int first) {
  const int* active = G.active.data();
  for (int i = 0; i < G.nactive; ++i) {
    std::uint64_t* f = &G.front[static_cast<size_t>(active[i]) * gw];
    for (int w = 0; w < gw; ++w) f[w] = 0;
  }
  G.front.swap(G.nextf);
  G.active.swap(G.next_active);
  G.nactive = nnext;
  return first;
}

// A layer of advance_w with a fixed width when its front is a fair part of the group:
// the links only OR the fronts into nextf (no list of the nodes they meet, which costs a
// test and a store a link), and the new front is read off every node of the group.
template <int kW>
int advance_dense(ParallelGroup& G, int complexity) {
  const int* active = G.active.data();
  const int nactive = G.nactive;
  const int* cb = G.compact_begin.data();
  const int* cl = G.compact_links.data();
  std::uint64_t* nextf = G.nextf.data();
  const std::uint64_t* front = G.front.data();
  for (int i = 0; i < nactive; ++i) {
    const int v = active[i];
    const std::uint64_t* f = front + static_cast<size_t>(v) * kW;
    // The front's words in registers: the stores into nextf could alias them otherwise.
    std::uint64_t fw[kW];
    for (int w = 0; w < kW; ++w) fw[w] = f[w];
    for (const int *p = cl + cb[v], *pe = cl + cb[v + 1]; p != pe; ++p) {
      std::uint64_t* nf = nextf + static_cast<size_t>(*p) * kW;
      for (int w = 0; w < kW; ++w) nf[w] |= fw[w];
    }
  }
  int first = kNoChain;
  int* next_active = G.next_active.data();
  int nnext = 0;
  std::uint64_t closed[kW];  // in registers, as fw
  for (int w = 0; w < kW; ++w) closed[w] = G.closed[w];
  const int nv = static_cast<int>(G.nodes.size());
  for (int t = 0; t < nv; ++t) {
    // Without a test of whether t was met: that branch is a coin toss in dense layers.
    next_active[nnext] = t;
    nnext += settle_node<kW>(G, closed, kW, t, complexity, first);
  }
  for (int w = 0; w < kW; ++w) G.closed[w] = closed[w];
  return finish_layer<kW>(G, kW, nnext, first);
}

// advance for groups of kW words per node (0: any, read from G).
template <int kW>
int advance_w(ParallelGroup& G, int complexity) {
  // The list of the nodes the links meet pays while the front is small (the first layers
  // of a group with few sources, the last ones); measured in grader/PERF_NOTES.md.
  if constexpr (kW > 0) {
    if (2 * G.nactive >= static_cast<int>(G.nodes.size())) return advance_dense<kW>(G, complexity);
  }
  const int gw = kW > 0 ? kW : G.words;
  int* touched = G.touched.data();
  int ntouched = 0;
  const int* active = G.active.data();
  const int nactive = G.nactive;
  const int* cb = G.compact_begin.data();
  const int* cl = G.compact_links.data();
  std::uint64_t* nextf = G.nextf.data();
  const std::uint64_t* front = G.front.data();
  for (int i = 0; i < nactive; ++i) {
    const int v = active[i];
    const std::uint64_t* f = front + static_cast<size_t>(v) * gw;
    if constexpr (kW > 0) {
      // The front's words in registers: the stores into nextf could alias them otherwise.
      std::uint64_t fw[kW];
      for (int w = 0; w < kW; ++w) fw[w] = f[w];
      for (const int *p = cl + cb[v], *pe = cl + cb[v + 1]; p != pe; ++p) {
        const int t = *p;
        // nextf is all zero between layers and an active node's front is not, so t is
        // met first in this layer exactly when its nextf is still zero.
        std::uint64_t* nf = nextf + static_cast<size_t>(t) * kW;
        std::uint64_t was = 0;
        for (int w = 0; w < kW; ++w) {
          was |= nf[w];
          nf[w] |= fw[w];
        }
        // Kept by the count (the branch goes either way): room for every node.
        touched[ntouched] = t;
        ntouched += was == 0;
      }
      continue;
    }
    for (const int *p = cl + cb[v], *pe = cl + cb[v + 1]; p != pe; ++p) {
      const int t = *p;
      std::uint64_t* nf = nextf + static_cast<size_t>(t) * gw;
      std::uint64_t was = 0;
      for (int w = 0; w < gw; ++w) {
        was |= nf[w];
        nf[w] |= f[w];
      }
      if (!was) touched[ntouched++] = t;
    }
  }
  int first = kNoChain;
  int* next_active = G.next_active.data();
  int nnext = 0;
  for (int j = 0; j < ntouched; ++j) {
    const int t = touched[j];
    next_active[nnext] = t;
    nnext += settle_node<kW>(G, G.closed.data(), gw, t, complexity, first);
  }
  return finish_layer<kW>(G, gw, nnext, first);
}

// One layer of group G, whose chains closing in it have `complexity` nodes; returns the
// smallest key of a source that closed, or kNoChain.
int advance(ParallelGroup& G, int complexity) {
  // The word loops are the hot spot; with the width known at compile time the compiler
  // unrolls and vectorises them.
  // clang-format off
  switch (G.words) {
    case 1: return advance_w<1>(G, complexity);
    case 2: return advance_w<2>(G, complexity);
    case 3: return advance_w<3>(G, complexity);
    case 4: return advance_w<4>(G, complexity);
    case 5: return advance_w<5>(G, complexity);
    case 6: return advance_w<6>(G, complexity);
    case 7: return advance_w<7>(G, complexity);
    case 8: return advance_w<8>(G, complexity);
    default: return advance_w<0>(G, complexity);
  }
  // clang-format on
}

}  // namespace

// Computes the next layer of group G: layer t decides the chains of 2(t - 1) nodes.
void advance_group(ParallelGroup& G) {
  const int complexity = 2 * G.computed;
  const int first = advance(G, complexity);
  ++G.computed;
  // first_at held [0, complexity - 2]: no chain has an odd node count.
  G.first_at.push_back(kNoChain);
  G.first_at.push_back(first);
  if (G.nactive == 0) G.exhausted = true;
}
// The smallest key of a source whose shortest chain has c nodes, over P's groups
// (kNoChain: none), computing the layers that takes.
int first_close(ParallelSearch& P, int c) {
  int first = kNoChain;
  for (int gi = 0; gi < P.ngroups; ++gi) {
    ParallelGroup& G = P.groups[gi];
    while (G.known() < c) advance_group(G);
    if (c < static_cast<int>(G.first_at.size())) first = std::min(first, G.first_at[c]);
  }
  return first;
}
// Whether no group has a chain left beyond c nodes.
bool exhausted_after(const ParallelSearch& P, int c) {
  for (int gi = 0; gi < P.ngroups; ++gi) {
    const ParallelGroup& G = P.groups[gi];
    if (!G.exhausted || c + 1 < static_cast<int>(G.first_at.size())) return false;
  }
  return true;
}

}  // namespace sudoforge::grader::detail
