#include "sudoforge/core/grid.h"

#include <algorithm>
#include <stdexcept>

namespace sudoforge {

Grid::Grid(Geometry geometry, std::vector<std::uint8_t> cells)
    : geometry_(geometry), cells_(std::move(cells)) {
  if (static_cast<int>(cells_.size()) != geometry_.cell_count()) {
    throw std::invalid_argument("Grid: wrong number of cells");
  }
  for (auto v : cells_) {
    if (v > geometry_.size()) throw std::invalid_argument("Grid: value out of range");
  }
}

int Grid::clue_count() const {
  return static_cast<int>(std::count_if(cells_.begin(), cells_.end(), [](auto v) { return v; }));
}

}  // namespace sudoforge
