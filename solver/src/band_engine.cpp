// 9x9 exact-cover search on per-digit bitboards, updated one (digit, band) word at a time
// (the scheme of JCZSolve-style solvers; written from the idea, not from their code).
//
// State: for each digit d and band b (three rows), a 27-bit word f[3d+b] of the cells of the
// band where d may go (bit 9*(row%3) + column); a placed digit keeps its own bit. unsolved[b]
// holds the band's unsolved cells. seen[i] is f[i] as last examined: only words that changed
// since are looked at again, so a placement costs the words it touched, not the whole grid.
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
// a cell with fewest candidates). A branch copies the 232-byte state (the last option reuses
// the parent's), so there is no undo log.
//
// Setup from givens is one pass: the given cells of each digit are gathered per band, then
// each digit word is masked once (rows, boxes and columns of its givens, cells of other
// givens); a given that lost its own bit is a conflict, left to the caller to name.
#include <array>
#include <utility>

#include "engines.h"

namespace sudoforge::detail {
namespace {

constexpr std::uint32_t kBand = 0x7FFFFFF;  // 27 bits
constexpr std::uint32_t kColumn = 0x40201;  // column 0 in the three rows of a band

struct Tables {
  std::array<std::uint8_t, 512> segments{};    // 9-bit row -> which of its 3 boxes are used
  std::array<std::uint32_t, 512> complex{};    // row-box pattern -> allowed cells (27 bits)
  std::array<std::uint32_t, 512> single{};     // column pattern -> mask clearing lone columns
  std::array<std::uint32_t, 512> pair{};       // column pattern -> mask clearing column pairs
  std::array<std::uint32_t, 27> keep{};        // own band: clear row and box peers, keep cell
  std::array<std::uint32_t, 27> column_clear{};  // other bands: clear the column

