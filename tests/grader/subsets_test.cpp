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

namespace {

// The k-subsets of [0, m) in lexicographic order, every one tried (no pruning), until
// `visit` (given the chosen indices) returns true.
template <class Visit>
bool each_subset(int m, int k, std::vector<int>& chosen, Visit visit) {
  if (static_cast<int>(chosen.size()) == k) return visit(chosen);
  for (int i = chosen.empty() ? 0 : chosen.back() + 1; i < m; ++i) {
    chosen.push_back(i);
    if (each_subset(m, k, chosen, visit)) return true;
    chosen.pop_back();
  }
  return false;
}

// SE's first naked set of `degree` written out: its cells (empty: none).
std::vector<int> plain_first_naked_set(const CandidateGrid& g, int degree) {
  for (int k = 0; k < g.naked_set_units(); ++k) {
    const int u = g.se_unit(k);
    if (g.unit_empty(u) < 2 * degree) continue;
    std::vector<int> items;
    for (int i = 0; i < g.n(); ++i) {
      const int pc = popcount(g.cand(g.unit(u)[i]));
      if (pc >= 2 && pc <= degree) items.push_back(g.unit(u)[i]);
    }
    std::vector<int> chosen, found;
    each_subset(static_cast<int>(items.size()), degree, chosen, [&](const std::vector<int>& s) {
      Mask uni = 0;
      for (int i : s) uni |= g.cand(items[i]);
      if (popcount(uni) != degree) return false;
      for (int i = 0; i < g.n(); ++i) {
        const int c = g.unit(u)[i];
        bool in = false;
        for (int j : s) in |= items[j] == c;
        if (!in && (g.cand(c) & uni)) {
          for (int j : s) found.push_back(items[j]);
          return true;
        }
      }
      return false;
    });
    if (!found.empty()) return found;
  }
  return {};
}

// SE's first direct hidden set of `degree` written out: its placement ({-1, 0}: none),
// the first digit (ascending) outside the set, of 2+ places, with one place outside it.
std::pair<int, int> plain_first_direct_hidden_set(const CandidateGrid& g, int degree) {
  for (int k = 0; k < g.unit_count(); ++k) {
    const int u = g.se_unit(k);
    if (g.unit_empty(u) < degree + 1) continue;
    std::vector<int> digits;
    for (int d = 1; d <= g.n(); ++d) {
      const int pc = popcount(g.pos(u, d));
      if (pc >= 1 && pc <= degree) digits.push_back(d);
    }
    std::vector<int> chosen;
    std::pair<int, int> found{-1, 0};
    each_subset(static_cast<int>(digits.size()), degree, chosen, [&](const std::vector<int>& s) {
      Mask places = 0;
      std::vector<bool> in_set(g.n() + 1);
      for (int i : s) {
        places |= g.pos(u, digits[i]);
        in_set[digits[i]] = true;
      }
      if (popcount(places) != degree) return false;
      for (int v = 1; v <= g.n(); ++v) {
        const Mask p = g.pos(u, v);
        if (in_set[v] || popcount(p) < 2 || popcount(p & ~places) != 1) continue;
        for (int i = 0; i < g.n(); ++i) {
          if (((p & ~places) >> i) & 1) found = {g.unit(u)[i], v};
        }
        return true;
      }
      return false;
    });
    if (found.first >= 0) return found;
  }
  return {-1, 0};
}

}  // namespace

// The set finders' lists built without branches (every entry written, kept by the count)
// and the direct set's single chosen from a bit set of digits: the hint must be the one
// of the plain walk in SE's order, every subset tried, at every step of 300 cb001 paths:
// a naked set's cells, a direct hidden set's placement.
TEST(GraderTechniques, SetFindersGiveThePlainFirstHint) {
  int naked_found = 0, direct_found = 0;
  for_each_degree_on_cb001_paths(
      300, [&](const CandidateGrid& g, int degree, const std::string& line) {
        Hint h;
        const std::vector<int> naked = plain_first_naked_set(g, degree);
        if (grader::detail::find_naked_set(Ctx{g, false}, degree, h)) {
          ASSERT_EQ(h.cells, naked) << degree << " " << line;
          ++naked_found;
        } else {
          ASSERT_TRUE(naked.empty()) << degree << " " << line;
        }
        if (degree > 3) return;
        const std::pair<int, int> direct = plain_first_direct_hidden_set(g, degree);
        if (grader::detail::find_direct_hidden_set(Ctx{g, false}, degree, h)) {
          ASSERT_EQ(h.placements.size(), 1u);
          ASSERT_EQ(h.placements[0], direct) << degree << " " << line;
          ++direct_found;
        } else {
          ASSERT_EQ(direct.first, -1) << degree << " " << line;
        }
      });
  EXPECT_GE(naked_found, 100);
  EXPECT_GE(direct_found, 100);
}
