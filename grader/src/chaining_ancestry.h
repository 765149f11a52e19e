#pragma once
// Internal to the dynamic chains (chains_dynamic.cpp): walks up a chaining's records to
// their ancestors, for the complexity of a hint (the distinct nodes its chains need), the
// nested chains they pass through, and the rules named in explanations.
//
// Contract: the walks read a Chaining (chaining.h) and write only ancestor_count, the memo
// of ancestors(). Representation: a node is visited in the current walk when its
// visit_stamp_ equals walk_stamp_ (no clearing between walks). Inline: the hint scans call
// ancestors() for every candidate target.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "chaining.h"
#include "chains_plus.h"

namespace sudoforge::grader::detail {

class ChainAncestry {
 public:
  // Room for the stamps of `nn` nodes (after a load that changed the board's shape).
  void resize(int nn) { visit_stamp_.assign(nn, 0); }

  // Number of distinct nodes among the ancestors of record r (r included); when that is
  // `cap` or more, the walk may stop there and return `cap` (kept as the memo only when
  // exact).
  // The walk of for_each_ancestor written out: this one is hot, and calling the shared
  // walker cost more (grader/PERF_NOTES.md).
  int ancestors(Chaining& R, int r, int cap = std::numeric_limits<int>::max()) {
    if (R.records[r].ancestor_count >= 0) return R.records[r].ancestor_count;
    ++walk_stamp_;
    int count = 0;
    // Each record pushes its parents once (it is expanded once), so the stack never holds
    // more than the start plus every record and every pool entry.
    const size_t bound = 1 + R.records.size() + R.parent_pool.size();
    if (walk_stack_.size() < bound) walk_stack_.resize(bound);
    int* const st = walk_stack_.data();
    int* const vs = visit_stamp_.data();
    const ChainRecord* const rs = R.records.data();
    const int* const pool = R.parent_pool.data();
    const int stamp = walk_stamp_;
    int sp = 0;
    st[sp++] = r;
    while (sp > 0) {
      const ChainRecord& rq = rs[st[--sp]];
      if (vs[rq.node] == stamp) continue;
      vs[rq.node] = stamp;
      if (++count == cap) return cap;
      if (rq.parents_end < 0) {
        st[sp++] = rq.first_parent;
      } else {
        for (int k = rq.first_parent; k < rq.parents_end; ++k) st[sp++] = pool[k];
      }
    }
    R.records[r].ancestor_count = count;
    return count;
  }

  // Calls f(q) for each distinct ancestor record q of record r0 of R (r0 included), until
  // one returns false (when f returns bool).
  template <class F>
  void for_each_ancestor(const Chaining& R, int r0, F&& f) {
    ++walk_stamp_;
    walk_stack_.assign(1, r0);
    while (!walk_stack_.empty()) {
      const int q = walk_stack_.back();
      walk_stack_.pop_back();
      const ChainRecord& rq = R.records[q];
      if (visit_stamp_[rq.node] == walk_stamp_) continue;
      visit_stamp_[rq.node] = walk_stamp_;
      if constexpr (std::is_same_v<decltype(f(q)), bool>) {
        if (!f(q)) return;
      } else {
        f(q);
      }
      if (rq.parents_end < 0) {
        if (rq.first_parent >= 0) walk_stack_.push_back(rq.first_parent);
      } else {
        for (int k = rq.first_parent; k < rq.parents_end; ++k)
          walk_stack_.push_back(R.parent_pool[k]);
      }
    }
  }

  // The complexity of the nested chains among the ancestors of the records [begin, end),
  // each distinct chain once (SE's getNestedComplexity); 0 below nesting 2. Once the sum
  // passes `limit` the walks stop and return more than limit (the caller's hint has lost).
  int nested_complexity(const std::pair<Chaining*, int>* begin,
                        const std::pair<Chaining*, int>* end, int nesting, int limit) {
    if (nesting < 2) return 0;
    nested_seen_.clear();
    int sum = 0;
    for (const auto* target = begin; target != end && sum <= limit; ++target) {
      const Chaining& R = *target->first;
      if (R.nested_chains.empty()) continue;
      // nested_chains lists at most one entry per record, in record order (the rules add
      // their records in order): a binary search per ancestor, not a scan.
      const auto& nested = R.nested_chains;
      for_each_ancestor(R, target->second, [&](int q) {
        if (q < nested.front().record || q > nested.back().record) return true;
        const auto nr = std::lower_bound(
            nested.begin(), nested.end(), q,
            [](const Chaining::NestedChain& a, int record) { return a.record < record; });
        if (nr == nested.end() || nr->record != q) return true;
        for (const auto& [id, cx] : nested_seen_) {
          if (id == nr->id) return true;
        }
        nested_seen_.emplace_back(nr->id, nr->complexity);
        sum += nr->complexity;
        return sum <= limit;
      });
    }
    return sum;
  }

  // For explanations of dynamic (+) hints (`plus`): the rules behind the chains that end
  // at the given records, as " (inside: X-Wing, Hidden Pair)"; empty when none.
  std::string rules_used(const std::vector<std::pair<Chaining*, int>>& targets, bool plus) {
    if (!plus) return {};
    bool seen[kPlusRuleCount] = {};
    for (const auto& target : targets) {  // no structured binding: lambdas capture it
      const Chaining& R = *target.first;
      if (R.rule_offs.empty()) continue;
      for_each_ancestor(R, target.second, [&](int q) {
        for (const auto& [rr, kind] : R.rule_offs) seen[kind] |= rr == q;
      });
    }
    std::string s;
    for (int k = 0; k < kPlusRuleCount; ++k) {
      if (seen[k]) s += std::string(s.empty() ? " (inside: " : ", ") + plus_rule_name(k);
    }
    return s.empty() ? s : s + ")";
  }

 private:
  std::vector<int> visit_stamp_;  // [node]
  int walk_stamp_ = 0;
  std::vector<int> walk_stack_;
  std::vector<std::pair<std::uint64_t, int>> nested_seen_;  // (id, complexity) of one walk
};

}  // namespace sudoforge::grader::detail
