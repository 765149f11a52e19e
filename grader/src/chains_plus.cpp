// The basic rules that Sudoku Explainer's "Dynamic Forcing Chains (+)" (9.0) apply inside
// a dynamic chaining (SE: Chaining.getAdvancedPotentials with the rules of its nesting-1
// list), on the grid of the chaining: the candidates of the step minus the "off" ones
// derived so far.
//
// SE tries the rules in this order and keeps every hint of the first rule that has one
// whose pattern needs some removed candidate ("rule parents"); a hint that would exist
// without the chaining is left out (its parents are empty):
//   Locking (pointing and claiming): (box, column), (box, row), (column, box), (row, box),
//     unit pairs in order, digits increasing; parents: the removed places of the digit in
//     the first unit outside the second;
//   Hidden Pair: boxes, columns, rows; digit pairs in SE's order of binary permutations
//     (by the larger digit, then the smaller); parents: the removed candidates of the two
//     digits in the other cells of the unit;
//   Naked Pair: boxes, columns, rows; cell pairs in the same order; parents: the removed
//     candidates of the two cells other than the pair's digits;
//   X-Wing: base columns then base rows, line pairs in that order, digits increasing;
//     parents: the removed places of the digit in the base lines outside the cover lines.
// On boards with extra houses (SukakuExplainer with variants on) generalized
// intersections take the place of Locking, the pairs also walk the extra houses, and a
// naked pair removes its values from every cell that sees both (generalized naked pair).
// As in SE, a member of a pair needs at least two candidates (places), units need enough
// empty cells (SE counts the cells without a value in the step grid) and an X-Wing's digit
// at most n - 4 placed values.
//
// SE keeps a hint's removals in a hash map keyed by cells without a hash of their own, so
// the order in which it queues the removals of one hint is arbitrary; we take them in unit
// order. Only the order of equal-depth nodes can differ, which matters when two nodes of
// one hint lead to the same later node by chains of equal length.
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "chains_plus.h"
#include "chains_nested.h"

namespace sudoforge::grader::detail {
namespace {

// Calls f(a, b) for 0 <= a < b < m in the order of SE's Permutations(2, m): increasing as
// bit masks, so by b, then a.
template <class F>
void se_pairs(int m, F&& f) {
  for (int b = 1; b < m; ++b) {
    for (int a = 0; a < b; ++a) f(a, b);
  }
}

// A hint counts only when its pattern needs a removed candidate, and each rule's parents
// lie in given places (the first unit's places of the digit, the unit's places of the
// pair's values, the pair's cells, the base lines' places of the digit). So only units
// where the chaining removed something can give a hint: the builder skips the others
// before building anything (a chaining often runs dry with most units untouched).
struct Builder {
  const PlusGrid& v;
  PlusHints& out;
  int n;
  // [u]: the values that lost places in unit u (77 units: 25x25 with diagonals); a cell
  // of u lost a candidate exactly when this is not empty. Points to grid.lost or to
  // own_lost.
  const Mask* lost_digits = nullptr;
  Mask own_lost[80] = {};
  int cd(int c, int d) const { return c * n + d - 1; }
  const Mask* pos0(int u) const { return v.upos0 + u * (n + 1); }
  const Mask* pos(int u) const { return v.upos + u * (n + 1); }

  void find_losses() {
    lost_digits = v.lost;
    if (lost_digits) return;
    for (int u = 0; u < v.g->unit_count(); ++u) {
      for (int d = 1; d <= n; ++d) {
        if (pos0(u)[d] != pos(u)[d]) own_lost[u] |= Mask{1} << d;
      }
    }
    lost_digits = own_lost;
  }

  void begin() {
    out.hints.push_back(PlusHints::H{0, static_cast<int>(out.targets.size()), 0,
                                     static_cast<int>(out.parents.size()), 0});
  }
  // Ends the hint: dropped when it removes nothing or needs no removed candidate.
  void end(int kind) {
    PlusHints::H& h = out.hints.back();
    h.kind = kind;
    h.te = static_cast<int>(out.targets.size());
    h.pe = static_cast<int>(out.parents.size());
    if (h.tb == h.te || h.pb == h.pe) {
      out.targets.resize(h.tb);
      out.parents.resize(h.pb);
      out.hints.pop_back();
    }
  }

