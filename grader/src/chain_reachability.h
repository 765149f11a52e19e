#pragma once
// Internal to the static chains (chains.cpp): what pass XY's graph says about which
// sources can close and which cycles can eliminate, from its strongly connected components
// (chain_components.h), so that the searches skip the rest.
//
// Contract: closing_sources() numbers the XY components of the call (xy_component*) and
// lists the sources that reach their negation; the other queries read its tables and hold
// for the same call only (start_call). A "component" here may be a union of the graph's
// components (a numbering kept from an earlier call, see closing_sources): every query is
// then a bound in the safe direction (a source listed may not close, a "may" may not).
// Representation: with at most 64 live components (by_parts_, always on 9x9 in practice),
// part_reach_ holds per component a word, the live components it reaches; else reached_by_
// holds per component a bit set over the candidate sources (reach_words_ words), the
// sources that reach it. Inline: on_some_chain and cycles_may_eliminate are asked per node
// and per source.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "chain_components.h"
#include "chain_links.h"

namespace sudoforge::grader::detail {

class ChainReachability {
 public:
  ChainReachability(const ChainBoard& board, const ChainLinks& graph, StrongComponents& tarjan)
      : board_(board), graph_(graph), tarjan_(tarjan) {}
  // At the start of a call. `digit_cells` ([d * set_words]: the cells holding candidate d)
  // must outlive the call.
  void start_call(int call_stamp, const std::uint64_t* digit_cells, int set_words) {
    call_stamp_ = call_stamp;
    digit_cells_ = digit_cells;
    set_words_ = set_words;
  }

  // The sources of `sources` that reach their negation in pass XY's graph, in sources'
  // order, appended to `closing`: the others never close, and the bit-parallel search
  // leaves them out (often all of them, and then it has nothing to do). Reachability per
  // component: Tarjan numbers the components in reverse topological order, so a source can
  // only reach its negation when its component's number is not below the negation's; the
  // sets of such sources reaching each component are then pushed along the links, in
  // topological order. Any live node may be a source (the engine leaves out the "off"
  // nodes without links, which reach nothing).
  void closing_sources(std::span<const int> sources, std::vector<int>& closing);
  // Whether closing_sources ran in this call, and then whether source v closes.
  bool closers_known() const { return closer_stamp_call_ == call_stamp_; }
  bool closes(int v) const { return closer_stamp_[v] == call_stamp_; }

  // Whether the pair (u, not-u) can lie on a chain of a closing source x: x reaches both u
  // and not-u (then x -> u -> not-x, u reaching not-x by the contrapositive). Every node
  // of a path from x to such a u is such a node too (x reaches it, and it reaches u, so
  // x reaches its negation by the contrapositive), so a search over these nodes alone
  // finds every closing source's distances to them, and its meetings, unchanged.
  bool on_some_chain(int u) const { return reached_with_negation(u, close_all_); }
  // Whether a cycle through on(s) can eliminate anything (false: none can), from the XY
  // components of this call. A cycle eliminating z gives the chain on(z) -> off(u) -> ...
  // -> on(v) -> off(z) along the cycle's contrapositive, which lies in the component of
  // off(s): so on(z) reaches its negation (z closes) and the component of off(s), and
  // that component reaches off(z), which is (contrapositive) on(z) reaching the component
  // of on(s). The cycles of passes X and Y are XY cycles too.
  bool cycles_may_eliminate(int on) const { return reached_with_negation(on, close_on_); }
  // The digits d (bit d) having a candidate that sees both an "on" and an "off" node of d
  // in XY component k (wherever its cell). A cycle eliminates only candidates that see an
  // "on" and an "off" node of the cycle, of their digit, and its nodes all lie in one XY
  // component; a cycle of pass X has only nodes of its source's digit. Computed per
  // component of this call on first use; most sources that pass cycles_may_eliminate
  // fail this (grader/PERF_NOTES.md). Inline: asked per cycle source, mostly for a
  // component already computed in the call.
  Mask eliminable_digits(int k) {
    if (k < elim_size_) {
      const ElimDigits& e = elim_[k];
      if (e.call == call_stamp_) return e.digits;
    }
    return compute_eliminable_digits(k);
  }

  // Tests: the closers from the sets pushed over the parts (the way past 64 live parts)
  // on every board.
  bool push_only = false;

  // The components of pass XY's graph with every node numbered, when this call has them
  // (xy_component_call == the call's stamp): [node] -> component, and each one's size.
  std::vector<int> xy_component, xy_component_size;
  int xy_component_call = 0;

