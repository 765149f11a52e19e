// Bivalue Universal Grave: every unsolved cell bivalue and every value twice in each unit
// is a deadly pattern. Type 1 (5.6): one cell with a third candidate, which must be true.
// Type 2 (5.7): several cells with the same extra value: it is true in one of them, so
// it goes from every cell seeing them all.
#include <algorithm>

#include "engine.h"

namespace sudoforge::grader::detail {

bool find_bug(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int n = g.n();
  std::vector<int> bug;
  for (int c = 0; c < g.cell_count(); ++c) {
    const int pc = popcount(g.cand(c));
    if (g.value(c) != 0 && pc == 0) continue;
    if (pc == 2) continue;
    if (pc != 3) return false;
    bug.push_back(c);
  }
  if (bug.empty()) return false;
  // The extra value of each bug cell: the candidate that appears 3 times in its row.
  Mask common = g.all_digits();
  std::vector<int> extra(bug.size());
  for (size_t i = 0; i < bug.size(); ++i) {
    int x = 0;
    for (Mask m = g.cand(bug[i]); m; m &= m - 1) {
      const int d = lowest(m);
      if (popcount(g.pos(g.unit_of(bug[i], 0), d)) > 2 && popcount(g.pos(g.unit_of(bug[i], 1), d)) > 2 &&
          popcount(g.pos(g.unit_of(bug[i], 2), d)) > 2) {
        if (x) return false;
        x = d;
      }
    }
    if (!x) return false;
    extra[i] = x;
    common &= Mask{1} << x;
  }
  // Without the extra values, every value must appear 0 or 2 times in every unit.
  for (int u = 0; u < g.unit_count(); ++u) {
    for (int d = 1; d <= n; ++d) {
      Mask p = g.pos(u, d);
      const int* cells = g.unit(u);
      for (size_t i = 0; i < bug.size(); ++i) {
        if (extra[i] != d) continue;
        for (int k = 0; k < n; ++k) {
          if (cells[k] == bug[i]) p &= ~(Mask{1} << k);
        }
      }
      const int cnt = popcount(p);
      if (cnt != 0 && cnt != 2) return false;
    }
  }
  out.cells = bug;
  if (bug.size() == 1) {
    out.technique = "BUG type 1";
    out.rating = 56;
    out.placements = {{bug[0], extra[0]}};
    out.eliminations.clear();
    for (Mask m = g.cand(bug[0]) & ~(Mask{1} << extra[0]); m; m &= m - 1) {
      out.eliminations.emplace_back(bug[0], lowest(m));
    }
    if (ctx.explain) {
      out.explanation = g.cell_name(bug[0]) + "=" + digit_name(g, extra[0]) +
                        ": BUG type 1 (every other cell is bivalue)";
    }
    return true;
  }
  if (!common) return false;
  const int x = lowest(common);
  out.technique = "BUG type 2";
  out.rating = 57;
  out.placements.clear();
  out.eliminations.clear();
  for (int c = 0; c < g.cell_count(); ++c) {
    if (!g.has(c, x) || std::find(bug.begin(), bug.end(), c) != bug.end()) continue;
    bool all = true;
    for (int b : bug) all &= g.sees(c, b);
    if (all) out.eliminations.emplace_back(c, x);
  }
  if (out.eliminations.empty()) return false;
  if (ctx.explain) {
    out.explanation = "BUG type 2 on " + digit_name(g, x) + ": " + describe_eliminations(g, out.eliminations);
  }
  return true;
}

}  // namespace sudoforge::grader::detail
