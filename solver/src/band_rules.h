#pragma once
// Internal: the propagation Rules of the band engine's count, solve and enumerate, the setup
// from givens and the classic count (fast_count), shared by band_engine.cpp and, compiled
// for x86-64-v3, band_count_v3.cpp (band_isa.h).
//
// The 9x9 exact-cover search on per-digit bitboards, updated one (digit, band) word at a time
// (the scheme of JCZSolve-style solvers; written from the idea, not from their code).
//
// The state, placement, branch choice and branch loop are band_core.h's (shared with
// random_solution's search, band_random.cpp); this file holds the propagation Rules of
// count/solve/enumerate and the setup from givens. Only words that changed since last
// examined are looked at again, so a placement costs the words it touched, not the grid.
//
// Updating the word i = (d, b) applies every exact-cover column of d that the word decides:
//  - (row, d) and (box, d) inside the band: the three placements of d form a permutation of
//    (row, box) pairs. From the 3x3 "which row-box segments still hold d" pattern a table
//    gives the union of the permutations it contains; that removes what locked candidates
//    (pointing / claiming inside the band) remove, and an empty result is a (row, d) or
//    (box, d) column with no row.
//  - stacks (column, d) against the band's two sibling words: if the band holds d in one
//    column only of a stack, that column is d's in the stack and the other bands lose it;
//    if this band and one sibling hold d in only two columns of a stack, the third band
//    loses both (the same permutation rule, columns for rows). A column left with d in one
//    band only is caught by that rule too.
//  - row singles: a row of the band left with one cell places d there (a box left with one
//    cell is a row single once the permutation rule has run). The cell leaves the band's
//    other eight digit words at once; its column leaves the other bands through the stack
//    rule in the same update.
// When no word changes any more, bit-sliced counts over the nine digits give naked singles
// and empty cells, and the loop repeats. The search branches on the first bivalue cell (else
// a cell with fewest candidates), trying its digits in increasing order.
//
// Count only (no solution wanted, no extra houses; count and has_other_solution):
// FastCountRules adds
// the mini-row rule (triads()) at each fixpoint and branches on the configurations of one
// (digit, band), the band with fewest configurations over its digits and in it the digit
// with fewest (two to six; each is one permutation of its row-box segments, so the
// branches split the solutions). The search is smaller on hard puzzles; which solution
// comes first changes, so solve and enumerate keep CountRules (the solution `solve`
// prints stays as it was). has_other_solution (forbidden candidates) runs CheckRules: the
// same word pass, no mini-rows, cell branching. Its
// word pass (examine_changed) takes the changed words found at once by a vector compare
// and examines them in one loop, where the first rules test the 27 words in turn in an
// unrolled pass; both reach the same fixpoint.
//
// Setup from givens is one pass: the given cells of each digit are gathered per band, then
// each digit word is masked once (rows, boxes and columns of its givens, cells of other
// givens); a given that lost its own bit is a conflict, left to the caller to name.
#include <cstdlib>
#include <utility>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "band_core.h"
#include "sudoforge/solver/internal/count_isa.h"

namespace sudoforge::detail::band {
inline namespace SUDOFORGE_BAND_TARGET {
namespace {

// Word i = 3d + b: its band, d's words in the next and previous bands, its pattern index.
struct Word {
  std::uint8_t i, b, j, k, p;
};
constexpr auto kWords = [] {
  std::array<Word, 27> w{};
  for (int i = 0; i < 27; ++i) {
    const int d = i / 3, b = i % 3;
    w[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(b),
            static_cast<std::uint8_t>(3 * d + kNext[b]),
            static_cast<std::uint8_t>(3 * d + kPrev[b]), static_cast<std::uint8_t>(4 * d + b)};
  }
  return w;
}();

#if SUDOFORGE_BAND_X86_64_V3
// Bit k set when words at .. at+7 and seen[at ..] are equal in word at + k.
[[gnu::always_inline]] inline std::uint32_t same_words(const State& s, int at) {
  const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.f + at));
  const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.seen + at));
  return static_cast<std::uint32_t>(
      _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(x, y))));
}
#endif

