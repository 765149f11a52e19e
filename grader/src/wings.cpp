// XY-Wing (4.2) and XYZ-Wing (4.4).
#include <algorithm>
#include <bit>
#include <cstdint>

#include "finder_memo.h"
#include "finders.h"

namespace sudoforge::grader::detail {

bool find_xy_wing(const Ctx& ctx, bool xyz, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int words = g.set_words();
  // A wing is its three cells' candidates (its eliminations can only shrink): after a
  // search that found nothing, only wings with a cell changed since can be new.
  const int slot = xyz ? FinderMemo::kXYZWing : FinderMemo::kXYWing;
  const std::uint64_t since = ctx.memo ? ctx.memo->failed_since(slot) : 0;
  // The pivots: cells of two candidates, three for XYZ.
  const std::uint64_t* const bivalue = g.cells_with(2);
  const std::uint64_t* const pivots = g.cells_with(xyz ? 3 : 2);
  std::uint64_t fresh[16] = {};  // words <= 10 (625 cells)
  // `since` is 0 (every cell fresh) when there is no memo.
  const Mask* const cand = g.cand_table();
  if (ctx.memo) {
    const std::uint64_t* changed = ctx.memo->changed_since(since);
    std::copy(changed, changed + words, fresh);
  } else {
    g.changed_since(since, fresh);
  }
  // A pivot is searched when it is fresh or sees a fresh bivalue cell (one of its wings
  // must be fresh otherwise): the peers of the fresh bivalue cells, with the fresh cells.
  std::uint64_t reach[16];
  bool any_fresh = false;
  for (int w = 0; w < words; ++w) {
    reach[w] = fresh[w];
    any_fresh |= fresh[w] != 0;
  }
  if (!any_fresh) return false;
  for (int fw = 0; fw < words; ++fw) {
    for (std::uint64_t x = fresh[fw] & bivalue[fw]; x; x &= x - 1) {
      const std::uint64_t* ps = g.peer_set(fw * 64 + std::countr_zero(x));
      for (int w = 0; w < words; ++w) reach[w] |= ps[w];
    }
  }
  auto is_fresh = [&](int c) { return (fresh[c / 64] >> (c % 64)) & 1; };
  for (int pw = 0; pw < words; ++pw) {
    for (std::uint64_t px = pivots[pw] & reach[pw]; px; px &= px - 1) {
      const int pivot = pw * 64 + std::countr_zero(px);
      const Mask pm = cand[pivot];
      const bool pivot_fresh = is_fresh(pivot);
      const std::uint64_t* peers = g.peer_set(pivot);
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
          bp[nb] = c;  // kept when it can be a wing (a store and an add: no branch to miss)
          nb += xyz ? (m & ~pm) == 0 : popcount(m & pm) == 1;
        }
      }
      for (int i = 0; i < nb; ++i) {
        const int w1 = bp[i];
        const Mask m1 = cand[w1];
        // The partner's values: XY-Wing, pivot {x,y} and wing {x,z}: exactly {y,z} = m1 ^ pm
        // (two bivalue wings each sharing one value with the pivot, sharing z outside it
        // and covering it, is m1 ^ m2 == pm); XYZ-Wing: any other two values of the pivot
        // (two distinct pairs inside {x,y,z} share one value and cover it).
        const Mask partner = m1 ^ pm;
        for (int j = i + 1; j < nb; ++j) {
          const int w2 = bp[j];
          const Mask m2 = cand[w2];
          if (xyz ? m2 == m1 : m2 != partner) continue;
          if (!pivot_fresh && !is_fresh(w1) && !is_fresh(w2)) continue;
          const Mask z = m1 & m2;
          const int zd = lowest(z);
          // The cells seeing both wings (and the pivot, for an XYZ-Wing) that hold z, in
          // ascending order (that of peers()); the pivot is one of them, and holds no z
          // in an XY-Wing.
          std::vector<std::pair<int, int>> elims;
          const std::uint64_t* s1 = g.peer_set(w1);
          const std::uint64_t* s2 = g.peer_set(w2);
          for (int w = 0; w < words; ++w) {
            std::uint64_t x = s1[w] & s2[w] & (xyz ? peers[w] : ~std::uint64_t{0});
            for (; x; x &= x - 1) {
              const int c = w * 64 + std::countr_zero(x);
              if (c != pivot && g.has(c, zd)) elims.emplace_back(c, zd);
            }
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
