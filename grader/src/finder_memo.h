#pragma once
// Internal to the grader: what the basic finders remember between the steps of a puzzle.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "candidate_grid.h"

namespace sudoforge::grader::detail {

// What the finders learnt at earlier steps on the same grid: where they found nothing,
// and when. A finder whose result in a unit (for a digit, from a set of cells) depends
// on nothing but the candidates there skips it while they did not change since: same
// input, same empty result. One memo per puzzle, bound to its grid by reset().
class FinderMemo {
 public:
  // Per unit: hidden single; direct hidden pair, triple; naked and hidden pair, triple,
  // quad (the set slots are kDirectHidden/kNakedSet/kHiddenSet + degree - 2).
  enum UnitSlot {
    kHiddenSingle = 0,
    kDirectHidden = 1,
    kNakedSet = 3,
    kHiddenSet = 6,
    kUnitSlots = 9
  };
  // Per digit: direct and plain locking; X-Wing, Swordfish, Jellyfish (kFish + degree - 2).
  enum DigitSlot { kDirectLocking = 0, kLocking = 1, kFish = 2, kDigitSlots = 5 };

  void reset(const CandidateGrid& g);

  // Whole-grid finders whose hints depend on the candidates of their few cells only (a
  // pattern that did not hold, or eliminated nothing, cannot start to once its cells are
  // unchanged: candidates only go): the clock + 1 of their last search that found
  // nothing (0: none). Such a finder may skip every pattern whose cells all have
  // cell_changed() below it.
  enum GridSlot {
    kXYWing = 0,
    kXYZWing = 1,
    kAlignedPair = 2,
    kAlignedTriplet = 3,
    kGridSlots = 4
  };
  std::uint64_t failed_since(int slot) const { return grid_[slot]; }
  void set_failed(int slot) { grid_[slot] = g_->clock() + 1; }
  // The cells changed at or after `since` (CandidateGrid::changed_since, set_words()
  // words), kept for the last grid state and time asked: the whole-grid finders that
  // found nothing at one step (XY- and XYZ-Wing, aligned pair exclusion) ask for the same
  // set at the next.
  const std::uint64_t* changed_since(std::uint64_t since) {
    if (since != changed_since_ || g_->clock() != changed_clock_ ||
        g_->serial() != changed_serial_) {
      std::fill(changed_, changed_ + g_->set_words(), 0);
      g_->changed_since(since, changed_);
      changed_since_ = since;
      changed_clock_ = g_->clock();
      changed_serial_ = g_->serial();
    }
    return changed_;
  }

  // The times unit_clean() compares with g.unit_times(), by unit, for a finder's loop over
  // the units: unit u is clean while g.unit_times()[u] < unit_row(slot)[u].
  const std::uint64_t* unit_row(int slot) const { return &unit_[slot * g_->unit_count()]; }
  bool unit_clean(int slot, int u) const {
    return g_->unit_changed(u) < unit_[slot * g_->unit_count() + u];
  }
  void set_unit_clean(int slot, int u) { unit_[slot * g_->unit_count() + u] = g_->clock() + 1; }
  // For a finder's loop that sets units clean: the row of its slot (unit_row) to write,
  // and the time to write there (set_unit_clean's), read once per call instead of once
  // per unit.
  std::uint64_t* unit_row(int slot) { return &unit_[slot * g_->unit_count()]; }
  std::uint64_t clean_time() const { return g_->clock() + 1; }
  bool digit_clean(int slot, int d) const {
    return g_->digit_changed(d) < digit_[slot * (g_->n() + 1) + d];
  }
  void set_digit_clean(int slot, int d) { digit_[slot * (g_->n() + 1) + d] = g_->clock() + 1; }

  // Sets of cells, under keys 0 .. (n+1)^2 - 1 chosen by the finder: clean while no cell
  // of the set recorded last changed, and then what the finder found from the set
  // (payload, in the finder's format) is still what it would find.
  bool cells_clean(int key) const;
  void set_cells_clean(int key, const std::uint64_t* cells);  // g.set_words() words
  std::vector<int>& payload(int key) { return payload_[key]; }

  // Per unit slot, the units (bit k % 64 of word k / 64 for se_unit(k)) not yet seen with
  // fewer empty cells than the slot's finder needs (live_units): empty cells only go, so
  // a unit seen with fewer never has enough again on this puzzle.
  std::uint64_t* roomy(int slot) { return &roomy_[static_cast<size_t>(slot) * unit_words_]; }

  // Per cage of a killer board: finders whose result from a cage depends on nothing but
  // its cells' values and candidates (Cage Sum, Cage Combinations) skip it while none of
  // its cells changed since they found nothing there.
  enum CageSlot { kCageSum = 0, kCageCombinations = 1, kCageSlots = 2 };
  bool cage_clean(int slot, int k, std::span<const int> cells) const {
    const std::uint64_t t = cage_[slot * cage_count_ + k];
    if (t == 0) return false;
    for (int c : cells) {
      if (g_->cell_changed(c) >= t) return false;
    }
    return true;
  }
  void set_cage_clean(int slot, int k) { cage_[slot * cage_count_ + k] = g_->clock() + 1; }

