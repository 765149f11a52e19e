// The closures of the step links (static_closure.h).
//
// Invariants after build: walk_ numbers the strongly connected components in the order
// Tarjan completes them, so every link leaving a component leads to one of lower number,
// whose closure was complete when it was read. Why components: the nodes of a cycle of
// links share their closure, and each link between two components costs one OR of a
// closure, once per pair of components.
#include "static_closure.h"

#include <algorithm>
#include <bit>

namespace sudoforge::grader::detail {

bool StaticClosure::build(const DynamicBoard& board, const StepLinks& links) {
  if (board.n > 9) return false;  // also bounds words_ by kMaxWords
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
  last_or_.resize(nv);
  sink_.resize(nv);
  bits_.resize(static_cast<size_t>(nv) * W);
  // The walk runs over the node numbers themselves, as the links name them: no
  // translation per link; the rows' bits are the candidates' numbers (id_).
  walk_.reset(board.nn);
  int* const last_or = last_or_.data();
  int* const sink = sink_.data();
  const int* const id = id_.data();
  const int* const node = node_.data();
  const int* const comp = walk_.components();
  std::uint64_t* const bits = bits_.data();
  const int* const lb = links.node_begin.data();
  const int* const lk = links.targets.data();
  // The nodes without links first: each is its own component and closure, and the
  // walks below meet them as finished.
  for (int r = 0; r < nv; ++r) {
    const int nd = node[r];
    if (lb[nd] != lb[nd + 1]) continue;
    const int k = walk_.settle(nd);
    sink[k] = r;
    last_or[k] = -1;
    std::uint64_t* const row = bits + static_cast<size_t>(k) * W;
    std::fill(row, row + W, 0);
    row[r >> 6] |= std::uint64_t{1} << (r & 63);
  }
  const auto first = [&](int v) { return LinkRange{lb[v], lb[v + 1]}; };
  const auto next = [&](int, LinkRange& r, int& w) {
    if (r.at == r.end) return false;
    w = lk[r.at++];
    return true;
  };
  const auto done = [&](const int* begin, const int* end, int k) {
    last_or[k] = -1;
    std::uint64_t* const row = bits + static_cast<size_t>(k) * W;
    std::fill(row, row + W, 0);
    for (const int* p = begin; p != end; ++p) {
      const int r = id[*p];
      row[r >> 6] |= std::uint64_t{1} << (r & 63);
    }
    bool leaves = false;
    for (const int* p = begin; p != end; ++p) {
      for (int j = lb[*p], e = lb[*p + 1]; j < e; ++j) {
        const int o = comp[lk[j]];
        if (o == k) continue;
        leaves = true;
        // A node that leads nowhere is its own closure (its bit set twice is no harm).
        if (const int s = sink[o]; s >= 0) {
          row[s >> 6] |= std::uint64_t{1} << (s & 63);
          continue;
        }
        if (last_or[o] == k) continue;
        last_or[o] = k;
        const std::uint64_t* const src = bits + static_cast<size_t>(o) * W;
        for (int w = 0; w < W; ++w) row[w] |= src[w];
      }
    }
    sink[k] = end - begin == 1 && !leaves ? id[*begin] : -1;
  };
  for (int r = 0; r < nv; ++r) {
    if (!walk_.seen(node[r])) walk_.walk(node[r], first, next, done);
  }
  return true;
}

bool StaticClosure::share(const int* begin, const int* end) const {
  // Member by member over all words (at most 23 on a 9x9 board), stopping after the
  // member that leaves no common bit: one test per member, not one per word and member,
  // whose outcome goes either way.
  const int W = words_;
  const std::uint64_t* const b0 = closure_of(begin[0]);
  const std::uint64_t* const b1 = closure_of(begin[1]);
  std::uint64_t acc[kMaxWords];
  std::uint64_t any = 0;
  for (int w = 0; w < W; ++w) any |= acc[w] = b0[w] & b1[w];
  for (const int* p = begin + 2; any && p != end; ++p) {
    const std::uint64_t* const b = closure_of(*p);
    any = 0;
    for (int w = 0; w < W; ++w) any |= acc[w] &= b[w];
  }
  return any != 0;
}

void StaticClosure::shared(const int* begin, const int* end, std::vector<int>& out) const {
  out.clear();
  const int W = words_;
  const std::uint64_t* const b0 = closure_of(begin[0]);
  for (int w = 0; w < W; ++w) {
    std::uint64_t x = b0[w];
    for (const int* p = begin + 1; x && p != end; ++p) x &= closure_of(*p)[w];
    for (; x; x &= x - 1) out.push_back(node_[w * 64 + std::countr_zero(x)]);
  }
  // Numbers follow the candidates' order, a node's "off" before its "on": node order.
}

}  // namespace sudoforge::grader::detail
