#pragma once
// Geometry: the board as data. N symbols, an N x N grid of cells, and a list of houses:
// sets of N cells that must each hold every symbol once. Peers (the cells that may not
// share a cell's symbol) are derived from the houses, never assumed.
//
// Cells are numbered row-major 0..N*N-1. Houses are numbered
//   rows 0..N-1, columns N..2N-1, regions 2N..3N-1, extra houses 3N..house_count()-1.
// Regions are the boxes of a classic board (R rows by C columns, numbered row-major) or
// the irregular regions of a jigsaw board (numbered by their first cell in reading order).
// Extra houses are a variant's (X's diagonals, Windoku's windows ...), in the order given.
// houses_of(cell) lists a cell's houses ascending, so its first three are always its row,
// column and region; a classic board has exactly those three.
//
// A killer board (with_cages) also has cages (killer.h): every cell in one cage, whose
// cells may not share a symbol either, so a cell's peers include its cage mates. Cages
// are no houses (they hold fewer than N cells) and no house number changes with them.
//
// Tables are built once per distinct board and shared: a Geometry is a pointer-sized
// value, cheap to copy; two Geometries compare equal exactly when they describe the same
// board (same regions, same extra houses in the same order).
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/core/killer.h"

namespace sudoforge {

enum class HouseKind { kRow, kColumn, kRegion, kExtra };

class Geometry {
 public:
  // The six supported box shapes: 2x2, 2x3, 3x3, 3x4, 4x4, 5x5. Throws GeometryError
  // otherwise.
  Geometry(int box_rows, int box_cols);
  // The standard 9x9 board.
  Geometry() : Geometry(3, 3) {}

  // The conventional box shape for N symbols (4, 6, 9, 12, 16, 25).
  static Geometry for_size(int n);
  // "9", "16" (a size) or "2x3", "3X4" (box rows x box columns). Throws GeometryError.
  static Geometry parse(std::string_view text);
  // True when N is one of the supported box sizes.
  static bool is_supported_size(int n);
  // Every supported classic geometry, smallest first.
  static std::vector<Geometry> all();

  // A jigsaw board: N (4..25) irregular regions replace the boxes. region_of_cell[c] is
  // any label (0..N-1) of cell c's region; the regions are renumbered by their first cell
  // in reading order, so two maps that draw the same regions give the same board. Throws
  // GeometryError unless there are N labels, each on N cells forming one orthogonally
  // connected region.
  static Geometry with_regions(int n, std::span<const int> region_of_cell);

  // This board plus extra houses (each N distinct cells), appended after the existing
  // ones; `names` names each one ("diagonal 1", "window 2"). Throws GeometryError when a
  // house has the wrong size, repeats a cell, or equals an existing house.
  Geometry with_extra_houses(const std::vector<std::vector<int>>& houses,
                             const std::vector<std::string>& names) const;

  // This board with cages (killer.h): each cage's cells are sorted and the cages ordered by
  // their first cell, so two lists of the same cages give the same board. Throws CageError
  // when the board already has cages or is larger than 9x9, when a cage is empty, larger
  // than N, not orthogonally connected, has a cell off the board or a sum no N-distinct
  // symbols make (cage_digit_sets), or when a cell is in two cages or in none.
  Geometry with_cages(std::vector<Cage> cages) const;
  // The board with_cages was called on (itself for a board without cages), so that what
  // does not depend on the cages can be shared among the killers of one grid shape.
  // Nullopt for a board that gained extra houses after its cages.
  std::optional<Geometry> without_cages() const;

  // The box shape (0 x 0 on a jigsaw board, whose regions are not boxes).
  int box_rows() const { return t_->box_rows; }
  int box_cols() const { return t_->box_cols; }
  int size() const { return t_->n; }                // N, the number of symbols
  int cell_count() const { return t_->n * t_->n; }  // N*N
  // Regions are R x C boxes (false on a jigsaw board).
  bool has_boxes() const { return t_->box_rows > 0; }
  // Boxes, no extra house and no cage: the board every classic engine and technique was
  // built for.
  bool is_classic() const { return t_->classic; }