  void locking() {
    static const int kOrder[4][2] = {{2, 1}, {2, 0}, {1, 2}, {0, 2}};  // 0 rows, 1 cols, 2 boxes
    const CandidateGrid& g = *v.g;
    for (const auto& pair : kOrder) {
      for (int i1 = 0; i1 < n; ++i1) {
        const int r1 = pair[0] * n + i1;
        if (!lost_digits[r1]) continue;
        const int* cells1 = g.unit(r1);
        // SE scans the units r2 of the second type, then the digits d. A hint (r1, r2, d)
        // needs d in two or more places of r1, all inside r2, so r2 is the unit of that
        // type of any of those places: each digit names at most one r2. The (r2, d) pairs
        // are found digit by digit and put back in SE's order (keys r2 * 32 + d, sorted).
        int keys[32], nk = 0;
        // Only a digit that lost places in r1 can have a parent there.
        for (Mask dm = lost_digits[r1]; dm; dm &= dm - 1) {
          const int d = lowest(dm);
          const Mask p1 = pos(r1)[d];
          if (popcount(p1) < 2) continue;
          const int r2 = g.unit_of(cells1[lowest(p1)], pair[1]);
          const Mask in1 = g.inter(r1, r2);
          if (p1 & ~in1) continue;
          if (!(pos0(r1)[d] & ~p1 & ~in1)) continue;  // no parent
          const int key = r2 * 32 + d;
          int j = nk++;
          for (; j > 0 && keys[j - 1] > key; --j) keys[j] = keys[j - 1];
          keys[j] = key;
        }
        for (int j = 0; j < nk; ++j) {
          const int r2 = keys[j] >> 5, d = keys[j] & 31;
          const Mask in1 = g.inter(r1, r2), in2 = g.inter(r2, r1);
          const Mask p1 = pos(r1)[d];
          begin();
          const int* cells2 = g.unit(r2);
          for (Mask m = pos(r2)[d] & ~in2; m; m &= m - 1)
            out.targets.push_back(cd(cells2[lowest(m)], d));
          for (Mask m = pos0(r1)[d] & ~p1 & ~in1; m; m &= m - 1) {
            out.parents.push_back(cd(cells1[lowest(m)], d));
          }
          end(kPlusLocking);
        }
      }
    }
  }

  // Boards with extra houses: generalized intersections in their place (SukakuExplainer
  // with variants on), over every house by SE's region types, then digits, then houses
  // of the type; parents: the removed places of the digit in the house.
  void generalized_locking() {
    const CandidateGrid& g = *v.g;
    const int words = g.set_words();
    std::vector<std::uint64_t> seen(words);
    for (const auto& [first, last] : g.se_types()) {
      for (int d = 1; d <= n; ++d) {
        for (int u = first; u < last; ++u) {
          if (!((lost_digits[u] >> d) & 1)) continue;  // no parent
          const Mask p = pos(u)[d];
          const int count = popcount(p);
          if (count < 2 || count > 6) continue;
          const int* cells = g.unit(u);
          seen_by_all(g, u, p, seen.data());
          begin();
          for (int w = 0; w < words; ++w) {
            for (std::uint64_t b = seen[w]; b; b &= b - 1) {
              const int c = w * 64 + std::countr_zero(b);
              if ((v.cand[c] >> d) & 1) out.targets.push_back(cd(c, d));
            }
          }
          for (Mask x = pos0(u)[d] & ~p; x; x &= x - 1) out.parents.push_back(cd(cells[lowest(x)], d));
          end(kPlusLocking);
        }
      }
    }
  }

  static int se_unit(int n, int k) {  // boxes, columns, rows, then any extra houses
    return k < n ? 2 * n + k : k < 2 * n ? k : k < 3 * n ? k - 2 * n : k;
  }

  void hidden_pair() {
    const CandidateGrid& g = *v.g;
    for (int k = 0; k < g.unit_count(); ++k) {
      const int u = se_unit(n, k);
      if (g.unit_empty(u) <= 4 || !lost_digits[u]) continue;
      const int* cells = g.unit(u);
      // A pair's two digits share exactly two places: only digits with two places can be
      // in one (kept in increasing order, so SE's pair order is kept too).
      int two[32], nt = 0;
      for (int d = 1; d <= n; ++d) {
        if (popcount(pos(u)[d]) == 2) two[nt++] = d;
      }
      se_pairs(nt, [&](int ia, int ib) {
        const int da = two[ia], db = two[ib];
        const Mask pa = pos(u)[da], pb = pos(u)[db];
        if (pa != pb) return;
        if (!((pos0(u)[da] | pos0(u)[db]) & ~(pa | pb))) return;  // no parent
        const Mask set = (Mask{1} << da) | (Mask{1} << db);
        begin();
        for (Mask m = pa | pb; m; m &= m - 1) {
          const int c = cells[lowest(m)];
          for (Mask x = v.cand[c] & ~set; x; x &= x - 1) out.targets.push_back(cd(c, lowest(x)));
        }
        for (int i = 0; i < n; ++i) {
          if (((pa | pb) >> i) & 1) continue;
          const int c = cells[i];
          for (Mask x = v.cand0[c] & set; x; x &= x - 1) out.parents.push_back(cd(c, lowest(x)));
        }
        end(kPlusHiddenPair);
      });
    }
  }

