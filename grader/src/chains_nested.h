#pragma once
// Chain producers as rules inside dynamic chains: SE's "Dynamic Forcing Chains (+ Forcing
// Chains)", 9.5, "(+ Multiple Forcing Chains)", 10.0, "(+ Dynamic Forcing Chains)", 10.5,
// and "(+ Dynamic Forcing Chains (+ Forcing Chains))", 11.0 (chains_nested.cpp).
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
// The same for SE's static multiple producer (region and cell forcing chains, 8.0+), and
// for its dynamic one (contradiction, double, region and cell dynamic chains): `nesting` 0
// (8.5+), or 2 (9.5+: the basic rules, then the static producer, inside its chainings;
// a hint's complexity includes that of the nested chains its chains pass through).
std::vector<StaticChainHint> static_multiple_chain_hints(const PlusGrid& grid);
std::vector<StaticChainHint> dynamic_chain_hints(const PlusGrid& grid, int nesting = 0);

// The nested rules of SE's dynamic chains of nestings 2 to 5, after the basic rules: the
// static producer ("Forcing Chains & Cycles"), then at nesting 3 the static multiple one;
// at nesting 4 the dynamic producer instead of both; at nesting 5 the dynamic producer, then
// the dynamic producer of nesting 2. Run on the grid of a dynamic chaining, the first that
// has a hint needing a candidate the chaining removed gives all such hints (in SE's
// order, with their rule parents and complexity) to `out`, as kind kPlusChains,
// kPlusMultipleChains, kPlusDynamicChains or kPlusDynamicPlusChains.
void find_nested_chain_hints(const PlusGrid& grid, int nesting, PlusHints& out);

}  // namespace sudoforge::grader::detail
