#pragma once
// Generator: unique Sudoku puzzles, minimal by default, optionally symmetric, reproducible
// from a seed.
//
// One puzzle, step by step (Generator::generate):
//  1. Seeds. Puzzle `index` of a run seeded with `seed` uses the 64-bit value
//     puzzle_seed(seed, index) (SplitMix64: the index-th output of the SplitMix64 stream
//     started at `seed`) to seed a boost::random::mt19937_64. Everything below draws from
//     that engine through boost::random::uniform_int_distribution, whose output Boost fixes
//     on every platform; nothing depends on std:: distributions, thread scheduling or the
//     number of threads. So puzzle i of seed S is a function of (S, i) and the options.
//  2. Full grid: the boxes on the diagonal (band k, stack k; they share no unit) get
//     uniformly drawn permutations, then SudokuSolver::random_solution completes the grid
//     (the exact-cover search with branch values tried in a Boost.Random order). The
//     prefilled boxes halve the completion cost at 9x9. 2x2 boxes start from the empty
//     grid (a random 4x4 diagonal is not always completable), as do boards without boxes
//     or with extra houses (jigsaw, X), and any size should a completion fail.
//  3. Symmetry: kRandom draws one of the admissible symmetries other than kNone (a user
//     asking for random symmetry wants a symmetric puzzle). Cells are grouped into orbits
//     of the symmetry (a single cell each for kNone).
//  4. Clue removal: the orbits are visited once, in a uniformly shuffled order
//     (Fisher-Yates with uniform_int_distribution); each is removed and the removal kept
//     only when the puzzle keeps exactly one solution. Since a removal that fails can
//     never succeed later (fewer givens only allow more solutions), one pass leaves a
//     puzzle from which no orbit can be removed.
//     The uniqueness test uses the known solution S. Let P be the current puzzle (unique,
//     solution S) and X = {x1..xm} the orbit removed. A solution T != S of P \ X must
//     differ from S inside X (elsewhere it agrees with P's givens, and P has only S). Take
//     the first k with T[xk] != S[xk]: T solves P \ {xk..xm} with the candidate
//     (xk, S[xk]) forbidden. So P \ X is unique iff for every k the search
//     count(P \ {xk..xm}, limit 1, forbidden {(xk, S[xk])}) finds nothing. Each search
//     stops at its first hit; for a single cell it is one search. Two cheap tests come
//     first and settle about half of the checks at 9x9 without a search: if S[xk] is a
//     naked or hidden single of the givens of P \ {xk..xm}, no solution can avoid it
//     (keep); if the removal leaves an unavoidable set of S without a clue, the puzzle
//     has another solution (reject). The unavoidable sets used are found in
//     microseconds from the grid (two rows or two columns holding the same symbols on a
//     cycle of positions, and, from a grid's second removal order or under a filter, the
//     small classes of two symbols' cells that can swap; see generator.cpp); they include
//     every deadly rectangle.
//  5. Minimality, stated honestly: with kNone the pass tries every cell, so the result is
//     minimal (removing any one clue gives several solutions). With a symmetry the pass
//     only proves "orbit-minimal" (no whole orbit can go); the generator then tests each
//     clue alone and reports in GeneratedPuzzle::minimal whether the puzzle is also
//     minimal cell by cell (it often is not: a symmetric pair may have one redundant
//     member). With min_clues > 0 removal stops once no orbit fits above the floor;
//     `minimal` is then tested the same way and is usually false.
//  6. Big grids (16x16 and 25x25). A uniqueness check that must prove "no other solution"
//     on a sparse 25x25 puzzle can take minutes, so from 16x16 up:
//      - the checks run on the cell engine (locked candidates, lookahead) with the
//        known solution as branching hint (tried first: another solution differs from it
//        on a few cells);
//      - each check gets a node budget (first 1000). An orbit whose check runs out is kept
//        for now and retried after the pass, in the same order, with 10x the budget, and
//        so on up to max_check_nodes. Deferring the hard ones keeps the puzzle fuller
//        while the cheap removals are made; "needed" answers only get easier later.
//      - 25x25 only: the cell engine gets a tenth of the budget, at most 1000 nodes (enough
//        for the checks whose second solution is near the known one); a check it has not
//        settled goes on in ClauseSolver (clause learning, solver/clause_solver.h) with the
//        whole budget, counted in its own nodes (literals assigned; about ten cost one cell
//        engine node). Learning wins most on the PROOFS that a clue can go, where the cell
//        engine re-refutes the same local contradictions. The hard "needed" checks must
//        find a second solution far from the known one: ClauseSolver looks for it without
//        the known solution as hint and without phase saving, which would pull it back
//        toward the known one. The budgets go 1000, 10000, 100000, then max_check_nodes at
//        once (the checks still open then are the hard ones; a round between would repeat
//        work). Both searches are exact, so the verdicts (and the uniqueness of every
//        puzzle) are; only which checks finish within a budget changes, hence the puzzles
//        of a 25x25 seed change with these settings (16x16 and below do not). Timings of
//        these choices: generator/PERF_NOTES.md.
//      - if a budget still runs out at max_check_nodes, that orbit stays: the puzzle is
//        still unique (every removal that was kept was proven), but no longer proven
//        minimal: `minimal` and `orbit_minimal` are false and `undecided_clues` counts
//        those clues. With an unbounded max_check_nodes (the default up to 16x16) every
//        check is settled and the result is as in 4-5.
//      - 25x25 with the default budget only: the last round's checks of one puzzle share a
//        total (kDefaultPuzzleCheckNodes25), which bounds the time of the grids whose
//        "needed" checks are all hard; past it the remaining clues stay undecided, and
//        generate() tries a new grid (at most kUnprovenRetries25 times).
//     The order of removals thus differs from the single pass; 4x4 to 12x12 keep the
//     single unbounded pass, so their seeds keep their puzzles.
//  7. Jigsaw (GeneratorOptions::jigsaw). Before step 2 a region layout is drawn
//     (draw_region_map, seeded from the engine), then the grid is filled on that board
//     with a node budget (kJigsawFillNodesPerCell per cell): some layouts have no full
//     grid at all and some take long to fill, so a layout whose fill runs out or finds
//     none is dropped for a new one drawn from the same engine. Clue removal is as
//     above; the board travels with the puzzle (Grid::geometry()).
//
//  8. Killer (GeneratorOptions::killer). The full grid is drawn as in step 2 on the board
//     (with its extra houses: Killer X), then cut into cages (generator/src/killer_cut.h):
//     every cell starts as a cage of its own (as good as a given, so the puzzle is
//     unique), the pairs of neighbouring cells are visited once in a drawn order, and the
//     cages of a pair are merged (sums added) when the union repeats no symbol of the
//     grid, stays within killer_max_cage cells and the puzzle keeps exactly one solution
//     (killer_cut says how that must be proven). The checks run on one propagation state
//     per cut that reads the cages as they change (no board is built per tried merge),
//     and merges are checked in batches (a failed batch is retried merge by merge). With
//     a symmetry each merge is made with its images, so the cage layout is invariant.
//     With killer_min_cage > 1 first passes merge only the cages still below it, with a
//     size limit growing from killer_min_cage (small cages join one another before they
//     join full ones); a cage still smaller then takes a neighbouring cell of a larger
//     cage (and each of its images that cell's image) when the puzzle stays solved by
//     propagation; a grid left with a smaller cage is replaced by a new one.
//     Each check has a node budget (kKillerCheckNodes); past it the merge is not made.
//     The puzzle has no givens unless killer_givens asks for some (drawn before the cut,
//     whole orbits of the symmetry); its board (Grid::geometry()) carries the cages.
//
// Difficulty targeting (the grader plugs in through `Accept`): a rejected puzzle is not
// thrown away wholesale. The plan, implemented in generate():
//  - keep the full grid and retry with a new removal order (the same grid gives puzzles
//    of very different difficulty, and drawing a grid is the expensive part at 16x16 and
//    25x25) — up to `orders_per_grid` orders, then a new grid;
//  - every attempt is drawn from the same per-puzzle engine, so retries stay a function
//    of (seed, index);
//  - the accept predicate sees each candidate (clues, symmetry, solution) and decides;
//    a grader-backed predicate can also record the rating it computed so the caller does
//    not grade twice (the predicate owns that state, one per worker thread).
// The CLI's predicate grades with a ceiling (grader::GradeOptions::max_rating): a
// candidate above the level or band is rejected as soon as that is known, before the
// harder techniques are searched, which is most of the cost of rejecting it
// (grader/PERF_NOTES.md). Fresh candidates, not edits of rejected ones: a move of a few
// clues changes the rating path too much (generator/PERF_NOTES.md).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoforge/core/geometry.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/solver/search_stats.h"

