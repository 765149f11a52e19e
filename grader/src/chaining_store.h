#pragma once
// Internal to the dynamic chains (chains_dynamic.cpp): where the chainings of a producer
// live, so that each is computed once per producer and, where possible, kept from one
// step to the next.
//
// The chainings of the multiple producer (static) and of the dynamic one (without the
// (+) rules, which read the whole grid of the chaining) are kept from one call of the
// producer to the next: kept chaining [nd] for the chaining from node nd, when ok[nd]. A
// chaining reads, for each node it takes from its queues (all of them recorded):
//  - an "on" node: its list of links (the "off" consequences, static or dynamic);
//  - an "off" node, static: its list of links;
//  - an "off" node (c, d), dynamic: the candidates of c and the positions of d in the
//    units of c, on the step grid and on the chaining's grid, which is the step grid
//    less the nodes the chaining took before, themselves the same by induction.
// So a chaining none of whose recorded nodes read something that changed is the one a
// new search would give; the test is one AND of its node bits with the changed nodes.
// Dynamic: the same holds of the records a search takes from its queues before the first
// one that reads a change, and of the state it leaves (records, queues, parent lists, the
// chaining grid less the "off" records taken); a chaining that no longer holds resumes its
// search from there (ChainingSearch::resume, found by first_change()).
// Only when every chaining of a call fits in memory (9x9: each keeps a dense node table).
// Otherwise the chainings of a producer go to numbered slots, emptied when full between
// cells (no reference to a chaining survives a cell).
#include <cstdint>
#include <utility>
#include <vector>

#include "chaining.h"
#include "chaining_search.h"

namespace sudoforge::grader::detail {

class ChainingStore {
 public:
  ChainingStore(const DynamicBoard& board, const StepLinks& links, const ChainingMode& mode,
                ChainingSearch& search)
      : board_(board), links_(links), mode_(mode), search_(search) {}
  // After a load that changed the board's shape: forgets every chaining and sizes the slots.
  void resize();
  // At the start of a producer: no slot holds a chaining.
  void start_producer() {
    slot_of_node_.assign(board_.nn, -1);
    slots_used_ = 1;
  }
  // Before a cell: room for its chainings (at most n + 3n, and the other value's).
  void make_room() {
    if (slots_used_ + 4 * board_.n + 2 > slot_capacity_) start_producer();
  }
  // Whether the chainings of this producer are kept between steps (see above).
  bool keeps() const { return !mode_.plus && slot_capacity_ > board_.nc * board_.n; }
  // At the start of a producer that keeps its chainings, with the step links built:
  // invalidates the kept chainings that read something the step changed.
  void check_kept();
  // The scratch chaining, for an "off" assumption when chainings are not kept.
  Chaining& scratch() { return slots_[0]; }
  bool is_scratch(const Chaining& R) const { return &R == slots_.data(); }

  // Whether the chaining from node nd is kept and holds on this step (computed on it or
  // checked against it), so that get() returns it without a search.
  bool holds(int nd) const { return keeps() && kept_[mode_.dynamic].ok[nd]; }
  // Whether get(nd) resumes a search kept from an earlier step (ChainingSearch::resume).
  bool resumes(int nd) const {
    return keeps() && mode_.dynamic && !kept_[1].ok[nd] && kept_[1].resume[nd].nrec > 0;
  }

  // The chaining from node nd, computed once per producer (for an "off" node, only
  // while chainings are kept: else the caller uses the scratch chaining).
  Chaining& get(int nd) {
    if (keeps()) {
      KeptChainings& K = kept_[mode_.dynamic];
      Chaining& R = K.chainings[nd];
      if (!K.ok[nd]) {
        if (mode_.dynamic) {
          if (K.resume[nd].nrec > 0) {
            search_.resume(R, nd, K.resume[nd]);  // already in live
            K.resume[nd] = ResumePoint{};
          } else {
            search_.chain(R, nd, true);
            K.live.push_back(nd);
          }
        } else {
          search_.chain_static(R, nd);
          K.live.push_back(nd);
        }
        K.ok[nd] = 1;
      }
      return R;
    }
    int slot = slot_of_node_[nd];
    if (slot < 0) {
      slot = slots_used_++;
      slot_of_node_[nd] = slot;
      if (mode_.dynamic) {
        search_.chain(slots_[slot], nd, true);
      } else {
        search_.chain_static(slots_[slot], nd);
      }
    }
    return slots_[slot];
  }

 private:
  // The kept chainings of one kind (static or dynamic). node_begin / targets: the step
  // links they were all computed on or checked against, cand / pos: its grid.
  // Dynamic: a chaining that no longer holds keeps in resume[nd] the moment of its search
  // before which the records it took read nothing that changed since it was computed: a
  // new search takes the same ones first, and resumes from there (ChainingSearch::resume).
  struct KeptChainings {
    std::vector<Chaining> chainings;  // [node]
    std::vector<char> ok;
    std::vector<ResumePoint> resume;  // [node]: none (nrec 0), or where to resume (not ok)
    std::vector<int> live;            // the nodes nd with ok[nd] or a resume point
    std::vector<int> node_begin, targets;
    std::vector<Mask> cand, pos;
  };

  bool reads_change(const Chaining& R, int nd, const KeptChainings& K) const;
  // Whether a record R's search took (before `bound`, when given) reads a change
  // (hard_marks_, or marks_ and reads_change()); if so, `at` is a moment before the first
  // one was taken, at the taking of an "off" record (none: from the start).
  bool first_change(const Chaining& R, const ResumePoint* bound, const KeptChainings& K,
                    ResumePoint& at) const;

  const DynamicBoard& board_;
  const StepLinks& links_;
  const ChainingMode& mode_;
  ChainingSearch& search_;
  KeptChainings kept_[2];                  // [dynamic]
  std::vector<Mask> unit_changed_digits_;  // [u]: the digits whose positions in u changed
  std::vector<std::pair<int, std::uint64_t>>
      changed_words_;  // words of the nodes that read a change
  // Dynamic: words of the "off" nodes that may read a change (reads_change()).
  std::vector<std::pair<int, std::uint64_t>> soft_words_;
  // The same as node bits: marks_ both sets, hard_marks_ the first.
  std::vector<std::uint64_t> marks_, hard_marks_;
  std::vector<Chaining> slots_;  // [0]: scratch for "off" chainings; then one per "on" start
  int slots_used_ = 1;
  int slot_capacity_ = 0;
  std::vector<int> slot_of_node_;  // on node -> slot, or -1
};

}  // namespace sudoforge::grader::detail
