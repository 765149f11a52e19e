#pragma once
// Grader: rates a Sudoku on the Sudoku Explainer (SE) scale by the human techniques it
// needs, and explains each step.
//
// The rating loop follows Sudoku Explainer: at every step the techniques are tried in
// SE's own order (singles, direct intersections and hidden sets, intersections, subsets,
// fish, wings, uniqueness, BUG, aligned pair exclusion, forcing chains and cycles,
// aligned triplet exclusion, Nishio, multiple, dynamic and dynamic (+) forcing chains) and
// the first one that makes progress is applied (for chains: the easiest chain, by SE's
// length-adjusted rating). ER is the highest step rating on the path, EP the highest up to
// and including the first placement, ED the first step's rating.
//
// Other sizes: every technique is written over units (rows, columns, boxes), so any
// supported geometry can be graded. The ratings keep their 9x9 SE values there; they
// order puzzles of one size by the techniques needed but are not calibrated against any
// published rater for sizes other than 9x9. Uniqueness techniques assume the puzzle has
// exactly one solution (the caller's precondition).
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoforge/core/grid.h"

namespace sudoforge::grader {

// Levels by ER: easy <= 1.5 < medium <= 2.8 < hard <= 4.4 < expert <= 6.2 <
// diabolical <= 8.9 < extreme, on every board size. The bands are those of technique
// families: hidden singles; intersections, naked singles and direct hidden subsets;
// subsets, X-Wing, Swordfish, XY- and XYZ-Wing; uniqueness, quads, BUG and aligned pair
// exclusion; static chains; dynamic chains. Only chain ratings grow with the board (SE's
// length adjustment), and on 6x6 to 16x16 the static chains still rate at most 8.7 and
// the dynamic ones at least 8.8, so the same bounds mean the same techniques there. What
// differs per size is which levels minimal puzzles reach: see level_min_clues.
enum class Level { kEasy, kMedium, kHard, kExpert, kDiabolical, kExtreme };

// "easy", "medium", "hard", "expert", "diabolical", "extreme".
std::string_view level_name(Level level);
// Case-insensitive inverse of level_name; nullopt for anything else.
std::optional<Level> parse_level(std::string_view text);
// The level of an ER rating.
Level level_for(double er);
// The ER range of a level: (low, high]; low is 0 for easy, high is 20 for extreme.
std::pair<double, double> level_range(Level level);
// The clue floor at which generated candidates of an N x N board (N = 4, 6, 9, 12, 16,
// 25) reach `level` at a usable rate; 0 means minimal puzzles do (the generator's
// default). Chosen from this grader's ratings (grader/PERF_NOTES.md): minimal 16x16
// puzzles are almost all extreme (they need dynamic chains) and minimal 12x12 ones never
// easy, so those levels are drawn from puzzles that keep more clues (not minimal).
// 4x4, 6x6 and 9x9 use minimal puzzles for every level; a level that minimal puzzles of
// such a size rarely or never reach (above easy on 4x4) gets 0 too, since more clues only
// make puzzles easier. 25x25 floors are the 16x16 ones scaled by the cell count.
int level_min_clues(int size, Level level);
// The same for a board: 9x9 boards with extra houses or jigsaw regions have fewer clues
// when minimal (X about 19, jigsaw about 20: the extra constraints pin more cells), so
// minimal ones are almost never easy; easy ones come from 22 clues (about 1 candidate in
// 8 is easy there, against 1 in 500 minimal ones). Other boards: level_min_clues(size).
int level_min_clues(const Geometry& board, Level level);

// One step of the solution path.
struct Step {
  std::string technique;                            // "Hidden Single", "X-Wing", ...
  double rating = 0;                                // SE rating of this step
  std::vector<std::pair<int, int>> placements;      // (cell, value)
  std::vector<std::pair<int, int>> eliminations;    // (cell, value)
  std::vector<int> cells;                           // the cells of the pattern
  std::string explanation;  // "r4c5=7: hidden single in box 5", "X-Wing on 4 ...: r5c3<>4"
};

struct Rating {
  double er = 0, ep = 0, ed = 0;
  Level level = Level::kEasy;
  std::string hardest;                  // technique of the step that set ER
  std::vector<Step> steps;              // filled only when asked (keep_steps)
  std::vector<std::string> techniques;  // distinct technique names, in order of first use
  bool complete = true;  // false: the ladder got stuck; ER is that of the steps done
  // Stopped early because ER is known to exceed GradeOptions::max_rating (complete is
  // false then, and ER is only a lower bound: the harder steps were not searched).
  bool exceeded = false;
  // Stopped early because GradeOptions::settled said the path so far answers the caller's
  // question (complete is false then; ER, EP and ED are those of the steps done).
  bool settled = false;
  // Stopped early because ER is known to be below GradeOptions::min_rating (complete is
  // false then; ER, EP and ED are those of the steps done).
  bool below = false;
  int step_count = 0;
};

struct GradeOptions {
  // Deepest chain family tried (a chain depth, not a difficulty level): 0 none (stop
  // after aligned pair exclusion), 1 forcing chains and cycles, 2 + aligned triplet
  // exclusion, Nishio and multiple chains, 3 + dynamic chains, 4 + dynamic (+) chains
  // (9.0+), 5 + forcing chains, multiple forcing chains, then dynamic forcing chains
  // nested in dynamic chains (SE's chaining nestings 2, 3 and 4: 9.5+, 10.0+, 10.5+), 6
  // (everything) + dynamic forcing chains with forcing chains inside them nested in
  // dynamic chains (SE's nesting 5, 11.0+). Lower values are faster and may leave the
  // rating incomplete (complete = false; ER then is that of the steps done). SE's nesting
  // 5 is only tried where nesting 4 finds nothing, which no puzzle of top1465 or cb001
  // (nor Golden Nugget, Easter Monster or AI Escargot) needs; one search of it can take
  // minutes (grader/PERF_NOTES.md). The nestings run on boards up to 9x9 only (on larger
  // ones a step could take hours).
  int max_chain_depth = 6;
  // Give up (complete = false) after this many steps (a safety net; 0 = no limit).
  int max_steps = 0;
  // Stop (Rating::exceeded) as soon as ER is known to be above this: when a step is rated
  // above it, or when no technique whose hints can be rated at or below it applies. The
  // ladder's techniques come in rising order of their lowest rating, so the step SE would
  // take then is above it, and the techniques above it are never searched: a filter for
  // puzzles up to some rating rejects harder ones at the cost of the easy techniques.
  // Negative: no ceiling.
  double max_rating = -1;
  // Stop (Rating::below) before the first step when ER is known to be below this: when
  // it is above 2.3 and naked and hidden singles solve the puzzle; and where the static
  // forcing chains are tried and rate below it on the board (from 8.8 up on 9x9 boards),
  // when singles, locking, subsets and fish up to 4, XY-wings and every contradiction
  // chain over the static links solve it. Those rules are monotone, so each step of SE's
  // path has a hint among them, rated below the floor (the proof and the rules allowed
  // at each floor: grader/src/floor_closure.h). Boards with cages are never stopped. A
  // filter for puzzles of some rating or more rejects the candidates so solved at the cost
  // of that test, far below a grading (figures: grader/PERF_NOTES.md, session 20).
  // Negative: no floor.
  double min_rating = -1;
  // When set, called each time a step adds a technique to Rating::techniques (so a few
  // times a puzzle, never per candidate search); returning true stops the grading there
  // (Rating::settled). For a caller that only needs to know which techniques the path
  // uses, e.g. technique-targeted generation: the steps already taken are those a full
  // grading takes, so the technique list so far is exact.
  std::function<bool(const Rating& so_far)> settled;
  // When non-null, polled before every step and inside the long searches (at least once
  // per chaining, so within milliseconds on every supported board); once it reads true,
  // rate() throws GradingStopped. The flag must outlive the calls that use it.
  const std::atomic<bool>* stop = nullptr;
};

// Thrown by Grader::rate when GradeOptions::stop was raised: the rating was abandoned and
// no partial result is returned. The Grader stays usable.
class GradingStopped : public std::runtime_error {
 public:
  GradingStopped() : std::runtime_error("grading stopped on request") {}
};

class Grader {
 public:
  explicit Grader(GradeOptions options = {});
  ~Grader();
  Grader(Grader&&) noexcept;
  Grader& operator=(Grader&&) noexcept;
  Grader(const Grader&) = delete;
  Grader& operator=(const Grader&) = delete;

