#pragma once
// The killer text form: one token, easy to write by hand and to diff,
//
//   VARIANT:MAP;SUMS[;GIVENS]       e.g. killer:AABB...;A=3,B=7,...    killer+x:...
//
//  - VARIANT: `killer`, or killer joined with extra-house variants (`killer+x`), as
//    Variant::parse spells them;
//  - MAP: N*N characters in reading order (N = 4, 6 or 9; the boxes are the classic ones),
//    one per cell, the cell's cage label: cells with the same label form one cage, which
//    must be orthogonally connected. Labels are any printable characters but space and
//    `. ; , = :`; `.` is refused as "in no cage" (every cell is caged);
//  - SUMS: `L=S` for every label L of the map, comma-separated, in any order (writers use
//    the order of the labels' first cells);
//  - GIVENS (optional): N*N symbols of the board's standard alphabet, `.` or `0` empty.
// killer_layout() is MAP;SUMS alone: the `regions` column of CSV output and of the
// catalogue on a killer board.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/core/variant.h"

namespace sudoforge {

// A malformed killer token: index is the 0-based position of the character at fault in
// the token, -1 when the token as a whole is wrong. Cages that cannot be (killer.h) are
// reported as CageError by parse_killer_text, not as this.
class KillerTextError : public std::invalid_argument {
 public:
  KillerTextError(int index, const std::string& what)
      : std::invalid_argument(what), index_(index) {}
  int index() const { return index_; }

 private:
  int index_;
};

// True when `token` starts with a variant spelling that names killer and a ':'.
bool looks_like_killer_text(std::string_view token);

// The puzzle a killer token describes, on its board (cages and the variant's extra
// houses). Throws KillerTextError, CageError (killer.h) or VariantError.
Grid parse_killer_text(std::string_view token);

// A killer board from its variant and its layout (MAP;SUMS, as killer_layout writes it).
// Throws like parse_killer_text.
Geometry parse_killer_layout(const Variant& variant, std::string_view layout);

// MAP;SUMS of a board with cages (labels A-Z a-z 0-9 then punctuation, cage i by first
// cell getting label i); empty on a board without cages.
std::string killer_layout(const Geometry& board);

// The whole token of a killer grid (givens written only when there are some); empty
// for a board without cages.
std::string killer_text(const Grid& grid);

}  // namespace sudoforge
