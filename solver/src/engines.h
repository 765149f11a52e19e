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
//    options. Both count the same events as textbook DLX: a forced placement is a node in a
//    column of size 1; a branch is a row tried in a column of size >= 2. (The bitwise engines also
//    place what their extra propagation proves, which DLX would have reached by forced
//    columns anyway, so their node counts are close to, not equal to, kLinked's.)
//  - `limits` are checked during the search (see search_limits.h); when one is hit the
//    search unwinds (leaving the engine ready for the next call), the stats spent so far
//    are added, and run() throws SearchAborted.
//  - No heap allocation once warm for a geometry (buffers are kept between calls).
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sudoforge/core/geometry.h"
#include "sudoforge/solver/internal/count_isa.h"
#include "sudoforge/solver/search_limits.h"
#include "sudoforge/solver/search_stats.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::detail {

using SolutionSink = BandSink;

// Sudoku-specialised dancing links (every geometry). The columns are the cells, then one
// per (house, symbol) for every house of the geometry in house order (house h, symbol v:
// column N*N + h*N + v), so extra houses and jigsaw regions are just more columns.
class LinkedEngine {
 public:
  LinkedEngine();
  ~LinkedEngine();
  LinkedEngine(LinkedEngine&&) noexcept;
  LinkedEngine& operator=(LinkedEngine&&) noexcept;

  std::uint64_t run(const Geometry& g, const std::uint8_t* givens,
                    std::span<const Candidate> forbidden, std::uint64_t limit, SearchStats* stats,
                    SolutionSink sink, const SearchLimits& limits);

 private:
  // The matrix and its search, for one node width (linked_engine.cpp).
  template <class Index, int kWidth>
  class Matrix;
  // Boards whose every cell lies in exactly three houses (classic and jigsaw): four nodes
  // per candidate, 16-bit node indices.
  std::unique_ptr<Matrix<std::uint16_t, 4>> three_;
  // Boards with extra houses: rows padded to a power-of-two width, 32-bit node indices.
  std::unique_ptr<Matrix<std::uint32_t, 0>> wide_;
};

// Per-cell candidate bitmasks, any geometry (N <= 25; units are the geometry's houses).
// run() propagates naked and hidden singles and locked candidates (pointing and claiming;
// off classic boards, any two houses sharing two or more cells) to a fixpoint and branches
// on the exact-cover column with fewest rows: a cell with fewest candidates or a (unit,
// symbol) with fewest places; once a search is large, a lookahead over binary columns
// picks the branch (cell_engine.cpp). random_solution (off classic 9x9) keeps the first
// release's search (singles only, branch on a cell), so that a seed keeps giving the same
// grid.
class CellEngine {
 public:
  CellEngine();
  ~CellEngine();
  CellEngine(CellEngine&&) noexcept;
  CellEngine& operator=(CellEngine&&) noexcept;

  // `prefer` (null, or N*N values 1..N): at each branch the options that agree with it are
  // tried first. It changes the order of the search only, never the count.
  std::uint64_t run(const Geometry& g, const std::uint8_t* givens,
                    std::span<const Candidate> forbidden, std::uint64_t limit, SearchStats* stats,
                    SolutionSink sink, const SearchLimits& limits,
                    const std::uint8_t* prefer = nullptr);
  // One solution with branch values tried in an order drawn from `seed` (restarting with
  // a growing node budget so an unlucky early choice cannot stall it); false when none.
  // `out` receives N*N values.
  bool random_solution(const Geometry& g, const std::uint8_t* givens, std::uint64_t seed,
                       SearchStats* stats, std::uint8_t* out, const SearchLimits& limits);

