#include "sudoforge/core/variant.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace sudoforge {
namespace {

std::vector<int> cells_of(const Geometry& g, int h) {
  auto cells = g.house(h);
  return {cells.begin(), cells.end()};
}

TEST(Variant, SpellingRoundTrips) {
  EXPECT_TRUE(Variant::parse("classic").is_classic());
  EXPECT_EQ(Variant::parse("classic").name(), "classic");
  EXPECT_EQ(Variant::parse("windoku+X").name(), "x+windoku");
  EXPECT_EQ(Variant::parse("Center-Dot").name(), "centre-dot");
  EXPECT_EQ(Variant::parse("girandola+dg+asterisk").name(), "dg+asterisk+girandola");
  EXPECT_EQ(Variant::parse("jigsaw+x").flags(), Variant::kJigsaw | Variant::kX);
  for (const char* bad : {"", "xx", "x+", "+x", "windoku+hyper", "classic+x"}) {
    EXPECT_THROW(Variant::parse(bad), VariantError) << bad;
  }
}

TEST(Variant, DiagonalsOnEveryClassicSize) {
  for (const Geometry& base : Geometry::all()) {
    const int n = base.size();
    const Geometry x = Variant::parse("x").apply(base);
    ASSERT_EQ(x.house_count(), 3 * n + 2) << base.name();
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(cells_of(x, 3 * n)[i], i * n + i);
      EXPECT_EQ(cells_of(x, 3 * n + 1)[i], (i + 1) * (n - 1));  // sorted: r1cN first
    }
    EXPECT_EQ(x.house_name(3 * n), "main diagonal");
    EXPECT_EQ(Variant::of(x), Variant::parse("x"));
    EXPECT_TRUE(Variant::of(base).is_classic());
  }
}

TEST(Variant, WindokuAndDisjointGroupsPartitionTheBoard) {
  for (const char* name : {"windoku", "dg"}) {
    const Geometry g = Variant::parse(name).apply(Geometry());
    ASSERT_EQ(g.house_count(), 36) << name;
    std::vector<int> hits(81, 0);
    for (int h = 27; h < 36; ++h) {
      for (int c : g.house(h)) ++hits[c];
    }
    EXPECT_EQ(std::set<int>(hits.begin(), hits.end()), std::set<int>{1}) << name;
  }
  const Geometry w = Variant::parse("windoku").apply(Geometry());
  // Window 1 is r2c2..r4c4; group 9 is rows and columns 1, 5, 9.
  EXPECT_EQ(cells_of(w, 27), (std::vector<int>{10, 11, 12, 19, 20, 21, 28, 29, 30}));
  EXPECT_EQ(cells_of(w, 35), (std::vector<int>{0, 4, 8, 36, 40, 44, 72, 76, 80}));
  const Geometry dg = Variant::parse("dg").apply(Geometry());
  // Disjoint group 5: the centre of every box.
  EXPECT_EQ(cells_of(dg, 27 + 4), (std::vector<int>{10, 13, 16, 37, 40, 43, 64, 67, 70}));
}

TEST(Variant, OneHouseVariants) {
  const Geometry a = Variant::parse("asterisk").apply(Geometry());
  EXPECT_EQ(cells_of(a, 27), (std::vector<int>{13, 20, 24, 37, 40, 43, 56, 60, 67}));
  const Geometry g = Variant::parse("girandola").apply(Geometry());
  EXPECT_EQ(cells_of(g, 27), (std::vector<int>{0, 8, 13, 37, 40, 43, 67, 72, 80}));
  const Geometry c = Variant::parse("centre-dot").apply(Geometry());
  EXPECT_EQ(cells_of(c, 27), (std::vector<int>{10, 13, 16, 37, 40, 43, 64, 67, 70}));
  EXPECT_EQ(c.house_name(27), "centre dot");
  // Centre dot is disjoint group 5: the two cannot be combined, and a disjoint-groups
  // board is not read as having a centre dot too.
  EXPECT_THROW(Variant::parse("dg+centre-dot").apply(Geometry()), VariantError);
  EXPECT_EQ(Variant::of(Variant::parse("dg+x").apply(Geometry())).name(), "x+dg");
  EXPECT_EQ(Variant::of(c).name(), "centre-dot");
}

TEST(Variant, CombinationsAppendInSudokuExplainersOrder) {
  const Geometry g = Variant::parse("x+windoku").apply(Geometry());
  ASSERT_EQ(g.house_count(), 27 + 9 + 2);
  EXPECT_EQ(g.house_name(27), "window 1");
  EXPECT_EQ(g.house_name(36), "main diagonal");
  EXPECT_EQ(Variant::of(g).name(), "x+windoku");
  // r5c5 is in its row, column, box, window group 9 and both diagonals.
  EXPECT_EQ(g.houses_of(40).size(), 6u);
}

TEST(Variant, MisfitsAreRejected) {
  EXPECT_THROW(Variant::parse("windoku").apply(Geometry(2, 3)), VariantError);
  EXPECT_THROW(Variant::parse("jigsaw").apply(Geometry()), VariantError);
  std::vector<int> rows(16);
  for (int c = 0; c < 16; ++c) rows[c] = c / 4;
  const Geometry jig = Geometry::with_regions(4, rows);
  EXPECT_THROW(Variant().apply(jig), VariantError);
  const Geometry jig_x = Variant::parse("jigsaw+x").apply(jig);
  EXPECT_EQ(Variant::of(jig_x).name(), "x+jigsaw");
  EXPECT_THROW(Variant::parse("x").apply(Variant::parse("x").apply(Geometry())), VariantError);
}

}  // namespace
}  // namespace sudoforge
