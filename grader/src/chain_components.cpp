// Strongly connected components of a chain pass's graph (chain_components.h).
//
// Invariants while numbering: visit[v] is -1 for an unvisited node, its visit number
// while it is on the stack, kDone once its component is numbered; calls (number_xy:
// frames) holds, per suspended node, the node, the next position in its links and their
// end (number_xy: also its low link and reach so far). Why iterative: a path through a
// pass's graph can hold every node, too deep for recursion.
#include "chain_components.h"

#include <algorithm>
#include <cstdint>

namespace sudoforge::grader::detail {

void StrongComponents::reserve(size_t nn) {
  if (visit.size() < nn) {
    visit.resize(nn);
    low_link.resize(nn);
    stack.resize(nn);
    calls.resize(3 * nn);
    sizes.resize(nn);
  }
}

const int* StrongComponents::number(const ChainBoard& board, const ChainLinks& graph,
                                    const int* lo_on, const int* lo_off, const int* hi_off,
                                    int* comp, std::vector<int>& size) {
  reserve(static_cast<size_t>(board.nc) * board.n * 2);
  int* sz = sizes.data();  // each component's node count, copied to `size` at the end
  // idx: -1 unvisited, then the visit number; kDone once the node's component is
  // numbered, so that the low-link update needs no test of that.
  constexpr int kDone = 1 << 30;
  int* idx = visit.data();
  int* low = low_link.data();
  int* st = stack.data();
  int* cs = calls.data();  // call stack: node, next position in links, end
  const int* a = graph.links.data();
  const int* live = board.live_off.data();
  for (int i = 0; i < board.live_count; ++i) {
    const int off = live[i];
    idx[off] = idx[off + 1] = -1;
    comp[off] = comp[off + 1] = -1;
  }
  int counter = 0, ncomp = 0, sp = 0;
  for (int i = 0; i < board.live_count; ++i) {
    const int off_r = live[i], r = off_r + 1;
    if (idx[r] >= 0) continue;
    // An "on" node whose "off" node has no strong link has no link into it (each
    // link has its contrapositive): alone in its component, and no search from
    // elsewhere meets it.
    if (lo_off[off_r] == hi_off[off_r]) continue;
    int csp = 0;
    int v = r;
    const int* p = a + lo_on[r];
    const int* pe = a + graph.links_end[r];
    int lowv = counter;
    idx[r] = counter++;
    st[sp++] = r;
    while (true) {
      // Scan v's links from p; descend into the first unvisited node.
      bool descended = false;
      for (; p != pe; ++p) {
        const int m = *p;
        const int im = idx[m];
        if (im >= 0) {
          lowv = std::min(lowv, im);
          continue;
        }
        int from, to;
        if (m & 1) {
          from = lo_on[m];
          to = graph.links_end[m];
        } else {
          from = lo_off[m];
          to = hi_off[m];
          if (from == to) continue;  // a dead end: no cycle passes there
        }
        cs[csp++] = v;
        cs[csp++] = static_cast<int>(p + 1 - a);
        cs[csp++] = static_cast<int>(pe - a);
        low[v] = lowv;
        v = m;
        p = a + from;
        pe = a + to;
        lowv = counter;
        idx[m] = counter++;
        st[sp++] = m;
        descended = true;
        break;
      }
      if (descended) continue;
      // v is finished.
      if (lowv == idx[v]) {
        int t;
        const int sp0 = sp;
        do {
          t = st[--sp];
          comp[t] = ncomp;
          idx[t] = kDone;
        } while (t != v);
        sz[ncomp] = sp0 - sp;
        ++ncomp;
      }
      if (csp == 0) break;
      const int child_low = lowv;
      pe = a + cs[--csp];
      p = a + cs[--csp];
      v = cs[--csp];
      lowv = std::min(low[v], child_low);
    }
  }
  size.assign(sz, sz + ncomp);
  component_count = ncomp;
  return comp;
}

void StrongComponents::number_xy(const ChainBoard& board, const ChainLinks& graph, int* comp,
                                 std::vector<int>& size, int* order,
                                 std::vector<std::uint64_t>& reach) {
  const size_t nn = static_cast<size_t>(board.nc) * board.n * 2;
  reserve(nn);
  if (frames.size() < nn) {
    frames.resize(nn);
    node_reach.resize(nn);
  }
  // Component numbers stay below the live node count.
  const int nodes = 2 * board.live_count;
  if (reach.size() < static_cast<size_t>(nodes)) reach.resize(nodes);
  std::uint64_t* t = reach.data();
  // [node]: its component's reach once that is closed, 0 before (while it is open), so
  // that the scan reads one table instead of comp then reach.
  std::uint64_t* rn = node_reach.data();
  reach_fits = true;
  int* sz = sizes.data();
  constexpr int kDone = 1 << 30;
  int* idx = visit.data();
  int* st = stack.data();
  XyFrame* fs = frames.data();  // call stack
  const int* a = graph.links.data();
  const int* lb = graph.links_begin.data();
  const int* le = graph.links_end.data();
  const int* live = board.live_off.data();
  const int nlive = board.live_count;
  int norder = 0, ncomp = 0;
  // Without a branch on the dead ends (which come in no order a predictor learns): a live
  // candidate's place in `order` is taken by the next dead end or by the walk. The dead
  // ends' components, reaches and sizes are written in the last loop.
  for (int i = 0; i < nlive; ++i) {
    const int off = live[i];
    const bool dead_end = lb[off] == le[off];
    idx[off] = idx[off + 1] = dead_end ? kDone : -1;
    rn[off] = rn[off + 1] = 0;
    order[norder] = off;
    norder += dead_end;
  }
  ncomp = norder;
  const int dead = ncomp;
  int counter = 0, sp = 0;
  // The walks start at "off" nodes only: a live "on" node on(a) with a link out of off(a),
  // to on(b), has the contrapositive off(b) -> on(a) into it, so some walk meets it.
  for (int i = 0; i < nlive; ++i) {
    {
      const int r = live[i];
      if (idx[r] >= 0) continue;
      XyFrame* f = fs;
      int v = r;
      const int* p = a + lb[r];
      const int* pe = a + le[r];
      int lowv = counter;
      std::uint64_t acc = 0;  // what v's subtree reaches outside its open components
      idx[r] = counter++;
      st[sp++] = r;
      while (true) {
        while (p != pe) {
          const int m = *p++;
          const int im = idx[m];
          if (im >= 0) {
            lowv = std::min(lowv, im);
            acc |= rn[m];  // nothing while m's component is open
            continue;
          }
          *f++ = {acc, p, pe, v, lowv};
          acc = 0;
          v = m;
          p = a + lb[m];
          pe = a + le[m];
          lowv = counter;
          idx[m] = counter++;
          st[sp++] = m;
        }
        // v is finished (its scan ran to the end, descents resumed it).
        if (lowv == idx[v]) {
          if (ncomp - dead < 64) {
            acc |= std::uint64_t{1} << (ncomp - dead);
          } else {
            reach_fits = false;
          }
          t[ncomp] = acc;
          int w;
          const int sp0 = sp;
          do {
            w = st[--sp];
            comp[w] = ncomp;
            idx[w] = kDone;
            rn[w] = acc;
            order[norder++] = w;
          } while (w != v);
          sz[ncomp] = sp0 - sp;
          ++ncomp;
        }
        if (f == fs) break;
        // An open child's reach joins its component's, which is v's too.
        --f;
        acc |= f->reach;
        lowv = std::min(f->low, lowv);
        pe = f->end;
        p = f->next;
        v = f->node;
      }
    }
  }
  for (int k = 0; k < dead; ++k) {
    const int r = order[k] + 1;
    comp[r - 1] = k;
    t[k] = 0;
    sz[k] = 1;
    comp[r] = ncomp;
    sz[ncomp++] = 1;
    order[norder++] = r;
  }
  size.assign(sz, sz + ncomp);
  component_count = ncomp;
  dead_ends = dead;
}

}  // namespace sudoforge::grader::detail
