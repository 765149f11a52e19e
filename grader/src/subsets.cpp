// Naked and hidden subsets: naked pair/triple/quad (3.0/3.6/5.0), hidden pair/triple/quad
// (3.4/4.0/5.4), and the direct hidden pair/triple (2.0/2.5) that leads to a hidden single
// (the step is that placement alone, as in SE).
#include <array>

#include "finder_memo.h"
#include "finders.h"
#include "subset_enumeration.h"

namespace sudoforge::grader::detail {
namespace {

const char* subset_name(bool naked, int degree) {
  static const char* kNaked[] = {"", "", "Naked Pair", "Naked Triple", "Naked Quad"};
  static const char* kHidden[] = {"", "", "Hidden Pair", "Hidden Triple", "Hidden Quad"};
  return naked ? kNaked[degree] : kHidden[degree];
}

}  // namespace

namespace {

// find_naked_set with its degree as a template argument: the list's bound and the
// enumeration's depth are then constants.
template <int degree, int kN>
bool naked_search(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int n = kN ? kN : g.n();
  const int slot = FinderMemo::kNakedSet + degree - 2;
  const std::uint64_t* const changed = g.unit_times();
  std::uint64_t* const clean = ctx.memo ? ctx.memo->unit_row(slot) : nullptr;
  const std::uint64_t now = ctx.memo ? ctx.memo->clean_time() : 0;
  std::uint64_t* const roomy = ctx.memo ? ctx.memo->roomy(slot) : nullptr;
  const int units = g.naked_set_units();
  int live[64];  // the units of this block to search, in SE's order
  for (int w = 0; 64 * w < units; ++w) {
    const int nl = live_units(g.se_units(), w, roomy, units, g.unit_empty_table(), 2 * degree,
                              changed, clean, live);
    for (int li = 0; li < nl; ++li) {
      const int u = live[li];
      const int* cells = g.unit(u);
      std::array<int, 32> items;  // written for 0..n - 1 at most, read for 0..m - 1
      std::array<Mask, 32> masks;
      int m = 0;
      for (int i = 0; i < n; ++i) {  // written always, kept by the count (no branch)
        const Mask c = g.cand(cells[i]);
        masks[m] = c;
        items[m] = cells[i];
        m += static_cast<unsigned>(popcount(c)) - 2 <= degree - 2u;
      }
      const bool found =
          tight_subsets_of<degree>(masks.data(), m, [&](const std::array<int, 8>& idx) {
            Mask uni = 0;
            for (int i = 0; i < degree; ++i) uni |= masks[idx[i]];
            std::vector<std::pair<int, int>> elims;
            for (int i = 0; i < n; ++i) {
              const int c = cells[i];
              bool in = false;
              for (int j = 0; j < degree; ++j) in |= items[idx[j]] == c;
              if (in) continue;
              for (Mask x = g.cand(c) & uni; x; x &= x - 1) elims.emplace_back(c, lowest(x));
            }
            if (elims.empty()) return false;
            out.technique = subset_name(true, degree);
            out.rating = degree == 2 ? 30 : degree == 3 ? 36 : 50;
            out.placements.clear();
            out.eliminations = std::move(elims);
            out.cells.clear();
            for (int j = 0; j < degree; ++j) out.cells.push_back(items[idx[j]]);
            if (ctx.explain) {
              std::string s = std::string(out.technique) + " ";
              for (Mask x = uni; x; x &= x - 1) s += digit_name(g, lowest(x));
              s += " in " + g.unit_name(u) + " (";
              for (int j = 0; j < degree; ++j) {
                if (j) s += ',';
                s += g.cell_name(out.cells[j]);
              }
              s += "): " + describe_eliminations(g, out.eliminations);
              out.explanation = std::move(s);
            }
            return true;
          });
      if (found) return true;
      if (clean) clean[u] = now;
    }
  }
  return false;
}

}  // namespace

bool find_naked_set(const Ctx& ctx, int degree, Hint& out) {
  return with_constant_degree<4>(
      ctx.g.n(), degree, [&](auto k, auto width) { return naked_search<k(), width()>(ctx, out); });
}

namespace {

// Direct, with a memo: a unit it searched where no set removes anything is one where the
// hidden set of its degree finds nothing (when it has more than twice the degree empty
// cells): that memo is set too. The degree and kind are template arguments: the list's
// bound and the enumeration's depth are then constants (hidden_search below).
template <int degree, bool direct, int kN>
bool hidden_search_of(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int n = kN ? kN : g.n(), units = g.unit_count();
  // The grid's tables in locals: the memo's stores would otherwise make the compiler load
  // them again for each unit.
  const int* const order = g.se_units();
  FinderMemo* const memo = ctx.memo;
  const int slot = (direct ? FinderMemo::kDirectHidden : FinderMemo::kHiddenSet) + degree - 2;
  const int min_empty = direct ? degree + 1 : 2 * degree + 1;
  const int plain_slot = FinderMemo::kHiddenSet + degree - 2;
  const std::uint64_t* const changed = g.unit_times();
  std::uint64_t* const clean = memo ? memo->unit_row(slot) : nullptr;
  std::uint64_t* const plain_clean = memo ? memo->unit_row(plain_slot) : nullptr;
  const std::uint64_t now = memo ? memo->clean_time() : 0;
  const int* const empties = g.unit_empty_table();
  int live[64];  // the units of this block to search, in SE's order
  // The units with room for the plain sets only: most units keep the direct sets' few
  // empty cells, and the pass over them all, without branches, is the cheaper there.
  std::uint64_t* const roomy = memo && !direct ? memo->roomy(slot) : nullptr;
  for (int w = 0; 64 * w < units; ++w) {
    int nl = 0;
    if (direct && clean) {
      // A unit with too few empty cells for a direct set never has enough again on this
      // puzzle: it is listed once more and then marked clean for good, which leaves
      // the list one test a unit.
      const int end = units - 64 * w < 64 ? units : 64 * w + 64;
      for (int k = 64 * w; k < end; ++k) {
        const int u = order[k];
        live[nl] = u;
        nl += changed[u] >= clean[u];
      }
    } else {
      nl = live_units(order, w, roomy, units, empties, min_empty, changed, clean, live);
    }
    for (int i = 0; i < nl; ++i) {
      const int u = live[i];
      const int empty = empties[u];
      if (direct && clean && empty < min_empty) {
        clean[u] = ~std::uint64_t{0};
        continue;
      }
      const int* cells = g.unit(u);
      const Mask* const pos = g.pos_of(u);
      // Left uninitialised: masks and digits are written for 0..n - 1 at most, and only
      // 0..m - 1 is read.
      std::array<Mask, 32> masks;
      std::array<int, 32> digits;
      int m = 0;
      for (int d = 1; d <= n; ++d) {
        // A digit with more than `degree` positions cannot be part of the set. Written
        // always, kept by the count (no branch).
        const Mask p = pos[d];
        masks[m] = p;
        digits[m] = d;
        m += static_cast<unsigned>(popcount(p)) - 1 < unsigned{degree};
      }
      bool removes_any = false;
      const bool found =
          tight_subsets_of<degree>(masks.data(), m, [&](const std::array<int, 8>& idx) {
            Mask common = 0, set = 0;
            for (int i = 0; i < degree; ++i) {
              common |= pos[digits[idx[i]]];
              set |= Mask{1} << digits[idx[i]];
            }
            bool removes = false;  // whether the set removes anything (the list is built after)
            for (Mask x = common; x && !removes; x &= x - 1)
              removes = (g.cand(cells[lowest(x)]) & ~set) != 0;
            removes_any |= removes;
            int hcell = -1, hval = 0;
            if (direct) {
              // The digits outside the set, of 2+ places, with one place outside its cells,
              // gathered without a branch; the first gives SE's single.
              Mask singles = 0;
              for (int v = 1; v <= n; ++v) {
                const Mask p = pos[v];
                const bool wide = popcount(p) > 1, one_out = popcount(p & ~common) == 1;
                singles |= static_cast<Mask>(wide & one_out) << v;
              }
              singles &= ~set;
              if (!singles) return false;
              hval = lowest(singles);
              hcell = cells[lowest(pos[hval] & ~common)];
            } else if (!removes) {
              return false;
            }
            std::vector<std::pair<int, int>> elims;
            for (Mask x = common; x; x &= x - 1) {
              const int c = cells[lowest(x)];
              for (Mask y = g.cand(c) & ~set; y; y &= y - 1) elims.emplace_back(c, lowest(y));
            }
            if (direct) {
              out.technique = degree == 2 ? "Direct Hidden Pair" : "Direct Hidden Triple";
              out.rating = degree == 2 ? 20 : 25;
              out.placements = {{hcell, hval}};
            } else {
              out.technique = subset_name(false, degree);
              out.rating = degree == 2 ? 34 : degree == 3 ? 40 : 54;
              out.placements.clear();
            }
            out.eliminations = std::move(elims);
            out.cells.clear();
            for (Mask x = common; x; x &= x - 1) out.cells.push_back(cells[lowest(x)]);
            if (ctx.explain) {
              std::string s;
              if (direct) s = g.cell_name(hcell) + "=" + digit_name(g, hval) + ": ";
              s += std::string(out.technique) + " ";
              for (Mask x = set; x; x &= x - 1) s += digit_name(g, lowest(x));
              s += " in " + g.unit_name(u) + " (";
              for (size_t j = 0; j < out.cells.size(); ++j) {
                if (j) s += ',';
                s += g.cell_name(out.cells[j]);
              }
              s += ")";
              if (!out.eliminations.empty()) s += ": " + describe_eliminations(g, out.eliminations);
              out.explanation = std::move(s);
            }
            // SE applies only the placement of a direct hint: the eliminations are its reasoning
            // (named in the explanation), not part of the step.
            if (direct) out.eliminations.clear();
            return true;
          });
      if (found) return true;
      if (clean) {
        clean[u] = now;
        // Without a branch: whether the unit is clean for the plain set is taken at random.
        if (direct) {
          const std::uint64_t take = 0 - std::uint64_t{!removes_any && empty > 2 * degree};
          plain_clean[u] ^= (plain_clean[u] ^ now) & take;
        }
      }
    }
  }
  return false;
}

bool hidden_search(const Ctx& ctx, int degree, bool direct, Hint& out) {
  // SE's direct hidden sets are pairs and triples only.
  if (direct) {
    return with_constant_degree<3>(ctx.g.n(), degree, [&](auto k, auto width) {
      return hidden_search_of<k(), true, width()>(ctx, out);
    });
  }
  return with_constant_degree<4>(ctx.g.n(), degree, [&](auto k, auto width) {
    return hidden_search_of<k(), false, width()>(ctx, out);
  });
}

}  // namespace

bool find_hidden_set(const Ctx& ctx, int degree, Hint& out) {
  return hidden_search(ctx, degree, false, out);
}
bool find_direct_hidden_set(const Ctx& ctx, int degree, Hint& out) {
  return hidden_search(ctx, degree, true, out);
}

}  // namespace sudoforge::grader::detail
