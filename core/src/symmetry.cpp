#include "sudoforge/core/symmetry.h"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <numeric>

namespace sudoforge {
namespace {

constexpr std::array<Symmetry, 8> kConcrete{
    Symmetry::kNone, Symmetry::kRot180,   Symmetry::kRot90,        Symmetry::kMirror,
    Symmetry::kFlip, Symmetry::kDiagonal, Symmetry::kAntidiagonal, Symmetry::kDihedral,
};

constexpr std::array<Transform, 1> kGroupNone{Transform::kIdentity};
constexpr std::array<Transform, 2> kGroupRot180{Transform::kIdentity, Transform::kRot180};
constexpr std::array<Transform, 4> kGroupRot90{Transform::kIdentity, Transform::kRot90,
                                               Transform::kRot180, Transform::kRot270};
constexpr std::array<Transform, 2> kGroupMirror{Transform::kIdentity, Transform::kMirror};
constexpr std::array<Transform, 2> kGroupFlip{Transform::kIdentity, Transform::kFlip};
constexpr std::array<Transform, 2> kGroupDiagonal{Transform::kIdentity, Transform::kTranspose};
constexpr std::array<Transform, 2> kGroupAnti{Transform::kIdentity, Transform::kAntitranspose};
constexpr std::array<Transform, 8> kGroupDihedral{
    Transform::kIdentity, Transform::kRot90, Transform::kRot180,    Transform::kRot270,
    Transform::kMirror,   Transform::kFlip,  Transform::kTranspose, Transform::kAntitranspose,
};

struct Named {
  Symmetry symmetry;
  std::string_view name;
};
constexpr std::array<Named, 9> kNames{{
    {Symmetry::kNone, "none"},
    {Symmetry::kRot180, "rot180"},
    {Symmetry::kRot90, "rot90"},
    {Symmetry::kMirror, "mirror"},
    {Symmetry::kFlip, "flip"},
    {Symmetry::kDiagonal, "diagonal"},
    {Symmetry::kAntidiagonal, "antidiagonal"},
    {Symmetry::kDihedral, "dihedral"},
    {Symmetry::kRandom, "random"},
}};

// True when the image of `cells` under `t` is exactly one house of `g`.
bool maps_to_house(const Geometry& g, Transform t, std::span<const int> cells) {
  std::vector<int> image;
  image.reserve(cells.size());
  for (int c : cells) image.push_back(transform_cell(g, t, c));
  std::sort(image.begin(), image.end());
  const int first = image.front();
  for (int h : g.houses_of(first)) {
    const auto house = g.house(h);
    if (std::equal(house.begin(), house.end(), image.begin(), image.end())) return true;
  }
  return false;
}

}  // namespace

std::string_view symmetry_name(Symmetry s) {
  for (const Named& n : kNames) {
    if (n.symmetry == s) return n.name;
  }
  return "?";
}

Symmetry parse_symmetry(std::string_view name) {
  for (const Named& n : kNames) {
    if (n.name == name) return n.symmetry;
  }
  throw SymmetryError("unknown symmetry '" + std::string(name) +
                      "': use none, rot180, rot90, mirror, flip, diagonal, antidiagonal, "
                      "dihedral or random");
}

std::span<const Symmetry> concrete_symmetries() {
  return kConcrete;
}

int transform_cell(const Geometry& g, Transform transform, int cell) {
  const int n = g.size();
  const int r = g.row(cell), c = g.col(cell), m = n - 1;
  switch (transform) {
    case Transform::kIdentity:
      return cell;
    case Transform::kRot90:
      return g.cell(c, m - r);
    case Transform::kRot180:
      return g.cell(m - r, m - c);
    case Transform::kRot270:
      return g.cell(m - c, r);
    case Transform::kMirror:
      return g.cell(r, m - c);
    case Transform::kFlip:
      return g.cell(m - r, c);
    case Transform::kTranspose:
      return g.cell(c, r);
    case Transform::kAntitranspose:
      return g.cell(m - c, m - r);
  }
  return cell;
}

std::span<const Transform> group_of(Symmetry s) {
  switch (s) {
    case Symmetry::kNone:
      return kGroupNone;
    case Symmetry::kRot180:
      return kGroupRot180;
    case Symmetry::kRot90:
      return kGroupRot90;
    case Symmetry::kMirror:
      return kGroupMirror;
    case Symmetry::kFlip:
      return kGroupFlip;
    case Symmetry::kDiagonal:
      return kGroupDiagonal;
    case Symmetry::kAntidiagonal:
      return kGroupAnti;
    case Symmetry::kDihedral:
      return kGroupDihedral;
    case Symmetry::kRandom:
      break;
  }
  return {};
}

namespace {

bool admits_uncached(const Geometry& g, Symmetry s) {
  for (Transform t : group_of(s)) {
    if (!preserves_houses(g, t)) return false;
  }
  return true;
}

}  // namespace

bool preserves_houses(const Geometry& g, Transform t) {
  for (int h = 0; h < g.house_count(); ++h) {
    if (!maps_to_house(g, t, g.house(h))) return false;
  }
  return true;
}

bool admits(const Geometry& g, Symmetry s) {
  if (s == Symmetry::kRandom) return true;
  if (!g.is_classic()) return admits_uncached(g, s);
  // On a classic board admissibility depends only on the box shape, and detect_symmetry() asks for
  // every stored puzzle: the unit-mapping check runs once per shape, when the shape is first
  // asked about (a command uses one or two shapes; checking all six, up to 25x25, cost more
  // than a short run's puzzles).
  constexpr int kSide = 6;  // box sides 1..5
  if (g.box_rows() >= kSide || g.box_cols() >= kSide) return admits_uncached(g, s);
  static std::array<std::once_flag, kSide * kSide> once;
  static std::array<std::array<bool, 8>, kSide * kSide> table;
  const int shape = g.box_rows() * kSide + g.box_cols();
  std::call_once(once[shape], [&] {
    for (Symmetry sym : kConcrete) table[shape][static_cast<int>(sym)] = admits_uncached(g, sym);
  });
  return table[shape][static_cast<int>(s)];
}

std::vector<Symmetry> admissible_symmetries(const Geometry& g) {
  std::vector<Symmetry> out;
  for (Symmetry s : kConcrete) {
    if (admits(g, s)) out.push_back(s);
  }
  return out;
}

std::vector<std::vector<int>> orbits(const Geometry& g, Symmetry s) {
  if (s == Symmetry::kRandom) throw SymmetryError("'random' has no orbits of its own");
  if (!admits(g, s)) {
    throw SymmetryError("symmetry " + std::string(symmetry_name(s)) + " is not admissible for " +
                        (g.is_classic() ? g.name() + " boxes" : "this board"));
  }
  const int cells = g.cell_count();
  std::vector<int> orbit_of(cells, -1);
  std::vector<std::vector<int>> out;
  const auto group = group_of(s);
  for (int cell = 0; cell < cells; ++cell) {
    if (orbit_of[cell] >= 0) continue;
    // The group is closed, so the images of one cell are its whole orbit.
    std::vector<int> orbit;
    for (Transform t : group) orbit.push_back(transform_cell(g, t, cell));
    std::sort(orbit.begin(), orbit.end());
    orbit.erase(std::unique(orbit.begin(), orbit.end()), orbit.end());
    for (int c : orbit) orbit_of[c] = static_cast<int>(out.size());
    out.push_back(std::move(orbit));
  }
  return out;
}

bool has_symmetry(const Grid& grid, Symmetry s) {
  if (s == Symmetry::kRandom) return false;
  const Geometry& g = grid.geometry();
  for (Transform t : group_of(s)) {
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      if ((grid[cell] != 0) != (grid[transform_cell(g, t, cell)] != 0)) return false;
    }
  }
  return true;
}

Symmetry detect_symmetry(const Grid& grid) {
  static constexpr std::array<Symmetry, 7> kPreference{
      Symmetry::kDihedral,     Symmetry::kRot90,  Symmetry::kRot180, Symmetry::kDiagonal,
      Symmetry::kAntidiagonal, Symmetry::kMirror, Symmetry::kFlip,
  };
  for (Symmetry s : kPreference) {
    if (admits(grid.geometry(), s) && has_symmetry(grid, s)) return s;
  }
  return Symmetry::kNone;
}

}  // namespace sudoforge