// Bit i set when word i differs from seen[i] (words only lose bits, so: changed since
// last examined).
[[gnu::always_inline]] inline std::uint32_t changed_words(const State& s) {
#if SUDOFORGE_BAND_X86_64_V3
  // Four compares of eight words; the last (words 19-26) overlaps the third so that no
  // load reads past seen.
  return ~(same_words(s, 0) | same_words(s, 8) << 8 | same_words(s, 16) << 16 |
           same_words(s, 19) << 19) &
         kBand;
#elif defined(__SSE2__)
  // Baseline x86-64: seven compares of four words (the last, words 23-26, overlaps the
  // sixth), packed to one byte a word for two byte masks.
  const auto same = [&s](int at) {
    return _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s.f + at)),
                           _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.seen + at)));
  };
  const __m128i low =
      _mm_packs_epi16(_mm_packs_epi32(same(0), same(4)), _mm_packs_epi32(same(8), same(12)));
  const __m128i last = same(23);
  const __m128i high =
      _mm_packs_epi16(_mm_packs_epi32(same(16), same(20)), _mm_packs_epi32(last, last));
  const auto l = static_cast<std::uint32_t>(_mm_movemask_epi8(low));
  const auto h = static_cast<std::uint32_t>(_mm_movemask_epi8(high));
  return ~(l | (h & 0xFF) << 16 | (h >> 8 & 0xF) << 23) & kBand;
#else
  std::uint32_t w = 0;
  for (int i = 0; i < 27; ++i) w |= static_cast<std::uint32_t>(s.f[i] != s.seen[i]) << i;
  return w;
#endif
}

// The 3x3 row-box pattern of band word a (Tables): bit 3*row + box when the row holds a
// candidate in that box, i.e. bit s when one of cells 3s .. 3s+2 is.
[[gnu::always_inline]] inline int segment_pattern(std::uint32_t a) {
#if SUDOFORGE_BAND_X86_64_V3
  // One PEXT instead of three table reads (the v3 build runs only where PEXT is fast).
  return static_cast<int>(_pext_u32(a | a >> 1 | a >> 2, 0x1249249));
#else
  const Tables& t = kTables;
  return t.segments[a & 0x1FF] | t.segments[(a >> 9) & 0x1FF] << 3 | t.segments[a >> 18] << 6;
#endif
}

// Clears the cells outside `keep` from the nine digit words of a band (band[3d]).
[[gnu::always_inline]] inline void clear_cells(std::uint32_t* band, std::uint32_t keep) {
  band[0] &= keep;
  band[3] &= keep;
  band[6] &= keep;
  band[9] &= keep;
  band[12] &= keep;
  band[15] &= keep;
  band[18] &= keep;
  band[21] &= keep;
  band[24] &= keep;
}

inline std::uint32_t columns_of(std::uint32_t x) {
  return (x | x >> 9 | x >> 18) & 0x1FF;
}

// The Rules of count/solve/enumerate (band_core.h): word-at-a-time updates, digits in order.
class CountRules : public BandCore {
 public:
  using BandCore::BandCore;
  static constexpr bool kPollBeforeLeaf = false;

