// The board of the chain searches and its static links (chain_links.h).
//
// Invariants of ChainLinks after build: for every live node v, links_begin[v] <=
// links_y_end[v] <= links_end[v] <= slot_end[v] index into links[0 .. links_size); "off"
// nodes list their Y-link, then their conjugates once each; "on" nodes their Y-links, then
// their peers, in SE's house order; the slots of the nodes do not overlap. Why kept from
// call to call: a step changes a few cells, so most candidates' links stay as they are.
#include "chain_links.h"

#include <algorithm>
#include <bit>

namespace sudoforge::grader::detail {
namespace {

// The first of c's units (box, row, column, then its extra houses in order) that also
// holds o; units_per_cell() when none.
int first_unit_shared(const CandidateGrid& g, int c, int o) {
  if (g.unit_of(c, 2) == g.unit_of(o, 2)) return 0;
  if (g.unit_of(c, 0) == g.unit_of(o, 0)) return 1;
  if (g.unit_of(c, 1) == g.unit_of(o, 1)) return 2;
  for (int k = 3; k < g.units_per_cell(); ++k) {
    const int u = g.unit_of(c, k);
    if (u == g.unit_count()) break;
    if (g.index_in(u, o) != 255) return k;
  }
  return g.units_per_cell();
}

}  // namespace

void ChainBoard::load_masks(const CandidateGrid& grid) {
  g = &grid;
  n = grid.n();
  nc = grid.cell_count();
  cand = grid.cand_table();
  // The grid's table has the layout of upos ([u * (n+1) + d]; entry d = 0 is always 0).
  upos = grid.pos_table();
  if (live_off.size() < static_cast<size_t>(nc) * n) live_off.resize(static_cast<size_t>(nc) * n);
  set_words = grid.set_words();
  digit_cells.assign(static_cast<size_t>(n + 1) * set_words, 0);
}

void ChainBoard::load(const CandidateGrid& grid) {
  load_masks(grid);
  std::uint64_t* cells = digit_cells.data();
  int* out = live_off.data();
  int k = 0;
  for (int c = 0; c < nc; ++c) {
    const std::uint64_t bit = std::uint64_t{1} << (c % 64);
    std::uint64_t* word = cells + c / 64;
    for (Mask m = cand[c]; m; m &= m - 1) {
      const int d = lowest_nonzero(m);
      out[k++] = node(cd(c, d), false);
      word[static_cast<size_t>(d) * set_words] |= bit;
    }
  }
  live_count = k;
}

void ChainLinks::build(const ChainBoard& board) {
  if (board.g->has_extra_houses()) {
    build_impl<true>(board);
  } else {
    build_impl<false>(board);
  }
}

template <bool kExtras>
[[gnu::always_inline]] inline void ChainLinks::write_candidate(const ChainBoard& board, int c,
                                                               int d, int off_at, int on_at) {
  const CandidateGrid& g = *board.g;
  const int stride = kExtras ? g.units_per_cell() : 3, pad = g.unit_count();
  const int pstride = board.n + 1;
  const Mask cm = board.cand[c];
  int* dst = links.data();
  // Nodes as ChainBoard::node(board.cd(q, e), on) numbers them, from a local n: the
  // stores into the links would make the compiler read board.n again for each.
  const int n2 = 2 * board.n;
  const auto node_of = [n2](int q, int e, bool on) { return q * n2 + 2 * (e - 1) + on; };
  const int ur = g.unit_of(c, 0), uc = g.unit_of(c, 1), ub = g.unit_of(c, 2);
  // SE's house order (box, row, column, each in reading order): the cycle search
  // keeps each "on" node's first parent, so the order of equal-length paths decides
  // which cycles it meets.
  const int* cb = g.unit(ub);
  const int* cr = g.unit(ur);
  const int* cc = g.unit(uc);
  const Mask pb = board.upos[ub * pstride + d], pr = board.upos[ur * pstride + d],
             pc = board.upos[uc * pstride + d];
  // off(c,d): the Y-link, then the conjugates in box, row, column (once each).
  int v = node_of(c, d, false);
  int top = off_at;
  links_begin[v] = top;
  // The links that may be left out are written at top, which only a kept one advances
  // (the "off" slot has room for them all): no branch on whether the cell holds two
  // values, whether c is the first of a pair, or whether a pair is listed already.
  // The bit past every value: the Y-link's target when the cell holds d alone (not kept).
  dst[top] = node_of(c, lowest_nonzero((cm & ~(Mask{1} << d)) | (Mask{1} << 31)), true);
  top += popcount(cm) == 2;
  links_y_end[v] = top;
  const int first = top;
  auto conjugate = [&](Mask p, const int* cells) {
    if (popcount(p) != 2) return;
    // The pair is c and the other cell.
    const int other = cells[lowest_nonzero(p)] ^ cells[lowest_nonzero(p & (p - 1))] ^ c;
    const int w = node_of(other, d, true);
    if constexpr (kExtras) {
      for (int i = first; i < top; ++i) {
        if (dst[i] == w) return;
      }
      dst[top++] = w;
    } else {
      // Row and column hold only c in common: a pair is listed already only when it is
      // the box's (then the first conjugate).
      dst[top] = w;
      top += !((top > first) & (dst[first] == w));
    }
  };
  conjugate(pb, cb);
  conjugate(pr, cr);
  conjugate(pc, cc);
  if constexpr (kExtras) {
    for (int k = 3; k < stride; ++k) {
      const int u = g.unit_of(c, k);
      if (u == pad) break;
      conjugate(board.upos[u * pstride + d], g.unit(u));
    }
  }
  links_end[v] = top;
  // on(c,d): the Y-links, then the peers holding d.
  v = node_of(c, d, true);
  top = on_at;
  links_begin[v] = top;
  for (Mask o = cm & ~(Mask{1} << d); o; o &= o - 1)
    dst[top++] = node_of(c, lowest_nonzero(o), false);
  links_y_end[v] = top;
  const Mask not_self_b = ~(Mask{1} << g.index_in(ub, c));
  const Mask not_box_r = ~g.inter(ur, ub), not_box_c = ~g.inter(uc, ub);
  for (Mask q = pb & not_self_b; q; q &= q - 1)
    dst[top++] = node_of(cb[lowest_nonzero(q)], d, false);
  for (Mask q = pr & not_box_r; q; q &= q - 1)
    dst[top++] = node_of(cr[lowest_nonzero(q)], d, false);
  for (Mask q = pc & not_box_c; q; q &= q - 1)
    dst[top++] = node_of(cc[lowest_nonzero(q)], d, false);
  // Extra houses, in their order: the peers not in an earlier unit of c.
  for (int k = 3; kExtras && k < stride; ++k) {
    const int u = g.unit_of(c, k);
    if (u == pad) break;
    const int* cu = g.unit(u);
    for (Mask q = board.upos[u * pstride + d]; q; q &= q - 1) {
      const int o = cu[lowest_nonzero(q)];
      if (o != c && first_unit_shared(g, c, o) == k) dst[top++] = node_of(o, d, false);
    }
  }
  links_end[v] = top;
}

template <bool kExtras>
void ChainLinks::build_impl(const ChainBoard& board) {
  const CandidateGrid& g = *board.g;
  // update refreshes previous_upos in the units it finds changed (the others hold the
  // same positions); a lay out takes the board's whole table.
  if (previous_serial != g.serial() || !update<kExtras>(board)) {
    lay_out<kExtras>(board);
    previous_upos.assign(board.upos, board.upos + board.pos_size());
  }
  previous_serial = g.serial();
  previous_built = g.clock() + 1;
}

template <bool kExtras>
void ChainLinks::lay_out(const ChainBoard& board) {
  const size_t nn = static_cast<size_t>(board.nc) * board.n * 2;
  if (links_begin.size() < nn) {  // only the nodes of live candidates are ever read
    links_begin.resize(nn);
    links_y_end.resize(nn);
    links_end.resize(nn);
    slot_end.resize(nn);
  }
  const CandidateGrid& g = *board.g;
  // Extra houses (variants): a cell's units past its three, up to the padding unit.
  const int stride = kExtras ? g.units_per_cell() : 3;
  const size_t np0 = g.peers(0).size();
  size_t bound = 0, most_peers = np0;
  for (int c = 0; c < board.nc; ++c) {
    const size_t k = popcount(board.cand[c]);
    const size_t np = kExtras ? g.peers(c).size() : np0;
    most_peers = std::max(most_peers, np);
    bound += k * (k + np + stride + 1);
  }
  // Room past the last slot for the most links an "on" node can have: update writes a
  // node before it checks its slot.
  bound += board.n + most_peers;
  if (links.size() < bound) links.resize(bound);
  int top = 0;
  for (int c = 0; c < board.nc; ++c) {
    for (Mask m = board.cand[c]; m; m &= m - 1) {
      const int d = lowest_nonzero(m);
      const int off = ChainBoard::node(board.cd(c, d), false);
      const int on_at = top + 1 + stride;
      write_candidate<kExtras>(board, c, d, top, on_at);
      slot_end[off] = on_at;
      slot_end[off + 1] = top = links_end[off + 1];
    }
  }
  links_size = top;
}

template <bool kExtras>
bool ChainLinks::update(const ChainBoard& board) {
  const CandidateGrid& g = *board.g;
  const std::uint64_t since = previous_built;
  Mask moved = 0;  // the values whose places changed since the last build
  for (int d = 1; d <= board.n; ++d) moved |= static_cast<Mask>(g.digit_changed(d) >= since) << d;
  if (!moved) return true;  // no candidate went
  const int nu = g.unit_count(), pstride = board.n + 1;
  // [nu]: the padding unit of cells in fewer extra houses, whose positions never change.
  unit_moved.assign(nu + 1, 0);
  for (int u = 0; u < nu; ++u) {
    if (g.unit_changed(u) < since) continue;
    const Mask* now = &board.upos[static_cast<size_t>(u) * pstride];
    Mask* was = &previous_upos[static_cast<size_t>(u) * pstride];
    Mask um = 0;
    for (Mask dm = moved; dm; dm &= dm - 1) {
      const int d = lowest_nonzero(dm);
      um |= static_cast<Mask>(now[d] != was[d]) << d;
    }
    unit_moved[u] = um;
    std::copy_n(now, pstride, was);
  }
  const int stride = kExtras ? g.units_per_cell() : 3;
  // The cells with candidates, by words of the grid's cell sets (the board's masks are
  // the grid's): no test per cell on whether it is solved.
  const int words = g.set_words();
  const std::uint64_t* const solved = g.cells_with(0);
  for (int w = 0; w < words; ++w) {
    std::uint64_t open = ~solved[w];
    if (board.nc - w * 64 < 64) open &= (std::uint64_t{1} << (board.nc - w * 64)) - 1;
    for (; open; open &= open - 1) {
      const int c = w * 64 + std::countr_zero(open);
      const Mask cm = board.cand[c];
      // A candidate's links read the cell's values and the value's places in the cell's units.
      Mask redo = cm;
      if (g.cell_changed(c) < since) {
        Mask um =
            unit_moved[g.unit_of(c, 0)] | unit_moved[g.unit_of(c, 1)] | unit_moved[g.unit_of(c, 2)];
        for (int k = 3; kExtras && k < stride; ++k) um |= unit_moved[g.unit_of(c, k)];
        redo &= um;
      }
      for (Mask m = redo; m; m &= m - 1) {
        const int d = lowest_nonzero(m);
        const int off = ChainBoard::node(board.cd(c, d), false);
        write_candidate<kExtras>(board, c, d, links_begin[off], links_begin[off + 1]);
        if (links_end[off + 1] > slot_end[off + 1]) return false;
      }
    }
  }
  return true;
}

}  // namespace sudoforge::grader::detail
