#pragma once
// Internal: the one 9x9 band search behind BandEngine's two entries, run() (count, solve,
// enumerate: band_engine.cpp) and run_random() (random_solution: band_random.cpp).
//
// State: for each digit d and band b (three rows), a 27-bit word f[3d+b] of the cells of the
// band where d may go (bit 9*(row%3) + column); a placed digit keeps its own bit. unsolved[b]
// holds the band's unsolved cells. seen[i] is f[i] as last examined by the propagation: only
// words that changed since are looked at again. A branch copies the 232-byte state (the last
// option reuses the parent's), so there is no undo log.
//
// Why one core with a hook rather than a versioned generator stream: the two entries share
// the state, the tables, placement, the choice of the branch cell and the branch loop, and
// differ in the propagation only (and random_solution shuffles the branch values). Which grid
// a seed gives depends on the propagation (it decides which cell is the first bivalue one),
// so random_solution keeps the first release's propagation as its Rules; a versioned stream
// would have to serve that same first-release search for every stored seed anyway, plus a
// version column and format change, for no change in what users get.
//
// The hook: BandSearch<Rules>, where Rules derives from BandCore and provides
//   bool propagate(State&)              to a fixpoint of its rules; false on a contradiction
//   void order(int* digits, int count)  the order the branch values are tried in
//   static constexpr bool kPollBeforeLeaf  whether the limits are polled before a solved
//                                          state is counted (the first release did) or after
//   kBranchOnConfigs, StateType (BandCore's defaults: false, State)  whether the search
//                                          branches on a (digit, band)'s configurations
//                                          (branch_on_config), and the state it copies
// Everything is inline so each Rules gets its own fully specialised search.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engines.h"

// The instruction set this copy is compiled for (band_isa.h): band_count_v3.cpp includes
// this header again under another name, so that no function of that copy, compiled with
// AVX2 and BMI, shares a name with one of the portable copy.
#ifndef SUDOFORGE_BAND_TARGET
#define SUDOFORGE_BAND_TARGET portable
#endif