  constexpr Tables() {
    for (int r = 0; r < 512; ++r) {
      segments[r] =
          static_cast<std::uint8_t>(((r & 7) ? 1 : 0) | ((r & 070) ? 2 : 0) | ((r & 0700) ? 4 : 0));
    }
    constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                         {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int m = 0; m < 512; ++m) {
      // Bit 3*row + box of m: the row holds candidates in that box.
      std::uint32_t allowed = 0;
      for (const auto& p : kPerms) {
        std::uint32_t mat = 0;
        for (int row = 0; row < 3; ++row) mat |= 1u << (3 * row + p[row]);
        if ((mat & m) == mat) allowed |= mat;
      }
      std::uint32_t cells = 0;
      for (int s = 0; s < 9; ++s) {
        if (allowed >> s & 1) cells |= 7u << (9 * (s / 3) + 3 * (s % 3));
      }
      complex[m] = cells;
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
  std::uint32_t seen[27];  // f as last examined by update()
  std::uint32_t unsolved[3];
};

constexpr int kNext[3] = {1, 2, 0}, kPrev[3] = {2, 0, 1};

inline std::uint32_t columns_of(std::uint32_t x) {
  return (x | x >> 9 | x >> 18) & 0x1FF;
}

class BandSearch {
 public:
  BandSearch(std::uint64_t limit, SolutionSink sink, const SearchLimits& limits)
      : check_(limits), limit_(limit), sink_(sink) {}

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

  // Updates word I = (d, b) when it changed since last examined. Templated on I so that
  // the 27 copies in propagate() work on fixed offsets (no index arithmetic, unrolled).
  template <int I>
  bool update(State& s) {
    std::uint32_t* f = s.f;
    std::uint32_t a = f[I];
    if (a == s.seen[I]) return true;
    changed_ = true;
    constexpr int d = I / 3, b = I % 3;
    constexpr int j = 3 * d + kNext[b], k = 3 * d + kPrev[b];
    const int m = t_.segments[a & 0x1FF] | t_.segments[(a >> 9) & 0x1FF] << 3 |
                  t_.segments[a >> 18] << 6;
    a &= t_.complex[m];
    if (!a) return false;
    const std::uint32_t cols = columns_of(a);
    const std::uint32_t lone = t_.single[cols];
    f[j] &= lone & t_.pair[cols | columns_of(f[k])];
    f[k] &= lone & t_.pair[cols | columns_of(f[j])];
    s.seen[I] = a;
    const std::uint32_t r0 = a & 0x1FF, r1 = a & (0x1FFu << 9), r2 = a & (0x1FFu << 18);
    std::uint32_t singles = ((r0 & (r0 - 1)) ? 0 : r0) | ((r1 & (r1 - 1)) ? 0 : r1) |
                            ((r2 & (r2 - 1)) ? 0 : r2);
    singles &= s.unsolved[b];
    if (singles) {
      s.unsolved[b] &= ~singles;
      for (std::uint32_t x = singles; x; x &= x - 1) ++nodes_;
      const std::uint32_t clear = ~singles;
      f[b] &= clear;
      f[3 + b] &= clear;
      f[6 + b] &= clear;
      f[9 + b] &= clear;
      f[12 + b] &= clear;
      f[15 + b] &= clear;
      f[18 + b] &= clear;
      f[21 + b] &= clear;
      f[24 + b] &= clear;
    }
    f[I] = a;
    return true;
  }

  template <int... I>
  bool update_all(State& s, std::integer_sequence<int, I...>) {
    return (update<I>(s) && ...);
  }

  bool propagate(State& s) {
    for (;;) {
      do {
        changed_ = false;
        if (!update_all(s, std::make_integer_sequence<int, 27>())) return false;
      } while (changed_);
      if (!(s.unsolved[0] | s.unsolved[1] | s.unsolved[2])) return true;
      // Naked singles (and empty cells) by bit-sliced counting over the digits.
      bool placed = false;
      for (int b = 0; b < 3; ++b) {
        const std::uint32_t u = s.unsolved[b];
        if (!u) continue;
        std::uint32_t ones = 0, twos = 0;
        for (int d = 0; d < 9; ++d) {
          const std::uint32_t x = s.f[3 * d + b];
          twos |= ones & x;
          ones |= x;
        }
        if (u & ~ones) return false;
        const std::uint32_t naked = u & ~twos;
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
    if (!(s.unsolved[0] | s.unsolved[1] | s.unsolved[2])) {
      ++found_;
      if (sink_) emit(s);
      if (found_ >= limit_) stop_ = true;
      return;
    }
    if (check_.due(nodes_)) {
      stop_ = true;
      return;
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
    for (int d = 0; d < 9; ++d) {
      if ((s.f[3 * d + band] >> pos) & 1) digits[count++] = d;
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
  static constexpr const Tables& t_ = kTables;
  std::uint64_t limit_;
  SolutionSink sink_;
  bool stop_ = false;
  bool changed_ = false;
};

// Fills s from the givens and forbidden candidates; false when two givens clash.
bool setup(State& s, const std::uint8_t* givens,
           std::span<const Candidate> forbidden) {
  const Tables& t = kTables;
  std::uint32_t given[27] = {};  // per (digit, band): its given cells
  std::uint32_t any[3] = {0, 0, 0};
  for (int b = 0; b < 3; ++b) {
    const std::uint8_t* row = givens + 27 * b;
    for (int p = 0; p < 27; ++p) {
      if (const int v = row[p]) given[3 * (v - 1) + b] |= 1u << p;
    }
    any[b] = given[b] | given[3 + b] | given[6 + b] | given[9 + b] | given[12 + b] |
             given[15 + b] | given[18 + b] | given[21 + b] | given[24 + b];
  }
  for (int d = 0; d < 9; ++d) {
    std::uint32_t w[3] = {kBand, kBand, kBand};
    for (int b = 0; b < 3; ++b) {
      for (std::uint32_t m = given[3 * d + b]; m; m &= m - 1) {
        const int p = __builtin_ctz(m);
        w[b] &= t.keep[p];
        w[kNext[b]] &= t.column_clear[p];
        w[kPrev[b]] &= t.column_clear[p];
      }
    }
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t own = given[3 * d + b];
      // A given of d that a peer given of d removed: a conflict.
      if ((w[b] & own) != own) return false;
      s.f[3 * d + b] = w[b] & ~(any[b] & ~own);
      s.seen[3 * d + b] = ~0u;  // differs from every 27-bit word: all are examined
    }
  }
  for (int b = 0; b < 3; ++b) s.unsolved[b] = kBand & ~any[b];
  for (const Candidate& f : forbidden) {
    s.f[3 * (f.value - 1) + f.cell / 27] &= ~(1u << (f.cell % 27));
  }
  return true;
}

}  // namespace

std::uint64_t BandEngine::run(const std::uint8_t* givens, std::span<const Candidate> forbidden,
                              std::uint64_t limit, SearchStats* stats, SolutionSink sink,
                              const SearchLimits& limits, bool* conflict) {
  *conflict = false;
  State s;
  if (!setup(s, givens, forbidden)) {
    *conflict = true;
    return 0;
  }
  if (limit == 0) return 0;
  BandSearch search(limit, sink, limits);
  if (search.propagate(s)) search.search(s);
  if (stats) {
    stats->nodes += search.nodes_;
    stats->guesses += search.guesses_;
  }
  search.check_.raise_if_aborted(search.nodes_);
  return search.found_;
}

}  // namespace sudoforge::detail
