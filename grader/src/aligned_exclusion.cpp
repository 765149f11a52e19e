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
#include <string>
#include <vector>

#include "engine.h"

namespace sudoforge::grader::detail {

bool find_aligned_pair_exclusion(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int nc = g.cell_count();
  const int n = g.n();
  const int W = (nc + 63) / 64;
  static thread_local std::vector<int> base;
  static thread_local std::vector<std::uint64_t> excl;  // [i*W]: excluders of base cell i
  base.clear();
  excl.clear();
  for (int c = 0; c < nc; ++c) {
    if (popcount(g.cand(c)) < 2) continue;
    bool single = false, any = false;
    const size_t at = excl.size();
    excl.resize(at + W, 0);
    for (int q : g.peers(c)) {
      const int pc = popcount(g.cand(q));
      if (pc == 1) single = true;
      else if (pc == 2) {
        excl[at + q / 64] |= std::uint64_t{1} << (q % 64);
        any = true;
      }
    }
    if (single || !any) {
      excl.resize(at);
      continue;
    }
    base.push_back(c);
  }
  const int m = static_cast<int>(base.size());
  // SE enumerates the pairs with a 64-bit generator that refuses more than 64 base cells:
  // it finds nothing there.
  if (m < 2 || m > 64) return false;
  Mask locked[32];  // [v0]: values v1 such that {v0, v1} empties a common excluder
  for (int j = 1; j < m; ++j) {      // colexicographic: (i, j) with i < j, j rising
    for (int i = 0; i < j; ++i) {
      const int a = base[i], b = base[j];
      int common = 0;
      for (int w = 0; w < W; ++w) common += std::popcount(excl[i * W + w] & excl[j * W + w]);
      if (common < 2) continue;
      // Value pairs that would empty a common excluder.
      for (int v = 0; v <= n; ++v) locked[v] = 0;
      for (int w = 0; w < W; ++w) {
        for (std::uint64_t x = excl[i * W + w] & excl[j * W + w]; x; x &= x - 1) {
          const int q = w * 64 + std::countr_zero(x);
          const Mask qm = g.cand(q);
          const int v0 = lowest(qm), v1 = lowest(qm & (qm - 1));
          locked[v0] |= Mask{1} << v1;
          locked[v1] |= Mask{1} << v0;
        }
      }
      const bool sees = g.sees(a, b);
      const Mask ca = g.cand(a), cb = g.cand(b);
      Mask allowed_a = 0, allowed_b = 0;
      for (Mask x = ca; x; x &= x - 1) {
        const int p0 = lowest(x);
        for (Mask y = cb; y; y &= y - 1) {
          const int p1 = lowest(y);
          if (p0 == p1 && sees) continue;
          if ((locked[p0] >> p1) & 1) continue;  // never set for p0 == p1
          allowed_a |= Mask{1} << p0;
          allowed_b |= Mask{1} << p1;
        }
      }
      const Mask rem_a = ca & ~allowed_a, rem_b = cb & ~allowed_b;
      if (!rem_a && !rem_b) continue;
      out.technique = "Aligned Pair Exclusion";
      out.rating = 62;
      out.placements.clear();
      out.eliminations.clear();
      for (Mask x = rem_a; x; x &= x - 1) out.eliminations.emplace_back(a, lowest(x));
      for (Mask x = rem_b; x; x &= x - 1) out.eliminations.emplace_back(b, lowest(x));
      out.cells = {a, b};
      if (ctx.explain) {
        std::string text = "Aligned Pair Exclusion on " + g.cell_name(a);
        text += ',';
        text += g.cell_name(b);
        text += ": ";
        text += describe_eliminations(g, out.eliminations);
        out.explanation = std::move(text);
      }
      return true;
    }
  }
  return false;
}

bool find_aligned_triplet_exclusion(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int nc = g.cell_count();
  const int W = (nc + 63) / 64;
  static thread_local std::vector<int> base, base_index, twin_stamp;
  static thread_local std::vector<std::vector<int>> excl_list;  // excluders, house order
  static thread_local std::vector<std::uint64_t> excl;          // [i*W]: as a bit set
  base.clear();
  excl.clear();
  base_index.assign(nc, -1);
  size_t used = 0;
  for (int c = 0; c < nc; ++c) {
    if (popcount(g.cand(c)) < 2) continue;
    bool single = false;
    if (excl_list.size() <= used) excl_list.emplace_back();
    std::vector<int>& list = excl_list[used];
    list.clear();
    for (int q : g.house(c)) {
      const int pc = popcount(g.cand(q));
      if (pc == 1) single = true;
      else if (pc == 2 || pc == 3) list.push_back(q);
    }
    if (single || list.empty()) continue;
    base_index[c] = static_cast<int>(base.size());
    base.push_back(c);
    excl.resize(excl.size() + W, 0);
    for (int q : list) excl[(base.size() - 1) * W + q / 64] |= std::uint64_t{1} << (q % 64);
    ++used;
  }
  const int m = static_cast<int>(base.size());
  if (m < 3 || m > 64) return false;  // SE's pair generator refuses more than 64 cells
  static thread_local std::vector<int> twin;
  static thread_local int stamp = 0;
  if (twin_stamp.size() != static_cast<size_t>(nc)) {
    twin_stamp.assign(nc, 0);
    stamp = 0;
  }
  for (int j = 1; j < m; ++j) {
    for (int i = 0; i < j; ++i) {
      const int c0 = base[i], c1 = base[j];
      // The three cells' common excluders are among the first two's: fewer than two there
      // and no third cell can help.
      int common01 = 0;
      for (int w = 0; w < W; ++w) common01 += std::popcount(excl[i * W + w] & excl[j * W + w]);
      if (common01 < 2) continue;
      twin.clear();
      ++stamp;
      for (int k : {i, j}) {
        for (int q : excl_list[k]) {
          if (q == c0 || q == c1 || base_index[q] < 0 || twin_stamp[q] == stamp) continue;
          twin_stamp[q] = stamp;
          twin.push_back(q);
        }
      }
      for (int c2 : twin) {
        const int t = base_index[c2];
        Mask common_masks[64];
        int nm = 0;
        for (int w = 0; w < W; ++w) {
          for (std::uint64_t x = excl[i * W + w] & excl[j * W + w] & excl[t * W + w]; x; x &= x - 1) {
            common_masks[nm++] = g.cand(w * 64 + std::countr_zero(x));
          }
        }
        if (nm < 2) continue;
        const int cells[3] = {c0, c1, c2};
        const bool sees01 = g.sees(c0, c1), sees02 = g.sees(c0, c2), sees12 = g.sees(c1, c2);
        // For each allowed (p0, p1), the values of c2 that complete an allowed triple: a
        // common excluder whose candidates outside {p0, p1} are one value v forbids v, and
        // one with none left forbids every value.
        Mask allowed[3] = {0, 0, 0};
        const Mask cand2 = g.cand(c2);
        for (Mask x = g.cand(c0); x; x &= x - 1) {
          const int p0 = lowest(x);
          for (Mask y = g.cand(c1); y; y &= y - 1) {
            const int p1 = lowest(y);
            if (p0 == p1 && sees01) continue;
            const Mask pm = (Mask{1} << p0) | (Mask{1} << p1);
            Mask ok2 = cand2;
            if (sees02) ok2 &= ~(Mask{1} << p0);
            if (sees12) ok2 &= ~(Mask{1} << p1);
            for (int e = 0; e < nm && ok2; ++e) {
              const Mask rest = common_masks[e] & ~pm;
              if (rest == 0) {
                ok2 = 0;
              } else if (!(rest & (rest - 1))) {
                ok2 &= ~rest;
              }
            }
            if (!ok2) continue;
            allowed[0] |= Mask{1} << p0;
            allowed[1] |= Mask{1} << p1;
            allowed[2] |= ok2;
          }
        }
        out.eliminations.clear();
        for (int k = 0; k < 3; ++k) {
          for (Mask x = g.cand(cells[k]) & ~allowed[k]; x; x &= x - 1) {
            out.eliminations.emplace_back(cells[k], lowest(x));
          }
        }
        if (out.eliminations.empty()) continue;
        std::sort(out.eliminations.begin(), out.eliminations.end());
        out.technique = "Aligned Triplet Exclusion";
        out.rating = 75;
        out.placements.clear();
        out.cells = {c0, c1, c2};
        if (ctx.explain) {
          std::string text = "Aligned Triplet Exclusion on ";
          for (int k = 0; k < 3; ++k) {
            if (k) text += ',';
            text += g.cell_name(cells[k]);
          }
          text += ": ";
          text += describe_eliminations(g, out.eliminations);
          out.explanation = std::move(text);
        }
        return true;
      }
    }
  }
  return false;
}

}  // namespace sudoforge::grader::detail