// Internal linkage (each includer gets its own copy): the tables stay at a fixed address in
// each engine's file, as when each file had its own.
namespace sudoforge::detail::band {
inline namespace SUDOFORGE_BAND_TARGET {
namespace {

constexpr std::uint32_t kBand = 0x7FFFFFF;  // 27 bits
constexpr std::uint32_t kColumn = 0x40201;  // column 0 in the three rows of a band

struct Tables {
  std::array<std::uint8_t, 512> segments{};       // 9-bit row -> which of its 3 boxes are used
  std::array<std::uint32_t, 512> complex{};       // row-box pattern -> allowed cells (27 bits)
  std::array<std::uint32_t, 512> single{};        // column pattern -> mask clearing lone columns
  std::array<std::uint32_t, 512> pair{};          // column pattern -> mask clearing column pairs
  std::array<std::uint32_t, 27> keep{};           // own band: clear row and box peers, keep cell
  std::array<std::uint32_t, 27> column_clear{};   // other bands: clear the column
  std::array<std::uint16_t, 512> permutations{};  // 3x3 pattern -> union of its permutations
  std::array<std::uint8_t, 512> configs{};        // 3x3 pattern -> its permutations (bit k)
  std::array<std::uint8_t, 512> config_count{};   // 3x3 pattern -> how many
  std::array<std::uint8_t, 512> branch_key{};     // 3x3 pattern -> 16 * count, 0xF0 if < 2
  std::array<std::uint32_t, 6> config_cells{};    // permutation k -> its three segments' cells
  std::array<std::uint32_t, 512> seg_cells{};     // 3x3 pattern -> the cells of its segments
  std::array<std::uint32_t, 512> row_rest{};      // 3x3 pattern -> clears its rows' other cells

  constexpr Tables() {
    for (int r = 0; r < 512; ++r) {
      segments[r] =
          static_cast<std::uint8_t>(((r & 7) ? 1 : 0) | ((r & 070) ? 2 : 0) | ((r & 0700) ? 4 : 0));
    }
    constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int m = 0; m < 512; ++m) {
      // Bit 3*row + box of m: the row holds candidates in that box.
      std::uint32_t allowed = 0;
      for (int k = 0; k < 6; ++k) {
        std::uint32_t mat = 0;
        for (int row = 0; row < 3; ++row) mat |= 1u << (3 * row + kPerms[k][row]);
        if ((mat & m) == mat) {
          allowed |= mat;
          configs[m] = static_cast<std::uint8_t>(configs[m] | 1u << k);
        }
      }
      permutations[m] = static_cast<std::uint16_t>(allowed);
      for (int c = configs[m]; c; c &= c - 1) ++config_count[m];
      branch_key[m] = static_cast<std::uint8_t>(config_count[m] > 1 ? 16 * config_count[m] : 0xF0);
      std::uint32_t cells = 0;
      for (int s = 0; s < 9; ++s) {
        if (allowed >> s & 1) cells |= 7u << (9 * (s / 3) + 3 * (s % 3));
      }
      complex[m] = cells;
      std::uint32_t seg = 0, rest = 0;
      for (int sg = 0; sg < 9; ++sg) {
        if (!(m >> sg & 1)) continue;
        const std::uint32_t c = 7u << (9 * (sg / 3) + 3 * (sg % 3));
        seg |= c;
        rest |= (0x1FFu << (9 * (sg / 3))) & ~c;
      }
      seg_cells[m] = seg;
      row_rest[m] = kBand & ~rest;
      // Column patterns: per stack, one column -> clear it; two columns -> clear both.
      std::uint32_t one = 0, two = 0;
      for (int st = 0; st < 3; ++st) {
        const int k = (m >> (3 * st)) & 7;
        const int bits = (k & 1) + (k >> 1 & 1) + (k >> 2 & 1);
        if (bits == 1) one |= static_cast<std::uint32_t>(k) << (3 * st);
        if (bits == 2) two |= static_cast<std::uint32_t>(k) << (3 * st);
      }
      single[m] = kBand & ~(one * kColumn);
      pair[m] = kBand & ~(two * kColumn);
    }
    for (int k = 0; k < 6; ++k) {
      for (int row = 0; row < 3; ++row) config_cells[k] |= 7u << (9 * row + 3 * kPerms[k][row]);
    }
    for (int p = 0; p < 27; ++p) {
      const int row = p / 9, col = p % 9;
      const std::uint32_t row_mask = 0x1FFu << (9 * row);
      const std::uint32_t box_mask = (7u << (3 * (col / 3))) * kColumn;  // rows 0-2 of box
      keep[p] = (kBand & ~(row_mask | box_mask)) | (1u << p);
      column_clear[p] = kBand & ~(kColumn << col);
    }
  }
};

// Built at compile time: the engine addresses the tables at fixed addresses.
constexpr Tables kTables;

struct State {
  std::uint32_t f[27];     // f[3*d + b]
  std::uint32_t seen[27];  // f as last examined by the propagation
  std::uint32_t unsolved[3];
};

// Band b's cells with a candidate left (ones) and with two or more (twos), by bit-sliced
// counting over the nine digits' words: an unsolved cell outside `ones` is dead, one
// outside `twos` a naked single.
struct CellCounts {
  std::uint32_t ones = 0, twos = 0;
};
inline CellCounts cell_counts(const State& s, int b) {
  CellCounts c;
  for (int d = 0; d < 9; ++d) {
    const std::uint32_t x = s.f[3 * d + b];
    c.twos |= c.ones & x;
    c.ones |= x;
  }
  return c;
}

// The count-only rules' state: also the 3x3 pattern (Tables) of each seen[i], so that the
// mini-row rule and the branch choice read it instead of recomputing it, and its columns
// (9 bits), which the stack rule of a sibling word reads (a superset of the word's current
// columns: sound, and exact again once the word is looked at). The patterns of digit d
// are pattern[4d .. 4d+2] (band order), pattern[4d+3] zero: one 64-bit word per digit, so
// that the mini-row rule handles the three bands at once.
struct PatternState : State {
  alignas(8) std::uint16_t pattern[36];
  std::uint16_t columns[27];
};

constexpr int kNext[3] = {1, 2, 0}, kPrev[3] = {2, 0, 1};

// Copies a search state or a base's (N bytes, N at least one vector) by vector moves
// written out: clang turns a plain copy of this size, or a loop of moves, into a libc call
// and an inline one into `rep movsq`, each slower than a dozen moves (solver/PERF_NOTES.md,
// session 27). The last move may overlap the one before it.
template <std::size_t N, std::size_t... K>
[[gnu::always_inline]] inline void copy_moves(unsigned char* d, const unsigned char* s,
                                              std::index_sequence<K...>) {
#if SUDOFORGE_BAND_X86_64_V3
  using V = __m256i;
  const auto move = [&](std::size_t at) {
    _mm256_storeu_si256(reinterpret_cast<V*>(d + at),
                        _mm256_loadu_si256(reinterpret_cast<const V*>(s + at)));
  };
#elif defined(__SSE2__)
  using V = __m128i;
  const auto move = [&](std::size_t at) {
    _mm_storeu_si128(reinterpret_cast<V*>(d + at),
                     _mm_loadu_si128(reinterpret_cast<const V*>(s + at)));
  };
#else
  struct V {
    unsigned char b[16];
  };
  const auto move = [&](std::size_t at) { std::memcpy(d + at, s + at, sizeof(V)); };
#endif
  constexpr std::size_t kSize = sizeof(V), kWhole = N / kSize;
  (move(K < kWhole ? K * kSize : N - kSize), ...);
}
template <std::size_t N>
[[gnu::always_inline]] inline void copy_state(void* to, const void* from) {
#if SUDOFORGE_BAND_X86_64_V3
  constexpr std::size_t kSize = 32;
#else
  constexpr std::size_t kSize = 16;
#endif
  static_assert(N >= kSize);
  copy_moves<N>(static_cast<unsigned char*>(to), static_cast<const unsigned char*>(from),
                std::make_index_sequence<(N + kSize - 1) / kSize>());
}

// What every Rules shares: the run's counters and bounds, placement and the solution sink.
class BandCore {
 public:
  BandCore(std::uint64_t limit, SolutionSink sink, const SearchLimits& limits)
      : check_(limits), limit_(limit), sink_(sink) {}

  // Places digit d at bit p of band b (an unsolved cell); false when d is no longer there.
  bool place(State& s, int d, int b, int p) {
    const std::uint32_t bit = 1u << p;
    std::uint32_t* f = s.f;
    const std::uint32_t own = f[3 * d + b];
    if (!(own & bit)) return false;
    ++nodes_;
    s.unsolved[b] &= ~bit;
    for (int e = 0; e < 9; ++e) f[3 * e + b] &= ~bit;
    f[3 * d + b] = own & t_.keep[p];
    const std::uint32_t clear = t_.column_clear[p];
    f[3 * d + kNext[b]] &= clear;
    f[3 * d + kPrev[b]] &= clear;
    return true;
  }

  void emit(const State& s) {
#if SUDOFORGE_BAND_X86_64_V3
    // Bit k of each cell's digit as one word per band (bit plane k: the cells whose digit
    // has bit k set), each plane spread to one byte a cell by a byte shuffle (byte j of
    // the 32 takes byte j / 8 of the plane) and a compare with bit j % 8, the four planes
    // then ORed as bits 0-3 of the bytes. Each band writes 32 bytes, five past it: the
    // next band (or the slack) is written after.
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,  //
                                            2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bit = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201ull));
    const auto expand = [&](std::uint32_t plane, int k) {
      const __m256i x = _mm256_and_si256(
          _mm256_shuffle_epi8(_mm256_set1_epi32(static_cast<int>(plane)), spread), bit);
      return _mm256_and_si256(_mm256_cmpeq_epi8(x, bit),
                              _mm256_set1_epi8(static_cast<char>(1 << k)));
    };
    std::uint8_t cells[88];
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t* f = s.f + b;  // digit d's word of band b is f[3d]
      const __m256i digits = _mm256_or_si256(
          _mm256_or_si256(expand(f[0] | f[6] | f[12] | f[18] | f[24], 0),  // 1, 3, 5, 7, 9
                          expand(f[3] | f[6] | f[15] | f[18], 1)),         // 2, 3, 6, 7
          _mm256_or_si256(expand(f[9] | f[12] | f[15] | f[18], 2),         // 4, 5, 6, 7
                          expand(f[21] | f[24], 3)));                      // 8, 9
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(cells + 27 * b), digits);
    }
