// The dynamic and static chainings (chaining_search.cpp) against a plain transcription of SE's
// doChaining on real step grids: the same records (node and parents, in order), the same
// orders of derivation and the same contradiction, from every assumption. The search
// reads a unit's other position as the positions less the cell's own bit and enters each
// "on" consequence of an "off" node as it finds it; the plain one scans the unit's cells,
// collects the consequences first and enters them after the node left the grid.
#include "chaining_search.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dynamic_board.h"
#include "grader_test_util.h"
#include "step_links.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

struct PlainChaining {
  std::vector<int> nodes;
  std::vector<std::vector<int>> parents;
  std::vector<int> on_order, off_order;
  bool contradiction = false;
  int contradiction_on = -1, contradiction_off = -1;
};

// SE's doChaining, dynamic: an "on" node takes the step links (its cell's other values
// unless Nishio, then its digit's peers) not yet recorded "off"; an "off" node (c, d)
// makes "on" the last value of c (unless Nishio) and the last other position of d in
// each unit of c, on the chaining's grid, with the removed ones as hidden parents, and
// then leaves that grid. Breadth first, "on" before "off", up to the first contradiction.
PlainChaining plain_chain(const grader::detail::DynamicBoard& b,
                          const grader::detail::StepLinks& links, int start, bool ylinks) {
  using grader::detail::Mask;
  PlainChaining out;
  std::vector<Mask> cand = b.step_cand;  // the chaining's grid
  std::vector<int> rec(b.nn, -1);
  const auto add = [&](int x, std::vector<int> parents) {
    out.nodes.push_back(x);
    out.parents.push_back(std::move(parents));
    return static_cast<int>(out.nodes.size()) - 1;
  };
  rec[start] = add(start, {});
  (start & 1 ? out.on_order : out.off_order).push_back(0);
  size_t hon = 0, hoff = 0;
  while (hon < out.on_order.size() || hoff < out.off_order.size()) {
    if (hon < out.on_order.size()) {
      const int p = out.on_order[hon++], nd = out.nodes[p];
      for (int i = ylinks ? links.node_begin[nd] : links.unit_targets_begin[nd];
           i < links.node_begin[nd + 1]; ++i) {
        const int x = links.targets[i];
        if (rec[x] >= 0) continue;
        const int r = add(x, {p});
        if (rec[x | 1] >= 0) {
          out.contradiction = true;
          out.contradiction_on = rec[x | 1];
          out.contradiction_off = r;
          return out;
        }
        rec[x] = r;
        out.off_order.push_back(r);
      }
      continue;
    }
    const int p = out.off_order[hoff++], nd = out.nodes[p];
    const int c = b.cell_of(nd), d = b.digit_of(nd);
    std::vector<std::pair<int, std::vector<int>>> found;
    if (ylinks && grader::detail::popcount(cand[c]) == 2) {
      int other = 1;
      while (other == d || !((cand[c] >> other) & 1)) ++other;
      const int x = b.node(c, other, true);
      if (rec[x] < 0) {
        std::vector<int> ps{p};
        for (int v = 1; v <= b.n; ++v) {
          if (((b.step_cand[c] >> v) & 1) && !((cand[c] >> v) & 1))
            ps.push_back(rec[b.node(c, v, false)]);
        }
        found.emplace_back(x, ps);
      }
    }
    for (int k = 0; k < 3; ++k) {
      const int* cells = b.unit_cells_of[c * 3 + k];
      std::vector<int> at;
      for (int i = 0; i < b.n; ++i) {
        if ((cand[cells[i]] >> d) & 1) at.push_back(cells[i]);
      }
      if (at.size() != 2) continue;
      const int x = b.node(at[0] == c ? at[1] : at[0], d, true);
      if (rec[x] >= 0) continue;
      std::vector<int> ps{p};
      for (int i = 0; i < b.n; ++i) {
        if (((b.step_cand[cells[i]] >> d) & 1) && !((cand[cells[i]] >> d) & 1))
          ps.push_back(rec[b.node(cells[i], d, false)]);
      }
      found.emplace_back(x, ps);
    }
    cand[c] &= ~(Mask{1} << d);
    for (const auto& [x, ps] : found) {
      if (rec[x ^ 1] >= 0) {
        out.contradiction = true;
        out.contradiction_on = add(x, ps);
        out.contradiction_off = rec[x ^ 1];
        return out;
      }
      if (rec[x] < 0) {
        rec[x] = add(x, ps);
        out.on_order.push_back(rec[x]);
      }
    }
  }
  return out;
}

