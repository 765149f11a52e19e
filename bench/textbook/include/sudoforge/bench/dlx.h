#pragma once
// Dlx: Knuth's Algorithm X with dancing links, for any exact-cover matrix, written as the
// textbook gives it (node arrays, recursive search). The benchmarks' reference: solver_bench
// builds one matrix per puzzle, as most published DLX Sudoku solvers do, to compare the
// product's engines (solver/) against. No product path uses it.
//
// Columns 0..primary-1 must be covered exactly once; columns primary..primary+secondary-1
// (secondary) at most once. Rows are added once, then searched any number of times (each
// search leaves the links as it found them).
//
// Why index arrays instead of node objects: one contiguous int per link keeps the matrix in
// a few cache lines per column and lets a search run without touching the allocator.
// Column choice is Knuth's MRV: the primary column with the fewest rows, first found on
// ties; the scan stops at once on a column of size 0 (dead end) or 1 (forced).
//
// Statistics (SearchStats): every row tried counts one node, forced or not; a row tried in
// a column that had two or more rows when it was chosen also counts one guess.
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "sudoforge/solver/search_limits.h"
#include "sudoforge/solver/search_stats.h"

namespace sudoforge::bench {

class Dlx {
 public:
  // Called with the row ids of one exact cover, in the order the search chose them.
  // Return false to stop the search.
  using Visitor = std::function<bool(std::span<const int> rows)>;

  explicit Dlx(int primary_columns, int secondary_columns = 0);

  // Adds a row covering `columns` (distinct, each in [0, column_count())); returns its id,
  // 0, 1, 2... in the order of the calls. Throws std::invalid_argument on a bad column.
  // A row with no primary column can never be part of a cover.
  int add_row(std::span<const int> columns);
  int add_row(std::initializer_list<int> columns) {
    return add_row(std::span<const int>(columns.begin(), columns.size()));
  }

  int primary_columns() const { return primary_; }
  int column_count() const { return primary_ + secondary_; }
  int row_count() const { return static_cast<int>(row_start_.size()); }

  // Finds exact covers until `limit` were found or `visit` returns false; returns how many
  // were found (visited). Stats are added to *stats when non-null. No heap allocation
  // happens during the search itself (buffers are sized when it starts).
  std::uint64_t search(std::uint64_t limit, const Visitor& visit = {},
                       SearchStats* stats = nullptr);
  // Bounds for later searches (search_limits.h): a search that hits them unwinds (the
  // matrix stays intact) and throws SearchAborted.
  void set_limits(const SearchLimits& limits) { limits_ = limits; }
  const SearchLimits& limits() const { return limits_; }
  // min(number of exact covers, limit).
  std::uint64_t count(std::uint64_t limit, SearchStats* stats = nullptr) {
    return search(limit, {}, stats);
  }

 private:
  void cover(int c);
  void uncover(int c);
  int choose_column() const;
  // Algorithm X at `depth` (rows chosen so far in stack_[0..depth)).
  void search_from(int depth);

  int primary_, secondary_;
  SearchLimits limits_;
  // Node 0 is the root, nodes 1..columns are the column headers, row nodes follow.
  std::vector<int> left_, right_, up_, down_, column_, row_of_;
  std::vector<int> size_;       // per header node
  std::vector<int> row_start_;  // first node of each row (-1 for an empty row)
  std::vector<int> stack_;      // node chosen at each depth
  std::vector<int> rows_;       // row ids of the current partial cover
  // The current search.
  std::uint64_t limit_ = 0, found_ = 0, nodes_ = 0, guesses_ = 0;
  bool stop_ = false;
  const Visitor* visit_ = nullptr;
  detail::LimitCheck check_;
};

}  // namespace sudoforge::bench