  void naked_pair() {
    const CandidateGrid& g = *v.g;
    for (int k = 0; k < g.unit_count(); ++k) {
      const int u = se_unit(n, k);
      if (g.unit_empty(u) < 4 || !lost_digits[u]) continue;
      const int* cells = g.unit(u);
      // Only cells with two candidates can make a pair (in unit order, as SE's pairs).
      int two[32], nt = 0;
      for (int i = 0; i < n; ++i) {
        if (popcount(v.cand[cells[i]]) == 2) two[nt++] = i;
      }
      se_pairs(nt, [&](int ia, int ib) {
        const int a = two[ia], b = two[ib];
        const Mask ca = v.cand[cells[a]], cb = v.cand[cells[b]];
        if (ca != cb) return;
        if (v.cand0[cells[a]] == ca && v.cand0[cells[b]] == cb) return;  // no parent
        const Mask set = ca | cb;
        begin();
        if (g.has_extra_houses()) {
          // SukakuExplainer's generalized naked pair: every cell that sees both.
          const std::uint64_t *pa = g.peer_set(cells[a]), *pb = g.peer_set(cells[b]);
          for (int w = 0; w < g.set_words(); ++w) {
            for (std::uint64_t m = pa[w] & pb[w]; m; m &= m - 1) {
              const int q = w * 64 + std::countr_zero(m);
              for (Mask x = v.cand[q] & set; x; x &= x - 1) out.targets.push_back(cd(q, lowest(x)));
            }
          }
        } else {
          for (int i = 0; i < n; ++i) {
            if (i == a || i == b) continue;
            for (Mask x = v.cand[cells[i]] & set; x; x &= x - 1)
              out.targets.push_back(cd(cells[i], lowest(x)));
          }
        }
        for (int c : {cells[a], cells[b]}) {
          for (Mask x = v.cand0[c] & ~set; x; x &= x - 1) out.parents.push_back(cd(c, lowest(x)));
        }
        end(kPlusNakedPair);
      });
    }
  }

  void x_wing() {
    const CandidateGrid& g = *v.g;
    for (int by_rows = 0; by_rows < 2; ++by_rows) {
      const int base0 = by_rows ? 0 : n, cover0 = by_rows ? n : 0;  // columns first
      // [line]: the digits with exactly two places there (a wing's lines share them).
      Mask two[32] = {};
      for (int a = 0; a < n; ++a) {
        for (int d = 1; d <= n; ++d) {
          if (popcount(pos(base0 + a)[d]) == 2) two[a] |= Mask{1} << d;
        }
      }
      se_pairs(n, [&](int a, int b) {
        const Mask base_set = (Mask{1} << a) | (Mask{1} << b);
        for (Mask dm = two[a] & two[b] & (lost_digits[base0 + a] | lost_digits[base0 + b]); dm; dm &= dm - 1) {
          const int d = lowest(dm);
          if (v.placed[d] + 4 > n) continue;
          const Mask pa = pos(base0 + a)[d], pb = pos(base0 + b)[d];
          if (pa != pb) continue;
          if (!((pos0(base0 + a)[d] & ~pa & ~(pa | pb)) | (pos0(base0 + b)[d] & ~pb & ~(pa | pb)))) {
            continue;  // no parent
          }
          begin();
          for (Mask m = pa | pb; m; m &= m - 1) {
            const int cover = cover0 + lowest(m);
            const int* cells = g.unit(cover);
            for (Mask x = pos(cover)[d] & ~base_set; x; x &= x - 1)
              out.targets.push_back(cd(cells[lowest(x)], d));
          }
          for (const int line : {a, b}) {
            const int base = base0 + line;
            const int* cells = g.unit(base);
            for (Mask x = pos0(base)[d] & ~pos(base)[d] & ~(pa | pb); x; x &= x - 1) {
              out.parents.push_back(cd(cells[lowest(x)], d));
            }
          }
          end(kPlusXWing);
        }
      });
    }
  }
};

}  // namespace

void find_plus_hints(const PlusGrid& view, PlusHints& out, int nesting) {
  out.hints.clear();
  out.targets.clear();
  out.parents.clear();
  Builder b{view, out, view.g->n()};
  b.find_losses();
  if (view.g->has_extra_houses()) {
    b.generalized_locking();
  } else {
    b.locking();
  }
  if (!out.hints.empty()) return;
  b.hidden_pair();
  if (!out.hints.empty()) return;
  b.naked_pair();
  if (!out.hints.empty()) return;
  b.x_wing();
  if (!out.hints.empty() || nesting < 2) return;
  find_nested_chain_hints(view, nesting, out);
}

const PlusHints& PlusHintsMemo::find(const PlusGrid& grid, int nesting) {
  // The key is built in a kept buffer; a miss copies it first (the search may come back
  // here).
  key_.assign(reinterpret_cast<const char*>(grid.cand),
              sizeof(Mask) * static_cast<size_t>(grid.g->cell_count()));
  auto it = memo_.find(key_);
  if (it == memo_.end()) {
    std::string key = key_;
    find_plus_hints(grid, scratch_, nesting);
    it = memo_.emplace(std::move(key), scratch_).first;
  }
  return it->second;
}

const char* plus_rule_name(int kind) {
  static const char* kNames[kPlusRuleCount] = {"Locked Candidates",
                                               "Hidden Pair",
                                               "Naked Pair",
                                               "X-Wing",
                                               "Forcing Chains",
                                               "Multiple Forcing Chains",
                                               "Dynamic Forcing Chains",
                                               "Dynamic Forcing Chains (+ Forcing Chains)"};
  return kNames[kind];
}

}  // namespace sudoforge::grader::detail
