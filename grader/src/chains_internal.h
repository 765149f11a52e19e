#pragma once
// Internal to the chain finders.
#include <memory>
#include <span>
#include <vector>

#include "chain_engine.h"
#include "chain_length.h"
#include "chain_links.h"

namespace sudoforge::grader::detail {

// The "off" nodes (even numbers) of `nodes`, in their order, written to `out` (grown to
// hold them and one more) and returned as its first entries. Without a branch on each
// entry: in the chain engine's source lists (an "on" node, then its "off" node when that
// has a strong link) the parity follows no pattern, and a branch on it is often
// mispredicted.
[[gnu::noinline]] inline std::span<const int> off_entries(std::span<const int> nodes, std::vector<int>& out) {
  if (out.size() < nodes.size() + 1) out.resize(nodes.size() + 1);
  int* const listed = out.data();
  size_t count = 0;
  for (const int v : nodes) {
    listed[count] = v;
    count += !(v & 1);
  }
  return {listed, count};
}

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
