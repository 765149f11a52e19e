// Aligned pair (6.2) and triplet (7.5) exclusion, as Sudoku Explainer searches them.
//
// Base cells: every cell with 2+ candidates that has at least one "excluder", a peer with
// exactly two candidates (none is tried while a peer is a naked single). For every pair of
// base cells with at least two common excluders, a combination of values (v0 in the first
// cell, v1 in the second) is impossible when the two cells see each other and v0 == v1,
// or when a common excluder holds exactly {v0, v1} (it would be left empty). A value of a
// base cell that appears in no possible combination is removed. Pairs are visited in SE's
// order: cells in reading order, pairs of base-cell indices in colexicographic order
// ((0,1), (0,2), (1,2), (0,3), ...). The base cells need not share a unit.
//
// Triplets: excluders are peers with two or three candidates. For each pair of base cells
// (same order as above), the third cell is any other base cell among the excluders of
// either (SE's "twin area": the first cell's excluders, then the second's, each in SE's
// house order: box, row, column), with at least two excluders common to all three. A
// triple of values is impossible when two equal values sit in cells that see each other,
// or when a common excluder's candidates are all among the three values.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "finder_memo.h"
#include "finders.h"
#include "stop_poll.h"

namespace sudoforge::grader::detail {
namespace {

// lowest() and std::countr_zero for a value known not to be 0, as every one here is (a
// set's bits in a loop over them, the values of an excluder): one instruction, where
// std::countr_zero on the x86-64 baseline also tests for 0.
inline int low(Mask m) { return __builtin_ctz(m); }
inline int low64(std::uint64_t x) { return __builtin_ctzll(x); }

// CandidateGrid::sees with the peer sets' table and word count read once (kWords: the
// words of a cell set, 0 for g.set_words()); cells are not negative.
template <int kWords>
struct Sees {
  const std::uint64_t* peers;  // g.peer_set(0): cell c's set at c * words
  int words;
  explicit Sees(const CandidateGrid& g) : peers(g.peer_set(0)), words(g.set_words()) {}
  bool operator()(int a, int b) const {
    const unsigned ua = static_cast<unsigned>(a), ub = static_cast<unsigned>(b);
    const unsigned w = kWords ? kWords : static_cast<unsigned>(words);
    return (peers[ua * w + ub / 64] >> (ub % 64)) & 1;
  }
};

// The base cells of one search and their excluders. SE enumerates the pairs with a 64-bit
// generator that refuses more than 64 base cells (it finds nothing then), so a set of base
// cells fits in one word.
struct Bases {
  int words = 0;                          // words of a cell set
  int m = 0;                              // base cells
  std::vector<int> cell;                  // [i < m]: base cells, reading order
  std::vector<int> index;                 // [c]: index of c among the base cells, if it is one
  std::uint64_t base_set[16] = {};        // the base cells, as a cell set (words <= 10)
  std::vector<std::uint64_t> excl;        // [i * words]: the excluders of base cell i
  std::vector<std::uint64_t> holders;     // [q]: base cells (bit i) that have q as excluder
  std::vector<std::uint64_t> unit_bases;  // [u]: the base cells (bits) in unit u (collect's)
  std::uint64_t excluder_cells[16] = {};  // the cells that may be excluders (words <= 10)
  bool singles = false;                   // whether some cell was a naked single

