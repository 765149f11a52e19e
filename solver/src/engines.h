#pragma once
// Internal: the Sudoku search engines behind SudokuSolver. Not installed, not public API.
//
// Common contract of every engine's run():
//  - `givens` holds N*N values (0 empty, 1..N given) that the caller has already checked
//    for conflicts, and `forbidden` holds candidates none of which is a given.
//  - It returns min(#solutions, limit) and calls sink (when set) once per solution found,
//    with N*N values 1..N; the sink returning false stops the search.
//  - Stats, when non-null, are ADDED to: nodes = candidates placed by the search (forced
//    single or branch), guesses = branches tried at a choice point with two or more
//    options. Both count the same events as in Dlx: a forced placement is a node in a column
//    of size 1; a branch is a row tried in a column of size >= 2. (The bitwise engines also
//    place what their extra propagation proves, which DLX would have reached by forced
//    columns anyway, so their node counts are close to, not equal to, kLinked's.)
//  - No heap allocation once warm for a geometry (buffers are kept between calls).
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sudoforge/core/geometry.h"
#include "sudoforge/solver/search_stats.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::detail {

struct SolutionSink {
  bool (*fn)(void* ctx, const std::uint8_t* cells) = nullptr;
  void* ctx = nullptr;
  explicit operator bool() const { return fn != nullptr; }
  bool operator()(const std::uint8_t* cells) const { return fn(ctx, cells); }
};

// Sudoku-specialised dancing links (every geometry).
class LinkedEngine {
 public:
  std::uint64_t run(const Geometry& g, const std::uint8_t* givens,
                    std::span<const Candidate> forbidden, std::uint64_t limit,
                    SearchStats* stats, SolutionSink sink);

 private:
  void prepare(const Geometry& g);
  inline void cover(int c);
  inline void uncover(int c);

  int n_ = 0, nn_ = 0, columns_ = 0, head_ = 0, root_ = 0;
  // Per node (row nodes 0..4*rows-1 in blocks of 4, then headers, then the root).
  std::vector<int> up_, down_, col_;
  // Per header (index = column): list links and sizes.
  std::vector<int> left_, right_, size_;
  // Per matrix row: the (cell, value) it stands for.
  std::vector<int> row_cell_;
  std::vector<std::uint8_t> row_value_;
  // Per candidate (cell*N + value-1): its column ids, precomputed per geometry.
  std::vector<int> cand_cols_;
  std::vector<std::uint32_t> unit_used_;
  std::vector<std::uint8_t> forbidden_mark_;
  std::vector<int> stack_;
  std::vector<std::uint8_t> cells_;
  Geometry geometry_;
  bool prepared_ = false;
};

// Per-cell candidate bitmasks, any geometry (N <= 25): naked and hidden singles, branch
// on a cell with fewest candidates. Also drives random_solution (random value order).
class CellEngine {
 public:
  CellEngine();
  ~CellEngine();
  CellEngine(CellEngine&&) noexcept;
  CellEngine& operator=(CellEngine&&) noexcept;

  std::uint64_t run(const Geometry& g, const std::uint8_t* givens,
                    std::span<const Candidate> forbidden, std::uint64_t limit,
                    SearchStats* stats, SolutionSink sink);
  // One solution with branch values tried in an order drawn from `seed` (restarting with
  // a growing node budget so an unlucky early choice cannot stall it); false when none.
  // `out` receives N*N values.
  bool random_solution(const Geometry& g, const std::uint8_t* givens, std::uint64_t seed,
                       SearchStats* stats, std::uint8_t* out);

 private:
  struct Rng;
  void prepare(const Geometry& g);
  bool init(std::uint32_t* s, const std::uint8_t* givens, std::span<const Candidate> forbidden);
  bool place(std::uint32_t* s, int cell, std::uint32_t bit);
  bool propagate(std::uint32_t* s);
  void search(int depth);
  std::uint32_t* frame(int depth) { return frames_.data() + std::size_t(depth) * frame_size_; }

  Geometry geometry_;
  bool prepared_ = false;
  int n_ = 0, nn_ = 0, units_ = 0, frame_size_ = 0, peer_count_ = 0;
  std::uint32_t full_ = 0;
  std::vector<std::uint16_t> peers_;       // nn_ * peer_count_
  std::vector<std::uint16_t> unit_cells_;  // units_ * n_
  std::vector<std::uint16_t> cell_units_;  // nn_ * 3
  // Frames, one per depth: [cand (nn_) | unit_placed (units_) | unsolved (1)].
  std::vector<std::uint32_t> frames_;
  std::vector<int> queue_;
  int queue_head_ = 0, queue_tail_ = 0;
  // The current run.
  std::uint64_t limit_ = 0, found_ = 0, nodes_ = 0, guesses_ = 0, budget_ = 0;
  bool stop_ = false, randomize_ = false, out_of_budget_ = false;
  SolutionSink sink_;
  std::vector<std::uint8_t> out_;
  std::unique_ptr<Rng> rng_;
};

// 9x9 only: per-digit bitboards in three 27-bit bands (band = three rows), with
// row/box/column hidden singles, locked candidates inside each band, naked singles, and
// branching on a bivalue cell.
class BandEngine {
 public:
  std::uint64_t run(const std::uint8_t* givens, std::span<const Candidate> forbidden,
                    std::uint64_t limit, SearchStats* stats, SolutionSink sink);
};

}  // namespace sudoforge::detail
