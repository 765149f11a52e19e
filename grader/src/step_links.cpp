// The links of the step grid (step_links.h).
//
// Invariants after build: node_begin is non-decreasing with node_begin[nn] the entries in
// use; a node that is no candidate has an empty range. Why the bound: targets is sized once
// to the most any cell can list (its values, times its values plus three units of n), so
// the loop writes by index.
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
  if (targets.size() < bound) targets.resize(bound);
  node_begin.resize(static_cast<size_t>(nn) + 1);
  unit_targets_begin.resize(static_cast<size_t>(nn));
  int* const out = targets.data();
  int w = 0;
  for (int c = 0; c < nc; ++c) {
    const Mask cm = step_cand[c];
    for (int d = 1; d <= n; ++d) {
      const int off = board.node(c, d, false);
      node_begin[off] = w;
      if (!((cm >> d) & 1)) {
        node_begin[off + 1] = w;
        continue;
      }
      const int first = w;
      if (DynamicBoard::two_bits(cm)) out[w++] = board.node(c, lowest(cm & ~(Mask{1} << d)), true);
      for (int k = 0; k < 3; ++k) {
        const Mask pm = step_pos[board.unit_pos_base[c * 3 + k] + d];
        if (!DynamicBoard::two_bits(pm)) continue;
        const int* cells = board.unit_cells_of[c * 3 + k];
        int q = cells[lowest(pm)];
        if (q == c) q = cells[lowest(pm & (pm - 1))];
        const int x = board.node(q, d, true);
        if (std::find(out + first, out + w, x) == out + w) out[w++] = x;
      }
      for (int e = board.extra_begin[c]; kExtras && e < board.extra_begin[c + 1]; ++e) {
        const DynamicBoard::CellUnits& xu = board.extra_units[e];
        const Mask pm = step_pos[xu.base[0] + d];
        if (!DynamicBoard::two_bits(pm)) continue;
        int q = xu.cells[0][lowest(pm)];
        if (q == c) q = xu.cells[0][lowest(pm & (pm - 1))];
        const int x = board.node(q, d, true);
        if (std::find(out + first, out + w, x) == out + w) out[w++] = x;
      }
      node_begin[off + 1] = w;
      for (Mask m = cm & ~(Mask{1} << d); m; m &= m - 1) out[w++] = board.node(c, lowest(m), false);
      unit_targets_begin[off + 1] = w;
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
}

}  // namespace sudoforge::grader::detail