namespace sudoforge {

// Bad generator options (inadmissible symmetry, min_clues out of range, ...).
class GeneratorError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct GeneratorOptions {
  Geometry geometry;                    // 3x3 boxes by default
  Symmetry symmetry = Symmetry::kNone;  // must be admitted by `geometry` (kRandom always is)
  // Jigsaw: every puzzle gets its own region layout (generator/layout.h), invariant under
  // the puzzle's symmetry, and `geometry` gives only N and the extra houses (its regions
  // are ignored: any board of N symbols will do). The symmetry must be one the layouts
  // admit (jigsaw_admits) that also maps the extra houses onto extra houses. See "Jigsaw"
  // in the header comment.
  bool jigsaw = false;
  // Killer: puzzles without givens whose cages are cut from the grid (see "Killer" in the
  // header comment); `geometry` is the board without cages (N <= 9, boxes, extra houses
  // allowed), `minimal`, `min_clues` and the checks' budgets are ignored. Cage sizes lie
  // in killer_min_cage..killer_max_cage (1 <= min <= max <= N); by default 2..5, so no
  // cage is a single cell (as in Solo's killers and most printed ones).
  bool killer = false;
  int killer_min_cage = 2;
  int killer_max_cage = 5;
  // Killer: cells given (0: none, the usual killer). Whole orbits of the symmetry drawn
  // at random before the cut, so the count may pass this by less than one orbit; the cut
  // checks uniqueness with them filled in, so givens buy fewer, larger cages.
  int killer_givens = 0;
  // Killer: which merges the cut keeps, from the loosest to the strictest (each proven
  // without trying digits is also easier to solve):
  //  - kUnique: the puzzle stays unique (propagation, then narrow searches within
  //    kKillerCheckNodes; a merge whose proof needs more is not made);
  //  - kDeduced: the easy techniques below and naked singles solve it, so every cut
  //    rates at most 2.3: medium, or now and then easy (workflow::plan_generation takes
  //    it for --level medium and a --max-rating within medium);
  //  - kEasy: the killer ladder's easy techniques (Cage Sum, hidden singles, Cage
  //    Combinations, one-house Innie/Outie) solve it, so every cut is easy (for --level
  //    easy and a --max-rating within easy);
  //  - kBanded: as kUnique, and when Accept rejects the cut's puzzle as too hard
  //    (GeneratedPuzzle::too_hard) the puzzles of fewer of its last merges are tried, by
  //    bisection on how many are kept (a merge only loosens the puzzle, so each is unique
  //    and, mostly, no harder): for a rating band above medium (hard and up), which few
  //    whole cuts hit. Cages below the minimum size are reshaped before the last merges.
  enum class KillerCut { kUnique, kDeduced, kEasy, kBanded };
  KillerCut killer_cut = KillerCut::kUnique;
  // true: remove until no orbit can go (min_clues must be 0). false: stop removing once
  // the clue count would drop below min_clues.
  bool minimal = true;
  int min_clues = 0;  // 0..N*N; only with minimal == false
  // Difficulty retries (see the header comment): removal orders tried per full grid
  // before a new grid is drawn, and attempts in all before generate() gives up
  // (throws GeneratorError). 0 = no limit on attempts.
  int orders_per_grid = 8;
  std::uint64_t max_attempts = 0;
  // Test each clue alone after a symmetric pass to fill GeneratedPuzzle::minimal
  // (costs one uniqueness search per clue; off only for benchmarking the pass).
  bool check_cell_minimal = true;
  // 16x16 and up: the largest node budget of one uniqueness check (see "Big grids" in the
  // header comment); 0 = unbounded (every check settled, the puzzle always minimal, a
  // 25x25 puzzle may take minutes). nullopt = by size: unbounded for 16x16,
  // kDefaultCheckNodes25 for 25x25. Ignored below 16x16, where checks always finish fast.
  std::optional<std::uint64_t> max_check_nodes;
  // 16x16 and up: the nodes that the last round's checks of one grid may use in all; past
  // them the clues left stay undecided and, when minimal is asked, generate() tries a new
  // grid (at most kUnprovenRetries25 times, then keeps what it has). 0 = no such total.
  // nullopt = kDefaultPuzzleCheckNodes25 on 25x25 when max_check_nodes is not set either,
  // else 0.
  std::optional<std::uint64_t> max_grid_check_nodes;
};

// Default max_check_nodes for 25x25: large enough to settle the single checks met
// (generator/PERF_NOTES.md), yet a bound (node counts, never time, keep the output a
// function of the seed).
inline constexpr std::uint64_t kDefaultCheckNodes25 = 50'000'000;
// With that default (max_check_nodes not set), a 25x25 grid's checks also share a total
// of this many nodes in the last round (about 90 s on one core). Most grids are proven
// minimal well within it; a grid whose "needed" checks are all hard (unbounded, one ran
// for more than 30 minutes) stops there with clues undecided, and the generator tries a
// new grid instead, up to kUnprovenRetries25 times; the last try is kept even if it is not
// proven minimal (minimal == false, undecided_clues > 0). Five grids bound a puzzle to
// about 8 minutes (timings per seed: generator/PERF_NOTES.md).
inline constexpr std::uint64_t kDefaultPuzzleCheckNodes25 = 300'000'000;
inline constexpr int kUnprovenRetries25 = 4;

// Jigsaw: the node budget of filling one layout, per cell of the board. Past it the layout
// is dropped for another (see "Jigsaw" in the header comment). A bound in nodes keeps the
// puzzles a function of the seed.
inline constexpr std::uint64_t kJigsawFillNodesPerCell = 20;

// Killer: the node budget of one uniqueness check of a cage merge; a check past it keeps
// the cages apart (the puzzle stays proven unique, only less merged). Bounds the rare
// slow checks, in nodes so that the puzzles stay a function of the seed.
inline constexpr std::uint64_t kKillerCheckNodes = 2000;

// The symmetries jigsaw puzzles of `board`'s size and extra houses can have (kNone first).
std::vector<Symmetry> jigsaw_symmetries(const Geometry& board);

// Throws GeneratorError when the options are inconsistent.
void validate(const GeneratorOptions& options);

struct GeneratedPuzzle {
  Grid puzzle;
  Grid solution;
  Symmetry symmetry = Symmetry::kNone;  // the one used (drawn when kRandom was asked)
  std::uint64_t seed = 0;               // the run seed S
  std::uint64_t index = 0;              // i: the puzzle is a function of (S, i)
  // No single clue can be removed without losing uniqueness (see the header comment).
  bool minimal = false;
  // No whole orbit can be removed (== minimal for Symmetry::kNone; false when min_clues
  // stopped the removal early).
  bool orbit_minimal = false;
  // Clues kept because their check ran out of max_check_nodes (16x16 and up): nobody knows
  // whether they are needed. Non-zero implies minimal == orbit_minimal == false.
  int undecided_clues = 0;
  std::uint64_t attempts = 1;   // candidates built (more than 1 when Accept rejected some)
  SearchStats cost;             // solver work for this puzzle (grid, removal, checks)
  int uniqueness_searches = 0;  // solver searches run (cheap tests excluded)
  // Set by an Accept predicate that grades (e.g. the SE rating and level name), so the
  // caller need not grade again; the generator itself never reads them.
  std::optional<double> rating;
  std::string level;
  // A medium killer (KillerCut::kDeduced): the state the cut's easy rules reach on the
  // puzzle (core/killer.h kPlacedSymbol), which the ladder's steps rated up to 1.5 reach
  // as well, so a grader may start from it (grader::Grader::rate). Empty otherwise.
  std::vector<std::uint16_t> easy_state;
  // Set by an Accept predicate that rejects the puzzle because it is rated above the band
  // asked for (KillerCut::kBanded then tries the same cut with fewer merges).
  bool too_hard = false;
};

// Decides whether a candidate puzzle is kept (difficulty filters), and may annotate it
// (rating, level). Called on the worker thread that built the candidate.
using Accept = std::function<bool(GeneratedPuzzle&)>;

// SplitMix64: the index-th output (0-based) of the stream seeded with `seed`.
std::uint64_t puzzle_seed(std::uint64_t seed, std::uint64_t index);

// Builds puzzles one at a time. Keeps solver scratch memory between puzzles. Not
// thread-safe: use one per thread.
class Generator {
 public:
  explicit Generator(GeneratorOptions options);  // validates; throws GeneratorError
  ~Generator();
  Generator(Generator&&) noexcept;
  Generator& operator=(Generator&&) noexcept;

