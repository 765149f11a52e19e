#pragma once
// Tarjan's strongly connected components, iterative, over a graph the caller walks with
// its own edge cursor: for the passes that fold a value over the components, such as
// the set of nodes each one reaches (static_closure.cpp, nested_static_chains.cpp,
// floor_closure.cpp). Each of them reads its links in its own layout (index lists,
// filtered index lists, bit-set rows); this class holds the one search they share.
//
// Contract: `walk` calls `done` once per component, as soon as the component is
// complete, with its members; every component that a member links to, other than its
// own, was complete before (Tarjan finishes components in reverse topological order), so
// a fold over a component's successors reads only finished values. Components are
// numbered 0, 1, ... in that order, `settle`d nodes included.
//
// Why iterative: a path through a 9x9 chain graph can hold every node (1,458), too deep
// to recurse on a generation thread's stack. Why a template on the cursor: these passes
// are hot (a few percent of a grading run each) and the walk must compile to the loop
// each one had written out by hand.
#include <algorithm>
#include <vector>

namespace sudoforge::grader::detail {

// Edge: the cursor over one node's links, a small value type. The walk asks the caller's
// `first(v)` for v's cursor and `next(v, edge, w)` for each link in turn (true and the
// target in w, or false when v has no link left).
template <class Edge>
class StrongComponentWalk {
 public:
  // Nodes 0 .. n-1, all unvisited, no component.
  void reset(int n) {
    num_.assign(static_cast<size_t>(n), -1);
    low_.resize(static_cast<size_t>(n));
    comp_.assign(static_cast<size_t>(n), -1);
    stack_.resize(static_cast<size_t>(n));
    frames_.resize(static_cast<size_t>(n));
    counter_ = 0;
    count_ = 0;
  }

  // Makes the unvisited node v a complete component of its own without reading its
  // links; returns its number. For a node that links nowhere (then this is what the
  // walk would find, for less), before any walk meets it.
  int settle(int v) {
    num_[v] = counter_++;
    comp_[v] = count_;
    return count_++;
  }

  bool seen(int v) const { return num_[v] >= 0; }
  // v's component, or -1 while v is unvisited or its component is not complete.
  int component(int v) const { return comp_[v]; }
  const int* components() const { return comp_.data(); }
  int count() const { return count_; }

  // Visits every node reachable from the unvisited node root. done(begin, end, k):
  // the members [begin, end) of component k, just completed.
  template <class First, class Next, class Done>
  void walk(int root, First&& first, Next&& next, Done&& done) {
    int* const num = num_.data();
    int* const low = low_.data();
    int* const comp = comp_.data();
    int* const stack = stack_.data();
    Frame* const frames = frames_.data();
    int counter = counter_, sp = 0, nf = 0;
    // The node being walked and its cursor live in locals (registers), and frames hold
    // the nodes below it: the loop over links reads and writes no frame.
    int v = root, at = 0;  // at: v's place on the stack
    Edge edge = first(root);
    num[v] = low[v] = counter++;
    stack[sp++] = v;
    for (;;) {
      int w;
      if (next(v, edge, w)) {
        if (num[w] < 0) {
          frames[nf++] = Frame{v, at, edge};
          num[w] = low[w] = counter++;
          at = sp;
          stack[sp++] = w;
          v = w;
          edge = first(w);
        } else if (comp[w] < 0) {
          low[v] = std::min(low[v], num[w]);
        }
        continue;
      }
      if (low[v] == num[v]) {
        // v roots a component: its members are on the stack from v up.
        const int top = at;
        const int k = count_++;
        for (int i = top; i < sp; ++i) comp[stack[i]] = k;
        done(static_cast<const int*>(stack + top), static_cast<const int*>(stack + sp), k);
        sp = top;
      }
      if (nf == 0) break;
      const Frame& f = frames[--nf];
      low[f.v] = std::min(low[f.v], low[v]);
      v = f.v;
      at = f.at;
      edge = f.edge;
    }
    counter_ = counter;
  }

 private:
  struct Frame {
    int v, at;
    Edge edge;
  };
  std::vector<int> num_;   // [node]: visit number, -1 before the visit
  std::vector<int> low_;   // [node]: low link while on the stack
  std::vector<int> comp_;  // [node]: component once complete, else -1
  std::vector<int> stack_;
  std::vector<Frame> frames_;
  int counter_ = 0, count_ = 0;
};

}  // namespace sudoforge::grader::detail
