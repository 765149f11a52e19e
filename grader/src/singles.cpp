// Singles: full house (1.0), hidden single (1.2 box, 1.5 row/column), naked single (2.3).
#include <cstdint>
#include <vector>

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
  const std::uint64_t* const changed = g.unit_times();
  const std::uint64_t* const clean =
      ctx.memo ? ctx.memo->unit_row(FinderMemo::kHiddenSingle) : nullptr;
  for (int k = 0; k < g.unit_count(); ++k) {
    const int u = g.se_unit(k);
    const int empty = g.unit_empty(u);
    if (empty == 0) continue;
    const bool alone = empty == 1;
    if (!alone && hidden_u >= 0) continue;
    if (clean && changed[u] < clean[u]) continue;  // memo->unit_clean(kHiddenSingle, u)
    int d = 1;
    while (d <= n && popcount(g.pos(u, d)) != 1) ++d;
    if (d > n) {
      if (ctx.memo) ctx.memo->set_unit_clean(FinderMemo::kHiddenSingle, u);
      continue;
    }
    hidden_u = u;
    hidden_d = d;
    if (alone) break;
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
  for (int c = 0; c < g.cell_count(); ++c) {
    if (g.value(c) == 0 && popcount(g.cand(c)) == 1) {
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

bool singles_solve(const CandidateGrid& g) {
  const int nc = g.cell_count(), n = g.n(), nu = g.unit_count();
  thread_local std::vector<Mask> cand;
  thread_local std::vector<std::uint8_t> val;
  thread_local std::vector<int> todo;  // cells left one candidate, to place
  cand.assign(g.cand_table(), g.cand_table() + nc);
  val.resize(static_cast<std::size_t>(nc));
  todo.clear();
  for (int c = 0; c < nc; ++c) {
    val[c] = static_cast<std::uint8_t>(g.value(c));
    if (!val[c] && popcount(cand[c]) == 1) todo.push_back(c);
  }
  int empty = g.empty_count();
  // Places d at c and removes it from the peers; false on a peer left empty.
  const auto place = [&](int c, int d) {
    val[c] = static_cast<std::uint8_t>(d);
    cand[c] = 0;
    --empty;
    const Mask bit = Mask{1} << d;
    for (int p : g.peers(c)) {
      if (!(cand[p] & bit)) continue;
      cand[p] &= ~bit;
      if (!cand[p]) return false;
      if (!(cand[p] & (cand[p] - 1))) todo.push_back(p);
    }
    return true;
  };
  for (;;) {
    while (!todo.empty()) {
      const int c = todo.back();
      todo.pop_back();
      if (!val[c] && !place(c, lowest(cand[c]))) return false;
    }
    if (empty == 0) return true;
    bool placed = false;
    for (int u = 0; u < nu; ++u) {
      const int* cells = g.unit(u);
      Mask once = 0, twice = 0;
      for (int k = 0; k < n; ++k) {
        const Mask m = cand[cells[k]];
        twice |= once & m;
        once |= m;
      }
      for (Mask h = once & ~twice; h; h &= h - 1) {
        const int d = lowest(h);
        for (int k = 0; k < n; ++k) {
          const int c = cells[k];
          if ((cand[c] >> d) & 1) {
            if (!place(c, d)) return false;
            placed = true;
            break;
          }
        }
      }
    }
    if (!placed && todo.empty()) return false;
  }
}

}  // namespace sudoforge::grader::detail