  const GeneratorOptions& options() const;

  // Puzzle `index` of run `seed`: the first candidate `accept` keeps (any candidate when
  // accept is empty). nullopt when *stop became true meanwhile (polled inside the
  // uniqueness searches and after each rejected candidate, so a stop request is honoured
  // within milliseconds; an Accept that grades should poll it too). Throws
  // GeneratorError when max_attempts candidates were all rejected.
  std::optional<GeneratedPuzzle> generate(std::uint64_t seed, std::uint64_t index,
                                          const Accept& accept = {},
                                          const std::atomic<bool>* stop = nullptr);

  // Clue removal alone, from a given full grid (tests and experiments): removes orbits of
  // `symmetry` (concrete, admissible) in the order drawn from `order_seed`.
  GeneratedPuzzle reduce(const Grid& solution, Symmetry symmetry, std::uint64_t order_seed);

  // Clue removal from a puzzle instead of the full grid: `start` is unique with solution
  // `solution` and invariant under `symmetry` (concrete, admissible); its given orbits are
  // tried in the order drawn from `order_seed`, the orbit holding cell `last` (when given;
  // -1: none) after all the others, so that a clue just added to a puzzle stays unless
  // the result can do without it. The result is unique, minimal as reduce's is, and a
  // subset of `start`. nullopt when *stop became true.
  std::optional<GeneratedPuzzle> reduce_from(const Grid& start, const Grid& solution,
                                             Symmetry symmetry, std::uint64_t order_seed, int last,
                                             const std::atomic<bool>* stop = nullptr);

