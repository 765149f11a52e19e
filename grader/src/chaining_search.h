#pragma once
// Internal to the dynamic chains (chains_dynamic.cpp): SE's doChaining, the search of all
// that follows from one assumption, static (multiple chains) or dynamic (Nishio, dynamic,
// dynamic (+) and the nested chains).
//
// Contract: chain() and chain_static() fill a Chaining (chaining.h) with the records of the
// nodes derived from `start`, breadth first, "on" consequences before "off" ones, until the
// first contradiction. They read the board's step grid and the step links (which the
// caller has built), and leave the board's chaining grid as they found it. The buffers
// below are sized by resize() for the board's shape and reused by every chaining.
#include <cstdint>
#include <vector>

#include "chaining.h"
#include "chains_nested.h"
#include "chains_plus.h"
#include "dynamic_board.h"
#include "step_links.h"

namespace sudoforge::grader::detail {

// The producer being run: which links and rules its chainings use.
struct ChainingMode {
  bool ylinks = true;     // the cell's other values are links (all but Nishio)
  bool dynamic = false;   // the chaining's grid loses its "off" nodes as it goes
  bool multiple = false;  // region and cell hints with more than two positions or values
  bool nishio = false;
  bool plus = false;  // dynamic (+): the basic rules join the links (chains_plus.cpp)
  int nesting = 1;    // SE's nesting of the (+) chains: 2 adds nested forcing chains
};

// A moment of a dynamic search (chain_impl): `nrec` records made, the first `non` / `noff`
// of the "on" / "off" ones (R.on_order, R.off_order) entered in their queues, of which the
// first `hon` / `hoff` taken. nrec == 0: none. The store resumes at the taking of an "off"
// record, when hon == non.
struct ResumePoint {
  int nrec = 0, hon = 0, hoff = 0, non = 0, noff = 0;
};

class ChainingSearch {
 public:
  ChainingSearch(DynamicBoard& board, const StepLinks& links, const ChainingMode& mode)
      : board_(board), links_(links), mode_(mode) {}
  // Sizes the buffers for the board's shape (after a load that changed it).
  void resize();
  // A dynamic chaining from node `start` into R (the links and the chaining grid as the
  // mode says). `keep_order`: also fill R.on_order / R.off_order (the scratch chaining of
  // an "off" assumption is read by node and record only).
  void chain(Chaining& R, int start, bool keep_order);
  // chain() on R, a dynamic chaining from `start` kept with its order (keep_order), when
  // the records it took from its queues before `at` are those a new search on this step
  // grid takes first (they read nothing that changed since; chaining_store.h): the
  // records, queues and parent lists of that moment are kept, the chaining grid set as
  // then, and the search goes on from there. R becomes what chain(R, start, true) gives.
  // Not with the (+) rules.
  void resume(Chaining& R, int start, const ResumePoint& at);
  // chain()'s body; kExtras: the board has extra houses (a variant's), compiled out of
  // the classic boards' instantiation. `at`: nullptr from the start, else resume().
  template <bool kExtras>
  void chain_impl(Chaining& R, int start, bool keep_order, const ResumePoint* at);
  // A static chaining, on the step links only. Each record has one parent (no candidate
  // leaves the grid, so none has hidden parents): the records form a tree, and the
  // ancestors of a record are its path to the source, one more than its parent's
  // (ancestor_count is set).
  void chain_static(Chaining& R, int start);
  // Forgets the rules' hints kept for the last producer (see rule_memo_).
  void clear_rule_memo() { rule_memo_.clear(); }

 private:
  int* clear_result(Chaining& R);
  void finish_result(Chaining& R, int nrec);
  const PlusHints& plus_rules(const PlusGrid& pg) {
    if (mode_.nesting >= 4) return rule_memo_.find(pg, mode_.nesting);
    find_plus_hints(pg, plus_hints_, mode_.nesting);
    return plus_hints_;
  }

  DynamicBoard& board_;  // its chaining grid is changed and restored by chain()
  const StepLinks& links_;
  const ChainingMode& mode_;
  // The node -> canonical record table of the chaining in progress (-1: none), all -1
  // between chainings (finish_result resets what a chaining set).
  std::vector<int> record_of_node_;
  // Buffers of the chaining in progress (sized by resize; copied into its Chaining at the
  // end). The queues of SE's breadth-first search are the "on" / "off" records in order
  // of derivation, so each list is its own queue.
  std::vector<ChainRecord> record_buf_;  // nn + 1: every node once, plus the contradiction
  std::vector<int> on_queue_buf_, off_queue_buf_;  // nn / 2 each
  std::vector<int> off_work_buf_;  // nn / 2: chain_static's "off" records that have links
  std::vector<int> on_parents_buf_;  // parents of one "on" consequence of an "off" node
  std::vector<int> taken_buf_;       // nn + 1: Chaining::off_taken of the chaining in progress
  // The parent lists of the chaining in progress (Chaining::parent_pool), grown on demand.
  std::vector<int> pool_buf_;
  // Dynamic (+): the hints of the rules and the records of one hint's parents.
  PlusHints plus_hints_;
  // The rules' hints are a function of the chaining's grid (the step grid being fixed):
  // from nesting 4 on, where one search of the nested producers costs milliseconds
  // to seconds, they are kept per grid for the current producer and step: chainings from
  // different assumptions often run dry on the same grid (grader/PERF_NOTES.md: rule memo).
  PlusHintsMemo rule_memo_;
  // The nested producers' hints per chaining grid, kept for the board's layout (cleared by
  // resize()) across producers and steps.
  NestedHintCache nested_cache_;
  std::vector<int> plus_parents_;
  // [u]: the values that lost places in unit u in the chaining (PlusGrid::lost), kept up
  // to date at each call of the rules from the "off" records added since the last one.
  std::vector<Mask> plus_lost_;
};

}  // namespace sudoforge::grader::detail
