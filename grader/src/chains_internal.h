#pragma once
// Internal to the chain finders.
#include <memory>
#include <vector>

#include "chain_engine.h"
#include "chain_length.h"

namespace sudoforge::grader::detail {

// A snapshot of the candidates for chain searches: candidate index cd = cell*N + d-1,
// node = cd*2 + (on ? 1 : 0).
struct ChainBoard {
  const CandidateGrid* g = nullptr;
  int n = 0, nc = 0;
  std::vector<Mask> cand;
  std::vector<Mask> upos;  // [u*(n+1)+d]: positions of d in unit u
  void load(const CandidateGrid& grid);
  int cd(int c, int d) const { return c * n + d - 1; }
  static int node(int cd, bool on) { return cd * 2 + (on ? 1 : 0); }
};

// Nishio (7.5), multiple (8.0), dynamic (8.5) and dynamic (+) (9.0) chains; scratch kept
// between calls.
struct DynamicScratch;
struct DynamicScratchDeleter {  // DynamicScratch is complete only in chains_dynamic.cpp
  void operator()(DynamicScratch* scratch) const;
};
using DynamicScratchPtr = std::unique_ptr<DynamicScratch, DynamicScratchDeleter>;
DynamicScratchPtr make_dynamic_scratch();
// `max_chain_depth` as GradeOptions::max_chain_depth.
bool find_dynamic_chains(const Ctx& ctx, int max_chain_depth, DynamicScratch& scratch, Hint& out);
// Test hook: the same with only the producers of SE's chaining nesting `nesting` (1 to 5;
// SE calls it the Chaining level) and above, so that a nesting can be run on a position
// where an easier one applies.
bool find_nested_dynamic_chains(const Ctx& ctx, int nesting, DynamicScratch& scratch, Hint& out);

}  // namespace sudoforge::grader::detail
