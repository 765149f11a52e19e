#pragma once
// Killer Sudoku cages: connected sets of cells, each with the sum of its symbols, no
// symbol repeated inside a cage. A killer board (Geometry::with_cages) puts every cell in
// exactly one cage, as Solo's killers do: a cell outside every cage would be a classic
// cell, which no killer format can write. Symbols count as their values 1..N.
//
// Killer boards are 4x4, 6x6 and 9x9 (N <= 9: a cage holds at most N distinct symbols
// and its digit sets fit the tables below); cages combine with extra houses (Killer X).
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace sudoforge {

// A board's cages that cannot be: not connected, a sum no set of distinct symbols makes,
// a cell in no cage or in two. `cell` is the cell at fault (0-based), -1 when none.
class CageError : public std::invalid_argument {
 public:
  CageError(int cell, const std::string& what) : std::invalid_argument(what), cell_(cell) {}
  int cell() const { return cell_; }

 private:
  int cell_;
};

struct Cage {
  int sum = 0;
  std::vector<int> cells;  // ascending, 0-based row-major
  friend bool operator==(const Cage&, const Cage&) = default;
};

// The largest board a cage may lie on.
inline constexpr int kMaxKillerSize = 9;

// The sets of `size` distinct symbols of 1..n summing to `sum`, each a mask (bit v-1 for
// symbol v), ascending; empty when there is none (or the arguments are out of range).
// Precomputed once per n: the solver and the checks read them without allocating.
std::span<const std::uint32_t> cage_digit_sets(int n, int size, int sum);

// A killer puzzle's state part way through its solving, one entry per cell: the symbols
// still possible there (bit v-1 for symbol v), and kPlacedSymbol with the bit of its
// symbol alone on a cell whose symbol is placed. The medium cut hands the grader the state
// its easy rules reach (GeneratedPuzzle::easy_state, grader::Grader::rate).
inline constexpr std::uint16_t kPlacedSymbol = 1u << 15;

// The smallest and largest sums of `size` distinct symbols of 1..n.
int min_cage_sum(int size);
int max_cage_sum(int n, int size);

}  // namespace sudoforge
