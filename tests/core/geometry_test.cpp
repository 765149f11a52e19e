#include "sudoforge/core/geometry.h"

#include <gtest/gtest.h>

#include <set>

#include "sudoforge/core/errors.h"

namespace sudoforge {
namespace {

TEST(Geometry, AllSixShapesHaveConsistentUnits) {
  const auto all = Geometry::all();
  ASSERT_EQ(all.size(), 6u);
  for (const Geometry& g : all) {
    SCOPED_TRACE(g.name());
    const int n = g.size();
    EXPECT_EQ(n, g.box_rows() * g.box_cols());
    EXPECT_EQ(g.cell_count(), n * n);
    EXPECT_EQ(g.unit_count(), 3 * n);
    // Every unit has N distinct cells; every cell is in exactly one row, column and box.
    std::vector<int> hits(g.cell_count());
    for (int u = 0; u < g.unit_count(); ++u) {
      auto cells = g.unit(u);
      ASSERT_EQ(static_cast<int>(cells.size()), n);
      EXPECT_EQ(std::set<int>(cells.begin(), cells.end()).size(), static_cast<size_t>(n));
      for (int c : cells) ++hits[c];
    }
    for (int c = 0; c < g.cell_count(); ++c) {
      EXPECT_EQ(hits[c], 3);
      // Box cells span box_rows rows and box_cols columns.
      for (int other : g.unit(g.box_unit(c))) {
        EXPECT_EQ(g.row(other) / g.box_rows(), g.row(c) / g.box_rows());
        EXPECT_EQ(g.col(other) / g.box_cols(), g.col(c) / g.box_cols());
      }
      // Peers: (N-1) in the row + (N-1) in the column + the box cells outside both.
      const int expected = 2 * (n - 1) + (n - g.box_rows() - g.box_cols() + 1);
      EXPECT_EQ(static_cast<int>(g.peers(c).size()), expected);
    }
  }
}

TEST(Geometry, BoxNumberingIsRowMajor) {
  Geometry g(2, 3);  // 6x6: boxes are 2 rows by 3 columns; 2 boxes across, 3 down
  EXPECT_EQ(g.box(g.cell(0, 0)), 0);
  EXPECT_EQ(g.box(g.cell(0, 3)), 1);
  EXPECT_EQ(g.box(g.cell(2, 0)), 2);
  EXPECT_EQ(g.box(g.cell(5, 5)), 5);
  Geometry nine;
  EXPECT_EQ(nine.box(nine.cell(4, 4)), 4);
  EXPECT_EQ(nine.box(nine.cell(8, 0)), 6);
}

TEST(Geometry, ParseAndNames) {
  EXPECT_EQ(Geometry::parse("9"), Geometry(3, 3));
  EXPECT_EQ(Geometry::parse("3x4"), Geometry(3, 4));
  EXPECT_EQ(Geometry::parse("16"), Geometry(4, 4));
  EXPECT_EQ(Geometry::parse("2X3"), Geometry(2, 3));
  EXPECT_THROW(Geometry::parse("10"), GeometryError);
  EXPECT_THROW(Geometry::parse("4x3"), GeometryError);
  EXPECT_THROW(Geometry::parse("x"), GeometryError);
  EXPECT_THROW(Geometry::parse(""), GeometryError);
  EXPECT_THROW(Geometry(3, 2), GeometryError);
  Geometry g;
  EXPECT_EQ(g.cell_name(g.cell(3, 4)), "r4c5");
  EXPECT_EQ(g.unit_name(4), "row 5");
  EXPECT_EQ(g.unit_name(9 + 1), "column 2");
  EXPECT_EQ(g.unit_name(18 + 4), "box 5");
  EXPECT_EQ(Geometry(5, 5).name(), "5x5");
}

}  // namespace
}  // namespace sudoforge
