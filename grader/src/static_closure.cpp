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
  last_or_.resize(nv);
  sink_.resize(nv);
  bits_.resize(static_cast<size_t>(nv) * W);
  stack_.resize(nv);
  frames_.resize(nv);
  int* const num = num_.data();
  int* const low = low_.data();
  int* const comp = comp_.data();
  int* const last_or = last_or_.data();
  int* const sink = sink_.data();
  int* const stack = stack_.data();
  Frame* const frames = frames_.data();
  const int* const id = id_.data();
  const int* const node = node_.data();
  std::uint64_t* const bits = bits_.data();
  const int* const lb = links.node_begin.data();
  const int* const lk = links.targets.data();
  int counter = 0, ncomp = 0, sp = 0;
  // The nodes without links first: each is its own component and closure, and the
  // search below meets them as finished.
  for (int r = 0; r < nv; ++r) {
    if (lb[node[r]] != lb[node[r] + 1]) continue;
    num[r] = counter++;
    const int k = ncomp++;
    comp[r] = k;
    sink[k] = r;
    last_or[k] = -1;
    std::uint64_t* const row = bits + static_cast<size_t>(k) * W;
    std::fill(row, row + W, 0);
    row[r >> 6] |= std::uint64_t{1} << (r & 63);
  }
  for (int r = 0; r < nv; ++r) {
    if (num[r] >= 0) continue;
    num[r] = low[r] = counter++;
    stack[sp++] = r;
    int nf = 0;
    frames[nf++] = Frame{r, lb[node[r]]};
    while (nf > 0) {
      Frame& f = frames[nf - 1];
      const int v = f.v;
      if (f.next < lb[node[v] + 1]) {
        const int w = id[lk[f.next++]];
        if (num[w] < 0) {
          num[w] = low[w] = counter++;
          stack[sp++] = w;
          frames[nf++] = Frame{w, lb[node[w]]};
        } else if (comp[w] < 0) {
          low[v] = std::min(low[v], num[w]);
        }
        continue;
      }
      --nf;
      if (nf > 0) low[frames[nf - 1].v] = std::min(low[frames[nf - 1].v], low[v]);
      if (low[v] != num[v]) continue;
      // v roots a component: its nodes are on the stack from v up.
      const int k = ncomp++;
      last_or[k] = -1;
      std::uint64_t* const row = bits + static_cast<size_t>(k) * W;
      std::fill(row, row + W, 0);
      int top = sp - 1;
      while (stack[top] != v) --top;
      for (int i = top; i < sp; ++i) {
        comp[stack[i]] = k;
        row[stack[i] >> 6] |= std::uint64_t{1} << (stack[i] & 63);
      }
      bool leaves = false;
      for (int i = top; i < sp; ++i) {
        for (int j = lb[node[stack[i]]], e = lb[node[stack[i]] + 1]; j < e; ++j) {
          const int o = comp[id[lk[j]]];
          if (o == k || last_or[o] == k) continue;
          last_or[o] = k;
          leaves = true;
          // A node that leads nowhere is its own closure.
          if (sink[o] >= 0) {
            row[sink[o] >> 6] |= std::uint64_t{1} << (sink[o] & 63);
            continue;
          }
          const std::uint64_t* const src = bits + static_cast<size_t>(o) * W;
          for (int w = 0; w < W; ++w) row[w] |= src[w];
        }
      }
      sink[k] = top == sp - 1 && !leaves ? v : -1;
      sp = top;
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
