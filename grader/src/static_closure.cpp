// The closures of the step links (static_closure.h).
//
// Invariants after build: comp_ numbers the strongly connected components in the order
// Tarjan completes them, so every link leaving a component leads to one of lower number,
// whose closure was complete when it was read. Why components: the nodes of a cycle of
// links share their closure, and each link between two components costs one OR of a
// closure, once per pair of components.
#include "static_closure.h"

#include <algorithm>

namespace sudoforge::grader::detail {

bool StaticClosure::build(const DynamicBoard& board, const StepLinks& links) {
  if (board.n > 9) return false;
  id_.assign(board.nn, -1);
  node_.clear();
  for (int c = 0; c < board.nc; ++c) {
    for (Mask m = board.step_cand[c]; m; m &= m - 1) {
      const int off = board.node(c, lowest(m), false);
      id_[off] = static_cast<int>(node_.size());
      node_.push_back(off);
      id_[off + 1] = static_cast<int>(node_.size());
      node_.push_back(off + 1);
    }
  }
  const int nv = static_cast<int>(node_.size());
  const int W = (nv + 63) / 64;
  words_ = W;
  num_.assign(nv, -1);
  low_.resize(nv);
  comp_.assign(nv, -1);
  last_or_.assign(nv, -1);
  bits_.resize(static_cast<size_t>(nv) * W);
  stack_.clear();
  const int* const lb = links.node_begin.data();
  const int* const lk = links.targets.data();
  int counter = 0, ncomp = 0;
  for (int r = 0; r < nv; ++r) {
    if (num_[r] >= 0) continue;
    num_[r] = low_[r] = counter++;
    stack_.push_back(r);
    frames_.assign(1, Frame{r, lb[node_[r]]});
    while (!frames_.empty()) {
      Frame& f = frames_.back();
      const int v = f.v;
      if (f.next < lb[node_[v] + 1]) {
        const int w = id_[lk[f.next++]];
        if (num_[w] < 0) {
          num_[w] = low_[w] = counter++;
          stack_.push_back(w);
          frames_.push_back(Frame{w, lb[node_[w]]});
        } else if (comp_[w] < 0) {
          low_[v] = std::min(low_[v], num_[w]);
        }
        continue;
      }
      frames_.pop_back();
      if (!frames_.empty()) low_[frames_.back().v] = std::min(low_[frames_.back().v], low_[v]);
      if (low_[v] != num_[v]) continue;
      // v roots a component: its nodes are on the stack down to v.
      const int k = ncomp++;
      std::uint64_t* const row = bits_.data() + static_cast<size_t>(k) * W;
      std::fill(row, row + W, 0);
      const auto top = std::find(stack_.rbegin(), stack_.rend(), v).base() - 1;
      for (auto it = top; it != stack_.end(); ++it) {
        comp_[*it] = k;
        row[*it >> 6] |= std::uint64_t{1} << (*it & 63);
      }
      for (auto it = top; it != stack_.end(); ++it) {
        for (int i = lb[node_[*it]], e = lb[node_[*it] + 1]; i < e; ++i) {
          const int o = comp_[id_[lk[i]]];
          if (o == k || last_or_[o] == k) continue;
          last_or_[o] = k;
          const std::uint64_t* const src = bits_.data() + static_cast<size_t>(o) * W;
          for (int w = 0; w < W; ++w) row[w] |= src[w];
        }
      }
      stack_.erase(top, stack_.end());
    }
  }
  return true;
}

bool StaticClosure::share(const int* begin, const int* end) const {
  const int W = words_;
  const std::uint64_t* const b0 = bits_.data() + static_cast<size_t>(comp_[id_[begin[0]]]) * W;
  const std::uint64_t* const b1 = bits_.data() + static_cast<size_t>(comp_[id_[begin[1]]]) * W;
  std::uint64_t any = 0;
  for (int w = 0; w < W; ++w) {
    std::uint64_t x = b0[w] & b1[w];
    for (const int* p = begin + 2; x && p != end; ++p)
      x &= bits_[static_cast<size_t>(comp_[id_[*p]]) * W + w];
    any |= x;
  }
  return any != 0;
}

}  // namespace sudoforge::grader::detail
