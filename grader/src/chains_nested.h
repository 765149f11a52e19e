#pragma once
// Forcing chains and cycles as a rule inside dynamic chains: SE's "Dynamic Forcing Chains
// (+ Forcing Chains)", 9.5 (chains_nested.cpp).
#include <cstdint>
#include <vector>

#include "chains_plus.h"

namespace sudoforge::grader::detail {

// One hint of SE's static producer on a chaining's grid: rating (tenths), complexity and
// sort key as SE orders them, the candidates it removes (cell * n + digit - 1, sorted),
// the removed candidates its chain needs (rule parents, SE's order) and its chain, hashed.
struct StaticChainHint {
  int rating = 0, complexity = 0, sort_key = 0;
  std::vector<int> removable, parents;
  std::uint64_t id = 0;
};
// Every hint of the producer on `grid` (grid.cand, grid.upos; parents against grid.cand0,
// grid.upos0), in SE's order, a hint with the removals of an earlier one left out.
std::vector<StaticChainHint> static_chain_hints(const PlusGrid& grid);

// Appends to `out` the hints of SE's static producer ("Forcing Chains & Cycles": X, Y and
// XY cycles, X and XY forcing chains) on the grid of a dynamic chaining, as SE's nested
// rule sees them: every hint, equal removals kept once, in SE's order (rating, complexity,
// sort key, then discovery), each with the candidates removed by the chaining that its
// chain needs (SE's rule parents) and its complexity. Hints that need no removed candidate
// are left out. Kind kPlusChains; nested_cx and nested_id are set.
void find_nested_chain_hints(const PlusGrid& grid, PlusHints& out);

}  // namespace sudoforge::grader::detail
