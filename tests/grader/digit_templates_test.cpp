// A digit's templates (digit_templates.cpp): along graded paths, every cell they put in a
// template starts a Nishio chaining "on" without contradiction, and every cell a template
// avoids starts one "off" without contradiction; and the sets agree with a plain
// enumeration of the templates. The same with the templates kept from call to call.
#include "digit_templates.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "chaining_search.h"
#include "dynamic_board.h"
#include "grader_test_util.h"
#include "step_links.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

namespace {

struct Counts {
  int states = 0, skipped = 0, searched = 0, contradictions = 0, kept = 0;
};

bool has(const std::uint64_t* set, int c) {
  return (set[c / 64] >> (c % 64)) & 1;
}

// Every template of d (cells holding d or with d as a candidate), one per row, column
// and region: the cells in some and in every one, all of them enumerated.
void plain_templates(const CandidateGrid& g, int d, std::uint64_t* some, std::uint64_t* every,
                     bool& any) {
  const int n = g.n();
  std::vector<int> path;
  any = false;
  const auto go = [&](auto&& self, int row, unsigned cols, unsigned regs) -> void {
    if (row == n) {
      std::uint64_t p[2] = {0, 0};
      for (int c : path) p[c / 64] |= std::uint64_t{1} << (c % 64);
      for (int w = 0; w < 2; ++w) {
        some[w] |= p[w];
        every[w] = any ? every[w] & p[w] : p[w];
      }
      any = true;
      return;
    }
    for (int i = 0; i < n; ++i) {
      const int c = g.unit(row)[i];
      if (g.value(c) != d && !g.has(c, d)) continue;
      const int col = g.unit_of(c, 1) - n, reg = g.unit_of(c, 2) - 2 * n;
      if (((cols >> col) & 1) || ((regs >> reg) & 1)) continue;
      path.push_back(c);
      self(self, row + 1, cols | 1u << col, regs | 1u << reg);
      path.pop_back();
    }
  };
  some[0] = some[1] = every[0] = every[1] = 0;
  go(go, 0, 0, 0);
}

// Whether the cells of t are a template of d on g: one per row, column and region, each
// holding d or a candidate of it.
bool is_template(const CandidateGrid& g, int d, const grader::detail::DigitTemplate& t) {
  const int n = g.n();
  unsigned rows = 0, cols = 0, regs = 0;
  int cells = 0;
  for (int c = 0; c < g.cell_count(); ++c) {
    if (!((t[c / 64] >> (c % 64)) & 1)) continue;
    if (g.value(c) != d && !(g.value(c) == 0 && g.has(c, d))) return false;
    ++cells;
    rows |= 1u << g.unit_of(c, 0);
    cols |= 1u << (g.unit_of(c, 1) - n);
    regs |= 1u << (g.unit_of(c, 2) - 2 * n);
  }
  const unsigned all = (1u << n) - 1;
  return cells == n && rows == all && cols == all && regs == all;
}

// kept: when not null, the templates of each digit [d] from the last call, as the
// Nishio producer carries them.
void expect_templates_hold(const CandidateGrid& g, Counts& n,
                           std::vector<grader::detail::DigitTemplate>* kept = nullptr) {
  using namespace grader::detail;
  DynamicBoard board;
  board.load(g);
  StepLinks links;
  links.build(board);
  ChainingMode mode;
  mode.nishio = true;
  mode.dynamic = true;
  mode.ylinks = false;
  ChainingSearch search(board, links, mode);
  search.resize();
  Chaining R;
  ++n.states;
  for (int d = 1; d <= g.n(); ++d) {
    std::uint64_t some[2], every[2], all_some[2], all_every[2];
    const bool found = find_digit_templates(g, d, some, every, kept ? &kept[d] : nullptr);
    if (kept) {
      n.kept += static_cast<int>(kept[d].size());
      for (const grader::detail::DigitTemplate& t : kept[d])
        ASSERT_TRUE(is_template(g, d, t)) << "digit " << d;
    }
    bool any = false;
    plain_templates(g, d, all_some, all_every, any);
    ASSERT_TRUE(any) << "digit " << d;  // the solution is one
    ASSERT_TRUE(found) << "digit " << d;
    for (int c = 0; c < g.cell_count(); ++c) {
      if (g.value(c) != 0 || !g.has(c, d)) continue;
      // Found templates are real ones.
      if (has(some, c)) EXPECT_TRUE(has(all_some, c)) << "cell " << c << " digit " << d;
      if (has(all_every, c)) EXPECT_TRUE(has(every, c)) << "cell " << c << " digit " << d;
      for (const bool on : {true, false}) {
        search.chain(R, board.node(c, d, on), false);
        const bool skipped = on ? has(some, c) : !has(every, c);
        if (skipped) {
          ++n.skipped;
          EXPECT_FALSE(R.contradiction) << "cell " << c << " digit " << d << " on " << on;
        } else {
          ++n.searched;
          n.contradictions += R.contradiction;
        }
      }
    }
  }
}

}  // namespace

TEST(GraderChains, DigitTemplatesLeaveOutOnlyConsistentNishioChainings) {
  Counts n;
  for (const char* puzzle :
       {kPlusPuzzle,
        "1.3...7...5..89....8.....6.2..3...183....4.5..9..2...3...8..3.....275..19........",
        "1....6....567..1...89.....52.8..7....9...1.......4.93..6.87.39...2.3.6.....6.48.."}) {
    SCOPED_TRACE(puzzle);
    walk_path(puzzle, [&](const CandidateGrid& g, const Step&) { expect_templates_hold(g, n); });
  }
  // Most chainings are left out; of the others, some meet a contradiction.
  EXPECT_GT(n.states, 60);
  EXPECT_GT(n.skipped, 10 * n.searched);
  EXPECT_GT(n.contradictions, 0);
}

// The templates kept from one call to the next (the Nishio producer's), carried along the
// paths of several puzzles and between them: those still templates are found again, the
// others left out, and the answer stays sound.
TEST(GraderChains, DigitTemplatesKeptFromTheLastCallHold) {
  Counts n;
  std::vector<grader::detail::DigitTemplate> kept[10];
  for (const char* puzzle :
       {kPlusPuzzle,
        "1.3...7...5..89....8.....6.2..3...183....4.5..9..2...3...8..3.....275..19........",
        "1....6....567..1...89.....52.8..7....9...1.......4.93..6.87.39...2.3.6.....6.48..",
        "..34...8....7.9.23..9.2.4...15.7.9.........4..6....5...9.......6..8....28.25..6.1"}) {
    SCOPED_TRACE(puzzle);
    walk_path(puzzle,
              [&](const CandidateGrid& g, const Step&) { expect_templates_hold(g, n, kept); });
  }
  EXPECT_GT(n.states, 80);
  EXPECT_GT(n.kept, n.states);
  EXPECT_GT(n.skipped, 10 * n.searched);
  EXPECT_GT(n.contradictions, 0);
}
