#include "sudoforge/core/symmetry.h"

#include <gtest/gtest.h>

#include <set>

namespace sudoforge {
namespace {

bool square_boxes(const Geometry& g) {
  return g.box_rows() == g.box_cols();
}

bool needs_square_boxes(Symmetry s) {
  return s == Symmetry::kRot90 || s == Symmetry::kDiagonal || s == Symmetry::kAntidiagonal ||
         s == Symmetry::kDihedral;
}

TEST(Symmetry, NamesRoundTrip) {
  for (Symmetry s : concrete_symmetries()) {
    EXPECT_EQ(parse_symmetry(symmetry_name(s)), s);
  }
  EXPECT_EQ(parse_symmetry("random"), Symmetry::kRandom);
  EXPECT_THROW(parse_symmetry("rot45"), SymmetryError);
  EXPECT_THROW(parse_symmetry(""), SymmetryError);
  EXPECT_EQ(concrete_symmetries().size(), 8u);
}

TEST(Symmetry, TransformsOnNineByNine) {
  const Geometry g;
  const int r1c2 = g.cell(0, 1);
  EXPECT_EQ(transform_cell(g, Transform::kRot90, r1c2), g.cell(1, 8));
  EXPECT_EQ(transform_cell(g, Transform::kRot180, r1c2), g.cell(8, 7));
  EXPECT_EQ(transform_cell(g, Transform::kRot270, r1c2), g.cell(7, 0));
  EXPECT_EQ(transform_cell(g, Transform::kMirror, r1c2), g.cell(0, 7));
  EXPECT_EQ(transform_cell(g, Transform::kFlip, r1c2), g.cell(8, 1));
  EXPECT_EQ(transform_cell(g, Transform::kTranspose, r1c2), g.cell(1, 0));
  EXPECT_EQ(transform_cell(g, Transform::kAntitranspose, r1c2), g.cell(7, 8));
}

TEST(Symmetry, EveryTransformIsABijectionAndGroupsAreClosed) {
  for (const Geometry& g : Geometry::all()) {
    SCOPED_TRACE(g.name());
    for (Symmetry s : concrete_symmetries()) {
      const auto group = group_of(s);
      ASSERT_FALSE(group.empty());
      EXPECT_EQ(group.front(), Transform::kIdentity);
      for (Transform t : group) {
        std::set<int> image;
        for (int c = 0; c < g.cell_count(); ++c) image.insert(transform_cell(g, t, c));
        EXPECT_EQ(static_cast<int>(image.size()), g.cell_count());
        // Closure: t followed by u is again in the group (checked on every cell).
        for (Transform u : group) {
          bool found = false;
          for (Transform v : group) {
            bool same = true;
            for (int c = 0; c < g.cell_count() && same; ++c) {
              same = transform_cell(g, u, transform_cell(g, t, c)) == transform_cell(g, v, c);
            }
            found |= same;
          }
          EXPECT_TRUE(found) << symmetry_name(s);
        }
      }
    }
  }
  EXPECT_TRUE(group_of(Symmetry::kRandom).empty());
}

TEST(Symmetry, AdmissibilityMatchesTheBoxRule) {
  for (const Geometry& g : Geometry::all()) {
    SCOPED_TRACE(g.name());
    for (Symmetry s : concrete_symmetries()) {
      const bool expected = !needs_square_boxes(s) || square_boxes(g);
      EXPECT_EQ(admits(g, s), expected) << symmetry_name(s);
    }
    EXPECT_TRUE(admits(g, Symmetry::kRandom));
    const auto list = admissible_symmetries(g);
    EXPECT_EQ(list.front(), Symmetry::kNone);
    EXPECT_EQ(list.size(), square_boxes(g) ? 8u : 4u);
  }
}

TEST(Symmetry, AdmittedTransformsMapBoxesToBoxes) {
  // The point of admissibility: the transformed board has the same boxes.
  for (const Geometry& g : Geometry::all()) {
    for (Symmetry s : admissible_symmetries(g)) {
      for (Transform t : group_of(s)) {
        for (int b = 0; b < g.size(); ++b) {
          std::set<int> boxes;
          for (int c : g.unit(2 * g.size() + b)) boxes.insert(g.box(transform_cell(g, t, c)));
          EXPECT_EQ(boxes.size(), 1u) << g.name() << " " << symmetry_name(s);
        }
      }
    }
  }
  // And a transposition really breaks 2x3 boxes: box 0 (r1-2, c1-3) spreads over two.
  const Geometry g23(2, 3);
  std::set<int> boxes;
  for (int c : g23.unit(2 * g23.size()))
    boxes.insert(g23.box(transform_cell(g23, Transform::kTranspose, c)));
  EXPECT_GT(boxes.size(), 1u);
}

TEST(Symmetry, OrbitsPartitionTheBoardWithTheRightSizes) {
  for (const Geometry& g : Geometry::all()) {
    for (Symmetry s : admissible_symmetries(g)) {
      SCOPED_TRACE(g.name() + " " + std::string(symmetry_name(s)));
      const auto orbs = orbits(g, s);
      std::vector<int> seen(g.cell_count(), 0);
      int previous_first = -1;
      for (const auto& orbit : orbs) {
        ASSERT_FALSE(orbit.empty());
        EXPECT_TRUE(std::is_sorted(orbit.begin(), orbit.end()));
        EXPECT_GT(orbit.front(), previous_first);
        previous_first = orbit.front();
        const std::size_t order = group_of(s).size();
        EXPECT_EQ(order % orbit.size(), 0u);  // orbit size divides the group order
        for (int c : orbit) {
          ++seen[c];
          // Closed under the group.
          for (Transform t : group_of(s)) {
            EXPECT_TRUE(std::binary_search(orbit.begin(), orbit.end(), transform_cell(g, t, c)));
          }
        }
      }
      for (int c = 0; c < g.cell_count(); ++c) EXPECT_EQ(seen[c], 1);
    }
  }
  const Geometry g9;
  EXPECT_EQ(orbits(g9, Symmetry::kNone).size(), 81u);
  EXPECT_EQ(orbits(g9, Symmetry::kRot180).size(), 41u);  // 40 pairs + centre
  EXPECT_EQ(orbits(g9, Symmetry::kRot90).size(), 21u);   // 20 quads + centre
  EXPECT_EQ(orbits(g9, Symmetry::kMirror).size(), 45u);  // 36 pairs + 9 on column 5
  EXPECT_EQ(orbits(g9, Symmetry::kDiagonal).size(), 45u);
  EXPECT_EQ(orbits(g9, Symmetry::kDihedral).size(), 15u);
  EXPECT_THROW(orbits(Geometry(2, 3), Symmetry::kRot90), SymmetryError);
  EXPECT_THROW(orbits(g9, Symmetry::kRandom), SymmetryError);
}

TEST(Symmetry, HasAndDetect) {
  const Geometry g;
  Grid empty(g);
  EXPECT_EQ(detect_symmetry(empty), Symmetry::kDihedral);  // the empty pattern has them all

  Grid corner(g);
  corner.set(g.cell(0, 0), 1);
  EXPECT_TRUE(has_symmetry(corner, Symmetry::kDiagonal));
  EXPECT_FALSE(has_symmetry(corner, Symmetry::kRot180));
  EXPECT_EQ(detect_symmetry(corner), Symmetry::kDiagonal);

  corner.set(g.cell(8, 8), 2);  // r1c1 + r9c9: rot180 and diagonal and antidiagonal
  EXPECT_TRUE(has_symmetry(corner, Symmetry::kRot180));
  EXPECT_TRUE(has_symmetry(corner, Symmetry::kAntidiagonal));
  EXPECT_EQ(detect_symmetry(corner), Symmetry::kRot180);

  Grid one(g);
  one.set(g.cell(0, 1), 5);
  EXPECT_EQ(detect_symmetry(one), Symmetry::kNone);
  one.set(g.cell(0, 7), 5);  // r1c2 + r1c8: mirror only
  EXPECT_EQ(detect_symmetry(one), Symmetry::kMirror);
  one.set(g.cell(8, 1), 5);
  one.set(g.cell(8, 7), 5);  // and flip, hence rot180 (named first)
  EXPECT_TRUE(has_symmetry(one, Symmetry::kFlip));
  EXPECT_EQ(detect_symmetry(one), Symmetry::kRot180);
  one.set(g.cell(1, 0), 5);
  one.set(g.cell(7, 0), 5);
  one.set(g.cell(1, 8), 5);
  one.set(g.cell(7, 8), 5);  // the dihedral orbit of r1c2
  EXPECT_EQ(detect_symmetry(one), Symmetry::kDihedral);
  EXPECT_FALSE(has_symmetry(one, Symmetry::kRandom));

  // A full orbit union under rot90 but not under reflections.
  Grid pin(g);
  for (Transform t : group_of(Symmetry::kRot90)) pin.set(transform_cell(g, t, g.cell(0, 1)), 3);
  EXPECT_EQ(detect_symmetry(pin), Symmetry::kRot90);

  // 2x3 boxes: a transposition-symmetric pattern is not reported (not admissible).
  const Geometry g23(2, 3);
  Grid p23(g23);
  p23.set(g23.cell(0, 0), 1);
  EXPECT_TRUE(has_symmetry(p23, Symmetry::kDiagonal));
  EXPECT_EQ(detect_symmetry(p23), Symmetry::kNone);
  p23.set(g23.cell(5, 5), 1);
  EXPECT_EQ(detect_symmetry(p23), Symmetry::kRot180);
}

}  // namespace
}  // namespace sudoforge