  // Examines word i = (d, b) of band b, which changed since last examined; j and k are
  // d's words in the other two bands (next, previous) and p = 4d + b its pattern's index.
  // The first rules' pass calls it with constant arguments (fixed offsets, unrolled), the
  // count-only pass with those of a changed word (kWords). kPatterns: s keeps the columns
  // and, with kKeepPattern, the 3x3 pattern of each word (PatternState).
  template <bool kPatterns, class S, bool kKeepPattern = kPatterns>
  [[gnu::always_inline]] bool examine(S& s, int i, int b, int j, int k, int p) {
    std::uint32_t* f = s.f;
    std::uint32_t a = f[i];
    const int m = segment_pattern(a);
    a &= t_.complex[m];
    if (!a) return false;
    if constexpr (kKeepPattern) s.pattern[p] = t_.permutations[m];
    const std::uint32_t cols = columns_of(a);
    const std::uint32_t lone = t_.single[cols];
    if constexpr (kPatterns) {
      s.columns[i] = static_cast<std::uint16_t>(cols);
      f[j] &= lone & t_.pair[cols | s.columns[k]];
      f[k] &= lone & t_.pair[cols | s.columns[j]];
    } else {
      f[j] &= lone & t_.pair[cols | columns_of(f[k])];
      f[k] &= lone & t_.pair[cols | columns_of(f[j])];
    }
    s.seen[i] = a;
    const std::uint32_t r0 = a & 0x1FF, r1 = a & (0x1FFu << 9), r2 = a & (0x1FFu << 18);
    std::uint32_t singles =
        ((r0 & (r0 - 1)) ? 0 : r0) | ((r1 & (r1 - 1)) ? 0 : r1) | ((r2 & (r2 - 1)) ? 0 : r2);
    singles &= s.unsolved[b];
#if SUDOFORGE_BAND_X86_64_V3
    // No branch in this copy: whether a word holds a row single is data-dependent and that
    // branch was often mispredicted; with no single the lines below change nothing.
    s.unsolved[b] &= ~singles;
    nodes_ += static_cast<unsigned>(__builtin_popcount(singles));
    clear_cells(f + b, ~singles);
#else
    if (singles) {
      s.unsolved[b] &= ~singles;
      for (std::uint32_t x = singles; x; x &= x - 1) ++nodes_;
      clear_cells(f + b, ~singles);
    }
#endif
    f[i] = a;
    return true;
  }

  // Updates word I = (d, b) when it changed since last examined.
  template <int I, bool kPatterns, class S>
  [[gnu::always_inline]] bool update(S& s) {
    if (s.f[I] == s.seen[I]) return true;
    changed_ = true;
    constexpr int d = I / 3, b = I % 3;
    return examine<kPatterns>(s, I, b, 3 * d + kNext[b], 3 * d + kPrev[b], 4 * d + b);
  }

  template <bool kPatterns, class S, int... I>
  [[gnu::always_inline]] bool update_all(S& s, std::integer_sequence<int, I...>) {
    return (update<I, kPatterns>(s) && ...);
  }

  bool propagate(State& s) {
    return propagate_with<false>(s);
  }

