// 9x9 random_solution search on per-digit bitboards (the band engine as of the first
// release, kept verbatim for random_solution: its branch order defines which grid a seed
// gives, and the generator's reproducibility rests on that; count/solve use the faster
// engine in band_engine.cpp).
//
// State: for each digit d and band b (three rows), a 27-bit word F[3d+b] of the cells of the
// band where d may go (bit 9*(row%3) + column); a placed digit keeps its own bit. U[b] holds
// the unsolved cells. The exact-cover columns map onto this as follows:
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
// the naked singles, and repeats. A branch copies the ~230-byte state (the last option
// reuses the parent's), so there is no undo log.
#include <array>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <utility>

#include "engines.h"

namespace sudoforge::detail {
namespace {

constexpr std::uint32_t kBand = 0x7FFFFFF;  // 27 bits

struct Tables {
  std::array<std::uint8_t, 512> segments{};       // 9-bit row -> which of its 3 boxes are used
  std::array<std::uint32_t, 512> complex{};       // row-box pattern -> allowed cells (27 bits)
  std::array<std::uint16_t, 512> permutations{};  // 3x3 pattern -> union of its permutations
  std::array<std::uint32_t, 27> keep{};           // own band: clear row and box peers, keep cell
  std::array<std::uint32_t, 27> column_clear{};   // other bands: clear the column

