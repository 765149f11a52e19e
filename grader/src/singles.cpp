// Singles: full house (1.0), hidden single (1.2 box, 1.5 row/column), naked single (2.3).
#include "finder_memo.h"
#include "finders.h"

namespace sudoforge::grader::detail {

bool find_hidden_single(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int n = g.n();
  // SE looks for full houses in every unit first, then for the other hidden singles. One
  // walk does both: it returns the first full house, and remembers the first other hidden
  // single, scanning no other unit with two or more empty cells after it.
  int hidden_u = -1, hidden_d = 0;
  // A unit's verdict changes only when a digit there comes down to one place: the memo's
  // times are compared with those (single_times), not with the unit's every change.
  const std::uint64_t* const changed = g.single_times();
  std::uint64_t* const clean = ctx.memo ? ctx.memo->unit_row(FinderMemo::kHiddenSingle) : nullptr;
  const std::uint64_t now = ctx.memo ? ctx.memo->clean_time() : 0;
  // With the memo, its test comes first: most units are clean, and a full unit is marked
  // clean for good (it stays full).
  for (int k = 0; k < g.unit_count(); ++k) {
    const int u = g.se_unit(k);
    if (clean && changed[u] < clean[u]) continue;  // none since it was found clean
    const int empty = g.unit_empty(u);
    if (empty == 0) {
      if (clean) clean[u] = ~std::uint64_t{0};
      continue;
    }
    const bool alone = empty == 1;
    if (!alone && hidden_u >= 0) continue;
    int d = 1;
    while (d <= n && popcount(g.pos(u, d)) != 1) ++d;
    if (d > n) {
      if (clean) clean[u] = now;
      continue;
    }
    hidden_u = u;
    hidden_d = d;
    // With no unit of one empty cell, no full house is left to find after it.
    if (alone || g.units_with_one_empty() == 0) break;
  }
  if (hidden_u < 0) return false;
  const int u = hidden_u, d = hidden_d;
  const bool alone = g.unit_empty(u) == 1;
  const int cell = g.unit(u)[lowest(g.pos(u, d))];
  out.technique = alone ? "Full House" : "Hidden Single";
  // A hidden single in a box is the easier to see (1.2); in a line or an extra house 1.5.
  out.rating = alone ? 10 : (u >= 2 * n && u < 3 * n ? 12 : 15);
  out.placements = {{cell, d}};
  out.cells = {cell};
  if (ctx.explain) {
    out.explanation = g.cell_name(cell) + "=" + digit_name(g, d) + ": " +
                      (alone ? "full house in " : "hidden single in ") + g.unit_name(u);
  }
  return true;
}

bool find_naked_single(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const std::uint64_t* const singles = g.cells_with(1);
  for (int w = 0; w < g.set_words(); ++w) {
    if (singles[w]) {
      const int c = w * 64 + std::countr_zero(singles[w]);
      const int d = lowest(g.cand(c));
      out.technique = "Naked Single";
      out.rating = 23;
      out.placements = {{c, d}};
      out.cells = {c};
      if (ctx.explain) out.explanation = g.cell_name(c) + "=" + digit_name(g, d) + ": naked single";
      return true;
    }
  }
  return false;
}

}  // namespace sudoforge::grader::detail