  // kTriads (S = PatternState): takes the changed words at once (examine_changed), keeps
  // s.columns and, with kMiniRows, s.pattern and the mini-row rule (triads()).
  template <bool kTriads, class S, bool kMiniRows = kTriads>
  bool propagate_with(S& s) {
    for (;;) {
      if constexpr (kTriads) {
        if (!examine_changed<kMiniRows>(s)) return false;
      } else {
        do {
          changed_ = false;
          if (!update_all<kTriads>(s, std::make_integer_sequence<int, 27>())) return false;
        } while (changed_);
      }
      if (!(s.unsolved[0] | s.unsolved[1] | s.unsolved[2])) return true;
      // Naked singles (and empty cells) by bit-sliced counting over the digits.
      bool placed = false;
      constexpr bool kAtOnce = kTriads && !kMiniRows;
      if constexpr (kAtOnce) {
        // CheckRules: the three bands counted before any placement, then one test: most
        // fixpoints have no naked single. Same fixpoint as the loop below; the nodes of a
        // failing branch may differ, so the count (FastCountRules, whose nodes `solve
        // --count --stats` prints) keeps that loop.
        std::uint32_t naked[3], empty = 0;
        for (int b = 0; b < 3; ++b) {
          const CellCounts c = cell_counts(s, b);
          empty |= s.unsolved[b] & ~c.ones;
          naked[b] = s.unsolved[b] & ~c.twos;
        }
        if (empty) return false;
        if (naked[0] | naked[1] | naked[2]) {
          placed = true;
          for (int b = 0; b < 3; ++b) {
            for (std::uint32_t m = naked[b]; m; m &= m - 1) {
              const int p = __builtin_ctz(m);
              // The cell's one digit, without a branch per digit; none when a placement
              // of this round took it (another naked single of a unit had the same
              // digit): an unsolved cell without a digit, a contradiction.
              int d = -1;
              for (int e = 0; e < 9; ++e) d = (s.f[3 * e + b] >> p & 1) ? e : d;
              if (d < 0 || !place(s, d, b, p)) return false;
            }
          }
        }
      }
      for (int b = 0; b < 3 && !kAtOnce; ++b) {
        const std::uint32_t u = s.unsolved[b];
        if (!u) continue;
        const CellCounts c = cell_counts(s, b);
        if (u & ~c.ones) return false;
        const std::uint32_t naked = u & ~c.twos;
        if (!naked) continue;
        placed = true;
        for (int d = 0; d < 9; ++d) {
          // Each naked cell is in exactly one digit word; place() checks that the digit
          // still has it (another single of the same unit may have taken the digit).
          for (std::uint32_t m = s.f[3 * d + b] & naked; m; m &= m - 1) {
            if (!place(s, d, b, __builtin_ctz(m))) return false;
          }
        }
        // place() may have emptied a naked cell of its one digit: caught as an empty cell
        // by the next round's count (its digit word changed, so the loop runs again).
      }
      if constexpr (kMiniRows) {
        if (!placed) {
          const int r = triads(s);
          if (r < 0) return false;
          placed = r > 0;
        }
      }
      if (!placed) return true;
    }
  }

  void order(int*, int) {}

  // The count-only rules' word pass, to the same fixpoint as update_all's: the words that
  // changed since last examined are taken at once and examined in index order, and those
  // the examinations change are taken in the next round. One copy of examine() in a loop
  // rather than 27 unrolled copies each behind a data-dependent test: less code and fewer
  // branches to predict. False on a contradiction. kKeepPattern: the patterns are kept
  // (the mini-row rule and the configuration branching read them).
  template <bool kKeepPattern>
  [[gnu::always_inline]] bool examine_changed(PatternState& s) {
    for (std::uint32_t w = changed_words(s); w; w = changed_words(s)) {
      do {
        const Word& x = kWords[__builtin_ctz(w)];
        w &= w - 1;
        if (!examine<true, PatternState, kKeepPattern>(s, x.i, x.b, x.j, x.k, x.p)) return false;
      } while (w);
    }
    return true;
  }

  // Mini-rows: the three cells of a row in a box hold three digits, so in each band each
  // of its nine segments (row, box) is the segment of exactly three digits in that row.
  // A digit whose row has one segment left is known there. -1: a segment with fewer than
  // three possible digits or more than three known; 1: a word changed; 0: nothing to do.
  // The three bands at once, one 16-bit lane each (PatternState); a solved band passes (each
  // segment is then possible and known for exactly three digits).
  int triads(PatternState& s) {
    constexpr std::uint64_t kLanes = 0x01FF01FF01FF, kRowLow = 0x004900490049;
    std::uint64_t p1 = 0, p2 = 0, p3 = 0, p4 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;
    std::uint64_t possible[9], known[9];
    for (int d = 0; d < 9; ++d) {
      std::uint64_t p;
      std::memcpy(&p, s.pattern + 4 * d, sizeof p);
      // Rows with one segment: an odd count of the three, not three.
      const std::uint64_t g0 = p & kRowLow, g1 = (p >> 1) & kRowLow, g2 = (p >> 2) & kRowLow;
      const std::uint64_t one = (g0 ^ g1 ^ g2) & ~(g0 & g1 & g2);
      const std::uint64_t c = p & (one * 7);
      possible[d] = p;
      known[d] = c;
      p4 |= p3 & p;
      p3 |= p2 & p;
      p2 |= p1 & p;
      p1 |= p;
      c4 |= c3 & c;
      c3 |= c2 & c;
      c2 |= c1 & c;
      c1 |= c;
    }
    if ((~p3 & kLanes) | c4) return -1;
    const std::uint64_t forced = p3 & ~p4 & ~c3, full = c3 & p4;
    if (!(forced | full)) return 0;
    int changed = 0;
    for (int b = 0; b < 3; ++b) {
      const int shift = 16 * b;
      const std::uint32_t fb = (forced >> shift) & 0x1FF, ub = (full >> shift) & 0x1FF;
      if (!(fb | ub)) continue;
      for (int d = 0; d < 9; ++d) {
        const std::uint32_t pd = (possible[d] >> shift) & 0x1FF, kd = (known[d] >> shift) & 0x1FF;
        const std::uint32_t a = s.f[3 * d + b];
        const std::uint32_t n = a & t_.row_rest[pd & fb] & ~t_.seg_cells[pd & ub & ~kd];
        if (n != a) {
          s.f[3 * d + b] = n;
          changed = 1;
        }
      }
    }
    return changed;
  }