#else
    std::uint8_t cells[81];
    for (int b = 0; b < 3; ++b) {
      for (int d = 0; d < 9; ++d) {
        for (std::uint32_t m = s.f[3 * d + b]; m; m &= m - 1) {
          cells[27 * b + __builtin_ctz(m)] = static_cast<std::uint8_t>(d + 1);
        }
      }
    }
#endif
    if (!sink_(cells)) stop_ = true;
  }

  // Adds the counters to *stats (when set), then throws SearchAborted if a limit was hit.
  std::uint64_t finish(SearchStats* stats) {
    if (stats) {
      stats->nodes += nodes_;
      stats->guesses += guesses_;
    }
    check_.raise_if_aborted(nodes_);
    return found_;
  }

  std::uint64_t found_ = 0, nodes_ = 0, guesses_ = 0;
  LimitCheck check_;
  static constexpr bool kBranchOnConfigs = false;
  using StateType = State;

 protected:
  static constexpr const Tables& t_ = kTables;
  std::uint64_t limit_;
  SolutionSink sink_;
  bool stop_ = false;
};

template <class Rules>
class BandSearch : public Rules {
 public:
  using Rules::Rules;
  using State = typename Rules::StateType;

  // s is propagated; it may be consumed (the last branch reuses it).
  void search(State& s) {
    if constexpr (Rules::kPollBeforeLeaf) {
      if (this->check_.due(this->nodes_)) {
        this->stop_ = true;
        return;
      }
    }
    if (!(s.unsolved[0] | s.unsolved[1] | s.unsolved[2])) {
      ++this->found_;
      if (this->sink_) this->emit(s);
      if (this->found_ >= this->limit_) this->stop_ = true;
      return;
    }
    if constexpr (!Rules::kPollBeforeLeaf) {
      if (this->check_.due(this->nodes_)) {
        this->stop_ = true;
        return;
      }
    }
    if constexpr (Rules::kBranchOnConfigs) {
      if (branch_on_config(s)) return;
    }
    // Branch cell: the first bivalue cell, else the first cell with fewest candidates.
    int band = -1, pos = 0;
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t u = s.unsolved[b];
      if (!u) continue;
      std::uint32_t o = 0, t2 = 0, t3 = 0;
      for (int d = 0; d < 9; ++d) {
        const std::uint32_t x = s.f[3 * d + b];
        t3 |= t2 & x;
        t2 |= o & x;
        o |= x;
      }
      const std::uint32_t bivalue = u & t2 & ~t3;
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
    // Without a branch per digit (whether the cell holds d is data-dependent).
    for (int d = 0; d < 9; ++d) {
      digits[count] = d;
      count += static_cast<int>((s.f[3 * d + band] >> pos) & 1);
    }
    this->order(digits, count);
    for (int i = 0; i < count; ++i) {
      ++this->guesses_;
      if (i + 1 < count) {
        State t;
        copy_state<sizeof t>(&t, &s);
        if (this->place(t, digits[i], band, pos) && this->propagate(t)) search(t);
      } else {
        if (this->place(s, digits[i], band, pos) && this->propagate(s)) search(s);
      }
      if (this->stop_) return;
    }
  }