struct Counts {
  int states = 0, chainings = 0, contradictions = 0, hidden = 0;
};

// A chaining search in `mode` on the step board of a grid, with the board and links it
// reads (members, so they stay where the search points).
struct StepSearch {
  grader::detail::DynamicBoard board;
  grader::detail::StepLinks links;
  std::optional<grader::detail::ChainingSearch> search;

  StepSearch(const CandidateGrid& g, const grader::detail::ChainingMode& mode) {
    board.load(g);
    links.build(board);
    search.emplace(board, links, mode);
    search->resize();
  }
  StepSearch(const StepSearch&) = delete;
  StepSearch& operator=(const StepSearch&) = delete;

  // f(s) for every candidate of the step board, on and off, up to a fatal failure.
  template <class F>
  void each_source(F&& f) const {
    for (int c = 0; c < board.nc; ++c) {
      for (grader::detail::Mask m = board.step_cand[c]; m; m &= m - 1) {
        for (const bool on : {true, false}) {
          f(board.node(c, grader::detail::lowest(m), on));
          if (::testing::Test::HasFatalFailure()) return;
        }
      }
    }
  }
};

// The orders and the contradiction of the chaining R from s against the plain one's.
template <class Plain>
void expect_same_ends(const grader::detail::Chaining& R, const Plain& P, int s) {
  ASSERT_EQ(R.on_order, P.on_order) << "from " << s;
  ASSERT_EQ(R.off_order, P.off_order) << "from " << s;
  ASSERT_EQ(R.contradiction, P.contradiction) << "from " << s;
  ASSERT_EQ(R.contradiction_on, P.contradiction_on) << "from " << s;
  ASSERT_EQ(R.contradiction_off, P.contradiction_off) << "from " << s;
}

// Every chaining of the step grid g (from each candidate on and off) against the plain one.
void expect_plain_chainings(const CandidateGrid& g, bool nishio, Counts& n) {
  using namespace grader::detail;
  ChainingMode mode;
  mode.dynamic = true;
  mode.nishio = nishio;
  mode.ylinks = !nishio;
  StepSearch step(g, mode);
  ++n.states;
  Chaining R;
  ASSERT_NO_FATAL_FAILURE(step.each_source([&](int s) {
    step.search->chain(R, s, true);
    const PlainChaining P = plain_chain(step.board, step.links, s, mode.ylinks);
    ++n.chainings;
    n.contradictions += P.contradiction;
    ASSERT_EQ(R.records.size(), P.nodes.size()) << "from " << s;
    for (size_t r = 0; r < P.nodes.size(); ++r) {
      const ChainRecord& rr = R.records[r];
      ASSERT_EQ(rr.node, P.nodes[r]) << "from " << s << " record " << r;
      std::vector<int> ps;
      if (rr.parents_end < 0) {
        if (r > 0) ps.push_back(rr.first_parent);
      } else {
        ps.assign(R.parent_pool.begin() + rr.first_parent, R.parent_pool.begin() + rr.parents_end);
      }
      ASSERT_EQ(ps, P.parents[r]) << "from " << s << " record " << r;
      n.hidden += ps.size() > 1;
    }
    expect_same_ends(R, P, s);
  }));
  // The chainings restore the chaining grid they changed.
  ASSERT_EQ(step.board.chaining_cand, step.board.step_cand);
  ASSERT_EQ(step.board.chaining_pos, step.board.step_pos);
}

