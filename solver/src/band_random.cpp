// random_solution's 9x9 search: band_core.h's search with the first release's propagation
// Rules and a shuffled branch order. The propagation decides which cell is the first bivalue
// one, so it defines which grid a seed gives (the generator's reproducibility rests on
// that): it stays as first released, while count/solve use the faster Rules of
// band_engine.cpp.
//
// The exact-cover columns map onto the band state (band_core.h) as follows:
//  - (row, d) and (box, d): inside one band, the three placements of d form a permutation
//    of (row, box) pairs. From the 3x3 "which row-box segments still hold d" pattern a
//    table gives the union of the permutations it contains: that removes what locked
//    candidates (pointing / claiming inside the band) remove, and an empty result is a
//    (row, d) or (box, d) column with no row. A row or box of the band left with one cell
//    is a hidden single.
//  - (column, d): bit-sliced counts over the three bands give the columns with exactly
//    one cell (hidden singles) and detect a column with none.
//  - cells: bit-sliced counts over the nine digits give naked singles, empty cells
//    (contradictions) and bivalue cells, the preferred branch.
// Propagation loops over the digits whose words changed until nothing changes, then takes
// the naked singles, and repeats.
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <utility>

#include "band_core.h"

namespace sudoforge::detail {
namespace {

using band::BandCore;
using band::BandSearch;
using band::kBand;
using band::State;

inline bool pow2(std::uint32_t x) {
  return (x & (x - 1)) == 0;
}

// The first release's Rules (band_core.h): digit-at-a-time updates, branch values shuffled.
class FirstReleaseRules : public BandCore {
 public:
  FirstReleaseRules(std::uint64_t limit, SolutionSink sink, const SearchLimits& limits,
                    boost::random::mt19937_64* rng)
      : BandCore(limit, sink, limits), rng_(rng) {}
  static constexpr bool kPollBeforeLeaf = true;

  // Row/box permutation logic per band, column singles, and the hidden singles they prove.
  bool update_digit(State& s, int d) {
    std::uint32_t w[3];
    std::uint32_t proj[3], dup[3];
    for (int b = 0; b < 3; ++b) {
      std::uint32_t x = s.f[3 * d + b];
      const std::uint32_t r0 = x & 0x1FF, r1 = (x >> 9) & 0x1FF, r2 = x >> 18;
      const int m = t_.segments[r0] | t_.segments[r1] << 3 | t_.segments[r2] << 6;
      x &= t_.complex[m];
      if (!x) return false;
      w[b] = x;
      const std::uint32_t a0 = x & 0x1FF, a1 = (x >> 9) & 0x1FF, a2 = x >> 18;
      proj[b] = a0 | a1 | a2;
      dup[b] = (a0 & a1) | (a0 & a2) | (a1 & a2);
    }
    // Stacks (three columns of boxes) obey the same permutation rule with columns for
    // rows and bands for boxes: the pattern "band b has d in column j of the stack".
    std::uint32_t allowed[3] = {0, 0, 0};
    for (int st = 0; st < 3; ++st) {
      const int sh = 3 * st;
      const int m = ((proj[0] >> sh) & 7) | ((proj[1] >> sh) & 7) << 3 | ((proj[2] >> sh) & 7) << 6;
      const std::uint32_t a = t_.permutations[m];
      if (!a) return false;
      allowed[0] |= (a & 7) << sh;
      allowed[1] |= ((a >> 3) & 7) << sh;
      allowed[2] |= ((a >> 6) & 7) << sh;
    }
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t x = w[b] & (allowed[b] * 0x40201u);
      if (x != w[b]) {
        w[b] = x;
        const std::uint32_t a0 = x & 0x1FF, a1 = (x >> 9) & 0x1FF, a2 = x >> 18;
        proj[b] = a0 | a1 | a2;
        dup[b] = (a0 & a1) | (a0 & a2) | (a1 & a2);
      }
    }
    const std::uint32_t twice =
        dup[0] | dup[1] | dup[2] | (proj[0] & proj[1]) | (proj[0] & proj[2]) | (proj[1] & proj[2]);
    const std::uint32_t single_cols = (~twice & 0x1FF) * 0x40201u;
    std::uint32_t fresh[3];
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t x = w[b];
      std::uint32_t det = x & single_cols;
      // Row singles. (A box with one cell is also a row single once the band rule has
      // run: only one row can use that box, so that row is confined to that one cell.)
      for (int k = 0; k < 3; ++k) {
        const std::uint32_t row = x & (0x1FFu << (9 * k));
        det |= pow2(row) ? row : 0;
      }
      fresh[b] = det & s.unsolved[b];
      s.f[3 * d + b] = x;
      // (What the stack rule removed may enable the band rule again; looking again at once
      // costs more than it saves, so that waits for the digit's next change.)
      s.seen[3 * d + b] = x;
    }
    for (int b = 0; b < 3; ++b) {
      for (std::uint32_t m = fresh[b]; m; m &= m - 1) {
        if (!place(s, d, b, __builtin_ctz(m))) return false;
      }
    }
    return true;
  }