  // Branches on the configurations (permutations of row-box segments) of one (digit, band):
  // in the band with fewest configurations over its nine digits, the digit with fewest (at
  // least two). Reads the patterns kept by the propagation. False when no unsolved band has
  // a digit with two or more (the caller branches on a cell).
  bool branch_on_config(State& s) {
    int bestb = -1, bestd = 0, best_total = 1000;
    for (int b = 0; b < 3; ++b) {
      if (!s.unsolved[b]) continue;
      int total = 0, key = 0xFF;
      for (int d = 0; d < 9; ++d) {
        const int p = s.pattern[4 * d + b];
        total += kTables.config_count[p];
        key = std::min(key, kTables.branch_key[p] | d);
      }
      if (key < 0xF0 && total < best_total) {
        best_total = total;
        bestb = b;
        bestd = key & 0xF;
      }
    }
    if (bestb < 0) return false;
    const int i = 3 * bestd + bestb;
    const std::uint32_t w = s.f[i];
    for (int set = kTables.configs[s.pattern[4 * bestd + bestb]]; set; set &= set - 1) {
      const std::uint32_t cells = kTables.config_cells[__builtin_ctz(set)];
      ++this->guesses_;
      if (set & (set - 1)) {
        State t;
        copy_state<sizeof t>(&t, &s);
        t.f[i] = w & cells;
        if (this->propagate(t)) search(t);
      } else {
        s.f[i] = w & cells;
        if (this->propagate(s)) search(s);
      }
      if (this->stop_) return true;
    }
    return true;
  }
};

}  // namespace
}  // namespace SUDOFORGE_BAND_TARGET
}  // namespace sudoforge::detail::band
