// The rating loop: Sudoku Explainer's ladder, first applicable technique in SE's order.
#include "sudoforge/grader/grader.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "chain_engine.h"
#include "sudoforge/core/killer.h"
#include "finders.h"
#include "finder_memo.h"
#include "floor_closure.h"
#include "stop_poll.h"

namespace sudoforge::grader {

std::string_view level_name(Level level) {
  switch (level) {
    case Level::kEasy: return "easy";
    case Level::kMedium: return "medium";
    case Level::kHard: return "hard";
    case Level::kExpert: return "expert";
    case Level::kDiabolical: return "diabolical";
    case Level::kExtreme: return "extreme";
  }
  return "extreme";
}

std::optional<Level> parse_level(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (Level l : {Level::kEasy, Level::kMedium, Level::kHard, Level::kExpert,
                  Level::kDiabolical, Level::kExtreme}) {
    if (level_name(l) == s) return l;
  }
  return std::nullopt;
}

Level level_for(double er) {
  const long t = std::lround(er * 10);
  if (t <= 15) return Level::kEasy;
  if (t <= 28) return Level::kMedium;
  if (t <= 44) return Level::kHard;
  if (t <= 62) return Level::kExpert;
  if (t <= 89) return Level::kDiabolical;
  return Level::kExtreme;
}

std::pair<double, double> level_range(Level level) {
  switch (level) {
    case Level::kEasy: return {0.0, 1.5};
    case Level::kMedium: return {1.5, 2.8};
    case Level::kHard: return {2.8, 4.4};
    case Level::kExpert: return {4.4, 6.2};
    case Level::kDiabolical: return {6.2, 8.9};
    case Level::kExtreme: return {8.9, 20.0};
  }
  return {8.9, 20.0};
}

int level_min_clues(int size, Level level) {
  // Per level, easy to extreme. Minimal puzzles wherever they give the level in a few
  // percent of the candidates or more; else a floor at which it comes often, yet with as
  // few clues as that allows (rates per floor: grader/PERF_NOTES.md).
  static constexpr int k12[] = {64, 0, 0, 0, 0, 0};
  static constexpr int k16[] = {124, 116, 114, 112, 108, 0};
  const auto i = static_cast<std::size_t>(level);
  switch (size) {
    case 12:
      return k12[i];
    case 16:
      return k16[i];
    case 25:
      return k16[i] == 0 ? 0 : (k16[i] * 625 + 128) / 256;
    default:
      return 0;
  }
}

int level_min_clues(const Geometry& board, Level level) {
  if (board.size() == 9 && !board.is_classic() && level == Level::kEasy) return 22;
  return level_min_clues(board.size(), level);
}

struct Grader::Impl {
  detail::ChainEngine chains;
  detail::FinderMemo memo;
  std::optional<detail::CandidateGrid> grid;  // the last puzzle's, its buffers reused
  detail::FloorFixpoint fixpoint;             // where the floor's last test stopped
};

Grader::Grader(GradeOptions options) : impl_(new Impl), options_(options) {}
Grader::~Grader() { delete impl_; }
Grader::Grader(Grader&& other) noexcept : impl_(other.impl_), options_(other.options_) {
  other.impl_ = nullptr;
}
Grader& Grader::operator=(Grader&& other) noexcept {
  if (this != &other) {
    delete impl_;
    impl_ = other.impl_;
    options_ = other.options_;
    other.impl_ = nullptr;
  }
  return *this;
}

namespace {

using detail::Ctx;
using detail::Hint;

enum class Next { kFound, kStuck, kAbove };

// Killer boards stop the house chains at dynamic chains (depth 3): the deeper nestings
// reason on houses alone, cost seconds to minutes a step there, and the cage forcing
// chains that follow use the cage sums as well.
constexpr int kKillerChainDepth = 3;

// The deepest nesting of the cage forcing chains tried: on a unique killer level 2
// finishes every one met so far (grader/PERF_NOTES.md, session 16); a level costs about
// the square of the one below, so a deeper one is left to the search measure.
constexpr int kMaxCageNesting = 4;

// The cage forcing chains, level by level (9.0, 9.5, ...), through `rung` (which checks
// each level's rating against the ceiling).
template <class Rung>
bool cage_forcing_chains(const Ctx& ctx, Rung& rung, Hint& h) {
  for (int level = 1; level <= kMaxCageNesting; ++level) {
    if (rung(90 + 5 * (level - 1),
             [&] { return detail::find_cage_forcing_chains(ctx, level, h); }))
      return true;
  }
  return false;
}

// The rungs of the ladder whose rules no floor's closure holds (floor_closure.h): XYZ-wings,
// the uniqueness techniques (unique loops, BUG) and aligned pair exclusion.
constexpr bool outside_every_floor(int rung) {
  return rung == 44 || rung == 45 || rung == 56 || rung == 62;
}

// The next step in SE's order, with each rung's lowest rating (tenths), which rise along
// the ladder: past `ceiling`, every hint left would be rated above it (kAbove). The rungs
// whose lowest rating is at most `tried` are skipped: a search that stopped with kAbove
// under a ceiling `tried` on this state resumes at the rung where it stopped (the floors
// never fall along the ladder, so those are exactly the rungs it searched, in vain).
// `found_at`: the lowest rating of the rung that found h (kFound).
Next next_hint(const Ctx& ctx, detail::ChainEngine& chains, const GradeOptions& opt, int tried,
               int ceiling, Hint& h, int& found_at) {
  using namespace detail;
  bool above = false;
  auto rung = [&](int floor, auto&& find) {
    if (floor <= tried) return false;
    if (floor > ceiling) return above = true;
    if (!find()) return false;
    found_at = floor;
    return true;
  };
  // Killer boards interleave the cage rungs by rating and drop the uniqueness techniques
  // (unique loops, BUG): their deadly patterns assume a swap of two digits keeps every
  // constraint, which a cage sum does not.
  const bool k = ctx.g.geo().has_cages();
  // clang-format off
  if (rung(10, [&] { return find_hidden_single(ctx, h); }) ||
      (k && rung(10, [&] { return find_cage_sum(ctx, h); })) ||
      (k && rung(13, [&] { return find_cage_combinations(ctx, h); })) ||
      (k && rung(14, [&] { return find_innies_outies(ctx, false, false, h); })) ||
      rung(17, [&] { return find_direct_locking(ctx, h); }) ||
      (k && rung(20, [&] { return find_innies_outies(ctx, true, false, h); })) ||
      rung(20, [&] { return find_direct_hidden_set(ctx, 2, h); }) ||
      (k && rung(22, [&] { return find_cage_house_overlap(ctx, h); })) ||
      rung(23, [&] { return find_naked_single(ctx, h); }) ||
      rung(25, [&] { return find_direct_hidden_set(ctx, 3, h); }) ||
      (k && rung(25, [&] { return find_innies_outies(ctx, false, true, h); })) ||
      rung(26, [&] { return find_locking(ctx, h); }) ||
      (k && rung(28, [&] { return find_naked_cage_combination(ctx, h); })) ||
      rung(30, [&] { return find_naked_set(ctx, 2, h); }) ||
      rung(32, [&] { return find_fish(ctx, 2, h); }) ||
      (k && rung(32, [&] { return find_hidden_cage_combination(ctx, h); })) ||
      rung(34, [&] { return find_hidden_set(ctx, 2, h); }) ||
      rung(36, [&] { return find_naked_set(ctx, 3, h); }) ||
      (k && rung(36, [&] { return find_combination_clash(ctx, h); })) ||
      rung(38, [&] { return find_fish(ctx, 3, h); }) ||
      rung(40, [&] { return find_hidden_set(ctx, 3, h); }) ||
      rung(42, [&] { return find_xy_wing(ctx, false, h); }) ||
      rung(44, [&] { return find_xy_wing(ctx, true, h); }) ||
      (!k && rung(45, [&] { return find_unique_loop(ctx, h); })) ||
      rung(50, [&] { return find_naked_set(ctx, 4, h); }) ||
      rung(52, [&] { return find_fish(ctx, 4, h); }) ||
      rung(54, [&] { return find_hidden_set(ctx, 4, h); }) ||
      (!k && rung(56, [&] { return find_bug(ctx, h); })) ||
      rung(62, [&] { return find_aligned_pair_exclusion(ctx, h); }) ||
      (opt.max_chain_depth >= 1 &&
       rung(65, [&] { return chains.find_forcing_chains(ctx, h); })) ||
      // SE tries aligned triplet exclusion (7.5) just before the Nishio chains (7.5 and up).
      (opt.max_chain_depth >= 2 &&
       (rung(75, [&] { return find_aligned_triplet_exclusion(ctx, h); }) ||
        rung(75, [&] {
          return chains.find_advanced_chains(
              ctx, k ? std::min(opt.max_chain_depth, kKillerChainDepth) : opt.max_chain_depth, h);
        }))) ||
      (k && cage_forcing_chains(ctx, rung, h))) {
    return above ? Next::kAbove : Next::kFound;
  }
  // clang-format on
  return Next::kStuck;
}

}  // namespace

Rating Grader::rate(const Grid& puzzle, bool keep_steps) {
  return rate_from(puzzle, keep_steps, {}, Lift{});
}

Rating Grader::rate(const Grid& puzzle, bool keep_steps, double lifted,
                    const std::function<bool(const Rating&)>& exceeded) {
  if (lifted >= 0 && options_.max_rating >= 0 && lifted < options_.max_rating) {
    throw std::invalid_argument("grader: a lifted ceiling must not be below max_rating");
  }
  return rate_from(puzzle, keep_steps, {}, Lift{lifted, &exceeded});
}

Rating Grader::rate(const Grid& puzzle, std::span<const std::uint16_t> start) {
  if (start.size() != static_cast<std::size_t>(puzzle.cell_count())) {
    throw std::invalid_argument("grader: a start state needs one entry per cell");
  }
  return rate_from(puzzle, false, start, Lift{});
}

Rating Grader::rate_from(const Grid& puzzle, bool keep_steps, std::span<const std::uint16_t> start,
                         Lift lift) {
  if (!impl_) throw std::logic_error("grader: use of a moved-from Grader");
  detail::StopScope scope(options_.stop);
  try {
    return rate_once(puzzle, keep_steps, start, lift);
  } catch (const GradingStopped&) {
    // A search left mid-way may leave its scratch half-updated: start afresh.
    Impl* fresh = new Impl;
    delete impl_;
    impl_ = fresh;
    throw;
  }
}

namespace {

// The floor's closure, tested again mid-path (floored gradings). A step whose removals the
// floor's rules also make leaves the closure's fixpoint as it was (floor_closure.h, (M)),
// so a test that failed before it fails again. Once the floor's rules hold the chains
// (every 9x9 floor from 8.8 on), the other steps are those rated 7.5 or more (aligned
// triplet exclusion, the dynamic chains) and those of the rungs no floor's rules hold
// (outside_every_floor); below, some of the static chains' steps are others too, and a
// test after them is left out (it rarely paid: grader/PERF_NOTES.md, session 25). Any
// test is exact (the closure's proof holds from every state of the path); where it is
// made only decides what it saves. A test waits for the next step that needs the rungs
// from the static chains' (6.5) on, the searches it can save: the steps before it move no
// fixpoint (with the chains among the floor's rules), so it answers as it would have
// right after the step that moved the closure, from a state nearer the fixpoint, and a
// path that ends without those rungs needs none. After a step of the rungs no floor holds,
// the closure solved about a quarter of the states of `generate --level extreme`, at any
// live count; after one rated 7.5 or more, a third of those with fewer than 120 live
// candidates and under a tenth of those with over 140 (grader/PERF_NOTES.md, sessions 25
// and 27; 150 measured again in session 28), so those wait for fewer than 135.
struct FloorRetest {
  static constexpr int kHardFrom = 75, kLiveBelow = 135, kChainsRung = 65;
  bool moved = false;    // a step since the last test may have moved the fixpoint
  bool outside = false;  // one of them was of a rung no floor's rules hold