 private:
  // Whether some source of `closers` reaches both u and not-u.
  bool reached_with_negation(int u, const std::vector<std::uint64_t>& closers) const {
    if (by_parts_) return reached_by_parts(u, &closers == &close_on_);
    const std::uint64_t* ru =
        reached_by_.data() + static_cast<size_t>(xy_component[u]) * reach_words_;
    const std::uint64_t* rn =
        reached_by_.data() + static_cast<size_t>(xy_component[u ^ 1]) * reach_words_;
    for (int w = 0; w < reach_words_; ++w) {
      if (ru[w] & rn[w] & closers[w]) return true;
    }
    return false;
  }
  // closing_sources from part_reach_ (chain_reachability.cpp), and the same query. A
  // closer x reaches u and not-u when, by the contrapositive, both reach not-x: for x in
  // a live part, not-x's part is in both reaches (close_sc_*); a dead end's "on" node
  // (nothing links into it) reaches only itself and what its reach holds (late_reach_).
  // For a dead end's two nodes the query is whether its "on" node closes: the part of its
  // "off" node reaches no live part, and both parts' late_reach_ hold that closer's bit
  // alone (none when it does not close), so no branch tells the two cases apart.
  bool close_by_parts(std::span<const int> sources, std::vector<int>& closing);
  bool reached_by_parts(int u, bool on_only) const {
    const int cu = xy_component[u], cn = xy_component[u ^ 1];
    const std::uint64_t sc = on_only ? close_sc_on_ : close_sc_all_;
    return ((part_reach_[cu] & part_reach_[cn] & sc) | (late_reach_[cu] & late_reach_[cn])) != 0;
  }
  bool by_parts_ = false;      // this call's closers from close_by_parts
  bool reach_pulled_ = false;  // part_reach_ filled by this call's numbering
  // [part]: the live parts it reaches (bit k: part dead_parts_ + k; none for a dead end's
  // "off" node, anything for its "on" node), and the dead ends' "on" nodes that close and
  // reach it (bit j: the j-th such closer; its own two parts: its bit alone).
  std::vector<std::uint64_t> part_reach_, late_reach_, part_bit_;  // part_bit_: its own bit
  // The bits of the negations' parts of the closers in live parts (all, and the "on" ones).
  std::uint64_t close_sc_all_ = 0, close_sc_on_ = 0;
  template <int kW>
  void push_reach(int nodes, int words);
  // The numbering's dead ends: parts 0 .. dead_parts_ - 1 are "off" nodes without a link,
  // the last dead_parts_ parts their "on" nodes, which nothing links into (number_xy); in
  // comp_order_, the first sink_nodes_ nodes and those from late_from_ on.
  int dead_parts_ = 0, sink_nodes_ = 0, late_from_ = 0;
  // Whether the numbering of an earlier call on this grid still orders the components
  // of this call's graph (see closing_sources), and then the live nodes listed by part.
  bool numbering_holds() const;
  void list_parts();
  template <int kW>
  Mask component_digits(int k);

  const ChainBoard& board_;
  const ChainLinks& graph_;
  StrongComponents& tarjan_;  // shared with the cycle steps of chains.cpp
  int call_stamp_ = 0;
  const std::uint64_t* digit_cells_ = nullptr;
  int set_words_ = 0;

  std::vector<int> comp_order_, candidate_sources_;
  // The grid (CandidateGrid::serial) and the component count of the last Tarjan
  // numbering, which later calls on the same grid keep while it holds.
  std::uint64_t numbered_serial_ = 0;
  int numbered_count_ = 0;
  std::vector<int> part_next_;             // list_parts: next place of each part in comp_order_
  std::vector<std::uint64_t> reached_by_;  // [component * words]: candidate sources reaching it
  std::vector<int> closer_stamp_;  // [node] == closer_stamp_call_: a source that closes in pass XY
  int closer_stamp_call_ = 0;
  // Bits of candidate_sources_: the sources that close, and those of them that are "on" nodes.
  std::vector<std::uint64_t> close_all_, close_on_;
  int reach_words_ = 1;
  Mask compute_eliminable_digits(int k);
  std::vector<int> comp_start_;  // per XY component: first in comp_order_
  struct ElimDigits {
    int call = 0;     // the call that computed `digits`
    Mask digits = 0;  // eliminable_digits
  };
  std::vector<ElimDigits> elim_;                   // per XY component
  int elim_size_ = 0;                              // elim_.size()
  std::vector<std::uint64_t> seen_on_, seen_off_;  // [d * set_words]: peers of the nodes of digit d
  int comp_start_call_ = 0;
};

}  // namespace sudoforge::grader::detail