  // A cache of verdicts under 32-bit keys (one finder's: aligned triplet exclusion): the
  // clock + 1 when the finder found nothing there. Entries may be overwritten by others:
  // a lost verdict only costs a new search. verdict_time: the time of the verdict of
  // `key`, null when unknown; the finder may renew it (set it to clock + 1 when it finds
  // the verdict still holds).
  std::uint64_t* verdict_time(std::uint32_t key) {
    if (verdicts_.empty()) return nullptr;
    Verdict& v = verdicts_[slot_of(key)];
    return v.key == key && v.epoch == epoch_ ? &v.time : nullptr;
  }
  // Starts loading the entry of `key`: a finder that knows its next keys asks for them all
  // first, so that the table's cache misses overlap.
  void prefetch_verdict(std::uint32_t key) const {
    if (!verdicts_.empty()) __builtin_prefetch(&verdicts_[slot_of(key)]);
  }
  void set_verdict(std::uint32_t key) {
    if (verdicts_.empty()) verdicts_.resize(std::size_t{1} << kVerdictBits);
    verdicts_[slot_of(key)] = Verdict{key, epoch_, g_->clock() + 1};
  }
  // The clock + 1 of the verdict finder's previous call on this puzzle (0: none), which
  // it keeps here.
  std::uint64_t& verdict_call() { return verdict_call_; }

 private:
  const CandidateGrid* g_ = nullptr;
  std::vector<std::uint64_t> unit_, digit_;  // clock + 1 when found clean, 0 never
  std::vector<std::uint64_t> roomy_;         // [slot * unit_words_ + word]
  int unit_words_ = 0;
  std::uint64_t grid_[kGridSlots] = {};
  // changed_since(): the set, for the time, clock and grid serial (0: none) it was made.
  std::uint64_t changed_[16] = {};  // words <= 10 (625 cells)
  std::uint64_t changed_since_ = 0, changed_clock_ = 0, changed_serial_ = 0;
  std::vector<std::uint64_t> cage_;  // clock + 1 when found clean, 0 never
  int cage_count_ = 0;
  std::vector<std::uint64_t> set_time_, set_cells_;
  std::vector<std::vector<int>> payload_;
  // Entries of earlier puzzles stay in the table, told apart by the epoch of reset():
  // clearing its 256 KB for every puzzle that used it was a pass over memory each time.
  struct Verdict {
    std::uint32_t key = 0, epoch = 0;
    std::uint64_t time = 0;
  };
  static constexpr int kVerdictBits = 14;
  static std::size_t slot_of(std::uint32_t key) {
    return (key * 2654435761u) >> (32 - kVerdictBits);  // Fibonacci hashing
  }
  std::vector<Verdict> verdicts_;  // empty until the first verdict
  std::uint32_t epoch_ = 0;        // of the current puzzle: 1, 2, ...
  std::uint64_t verdict_call_ = 0;
};

// Writes to live[] the units order[k], k in [64 * w, min(count, 64 * w + 64)), in that
// order, with at least min_empty empty cells (empty[u]) and not clean (changed[u] >=
// clean[u]; every one when clean is null), and returns how many. With `roomy` (the
// memo's row for the finder's slot), only the units of roomy[w] are read, and those with
// fewer empty cells are taken out of it. A finder's loop over the units first lists those
// it searches in this tight pass, which keeps its tables in registers: the tests made in
// the loop itself, next to the search's body, cost twice as much.
inline int live_units(const int* order, int w, std::uint64_t* roomy, int count, const int* empty,
                      int min_empty, const std::uint64_t* changed, const std::uint64_t* clean,
                      int* live) {
  const int base = 64 * w;
  const std::uint64_t span =
      count - base >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (count - base)) - 1;
  int nl = 0;
  if (!roomy) {  // every unit of the word, without a branch
    const int end = count - base < 64 ? count : base + 64;
    if (clean) {
      for (int k = base; k < end; ++k) {
        const int u = order[k];
        live[nl] = u;
        nl += (empty[u] >= min_empty) & (changed[u] >= clean[u]);
      }
    } else {
      for (int k = base; k < end; ++k) {
        const int u = order[k];
        live[nl] = u;
        nl += empty[u] >= min_empty;
      }
    }
    return nl;
  }
  std::uint64_t gone = 0;
  for (std::uint64_t bits = roomy[w] & span; bits; bits &= bits - 1) {
    const int k = std::countr_zero(bits);
    const int u = order[base + k];
    if (empty[u] < min_empty) {
      gone |= std::uint64_t{1} << k;
      continue;
    }
    live[nl] = u;
    nl += !clean || changed[u] >= clean[u];
  }
  roomy[w] &= ~gone;
  return nl;
}

}  // namespace sudoforge::grader::detail
