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

// The two main diagonals of a 9x9 board, built by hand for these tests.
Geometry x_board() {
  std::vector<int> main, anti;
  for (int i = 0; i < 9; ++i) {
    main.push_back(i * 9 + i);
    anti.push_back(i * 9 + 8 - i);
  }
  return Geometry().with_extra_houses({main, anti}, {"diagonal 1", "diagonal 2"});
}

TEST(Geometry, ExtraHousesAreAppendedAndDerivePeers) {
  const Geometry x = x_board();
  EXPECT_FALSE(x.is_classic());
  EXPECT_TRUE(x.has_boxes());
  EXPECT_EQ(x.house_count(), 29);
  EXPECT_EQ(x.extra_house_count(), 2);
  EXPECT_EQ(x.house_kind(27), HouseKind::kExtra);
  EXPECT_EQ(x.house_kind(20), HouseKind::kRegion);
  EXPECT_EQ(x.house_name(28), "diagonal 2");
  EXPECT_EQ(x.name(), "3x3");
  // r1c1: row, column, box and the main diagonal; r5c5 is on both diagonals.
  auto h0 = x.houses_of(0);
  EXPECT_EQ(std::vector<int>(h0.begin(), h0.end()), (std::vector<int>{0, 9, 18, 27}));
  auto h40 = x.houses_of(40);
  EXPECT_EQ(std::vector<int>(h40.begin(), h40.end()), (std::vector<int>{4, 13, 22, 27, 28}));
  // Peers grow by the diagonal cells outside the box: 6 for a corner, 12 for the centre.
  EXPECT_EQ(x.peers(0).size(), 26u);
  EXPECT_EQ(x.peers(40).size(), 32u);
  EXPECT_EQ(Geometry().peers(40).size(), 20u);
  // The same board built twice is the same board; the classic board is another.
  EXPECT_EQ(x, x_board());
  EXPECT_FALSE(x == Geometry());
  EXPECT_EQ(Geometry().with_extra_houses({}, {}), Geometry());
}

TEST(Geometry, ExtraHousesAreChecked) {
  const Geometry g;
  EXPECT_THROW(g.with_extra_houses({{0, 1, 2}}, {"short"}), GeometryError);
  EXPECT_THROW(g.with_extra_houses({{0, 0, 1, 2, 3, 4, 5, 6, 7}}, {"repeat"}), GeometryError);
  EXPECT_THROW(g.with_extra_houses({{0, 1, 2, 3, 4, 5, 6, 7, 81}}, {"outside"}), GeometryError);
  EXPECT_THROW(g.with_extra_houses({{8, 7, 6, 5, 4, 3, 2, 1, 0}}, {"row 1 again"}), GeometryError);
  EXPECT_THROW(g.with_extra_houses({{0, 1, 2, 3, 4, 5, 6, 7, 8}}, {}), GeometryError);
}

TEST(Geometry, JigsawRegionsReplaceBoxes) {
  // 4x4:  A A A B    A = label 3, B = 2, C = 1, D = 0.
  //       C C A B
  //       C C D B
  //       D D D B
  const std::vector<int> map = {3, 3, 3, 2,  //
                                1, 1, 3, 2,  //
                                1, 1, 0, 2,  //
                                0, 0, 0, 2};
  const Geometry j = Geometry::with_regions(4, map);
  EXPECT_FALSE(j.has_boxes());
  EXPECT_FALSE(j.is_classic());
  EXPECT_EQ(j.name(), "jigsaw 4");
  EXPECT_EQ(j.house_count(), 12);
  // Regions are renumbered by their first cell: A (first at cell 0) is region 0, B 1, C 2, D 3.
  EXPECT_EQ(j.box(0), 0);
  EXPECT_EQ(j.box(3), 1);
  EXPECT_EQ(j.box(4), 2);
  EXPECT_EQ(j.box(10), 3);
  EXPECT_EQ(j.house_name(2 * 4 + 1), "region 2");
  auto region0 = j.house(8);
  EXPECT_EQ(std::vector<int>(region0.begin(), region0.end()), (std::vector<int>{0, 1, 2, 6}));
  // Cell 0 sees its row, its column and cell 6 of its region (1 and 2 are in its row).
  EXPECT_EQ(j.peers(0).size(), 7u);
  EXPECT_EQ(j, Geometry::with_regions(4, map));
  // A map that draws the boxes is the classic board.
  std::vector<int> boxes(16);
  for (int c = 0; c < 16; ++c) boxes[c] = Geometry(2, 2).box(c);
  EXPECT_EQ(Geometry::with_regions(4, boxes), Geometry(2, 2));
}

TEST(Geometry, BadRegionMapsAreRejected) {
  std::vector<int> rows(16);
  for (int c = 0; c < 16; ++c) rows[c] = c / 4;
  EXPECT_NO_THROW(Geometry::with_regions(4, rows));  // rows as regions: legal, if dull
  auto bad = rows;
  bad[0] = 1;  // region 1 gets 5 cells, region 0 three
  EXPECT_THROW(Geometry::with_regions(4, bad), GeometryError);
  bad = rows;
  std::swap(bad[3], bad[15]);  // right ends of rows 1 and 4 swap: both regions split
  EXPECT_THROW(Geometry::with_regions(4, bad), GeometryError);
  bad = rows;
  bad[5] = 4;  // label outside 0..3
  EXPECT_THROW(Geometry::with_regions(4, bad), GeometryError);
  EXPECT_THROW(Geometry::with_regions(4, std::vector<int>(15, 0)), GeometryError);
  EXPECT_THROW(Geometry::with_regions(3, std::vector<int>(9, 0)), GeometryError);
}

}  // namespace
}  // namespace sudoforge
