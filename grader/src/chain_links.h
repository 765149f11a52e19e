#pragma once
// Internal to the chain finders: the board of a chain search, whose nodes are candidates
// assumed "on" or "off", and the static links between them, the graph every forcing
// chain and cycle search of chains.cpp walks (chains.cpp's header lists the links).
//
// Representation: candidate cd = cell * N + digit - 1, node = cd * 2 + (on ? 1 : 0), so
// the negation of node v is v ^ 1. The links are one CSR adjacency over the nodes.
#include <cstdint>
#include <vector>

#include "candidate_grid.h"

namespace sudoforge::grader::detail {

// A snapshot of the candidates for chain searches: candidate index cd = cell*N + d-1,
// node = cd*2 + (on ? 1 : 0).
struct ChainBoard {
  const CandidateGrid* g = nullptr;
  int n = 0, nc = 0;
  std::vector<Mask> cand;
  std::vector<Mask> upos;  // [u*(n+1)+d]: positions of d in unit u
  void load(const CandidateGrid& grid);
  int cd(int c, int d) const { return c * n + d - 1; }
  static int node(int cd, bool on) { return cd * 2 + (on ? 1 : 0); }
};

// The static links of a board, rebuilt at every call of the static chains (build), and
// read in the searches' inner loops (links_from, links_until: inline).
struct ChainLinks {
  // Static adjacency, CSR: for node v, links[links_begin[v] .. links_y_end[v]) are Y-links
  // and links[links_y_end[v] .. links_end[v]) the other links (on: peers; off: conjugates).
  std::vector<int> links_begin, links_y_end, links_end, links;
  int links_size = 0;  // entries of links in use
  // Between the calls of one puzzle a few cells change, so a cell's block of the
  // adjacency is copied from the last call's (previous_links) when nothing it reads changed
  // (grader/PERF_NOTES.md): its candidates, and the positions of those values in
  // its three units (told by the grid's change clocks: a unit that changed, while none of
  // the cell's values changed anywhere, keeps the block too). The blocks of the cells are
  // consecutive, in cell order: cell c's is [cell_links_begin[c], cell_links_begin[c + 1]).
  std::vector<int> previous_links, cell_links_begin, previous_cell_links_begin;
  std::uint64_t previous_serial = 0,
                previous_built = 0;  // the grid and clock + 1 of the last build

  // The peers and conjugates come from the units' position masks (the grid's upos), not
  // from scanning the 3(n-1) peers of every candidate: this runs once per call, over
  // every candidate, and was a tenth of the static chains' cost.
  void build(const ChainBoard& board);
  // build()'s body; kExtras: the board has extra houses (compiled out on classic boards).
  template <bool kExtras>
  void build_impl(const ChainBoard& board);

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
