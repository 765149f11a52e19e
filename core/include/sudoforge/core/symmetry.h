#pragma once
// Symmetries of the pattern of givens: which cells are filled, not what they hold.
//
// A symmetry names a group of board transforms (isometries of the N x N square). A
// pattern has the symmetry when every transform of the group maps filled cells to filled
// cells and empty cells to empty cells. The cells of the board split into orbits under
// the group (cells that any transform maps onto each other); a symmetric pattern is a
// union of whole orbits, which is how the generator keeps symmetry while removing clues.
//
//   none          identity only                           orbits of 1 cell
//   rot180        half turn                               orbits of 1 or 2 cells
//   rot90         quarter turns (all four rotations)      orbits of 1, 2 (never) or 4
//   mirror        left-right reflection (c -> N-1-c)      orbits of 1 or 2
//   flip          top-bottom reflection (r -> N-1-r)      orbits of 1 or 2
//   diagonal      reflection in r1c1..rNcN (r,c -> c,r)   orbits of 1 or 2
//   antidiagonal  reflection in the other diagonal        orbits of 1 or 2
//   dihedral      all eight of the above at once          orbits of 1, 4 or 8
//   random        not a group: one of the others, drawn per puzzle by the generator
//
// Admissibility: a symmetry is offered for a geometry only when every transform of its
// group maps rows to rows or columns, and boxes to boxes, so the transformed board is the
// same kind of Sudoku. Reflections and the half turn do that for every box shape (R x C
// boxes stay R x C). A transposition (diagonal, antidiagonal, quarter turns, dihedral)
// turns R x C boxes into C x R boxes, so it is admissible only for square boxes (2x2,
// 3x3, 4x4, 5x5), not for 2x3 or 3x4. admits() computes this from the box tables rather
// than from the rule, and the tests check the two agree.
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/core/geometry.h"
#include "sudoforge/core/grid.h"

namespace sudoforge {

// An unknown symmetry name.
class SymmetryError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

enum class Symmetry {
  kNone,
  kRot180,
  kRot90,
  kMirror,
  kFlip,
  kDiagonal,
  kAntidiagonal,
  kDihedral,
  kRandom,
};

// The eight isometries of the square board.
enum class Transform {
  kIdentity,
  kRot90,          // quarter turn clockwise: (r, c) -> (c, N-1-r)
  kRot180,         // (r, c) -> (N-1-r, N-1-c)
  kRot270,         // (r, c) -> (N-1-c, r)
  kMirror,         // (r, c) -> (r, N-1-c)
  kFlip,           // (r, c) -> (N-1-r, c)
  kTranspose,      // (r, c) -> (c, r)
  kAntitranspose,  // (r, c) -> (N-1-c, N-1-r)
};

// "none", "rot180", ... as used on the command line and in stored records.
std::string_view symmetry_name(Symmetry s);
// Parses a name (case-sensitive, as printed by symmetry_name). Throws SymmetryError.
Symmetry parse_symmetry(std::string_view name);
// Every symmetry except kRandom, in enum order.
std::span<const Symmetry> concrete_symmetries();

// The cell `transform` sends `cell` to.
int transform_cell(const Geometry& g, Transform transform, int cell);
// The transforms of the group (identity first). Empty for kRandom.
std::span<const Transform> group_of(Symmetry s);

// True when `t` maps every house of `g` onto a house of `g` (so it maps solutions to
// solutions).
bool preserves_houses(const Geometry& g, Transform t);
// True when every transform of `s`'s group preserves the houses of `g`. kNone always;
// kRandom always (it draws among the admissible ones).
bool admits(const Geometry& g, Symmetry s);
// The concrete symmetries `g` admits, kNone first, in enum order.
std::vector<Symmetry> admissible_symmetries(const Geometry& g);

// The orbits of the cells under `s`'s group: a partition of 0..N*N-1, each orbit sorted,
// orbits ordered by their smallest cell. Throws SymmetryError for kRandom or for a
// symmetry `g` does not admit.
std::vector<std::vector<int>> orbits(const Geometry& g, Symmetry s);

// True when the pattern of filled cells of `grid` is invariant under every transform of
// `s` (kRandom: false). Does not require admissibility.
bool has_symmetry(const Grid& grid, Symmetry s);

// The strongest symmetry the pattern of `grid` has among those its geometry admits:
// the biggest group first (dihedral, then rot90), then among the two-element groups in
// the order rot180, diagonal, antidiagonal, mirror, flip; kNone when none holds. (A
// pattern can have several two-element symmetries at once, e.g. mirror and flip imply
// rot180; the preference order picks one name.)
Symmetry detect_symmetry(const Grid& grid);

}  // namespace sudoforge
