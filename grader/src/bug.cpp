// Bivalue Universal Grave, as Sudoku Explainer finds it.
//
// A grid where every unsolved cell is bivalue and every value appears 0 or 2 times in
// every unit has several solutions, so a unique puzzle cannot reach one: some "bug
// value" outside that pattern is true. The bug cells and their bug values are found unit
// by unit (box, row, column, each in order; values in increasing order): a value that
// appears neither 0 nor 2 times in a unit and lies in exactly one cell of 3 or more
// candidates there makes that cell a bug cell and the value one of its bug values (in
// none: no BUG). Without the bug values, every unsolved cell must be bivalue and every
// value appear 0 or 2 times in every unit. Then, SE's first hint:
//   type 1 (5.6): one bug cell: its other candidates go;
//   type 2 (5.7): one bug value in several cells: it goes from the cells seeing them all;
//   type 4 (5.7): two bug cells in one unit sharing one value besides the bug values: that
//     value is true in one of them, so each cell keeps only its bug values and that value;
//   type 3 (5.7 + 0.1 per value of the set beyond the first): the bug values, taken as one
//     more cell, form a naked set with other cells of a unit holding all bug cells.
// "The cells seeing them all" are in SE's house order of the first bug cell (box, row,
// column): which type 3 set comes first depends on it.
#include <algorithm>

#include "finders.h"

