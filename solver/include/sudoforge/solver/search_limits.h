#pragma once
// Bounds on the work of one search: a node budget and a stop flag polled during the search.
//
// Every search of the solver library honours them (every SudokuSolver entry on every engine,
// target_score, ClauseSolver; bench's textbook Dlx too). A search that hits a bound
// throws SearchAborted: it never returns a partial count as if it were the answer.
//
// Cost: the search compares its node counter with a precomputed threshold once per branch
// point (the linked engine and the textbook Dlx: once per node); it reads the stop flag at
// its first branch point and then every 1024 nodes.
// So a search may run up to about one propagation (at most N*N placements) past max_nodes,
// and a stop request is seen within about 1024 nodes (microseconds).
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace sudoforge {

struct SearchLimits {
  // Search nodes (as counted by SearchStats::nodes) after which the search is aborted;
  // 0 = no bound.
  std::uint64_t max_nodes = 0;
  // When non-null, polled during the search; once it reads true the search is aborted.
  // The flag must outlive the calls that use these limits.
  const std::atomic<bool>* stop = nullptr;

  bool bounded() const { return max_nodes != 0 || stop != nullptr; }
};

class SearchAborted : public std::runtime_error {
 public:
  enum class Reason { kNodeLimit, kStopped };
  SearchAborted(Reason reason, std::uint64_t nodes)
      : std::runtime_error(reason == Reason::kNodeLimit
                               ? "search aborted: node limit reached after " +
                                     std::to_string(nodes) + " nodes"
                               : "search aborted: stop requested after " + std::to_string(nodes) +
                                     " nodes"),
        reason_(reason),
        nodes_(nodes) {}
  Reason reason() const { return reason_; }
  // Nodes the search had visited when it gave up.
  std::uint64_t nodes() const { return nodes_; }

 private:
  Reason reason_;
  std::uint64_t nodes_;
};

namespace detail {

// The engines' side of SearchLimits: `due(nodes)` is one compare while nothing is due.
class LimitCheck {
 public:
  LimitCheck() = default;
  explicit LimitCheck(const SearchLimits& limits) { reset(limits); }

  void reset(const SearchLimits& limits) {
    limits_ = limits;
    aborted_ = false;
    // With a flag, the first check polls it at once (a flag set before the call counts).
    next_ = limits.stop ? 0 : limits.max_nodes ? limits.max_nodes : UINT64_MAX;
  }
  // True when the search must end now (then aborted() is true).
  bool due(std::uint64_t nodes) { return nodes >= next_ && slow(nodes); }
  bool aborted() const { return aborted_; }
  // Throws SearchAborted when the search was aborted.
  void raise_if_aborted(std::uint64_t nodes) const {
    if (aborted_) throw SearchAborted(reason_, nodes);
  }

 private:
  static constexpr std::uint64_t kPoll = 1024;
  std::uint64_t threshold(std::uint64_t nodes) const {
    std::uint64_t t = limits_.stop ? nodes + kPoll : UINT64_MAX;
    if (limits_.max_nodes && limits_.max_nodes < t) t = limits_.max_nodes;
    return t;
  }
  bool slow(std::uint64_t nodes) {
    if (limits_.max_nodes && nodes >= limits_.max_nodes) {
      aborted_ = true;
      reason_ = SearchAborted::Reason::kNodeLimit;
    } else if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) {
      aborted_ = true;
      reason_ = SearchAborted::Reason::kStopped;
    }
    if (aborted_) {
      next_ = 0;  // stays due until reset
      return true;
    }
    next_ = threshold(nodes);
    return false;
  }

  SearchLimits limits_;
  std::uint64_t next_ = UINT64_MAX;
  bool aborted_ = false;
  SearchAborted::Reason reason_ = SearchAborted::Reason::kNodeLimit;
};

}  // namespace detail
}  // namespace sudoforge