 private:
  bool changed_ = false;
};

// Count only: CountRules plus the mini-row rule and configuration branching (file comment).
class FastCountRules : public CountRules {
 public:
  using CountRules::CountRules;
  using StateType = PatternState;
  static constexpr bool kBranchOnConfigs = true;
  bool propagate(PatternState& s) { return propagate_with<true>(s); }
};

// has_other_solution's search (forbidden candidates): the count-only word pass without the
// mini-row rule, branching on a cell as the first rules do. Its searches are mostly settled
// by their first propagation and take few branches, where the rule and the configuration
// choice cost more than they save (generator/PERF_NOTES.md, session 21).
class CheckRules : public FastCountRules {
 public:
  using FastCountRules::FastCountRules;
  static constexpr bool kBranchOnConfigs = false;
  bool propagate(PatternState& s) { return propagate_with<true, PatternState, false>(s); }
};

// Fills s from the givens and forbidden candidates; false when two givens clash.
// One pass over the given cells masks the words of each given's digit at once (its row and
// box in its band, its column in the other two), so that no loop runs per (digit, band):
// fewer data-dependent loop exits to mispredict. The masks commute, so the order is free.
bool setup(State& s, const std::uint8_t* givens, std::span<const Candidate> forbidden) {
  const Tables& t = kTables;
  std::uint32_t given[27] = {};  // per (digit, band): its given cells
  std::uint32_t w[27];           // per (digit, band): what its givens leave
  std::fill(std::begin(w), std::end(w), kBand);
  std::uint32_t any[3] = {0, 0, 0};
  const auto add = [&](int b, int p, int v) {
    const int i = 3 * (v - 1);
    given[i + b] |= 1u << p;
    w[i + b] &= t.keep[p];
    w[i + kNext[b]] &= t.column_clear[p];
    w[i + kPrev[b]] &= t.column_clear[p];
  };
  for (int b = 0; b < 3; ++b) {
    const std::uint8_t* row = givens + 27 * b;
#if defined(__SSE2__)
    // The band's given cells at once: bytes 0-15 and 11-26 (the second load ends at the
    // band's last cell, so no load reads past the 81 cells).
    const __m128i zero = _mm_setzero_si128();
    const auto low = static_cast<std::uint32_t>(_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row)), zero)));
    const auto high = static_cast<std::uint32_t>(_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 11)), zero)));
    any[b] = (~low & 0xFFFF) | (~high & 0xFFFF) << 11;
    for (std::uint32_t m = any[b]; m; m &= m - 1) {
      const int p = __builtin_ctz(m);
      add(b, p, row[p]);
    }
#else
    for (int p = 0; p < 27; ++p) {
      if (const int v = row[p]) {
        any[b] |= 1u << p;
        add(b, p, v);
      }
    }