  // Cages: a killer board's, ordered by first cell; none on other boards.
  bool has_cages() const { return !t_->cages.empty(); }
  std::span<const Cage> cages() const { return t_->cages; }
  // The index in cages() of a cell's cage; -1 on a board without cages.
  int cage_of(int cell) const { return t_->cages.empty() ? -1 : t_->cage_of[cell]; }

  int row(int cell) const { return t_->row[cell]; }
  int col(int cell) const { return t_->col[cell]; }
  // The region (box) of a cell, 0..N-1.
  int box(int cell) const { return t_->box[cell]; }
  int cell(int row, int col) const { return row * t_->n + col; }

  // Houses: 3N + extra_house_count() of them.
  int house_count() const { return static_cast<int>(t_->houses.size()); }
  int extra_house_count() const { return house_count() - 3 * t_->n; }
  // Cells of house h, ascending (rows and columns in reading order).
  std::span<const int> house(int h) const { return t_->houses[h]; }
  HouseKind house_kind(int h) const {
    const int n = t_->n;
    return h < n       ? HouseKind::kRow
           : h < 2 * n ? HouseKind::kColumn
           : h < 3 * n ? HouseKind::kRegion
                       : HouseKind::kExtra;
  }
  // The houses containing `cell`, ascending: row, column, region, then any extra houses.
  std::span<const int> houses_of(int cell) const { return t_->cell_houses[cell]; }
  int row_house(int cell) const { return row(cell); }
  int col_house(int cell) const { return t_->n + col(cell); }
  int box_house(int cell) const { return 2 * t_->n + box(cell); }
  // Cells sharing a house with `cell`, excluding it; sorted ascending.
  std::span<const int> peers(int cell) const { return t_->peers[cell]; }

  // Older names of the house accessors, kept while callers move over.
  int unit_count() const { return house_count(); }
  std::span<const int> unit(int u) const { return house(u); }
  int row_unit(int cell) const { return row_house(cell); }
  int col_unit(int cell) const { return col_house(cell); }
  int box_unit(int cell) const { return box_house(cell); }
  std::string unit_name(int unit) const { return house_name(unit); }

  // "r1c1" .. "r9c9" (1-based, as players write them).
  std::string cell_name(int cell) const;
  // "row 4", "column 2", "box 5" ("region 5" on a jigsaw board), or the extra house's name.
  std::string house_name(int house) const;
  // "3x3", "2x3" ...; "jigsaw 9" for a jigsaw board. Extra houses do not change it.
  std::string name() const;

  friend bool operator==(const Geometry& a, const Geometry& b) { return a.t_ == b.t_; }

 private:
  struct Tables {
    int box_rows = 0, box_cols = 0, n = 0;
    bool classic = false;  // is_classic(), kept by derive_tables: engines ask it per call
    std::vector<int> row, col, box;
    std::vector<std::vector<int>> houses, cell_houses, peers;
    std::vector<std::string> extra_names;
    std::vector<Cage> cages;
    std::vector<int> cage_of;
    // A board with cages: the tables of the board it was made from (without_cages).
    std::shared_ptr<const Tables> uncaged;
  };
  explicit Geometry(std::shared_ptr<const Tables> t) : t_(std::move(t)) {}
  static std::shared_ptr<const Tables> tables_for(int box_rows, int box_cols);
  // The tables of a board whose regions (row-major region index per cell) are given.
  static Tables region_tables(int n, int box_rows, int box_cols, std::span<const int> region);
  // cell_houses and peers from houses and cages.
  static void derive_tables(Tables& t);
  // The shared copy of a board's tables: equal boards get the same pointer.
  static std::shared_ptr<const Tables> intern(Tables t);
  std::shared_ptr<const Tables> t_;
};

}  // namespace sudoforge
