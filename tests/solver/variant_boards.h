#pragma once
// Test boards whose houses are not only rows, columns and boxes, written out by hand
// (shared by the solver, generator and CLI tests), and a check of region maps made apart
// from the product's Geometry.
#include <map>
#include <set>
#include <vector>

#include "sudoforge/core/geometry.h"

namespace sudoforge::test {

// The classic board of N symbols plus its two main diagonals.
inline Geometry x_board(int n) {
  std::vector<int> main, anti;
  for (int i = 0; i < n; ++i) {
    main.push_back(i * n + i);
    anti.push_back(i * n + n - 1 - i);
  }
  return Geometry::for_size(n).with_extra_houses({main, anti}, {"diagonal 1", "diagonal 2"});
}

// 9x9 with four 3x3 windows at rows and columns 2-4 and 6-8 (1-based).
inline Geometry windoku() {
  std::vector<std::vector<int>> windows;
  for (int top : {1, 5}) {
    for (int left : {1, 5}) {
      std::vector<int> w;
      for (int r = top; r < top + 3; ++r) {
        for (int c = left; c < left + 3; ++c) w.push_back(r * 9 + c);
      }
      windows.push_back(w);
    }
  }
  return Geometry().with_extra_houses(windows, {"window 1", "window 2", "window 3", "window 4"});
}

inline Geometry jigsaw4() {
  const std::vector<int> map = {0, 0, 0, 1,  //
                                2, 0, 1, 1,  //
                                2, 2, 3, 1,  //
                                2, 3, 3, 3};
  return Geometry::with_regions(4, map);
}

inline Geometry jigsaw6() {
  const std::vector<int> map = {0, 0, 0, 1, 1, 1,  //
                                0, 0, 2, 2, 1, 1,  //
                                0, 2, 2, 3, 3, 1,  //
                                4, 2, 2, 3, 3, 5,  //
                                4, 4, 4, 3, 3, 5,  //
                                4, 4, 5, 5, 5, 5};
  return Geometry::with_regions(6, map);
}

// The 3x3 boxes with two pairs of cells swapped between neighbouring boxes.
inline Geometry jigsaw9() {
  std::vector<int> map(81);
  for (int cell = 0; cell < 81; ++cell) map[cell] = (cell / 27) * 3 + (cell % 9) / 3;
  map[2 * 9 + 2] = 1;  // r3c3 to box 2, r1c4 to box 1
  map[0 * 9 + 3] = 0;
  map[5 * 9 + 5] = 7;  // r6c6 to box 8, r7c4 to box 5
  map[6 * 9 + 3] = 4;
  return Geometry::with_regions(9, map);
}

// n labels on n cells each, each region one orthogonally connected piece.
inline bool regions_are_connected_n_cell_sets(int n, const std::vector<int>& label) {
  std::map<int, std::vector<int>> cells_of;
  for (int c = 0; c < n * n; ++c) cells_of[label[c]].push_back(c);
  if (static_cast<int>(cells_of.size()) != n) return false;
  for (const auto& [region, cells] : cells_of) {
    if (static_cast<int>(cells.size()) != n) return false;
    std::set<int> reached{cells.front()};
    std::vector<int> todo{cells.front()};
    while (!todo.empty()) {
      const int c = todo.back();
      todo.pop_back();
      const int r = c / n, k = c % n;
      for (int d : {r > 0 ? c - n : -1, r + 1 < n ? c + n : -1, k > 0 ? c - 1 : -1,
                    k + 1 < n ? c + 1 : -1}) {
        if (d >= 0 && label[d] == region && reached.insert(d).second) todo.push_back(d);
      }
    }
    if (static_cast<int>(reached.size()) != n) return false;
  }
  return true;
}

}  // namespace sudoforge::test
