#pragma once
// The basic rules that dynamic (+) chains apply inside a chaining (chains_plus.cpp).
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "candidate_grid.h"

namespace sudoforge::grader::detail {

class NestedHintCache;  // chains_nested.h

// The grid of a dynamic chaining for the rules of dynamic (+) chains (chains_plus.cpp):
// the candidates and unit positions of the step (cand0, upos0) and of the chaining so far
// (cand, upos), both indexed like ChainBoard; placed[d]: cells holding the value d.
struct PlusGrid {
  const CandidateGrid* g = nullptr;
  const Mask *cand0 = nullptr, *cand = nullptr, *upos0 = nullptr, *upos = nullptr;
  const int* placed = nullptr;
  // Optional, [u]: the values that lost places in unit u (those d with upos0 != upos),
  // when the caller keeps it; computed from the tables when null.
  const Mask* lost = nullptr;
  // Optional: where the nested producers' hints are kept per grid (chains_nested.h).
  NestedHintCache* cache = nullptr;
};
enum PlusRule {
  kPlusLocking,
  kPlusHiddenPair,
  kPlusNakedPair,
  kPlusXWing,
  kPlusChains,             // nested forcing chains and cycles (nesting 2)
  kPlusMultipleChains,     // nested multiple forcing chains (nesting 3)
  kPlusDynamicChains,      // nested dynamic forcing chains (nesting 4, and first at nesting 5)
  kPlusDynamicPlusChains,  // nested dynamic chains with forcing chains inside (nesting 5)
  kPlusRuleCount
};
// The hints of the first rule that has some needing a candidate the chaining removed, in
// SE's order. Candidates are indices cell * n + digit - 1; hint i removes
// targets[hints[i].tb .. te) and needs the removal of parents[hints[i].pb .. pe). A hint
// of the nested forcing chains (kPlusChains) also carries its chain's complexity, which
// counts in any hint built on its removals, once per distinct chain (nested_id).
struct PlusHints {
  struct H {
    int kind, tb, te, pb, pe;
    int nested_cx = 0;
    std::uint64_t nested_id = 0;
  };
  std::vector<H> hints;
  std::vector<int> targets, parents;
};
// `nesting`: SE's nesting of the chains (SE's Chaining level; 1: the basic rules; 2: then
// forcing chains and cycles; 3: then multiple forcing chains; 4: dynamic forcing chains
// instead of both; 5: dynamic forcing chains, then dynamic forcing chains (+ forcing
// chains); see chains_nested.cpp).
void find_plus_hints(const PlusGrid& grid, PlusHints& out, int nesting);
// find_plus_hints kept per chaining grid: its hints are a function of grid.cand while the
// step grid (cand0, upos0, placed) stays the same, so clear() at every new step grid. For
// the nestings, where one search costs milliseconds to seconds and chainings from
// different assumptions often run dry on the same grid.
class PlusHintsMemo {
 public:
  const PlusHints& find(const PlusGrid& grid, int nesting);
  void clear() { memo_.clear(); }

 private:
  std::unordered_map<std::string, PlusHints> memo_;  // key: the bytes of grid.cand
  PlusHints scratch_;
  std::string key_;  // scratch of find()
};
const char* plus_rule_name(int kind);  // "Locked Candidates", "Hidden Pair", ...

}  // namespace sudoforge::grader::detail
