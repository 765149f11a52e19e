#pragma once
// Internal to the grader: what a finder is given (Ctx) and what it returns (Hint).
#include <string>
#include <utility>
#include <vector>

#include "candidate_grid.h"

namespace sudoforge::grader::detail {

// A step found by a technique, before it becomes a public Step.
struct Hint {
  const char* technique = "";
  int rating = 0;  // tenths
  std::vector<std::pair<int, int>> placements, eliminations;
  std::vector<int> cells;
  std::string explanation;
  // For SE's ordering of chain hints: complexity (nodes), sort key, discovery order.
  int complexity = 0;
  int sort_key = 0;
};

class FinderMemo;  // finder_memo.h

// Common context for finders.
struct Ctx {
  const CandidateGrid& g;
  bool explain;
  FinderMemo* memo = nullptr;  // none: every finder searches everything
};

}  // namespace sudoforge::grader::detail