  // Collects the base cells whose excluders have 2..max_card (2 or 3) candidates. Returns
  // false when there are fewer than min_count or more than 64 of them.
  bool collect(const CandidateGrid& g, int max_card, int min_count) {
    // 9x9 boards (two words) get loops of known length.
    return g.set_words() == 2 ? collect_words<2>(g, max_card, min_count)
                              : collect_words<0>(g, max_card, min_count);
  }
  // kWords: the words of a cell set, 0 for g.set_words().
  template <int kWords>
  bool collect_words(const CandidateGrid& g, int max_card, int min_count) {
    const int nc = g.cell_count();
    const int W = kWords ? kWords : g.set_words();
    words = W;
    if (cell.size() < static_cast<size_t>(nc)) {
      cell.resize(nc);
      index.resize(nc);
      excl.resize(static_cast<size_t>(nc) * W);
      holders.resize(nc);
    }
    // The naked singles, the possible excluders and the cells with two or more
    // candidates, as cell sets.
    const std::uint64_t* const single_set = g.cells_with(1);
    std::uint64_t wide[16] = {};  // W <= 10
    for (int k = 2; k <= g.n(); ++k) {
      for (int w = 0; w < W; ++w) wide[w] |= g.cells_with(k)[w];
    }
    std::uint64_t* const excluder_set = excluder_cells;
    for (int w = 0; w < W; ++w) {
      excluder_set[w] = g.cells_with(2)[w] | (max_card >= 3 ? g.cells_with(3)[w] : 0);
    }
    std::uint64_t any_single = 0;
    for (int w = 0; w < W; ++w) any_single |= single_set[w];
    singles = any_single != 0;
    m = 0;
    for (int cw = 0; cw < W; ++cw) {
      base_set[cw] = 0;
      for (std::uint64_t y = wide[cw]; y; y &= y - 1) {
        const int c = cw * 64 + low64(y);
        const std::uint64_t* peers = g.peer_set(c);
        if (singles) {
          std::uint64_t single = 0;
          for (int w = 0; w < W; ++w) single |= peers[w] & single_set[w];
          if (single) continue;
        }
        // The excluders are written to the next base cell's row before it is known to
        // be one: the row is free until then (there are nc rows, and fewer than nc base
        // cells before this one).
        std::uint64_t* e = &excl[static_cast<size_t>(m) * W];
        std::uint64_t any = 0;
        for (int w = 0; w < W; ++w) any |= e[w] = peers[w] & excluder_set[w];
        if (!any) continue;
        if (m == 64) return false;  // more than 64
        base_set[cw] |= y & (~y + 1);
        index[c] = m;
        cell[m++] = c;
      }
    }
    if (m < min_count) return false;
    // Base cell i holds q as an excluder when q is an excluder cell and a peer of i: so
    // holders[q] is the base cells among q's peers (seeing is symmetric). Where q's peers
    // are its units' other cells (its house list is all of them: no cage mates), that is
    // the union of the base cells of its units, less q; otherwise q's peers are read.
    std::fill(holders.begin(), holders.begin() + nc, 0);
    // classic boards (3 units a cell): loops of known length.
    if (g.units_per_cell() == 3) {
      fill_holders<3>(g);
    } else {
      fill_holders<0>(g);
    }
    return true;
  }
  // kUnits: the units of a cell, 0 for g.units_per_cell().
  template <int kUnits>
  void fill_holders(const CandidateGrid& g) {
    const int units = g.unit_count(), S = kUnits ? kUnits : g.units_per_cell();
    if (unit_bases.size() < static_cast<size_t>(units) + 1) unit_bases.resize(units + 1);
    std::fill(unit_bases.begin(), unit_bases.begin() + units + 1, 0);
    for (int i = 0; i < m; ++i) {
      const std::uint64_t bit = std::uint64_t{1} << i;
      for (int k = 0; k < S; ++k) unit_bases[g.unit_of(cell[i], k)] |= bit;
    }
    unit_bases[units] = 0;  // the padding unit of cells in fewer extra houses
    for (int w = 0; w < words; ++w) {
      for (std::uint64_t x = excluder_cells[w]; x; x &= x - 1) {
        const int q = w * 64 + low64(x);
        std::uint64_t h = 0;
        if (g.peers(q).size() == g.house(q).size()) {
          for (int k = 0; k < S; ++k) h |= unit_bases[g.unit_of(q, k)];
          if ((base_set[w] >> (q % 64)) & 1) h &= ~(std::uint64_t{1} << index[q]);
        } else {
          for (int p : g.peers(q)) {
            if ((base_set[p / 64] >> (p % 64)) & 1) h |= std::uint64_t{1} << index[p];
          }
        }
        holders[q] = h;
      }
    }
  }
  // twins[i]: the base cells of `among` (bits) in base cell i's units, less i (after
  // collect). kUnits: as for fill_holders.
  template <int kUnits>
  void twins(const CandidateGrid& g, std::uint64_t among, std::uint64_t* twins) const {
    const int S = kUnits ? kUnits : g.units_per_cell();
    for (int i = 0; i < m; ++i) {
      std::uint64_t t = 0;
      for (int k = 0; k < S; ++k) t |= unit_bases[g.unit_of(cell[i], k)];
      twins[i] = t & among & ~(std::uint64_t{1} << i);
    }
  }
  int count() const { return m; }
  // The base cells (bit i) in the cell set `cells`.
  std::uint64_t bases_in(const std::uint64_t* cells) const {
    std::uint64_t r = 0;
    for (int w = 0; w < words; ++w) {
      for (std::uint64_t x = cells[w] & base_set[w]; x; x &= x - 1) {
        r |= std::uint64_t{1} << index[w * 64 + low64(x)];
      }
    }
    return r;
  }
  const std::uint64_t* excluders(int i) const { return &excl[static_cast<size_t>(i) * words]; }

  // The base cells of `among` (bits) that share at least two excluders with base cell j.
  // kWords: as for collect_words.
  template <int kWords = 0>
  std::uint64_t sharing_two(int j, std::uint64_t among) const {
    std::uint64_t once = 0, twice = 0;
    const std::uint64_t* ej = excluders(j);
    const int W = kWords ? kWords : words;
    for (int w = 0; w < W; ++w) {
      for (std::uint64_t x = ej[w]; x; x &= x - 1) {
        const std::uint64_t h = holders[w * 64 + low64(x)] & among;
        twice |= once & h;
        once |= h;
      }
    }
    return twice;
  }
  // The base cells holding an excluder of `cells` that is also in `fresh` (cell sets).
  // kWords: as for collect_words.
  template <int kWords = 0>
  std::uint64_t holding_any(const std::uint64_t* cells, const std::uint64_t* fresh) const {
    std::uint64_t held = 0;
    const int W = kWords ? kWords : words;
    for (int w = 0; w < W; ++w) {
      for (std::uint64_t x = cells[w] & fresh[w]; x; x &= x - 1) {
        held |= holders[w * 64 + low64(x)];
      }
    }
    return held;
  }
  // The base cells i < j that share at least two excluders with base cell j (bit i).
  std::uint64_t partners(int j) const { return sharing_two(j, (std::uint64_t{1} << j) - 1); }
};

thread_local Bases t_bases;

// Whether none of c0, c1, c2 and of their common excluders (common01 & e2, cell sets)
// whose values are all among the three cells' changed since `since` (a verdict time:
// clock + 1, 0 for none).
bool unchanged(const CandidateGrid& g, std::uint64_t since, int c0, int c1, int c2,
               const std::uint64_t* common01, const std::uint64_t* e2) {
  if (since == 0) return false;
  if (g.cell_changed(c0) >= since || g.cell_changed(c1) >= since || g.cell_changed(c2) >= since) {
    return false;
  }
  const Mask values = g.cand(c0) | g.cand(c1) | g.cand(c2);
  for (int w = 0; w < g.set_words(); ++w) {
    for (std::uint64_t x = common01[w] & e2[w]; x; x &= x - 1) {
      const int q = w * 64 + low64(x);
      if (g.cell_changed(q) >= since && !(g.cand(q) & ~values)) return false;
    }
  }
  return true;
}

// The key of the triple {c0, c1, c2} (c0 < c1), whatever the order of its cells.
std::uint32_t triple_key(int nc, int c0, int c1, int c2) {
  const int k0 = std::min(c0, c2), k1 = c2 < c0 ? c0 : std::min(c1, c2);
  const int k2 = std::max(c1, c2);
  return static_cast<std::uint32_t>((k0 * nc + k1) * nc + k2);
}

// A bound for the triples of one pair (c0, c1): whether a third cell c2 may make the
// triple remove anything. The triple's common excluders are among the pair's, and an
// excluder, or two cells that see each other, only forbid combinations: so with F(p0, p1)
// the values of c2 that the pair's common excluders forbid next to p0 in c0 and p1 in c1
// (the bivalues' partners of p0 and p1, the third value of a trivalue holding both, here
// any value of a trivalue holding p0 and of one holding p1), every value when they forbid
// p0 with p1, a triple removes something only if
//   - a value of c2 is in every F(p0, p1) | {p0, p1} (`any2`), or
//   - for some p0, every F(p0, p1) | {p1} holds all of c2's values, with p0 if c2 sees c0
//     (`row0`), or
//   - for some p1, every F(p0, p1) | {p0} holds all of c2's values, with p1 if c2 sees c1
//     (`row1`).
struct PairBound {
  Mask any2 = 0;
  Mask row0[32], row1[32];  // [p0], [p1]
  Mask cand0 = 0, cand1 = 0;
  Mask wide0 = 0, wide1 = 0;  // every row0 with cand0, every row1 with cand1
  Mask partner[32] = {}, trios[32] = {};  // build's tables

