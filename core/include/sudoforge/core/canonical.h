#pragma once
// Canonical (minlex) form of a puzzle: one representative per isomorphism class, so that
// puzzles that are the same up to relabelling and validity-preserving moves share a key.
//
// Definition. Write a grid as its N*N cell values in row-major order, empty = 0. For a
// geometric transform g, relabel the symbols of g(P) in order of first appearance (the
// first symbol met becomes 1, the next new one 2, ...). The canonical form is the
// lexicographically smallest such string over every g of the group below. (Since 0 is
// smaller than every symbol and first-appearance relabelling is the smallest labelling of
// a fixed arrangement, this is the minimum over the whole group "geometry x relabelling".)
//
// The group, by size:
//  - Classic, N <= 9 (2x2, 2x3, 3x3): the full validity-preserving group: row permutations within
//    bands, band permutations, column permutations within stacks, stack permutations, and
//    transposition when the boxes are square (9x9: 2 * 6^8 * 9! elements with relabelling).
//  - Classic, N >= 12 (3x4, 4x4, 5x5): relabelling and the box-preserving rigid symmetries only:
//    identity, half turn, left-right and top-bottom reflection, and for square boxes
//    (4x4, 5x5) also both diagonal reflections and the quarter turns. (The full group is
//    too large to search with a bounded cost there.) Two puzzles with equal keys are
//    isomorphic at every size; at N >= 12 some isomorphic puzzles get different keys.
//  - Boards with extra houses (variant.h), N <= 9: every element of the full group above
//    that takes each extra house onto an extra house (so every house onto a house). X: the
//    same row and column permutation, or one of them reversed, where the permutation keeps
//    the bands and commutes with reversal (r -> N-1-r), with transposition (96 moves on
//    9x9); Windoku, DG ... likewise, whatever their houses allow. N >= 12: the rigid
//    symmetries that keep every house.
//  - Jigsaw boards: the eight rigid symmetries of the square that keep the extra houses
//    (all eight on a plain jigsaw); the region map moves with the givens. The form is the
//    smallest pair (regions, givens), the regions relabelled by first appearance as the
//    givens are, so a puzzle and its rotated or reflected copy (map and givens) are one.
//
// Key text: one character per cell, '0' for empty, '1'..'9' for 1-9 and 'A'.. for 10..,
// so string order is value order. For 9x9 this is the usual 81-character minlex string,
// e.g. "000000001000000023..." for a 17-clue puzzle. A board that is not classic prefixes
// its variant's name (Variant::name) and a colon, and a jigsaw board appends a colon and
// its canonical region map in the same characters ("x:0000...", "jigsaw:0012...:1112...").
// Keys of different variants therefore never coincide (the catalogue's dedup is per
// variant), and classic keys are those of the plain minlex strings.
//
// Speed (9x9): the search fixes the output row by row, choosing the source band and row,
// keeping stacks and columns that have only held empties so far as interchangeable sets,
// branching only where symbols are new, and pruning every 3-cell block against the best
// string so far. Tens of microseconds per puzzle.
//
// Preconditions: the grid has no conflicting givens (two equal symbols in a unit): the
// functions throw std::invalid_argument otherwise. Complete grids (solutions) are accepted.
#include <string>

#include "sudoforge/core/grid.h"

namespace sudoforge {

// The canonical representative: the same board as the input, except on a jigsaw board,
// whose regions are those of the canonical form. A killer board (cages): the cage map and
// givens moved by the rigid symmetry of the square that keeps the board (4 moves for 2x3
// boxes, 8 for square ones, those keeping the diagonals on Killer X), with the digits as
// they are or complemented (v -> N+1-v, a k-cell cage's sum S -> k(N+1) - S: the only
// relabellings that keep cage sums), whose killer token (killer_text.h) is smallest. Other
// Sudoku moves (rows within a band ...) break cage connectivity, other relabellings sums.
// Its key is that token.
Grid canonical_form(const Grid& puzzle);

// The canonical form as key text (see above).
std::string canonical_key(const Grid& puzzle);

// The key text of a grid as it stands (no canonicalisation): '0' empty, '1'-'9', 'A'...
std::string key_text(const Grid& grid);

// True when the full validity-preserving group is used for this board (classic, N <= 9).
bool canonical_uses_full_group(const Geometry& geometry);

}  // namespace sudoforge
