// Naked and hidden sets (subsets.cpp) on constructed positions.
#include <gtest/gtest.h>

#include <vector>

#include "grader_test_util.h"
#include "sudoforge/core/variant.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderTechniques, NakedPairInBox) {
  CandidateGrid g{Grid(Geometry())};
  restrict(g, 0, bits({1, 2}));
  restrict(g, 1, bits({1, 2}));
  Hint h;
  ASSERT_TRUE(grader::detail::find_naked_set(Ctx{g, false}, 2, h));
  EXPECT_STREQ(h.technique, "Naked Pair");
  EXPECT_EQ(h.rating, 30);
  // SE looks at boxes first: 1 and 2 leave the other 7 cells of box 1.
  EXPECT_EQ(h.eliminations.size(), 14u);
  for (auto [c, d] : h.eliminations) EXPECT_EQ(c / 27 * 3 + c % 9 / 3, 0);
}

// SE's naked sets walk boxes, columns, rows, disjoint groups and windows only: r1c1 and
// r9c9 holding 1 and 2 share just the main diagonal, which is no naked pair there; r1c1
// and r4c4 share the first disjoint group, which is one.
TEST(GraderTechniques, NakedPairNotOnDiagonalButInDisjointGroup) {
  CandidateGrid x{Grid(Variant::parse("x").apply(Geometry()))};
  restrict(x, 0, bits({1, 2}));
  restrict(x, 80, bits({1, 2}));
  Hint h;
  EXPECT_FALSE(grader::detail::find_naked_set(Ctx{x, false}, 2, h)) << h.explanation;
  CandidateGrid dg{Grid(Variant::parse("dg").apply(Geometry()))};
  restrict(dg, 0, bits({1, 2}));
  restrict(dg, 30, bits({1, 2}));
  ASSERT_TRUE(grader::detail::find_naked_set(Ctx{dg, true}, 2, h));
  EXPECT_EQ(h.cells, (std::vector<int>{0, 30}));
  EXPECT_EQ(h.eliminations.size(), 14u);  // 1 and 2 in the group's other 7 cells
}

namespace {

using grader::detail::CandidateGrid;
using grader::detail::Mask;
using grader::detail::popcount;

// Whether `degree` of the masks (each of 1 to degree bits) have a union of degree bits
// passing `ok`: every subset tried, no pruning.
template <class Ok>
bool plain_subset(const std::vector<Mask>& masks, const std::vector<int>& keys, int degree,
                  size_t from, Mask uni, Mask chosen, int left, Ok ok) {
  if (left == 0) return popcount(uni) == degree && ok(uni, chosen);
  for (size_t i = from; i < masks.size(); ++i) {
    if (plain_subset(masks, keys, degree, i + 1, uni | masks[i], chosen | Mask{1} << keys[i],
                     left - 1, ok))
      return true;
  }
  return false;
}

// SE's naked set of `degree`, written out: in one of the units it walks with at least twice
// the degree empty cells, `degree` cells of 2 to degree candidates holding degree digits between
// them, another cell of the unit holding one of them.
bool plain_naked_set(const CandidateGrid& g, int degree) {
  for (int k = 0; k < g.naked_set_units(); ++k) {
    const int u = g.se_unit(k);
    if (g.unit_empty(u) < 2 * degree) continue;
    std::vector<Mask> masks;
    std::vector<int> keys;
    for (int i = 0; i < g.n(); ++i) {
      const int pc = popcount(g.cand(g.unit(u)[i]));
      if (pc >= 2 && pc <= degree) {
        masks.push_back(g.cand(g.unit(u)[i]));
        keys.push_back(i);
      }
    }
    auto removes = [&](Mask digits, Mask in_set) {
      for (int i = 0; i < g.n(); ++i) {
        if (!((in_set >> i) & 1) && (g.cand(g.unit(u)[i]) & digits)) return true;
      }
      return false;
    };
    if (plain_subset(masks, keys, degree, 0, 0, 0, degree, removes)) return true;
  }
  return false;
}

// The hidden set of `degree`, written out: in a unit of more than twice the degree empty
// cells (direct: more than the degree), `degree` digits of 1 to degree places each lying
// in degree cells between them, one of which holds another digit; direct: instead, a
// digit outside the set, in 2+ places of the unit, has exactly one place outside those
// cells.
bool plain_hidden_set(const CandidateGrid& g, int degree, bool direct) {
  for (int u = 0; u < g.unit_count(); ++u) {
    if (g.unit_empty(u) < (direct ? degree + 1 : 2 * degree + 1)) continue;
    std::vector<Mask> masks;
    std::vector<int> keys;
    for (int d = 1; d <= g.n(); ++d) {
      const Mask p = g.pos(u, d);
      if (p && popcount(p) <= degree) {
        masks.push_back(p);
        keys.push_back(d);
      }
    }
    auto qualifies = [&](Mask places, Mask set) {
      if (direct) {
        for (int v = 1; v <= g.n(); ++v) {
          const Mask p = g.pos(u, v);
          if (!((set >> v) & 1) && popcount(p) > 1 && popcount(p & ~places) == 1) return true;
        }
        return false;
      }
      for (int i = 0; i < g.n(); ++i) {
        if (((places >> i) & 1) && (g.cand(g.unit(u)[i]) & ~set)) return true;
      }
      return false;
    };
    if (plain_subset(masks, keys, degree, 0, 0, 0, degree, qualifies)) return true;
  }
  return false;
}

}  // namespace

// The set finders (their degree a template argument, their enumeration pruned) against
// the sets written out, at every step of 300 cb001 paths, each degree: whether a set is
// found must agree, and so must a hint's size (its cells).
TEST(GraderTechniques, SetFindersMatchTheirDefinitions) {
  int compared = 0, found[5] = {};
  for_each_degree_on_cb001_paths(
      300, [&](const CandidateGrid& g, int degree, const std::string& line) {
        Hint h;
        const bool naked = grader::detail::find_naked_set(Ctx{g, false}, degree, h);
        ASSERT_EQ(naked, plain_naked_set(g, degree)) << degree << " " << line;
        if (naked) EXPECT_EQ(h.cells.size(), static_cast<size_t>(degree));
        const bool hidden = grader::detail::find_hidden_set(Ctx{g, false}, degree, h);
        ASSERT_EQ(hidden, plain_hidden_set(g, degree, false)) << degree << " " << line;
        if (hidden) EXPECT_EQ(h.cells.size(), static_cast<size_t>(degree));
        found[degree] += naked + hidden;
        if (degree <= 3) {
          const bool direct = grader::detail::find_direct_hidden_set(Ctx{g, false}, degree, h);
          ASSERT_EQ(direct, plain_hidden_set(g, degree, true)) << degree << " " << line;
          if (direct) EXPECT_EQ(h.cells.size(), static_cast<size_t>(degree));
          found[degree] += direct;
        }
        ++compared;
      });
  EXPECT_GE(compared, 10000);
  EXPECT_GE(found[2], 100);
  EXPECT_GE(found[3], 20);
  EXPECT_GE(found[4], 5);
}