// SE's doChaining, static (multiple chains): the step links alone, breadth first with
// the "on" queue emptied before each "off" record, one parent per record, up to the first
// target whose opposite is recorded.
struct PlainStatic {
  std::vector<int> nodes, parent, depth;
  std::vector<int> on_order, off_order;
  bool contradiction = false;
  int contradiction_on = -1, contradiction_off = -1;
};
PlainStatic plain_static(const grader::detail::DynamicBoard& b,
                         const grader::detail::StepLinks& links, int start) {
  PlainStatic out;
  std::vector<int> rec(b.nn, -1);
  out.nodes.push_back(start);
  out.parent.push_back(-1);
  out.depth.push_back(1);
  rec[start] = 0;
  (start & 1 ? out.on_order : out.off_order).push_back(0);
  size_t hon = 0, hoff = 0;
  while (hon < out.on_order.size() || hoff < out.off_order.size()) {
    const bool on = hon < out.on_order.size();
    const int p = on ? out.on_order[hon++] : out.off_order[hoff++];
    const int nd = out.nodes[p];
    for (int i = links.node_begin[nd]; i < links.node_begin[nd + 1]; ++i) {
      const int x = links.targets[i];
      if (rec[x] >= 0) continue;
      const int r = static_cast<int>(out.nodes.size());
      out.nodes.push_back(x);
      out.parent.push_back(p);
      out.depth.push_back(out.depth[p] + 1);
      if (rec[x ^ 1] >= 0) {
        out.contradiction = true;
        out.contradiction_on = on ? rec[x ^ 1] : r;
        out.contradiction_off = on ? r : rec[x ^ 1];
        return out;
      }
      rec[x] = r;
      (on ? out.off_order : out.on_order).push_back(r);
    }
  }
  return out;
}

// Every static chaining of the step grid g against the plain one: records, parents,
// ancestor counts, orders, contradiction and node bits.
void expect_plain_static_chainings(const CandidateGrid& g, Counts& n) {
  using namespace grader::detail;
  ChainingMode mode;
  mode.multiple = true;
  StepSearch step(g, mode);
  ++n.states;
  Chaining R;
  step.each_source([&](int s) {
    step.search->chain_static(R, s);
    const PlainStatic P = plain_static(step.board, step.links, s);
    ++n.chainings;
    n.contradictions += P.contradiction;
    ASSERT_EQ(R.records.size(), P.nodes.size()) << "from " << s;
    std::vector<char> held(step.board.nn, 0);
    for (size_t r = 0; r < P.nodes.size(); ++r) {
      const ChainRecord& rr = R.records[r];
      ASSERT_EQ(rr.node, P.nodes[r]) << "from " << s << " record " << r;
      if (r > 0) {
        ASSERT_EQ(rr.parents_end, -1) << "from " << s << " record " << r;
        ASSERT_EQ(rr.first_parent, P.parent[r]) << "from " << s << " record " << r;
      } else {
        ASSERT_EQ(rr.first_parent, rr.parents_end) << "from " << s;
      }
      ASSERT_EQ(rr.ancestor_count, P.depth[r]) << "from " << s << " record " << r;
      // The record that met the contradiction is no node of the chaining.
      if (!P.contradiction || r + 1 < P.nodes.size()) held[P.nodes[r]] = 1;
    }
    for (int x = 0; x < step.board.nn; ++x) ASSERT_EQ(R.has(x), held[x] != 0) << "from " << s;
    expect_same_ends(R, P, s);
  });
}

// Every third grid of two long graded paths, with the count of grids met so far.
template <class F>
void every_third_grid(F&& f) {
  int k = 0;
  for (const char* puzzle :
       {kPlusPuzzle,
        "1.3...7...5..89....8.....6.2..3...183....4.5..9..2...3...8..3.....275..19........"}) {
    SCOPED_TRACE(puzzle);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step&) {
      if (k++ % 3 == 0) f(g, k);
    });
  }
}

}  // namespace

TEST(GraderChains, DynamicChainingsMatchAPlainSearch) {
  Counts n;
  // Dynamic and Nishio in turn: 67 grids, 16.8 k chainings.
  every_third_grid(
      [&](const CandidateGrid& g, int k) { expect_plain_chainings(g, k % 2 == 0, n); });
  // Long chainings that end in contradictions, with hidden parents, on both kinds.
  EXPECT_GT(n.states, 50);
  EXPECT_GT(n.contradictions * 20, n.chainings);
  EXPECT_GT(n.hidden, 10000);
}

TEST(GraderChains, StaticChainingsMatchAPlainSearch) {
  Counts n;
  every_third_grid([&](const CandidateGrid& g, int) { expect_plain_static_chainings(g, n); });
  // Many chainings, some of which end in contradictions (on both sides' first).
  EXPECT_GT(n.states, 50);
  EXPECT_GT(n.contradictions, 100);
  EXPECT_GT(n.chainings, 10000);
}
