// The links of the step grid (step_links.h).
//
// Invariants after build: node_begin is non-decreasing with node_begin[nn] the entries in
// use; a node that is no candidate has an empty range. Why the bound: targets is sized once
// to the most any cell can list (its values, times its values plus three units of n), so
// the loop writes by index. Between builds, last_cand_ / last_pos_ are the grid of the
// lists in node_begin / targets / unit_targets_begin while last_board_ is set. A build
// from them rewrites the lists in place: the cells before the first that changed stay
// where they are, and so does any later block of unchanged cells that ends up at its old
// place; last_targets_ is the build's copy of the old lists from its first rewritten cell.
#include "step_links.h"

#include <algorithm>

namespace sudoforge::grader::detail {

void StepLinks::build(const DynamicBoard& board) {
  if (board.has_extras) {
    build_impl<true>(board);
  } else {
    build_impl<false>(board);
  }
}

template <bool kExtras>
void StepLinks::build_impl(const DynamicBoard& board) {
  const int n = board.n, nc = board.nc, nn = board.nn;
  const std::vector<Mask>& step_cand = board.step_cand;
  const std::vector<Mask>& step_pos = board.step_pos;
  size_t bound = 0;
  for (int c = 0; c < nc; ++c) {
    const int card = popcount(step_cand[c]);
    const int extras = kExtras ? board.extra_begin[c + 1] - board.extra_begin[c] : 0;
    bound += static_cast<size_t>(card) * (card + (3 + extras) * (n + 1) + 1);
  }
  const int nu = board.nu, stride = n + 1;
  // The last build's lists are kept when this one is on a grid of the same layout (its
  // tables are the lists' other inputs).
  const bool incremental = !kExtras && last_board_ == &board && last_layout_ == board.layout &&
                           last_cand_.size() == static_cast<size_t>(nc) &&
                           last_pos_.size() == static_cast<size_t>(nu) * stride &&
                           node_begin.size() == static_cast<size_t>(nn) + 1;
  const int old_total = incremental ? node_begin[nn] : 0;
  if (incremental) {
    unit_changed_.resize(nu);
    for (int u = 0; u < nu; ++u) {
      Mask m = 0;
      for (int d = 1; d <= n; ++d) {
        m |= static_cast<Mask>(step_pos[u * stride + d] != last_pos_[u * stride + d]) << d;
      }
      unit_changed_[u] = m;
    }
  }
  if (targets.size() < bound) targets.resize(bound);
  node_begin.resize(static_cast<size_t>(nn) + 1);
  unit_targets_begin.resize(static_cast<size_t>(nn));
  int* const out = targets.data();
  int* const begin_of = node_begin.data();
  int* const unit_begin = unit_targets_begin.data();
  // The old lists from old_from on, once a cell is rewritten: out[old_from ..] may be
  // overwritten from then on, node_begin[nd] (unit_targets_begin[nd]) until nd's turn.
  const int* old_out = nullptr;
  int old_from = 0;
  int w = 0;
  for (int c = 0; c < nc; ++c) {
    const Mask cm = step_cand[c];
    const int first = board.node(c, 1, false);
    // The digits whose two lists in c are those of the last build.
    Mask same = 0;
    if (incremental && last_cand_[c] == cm) {
      same = ~(unit_changed_[board.unit_id[c * 3]] | unit_changed_[board.unit_id[c * 3 + 1]] |
               unit_changed_[board.unit_id[c * 3 + 2]]);
      if (!(cm & ~same)) {
        // The whole cell: its nodes' ranges are one block (non-candidates' are empty, and
        // their unit starts are never read); where no list before it moved, it is in place.
        const int b = begin_of[first], e = begin_of[first + 2 * n], shift = w - b;
        if (shift == 0) {
          w = e;
          continue;
        }
        std::copy(old_out + (b - old_from), old_out + (e - old_from), out + w);
        if (n == 9) {  // a fixed count: the adds compile to whole vectors
          for (int i = 0; i < 18; ++i) begin_of[first + i] += shift;
          for (int i = 0; i < 18; ++i) unit_begin[first + i] += shift;
        } else {
          for (int nd = first; nd < first + 2 * n; ++nd) begin_of[nd] += shift;
          for (int nd = first; nd < first + 2 * n; ++nd) unit_begin[nd] += shift;
        }
        w = e + shift;
        continue;
      }
    }
    if (incremental && !old_out) {
      // The first cell rewritten: the old lists from its own on, aside.
      old_from = begin_of[first];
      last_targets_.assign(out + old_from, out + old_total);
      old_out = last_targets_.data();
    }
    for (int d = 1; d <= n; ++d) {
      const int off = first + 2 * (d - 1);
      const int old_b = begin_of[off];  // read before its turn rewrites it
      begin_of[off] = w;
      if (!((cm >> d) & 1)) {
        begin_of[off + 1] = w;
        continue;
      }
      if ((same >> d) & 1) {
        const int e = begin_of[off + 2];
        std::copy(old_out + (old_b - old_from), old_out + (e - old_from), out + w);
        begin_of[off + 1] = w + (begin_of[off + 1] - old_b);
        unit_begin[off + 1] = w + (unit_begin[off + 1] - old_b);
        w += e - old_b;
        continue;
      }
      const int first_target = w;
      if (DynamicBoard::two_bits(cm)) out[w++] = board.node(c, lowest(cm & ~(Mask{1} << d)), true);
      for (int k = 0; k < 3; ++k) {
        const Mask pm = step_pos[board.unit_pos_base[c * 3 + k] + d];
        if (!DynamicBoard::two_bits(pm)) continue;
        const int* cells = board.unit_cells_of[c * 3 + k];
        int q = cells[lowest(pm)];
        if (q == c) q = cells[lowest(pm & (pm - 1))];
        const int x = board.node(q, d, true);
        if (std::find(out + first_target, out + w, x) == out + w) out[w++] = x;
      }
      for (int e = board.extra_begin[c]; kExtras && e < board.extra_begin[c + 1]; ++e) {
        const DynamicBoard::CellUnits& xu = board.extra_units[e];
        const Mask pm = step_pos[xu.base[0] + d];
        if (!DynamicBoard::two_bits(pm)) continue;
        int q = xu.cells[0][lowest(pm)];
        if (q == c) q = xu.cells[0][lowest(pm & (pm - 1))];
        const int x = board.node(q, d, true);
        if (std::find(out + first_target, out + w, x) == out + w) out[w++] = x;
      }
      begin_of[off + 1] = w;
      for (Mask m = cm & ~(Mask{1} << d); m; m &= m - 1) out[w++] = board.node(c, lowest(m), false);
      unit_begin[off + 1] = w;
      for (int k = 0; k < 3; ++k) {
        const int* cells = board.unit_cells_of[c * 3 + k];
        for (Mask m = step_pos[board.unit_pos_base[c * 3 + k] + d] & board.unit_fresh[c * 3 + k]; m;
             m &= m - 1) {
          out[w++] = board.node(cells[lowest(m)], d, false);
        }
      }
      for (int e = board.extra_begin[c]; kExtras && e < board.extra_begin[c + 1]; ++e) {
        const DynamicBoard::CellUnits& xu = board.extra_units[e];
        for (Mask m = step_pos[xu.base[0] + d] & board.extra_fresh[e]; m; m &= m - 1)
          out[w++] = board.node(xu.cells[0][lowest(m)], d, false);
      }
    }
  }
  node_begin[nn] = w;
  if (kExtras) {
    last_board_ = nullptr;
    return;
  }
  last_board_ = &board;
  last_layout_ = board.layout;
  last_cand_ = step_cand;
  last_pos_ = step_pos;
}

}  // namespace sudoforge::grader::detail