namespace sudoforge {
namespace {

TEST(Symmetry, AdmissibilityFollowsTheHouses) {
  std::vector<int> main, anti;
  for (int i = 0; i < 9; ++i) {
    main.push_back(i * 10);
    anti.push_back(i * 9 + 8 - i);
  }
  // Only the main diagonal: transpose keeps it, the quarter turn sends it to the other one.
  const Geometry one = Geometry().with_extra_houses({main}, {"diagonal 1"});
  EXPECT_TRUE(admits(one, Symmetry::kDiagonal));
  EXPECT_TRUE(admits(one, Symmetry::kRot180));
  EXPECT_FALSE(admits(one, Symmetry::kRot90));
  EXPECT_FALSE(admits(one, Symmetry::kMirror));
  const Geometry both = Geometry().with_extra_houses({main, anti}, {"d1", "d2"});
  EXPECT_TRUE(admits(both, Symmetry::kDihedral));
  // A jigsaw whose regions are pairs of rows trading one cell: the half turn keeps them,
  // the mirror and the quarter turns do not.
  const std::vector<int> map = {0, 0, 0, 1,  //
                                0, 1, 1, 1,  //
                                2, 2, 2, 3,  //
                                2, 3, 3, 3};
  const Geometry jig = Geometry::with_regions(4, map);
  EXPECT_FALSE(admits(jig, Symmetry::kMirror));
  EXPECT_TRUE(admits(jig, Symmetry::kRot180));
  EXPECT_FALSE(admits(jig, Symmetry::kRot90));
  EXPECT_THROW(orbits(jig, Symmetry::kMirror), SymmetryError);
}

}  // namespace
}  // namespace sudoforge
