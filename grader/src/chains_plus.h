#pragma once
// The basic rules that dynamic (+) chains apply inside a chaining (chains_plus.cpp).
#include <vector>

#include "engine.h"

namespace sudoforge::grader::detail {

// The grid of a dynamic chaining for the rules of dynamic (+) chains (chains_plus.cpp):
// the candidates and unit positions of the step (cand0, upos0) and of the chaining so far
// (cand, upos), both indexed like ChainBoard; placed[d]: cells holding the value d.
struct PlusGrid {
  const CandidateGrid* g = nullptr;
  const Mask *cand0 = nullptr, *cand = nullptr, *upos0 = nullptr, *upos = nullptr;
  const int* placed = nullptr;
};
enum PlusRule { kPlusLocking, kPlusHiddenPair, kPlusNakedPair, kPlusXWing };
// The hints of the first rule that has some needing a candidate the chaining removed, in
// SE's order. Candidates are indices cell * n + digit - 1; hint i removes
// targets[hints[i].tb .. te) and needs the removal of parents[hints[i].pb .. pe).
struct PlusHints {
  struct H {
    int kind, tb, te, pb, pe;
  };
  std::vector<H> hints;
  std::vector<int> targets, parents;
};
void find_plus_hints(const PlusGrid& grid, PlusHints& out);
const char* plus_rule_name(int kind);  // "Locked Candidates", "Hidden Pair", ...

}  // namespace sudoforge::grader::detail