  // kWords: as for Bases::collect_words.
  template <int kWords>
  void build(const CandidateGrid& g, int c0, int c1, bool sees01, const std::uint64_t* common01) {
    cand0 = g.cand(c0);
    cand1 = g.cand(c1);
    // Only the entries of the two cells' values are read.
    const Mask used = cand0 | cand1;
    if (g.n() == 9) {
      // The values are 1 to 9: all cleared at once.
      std::fill(partner, partner + 10, 0);
      std::fill(trios, trios + 10, 0);
    } else {
      for (Mask z = used; z; z &= z - 1) partner[low(z)] = trios[low(z)] = 0;
    }
    const int W = kWords ? kWords : g.set_words();
    Mask tri_held = 0;  // the values of the trivalues
    for (int w = 0; w < W; ++w) {
      for (std::uint64_t x = common01[w]; x; x &= x - 1) {
        const Mask e = g.cand(w * 64 + low64(x));
        const Mask rest = e & (e - 1);
        const int v0 = low(e), v1 = low(rest);
        if (rest & (rest - 1)) {
          trios[v0] |= e;
          trios[v1] |= e;
          trios[low(rest & (rest - 1))] |= e;
          tri_held |= e;
        } else {
          partner[v0] |= Mask{1} << v1;
          partner[v1] |= Mask{1} << v0;
        }
      }
    }
    // any2 is the intersection of row0[p0] | {p0} over p0 (with F(p0, p1) | {p0, p1} =
    // (F(p0, p1) | {p1}) | {p0}).
    const Mask all = ~Mask{0};
    any2 = all;
    wide0 = wide1 = 0;
    if (g.n() == 9) {
      std::fill(row1, row1 + 10, all);  // at once, as the tables above
    } else {
      for (Mask y = cand1; y; y &= y - 1) row1[low(y)] = all;
    }
    if (!tri_held) {
      // Without trivalues F(p0, p1) = partner[p0] | partner[p1]: row0[p0] is partner[p0]
      // with the intersection of partner[p1] | {p1}, row1[p1] partner[p1] with that of
      // partner[p0] | {p0}.
      for (Mask x = cand0; x; x &= x - 1) {
        const int p0 = low(x);
        const Mask b0 = Mask{1} << p0;
        const Mask pp0 = partner[p0], side0 = pp0 | b0;
        Mask r0 = all;
        for (Mask y = cand1 & ~pp0 & ~(sees01 ? b0 : 0); y; y &= y - 1) {
          const int p1 = low(y);
          r0 &= partner[p1] | (y & ~(y - 1));
          row1[p1] &= side0;
        }
        r0 |= pp0;
        row0[p0] = r0;
        wide0 |= r0;
        any2 &= r0 | b0;
      }
      for (Mask y = cand1; y; y &= y - 1) row1[low(y)] |= partner[low(y)];
    } else {
      for (Mask x = cand0; x; x &= x - 1) {
        const int p0 = low(x);
        const Mask b0 = Mask{1} << p0;
        Mask r0 = all;
        for (Mask y = cand1 & ~partner[p0] & ~(sees01 ? b0 : 0); y; y &= y - 1) {
          const int p1 = low(y);
          const Mask b1 = Mask{1} << p1;
          const Mask f = partner[p0] | partner[p1] | (trios[p0] & trios[p1]);
          r0 &= f | b1;
          row1[p1] &= f | b0;
        }
        row0[p0] = r0;
        wide0 |= r0;
        any2 &= r0 | b0;
      }
    }
    for (Mask y = cand1; y; y &= y - 1) wide1 |= row1[low(y)];
    wide0 |= cand0;
    wide1 |= cand1;
  }