 private:
  struct Rng;
  void prepare(const Geometry& g);
  void prepare_links(const Geometry& g);
  bool init(std::uint32_t* s, const std::uint8_t* givens, std::span<const Candidate> forbidden);
  bool place(std::uint32_t* s, int cell, std::uint32_t bit);
  bool eliminate(std::uint32_t* s, int cell, std::uint32_t bit);
  void touch(int cell);
  void reset_work();
  std::uint32_t segment_mask(const std::uint32_t* s, int seg) const;
  bool clear_segment(std::uint32_t* s, int seg, std::uint32_t bits, bool* progress);
  // The candidates of the open cells of cells[begin .. end), and their removal.
  static std::uint32_t open_mask(const std::uint32_t* s, const std::uint16_t* cells, int begin,
                                 int end);
  bool clear_cells(std::uint32_t* s, const std::uint16_t* cells, int begin, int end,
                   std::uint32_t bits, bool* progress);
  bool locked_in_houses(std::uint32_t* s, bool* progress);
  bool propagate(std::uint32_t* s);
  bool hidden_singles(std::uint32_t* s, bool* progress);
  bool locked_candidates(std::uint32_t* s, bool* progress);
  int lookahead(std::uint32_t* s, std::uint32_t* t, int* oc, std::uint32_t* ob);
  // The unsolved cell with the fewest candidates (the first with two), or -1; its count
  // goes to best_count, which holds an upper bound on entry.
  int fewest_candidates(const std::uint32_t* s, int& best_count) const;
  void search(int depth);
  void search_random(int depth);
  bool found_solution(const std::uint32_t* s);
  std::uint32_t* frame(int depth) { return frames_.data() + std::size_t(depth) * frame_size_; }

  Geometry geometry_;
  bool prepared_ = false;
  int n_ = 0, nn_ = 0, units_ = 0, frame_size_ = 0, unit_words_ = 0;
  std::uint32_t full_ = 0;
  // Peers and houses ("units") per cell: cell c's are peers_[peer_start_[c] ..
  // peer_start_[c+1]) and cell_units_[cell_unit_start_[c] .. cell_unit_start_[c+1]).
  std::vector<std::uint16_t> peers_;
  std::vector<std::uint32_t> peer_start_;
  std::vector<std::uint16_t> unit_cells_;  // units_ * n_
  std::vector<std::uint16_t> cell_units_, cell_unit_start_;
  // Per cell, unit_words_ words: the bits of its units in dirty_singles_ / dirty_locked_.
  std::vector<std::uint64_t> touch_masks_;
  // Classic boards: line-box intersections (segments) for locked candidates. Segment i
  // holds the cells seg_cells_[seg_start_[i] .. seg_start_[i+1]) of line seg_line_[i] (a
  // row or column unit) and box seg_box_[i] (box index 0..N-1). A line's segments, in
  // order, are line_segs_[line_seg_start_[line] ..); a box's row segments box_row_segs_[b
  // * R ..] and column segments box_col_segs_[b * C ..] (R x C boxes).
  std::vector<std::uint16_t> seg_cells_, seg_start_, seg_line_, seg_box_;
  std::vector<std::uint16_t> line_segs_, line_seg_start_, box_row_segs_, box_col_segs_;
  // Other boards: every pair of houses (A, B) sharing two or more cells, listed under A
  // (house A's are links_[link_start_[A] .. link_start_[A+1])). A symbol whose places in A
  // all lie in A & B leaves the rest of B. Each link names three runs of link_cells_.
  struct Link {
    std::uint32_t shared, outside, rest, end;  // A & B, A - B, B - A; end of B - A
  };
  bool generic_locked_ = false;
  std::vector<Link> links_;
  std::vector<std::uint32_t> link_start_;
  std::vector<std::uint16_t> link_cells_;
  // Frames, one per depth: [cand (nn_) | unit_placed (units_) | unsolved (1)].
  std::vector<std::uint32_t> frames_;
  std::vector<int> queue_;
  int queue_head_ = 0, queue_tail_ = 0;
  // Units (bit u) touched since hidden singles / locked candidates last visited them;
  // empty at a fixpoint. unit_words_ words are in use.
  static constexpr int kMaxUnitWords = 8;
  std::uint64_t dirty_singles_[kMaxUnitWords] = {}, dirty_locked_[kMaxUnitWords] = {};
  // The current run.
  std::uint64_t limit_ = 0, found_ = 0, nodes_ = 0, guesses_ = 0, budget_ = 0;
  bool stop_ = false, randomize_ = false, out_of_budget_ = false;
  const std::uint8_t* prefer_ = nullptr;
  SolutionSink sink_;
  LimitCheck check_;
  std::uint64_t nodes_before_ = 0;  // nodes of earlier restarts (random_solution)
  std::vector<std::uint8_t> out_;
  std::unique_ptr<Rng> rng_;
};