#endif
  }
  bool clash = false;
  for (int i = 0; i < 27; ++i) {
    const std::uint32_t own = given[i];
    // A given of d that a peer given of d removed: a conflict.
    clash |= (w[i] & own) != own;
    s.f[i] = w[i] & ~(any[i % 3] & ~own);
    s.seen[i] = ~0u;  // differs from every 27-bit word: all are examined
  }
  if (clash) return false;
  for (int b = 0; b < 3; ++b) s.unsolved[b] = kBand & ~any[b];
  for (const Candidate& f : forbidden) {
    s.f[3 * (f.value - 1) + f.cell / 27] &= ~(1u << (f.cell % 27));
  }
  return true;
}

// The classic count: no sink, no extra houses (BandEngine::run's contract); the
// `forbidden` candidates are removed before the search, which then (has_other_solution's
// question) runs CheckRules. band_isa.h's entries call it, one per instruction set.
inline std::uint64_t fast_count(const std::uint8_t* givens, std::uint64_t limit, SearchStats* stats,
                                const SearchLimits& limits, bool* conflict,
                                std::span<const Candidate> forbidden) {
  *conflict = false;
  PatternState s;
  std::fill(std::begin(s.pattern), std::end(s.pattern), std::uint16_t{0});
  std::fill(std::begin(s.columns), std::end(s.columns), std::uint16_t{0x1FF});
  if (!setup(s, givens, forbidden)) {
    *conflict = true;
    return 0;
  }
  if (limit == 0) return 0;
  if (!forbidden.empty()) {
    BandSearch<CheckRules> search(limit, SolutionSink{}, limits);
    if (search.propagate(s)) search.search(s);
    return search.finish(stats);
  }
  BandSearch<FastCountRules> search(limit, SolutionSink{}, limits);
  if (search.propagate(s)) search.search(s);
  return search.finish(stats);
}

// Solutions in the order of the search (CountRules, cell branching, digits in
// increasing order), each passed to `sink` until it returns false or `limit` were found:
// BandEngine::run with a sink and no extra houses (solve, enumerate). band_isa.h's entries
// call it, one per instruction set; both visit the same solutions in the same order.
inline std::uint64_t enumerate(const std::uint8_t* givens, std::span<const Candidate> forbidden,
                               std::uint64_t limit, SearchStats* stats, SolutionSink sink,
                               const SearchLimits& limits, bool* conflict) {
  *conflict = false;
  State s;
  if (!setup(s, givens, forbidden)) {
    *conflict = true;
    return 0;
  }
  if (limit == 0) return 0;
  BandSearch<CountRules> search(limit, sink, limits);
  if (search.propagate(s)) search.search(s);
  return search.finish(stats);
}

// Per band (bit p of added[b] / the result): the cells given in `givens` but not in
// `base` (added), and whether a given of `base` is missing from `givens` or differs there.
inline bool base_differs(const std::uint8_t* base, const std::uint8_t* givens,
                         std::uint32_t* added) {
  std::uint32_t wrong = 0;
  for (int b = 0; b < 3; ++b) {
    const std::uint8_t* x = base + 27 * b;
    const std::uint8_t* y = givens + 27 * b;
#if defined(__SSE2__)
    // Bytes 0-15 and 11-26 of the band, as in setup().
    const __m128i zero = _mm_setzero_si128();
    const auto masks = [&](int at, std::uint32_t& extra, std::uint32_t& bad) {
      const __m128i u = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + at));
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y + at));
      const auto uz = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(u, zero)));
      const auto vz = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)));
      const auto eq = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(u, v)));
      extra = uz & ~vz & 0xFFFF;
      bad = ~uz & ~eq & 0xFFFF;
    };
    std::uint32_t e0, b0, e1, b1;
    masks(0, e0, b0);
    masks(11, e1, b1);
    added[b] = e0 | e1 << 11;
    wrong |= b0 | b1;
