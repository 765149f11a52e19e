#pragma once
// Test helpers: grids from strings (independent of the core text reader).
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/core/grid.h"

namespace sudoforge::test {

// N*N characters for the geometry: '.' or '0' empty, '1'..'9', or 'A'.. (N > 9, A = 1).
// Whitespace is skipped, so grids may be written in rows.
inline Grid grid_from(std::string_view text, Geometry g = Geometry()) {
  std::vector<std::uint8_t> cells;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (c == '.' || c == '0') {
      cells.push_back(0);
    } else if (g.size() <= 9 && c >= '1' && c <= '9') {
      cells.push_back(static_cast<std::uint8_t>(c - '0'));
    } else if (g.size() > 9 && c >= 'A' && c <= 'Z') {
      cells.push_back(static_cast<std::uint8_t>(c - 'A' + 1));
    } else {
      ADD_FAILURE() << "bad character '" << c << "'";
      cells.push_back(0);
    }
  }
  EXPECT_EQ(static_cast<int>(cells.size()), g.cell_count());
  cells.resize(g.cell_count());
  return Grid(g, cells);
}

inline std::string to_string(const Grid& grid) {
  std::string s;
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    const int v = grid[cell];
    s += v == 0             ? '.'
         : grid.size() <= 9 ? static_cast<char>('0' + v)
                            : static_cast<char>('A' + v - 1);
  }
  return s;
}

// The 9x9 puzzles of a fixture file (first 81 characters of each line).
inline std::vector<Grid> read_puzzles(const std::string& path) {
  std::vector<Grid> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() >= 81 && line[0] != '#') out.push_back(grid_from(line.substr(0, 81)));
  }
  return out;
}

}  // namespace sudoforge::test
