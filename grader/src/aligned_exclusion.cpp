// Aligned pair exclusion (6.2), as Sudoku Explainer searches it.
//
// Base cells: every cell with 2+ candidates that has at least one "excluder", a peer with
// exactly two candidates (none is tried while a peer is a naked single). For every pair of
// base cells with at least two common excluders, a combination of values (v0 in the first
// cell, v1 in the second) is impossible when the two cells see each other and v0 == v1,
// or when a common excluder holds exactly {v0, v1} (it would be left empty). A value of a
// base cell that appears in no possible combination is removed. Pairs are visited in SE's
// order: cells in reading order, pairs of base-cell indices in colexicographic order
// ((0,1), (0,2), (1,2), (0,3), ...). The base cells need not share a unit.
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
        out.explanation = "Aligned Pair Exclusion on " + g.cell_name(a) + "," + g.cell_name(b) + ": " +
                          describe_eliminations(g, out.eliminations);
      }
      return true;
    }
  }
  return false;
}

}  // namespace sudoforge::grader::detail