#else
    std::uint32_t extra = 0;
    for (int p = 0; p < 27; ++p) {
      if (x[p]) {
        wrong |= static_cast<std::uint32_t>(y[p] != x[p]);
      } else if (y[p]) {
        extra |= 1u << p;
      }
    }
    added[b] = extra;
#endif
  }
  return wrong != 0;
}

// The state of `from` (a base whose givens `givens` holds) with the other givens placed:
// 1, or 0 when they contradict it; -1 (s untouched) when `givens` does not hold from's.
// Not propagated. With `forbidden` (a cell >= 0), also 0 when the base has that cell solved
// as that value (then no solution avoids it, whatever the other givens): nothing is placed.
inline int place_on_base(const BandBase& from, const std::uint8_t* givens, BandCore& core,
                         PatternState& s, Candidate forbidden = {-1, 0}) {
  std::uint32_t added[3];
  if (base_differs(from.givens, givens, added)) return -1;
  if (!from.solvable) return 0;
  copy_state<sizeof s>(&s, from.state);
  if (forbidden.cell >= 0) {
    const int b = forbidden.cell / 27, p = forbidden.cell % 27;
    if (!(s.unsolved[b] >> p & 1) && (s.f[3 * (forbidden.value - 1) + b] >> p & 1)) return 0;
  }
  for (int b = 0; b < 3; ++b) {
    for (std::uint32_t m = added[b]; m; m &= m - 1) {
      const int p = __builtin_ctz(m), d = givens[27 * b + p] - 1;
      // Solved in the base: by d, else the givens clash with what the base's force.
      const bool ok =
          (s.unsolved[b] >> p & 1) ? core.place(s, d, b, p) : (s.f[3 * d + b] >> p & 1) != 0;
      if (!ok) return 0;
    }
  }
  return 1;
}

// band_base (count_isa.h): the CheckRules fixpoint of the givens, copied into base.state;
// from `from`'s state when set and its givens are among these.
static_assert(sizeof(PatternState) <= sizeof(BandBase::state));
inline bool make_base(BandBase& base, const std::uint8_t* givens, const BandBase* from) {
  PatternState s;
  CheckRules rules(1, SolutionSink{}, SearchLimits{});
  const int placed = from ? place_on_base(*from, givens, rules, s) : -1;
  std::memcpy(base.givens, givens, 81);
  base.solvable = false;
  if (placed == 0) return false;
  if (placed < 0) {
    std::fill(std::begin(s.pattern), std::end(s.pattern), std::uint16_t{0});
    std::fill(std::begin(s.columns), std::end(s.columns), std::uint16_t{0x1FF});
    if (!setup(s, givens, {})) return false;
  }
  if (!rules.propagate(s)) return false;
  copy_state<sizeof s>(base.state, &s);
  base.solvable = true;
  return true;
}

// band_count_from (count_isa.h): the givens the base lacks are placed on its state, then
// `forbidden` is removed and the search goes on as fast_count's.
inline std::uint64_t count_from(const BandBase& base, const std::uint8_t* givens,
                                Candidate forbidden, SearchStats* stats,
                                const SearchLimits& limits) {
  BandSearch<CheckRules> search(1, SolutionSink{}, limits);
  PatternState s;
  // 0 also when the base solved the forbidden cell as its value: no solution, without a
  // placement or a propagation.
  const int placed = place_on_base(base, givens, search, s, forbidden);
  if (placed < 0) {
    bool conflict = false;
    return fast_count(givens, 1, stats, limits, &conflict,
                      std::span<const Candidate>(&forbidden, 1));
  }
  if (placed > 0) {
    s.f[3 * (forbidden.value - 1) + forbidden.cell / 27] &= ~(1u << (forbidden.cell % 27));
    if (search.propagate(s)) search.search(s);
  }
  return search.finish(stats);
}

}  // namespace
}  // namespace SUDOFORGE_BAND_TARGET
}  // namespace sudoforge::detail::band
