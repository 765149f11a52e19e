// Basic fish: X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2).
#include <array>
#include <type_traits>

#include "finder_memo.h"
#include "finders.h"
#include "subset_enumeration.h"

namespace sudoforge::grader::detail {

namespace {

// find_fish with its degree as a template argument: the list's bound and the
// enumeration's depth are then constants.
template <int degree, int kN>
bool fish_search(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int n = kN ? kN : g.n();
  static const char* kNames[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};
  const int slot = FinderMemo::kFish + degree - 2;
  // The positions table in a local: the memo's stores would otherwise make the compiler
  // load it again for each digit.
  const Mask* const pos = g.pos_table();
  const int n1 = n + 1;
  FinderMemo* const memo = ctx.memo;
  // The digits to search, listed in one pass: the test in the loop below, next to the
  // search's body, read the memo's and the grid's tables again for each digit.
  Mask live = 0;
  for (int d = 1; d <= n; ++d) {
    if (!(memo && memo->digit_clean(slot, d))) live |= Mask{1} << d;
  }
  for (; live; live &= live - 1) {
    const int d = lowest(live);
    // Rows, then columns as base lines: one body instantiated for each (the two-pass loop
    // around it mispredicted its exit).
    const auto search = [&](auto cols) {
      constexpr bool by_cols = decltype(cols)::value;
      const int base0 = by_cols ? n : 0;   // base lines
      const int cover0 = by_cols ? 0 : n;  // cover lines
      std::array<int, 32> lines;           // written for 0..n - 1 at most, read for 0..m - 1
      std::array<Mask, 32> pm;
      int m = 0;
      for (int i = 0; i < n; ++i) {  // written always, kept by the count (no branch)
        const Mask p = pos[(base0 + i) * n1 + d];
        lines[m] = i;
        pm[m] = p;
        m += static_cast<unsigned>(popcount(p)) - 2 <= degree - 2u;
      }
      // The base sets whose lines cover `degree` columns (rows), in the order of the
      // plain enumeration of index combinations.
      const bool found = tight_subsets_of<degree>(pm.data(), m, [&](const std::array<int, 8>& idx) {
        Mask uni = 0;
        Mask base_set = 0;
        for (int i = 0; i < degree; ++i) {
          uni |= pm[idx[i]];
          base_set |= Mask{1} << lines[idx[i]];
        }
        std::vector<std::pair<int, int>> elims;
        for (Mask x = uni; x; x &= x - 1) {
          const int cover = cover0 + lowest(x);
          const Mask cp = g.pos(cover, d) & ~base_set;
          const int* cells = g.unit(cover);
          for (Mask y = cp; y; y &= y - 1) elims.emplace_back(cells[lowest(y)], d);
        }
        if (elims.empty()) return false;
        out.technique = kNames[degree];
        out.rating = degree == 2 ? 32 : degree == 3 ? 38 : 52;
        out.placements.clear();
        out.eliminations = std::move(elims);
        out.cells.clear();
        for (int i = 0; i < degree; ++i) {
          const int* cells = g.unit(base0 + lines[idx[i]]);
          for (Mask y = pm[idx[i]]; y; y &= y - 1) out.cells.push_back(cells[lowest(y)]);
        }
        if (ctx.explain) {
          std::string s = std::string(out.technique) + " on " + digit_name(g, d) +
                          (by_cols ? " in columns " : " in rows ");
          for (int i = 0; i < degree; ++i) {
            if (i) s += ',';
            s += std::to_string(lines[idx[i]] + 1);
          }
          s += ": " + describe_eliminations(g, out.eliminations);
          out.explanation = std::move(s);
        }
        return true;
      });
      return found;
    };
    if (search(std::false_type{}) || search(std::true_type{})) return true;
    if (memo) memo->set_digit_clean(slot, d);
  }
  return false;
}

}  // namespace

bool find_fish(const Ctx& ctx, int degree, Hint& out) {
  return with_constant_degree<4>(
      ctx.g.n(), degree, [&](auto k, auto width) { return fish_search<k(), width()>(ctx, out); });
}

}  // namespace sudoforge::grader::detail
