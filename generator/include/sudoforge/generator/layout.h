#pragma once
// Jigsaw region layouts: N orthogonally connected regions of N cells each, drawn at
// random, reproducible from a seed, optionally symmetric.
//
// The method: start from a layout that already has the symmetry (the R x C boxes with R*C
// = N and R, C >= 2 when N has such a shape, square boxes for the symmetries that
// transpose the board, the rows for a prime N), then run a random walk of swaps. One swap
// takes a cell c of region A next to region B and a cell d of B next to A and exchanges
// their regions, and does the same to t(c), t(d) for every transform t of the symmetry's
// group, so the layout stays invariant (every transform maps regions onto regions). A
// swap is kept only when every region still has N cells and is connected. Sizes never
// change, so no balancing is needed and the walk never gets stuck for good; enough swaps
// (kSwapsPerCell per cell tried) leave nothing of the start's straight edges. A layout
// still holding a region that lies in one row or column, or that is exactly a box
// layout, walks on until it holds none.
//
// Symmetries (jigsaw_admits): none and rot180 for every N; mirror and flip when N is not
// prime (from the rows the walk cannot lose every straight region); diagonal, antidiagonal and rot90 when N is a square above 4 (9,
// 16, 25: square boxes are the start), dihedral from 16 on. Rows and columns map onto rows and columns under
// every transform, so a layout invariant under a group gives boards the group maps onto
// themselves, solutions onto solutions.
#include <cstdint>
#include <vector>

#include "sudoforge/core/symmetry.h"

namespace sudoforge {

// Sizes a layout can be drawn for.
inline constexpr int kMinJigsawSize = 4;
inline constexpr int kMaxJigsawSize = 25;

// True when draw_region_map can draw layouts of size n invariant under s (kRandom: true).
bool jigsaw_admits(int n, Symmetry s);

// A region label (0..n-1) per cell, row-major: n connected regions of n cells, invariant
// under `symmetry`'s group, no region within one row or column, not a box layout. The
// same (n, symmetry, seed) always gives the same map. Throws std::invalid_argument when
// !jigsaw_admits(n, symmetry), symmetry is kRandom, or n is outside the sizes above.
std::vector<int> draw_region_map(int n, Symmetry symmetry, std::uint64_t seed);

}  // namespace sudoforge
