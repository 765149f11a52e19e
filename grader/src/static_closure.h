#pragma once
// Internal to the dynamic chains (chains_dynamic.cpp): for every node of the step grid,
// the set of nodes it reaches over the step links (its closure).
//
// Contract: a static chaining (ChainingSearch::chain_static) records exactly the nodes
// of its start's closure when it meets no contradiction, and a part of them when it
// does; so chainings whose closures share no node share none either. The multiple
// producer reads this to skip the region and cell sets that can give no hint, and with
// them the chainings that no other set needs. Representation: nodes are numbered by
// their place among the step grid's candidates (off, on), the strongly connected
// components of the links (Tarjan) hold one closure each, as a bit set of those numbers.
#include <cstdint>
#include <vector>

#include "dynamic_board.h"
#include "step_links.h"
#include "strong_component_walk.h"

namespace sudoforge::grader::detail {

class StaticClosure {
 public:
  // The closures of the step grid (the links built for it). Returns false, building
  // nothing, on boards whose closures would not fit a few hundred kilobytes (above 9x9).
  bool build(const DynamicBoard& board, const StepLinks& links);
  // Whether the closures of the nodes [begin, end) (two or more candidates' nodes) all
  // share some node.
  bool share(const int* begin, const int* end) const;
  // The nodes the closures of [begin, end) all hold, in node order, into `out`.
  void shared(const int* begin, const int* end, std::vector<int>& out) const;
  // Whether node `to` is in the closure of node `from` (a candidate's node).
  bool reaches(int from, int to) const {
    const int t = id_[to];
    if (t < 0) return false;
    return (closure_of(from)[t >> 6] >> (t & 63)) & 1;
  }

 private:
  // The closure of a candidate's node, words_ words.
  const std::uint64_t* closure_of(int node) const {
    return bits_.data() + static_cast<size_t>(walk_.component(node)) * words_;
  }
  // Words of a row on a 9x9 board (2 x 729 nodes), the largest that build accepts.
  static constexpr int kMaxWords = (2 * 729 + 63) / 64;
  int words_ = 0;
  std::vector<int> id_;              // [node]: its number, -1 when it is no candidate
  std::vector<int> node_;            // [number]: the node
  std::vector<std::uint64_t> bits_;  // [component * words_]: the component's closure
  struct LinkRange {
    int at, end;
  };
  StrongComponentWalk<LinkRange> walk_;  // [node]: its component, once built
  std::vector<int> last_or_;             // [component]: the last component that ORed it in
  std::vector<int> sink_;  // [component]: its number when it is one node without links, else -1
};

}  // namespace sudoforge::grader::detail
