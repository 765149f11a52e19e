#pragma once
// Internal to the static chains (chains.cpp): the collector of their best hint.
//
// Contract: the searches offer every forcing chain and cycle they close; the collector
// keeps the one SE would keep, the least (rating, complexity, sort key), equal keys going
// to SE's order of discovery (pass, candidate, kind), and writes it to the call's Hint with
// its cells and, when asked, its text. The searches ask wins() with the key a chain of the
// next layer would have, and stop when it cannot win. Chains and cycles are read back from
// the search tree (chain_search_tree.h) from their last instance.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "chain_length.h"
#include "chain_links.h"
#include "chain_search_tree.h"
#include "hint.h"

namespace sudoforge::grader::detail {

// SE's order of hints: rating, then complexity (nodes), then sort key (kind).
struct ChainKey {
  int rating = 1 << 30, complexity = 0, sort_key = 0;
  bool operator<(const ChainKey& o) const {
    return std::tie(rating, complexity, sort_key) < std::tie(o.rating, o.complexity, o.sort_key);
  }
};

// The longest cycle (3 for none) whose key, with this base rating and sort key, is not
// above `best` (a tie can still win on SE's order): 1 << 29 while best is above every
// rating (the last round, nothing found). Keys rise with the length, so the lengths that
// fit are 4 .. some l, read from SE's length steps (chain_length.h) without a walk: every
// length of an adjustment below best's fits, and of best's adjustment those up to its
// complexity (the complexity itself when the sort key ties or wins).
inline int longest_fitting_cycle(const ChainKey& best, int base, int sort_key) {
  if (best.rating > (1 << 28)) return 1 << 29;
  const int r = best.rating - base;  // the adjustment of best's rating
  if (r < 0) return 3;
  // last: the longest complexity with an adjustment of at most k (length 4, 6, 8, 12, ...).
  long long below = 3, last = 4;
  bool odd = false;
  for (int k = 0; k < r && last < (1 << 29); ++k) {
    below = last + 2;
    last = odd ? last * 4 / 3 : last * 3 / 2;
    odd = !odd;
  }
  const long long tie = sort_key <= best.sort_key ? best.complexity : best.complexity - 1;
  return static_cast<int>(std::min<long long>(std::max({below, std::min(last + 2, tie), 3LL}), 1 << 29));
}

class ChainHints {
 public:
  ChainHints(const ChainBoard& board, const SearchTree& tree) : board_(board), tree_(tree) {}
  // At the start of a call: nothing found, hints go to `hint_out`. `digit_cells`
  // ([d * set_words]: the cells holding candidate d) must outlive the call.
  void start_call(Hint& hint_out, bool explain_hints, int call_stamp,
                  const std::uint64_t* digit_cells, int set_words);

  // SE's order of discovery of the best hint, to break ties of equal keys as SE's stable
  // sort does: (pass, candidate, kind), kind 0 cycle, 1 chain from "on", 2 from "off".
  long discovery_order(int source, int kind) const {
    return (static_cast<long>(current_pass) * board_.nc * board_.n + (source >> 1)) * 4 + kind;
  }
  bool wins(const ChainKey& k, long ord) const {
    return k < best || (!(best < k) && ord < best_order);
  }
  // A forcing chain from `source` to its negation, whose last instance before the
  // negation is parent_inst; pass Y-links `y`.
  void offer_chain(bool y, int source, int parent_inst, int complexity);
  // A cycle through the tree's source (instance 0) closing at "off" instance last_off:
  // offered when it eliminates something (cycles known to eliminate nothing are skipped).
  void offer_cycle(int last_off, bool y, bool x, int base, int sort_key, int complexity);

  ChainKey best;         // the best hint's key, or the round's ceiling
  long best_order = -1;  // its discovery order
  int current_pass = 0;  // X, Y, XY: 0, 1, 2
  Hint* out = nullptr;
  bool found = false;
  bool explain = false;
  // false: every cycle offered has its eliminations computed (no barren table; for
  // find_forcing_chains_plain, which the tests compare with the table's keys).
  bool barren_table = true;

 private:
  std::string node_name(int node) const;
  std::string path_text(int inst, int last_node) const;
  std::uint64_t cycle_key(int last_off) const;
  bool barren(std::uint64_t h, bool insert);
  template <int kW>
  void cycle_eliminations(int last_off);

  const ChainBoard& board_;
  const SearchTree& tree_;
  int call_stamp_ = 0;
  const std::uint64_t* digit_cells_ = nullptr;
  int set_words_ = 0;
  // Scratch of offer_cycle: per digit, the cells seeing an "off" / "on" node of the cycle.
  std::vector<std::uint64_t> seen_, cycle_cells_;
  std::vector<std::pair<int, int>> eliminations_scratch_;
  // Cycles already found to eliminate nothing in this call, by their node sets (a sum of
  // random words per node, so the same cycle met from another of its sources, or in
  // another pass, has the same key; the lesser of that and the sum for the negated nodes,
  // so the negated cycle too, see cycle_key). Whether a cycle eliminates depends on its
  // nodes and the grid only; a cycle is met from each of its sources, mostly without
  // eliminations.
  std::vector<std::uint64_t> node_key_;    // [node]: random word
  std::vector<std::uint64_t> barren_key_;  // open addressing, 2^kBarrenBits slots
  std::vector<int> barren_stamp_;          // call stamp of each slot
  static constexpr int kBarrenBits = 10;
};

}  // namespace sudoforge::grader::detail