  // Precondition: the puzzle has exactly one solution (the caller checks). Throws
  // std::invalid_argument when two givens conflict, GradingStopped on a stop request. Reusable; not thread-safe (use one
  // Grader per thread).
  Rating rate(const Grid& puzzle, bool keep_steps = false);
  // A killer puzzle graded from `start` (one entry per cell, sudoforge/core/killer.h
  // kPlacedSymbol) instead of its first candidates: a state that sound steps of the
  // ladder's rungs up to 1.5 (singles, Cage Sum, Cage Combinations, one-house
  // Innie/Outie) reach, or one between the puzzle's start and the fixpoint of those rungs.
  // Those rungs come first on the ladder and their fixpoint does not depend on the order
  // their steps are taken in, so grading the puzzle reaches that fixpoint and takes the
  // same steps after it as from `start`: er and level are the puzzle's whenever it rates
  // above 1.5 (below, they are at most the puzzle's); steps, step_count, ep, ed and
  // techniques lack the steps skipped. For the generator's medium killers
  // (GeneratedPuzzle::easy_state).
  Rating rate(const Grid& puzzle, std::span<const std::uint16_t> start);
  // One grading under two ceilings, for a caller that filters by GradeOptions::max_rating
  // and wants the full rating of the puzzles that exceed it: graded as rate() does until
  // the ceiling is exceeded; then `exceeded` gets the Rating rate() returns there
  // (exceeded, ER a lower bound), and when it returns true the grading goes on from that
  // step with `lifted` as the ceiling (negative: none; else at least max_rating, or
  // std::invalid_argument). The result is then exactly rate()'s by a Grader whose
  // max_rating is `lifted` (ER, EP, ED, hardest, techniques, steps, flags): the ceiling
  // only stops the ladder's rungs above it, so the path up to that step is the same under
  // both, and the steps before it are not searched twice. When `exceeded` is not called
  // (no ceiling, or not exceeded) or returns false, the result is rate()'s. Either way
  // `exceeded` is called at most once.
  Rating rate(const Grid& puzzle, bool keep_steps, double lifted,
              const std::function<bool(const Rating&)>& exceeded);

 private:
  // A lift of the ceiling (see rate() with `lifted`); none when exceeded is null.
  struct Lift {
    double ceiling = -1;
    const std::function<bool(const Rating&)>* exceeded = nullptr;
  };
  Rating rate_from(const Grid& puzzle, bool keep_steps, std::span<const std::uint16_t> start,
                   Lift lift);
  Rating rate_once(const Grid& puzzle, bool keep_steps, std::span<const std::uint16_t> start,
                   Lift lift);

  struct Impl;
  Impl* impl_;
  GradeOptions options_;
};

}  // namespace sudoforge::grader