  Tables() {
    for (int r = 0; r < 512; ++r) {
      segments[r] =
          static_cast<std::uint8_t>(((r & 7) ? 1 : 0) | ((r & 070) ? 2 : 0) | ((r & 0700) ? 4 : 0));
    }
    static constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                         {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int m = 0; m < 512; ++m) {
      // Bit 3*row + box of m: the row holds candidates in that box.
      std::uint32_t allowed = 0;
      for (const auto& p : kPerms) {
        std::uint32_t mat = 0;
        for (int row = 0; row < 3; ++row) mat |= 1u << (3 * row + p[row]);
        if ((mat & m) == mat) allowed |= mat;
      }
      permutations[m] = static_cast<std::uint16_t>(allowed);
      std::uint32_t cells = 0;
      for (int s = 0; s < 9; ++s) {
        if (allowed >> s & 1) cells |= 7u << (9 * (s / 3) + 3 * (s % 3));
      }
      complex[m] = cells;
    }
    for (int p = 0; p < 27; ++p) {
      const int row = p / 9, col = p % 9;
      const std::uint32_t row_mask = 0x1FFu << (9 * row);
      const std::uint32_t box_mask = (7u << (3 * (col / 3))) * 0x40201u;  // rows 0-2 of box
      keep[p] = (kBand & ~(row_mask | box_mask)) | (1u << p);
      column_clear[p] = kBand & ~(0x40201u << col);
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

struct State {
  std::uint32_t f[27];     // f[3*d + b]
  std::uint32_t seen[27];  // f as last examined by update_digit
  std::uint32_t unsolved[3];
};

inline bool pow2(std::uint32_t x) {
  return (x & (x - 1)) == 0;
}

class BandSearch {
 public:
  BandSearch(const Tables& t, std::uint64_t limit, SolutionSink sink,
             boost::random::mt19937_64* rng = nullptr)
      : t_(t), limit_(limit), sink_(sink), rng_(rng) {}

  bool place(State& s, int d, int b, int p) {
    const std::uint32_t bit = 1u << p;
    std::uint32_t* f = s.f;
    if (!(f[3 * d + b] & bit)) return false;
    if (!(s.unsolved[b] & bit)) return true;  // already placed, with d
    ++nodes_;
    s.unsolved[b] &= ~bit;
    for (int e = 0; e < 9; ++e) f[3 * e + b] &= ~bit;
    f[3 * d + b] = (f[3 * d + b] | bit) & t_.keep[p];
    const std::uint32_t clear = t_.column_clear[p];
    static constexpr int kNext[3] = {1, 2, 0}, kPrev[3] = {2, 0, 1};
    f[3 * d + kNext[b]] &= clear;
    f[3 * d + kPrev[b]] &= clear;
    return true;
  }

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
        std::uint32_t ones = 0, twos = 0;
        for (int d = 0; d < 9; ++d) {
          const std::uint32_t x = s.f[3 * d + b];
          twos |= ones & x;
          ones |= x;
        }
        const std::uint32_t u = s.unsolved[b];
        if (u & ~ones) return false;
        for (std::uint32_t m = u & ~twos; m; m &= m - 1) {
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

  void emit(const State& s) {
    std::uint8_t cells[81];
    for (int b = 0; b < 3; ++b) {
      for (int d = 0; d < 9; ++d) {
        for (std::uint32_t m = s.f[3 * d + b]; m; m &= m - 1) {
          cells[27 * b + __builtin_ctz(m)] = static_cast<std::uint8_t>(d + 1);
        }
      }
    }
    if (!sink_(cells)) stop_ = true;
  }

  // s is propagated; it may be consumed (the last branch reuses it).
  void search(State& s) {
    if (check_.due(nodes_)) {
      stop_ = true;
      return;
    }
    if (!(s.unsolved[0] | s.unsolved[1] | s.unsolved[2])) {
      ++found_;
      if (sink_) emit(s);
      if (found_ >= limit_) stop_ = true;
      return;
    }
    // Branch cell: the first bivalue cell, else the first cell with fewest candidates.
    int band = -1, pos = 0;
    for (int b = 0; b < 3; ++b) {
      std::uint32_t o = 0, t2 = 0, t3 = 0;
      for (int d = 0; d < 9; ++d) {
        const std::uint32_t x = s.f[3 * d + b];
        t3 |= t2 & x;
        t2 |= o & x;
        o |= x;
      }
      const std::uint32_t bivalue = s.unsolved[b] & t2 & ~t3;
      if (bivalue) {
        band = b;
        pos = __builtin_ctz(bivalue);
        break;
      }
    }
    if (band < 0) {
      int best = 10;
      for (int b = 0; b < 3; ++b) {
        for (std::uint32_t m = s.unsolved[b]; m; m &= m - 1) {
          const int p = __builtin_ctz(m);
          int k = 0;
          for (int d = 0; d < 9; ++d) k += (s.f[3 * d + b] >> p) & 1;
          if (k < best) {
            best = k;
            band = b;
            pos = p;
          }
        }
      }
    }
    int digits[9], count = 0;
    for (int d = 0; d < 9; ++d) {
      if ((s.f[3 * d + band] >> pos) & 1) digits[count++] = d;
    }
    if (rng_) {
      for (int i = count - 1; i > 0; --i) {
        boost::random::uniform_int_distribution<int> pick(0, i);
        std::swap(digits[i], digits[pick(*rng_)]);
      }
    }
    for (int i = 0; i < count; ++i) {
      ++guesses_;
      if (i + 1 < count) {
        State t = s;
        if (place(t, digits[i], band, pos) && propagate(t)) search(t);
      } else {
        if (place(s, digits[i], band, pos) && propagate(s)) search(s);
      }
      if (stop_) return;
    }
  }

  std::uint64_t found_ = 0, nodes_ = 0, guesses_ = 0;
  LimitCheck check_;

 private:
  const Tables& t_;
  std::uint64_t limit_;
  SolutionSink sink_;
  boost::random::mt19937_64* rng_;
  bool stop_ = false;
};

}  // namespace

std::uint64_t BandEngine::run_random(const std::uint8_t* givens, std::uint64_t limit,
                                     SearchStats* stats, SolutionSink sink,
                                     std::uint64_t* random_seed, const SearchLimits& limits) {
  const std::span<const Candidate> forbidden;
  if (limit == 0) return 0;
  const Tables& t = tables();
  boost::random::mt19937_64 rng;
  if (random_seed) rng.seed(*random_seed);
  BandSearch search(t, limit, sink, random_seed ? &rng : nullptr);
  search.check_.reset(limits);
  State s;
  for (int i = 0; i < 27; ++i) {
    s.f[i] = kBand;
    s.seen[i] = 0;
  }
  s.unsolved[0] = s.unsolved[1] = s.unsolved[2] = kBand;
  for (const Candidate& f : forbidden) {
    s.f[3 * (f.value - 1) + f.cell / 27] &= ~(1u << (f.cell % 27));
  }
  bool ok = true;
  for (int cell = 0; cell < 81 && ok; ++cell) {
    if (givens[cell]) ok = search.place(s, givens[cell] - 1, cell / 27, cell % 27);
  }
  // Givens are not search nodes: kLinked never sees them either.
  search.nodes_ = 0;
  if (ok && search.propagate(s)) search.search(s);
  if (stats) {
    stats->nodes += search.nodes_;
    stats->guesses += search.guesses_;
  }
  search.check_.raise_if_aborted(search.nodes_);
  return search.found_;
}

}  // namespace sudoforge::detail
