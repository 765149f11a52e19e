#pragma once
// Internal to the chain finders: the board of a chain search, whose nodes are candidates
// assumed "on" or "off", and the static links between them, the graph every forcing
// chain and cycle search of chains.cpp walks (chains.cpp's header lists the links).
//
// Representation: candidate cd = cell * N + digit - 1, node = cd * 2 + (on ? 1 : 0), so
// the negation of node v is v ^ 1. The links are one CSR adjacency over the nodes.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "candidate_grid.h"

namespace sudoforge::grader::detail {

// lowest(m) for a mask known not to be 0 (loops over a mask's bits, masks of two bits):
// one instruction, where std::countr_zero on the x86-64 baseline is bsf with a test and
// branch for 0.
inline int lowest_nonzero(Mask m) {
  return __builtin_ctz(m);
}

// The candidates of a grid for chain searches: candidate index cd = cell*N + d-1,
// node = cd*2 + (on ? 1 : 0). cand and upos are the grid's own tables, not copies (a
// chain search reads them while the grid holds still; copying them was most of load's
// cost): the board reads as the grid is now, and is valid until the grid is destroyed
// or loaded again (load() again after the grid changes, for live_off and digit_cells).
struct ChainBoard {
  const CandidateGrid* g = nullptr;
  int n = 0, nc = 0;
  const Mask* cand = nullptr;  // [c]: the candidates of cell c
  const Mask* upos = nullptr;  // [u*(n+1)+d]: positions of d in unit u
  // The "off" node of every candidate, by cell then value (live_off[0 .. live_count)): the
  // loops over every node read it instead of walking the cells' masks.
  std::vector<int> live_off;
  int live_count = 0;
  // The cells holding each value, as cell sets of set_words words: [d * set_words].
  std::vector<std::uint64_t> digit_cells;
  int set_words = 0;
  void load(const CandidateGrid& grid);
  // load() without live_off, live_count and digit_cells: for a caller that fills those in
  // a pass of its own over the candidates (the static chains list their sources in it).
  void load_masks(const CandidateGrid& grid);
  int cd(int c, int d) const { return c * n + d - 1; }
  size_t pos_size() const { return static_cast<size_t>(g->unit_count()) * (n + 1); }
  static int node(int cd, bool on) { return cd * 2 + (on ? 1 : 0); }
};

// The static links of a board, brought up to date at every call of the static chains
// (build), and read in the searches' inner loops (links_from, links_until: inline).
struct ChainLinks {
  // Static adjacency, CSR: for node v, links[links_begin[v] .. links_y_end[v]) are Y-links
  // and links[links_y_end[v] .. links_end[v]) the other links (on: peers; off: conjugates).
  std::vector<int> links_begin, links_y_end, links_end, links;
  // Every live node's links lie in links[0 .. links_size), with room between the nodes
  // (a bound on the link count, for the readers' buffers).
  int links_size = 0;
  // Each node has a fixed slot, laid out when a grid is first seen (lay_out): an "off"
  // node room for a Y-link and one conjugate per unit, an "on" node its links then (a grid
  // only loses candidates, so an "on" node's links only go). Later builds on the same grid
  // (update) rewrite in place only the candidates whose links can differ: those of the
  // cells that changed, and those whose value's positions changed in one of the cell's
  // units (told from the last build's positions). Between two calls of one puzzle a few
  // cells change, and most candidates keep their slots untouched (grader/PERF_NOTES.md).
  std::vector<int> slot_end;        // [node]: end of its slot
  std::vector<Mask> previous_upos;  // the board's upos at the last build (pos_size())
  std::vector<Mask> unit_moved;     // update's scratch: [u] the values whose places moved
  std::uint64_t previous_serial = 0,
                previous_built = 0;  // the grid and clock + 1 of the last build

  // The peers and conjugates come from the units' position masks (the grid's upos), not
  // from scanning the 3(n-1) peers of every candidate: this runs once per call, over
  // every candidate, and was a tenth of the static chains' cost.
  void build(const ChainBoard& board);
  // build()'s body; kExtras: the board has extra houses (compiled out on classic boards).
  template <bool kExtras>
  void build_impl(const ChainBoard& board);
  template <bool kExtras>
  void lay_out(const ChainBoard& board);
  // false: an "on" node outgrew its slot (then lay_out).
  template <bool kExtras>
  bool update(const ChainBoard& board);
  // Writes the links of candidate (c, d), "off" node first, from the given positions.
  template <bool kExtras>
  void write_candidate(const ChainBoard& board, int c, int d, int off_at, int on_at);

  // Neighbours of a node in the static graph (Y-links only when y, X-links only when x;
  // peers of an "on" node are always linked).
  const int* links_from(int node, bool y) const {
    return links.data() + (y ? links_begin[node] : links_y_end[node]);
  }
  const int* links_until(int node, bool x) const {
    return links.data() + ((x || (node & 1)) ? links_end[node] : links_y_end[node]);
  }
};

}  // namespace sudoforge::grader::detail
