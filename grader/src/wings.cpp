// XY-Wing (4.2) and XYZ-Wing (4.4).
#include <bit>
#include <cstdint>

#include "finder_memo.h"
#include "finders.h"

namespace sudoforge::grader::detail {

bool find_xy_wing(const Ctx& ctx, bool xyz, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int need = xyz ? 3 : 2;
  const int words = g.set_words();
  // A wing is its three cells' candidates (its eliminations can only shrink): after a
  // search that found nothing, only wings with a cell changed since can be new.
  const int slot = xyz ? FinderMemo::kXYZWing : FinderMemo::kXYWing;
  const std::uint64_t since = ctx.memo ? ctx.memo->failed_since(slot) : 0;
  std::uint64_t bivalue[16] = {}, fresh[16] = {}, pivots[16] = {};  // words <= 10 (625 cells)
  // `since` is 0 (every cell fresh) when there is no memo.
  if (!g.changed_since(since, fresh)) return false;
  const Mask* const cand = g.cand_table();
  for (int c = 0, nc = g.cell_count(); c < nc; ++c) {
    const int pc = popcount(cand[c]);
    if (pc == 2) bivalue[c / 64] |= std::uint64_t{1} << (c % 64);
    if (pc == need) pivots[c / 64] |= std::uint64_t{1} << (c % 64);
  }
  auto is_fresh = [&](int c) { return (fresh[c / 64] >> (c % 64)) & 1; };
  for (int pw = 0; pw < words; ++pw) {
    for (std::uint64_t px = pivots[pw]; px; px &= px - 1) {
      const int pivot = pw * 64 + std::countr_zero(px);
      const Mask pm = cand[pivot];
      const bool pivot_fresh = is_fresh(pivot);
      const std::uint64_t* peers = g.peer_set(pivot);
      if (!pivot_fresh) {
        std::uint64_t f = 0;
        for (int w = 0; w < words; ++w) f |= peers[w] & bivalue[w] & fresh[w];
        if (!f) continue;
      }
      // The bivalue peers that can be wings, in peer order (ascending): sharing one value
      // with the pivot (XY-Wing: {x,z} or {y,z} of {x,y}), inside the pivot (XYZ-Wing:
      // {x,z} or {y,z} of {x,y,z}).
      // (The first 64 bivalue peers only, on boards with more.)
      int bp[64];
      int nb = 0, met = 0;
      for (int w = 0; w < words; ++w) {
        for (std::uint64_t x = peers[w] & bivalue[w]; x && met < 64; x &= x - 1, ++met) {
          const int c = w * 64 + std::countr_zero(x);
          const Mask m = cand[c];
          if (xyz ? (m & ~pm) == 0 : popcount(m & pm) == 1) bp[nb++] = c;
        }
      }
      for (int i = 0; i < nb; ++i) {
        const int w1 = bp[i];
        const Mask m1 = cand[w1];
        for (int j = i + 1; j < nb; ++j) {
          const int w2 = bp[j];
          if (!pivot_fresh && !is_fresh(w1) && !is_fresh(w2)) continue;
          const Mask m2 = cand[w2];
          if (m1 == m2) continue;
          Mask z = m1 & m2;
          if (popcount(z) != 1) continue;
          if (xyz) {
            // pivot = {x,y,z}, wings {x,z} and {y,z}: both wings inside the pivot.
            if ((m1 | m2) != pm) continue;
          } else {
            // pivot = {x,y}, wings {x,z} and {y,z} with z outside the pivot.
            if ((z & pm) || ((m1 | m2) & ~z) != pm) continue;
          }
          const int zd = lowest(z);
          std::vector<std::pair<int, int>> elims;
          for (int c : g.peers(w1)) {
            if (c == pivot || c == w2 || !g.has(c, zd)) continue;
            if (!g.sees(c, w2)) continue;
            if (xyz && !g.sees(c, pivot)) continue;
            elims.emplace_back(c, zd);
          }
          if (elims.empty()) continue;
          out.technique = xyz ? "XYZ-Wing" : "XY-Wing";
          out.rating = xyz ? 44 : 42;
          out.placements.clear();
          out.eliminations = std::move(elims);
          out.cells = {pivot, w1, w2};
          if (ctx.explain) {
            out.explanation = std::string(out.technique) + " pivot " + g.cell_name(pivot) +
                              ", wings " + g.cell_name(w1) + "," + g.cell_name(w2) + " on " +
                              digit_name(g, zd) + ": " + describe_eliminations(g, out.eliminations);
          }
          return true;
        }
      }
    }
  }
  if (ctx.memo) ctx.memo->set_failed(slot);
  return false;
}

}  // namespace sudoforge::grader::detail
