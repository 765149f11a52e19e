#pragma once
// Chain producers as rules inside dynamic chains: SE's "Dynamic Forcing Chains (+ Forcing
// Chains)", 9.5, "(+ Multiple Forcing Chains)", 10.0, "(+ Dynamic Forcing Chains)", 10.5,
// and "(+ Dynamic Forcing Chains (+ Forcing Chains))", 11.0 (chains_nested.cpp).
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
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
  // What the parents are read from: (node, cause) pairs of the chains, in SE's order
  // (nested_chain_links.h). Unlike the parents, they depend on grid.cand and grid.upos
  // only.
  std::vector<int> rule_sources;
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

// The hints of the producers above that depend on the chaining's grid alone (static,
// static multiple, dynamic of nesting 0), kept per grid (grid.cand and grid.upos) across
// chainings, producers and steps, their parents left to resolve against the step grid of
// each use: chainings of different assumptions, of the producers of nesting 2 and 3, and of
// the next steps often run dry on a grid already searched (grader/PERF_NOTES.md, session
// 15). The hints are a function of that key and of the board's layout, so the cache holds
// one layout's grids: clear() when it changes. It forgets everything past a memory bound.
class NestedHintCache {
 public:
  enum Producer : char { kStatic, kStaticMultiple, kDynamic };
  // The producer's hints on grid, in SE's order, `parents` empty (resolve them). The
  // reference holds until the next call.
  const std::vector<StaticChainHint>& find(Producer producer, const PlusGrid& grid);
  void clear() {
    memo_.clear();
    bytes_ = 0;
  }
  long searches() const { return searches_; }  // the producers' runs (misses) so far

 private:
  std::unordered_map<std::string, std::vector<StaticChainHint>> memo_;
  std::size_t bytes_ = 0;  // about what memo_ holds
  long searches_ = 0;
  std::string key_;  // scratch of find()
};

// The nested rules of SE's dynamic chains of nestings 2 to 5, after the basic rules: the
// static producer ("Forcing Chains & Cycles"), then at nesting 3 the static multiple one;
// at nesting 4 the dynamic producer instead of both; at nesting 5 the dynamic producer, then
// the dynamic producer of nesting 2. Run on the grid of a dynamic chaining, the first that
// has a hint needing a candidate the chaining removed gives all such hints (in SE's
// order, with their rule parents and complexity) to `out`, as kind kPlusChains,
// kPlusMultipleChains, kPlusDynamicChains or kPlusDynamicPlusChains.
void find_nested_chain_hints(const PlusGrid& grid, int nesting, PlusHints& out);

}  // namespace sudoforge::grader::detail
