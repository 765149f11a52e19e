#include "sudoforge/bench/dlx.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

namespace sudoforge {
namespace {

using bench::Dlx;

using Cover = std::vector<int>;

std::set<Cover> all_covers(Dlx& dlx, std::uint64_t limit = UINT64_MAX) {
  std::set<Cover> out;
  dlx.search(limit, [&](std::span<const int> rows) {
    Cover c(rows.begin(), rows.end());
    std::sort(c.begin(), c.end());
    EXPECT_TRUE(out.insert(c).second) << "a cover was reported twice";
    return true;
  });
  return out;
}

// Knuth, "Dancing Links" (2000), the 7-column example: columns A..G.
Dlx knuth_matrix() {
  Dlx dlx(7);
  enum { A, B, C, D, E, F, G };
  dlx.add_row({C, E, F});
  dlx.add_row({A, D, G});
  dlx.add_row({B, C, F});
  dlx.add_row({A, D});
  dlx.add_row({B, G});
  dlx.add_row({D, E, G});
  return dlx;
}

TEST(Dlx, KnuthExampleHasTheUniqueCoverOfRows1_4_5) {
  Dlx dlx = knuth_matrix();
  EXPECT_EQ(dlx.row_count(), 6);
  const auto covers = all_covers(dlx);
  ASSERT_EQ(covers.size(), 1u);
  EXPECT_EQ(*covers.begin(), (Cover{0, 3, 4}));  // rows 1, 4, 5 in Knuth's 1-based numbering
  SearchStats stats;
  EXPECT_EQ(dlx.count(10, &stats), 1u);
  EXPECT_GE(stats.nodes, 3u);  // at least the three rows of the cover
}

TEST(Dlx, SearchLeavesTheMatrixIntactEvenWhenStoppedEarly) {
  Dlx dlx(2);
  dlx.add_row({0});
  dlx.add_row({1});
  dlx.add_row({0, 1});
  dlx.add_row({0});
  // Covers: {0,1}, {2}, {3,1}.
  EXPECT_EQ(dlx.count(UINT64_MAX), 3u);
  EXPECT_EQ(dlx.count(2), 2u);
  int visits = 0;
  EXPECT_EQ(dlx.search(UINT64_MAX, [&](std::span<const int>) { return ++visits < 1; }), 1u);
  EXPECT_EQ(dlx.count(UINT64_MAX), 3u);
  EXPECT_EQ(all_covers(dlx).size(), 3u);
  EXPECT_EQ(dlx.count(0), 0u);
}

TEST(Dlx, NoCoverWhenAColumnHasNoRow) {
  Dlx dlx(3);
  dlx.add_row({0, 1});
  dlx.add_row({1});
  EXPECT_EQ(dlx.count(UINT64_MAX), 0u);
}

TEST(Dlx, NoPrimaryColumnsMeansOneEmptyCover) {
  Dlx dlx(0, 2);
  dlx.add_row({0});
  EXPECT_EQ(dlx.count(UINT64_MAX), 1u);
}

TEST(Dlx, RejectsBadColumns) {
  Dlx dlx(2, 1);
  EXPECT_THROW(dlx.add_row({3}), std::invalid_argument);
  EXPECT_THROW(dlx.add_row({-1}), std::invalid_argument);
  EXPECT_NO_THROW(dlx.add_row({2}));
}

// n-queens: rows and columns primary, diagonals secondary. OEIS A000170.
TEST(Dlx, NQueensCountsWithSecondaryColumns) {
  const std::uint64_t expected[] = {1, 0, 0, 2, 10, 4, 40, 92};
  for (int n = 1; n <= 8; ++n) {
    Dlx dlx(2 * n, 2 * (2 * n - 1));
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        dlx.add_row({r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)});
      }
    }
    EXPECT_EQ(dlx.count(UINT64_MAX), expected[n - 1]) << "n = " << n;
  }
}

// Random small matrices against brute force over all subsets of rows.
TEST(Dlx, RandomMatricesMatchBruteForce) {
  std::mt19937 rng(12345);
  int with_several = 0, with_none = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int primary = 1 + static_cast<int>(rng() % 6);
    const int secondary = static_cast<int>(rng() % 3);
    const int cols = primary + secondary;
    const int rows = 1 + static_cast<int>(rng() % 14);
    std::vector<unsigned> masks;
    Dlx dlx(primary, secondary);
    for (int r = 0; r < rows; ++r) {
      unsigned m = 0;
      std::vector<int> list;
      for (int c = 0; c < cols; ++c) {
        if (rng() % 3 == 0) {
          m |= 1u << c;
          list.push_back(c);
        }
      }
      masks.push_back(m);
      dlx.add_row(list);
    }
    std::set<Cover> expected;
    const unsigned need = (1u << primary) - 1;
    for (unsigned subset = 0; subset < (1u << rows); ++subset) {
      unsigned used = 0;
      bool ok = true;
      Cover cover;
      for (int r = 0; r < rows && ok; ++r) {
        if (!(subset >> r & 1)) continue;
        if (used & masks[r]) ok = false;
        used |= masks[r];
        cover.push_back(r);
      }
      if (!ok || (used & need) != need) continue;
      // A row with no primary column is never part of a DLX cover; the cover without it
      // is counted instead (the brute force sees both, so only keep rows that matter).
      bool all_primary =
          std::all_of(cover.begin(), cover.end(), [&](int r) { return (masks[r] & need) != 0; });
      if (all_primary) expected.insert(cover);
    }
    const auto got = all_covers(dlx);
    EXPECT_EQ(got, expected) << "trial " << trial;
    EXPECT_EQ(dlx.count(UINT64_MAX), expected.size());
    EXPECT_EQ(dlx.count(2), std::min<std::size_t>(2, expected.size()));
    with_several += expected.size() >= 2;
    with_none += expected.empty();
  }
  // The generator must exercise both ends.
  EXPECT_GT(with_several, 20);
  EXPECT_GT(with_none, 20);
}

TEST(Dlx, HonoursSearchLimits) {
  // n-queens-free toy: every subset of {0..15} singletons plus pairs: many covers.
  Dlx dlx(16);
  for (int c = 0; c < 16; ++c) dlx.add_row({c});
  for (int c = 0; c + 1 < 16; ++c) dlx.add_row({c, c + 1});
  const std::uint64_t all = dlx.count(UINT64_MAX);
  EXPECT_EQ(all, 1597u);  // Fibonacci(17): tilings of 16 by 1s and 2s
  dlx.set_limits({100, nullptr});
  EXPECT_THROW(dlx.count(UINT64_MAX), SearchAborted);
  dlx.set_limits({});
  EXPECT_EQ(dlx.count(UINT64_MAX), all);  // the matrix was left intact
}

}  // namespace
}  // namespace sudoforge