namespace sudoforge::grader::detail {

namespace {

constexpr int kUnitKinds[3] = {2, 0, 1};  // box, row, column: SE's region types

// The unit of SE region type t (an index of se_types(): box, row, column, then the extra
// houses by kind) shared by every cell of `cells`, or -1.
int shared_unit(const CandidateGrid& g, const std::vector<int>& cells, int t) {
  if (t < 3) {
    const int k = kUnitKinds[t];
    const int u = g.unit_of(cells[0], k);
    for (int c : cells) {
      if (g.unit_of(c, k) != u) return -1;
    }
    return u;
  }
  const auto [begin, end] = g.se_types()[t];
  for (int u = begin; u < end; ++u) {
    bool all = true;
    for (int c : cells) all &= g.index_in(u, c) != 255;
    if (all) return u;
  }
  return -1;
}

// Whether every cell of 3 or more candidates keeps exactly two once its bug values are
// taken out: a test the search below makes after collecting the bug values of every
// unit, made here cell by cell, which is much cheaper where it fails (nearly every state
// the grader meets). The bug values of cell c are the digits d of c such that, in some
// house of c, d is in neither 0 nor 2 places and c is its only place of 3 or more
// candidates: they depend on c's houses only. False here: the search finds nothing (it
// returns false before that test, or at it, at this cell at the latest).
bool wide_cells_can_be_grave(const CandidateGrid& g) {
  const int nc = g.cell_count(), per = g.units_per_cell(), units = g.unit_count();
  const Mask* const cand = g.cand_table();
  for (int c = 0; c < nc; ++c) {
    const Mask m = cand[c];
    if (popcount(m) < 3) continue;
    Mask bug_values = 0;
    for (int k = 0; k < per; ++k) {
      const int u = g.unit_of(c, k);
      if (u == units) continue;  // padding: no cells
      const Mask others = ~(Mask{1} << g.index_in(u, c));
      const int* const cells = g.unit(u);
      const Mask* const pos = g.pos_of(u);
      for (Mask dm = m & ~bug_values; dm; dm &= dm - 1) {
        const int d = lowest(dm);
        Mask rest = pos[d] & others;
        if (popcount(rest) == 1) continue;  // two places
        while (rest && popcount(cand[cells[lowest(rest)]]) < 3) rest &= rest - 1;
        if (!rest) bug_values |= Mask{1} << d;
      }
    }
    if (popcount(m & ~bug_values) != 2) return false;
  }
  return true;
}

bool bug_search(const Ctx& ctx, Hint& out);

}  // namespace

// A grave (every unsolved cell bivalue, every digit in 0 or 2 places of every house) has
// an even number of solutions: taking every cell's other candidate turns one into
// another. That holds whatever the houses, so extra houses (checked like the others, as
// SE does) keep BUG sound; jigsaw boards stay without it (SE does not rate them).
bool find_bug(const Ctx& ctx, Hint& out) {
  return ctx.g.geo().has_boxes() && wide_cells_can_be_grave(ctx.g) && bug_search(ctx, out);
}

bool find_bug_plain(const Ctx& ctx, Hint& out) {
  return ctx.g.geo().has_boxes() && bug_search(ctx, out);
}

namespace {

bool bug_search(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int n = g.n(), nc = g.cell_count();
  // Tried at most steps of a hard puzzle: reuse the buffers.
  thread_local std::vector<int> bug;
  thread_local std::vector<Mask> bug_values;
  bug.clear();
  bug_values.assign(nc, 0);
  Mask all_values = 0;
  const Mask* const cand = g.cand_table();
  for (const auto& [begin, end] : g.se_types()) {
    for (int u = begin; u < end; ++u) {
      const int* cells = g.unit(u);
      const Mask* const pos = g.pos_of(u);
      Mask wide_at = 0;  // positions of the cells with 3 or more candidates
      for (int i = 0; i < n; ++i) {
        if (popcount(cand[cells[i]]) >= 3) wide_at |= Mask{1} << i;
      }
      for (int d = 1; d <= n; ++d) {
        const Mask p = pos[d];
        const int count = popcount(p);
        if (count == 0 || count == 2) continue;
        const Mask w = p & wide_at;
        if (w == 0) return false;
        if (w & (w - 1)) continue;  // undecided here; another unit tells which cell it is
        const int cell = cells[lowest(w)];
        if (bug_values[cell] == 0) bug.push_back(cell);
        bug_values[cell] |= Mask{1} << d;
        all_values |= Mask{1} << d;
      }
    }
  }
  if (bug.empty()) return false;
  for (int c = 0; c < nc; ++c) {
    if (g.value(c) == 0 && popcount(g.cand(c) & ~bug_values[c]) != 2) return false;
  }
  for (int u = 0; u < g.unit_count(); ++u) {
    const int* cells = g.unit(u);
    for (int d = 1; d <= n; ++d) {
      int count = 0;
      for (Mask m = g.pos(u, d); m; m &= m - 1) count += !((bug_values[cells[lowest(m)]] >> d) & 1);
      if (count != 0 && count != 2) return false;
    }
  }
  // The cells seeing every bug cell, in the house order of the first.
  std::vector<int> common;
  for (int q : g.house(bug[0])) {
    if (std::find(bug.begin(), bug.end(), q) != bug.end()) continue;
    bool all = true;
    for (int b : bug) all &= g.sees(q, b);
    if (all) common.push_back(q);
  }
  out.cells = bug;
  out.placements.clear();
  out.eliminations.clear();
  auto finish = [&](const char* technique, int rating, const std::string& what) {
    std::sort(out.eliminations.begin(), out.eliminations.end());
    out.technique = technique;
    out.rating = rating;
    if (ctx.explain) {
      std::string cells;
      for (int b : bug) {
        if (!cells.empty()) cells += ',';
        cells += g.cell_name(b);
      }
      out.explanation = std::string(technique) + " (" + cells + ")" + what + ": " +
                        describe_eliminations(g, out.eliminations);
    }
    return true;
  };
  if (bug.size() == 1) {
    for (Mask m = g.cand(bug[0]) & ~all_values; m; m &= m - 1)
      out.eliminations.emplace_back(bug[0], lowest(m));
    return finish("BUG type 1", 56, "");
  }
  auto type4 = [&] {
    const int c1 = bug[0], c2 = bug[1];
    const Mask shared = g.cand(c1) & g.cand(c2) & ~all_values;
    if (popcount(shared) != 1) return false;
    for (int t = 0; t < static_cast<int>(g.se_types().size()); ++t) {
      if (shared_unit(g, bug, t) < 0) continue;
      for (int c : {c1, c2}) {
        for (Mask m = g.cand(c) & ~bug_values[c] & ~shared; m; m &= m - 1)
          out.eliminations.emplace_back(c, lowest(m));
      }
      if (out.eliminations.empty()) return false;
      return finish("BUG type 4", 57, " on " + digit_name(g, lowest(shared)));
    }
    return false;
  };
  if (popcount(all_values) == 1) {
    const int x = lowest(all_values);
    for (int c : common) {
      if (g.has(c, x)) out.eliminations.emplace_back(c, x);
    }
    if (!out.eliminations.empty()) return finish("BUG type 2", 57, " on " + digit_name(g, x));
    return bug.size() == 2 && type4();
  }
  if (common.empty()) return false;
  if (bug.size() == 2 && type4()) return true;
  // Type 3: naked sets of `degree` values made of degree - 1 cells of a unit holding every
  // bug cell and the bug values, the cells taken in SE's order (colexicographic).
  for (int t = 0; t < static_cast<int>(g.se_types().size()); ++t) {
    const int u = shared_unit(g, bug, t);
    if (u < 0) continue;
    std::vector<int> cells;
    for (int c : common) {
      if (g.index_in(u, c) != 255) cells.push_back(c);
    }
    const int m = static_cast<int>(cells.size());
    for (int degree = 2; degree <= 6 && degree <= m; ++degree) {
      const int pick = degree - 1;
      std::vector<int> idx(pick);
      for (int i = 0; i < pick; ++i) idx[i] = i;
      while (true) {
        Mask naked = all_values;
        Mask others = 0;
        bool wide = true;
        for (int i : idx) {
          const Mask cm = g.cand(cells[i]);
          wide &= popcount(cm) > 1;
          others |= cm;
        }
        naked |= others;
        if (wide && popcount(others) == degree && popcount(naked) == degree) {
          for (int i = 0; i < m; ++i) {
            if (std::find(idx.begin(), idx.end(), i) != idx.end()) continue;
            for (Mask r = g.cand(cells[i]) & naked; r; r &= r - 1)
              out.eliminations.emplace_back(cells[i], lowest(r));
          }
          if (!out.eliminations.empty()) {
            std::string set;
            for (Mask r = naked; r; r &= r - 1) set += digit_name(g, lowest(r));
            return finish("BUG type 3", 57 + popcount(naked) - 1,
                          " with a naked set " + set + " in " + g.unit_name(u));
          }
        }
        // Next combination in colexicographic order.
        int i = 0;
        while (i < pick && idx[i] + 1 == (i + 1 < pick ? idx[i + 1] : m)) ++i;
        if (i == pick) break;
        ++idx[i];
        for (int j = 0; j < i; ++j) idx[j] = j;
      }
    }
  }
  return false;
}

}  // namespace

}  // namespace sudoforge::grader::detail
