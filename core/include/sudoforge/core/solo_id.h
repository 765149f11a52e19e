#pragma once
// Simon Tatham's Solo game IDs (`sgt-solo --generate 3 9jdt` prints them), read as puzzle
// records: `PARAMS:GIVENS[,BLOCKS]`.
//
// PARAMS: `CxR` (C and R at least 2: a board of N = C*R, its boxes C rows tall and R
// columns wide, so `2x3` is the classic 6x6 and `3x2` its quarter turn), or `N` for `NxN`,
// or `Nj` (`CxRj` too: N = C*R) for a jigsaw of N regions. Then, in any order, `x` (both
// main diagonals are houses) and Solo's symmetry and difficulty letters (`a`, `r2`, `m4`,
// `md2`, `dt` ..., which do not change the board), and `k` (killer, not with `j`). Any
// other letter is refused.
// GIVENS: the cells in reading order; a letter a..z is a run of 1..26 empty cells, a
// decimal number 1..N a given, `_` only separates two numbers.
// BLOCKS (jigsaw only, after a comma): the walls between cells, as a run-length string
// over the N*(N-1) inner vertical edges in reading order (row by row, left to right) then
// the N*(N-1) inner horizontal edges in transposed order (column by column, top to
// bottom), closed by one virtual wall: `_` is a wall, a..y are 1..25 open edges then a
// wall, `z` is 26 open edges and no wall (as Solo's own reader counts it). Cells joined
// by open edges form a region; there must be N regions of N cells.
// CAGES, SUMS (killer only, after the givens: `PARAMS:GIVENS,CAGES,SUMS`): the cages' walls
// in the BLOCKS encoding (any number of cages of any size), then the sums written like
// GIVENS, one number on one cell of each cage (Solo puts it on the cage's first cell).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/core/killer.h"

namespace sudoforge {

// A malformed Solo game ID; index is the 0-based position in the ID of the character at
// fault, or -1 when the ID as a whole is wrong.
class SoloIdError : public std::invalid_argument {
 public:
  SoloIdError(int index, const std::string& what) : std::invalid_argument(what), index_(index) {}
  int index() const { return index_; }

 private:
  int index_;
};

struct SoloPuzzle {
  int n = 0;
  std::vector<std::uint8_t> givens;  // n*n values, 0 empty
  std::vector<int> region_of_cell;   // n*n region labels 0..n-1 (boxes when not jigsaw)
  bool jigsaw = false;               // the ID drew its regions (`j`)
  bool x = false;                    // diagonals are houses (`x`)
  bool killer = false;               // `k`: cages below, every cell in one
  std::vector<Cage> cages;           // killer: cages by first cell, sums as given
};

// Whether `token` has the shape of a Solo game ID (at most 12 parameter characters, the
// first a digit, a colon, then only Solo's description characters); such a token is no
// other record.
bool looks_like_solo_id(std::string_view token);

// Decodes a Solo game ID. Throws SoloIdError for anything Solo itself would refuse, for
// killer jigsaws, and for boards of fewer than 4 cells a side.
SoloPuzzle decode_solo_id(std::string_view id);

}  // namespace sudoforge
