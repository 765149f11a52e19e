// Intersections: pointing (box -> line) and claiming (line -> box), direct (1.7 / 1.9:
// the removal completes a hidden single; the step is that placement alone, as in SE) and
// plain (2.6 / 2.8). On boards with extra houses, those of Sudoku Explainer 1.2.1's
// technique set in SukakuExplainer with the variant on: the disjoint groups and windows
// also pair with lines, boxes and each other (the chains' generalized intersections are
// not a top-level step of that set).
#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <type_traits>
#include <vector>

#include "finder_memo.h"
#include "finders.h"

namespace sudoforge::grader::detail {
namespace {

// The cell where d becomes a hidden single once d of r1, confined to r2, leaves the rest
// of r2: the first house r3 of [begin, end) (r1's type), other than r1, crossing r2, with
// 2+ places of d and exactly one outside r2. -1 when none.
int following_single(const CandidateGrid& g, int begin, int end, int r1, int r2, int d) {
  for (int r3 = begin; r3 < end; ++r3) {
    if (r3 == r1 || !g.inter(r3, r2)) continue;
    const Mask p3 = g.pos(r3, d);
    if (popcount(p3) <= 1) continue;
    const Mask rest = p3 & ~g.inter(r3, r2);
    if (popcount(rest) == 1) return g.unit(r3)[lowest(rest)];
  }
  return -1;
}

// The hint of d of r1 (places p1) confined to r2, removing `elims` from the rest of r2;
// direct: it places d at hcell. `low`: the lower rating (1.7 or 2.6, "Pointing").
void make_hint(const Ctx& ctx, bool direct, bool low, int r1, int r2, int d, Mask p1, int hcell,
               std::vector<std::pair<int, int>>&& elims, Hint& out) {
  const CandidateGrid& g = ctx.g;
  if (direct) {
    out.technique = low ? "Direct Pointing" : "Direct Claiming";
    out.rating = low ? 17 : 19;
    out.placements = {{hcell, d}};
  } else {
    out.technique = low ? "Pointing" : "Claiming";
    out.rating = low ? 26 : 28;
    out.placements.clear();
  }
  out.cells.clear();
  const int* cells1 = g.unit(r1);
  for (Mask x = p1; x; x &= x - 1) out.cells.push_back(cells1[lowest(x)]);
  if (ctx.explain) {
    std::string s;
    if (direct) s = g.cell_name(hcell) + "=" + digit_name(g, d) + ": ";
    out.explanation = s + out.technique + ": " + digit_name(g, d) + " of " + g.unit_name(r1) +
                      " confined to " + g.unit_name(r2) + ": " + describe_eliminations(g, elims);
  }
  // SE applies only the placement of a direct hint: the eliminations are its reasoning
  // (named in the explanation), not part of the step.
  if (direct) elims.clear();
  out.eliminations = std::move(elims);
}

// The digits worth searching: the result for a digit depends on its positions only, so
// the digits whose positions did not change since the last search found nothing are left
// out.
Mask live_digits(const Ctx& ctx, bool direct) {
  const int slot = direct ? FinderMemo::kDirectLocking : FinderMemo::kLocking;
  const int n = ctx.g.n();
  const Mask all = ((Mask{2} << n) - 1) & ~Mask{1};
  if (!ctx.memo) return all;
  Mask clean = 0;  // without a branch: clean or not is taken at random
  for (int d = 1; d <= n; ++d) clean |= Mask{ctx.memo->digit_clean(slot, d)} << d;
  return all & ~clean;
}

}  // namespace

namespace {

// On the classic board, band t's three rows (slots 0-2) and stack t's three columns
// (slots 3-5) as one word, a line per 10 bits (slot s at bit 10 s; the line's 9 positions,
// its box segments at bits 0-2, 3-5, 6-8). Per line and segment, at the segment's low
// bit: any, some place of d there; two, two or more; other, a place in another segment
// of the line; most, two or more of the three lines have a place in that segment. A box
// confined to one line (two or more places) removes something when the line has a place
// outside the box: two & other & ~most (`point`). A line confined to one box, when the
// box has a place on another line: two & ~other & most (`claim`).
struct BandHits {
  std::uint64_t point, claim;
};
inline BandHits band_hits(const Mask* pos, int d, int t) {
  constexpr std::uint64_t kSeg = 0x49ull * (1 | 1ull << 10 | 1ull << 20 | 1ull << 30 | 1ull << 40 |
                                           1ull << 50);
  constexpr std::uint64_t kFirst = 0x49ull * (1 | 1ull << 30);  // slots 0 and 3
  const Mask* const rows = pos + 3 * t * 10 + d;
  const Mask* const cols = pos + (9 + 3 * t) * 10 + d;
  const std::uint64_t l = std::uint64_t{rows[0]} | std::uint64_t{rows[10]} << 10 |
                          std::uint64_t{rows[20]} << 20 | std::uint64_t{cols[0]} << 30 |
                          std::uint64_t{cols[10]} << 40 | std::uint64_t{cols[20]} << 50;
  const std::uint64_t l1 = l >> 1, l2 = l >> 2;
  const std::uint64_t any = (l | l1 | l2) & kSeg;
  const std::uint64_t two = ((l & l1) | (l & l2) | (l1 & l2)) & kSeg;
  const std::uint64_t other = ((any >> 3) | (any << 3) | (any >> 6) | (any << 6)) & kSeg;
  const std::uint64_t y = any >> 10, z = any >> 20;
  std::uint64_t most = ((any & y) | (any & z) | (y & z)) & kFirst;
  most |= most << 10 | most << 20;
  return {two & other & ~most, two & ~other & most};
}

}  // namespace

Mask confinement_digits(const CandidateGrid& g, Mask digits) {
  const Mask* const pos = g.pos_table();
  Mask out = 0;
  for (Mask dm = digits; dm; dm &= dm - 1) {
    const int d = lowest(dm);
    std::uint64_t hit = 0;
    for (int t = 0; t < 3; ++t) {
      const BandHits h = band_hits(pos, d, t);
      hit |= h.point | h.claim;
    }
    out |= Mask{hit != 0} << d;
  }
  return out;
}

namespace {

// Direct, with a memo: a digit it searched none of whose confinements removes anything
// is one where locking finds nothing: locking's memo is set for it too. The kind is a
// template argument: the direct search's following single and memo clearing are left
// out of the plain one's loop.
template <bool direct>
bool search(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int n = g.n();
  const int slot = direct ? FinderMemo::kDirectLocking : FinderMemo::kLocking;
  const Mask live = live_digits(ctx, direct);
  FinderMemo* const memo = ctx.memo;
  if (!live) return false;
  Mask hits = 0;  // digits with a confinement that removes something
  // (type1, type2): 0 rows, 1 columns, 2 boxes. SE: (box,col), (box,row), (col,box), (row,box).
  static const int kOrder[4][2] = {{2, 1}, {2, 0}, {1, 2}, {0, 2}};
  // The boxes' confinements to rows, found in the pass towards columns (the digits'
  // places read once for both) and visited in their own pass: by box, the rows with a
  // confined digit, and those digits (set only where the row's bit is).
  Mask box_rows[32];
  Mask box_row_digits[32][32];
  const auto pass = [&](auto pair_index) {
    constexpr int kPair = decltype(pair_index)::value;
    const int t1 = kOrder[kPair][0], t2 = kOrder[kPair][1];
    // r1's positions and segments, advanced by pointer from house to house.
    const Mask* pos1 = g.pos_of(t1 * n);
    const CandidateGrid::Segment* seg = g.segments(t1 * n, t2);
    const CandidateGrid::Segment* row_seg = g.segments(t1 * n, 0);
    for (int i1 = 0; i1 < n; ++i1, pos1 += n + 1, seg += 3 * n, row_seg += 3 * n) {
      const int r1 = t1 * n + i1;
      // The digits of r1 confined (2+ places) to its intersection with each unit i2 of
      // type t2: the unit is the one of any of the places. Visited below in SE's order
      // (i2, then digit), without scanning the pairs of units that do not intersect.
      // confined[i2] is set only where bit i2 of `units` is.
      Mask own[32];
      Mask* const confined = kPair == 1 ? box_row_digits[i1] : own;
      Mask units = kPair == 1 ? box_rows[i1] : 0;
      if constexpr (kPair != 1) {
        Mask* const to_rows = box_row_digits[i1];
        Mask rows = 0;
        // Digit d confined to unit i2: table[i2] gains d, cleared when `set` first gets i2.
        const auto confine = [](Mask* table, Mask& set, int i2, int d) {
          if (!((set >> i2) & 1)) table[i2] = 0;
          set |= Mask{1} << i2;
          table[i2] |= Mask{1} << d;
        };
        for (Mask dm = live; dm; dm &= dm - 1) {
          const int d = lowest(dm);
          const Mask p1 = pos1[d];
          if (!(p1 & (p1 - 1))) continue;
          const int first = lowest(p1);
          const CandidateGrid::Segment s = seg[first];
          if (!(p1 & ~s.mask)) confine(confined, units, s.index, d);
          if constexpr (kPair == 0) {
            const CandidateGrid::Segment sr = row_seg[first];
            if (!(p1 & ~sr.mask)) confine(to_rows, rows, sr.index, d);
          }
        }
        if constexpr (kPair == 0) box_rows[i1] = rows;
      }
      for (; units; units &= units - 1) {
        const int i2 = lowest(units);
        const int r2 = t2 * n + i2;
        const Mask outside2 = ~g.inter(r2, r1);
        for (Mask dm = confined[i2]; dm; dm &= dm - 1) {
          const int d = lowest(dm);
          const Mask p1 = g.pos(r1, d);
          // d in r1 is confined to r1 & r2: remove it from the rest of r2.
          const Mask rest2 = g.pos(r2, d) & outside2;
          if (!rest2) continue;
          hits |= Mask{1} << d;
          const int hcell = direct ? following_single(g, t1 * n, t1 * n + n, r1, r2, d) : -1;
          if (direct && hcell < 0) continue;
          std::vector<std::pair<int, int>> elims;
          const int* cells2 = g.unit(r2);
          for (Mask x = rest2; x; x &= x - 1) elims.emplace_back(cells2[lowest(x)], d);
          make_hint(ctx, direct, t1 == 2, r1, r2, d, p1, hcell, std::move(elims), out);
          return true;
        }
      }
    }
    return false;
  };
  if (pass(std::integral_constant<int, 0>{}) || pass(std::integral_constant<int, 1>{}) ||
      pass(std::integral_constant<int, 2>{}) || pass(std::integral_constant<int, 3>{}))
    return true;
  if (memo) {
    for (Mask dm = live; dm; dm &= dm - 1) memo->set_digit_clean(slot, lowest(dm));
    if (direct) {
      for (Mask dm = live & ~hits; dm; dm &= dm - 1)
        memo->set_digit_clean(FinderMemo::kLocking, lowest(dm));
    }
  }
  return false;
}

// search() on the classic board: the confinements that remove something, found from
// the band words of the live digits, sorted into SE's order (pair of types, house of the
// first type, house of the second, digit) and visited in it. Memo as search()'s.
template <bool direct>
bool search_classic(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int slot = direct ? FinderMemo::kDirectLocking : FinderMemo::kLocking;
  const Mask live = live_digits(ctx, direct);
  if (!live) return false;
  // (type1, type2) as in search(); a confinement's key: pair * 81 + r1 * 9 + r2 (indices
  // among their types), by kind (0 point, 1 claim), band and bit of band_hits().
  static const int kOrder[4][2] = {{2, 1}, {2, 0}, {1, 2}, {0, 2}};
  static constexpr auto kKeys = [] {
    std::array<std::uint16_t, 2 * 3 * 64> keys{};
    for (int kind = 0; kind < 2; ++kind) {
      for (int t = 0; t < 3; ++t) {
        for (int line = 0; line < 6; ++line) {
          for (int j = 0; j < 3; ++j) {
            const int box = line < 3 ? 3 * t + j : 3 * j + t;
            const int at = line < 3 ? 3 * t + line : 3 * t + line - 3;  // its row or column
            const int pair = line < 3 ? (kind == 0 ? 1 : 3) : (kind == 0 ? 0 : 2);
            const int key = kind == 0 ? box * 9 + at : at * 9 + box;
            keys[(kind * 3 + t) * 64 + line * 10 + 3 * j] = static_cast<std::uint16_t>(pair * 81 + key);
          }
        }
      }
    }
    return keys;
  }();
  const Mask* const pos = g.pos_table();
  int found[9 * 3 * 18];  // key << 4 | digit; at most 18 bits per band word pair
  int m = 0;
  Mask hits = 0;  // digits with a confinement that removes something
  for (Mask dm = live; dm; dm &= dm - 1) {
    const int d = lowest(dm);
    std::uint64_t any = 0;
    for (int t = 0; t < 3; ++t) {
      const BandHits h = band_hits(pos, d, t);
      any |= h.point | h.claim;
      for (std::uint64_t x = h.point; x; x &= x - 1) found[m++] = kKeys[t * 64 + std::countr_zero(x)] << 4 | d;
      for (std::uint64_t x = h.claim; x; x &= x - 1)
        found[m++] = kKeys[(3 + t) * 64 + std::countr_zero(x)] << 4 | d;
    }
    hits |= Mask{any != 0} << d;
  }
  std::sort(found, found + m);
  for (int k = 0; k < m; ++k) {
    const int key = found[k] >> 4, d = found[k] & 15;
    const int t1 = kOrder[key / 81][0], t2 = kOrder[key / 81][1];
    const int r1 = t1 * 9 + key % 81 / 9, r2 = t2 * 9 + key % 9;
    const int hcell = direct ? following_single(g, t1 * 9, t1 * 9 + 9, r1, r2, d) : -1;
    if (direct && hcell < 0) continue;
    std::vector<std::pair<int, int>> elims;
    const int* cells2 = g.unit(r2);
    for (Mask x = g.pos(r2, d) & ~g.inter(r2, r1); x; x &= x - 1) elims.emplace_back(cells2[lowest(x)], d);
    make_hint(ctx, direct, t1 == 2, r1, r2, d, g.pos(r1, d), hcell, std::move(elims), out);
    return true;
  }
  if (FinderMemo* const memo = ctx.memo) {
    for (Mask dm = live; dm; dm &= dm - 1) memo->set_digit_clean(slot, lowest(dm));
    if (direct) {
      for (Mask dm = live & ~hits; dm; dm &= dm - 1)
        memo->set_digit_clean(FinderMemo::kLocking, lowest(dm));
    }
  }
  return false;
}

// Pointing and claiming on boards with extra houses, as SukakuExplainer's Locking with
// variants on: the box/line pairs, then those of the disjoint groups and of the windows
// (with lines, boxes and each other), each pair of types visited by digit, then house of
// the first type, then house of the second; the first hint found is the step. Plain: 2.6
// "Pointing" when the second house is a row or column, else 2.8 "Claiming". Direct: 1.7
// when the first house is a box, else 1.9. Diagonals, girandola, asterisk and centre dot
// take part in no intersection here (SE's 1.2.1 set has none for them).
bool search_variant(const Ctx& ctx, bool direct, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int slot = direct ? FinderMemo::kDirectLocking : FinderMemo::kLocking;
  const Mask live = live_digits(ctx, direct);
  if (!live) return false;
  // Types as se_types() indices: 0 boxes, 1 rows, 2 columns, then dg, windows.
  const int dg = g.se_type_dg(), win = g.se_type_windows();
  std::vector<std::pair<int, int>> pairs = {{0, 2}, {0, 1}, {2, 0}, {1, 0}};
  if (dg >= 0) pairs.insert(pairs.end(), {{dg, 2}, {dg, 1}, {2, dg}, {1, dg}, {0, dg}, {dg, 0}});
  if (win >= 0)
    pairs.insert(pairs.end(), {{win, 2}, {win, 1}, {2, win}, {1, win}, {0, win}, {win, 0}});
  if (dg >= 0 && win >= 0) pairs.insert(pairs.end(), {{win, dg}, {dg, win}});
  const auto& types = g.se_types();
  for (const auto& [t1, t2] : pairs) {
    const auto [b1, e1] = types[t1];
    const auto [b2, e2] = types[t2];
    for (Mask dm = live; dm; dm &= dm - 1) {
      const int d = lowest(dm);
      for (int r1 = b1; r1 < e1; ++r1) {
        const Mask p1 = g.pos(r1, d);
        if (popcount(p1) < 2) continue;
        for (int r2 = b2; r2 < e2; ++r2) {
          const Mask in1 = g.inter(r1, r2);
          if (!in1 || (p1 & ~in1)) continue;
          const Mask rest2 = g.pos(r2, d) & ~g.inter(r2, r1);
          if (!rest2) continue;
          const int hcell = direct ? following_single(g, b1, e1, r1, r2, d) : -1;
          if (direct && hcell < 0) continue;
          std::vector<std::pair<int, int>> elims;
          const int* cells2 = g.unit(r2);
          for (Mask x = rest2; x; x &= x - 1) elims.emplace_back(cells2[lowest(x)], d);
          // Direct: 1.7 when r1 is a box; plain: 2.6 when r2 is a line (SE's rules).
          const bool low = direct ? t1 == 0 : (t2 == 1 || t2 == 2);
          make_hint(ctx, direct, low, r1, r2, d, p1, hcell, std::move(elims), out);
          return true;
        }
      }
    }
  }
  if (ctx.memo) {
    for (Mask dm = live; dm; dm &= dm - 1) ctx.memo->set_digit_clean(slot, lowest(dm));
  }
  return false;
}

}  // namespace

bool find_direct_locking(const Ctx& ctx, Hint& out) {
  if (ctx.g.has_extra_houses()) return search_variant(ctx, true, out);
  return ctx.g.classic_boxes() ? search_classic<true>(ctx, out) : search<true>(ctx, out);
}
bool find_locking(const Ctx& ctx, Hint& out) {
  if (ctx.g.has_extra_houses()) return search_variant(ctx, false, out);
  return ctx.g.classic_boxes() ? search_classic<false>(ctx, out) : search<false>(ctx, out);
}

}  // namespace sudoforge::grader::detail
