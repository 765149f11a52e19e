#pragma once
// Geometry: the shape of a Sudoku board with boxes of R rows by C columns.
//
// N = R*C symbols, an N x N grid, and 3N units (N rows, N columns, N boxes). Cells are
// numbered row-major 0..N*N-1. Units are numbered rows 0..N-1, columns N..2N-1, boxes
// 2N..3N-1, boxes row-major. All tables are built once per supported shape and shared:
// a Geometry is a pointer-sized value, cheap to copy and compare.
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sudoforge {

class Geometry {
 public:
  // The six supported shapes: 2x2, 2x3, 3x3, 3x4, 4x4, 5x5. Throws GeometryError otherwise.
  Geometry(int box_rows, int box_cols);
  // The standard 9x9 board.
  Geometry() : Geometry(3, 3) {}

  // The conventional box shape for N symbols (4, 6, 9, 12, 16, 25).
  static Geometry for_size(int n);
  // "9", "16" (a size) or "2x3", "3X4" (box rows x box columns). Throws GeometryError.
  static Geometry parse(std::string_view text);
  // True when N is one of the supported sizes.
  static bool is_supported_size(int n);
  // Every supported geometry, smallest first.
  static std::vector<Geometry> all();

  int box_rows() const { return t_->box_rows; }
  int box_cols() const { return t_->box_cols; }
  int size() const { return t_->n; }            // N, the number of symbols
  int cell_count() const { return t_->n * t_->n; }  // N*N
  int unit_count() const { return 3 * t_->n; }

  int row(int cell) const { return t_->row[cell]; }
  int col(int cell) const { return t_->col[cell]; }
  int box(int cell) const { return t_->box[cell]; }
  int cell(int row, int col) const { return row * t_->n + col; }

  // Cells of unit u (0 <= u < 3N), in reading order.
  std::span<const int> unit(int u) const { return {t_->units[u].data(), t_->units[u].size()}; }
  // The three units of a cell: row, column, box (as unit numbers).
  int row_unit(int cell) const { return row(cell); }
  int col_unit(int cell) const { return t_->n + col(cell); }
  int box_unit(int cell) const { return 2 * t_->n + box(cell); }
  // Cells sharing a unit with `cell`, excluding it; sorted ascending.
  std::span<const int> peers(int cell) const {
    return {t_->peers[cell].data(), t_->peers[cell].size()};
  }

  // "r1c1" .. "r9c9" (1-based, as players write them).
  std::string cell_name(int cell) const;
  // "row 4", "column 2", "box 5".
  std::string unit_name(int unit) const;
  // "3x3", "2x3" ...
  std::string name() const;

  friend bool operator==(const Geometry& a, const Geometry& b) { return a.t_ == b.t_; }

 private:
  struct Tables {
    int box_rows = 0, box_cols = 0, n = 0;
    std::vector<int> row, col, box;
    std::vector<std::vector<int>> units, peers;
  };
  static std::shared_ptr<const Tables> tables_for(int box_rows, int box_cols);
  std::shared_ptr<const Tables> t_;
};

}  // namespace sudoforge