  bool propagate(State& s) {
    for (;;) {
      bool changed;
      do {
        changed = false;
        for (int d = 0; d < 9; ++d) {
          const int i = 3 * d;
          if (s.f[i] == s.seen[i] && s.f[i + 1] == s.seen[i + 1] && s.f[i + 2] == s.seen[i + 2]) {
            continue;
          }
          changed = true;
          if (!update_digit(s, d)) return false;
        }
      } while (changed);
      if (!(s.unsolved[0] | s.unsolved[1] | s.unsolved[2])) return true;
      // Naked singles (and empty cells) by bit-sliced counting over the digits.
      bool placed = false;
      for (int b = 0; b < 3; ++b) {
        const band::CellCounts counts = band::cell_counts(s, b);
        const std::uint32_t u = s.unsolved[b];
        if (u & ~counts.ones) return false;
        for (std::uint32_t m = u & ~counts.twos; m; m &= m - 1) {
          const int p = __builtin_ctz(m);
          const std::uint32_t bit = 1u << p;
          if (!(s.unsolved[b] & bit)) continue;  // placed meanwhile by another single
          int d = 0;
          while (d < 9 && !(s.f[3 * d + b] & bit)) ++d;
          if (d == 9 || !place(s, d, b, p)) return false;
          placed = true;
        }
      }
      if (!placed) return true;
    }
  }

  // A uniform shuffle (Fisher-Yates from the back), drawn from the seed's stream.
  void order(int* digits, int count) {
    if (!rng_) return;
    for (int i = count - 1; i > 0; --i) {
      boost::random::uniform_int_distribution<int> pick(0, i);
      std::swap(digits[i], digits[pick(*rng_)]);
    }
  }

 private:
  boost::random::mt19937_64* rng_;
};

}  // namespace

std::uint64_t BandEngine::run_random(const std::uint8_t* givens, std::uint64_t limit,
                                     SearchStats* stats, SolutionSink sink,
                                     std::uint64_t* random_seed, const SearchLimits& limits) {
  if (limit == 0) return 0;
  boost::random::mt19937_64 rng;
  if (random_seed) rng.seed(*random_seed);
  BandSearch<FirstReleaseRules> search(limit, sink, limits, random_seed ? &rng : nullptr);
  State s;
  for (int i = 0; i < 27; ++i) {
    s.f[i] = kBand;
    s.seen[i] = 0;
  }
  s.unsolved[0] = s.unsolved[1] = s.unsolved[2] = kBand;
  bool ok = true;
  for (int cell = 0; cell < 81 && ok; ++cell) {
    if (givens[cell]) ok = search.place(s, givens[cell] - 1, cell / 27, cell % 27);
  }
  // Givens are not search nodes: kLinked never sees them either.
  search.nodes_ = 0;
  if (ok && search.propagate(s)) search.search(s);
  return search.finish(stats);
}

}  // namespace sudoforge::detail
