// Fish (fish.cpp): X-Wing on a constructed position; every degree against its definition.
#include <gtest/gtest.h>

#include <vector>

#include "grader_test_util.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderTechniques, XWing) {
  CandidateGrid g{Grid(Geometry())};
  // Digit 1 in rows 1 and 5 only in columns 2 and 7.
  for (int r : {0, 4}) {
    for (int c = 0; c < 9; ++c) {
      if (c != 1 && c != 6) g.eliminate(r * 9 + c, 1);
    }
  }
  Hint h;
  ASSERT_TRUE(grader::detail::find_fish(Ctx{g, true}, 2, h));
  EXPECT_STREQ(h.technique, "X-Wing");
  EXPECT_EQ(h.rating, 32);
  EXPECT_EQ(h.eliminations.size(), 14u);
  for (auto [c, d] : h.eliminations) {
    EXPECT_EQ(d, 1);
    EXPECT_TRUE(c % 9 == 1 || c % 9 == 6);
    EXPECT_TRUE(c / 9 != 0 && c / 9 != 4);
  }
  EXPECT_NE(h.explanation.find("X-Wing on 1 in rows 1,5"), std::string::npos);
}

namespace {

// Whether `left` more of the lines' position masks (from `from` on) give, with `uni` and
// the base lines `base`, a fish of `degree`: a union of degree places, and a place of the
// digit in one of those cover lines outside the base lines. Every subset tried.
bool plain_fish_from(const grader::detail::CandidateGrid& g, int d, int cover0,
                     const std::vector<grader::detail::Mask>& pm, const std::vector<int>& lines,
                     int degree, size_t from, grader::detail::Mask uni, grader::detail::Mask base,
                     int left) {
  using grader::detail::Mask;
  if (left == 0) {
    if (grader::detail::popcount(uni) != degree) return false;
    for (int i = 0; i < g.n(); ++i) {
      if (((uni >> i) & 1) && (g.pos(cover0 + i, d) & ~base)) return true;
    }
    return false;
  }
  for (size_t i = from; i < pm.size(); ++i) {
    if (plain_fish_from(g, d, cover0, pm, lines, degree, i + 1, uni | pm[i],
                        base | Mask{1} << lines[i], left - 1))
      return true;
  }
  return false;
}

// The fish of `degree`, written out: for a digit, `degree` rows (columns) holding it in
// 2 to degree places, all within degree columns (rows), one of which holds it elsewhere.
bool plain_fish(const grader::detail::CandidateGrid& g, int degree) {
  const int n = g.n();
  for (int d = 1; d <= n; ++d) {
    for (int by_cols = 0; by_cols < 2; ++by_cols) {
      std::vector<grader::detail::Mask> pm;
      std::vector<int> lines;
      for (int i = 0; i < n; ++i) {
        const grader::detail::Mask p = g.pos((by_cols ? n : 0) + i, d);
        const int pc = grader::detail::popcount(p);
        if (pc >= 2 && pc <= degree) {
          pm.push_back(p);
          lines.push_back(i);
        }
      }
      if (plain_fish_from(g, d, by_cols ? 0 : n, pm, lines, degree, 0, 0, 0, degree)) return true;
    }
  }
  return false;
}

}  // namespace

// find_fish (its degree a template argument, its enumeration pruned) against the fish
// written out, at every step of 300 cb001 paths, each degree: whether a fish is found
// must agree, and a found one covers `degree` lines.
TEST(GraderTechniques, FishMatchesItsDefinition) {
  int compared = 0, found[5] = {};
  for_each_degree_on_cb001_paths(300, [&](const CandidateGrid& g, int degree,
                                          const std::string& line) {
    Hint h;
    const bool fish = grader::detail::find_fish(Ctx{g, false}, degree, h);
    ASSERT_EQ(fish, plain_fish(g, degree)) << degree << " " << line;
    if (fish)
      EXPECT_STREQ(h.technique, degree == 2 ? "X-Wing" : degree == 3 ? "Swordfish" : "Jellyfish");
    found[degree] += fish;
    ++compared;
  });
  EXPECT_GE(compared, 10000);
  EXPECT_GE(found[2], 20);
  EXPECT_GE(found[3], 10);
  EXPECT_GE(found[4], 5);
}