  // The values that the triple with third cell c2 may remove (each bound above holds for
  // each value: p2 in any2, p0 by its row0, p1 by its row1) in `flagged`; false when
  // there are none.
  template <class SeesF>
  [[gnu::always_inline]] bool may_remove(const CandidateGrid& g, const SeesF& sees, int c0,
                                         int c1, int c2, Mask flagged[3]) const {
    const Mask cand2 = g.cand(c2);
    flagged[2] = cand2 & any2;
    // A row with the cell's value is within wide0 (wide1).
    const bool by0 = !(cand2 & ~wide0), by1 = !(cand2 & ~wide1);
    flagged[0] = flagged[1] = 0;
    if (!by0 && !by1) return flagged[2] != 0;
    if (by0) {
      const Mask s02 = sees(c0, c2) ? all_bits : 0;
      for (Mask x = cand0; x; x &= x - 1) {
        const Mask bit = x & ~(x - 1);
        if (!(cand2 & ~(row0[low(x)] | (bit & s02)))) flagged[0] |= bit;
      }
    }
    if (by1) {
      const Mask s12 = sees(c1, c2) ? all_bits : 0;
      for (Mask y = cand1; y; y &= y - 1) {
        const Mask bit = y & ~(y - 1);
        if (!(cand2 & ~(row1[low(y)] | (bit & s12)))) flagged[1] |= bit;
      }
    }
    return (flagged[0] | flagged[1] | flagged[2]) != 0;
  }
  static constexpr Mask all_bits = ~Mask{0};
};

thread_local PairBound t_bound, t_lone;

void describe(const Ctx& ctx, const char* name, const int* cells, int count, Hint& out) {
  const CandidateGrid& g = ctx.g;
  out.technique = name;
  out.placements.clear();
  out.cells.assign(cells, cells + count);
  if (!ctx.explain) return;
  std::string text = std::string(name) + " on ";
  for (int k = 0; k < count; ++k) {
    if (k) text += ',';
    text += g.cell_name(cells[k]);
  }
  text += ": ";
  text += describe_eliminations(g, out.eliminations);
  out.explanation = std::move(text);
}

// Aligned pair exclusion after Bases::collect; kWords: as for Bases::collect_words.
template <int kWords>
bool aligned_pairs(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  Bases& b = t_bases;
  const int W = kWords ? kWords : b.words;
  // A pair's verdict is a function of the candidates of its two cells and of their
  // common excluders (with no naked single left, which the search that found nothing
  // checked, the pair was met then if it is now): after such a search, only pairs with
  // either cell changed since, or a common peer changed since that is an excluder now,
  // can give a hint. A changed peer that is no excluder now was none then or lost its
  // place: fewer excluders only forbid fewer combinations.
  const std::uint64_t since = ctx.memo ? ctx.memo->failed_since(FinderMemo::kAlignedPair) : 0;
  std::uint64_t fresh[16] = {};  // words <= 10 (625 cells)
  if (ctx.memo) {
    const std::uint64_t* changed = ctx.memo->changed_since(since);
    std::copy(changed, changed + W, fresh);
  } else {
    g.changed_since(since, fresh);
  }
  const std::uint64_t fresh_bases = b.bases_in(fresh);
  // A pair (c0, c1) removes p0 from c0 only if every value of c1 but p0 is the partner of
  // p0 in a common excluder: then every value of c1 but p0 is p0's partner in an excluder
  // of c1 alone, and c1 is in able[p0], the base cells x whose values other than v are all
  // partners of v in excluders of x. Likewise it removes p1 from c1 only if c0 is in
  // able[p1]. So a pair can give a hint only if c0 holds a value v with c1 in able[v], or
  // c1 holds a value v with c0 in able[v] (and, for the former, c0 has an excluder {v, w}
  // for each value w of c1 but v); the others are left out before their common excluders
  // are read.
  const int n1 = g.n() + 1;
  std::uint64_t hold[32] = {}, able[32];  // [v]: base cells (bits) holding v; able, as above
  for (int i = 0; i < b.count(); ++i) {
    for (Mask x = g.cand(b.cell[i]); x; x &= x - 1) hold[low(x)] |= std::uint64_t{1} << i;
  }
  // [v * n1 + w]: base cells with an excluder {v, w}; the entries set are cleared at the end.
  thread_local std::vector<std::uint64_t> duo;
  if (duo.size() < static_cast<size_t>(n1 * n1)) duo.assign(static_cast<size_t>(n1 * n1), 0);
  int set_keys[64];  // the pairs {v, w} met (36 on 9x9 boards; past 64 all is cleared)
  int nset = 0;
  bool overflow = false;
  for (int w = 0; w < W; ++w) {
    for (std::uint64_t x = b.excluder_cells[w]; x; x &= x - 1) {
      const int q = w * 64 + low64(x);
      const std::uint64_t h = b.holders[q];
      if (!h) continue;
      const Mask e = g.cand(q);
      const int v = low(e), u = low(e & (e - 1));
      const int key = v * n1 + u;
      if (!duo[key]) {
        if (nset < 64) {
          set_keys[nset++] = key;
        } else {
          overflow = true;
        }
      }
      duo[key] |= h;
      duo[u * n1 + v] |= h;
    }
  }
  const std::uint64_t all_bases =
      b.count() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << b.count()) - 1;
  Mask able_values = 0;   // the values v with able[v] not empty
  Mask able_of[64] = {};  // [x]: the values v with x in able[v]
  // able[v] is the intersection of duo[v * n1 + u] | ~hold[u] over the values u but v:
  // with duo[v * n1 + v] (never an excluder's) set to every cell for the time of the
  // call, over all values, in loops of known length (no test per value).
  std::uint64_t not_held[32];
  for (int u = 1; u < n1; ++u) {
    not_held[u] = ~hold[u];
    duo[u * n1 + u] = ~std::uint64_t{0};
  }
  auto able_loop = [&](auto n_constant) {
    constexpr int kN = decltype(n_constant)::value;
    const int n = kN ? kN : n1 - 1;
    for (int v = 1; v <= n; ++v) {
      const std::uint64_t* dv = &duo[v * n1];
      std::uint64_t a = all_bases;
      for (int u = 1; u <= n; ++u) a &= dv[u] | not_held[u];
      able[v] = a;
      if (a) able_values |= Mask{1} << v;
      for (; a; a &= a - 1) able_of[low64(a)] |= Mask{1} << v;
    }
  };
  if (n1 == 10) {
    able_loop(std::integral_constant<int, 9>{});
  } else {
    able_loop(std::integral_constant<int, 0>{});
  }
  auto clear_duo = [&] {
    if (overflow) {
      std::fill(duo.begin(), duo.end(), 0);
    } else {
      for (int k = 0; k < nset; ++k) {
        duo[set_keys[k]] = 0;
        duo[(set_keys[k] % n1) * n1 + set_keys[k] / n1] = 0;
      }
      for (int u = 1; u < n1; ++u) duo[u * n1 + u] = 0;
    }
  };
  Mask common[64];
  const Sees<kWords> sees_of(g);
  for (int j = 1; able_values && j < b.count(); ++j) {  // colexicographic: (i, j), j rising
    const std::uint64_t* ej = b.excluders(j);
    // The base cells i that make a fresh pair with j.
    std::uint64_t fresh_i = (std::uint64_t{1} << j) - 1;
    if (!((fresh_bases >> j) & 1)) {
      fresh_i &= fresh_bases | b.holding_any<kWords>(ej, fresh);
      if (!fresh_i) continue;
    }
    // The base cells i that may give a hint with j (above).
    // For p0 in c0, c0 needs an excluder {p0, w} too for each value w of c1 but p0.
    std::uint64_t may = 0;
    const Mask cj = g.cand(b.cell[j]);
    for (Mask y = able_of[j]; y; y &= y - 1) {
      const int v = low(y);
      std::uint64_t m = hold[v];
      for (Mask z = cj & ~(Mask{1} << v); m && z; z &= z - 1) m &= duo[v * n1 + low(z)];
      may |= m;
    }
    const std::uint64_t side_a = may;  // the pairs that may remove a value of c0
    for (Mask y = cj & able_values; y; y &= y - 1) may |= able[low(y)];
    may &= fresh_i;
    if (!may) continue;
    for (std::uint64_t is = b.sharing_two<kWords>(j, may); is; is &= is - 1) {
      const int i = low64(is);
      const int c0 = b.cell[i], c1 = b.cell[j];
      // The filter above for this pair: for p1 in c1, c1 needs an excluder {p1, w} for
      // each value w of c0 but p1 (the per-pair form of the test: cheaper here than for
      // every i at once).
      if (!(std::uint64_t{1} << i & side_a)) {
        const Mask c0v = g.cand(c0);
        bool maybe = false;
        for (Mask y = cj & able_of[i]; !maybe && y; y &= y - 1) {
          const int v = low(y);
          maybe = true;
          for (Mask z = c0v & ~(Mask{1} << v); maybe && z; z &= z - 1) {
            maybe = (duo[v * n1 + low(z)] >> j) & 1;
          }
        }
        if (!maybe) continue;
      }
      int nm = 0;
      Mask held = 0;  // the values of the common excluders
      const std::uint64_t* ei = b.excluders(i);
      for (int w = 0; w < W; ++w) {
        for (std::uint64_t x = ei[w] & ej[w]; x; x &= x - 1) {
          common[nm] = g.cand(w * 64 + low64(x));
          held |= common[nm++];
        }
      }
      // A value p0 of c0 is possible when some p1 of c1 is neither p0 (if the cells see
      // each other) nor the partner of p0 in a common excluder {p0, p1}. So p0 can go
      // only if every value of c1 but p0 is held by a common excluder: check that first.
      const bool sees = sees_of(c0, c1);
      const Mask ca = g.cand(c0), cb = g.cand(c1);
      const Mask free_a = ca & ~held, free_b = cb & ~held;
      const bool maybe_a = !free_b || (sees && !(free_b & (free_b - 1)) && (free_b & ca));
      const bool maybe_b = !free_a || (sees && !(free_a & (free_a - 1)) && (free_a & cb));
      if (!maybe_a && !maybe_b) continue;
      // p0 goes from c0 when every value of c1 (but p0, if the cells see each other) is
      // the partner of p0 in a common excluder {p0, w} (the excluders here have two
      // values); likewise p1 from c1 with the values of c0. Only the values the filter
      // above leaves (p0 with c1 in able[p0], p1 with c0 in able[p1]) can go.
      auto removed = [&](Mask tried, Mask other) {
        Mask gone = 0;
        for (Mask x = tried; x; x &= x - 1) {
          const Mask bit = x & (~x + 1);
          Mask partners = 0;
          for (int e = 0; e < nm; ++e) partners |= common[e] & bit ? common[e] : 0;
          if (!(other & ~((partners & ~bit) | (sees ? bit : 0)))) gone |= bit;
        }
        return gone;
      };
      const Mask rem_a = removed(ca & able_of[j], cb), rem_b = removed(cb & able_of[i], ca);
      if (!rem_a && !rem_b) continue;
      out.rating = 62;
      out.eliminations.clear();
      for (Mask x = rem_a; x; x &= x - 1) out.eliminations.emplace_back(c0, low(x));
      for (Mask x = rem_b; x; x &= x - 1) out.eliminations.emplace_back(c1, low(x));
      const int cells[2] = {c0, c1};
      describe(ctx, "Aligned Pair Exclusion", cells, 2, out);
      clear_duo();
      return true;
    }
  }
  clear_duo();
  if (ctx.memo && !b.singles) ctx.memo->set_failed(FinderMemo::kAlignedPair);
  return false;
}

}  // namespace

