#pragma once
// Internal to the chain finders.
#include <memory>
#include <vector>

#include "chain_engine.h"
#include "chain_length.h"
#include "chain_links.h"

namespace sudoforge::grader::detail {

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
