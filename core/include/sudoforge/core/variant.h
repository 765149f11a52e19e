#pragma once
// Variant: the Sudoku variants that add houses to the board or replace its boxes, by the
// names the command line and the record formats use.
//
// Spelling: "classic", or one or more of killer, x, windoku, dg, asterisk, centre-dot, girandola,
// jigsaw joined with '+' (any order, case-insensitive, "center-dot" accepted); name()
// gives the canonical spelling, in the order of the list above.
//
// The houses (Sudoku Explainer's variant definitions, as SukakuExplainer rates them):
//  - x: the two main diagonals (every classic size);
//  - windoku: nine window groups (9x9 only). With the row and column bands A = {2,3,4},
//    B = {6,7,8} and the gaps G = {1,5,9}, they are A x A, A x B, B x A, B x B (the four
//    windows), then G x A, G x B, A x G, B x G and G x G (the five groups the windows
//    imply), each as rows x columns;
//  - dg (disjoint groups): the nine sets of cells at the same position in every box;
//  - asterisk: r2c5 r3c3 r3c7 r5c2 r5c5 r5c8 r7c3 r7c7 r8c5 (9x9);
//  - centre-dot: the centre cell of every box (9x9);
//  - girandola: r1c1 r1c9 r2c5 r5c2 r5c5 r5c8 r8c5 r9c1 r9c9 (9x9);
//  - jigsaw: the regions come with the puzzle (Geometry::with_regions), not from here.
//  - killer: no house; the cages come with the puzzle (Geometry::with_cages, killer.h).
//    It combines with the extra houses (killer+x: Killer X).
// Extra houses are appended in Sudoku Explainer's visiting order: disjoint groups,
// windows, main then anti diagonal, girandola, asterisk, centre dot.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sudoforge/core/geometry.h"

namespace sudoforge {

class VariantError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class Variant {
 public:
  enum Flag : std::uint32_t {
    kX = 1u << 0,
    kWindoku = 1u << 1,
    kDisjointGroups = 1u << 2,
    kAsterisk = 1u << 3,
    kCentreDot = 1u << 4,
    kGirandola = 1u << 5,
    kJigsaw = 1u << 6,
    kKiller = 1u << 7,
  };

  Variant() = default;  // classic
  explicit Variant(std::uint32_t flags) : flags_(flags) {}

  // Throws VariantError naming the bad word and the accepted ones.
  static Variant parse(std::string_view spelling);
  // The variant of a board: the jigsaw flag when its regions are not boxes, the killer
  // flag when it has cages, and each
  // variant whose houses are among its extra houses. Throws VariantError when an extra
  // house belongs to no known variant.
  static Variant of(const Geometry& board);

  std::string name() const;
  std::uint32_t flags() const { return flags_; }
  bool has(Flag f) const { return (flags_ & f) != 0; }
  bool is_classic() const { return flags_ == 0; }

  // `base` (a classic board, or a jigsaw board when this variant has the jigsaw flag, with
  // cages when it has the killer flag) with this variant's extra houses. Throws
  // VariantError when the variant does not fit: a 9x9-only variant on another size,
  // jigsaw without regions or regions without jigsaw, killer without cages or cages
  // without killer, or two variants whose houses coincide.
  Geometry apply(const Geometry& base) const;

  friend bool operator==(Variant a, Variant b) { return a.flags_ == b.flags_; }

 private:
  std::uint32_t flags_ = 0;
};

}  // namespace sudoforge