bool find_aligned_pair_exclusion(const Ctx& ctx, Hint& out) {
  Bases& b = t_bases;
  if (!b.collect(ctx.g, 2, 2)) return false;
  return b.words == 2 ? aligned_pairs<2>(ctx, out) : aligned_pairs<0>(ctx, out);
}

namespace {

// Aligned triplet exclusion after Bases::collect; kWords: as for Bases::collect_words.
template <int kWords>
bool aligned_triples(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int nc = g.cell_count();
  Bases& b = t_bases;
  const int W = kWords ? kWords : b.words;
  const int m = b.count();
  const Sees<kWords> sees(g);
  // Per base cell, its twins: its excluders that are base cells (as base bits), from the
  // holders of the base cells (a base cell k is a twin of every base cell holding it as an
  // excluder). Their order in SE's twin area is only made for a pair that removes
  // something (below).
  static thread_local std::vector<std::uint64_t> twin_set;  // [i]: the twins of i, as base bits
  twin_set.assign(m, 0);
  // [k]: the base cells that have k as a twin.
  static thread_local std::uint64_t twin_of[64];
  // SE's twins are in the houses: where a cell has peers outside them (a killer's cage
  // mates), the twins are read from the house lists.
  bool peers_in_houses = true;
  for (int i = 0; i < m && peers_in_houses; ++i) {
    peers_in_houses = g.peers(b.cell[i]).size() == g.house(b.cell[i]).size();
  }
  if (peers_in_houses) {
    // The base cells having k as a twin are those holding it as an excluder; the twins
    // of i are the base cells among its units' cells (Bases::unit_bases) that are
    // excluder cells, less i.
    std::uint64_t excluding = 0;  // the base cells that are excluder cells
    for (int k = 0; k < m; ++k) {
      const unsigned c = static_cast<unsigned>(b.cell[k]);
      twin_of[k] = b.holders[c];
      excluding |= ((b.excluder_cells[c / 64] >> (c % 64)) & 1) << k;
    }
    if (g.units_per_cell() == 3) {
      b.twins<3>(g, excluding, twin_set.data());
    } else {
      b.twins<0>(g, excluding, twin_set.data());
    }
  } else {
    for (int i = 0; i < m; ++i) {
      const std::uint64_t* ei = b.excluders(i);
      for (int q : g.house(b.cell[i])) {
        if (((ei[q / 64] & b.base_set[q / 64]) >> (q % 64)) & 1) {
          twin_set[i] |= std::uint64_t{1} << b.index[q];
        }
      }
    }
    std::fill(twin_of, twin_of + m, 0);
    for (int i = 0; i < m; ++i) {
      for (std::uint64_t y = twin_set[i]; y; y &= y - 1) {
        twin_of[low64(y)] |= std::uint64_t{1} << i;
      }
    }
  }
  // The verdicts still valid at the previous call were renewed then, to its time `last`:
  // for those, the cells changed since are `changed` (a cell set, computed once).
  const std::uint64_t now = g.clock() + 1;
  std::uint64_t last = 0, changed[16] = {};  // W <= 10 (625 cells)
  if (ctx.memo) {
    last = ctx.memo->verdict_call();
    ctx.memo->verdict_call() = now;
    if (last != 0) g.changed_since(last, changed);
  }
  const bool lookup = last != 0;  // whether verdicts of this puzzle may be known
  // After a call that found nothing, a triple is skipped when none of its cells changed
  // since, nor any of their common peers that is an excluder now: it was met then (with
  // no naked single, which that call checked, a cell is a base cell when it has an
  // excluder) and, as for the pairs, it has no more excluders now than then. So a pair
  // with no such change (in its cells or their common excluders) only needs the fresh
  // third cells.
  const std::uint64_t since = ctx.memo ? ctx.memo->failed_since(FinderMemo::kAlignedTriplet) : 0;
  std::uint64_t fresh[16] = {};  // W <= 10 (625 cells)
  g.changed_since(since, fresh);
  const std::uint64_t fresh_bases = b.bases_in(fresh);
  std::uint64_t common01[16];  // W <= 10 (625 cells)
  Mask tri[64], partner[32] = {}, forbid1[32] = {}, forbid0[32] = {};
  Mask partnered = 0;  // the entries of partner that are not 0
  // [t], for a fresh base cell t when some are not: the base cells sharing two or more
  // excluders with t (a third cell shares them with each cell of its pair).
  const std::uint64_t all_bases = m == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << m) - 1;
  std::uint64_t share2[64];
  if (fresh_bases != all_bases) {
    for (std::uint64_t y = fresh_bases; y; y &= y - 1) {
      const int t = low64(y);
      share2[t] = b.sharing_two<kWords>(t, all_bases & ~(std::uint64_t{1} << t));
    }
  }
  for (int j = 1; j < m; ++j) {
    poll_stop();
    // With no fresh cell in the pair, a third cell is searched only if it is fresh (then
    // a twin of i or j sharing two excluders with each) or shares a changed excluder with
    // both (then i holds one of j's changed excluders): the other pairs are left out at
    // once.
    std::uint64_t first = (std::uint64_t{1} << j) - 1;
    if (!((fresh_bases >> j) & 1)) {
      std::uint64_t reach = fresh_bases;
      const std::uint64_t* ej = b.excluders(j);
      for (int w = 0; w < W; ++w) {
        for (std::uint64_t x = ej[w] & fresh[w]; x; x &= x - 1) {
          reach |= b.holders[w * 64 + low64(x)];
        }
      }
      for (std::uint64_t y = fresh_bases; y; y &= y - 1) {
        const int t = low64(y);
        if (!((share2[t] >> j) & 1)) continue;
        reach |= (twin_of[t] | (0 - ((twin_set[j] >> t) & 1))) & share2[t];
      }
      first &= reach;
      if (!first) continue;
    }
    // The three cells' common excluders are among the first two's: pairs with fewer than
    // two there are left out, no third cell can help.
    for (std::uint64_t is = b.partners(j) & first; is; is &= is - 1) {
      const int i = low64(is);
      const int c0 = b.cell[i], c1 = b.cell[j];
      const std::uint64_t *ei = b.excluders(i), *ej = b.excluders(j);
      // The third cells: base cells in SE's twin area (the only ones it takes) with at
      // least two excluders common to all three. After a search that found nothing, for
      // a pair with no cell changed since, only those that changed or share a changed
      // common excluder with the pair can give a hint: the others are left out before
      // their excluders are counted.
      std::uint64_t thirds =
          (twin_set[i] | twin_set[j]) & ~((std::uint64_t{1} << i) | (std::uint64_t{1} << j));
      // A triple met from an earlier pair of its cells (colexicographic order: (t, i)
      // or (i, t) with third j, or (t, j) with third i) was searched there and gave
      // nothing: the same triple, the same verdict.
      {
        // (Masks, not branches: which cells are twins is data.)
        const std::uint64_t below_i = (std::uint64_t{1} << i) - 1;
        const std::uint64_t below_j = (std::uint64_t{1} << j) - 1;
        const std::uint64_t via_j = twin_of[j] | (0 - ((twin_set[i] >> j) & 1));
        const std::uint64_t via_i = below_i & (twin_of[i] | (0 - ((twin_set[j] >> i) & 1)));
        thirds &= ~(below_j & (via_j | via_i));
      }
      if (!thirds) continue;
      for (int w = 0; w < W; ++w) common01[w] = ei[w] & ej[w];
      const bool pair_fresh = ((fresh_bases >> i) | (fresh_bases >> j)) & 1;
      if (!pair_fresh) {
        thirds &= fresh_bases | b.holding_any<kWords>(common01, fresh);
        if (!thirds) continue;
      }
      if (const std::uint64_t rest = thirds & (thirds - 1); !(rest & (rest - 1))) {
        // One or two third cells: their common excluders counted directly.
        for (std::uint64_t x = thirds; x; x &= x - 1) {
          const std::uint64_t* et = b.excluders(low64(x));
          int common = 0;
          for (int w = 0; w < W; ++w) common += std::popcount(common01[w] & et[w]);
          thirds &= ~(std::uint64_t{common < 2} << low64(x));
        }
      } else {
        std::uint64_t once = 0, twice = 0;
        for (int w = 0; w < W; ++w) {
          for (std::uint64_t x = common01[w]; x; x &= x - 1) {
            const std::uint64_t h = b.holders[w * 64 + low64(x)] & thirds;
            twice |= once & h;
            once |= h;
          }
        }
        thirds = twice;
      }
      if (!thirds) continue;
      const Mask cand0 = g.cand(c0), cand1 = g.cand(c1);
      // The verdicts of the pair's triples are read below: their entries are loaded
      // together first (the table is past L1, often past L2). There are none at the first
      // call on a puzzle. After a call that found nothing (since == last), a triple with a
      // cell changed since (a cell of a fresh pair, or a fresh third cell) has no verdict
      // that still holds, but for one of this call (the earlier-pair filter above leaves
      // none; a second search would give the same nothing): only the triples reached
      // through a changed common excluder are looked up.
      const std::uint64_t looked =
          !lookup ? 0 : since != last ? thirds : pair_fresh ? 0 : thirds & ~fresh_bases;
      std::uint32_t keys[64];  // [t]: the key of the triple with third cell t
      for (std::uint64_t x = thirds; x; x &= x - 1) {
        const int t = low64(x);
        keys[t] = triple_key(nc, c0, c1, b.cell[t]);
      }
      for (std::uint64_t x = looked; x; x &= x - 1) ctx.memo->prefetch_verdict(keys[low64(x)]);
      const bool sees01 = sees(c0, c1);
      bool bound = false;  // whether t_bound is the pair's
      Mask allowed[3];
      // Whether the triple with third cell t removes something (then `allowed` holds the
      // values each cell keeps); `more`: whether another third cell of the pair is still
      // to be searched after it.
      auto removes = [&](int t, bool more) __attribute__((always_inline)) {
        const int c2 = b.cell[t];
        const std::uint64_t* et = b.excluders(t);
        // The verdict depends on the candidates of the three cells and of their common
        // excluders only, and fewer excluders forbid fewer combinations: a triple that
        // gave nothing (it was searched then) is skipped while none of its cells
        // changed, nor any of its common excluders that can forbid a combination (all
        // of its values among the three cells'; a changed common peer that is no
        // excluder now was none or is gone). It does not depend on the order of the
        // cells either (the combinations, the common excluders and which cells see
        // each other are the same), so the key is the set. The base cells are in
        // reading order, so c0 < c1.
        const std::uint32_t key = keys[t];
        if ((looked >> t) & 1) {
          if (std::uint64_t* vt = ctx.memo->verdict_time(key)) {
            bool same = *vt == now;
            if (!same && *vt == last) {
              // unchanged() on the set of changed cells.
              std::uint64_t hit =
                  ((changed[c0 / 64] >> (c0 % 64)) | (changed[c1 / 64] >> (c1 % 64)) |
                   (changed[c2 / 64] >> (c2 % 64))) &
                  1;
              const Mask values = cand0 | cand1 | g.cand(c2);
              for (int w = 0; w < W && !hit; ++w) {
                for (std::uint64_t x = common01[w] & et[w] & changed[w]; x; x &= x - 1) {
                  if (!(g.cand(w * 64 + low64(x)) & ~values)) {
                    hit = 1;
                    break;
                  }
                }
              }
              same = !hit;
            } else if (!same) {
              same = unchanged(g, *vt, c0, c1, c2, common01, et);
            }
            if (same) {
              *vt = now;  // still nothing, on this grid
              return false;
            }
          }
        }
        // A bound leaves out most triples that remove nothing and flags the values the
        // others may remove: the pair's (made when a triple is searched with another
        // third cell still to come), or for a lone third cell the bound of the triple's
        // own common excluders (stronger: a third cell often lacks some of the pair's).
        if (!bound && more) {
          t_bound.build<kWords>(g, c0, c1, sees01, common01);
          bound = true;
        }
        Mask flagged[3];
        if (bound) {
          if (!t_bound.may_remove(g, sees, c0, c1, c2, flagged)) {
            if (ctx.memo) ctx.memo->set_verdict(key);
            return false;
          }
        } else {
          // A lone third cell: the bound of the triple's own common excluders.
          std::uint64_t own[16];  // W <= 10
          for (int w = 0; w < W; ++w) own[w] = common01[w] & et[w];
          t_lone.build<kWords>(g, c0, c1, sees01, own);
          if (!t_lone.may_remove(g, sees, c0, c1, c2, flagged)) {
            if (ctx.memo) ctx.memo->set_verdict(key);
            return false;
          }
        }
        // A combination (p0, p1, p2) is impossible when a common excluder's values are
        // all among p0, p1, p2. Tables: partner[v] are the other values of the bivalue
        // common excluders holding v, so a bivalue {p0, p1} kills the pair (p0, p1)
        // and a bivalue {p, v} with p one of p0, p1 forbids p2 = v. A trivalue
        // {p0, a, b} acts, once p0 is chosen, as a bivalue {a, b} for (p1, p2).
        for (Mask x = partnered; x; x &= x - 1) partner[low(x)] = 0;
        partnered = 0;
        int nt = 0;
        Mask tri_held = 0;  // the values of the trivalues
        for (int w = 0; w < W; ++w) {
          for (std::uint64_t x = common01[w] & et[w]; x; x &= x - 1) {
            const Mask e = g.cand(w * 64 + low64(x));
            if (popcount(e) == 3) {
              tri[nt++] = e;
              tri_held |= e;
            } else {
              const int v0 = low(e), v1 = low(e & (e - 1));
              partner[v0] |= Mask{1} << v1;
              partner[v1] |= Mask{1} << v0;
              partnered |= e;
            }
          }
        }
        const bool sees02 = sees(c0, c2), sees12 = sees(c1, c2);
        const Mask cand2 = g.cand(c2);
        {
          // Only the values the bound flags can go: each is searched for one possible
          // combination; the full enumeration below is left for a triple that removes
          // one of them.
          auto possible = [&](Mask in0, Mask in1, Mask in2) __attribute__((always_inline)) {
            for (Mask x = in0; x; x &= x - 1) {
              const Mask b0 = x & ~(x - 1);
              const int p0 = low(x);
              const Mask ok2_p0 = in2 & ~partner[p0] & ~(sees02 ? b0 : 0);
              if (!ok2_p0) continue;
              for (Mask y = in1 & ~partner[p0] & ~(sees01 ? b0 : 0); y; y &= y - 1) {
                const Mask b1 = y & ~(y - 1);
                Mask ok2 = ok2_p0 & ~partner[low(y)] & ~(sees12 ? b1 : 0);
                // A trivalue {p0, p1, v} forbids p2 = v (p0 and p1 distinct).
                if ((tri_held & b0) && (tri_held & b1) && b0 != b1) {
                  for (int e = 0; ok2 && e < nt; ++e) {
                    if ((tri[e] & b0) && (tri[e] & b1)) ok2 &= ~(tri[e] & ~b0 & ~b1);
                  }
                }
                if (ok2) return true;
              }
            }
            return false;
          };
          bool removes_one = false;
          for (Mask x = flagged[0]; x && !removes_one; x &= x - 1) {
            removes_one = !possible(x & ~(x - 1), cand1, cand2);
          }
          for (Mask y = flagged[1]; y && !removes_one; y &= y - 1) {
            removes_one = !possible(cand0, y & ~(y - 1), cand2);
          }
          for (Mask z = flagged[2]; z && !removes_one; z &= z - 1) {
            removes_one = !possible(cand0, cand1, z & ~(z - 1));
          }
          if (!removes_one) {
            if (ctx.memo) ctx.memo->set_verdict(key);
            return false;
          }
        }
        allowed[0] = allowed[1] = allowed[2] = 0;
        // [p1]: the values of c2 that p1 forbids whatever p0 is.
        for (Mask y = cand1; y; y &= y - 1) {
          const int p1 = low(y);
          forbid1[p1] = partner[p1] | (sees12 ? Mask{1} << p1 : 0);
        }
        for (Mask x = cand0; x; x &= x - 1) {
          const int p0 = low(x);
          const Mask b0 = Mask{1} << p0;
          const Mask ok2_p0 = cand2 & ~partner[p0] & ~(sees02 ? b0 : 0);
          const Mask* forbid = forbid1;
          for (int e = 0; e < nt; ++e) {
            if (!(tri[e] & b0)) continue;
            if (forbid == forbid1) {
              for (Mask y = cand1; y; y &= y - 1) forbid0[low(y)] = forbid1[low(y)];
              forbid = forbid0;
            }
            const Mask ab = tri[e] & ~b0;
            const int va = low(ab), vb = low(ab & (ab - 1));
            forbid0[va] |= Mask{1} << vb;
            forbid0[vb] |= Mask{1} << va;
          }
          for (Mask y = cand1 & ~partner[p0] & ~(sees01 ? b0 : 0); y; y &= y - 1) {
            const int p1 = low(y);
            const Mask ok2 = ok2_p0 & ~forbid[p1];
            if (!ok2) continue;
            allowed[0] |= b0;
            allowed[1] |= Mask{1} << p1;
            allowed[2] |= ok2;
            // The other p1 could only add what is there already.
            if (allowed[1] == cand1 && allowed[2] == cand2) break;
          }
        }
        if (!(cand0 & ~allowed[0]) && !(cand1 & ~allowed[1]) && !(cand2 & ~allowed[2])) {
          if (ctx.memo) ctx.memo->set_verdict(key);
          return false;
        }
        return true;
      };
      // The twin area (SE's order of the third cells: c0's base excluders, then c1's that
      // are not c0's, each in house order) only matters for a pair that removes
      // something: the third cells are searched in index order, and when one removes
      // something, those before it in SE's order that were not searched yet are, in that
      // order; the first that removes something gives the hint.
      int hit = -1;
      for (std::uint64_t left = thirds; left;) {
        const int t = low64(left);
        left &= left - 1;
        if (removes(t, left != 0)) {
          hit = t;
          break;
        }
      }
      if (hit < 0) continue;
      {
        const std::uint64_t searched = thirds & ((std::uint64_t{2} << hit) - 1);
        int order[64], n = 0;
        std::uint64_t listed = 0;
        for (int own : {i, j}) {
          for (int q : g.house(b.cell[own])) {
            if (!((b.base_set[q / 64] >> (q % 64)) & 1)) continue;
            const int t = b.index[q];
            if (((thirds & twin_set[own] & ~listed) >> t) & 1) {
              order[n++] = t;
              listed |= std::uint64_t{1} << t;
            }
          }
        }
        const Mask kept[3] = {allowed[0], allowed[1], allowed[2]};
        bool earlier = false;
        for (int at = 0; at < n && order[at] != hit; ++at) {
          if ((searched >> order[at]) & 1) continue;
          if (removes(order[at], true)) {
            hit = order[at];
            earlier = true;
            break;
          }
        }
        if (!earlier) std::copy(kept, kept + 3, allowed);
        const int cells[3] = {c0, c1, b.cell[hit]};
        out.eliminations.clear();
        for (int q = 0; q < 3; ++q) {
          for (Mask x = g.cand(cells[q]) & ~allowed[q]; x; x &= x - 1) {
            out.eliminations.emplace_back(cells[q], low(x));
          }
        }
        std::sort(out.eliminations.begin(), out.eliminations.end());
        out.rating = 75;
        describe(ctx, "Aligned Triplet Exclusion", cells, 3, out);
        return true;
      }
    }
  }
  if (ctx.memo && !b.singles) ctx.memo->set_failed(FinderMemo::kAlignedTriplet);
  return false;
}

}  // namespace

bool find_aligned_triplet_exclusion(const Ctx& ctx, Hint& out) {
  Bases& b = t_bases;
  if (!b.collect(ctx.g, 3, 3)) return false;
  return b.words == 2 ? aligned_triples<2>(ctx, out) : aligned_triples<0>(ctx, out);
}

}  // namespace sudoforge::grader::detail
