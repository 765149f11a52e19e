#pragma once
// Grid: the contents of a board. Value 0 is an empty cell, 1..N a symbol. A Grid may
// hold conflicting givens; see validate.h for the checks.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "sudoforge/core/geometry.h"

namespace sudoforge {

class Grid {
 public:
  explicit Grid(Geometry geometry = Geometry())
      : geometry_(geometry), cells_(geometry.cell_count(), 0) {}
  Grid(Geometry geometry, std::vector<std::uint8_t> cells);

  const Geometry& geometry() const { return geometry_; }
  int size() const { return geometry_.size(); }
  int cell_count() const { return geometry_.cell_count(); }

  int operator[](int cell) const { return cells_[cell]; }
  int at(int row, int col) const { return cells_[geometry_.cell(row, col)]; }
  // Precondition: 0 <= value <= N.
  void set(int cell, int value) { cells_[cell] = static_cast<std::uint8_t>(value); }
  void clear(int cell) { cells_[cell] = 0; }
  // Every cell at once. Precondition: cells.size() == cell_count(), each 0..N.
  void assign(std::span<const std::uint8_t> cells) {
    std::copy(cells.begin(), cells.end(), cells_.begin());
  }

  std::span<const std::uint8_t> cells() const { return cells_; }
  int clue_count() const;
  bool is_complete() const { return clue_count() == cell_count(); }

  friend bool operator==(const Grid& a, const Grid& b) {
    return a.geometry_ == b.geometry_ && a.cells_ == b.cells_;
  }
  friend bool operator<(const Grid& a, const Grid& b) { return a.cells_ < b.cells_; }

 private:
  Geometry geometry_;
  std::vector<std::uint8_t> cells_;
};

}  // namespace sudoforge