// Boards with cages (Killer Sudoku, N <= 9; killer_engine.cpp): per-cell candidate
// masks over the houses and cage mates, hidden singles in houses, and per cage its digit
// sets (killer.h) propagated to a fixpoint; branches on a cell with fewest candidates.
// With `random_seed`, the values of each branch cell are tried in an order drawn from it
// (random_solution on killer boards).
class KillerEngine {
 public:
  std::uint64_t run(const Geometry& g, const std::uint8_t* givens,
                    std::span<const Candidate> forbidden, std::uint64_t limit, SearchStats* stats,
                    SolutionSink sink, const SearchLimits& limits,
                    const std::uint64_t* random_seed = nullptr);

 private:
  static constexpr int kCells = 81;
  struct Frame {
    std::uint16_t cand[kCells];  // candidates; a placed cell keeps its one bit
    std::uint8_t value[kCells];  // 0 open, else the placed symbol
    int unsolved;
  };
  struct CageInfo {
    std::vector<std::uint8_t> cells;
    std::span<const std::uint32_t> sets;  // cage_digit_sets of its size and sum
  };
  void prepare(const Geometry& g);
  void add_innie_cages(const Geometry& g, const std::vector<int>& cage_of);
  bool assign(Frame& f, int cell, int value);
  bool restrict(Frame& f, int cell, std::uint16_t keep, bool& changed);
  bool cage_pass(Frame& f, const CageInfo& cage, bool& changed);
  bool hidden_singles(Frame& f, bool& changed);
  bool propagate(Frame& f);
  void search(int depth);
  std::uint64_t next_random();

  Geometry geometry_;
  bool prepared_ = false;
  int n_ = 0, nn_ = 0;
  std::vector<std::vector<std::uint8_t>> peers_, houses_;
  std::vector<CageInfo> cages_;
  std::vector<Frame> frames_;
  std::uint64_t limit_ = 0, found_ = 0, nodes_ = 0, guesses_ = 0, rng_ = 0;
  bool stop_ = false, random_ = false;
  SolutionSink sink_;
  LimitCheck check_;
};

// The extra houses of a 9x9 boxed board in BandEngine's terms: three band words per house
// (bit 9*(row%3) + column in word row/3). Locked candidates between an extra house and the
// houses it crosses are not used: they cut the nodes but cost more than they save
// (solver/PERF_NOTES.md).
struct BandHouses {
  std::vector<std::uint32_t> houses;
  bool empty() const { return houses.empty(); }
};

// 9x9 with 3x3 boxes only: per-digit bitboards in three 27-bit bands (band = three rows),
// with row/box/column hidden singles, locked candidates, naked singles, and branching on a
// bivalue cell. Extra houses (X, Windoku ...): their placed digits leave the house, their
// hidden singles are placed. A plain count (no sink, nothing forbidden, no extra houses)
// also applies the mini-row rule and branches on a digit's configurations in a band
// (band_engine.cpp): a smaller search, the same count, other nodes and guesses. With
// forbidden candidates and no sink (has_other_solution) it runs that count's word pass
// without those two (band_rules.h's CheckRules).
class BandEngine {
 public:
  // Givens need not be checked for conflicts within rows, columns and boxes: on such a
  // conflict it sets *conflict and returns 0 (the caller names the pair). Givens that clash
  // in an extra house must be rejected by the caller (they only make the count 0 here).
  std::uint64_t run(const std::uint8_t* givens, std::span<const Candidate> forbidden,
                    std::uint64_t limit, SearchStats* stats, SolutionSink sink,
                    const SearchLimits& limits, bool* conflict,
                    const BandHouses* extra_houses = nullptr);
  // random_solution's search: branch values are tried in an order drawn from *random_seed.
  // The shared band search with the first release's propagation (band_random.cpp,
  // band_core.h) so a seed keeps giving the same grid. Givens must be conflict-free.
  std::uint64_t run_random(const std::uint8_t* givens, std::uint64_t limit, SearchStats* stats,
                           SolutionSink sink, std::uint64_t* random_seed,
                           const SearchLimits& limits);
};

}  // namespace sudoforge::detail
