#pragma once
#include <string>
#include <vector>

#include "sudoforge/core/grid.h"

namespace sudoforge::workflow::test {

// A 9x9 grid from 81 characters, '.' or '0' for an empty cell.
inline Grid grid_of(const std::string& s) {
  std::vector<std::uint8_t> cells(81);
  for (int i = 0; i < 81; ++i) cells[i] = (s[i] >= '1' && s[i] <= '9') ? s[i] - '0' : 0;
  return Grid(Geometry(), cells);
}

}  // namespace sudoforge::workflow::test