  // True when every clue of `puzzle` is needed: removing any one of them leaves a puzzle
  // with several solutions. Precondition: `puzzle` has exactly one solution.
  bool is_minimal(const Grid& puzzle);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A batch of puzzles with indices first_index .. first_index+count-1 of run `seed`,
// built by `threads` workers and delivered in index order.
struct BatchOptions {
  std::uint64_t seed = 0;
  std::uint64_t first_index = 0;
  std::uint64_t count = 1;
  int threads = 1;  // 1..256
  // Stop (cleanly) at this time: in-flight puzzles are abandoned, delivered ones stand.
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

enum class BatchEnd {
  kComplete,  // all `count` puzzles delivered
  kStopped,   // *stop became true
  kDeadline,  // the deadline passed
};

struct BatchResult {
  std::uint64_t delivered = 0;
  BatchEnd end = BatchEnd::kComplete;
};

// Makes one Accept per worker thread, so a predicate may own non-thread-safe state (a
// Grader). Empty: accept everything.
using AcceptFactory = std::function<Accept()>;

// Runs the batch. on_puzzle is called on the calling thread, in index order, never
// concurrently; the puzzles delivered are exactly indices first_index.. first_index +
// delivered - 1. `stop` (may be null) is polled every few milliseconds — a signal handler
// may set it. Exceptions from workers or callbacks stop the batch and are rethrown here
// after every worker has joined.
BatchResult generate_batch(const GeneratorOptions& options, const BatchOptions& batch,
                           const AcceptFactory& accept_factory,
                           const std::function<void(const GeneratedPuzzle&)>& on_puzzle,
                           const std::atomic<bool>* stop = nullptr);

}  // namespace sudoforge
