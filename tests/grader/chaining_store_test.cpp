// The chainings the dynamic producers keep between steps (chaining_store.cpp): along
// graded paths, and from one puzzle to the next, every chaining the store still holds
// after its check, and every dynamic one it resumes from a kept search's first records, is
// the one a new search gives on the new step grid, and each chaining's orders of
// derivation list each node it holds once.
#include "chaining_store.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "chaining_ancestry.h"
#include "chaining_search.h"
#include "dynamic_board.h"
#include "grader_test_util.h"
#include "step_links.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

struct Counts {
  int states = 0, kept = 0, searched = 0, resumed = 0, resumed_records = 0;
};

bool same_records(const grader::detail::ChainRecord& a, const grader::detail::ChainRecord& b) {
  return a.node == b.node && a.first_parent == b.first_parent && a.parents_end == b.parents_end;
}

// The producers' hint scans (DynamicScratch::collect) stop after the last node every
// member of a set holds, counted from the node bits: each node a chaining holds is the
// node of exactly one record of its order of derivation on its side ("on" nodes odd), and
// no other record is there.
void expect_orders_hold_every_node_once(const grader::detail::Chaining& R, int from) {
  std::vector<int> seen(R.node_bits.size() * 64, 0);
  for (const bool on : {true, false}) {
    for (const int r : on ? R.on_order : R.off_order) {
      const int x = R.node_of(r);
      ASSERT_EQ(x & 1, on ? 1 : 0) << "from " << from << " record " << r;
      ASSERT_TRUE(R.has(x)) << "from " << from << " record " << r;
      ASSERT_EQ(++seen[x], 1) << "from " << from << " node " << x;
    }
  }
  for (size_t x = 0; x < seen.size(); ++x)
    ASSERT_EQ(seen[x], R.has(static_cast<int>(x)) ? 1 : 0) << "from " << from << " node " << x;
}

// One producer's store, as DynamicScratch runs it (dynamic chainings, kept between calls).
struct Producer {
  grader::detail::DynamicBoard board;
  grader::detail::StepLinks links;
  grader::detail::ChainingMode mode;
  grader::detail::ChainingSearch search{board, links, mode};
  grader::detail::ChainingStore store{board, links, mode, search};
  grader::detail::Chaining fresh;
  grader::detail::ChainAncestry ancestry, fresh_ancestry;

  Producer(bool dynamic) {
    mode.multiple = true;
    mode.dynamic = dynamic;
  }

  // On grid g: every chaining the store holds after its check equals a new search; then
  // every candidate's chainings are asked for, as the producer does.
  void visit(const CandidateGrid& g, Counts& n) {
    using namespace grader::detail;
    if (!board.load(g)) {
      store.resize();
      search.resize();
      ancestry.resize(board.nn);
      fresh_ancestry.resize(board.nn);
    }
    links.build(board);
    store.start_producer();
    ASSERT_TRUE(store.keeps());
    store.check_kept();
    ++n.states;
    for (int c = 0; c < board.nc; ++c) {
      for (Mask m = board.step_cand[c]; m; m &= m - 1) {
        for (const bool on : {true, false}) {
          const int s = board.node(c, lowest(m), on);
          const bool held = store.holds(s), resumed = store.resumes(s);
          Chaining& R = store.get(s);
          ++n.searched;
          expect_orders_hold_every_node_once(R, s);
          if (!held && !resumed) {
            // Memos of the ancestor counts, which a resumed search keeps for its first records.
            for (size_t r = 0; mode.dynamic && r < R.records.size(); ++r)
              ancestry.ancestors(R, static_cast<int>(r));
            continue;
          }
          ++(held ? n.kept : n.resumed);
          if (mode.dynamic) {
            search.chain(fresh, s, true);
          } else {
            search.chain_static(fresh, s);
          }
          ASSERT_EQ(R.records.size(), fresh.records.size()) << "from " << s;
          for (size_t r = 0; r < R.records.size(); ++r)
            ASSERT_TRUE(same_records(R.records[r], fresh.records[r]))
                << "from " << s << " at " << r;
          ASSERT_EQ(R.parent_pool, fresh.parent_pool) << "from " << s;
          ASSERT_EQ(R.on_order, fresh.on_order) << "from " << s;
          ASSERT_EQ(R.off_order, fresh.off_order) << "from " << s;
          ASSERT_EQ(R.node_bits, fresh.node_bits) << "from " << s;
          ASSERT_EQ(R.contradiction, fresh.contradiction) << "from " << s;
          ASSERT_EQ(R.contradiction_on, fresh.contradiction_on) << "from " << s;
          ASSERT_EQ(R.contradiction_off, fresh.contradiction_off) << "from " << s;
          if (!resumed) continue;
          n.resumed_records += static_cast<int>(R.records.size());
          ASSERT_EQ(R.off_taken, fresh.off_taken) << "from " << s;
          ASSERT_EQ(R.on_taken, fresh.on_taken) << "from " << s;
          for (size_t r = 0; r < R.records.size(); ++r) {
            const int memo = R.records[r].ancestor_count;
            if (memo >= 0) {
              ASSERT_EQ(memo, fresh_ancestry.ancestors(fresh, static_cast<int>(r))) << "from " << s;
            }
          }
          for (size_t r = 0; r < R.records.size(); ++r) ancestry.ancestors(R, static_cast<int>(r));
        }
      }
    }
  }
};

// visit() along the graded paths of `puzzles`, one after the other, with one store.
Counts walk_paths(Producer& p, std::initializer_list<const char*> puzzles) {
  Counts n;
  for (const char* puzzle : puzzles) {
    SCOPED_TRACE(puzzle);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step&) { p.visit(g, n); });
  }
  return n;
}

}  // namespace

TEST(GraderChains, KeptChainingsMatchANewSearch) {
  for (const bool dynamic : {true, false}) {
    Producer p(dynamic);
    // Puzzles rated 8.0+ (their paths hold many steps below 9.0).
    const Counts n = walk_paths(
        p, {"1.3...7...5..89....8.....6.2..3...183....4.5..9..2...3...8..3.....275..19........",
            "1.......9..678.1...8...3.6.23.9.4..8......9..9..2....1.....14..5...47....1.5...3.",
            "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5"});
    // Most chainings are kept from step to step.
    EXPECT_GT(n.states, 100);
    EXPECT_GT(n.kept * 2, n.searched);
    if (dynamic) {
      EXPECT_GT(n.resumed, 10000);
    }
  }
}

// Resumed dynamic chainings on the paths of puzzles rated 9.0-9.1 (the neighbourhood
// search's), where over a third of the chainings a step asks for are resumed ones.
TEST(GraderChains, ResumedDynamicChainingsMatchANewSearch) {
  Producer p(true);
  const Counts n = walk_paths(
      p, {"...65....8....41...3.....26..4...7.....5.2.3....9....8.17......6..4..3..9...8.6.7",
          ".....2.8.4...78..1....9.3..8.....7.3..3....2.6...2.8...176.9...9.....1....6.4..57",
          ".725...1.9........1.4..3.7..1.........8.4..255.7........9.65....6..7.8.....9...47"});
  EXPECT_GT(n.resumed, 20000);
  EXPECT_GT(n.resumed_records, 1000000);
}