  // After a step rated `rating` tenths, found by the rung of lowest rating `rung`.
  void after_step(int rating, int rung) {
    const bool out = rating < kHardFrom && outside_every_floor(rung);
    moved = moved || out || rating >= kHardFrom;
    outside = outside || out;
  }
  // Before a search of the rungs from kChainsRung on, on g: whether to test now.
  bool due(const detail::CandidateGrid& g) {
    if (!moved) return false;
    bool pays = outside;
    if (!pays) {
      int live = 0;
      for (int c = 0; c < g.cell_count(); ++c) live += g.value(c) ? 0 : detail::popcount(g.cand(c));
      pays = live < kLiveBelow;
    }
    if (pays) moved = outside = false;
    return pays;
  }
};

}  // namespace

Rating Grader::rate_once(const Grid& puzzle, bool keep_steps, std::span<const std::uint16_t> start,
                         Lift lift) {
  Rating r;
  int er = 0, ep = -1, ed = -1;
  const auto finish_with = [&](Rating& out, int top) {
    out.er = top / 10.0;
    out.ep = (ep < 0 ? top : ep) / 10.0;
    out.ed = (ed < 0 ? 0 : ed) / 10.0;
    out.level = level_for(out.er);
  };
  const auto finish = [&] { finish_with(r, er); };
  // A floor above the singles' 2.3 (GradeOptions::min_rating) is tested before the first
  // step: the closure of the rules rated below it (floor_closure.h). Its proof holds from
  // any state of the path, so it is tested again after a step no such rule explains
  // (FloorRetest), while every step so far rates below the floor.
  constexpr int kSinglesTop = 23;
  const bool floored =
      options_.min_rating * 10 > kSinglesTop + 1e-9 && !puzzle.geometry().has_cages();
  bool floor_due = floored;
  FloorRetest retest;
  impl_->fixpoint.valid = false;
  // The floor in tenths: ER < min_rating exactly when ER is below this (any floor above
  // every rating is one).
  const int floor =
      static_cast<int>(std::ceil(std::min(options_.min_rating, 1000.0) * 10 - 1e-9));
  // From the givens alone the test needs no CandidateGrid, so a rejected puzzle (most of
  // a filtered generation's candidates) is never built one.
  if (floor_due && start.empty() && !puzzle.is_complete()) {
    floor_due = false;
    detail::poll_stop();
    if (detail::floor_rejects(puzzle, floor, options_.max_chain_depth >= 1, impl_->fixpoint)) {
      r.complete = false;
      r.below = true;
      finish();
      return r;
    }
  }
  if (impl_->grid) {
    impl_->grid->reload(puzzle);
  } else {
    impl_->grid.emplace(puzzle);
  }
  detail::CandidateGrid& g = *impl_->grid;
  // The start state, when given: its placements, then the candidates it no longer has.
  if (!start.empty()) {
    for (int c = 0; c < g.cell_count(); ++c) {
      if ((start[c] & kPlacedSymbol) && g.value(c) == 0) {
        g.place(c, std::countr_zero(static_cast<unsigned>(start[c] & ~kPlacedSymbol)) + 1);
      }
    }
    for (int c = 0; c < g.cell_count(); ++c) {
      if (g.value(c)) continue;
      for (detail::Mask m = g.cand(c); m; m &= m - 1) {
        const int d = detail::lowest(m);
        if (!(start[c] >> (d - 1) & 1)) g.eliminate(c, d);
      }
    }
  }
  impl_->memo.reset(g);
  Ctx ctx{g, keep_steps, &impl_->memo};
  // A ceiling in tenths (ratings are multiples of 0.1: 6.2 is 62).
  const auto tenths = [](double rating) {
    return rating < 0 ? std::numeric_limits<int>::max()
                      : static_cast<int>(std::floor(rating * 10 + 1e-9));
  };
  int ceiling = tenths(options_.max_rating);
  // The rungs next_hint skips: those searched in vain under the ceiling before a lift.
  int tried = std::numeric_limits<int>::min();
  // The floor's closure from g's state: when it solves the grid, the rest of the path rates
  // below the floor, and the result says so (incomplete, below). It starts from where the
  // last test of the path stopped, and is not made when g is still above that fixpoint
  // (floor_closure.h, (F)). A failed test leaves its fixpoint in impl_->fixpoint.
  const auto below_floor = [&] {
    const detail::FloorRules rules =
        detail::floor_test_rules(detail::floor_rules(g, floor, options_.max_chain_depth >= 1));
    if (detail::fixpoint_stands(g, rules, impl_->fixpoint) ||
        !detail::closure_solves(g, rules, impl_->fixpoint)) {
      return false;
    }
    r.complete = false;
    r.below = true;
    return true;
  };
  Hint h;
  std::array<const char*, 16> met{};  // technique names already listed (see below)
  int met_count = 0;
  const char* last_name = nullptr;
  while (!g.solved()) {
    detail::poll_stop();
    if (floor_due) {
      floor_due = false;
      // From a start state: the same test on its grid.
      if (below_floor()) break;
    }
    if (options_.max_steps > 0 && r.step_count >= options_.max_steps) {
      r.complete = false;
      break;
    }
    h.placements.clear();
    h.eliminations.clear();
    h.cells.clear();
    h.explanation.clear();
    int found_at = 0;
    Next next;
    if ((retest.moved || impl_->fixpoint.valid) && er < floor && tried < FloorRetest::kChainsRung &&
        ceiling >= FloorRetest::kChainsRung) {
      // The rungs below the static chains first; the floor's test, when due, before those
      // (while every step so far rates below the floor). Without a test, a state that is
      // the last test's fixpoint (the one before the path's first hard step is the
      // givens' test's: the steps in between are the rules') has no static chain either.
      constexpr int kBelowChains = FloorRetest::kChainsRung - 1;
      next = next_hint(ctx, impl_->chains, options_, tried, kBelowChains, h, found_at);
      if (next == Next::kAbove) {
        if (retest.due(g) && below_floor()) break;
        // Whether the static chains (rung 6.5) have no hint on g: the last test's closure
        // held them and ended at g's state ((C) of floor_closure.h), whether that test was
        // made just now or earlier on the path.
        const detail::FloorFixpoint& fix = impl_->fixpoint;
        const bool chains_idle = fix.valid && fix.rules.chains && detail::fixpoint_is(g, fix);
        const int searched = chains_idle ? FloorRetest::kChainsRung : kBelowChains;
        next = next_hint(ctx, impl_->chains, options_, std::max(tried, searched), ceiling, h,
                         found_at);
      }
    } else {
      next = next_hint(ctx, impl_->chains, options_, tried, ceiling, h, found_at);
    }
    tried = std::numeric_limits<int>::min();
    // The ceiling exceeded with a lift to come (Grader::rate with `lifted`): up to here the
    // path is the one without a ceiling, since the ceiling only stops rungs above it. The
    // caller sees the rating a stop here gives; to go on, a hint found above the ceiling
    // is the step taken under the lifted one when it is at most that (the rungs before it
    // found nothing), and a stop before a rung resumes at that rung.
    if (lift.exceeded && next != Next::kStuck && (next == Next::kAbove || h.rating > ceiling)) {
      Rating so_far = r;
      so_far.complete = false;
      so_far.exceeded = true;
      if (next == Next::kFound && h.rating > er) so_far.hardest = h.technique;
      finish_with(so_far, next == Next::kFound ? std::max(er, h.rating) : er);
      const bool go_on = (*lift.exceeded)(so_far);
      const int lifted = tenths(lift.ceiling);
      lift.exceeded = nullptr;
      if (go_on) {
        if (next == Next::kAbove) {
          tried = ceiling;
          ceiling = lifted;
          continue;
        }
        ceiling = lifted;
      }
    }
    if (next != Next::kFound || h.rating > ceiling) {
      r.complete = false;
      r.exceeded = next != Next::kStuck;  // no step at or below the ceiling, or one above
      if (next == Next::kFound && h.rating > er) {
        er = h.rating;
        r.hardest = h.technique;
      }
      break;
    }
    bool sound = true;
    for (auto [c, d] : h.eliminations) g.eliminate(c, d);
    for (auto [c, d] : h.placements) {
      if (g.value(c) != 0 || !g.has(c, d)) {
        sound = false;
        break;
      }
      g.place(c, d);
    }
    ++r.step_count;
    if (h.rating > er) {
      er = h.rating;
      r.hardest = h.technique;
    }
    if (ed < 0) ed = h.rating;
    if (ep < 0 && !h.placements.empty()) ep = er;
    // Technique names are string literals (static, never rewritten): a pointer met before
    // names a listed technique, known without comparing text. Two literals of one text
    // still meet in the comparison of names.
    if (h.technique != last_name &&
        std::find(met.begin(), met.begin() + met_count, h.technique) == met.begin() + met_count) {
      if (met_count < static_cast<int>(met.size())) met[met_count++] = h.technique;
      const std::string_view technique = h.technique;
      if (std::find(r.techniques.begin(), r.techniques.end(), technique) == r.techniques.end()) {
        r.techniques.emplace_back(technique);
        if (options_.settled && !g.solved() && options_.settled(r)) {
          r.settled = true;
          r.complete = false;
        }
      }
    }
    last_name = h.technique;
    if (keep_steps) {
      Step s;
      s.technique = h.technique;
      s.rating = h.rating / 10.0;
      s.placements = h.placements;
      s.eliminations = h.eliminations;
      s.cells = h.cells;
      s.explanation = h.explanation;
      r.steps.push_back(std::move(s));
    }
    if (!sound || g.dead_cell() >= 0) {  // a contradiction: not a unique puzzle
      r.complete = false;
      r.settled = false;
      break;
    }
    if (r.settled) break;
    if (floored && er < floor) retest.after_step(h.rating, found_at);
  }
  finish();
  return r;
}

}  // namespace sudoforge::grader
