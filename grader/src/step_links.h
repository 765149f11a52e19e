#pragma once
// Internal to the dynamic chains (chains_dynamic.cpp): the links of the step grid, the
// consequences of every node as the chainings take them.
//
// Static chainings (multiple chains) read these links only: the consequences of every node
// are listed once per producer, in the order a chaining takes them (the other values of
// the cell, then the unit positions in SE's house order for an "on" node; the cell's other
// value, then the other position in block, row, column for an "off" one). A node listed
// twice is left out the second time: the chaining would find it recorded by then (or
// would have stopped at a contradiction). The same lists serve the dynamic chainings for
// the "off" consequences of an "on" node (their "on" consequences depend on the chaining's
// grid); Nishio takes an "on" node's from unit_targets_begin[nd], its unit positions.
//
// Representation: CSR over the nodes (dynamic_board.h): the links of node nd are
// targets[node_begin[nd] .. node_begin[nd + 1]).
#include <vector>

#include "dynamic_board.h"

namespace sudoforge::grader::detail {

struct StepLinks {
  std::vector<int> node_begin, targets;
  std::vector<int> unit_targets_begin;  // "on" nodes: where their unit positions start
  bool built = false;                   // for the current step (reset by the caller)

  // Built once per step, when a producer first needs them: they depend on the step grid only.
  void ensure(const DynamicBoard& board) {
    if (built) return;
    build(board);
    built = true;
  }
  void build(const DynamicBoard& board);
  // build()'s body; kExtras: the board has extra houses (compiled out on classic boards).
  template <bool kExtras>
  void build_impl(const DynamicBoard& board);

  // The last build's grid and links: a candidate's two lists depend only on its cell's
  // candidates and its digit's positions in the cell's units, and are kept (in place, or
  // moved) when none of those changed (classic boards of the same layout).
  const DynamicBoard* last_board_ = nullptr;
  std::uint64_t last_layout_ = 0;
  std::vector<Mask> last_cand_, last_pos_;
  std::vector<int> last_targets_;  // a build's copy of the old lists it rewrites
  std::vector<Mask> unit_changed_;  // [u]: the digits whose positions in u changed
};

}  // namespace sudoforge::grader::detail
