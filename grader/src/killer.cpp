// Killer techniques: the cage rungs of the killer ladder (finders.h lists their ratings).
// Each reads the cages of the board (Geometry::cages) and the candidates; a cage's
// "combinations" are the digit sets of its size and sum (cage_digit_sets) that hold the
// digits already placed in it.
#include "sudoforge/core/killer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "finder_memo.h"
#include "finders.h"
#include "stop_poll.h"

namespace sudoforge::grader::detail {
namespace {

// A few values kept in place (no allocation: the finders build these at every step for
// every cage): at most `Capacity`.
template <class T, int Capacity>
struct SmallList {
  std::array<T, Capacity> at;
  int count = 0;
  void push_back(T x) { at[count++] = x; }
  int size() const { return count; }
  bool empty() const { return count == 0; }
  const T& operator[](int i) const { return at[i]; }
  const T* begin() const { return at.data(); }
  const T* end() const { return at.data() + count; }
};

// The digit sets of a cage of up to 9 cells: at most C(9, 4) = 126 of a size and sum.
using Combos = SmallList<Mask, 126>;

// A cage in the current grid: its placed digits and empty cells.
struct CageView {
  const Cage* cage = nullptr;
  Mask placed = 0;  // digits placed in it (grader bits: bit d for digit d)
  int placed_sum = 0;
  SmallList<int, kMaxKillerSize> empty;
  Mask uni = 0;  // union of the empty cells' candidates
};

CageView view_of(const CandidateGrid& g, const Cage& cage) {
  CageView v;
  v.cage = &cage;
  for (int c : cage.cells) {
    if (g.value(c)) {
      v.placed |= Mask{1} << g.value(c);
      v.placed_sum += g.value(c);
    } else {
      v.empty.push_back(c);
      v.uni |= g.cand(c);
    }
  }
  return v;
}

// The digits still to place of each combination that holds the placed digits and whose
// other digits all appear among the empty cells' candidates.
Combos open_combinations(const CandidateGrid& g, const CageView& v) {
  Combos out;
  const int size = static_cast<int>(v.cage->cells.size());
  for (std::uint32_t set : cage_digit_sets(g.n(), size, v.cage->sum)) {
    const Mask c = static_cast<Mask>(set) << 1;
    if ((c & v.placed) != v.placed) continue;
    const Mask rest = c & ~v.placed;
    if (popcount(rest) != v.empty.size() || (rest & ~v.uni)) continue;
    out.push_back(rest);
  }
  return out;
}

// Which digit each cell takes in some assignment of the digits of `rest` to the cells, one
// digit per cell, each among the cell's candidates (digits of a board up to 9x9: masks
// below 1024).
class Matcher {
 public:
  // Adds to allowed[i] the digits cell i takes in some assignment; returns whether there
  // is any.
  bool run(const Mask* cand, int k, Mask rest, Mask* allowed) {
    cand_ = cand;
    k_ = k;
    rest_ = rest;
    allowed_ = allowed;
    // A new generation marks every memo entry stale without clearing them.
    if (++generation_ == kGenerations) {
      std::memset(memo_, 0, sizeof memo_);
      generation_ = 1;
    }
    return go(0);
  }

 private:
  bool go(Mask used) {
    const int i = popcount(used);
    if (i == k_) return true;
    std::uint32_t& m = memo_[used];
    if (m >> 1 == generation_) return (m & 1u) != 0;
    bool any = false;
    for (Mask x = cand_[i] & rest_ & ~used; x; x &= x - 1) {
      const Mask b = x & (~x + 1);
      if (go(used | b)) {
        allowed_[i] |= b;
        any = true;
      }
    }
    m = generation_ << 1 | (any ? 1u : 0u);
    return any;
  }
  const Mask* cand_ = nullptr;
  Mask* allowed_ = nullptr;
  Mask rest_ = 0;
  int k_ = 0;
  static constexpr std::uint32_t kGenerations = 1u << 31;
  std::uint32_t generation_ = 0;
  std::uint32_t memo_[1024] = {};  // generation << 1 | whether `used` can be completed
};

std::string digits_of(const CandidateGrid& g, Mask m) {
  std::string s;
  for (Mask x = m; x; x &= x - 1) s += digit_name(g, lowest(x));
  return s;
}

std::string combos_text(const CandidateGrid& g, const Combos& combos, Mask placed) {
  std::string s;
  for (int i = 0; i < combos.size(); ++i) {
    if (i) s += ", ";
    s += digits_of(g, combos[i] | placed);
  }
  return s;
}

std::string cage_name(const CandidateGrid& g, const Cage& cage) {
  return "cage " + std::to_string(cage.sum) + " at " + g.cell_name(cage.cells.front());
}

// The eliminations that leave each empty cell of v only the digits of allowed[i].
void eliminate_outside(const CandidateGrid& g, const CageView& v, const Mask* allowed, Hint& out) {
  for (int i = 0; i < v.empty.size(); ++i) {
    for (Mask x = g.cand(v.empty[i]) & ~allowed[i]; x; x &= x - 1) {
      out.eliminations.emplace_back(v.empty[i], lowest(x));
    }
  }
}

// The combinations of `combos` that some assignment fits (the others are dropped), and
// each empty cell's digits in those assignments.
Combos fitting(const CandidateGrid& g, const CageView& v, const Combos& combos, Mask* allowed) {
  static thread_local Matcher matcher;
  std::array<Mask, 9> cand{};
  const int k = v.empty.size();
  for (int i = 0; i < k; ++i) {
    cand[i] = g.cand(v.empty[i]);
    allowed[i] = 0;
  }
  Combos kept;
  for (Mask rest : combos) {
    if (matcher.run(cand.data(), k, rest, allowed)) kept.push_back(rest);
  }
  return kept;
}

void finish(const CageView& v, const char* technique, int rating, Hint& out) {
  out.technique = technique;
  out.rating = rating;
  out.cells = v.cage->cells;
}

// A set of cells of a killer board (at most 9x9: two words).
using CellSet = std::array<std::uint64_t, 2>;
static_assert(kMaxKillerSize * kMaxKillerSize <= 128);

void add_cell(CellSet& set, int c) { set[c >> 6] |= std::uint64_t{1} << (c & 63); }

int count_in(const CellSet& a, const CellSet& b) {
  return std::popcount(a[0] & b[0]) + std::popcount(a[1] & b[1]);
}

// A region for the 45 rule: houses of one kind, whose cells hold each digit once per
// house, so sum to houses * n(n+1)/2. One house (any unit), or several consecutive rows
// or columns, or boxes side by side in a band or stacked in a stack; its name is made
// from the houses (region_name) only when a step is explained.
using Region = std::span<const int>;

// Appends the houses of the regions, in order, to `houses`, and where each region ends to
// `ends`.
void regions_45(const CandidateGrid& g, bool multi, std::vector<int>& houses,
                std::vector<std::size_t>& ends) {
  const Geometry& geo = g.geo();
  const int n = g.n();
  auto add = [&](int first, int len, int step) {
    for (int i = 0; i < len; ++i) houses.push_back(first + i * step);
    ends.push_back(houses.size());
  };
  if (!multi) {
    for (int u = 0; u < g.unit_count(); ++u) add(u, 1, 1);
    return;
  }
  for (int base : {0, n}) {
    for (int len = 2; len <= n - 1; ++len) {
      for (int first = 0; first + len <= n; ++first) add(base + first, len, 1);
    }
  }
  if (geo.has_boxes()) {
    // Boxes side by side in a band or stacked in a stack (fewer than all of them: the
    // whole band is rows already).
    const int across = n / geo.box_cols(), down = n / geo.box_rows();
    for (int band = 0; band < down; ++band) {
      for (int len = 2; len < across; ++len) {
        for (int first = 0; first + len <= across; ++first) {
          add(2 * n + band * across + first, len, 1);
        }
      }
    }
    for (int stack = 0; stack < across; ++stack) {
      for (int len = 2; len < down; ++len) {
        for (int first = 0; first + len <= down; ++first) {
          add(2 * n + first * across + stack, len, across);
        }
      }
    }
  }
}

// "row 4" (one house: its unit's name), "rows 2-4", "columns 1-2", "boxes 1,2".
std::string region_name(const CandidateGrid& g, Region region) {
  const int n = g.n();
  if (region.size() == 1) return g.unit_name(region.front());
  const int first = region.front();
  if (first >= 2 * n) {
    std::string name = "boxes";
    for (std::size_t i = 0; i < region.size(); ++i) {
      name += (i ? "," : " ") + std::to_string(region[i] - 2 * n + 1);
    }
    return name;
  }
  const int base = first < n ? 0 : n;
  return std::string(first < n ? "rows" : "columns") + " " + std::to_string(first - base + 1) +
         "-" + std::to_string(region.back() - base + 1);
}

// A region's innies (cells inside it of the cages partly inside) and outies (their
// cells outside), as sets, with the sums of the cages wholly (whole) and partly (partial)
// inside. They depend on the cages only.
struct Split45 {
  Region region;
  int total = 0, whole = 0, partial = 0;
  CellSet in{}, out{};
};

// The splits of the 45-rule regions of one house (one = true) or several, in
// regions_45's order, of one board with cages: the finder asks at every step of a
// puzzle, so they are made once per board (for the last board graded on this thread),
// the several-house ones only when first asked for (easy puzzles never are). The
// regions' houses are held in one flat list that keeps its memory from board to board.
struct Splits45 {
  std::optional<Geometry> board;
  std::vector<Split45> splits;
  std::vector<int> houses;
  std::vector<std::size_t> ends;
  std::vector<CellSet> house_cells, cage_cells;
  std::vector<CellSet> house_cages;  // per house, the indices of the cages it meets
};

void build_splits(const CandidateGrid& g, bool multi, Splits45& c) {
  const Geometry& geo = g.geo();
  const int n = g.n();
  const auto cages = geo.cages();
  c.houses.clear();
  c.ends.clear();
  regions_45(g, multi, c.houses, c.ends);
  c.house_cells.assign(static_cast<std::size_t>(geo.house_count()), CellSet{});
  c.house_cages.assign(static_cast<std::size_t>(geo.house_count()), CellSet{});
  for (int h = 0; h < geo.house_count(); ++h) {
    for (int q : geo.house(h)) {
      add_cell(c.house_cells[h], q);
      add_cell(c.house_cages[h], geo.cage_of(q));  // at most 81 cages: a cell set fits
    }
  }
  c.cage_cells.assign(cages.size(), CellSet{});
  for (std::size_t k = 0; k < cages.size(); ++k) {
    for (int q : cages[k].cells) add_cell(c.cage_cells[k], q);
  }
  c.splits.assign(c.ends.size(), Split45{});
  std::size_t begin = 0;
  for (std::size_t r = 0; r < c.ends.size(); ++r) {
    Split45& s = c.splits[r];
    s.region = Region(c.houses.data() + begin, c.ends[r] - begin);
    begin = c.ends[r];
    CellSet inside{}, met{};
    for (int h : s.region) {
      inside[0] |= c.house_cells[h][0];
      inside[1] |= c.house_cells[h][1];
      met[0] |= c.house_cages[h][0];
      met[1] |= c.house_cages[h][1];
    }
    s.total = static_cast<int>(s.region.size()) * n * (n + 1) / 2;
    for (int w = 0; w < 2; ++w) {
      for (std::uint64_t x = met[w]; x; x &= x - 1) {
        const int k = 64 * w + std::countr_zero(x);
        const CellSet& m = c.cage_cells[k];
        const CellSet in{m[0] & inside[0], m[1] & inside[1]};
        const CellSet out{m[0] & ~inside[0], m[1] & ~inside[1]};
        if (!(out[0] | out[1])) {
          s.whole += cages[k].sum;
          continue;
        }
        s.partial += cages[k].sum;
        s.in[0] |= in[0];
        s.in[1] |= in[1];
        s.out[0] |= out[0];
        s.out[1] |= out[1];
      }
    }
  }
}

const std::vector<Split45>& splits_45(const CandidateGrid& g, bool multi) {
  static thread_local Splits45 cache[2];
  Splits45& c = cache[multi ? 1 : 0];
  if (!c.board || !(*c.board == g.geo())) {
    build_splits(g, multi, c);
    c.board = g.geo();
  }
  return c.splits;
}

// The 45 rule on one region: the innies and outies have known sums. Finds a one-cell
// placement (pairs = false) or eliminations from a two-cell sum (pairs = true).
// `empty_cells` holds the grid's empty cells.
bool innies_outies(const CandidateGrid& g, const Split45& split, const CellSet& empty_cells,
                   bool pairs, int rating, const char* technique, bool explain, Hint& out) {
  const int n = g.n();
  const int want = pairs ? 2 : 1;
  const int in_sum = split.total - split.whole;  // of all innies
  const int out_sum = split.partial - in_sum;    // of all outies
  for (int side = 0; side < 2; ++side) {
    const CellSet& set = side == 0 ? split.in : split.out;
    // Most sides have another number of empty cells: counted on the sets first.
    if (count_in(set, empty_cells) != want) continue;
    // The side's placed sum and its empty cells in the order the region's houses and
    // cells meet their cages (each cage's cells in its order).
    int placed = 0;
    for (int w = 0; w < 2; ++w) {
      for (std::uint64_t x = set[w] & ~empty_cells[w]; x; x &= x - 1) {
        placed += g.value(64 * w + std::countr_zero(x));
      }
    }
    int cells[2] = {-1, -1};
    int found = 0;
    CellSet seen{};  // cages met, by index
    for (int h : split.region) {
      for (int q : g.geo().house(h)) {
        const int k = g.geo().cage_of(q);
        if (seen[k >> 6] >> (k & 63) & 1) continue;
        add_cell(seen, k);
        for (int x : g.geo().cages()[k].cells) {
          if (found < want && (set[x >> 6] & empty_cells[x >> 6]) >> (x & 63) & 1) {
            cells[found++] = x;
          }
        }
      }
    }
    const int target = (side == 0 ? in_sum : out_sum) - placed;
    const char* what = side == 0 ? "innie" : "outie";
    // The arithmetic in words: "45 - 38", with the placed cells' sum taken off.
    auto sum_text = [&]() {
      std::string s;
      if (side == 0) {
        s = std::to_string(split.total) + " - " + std::to_string(split.whole);
      } else {
        s = std::to_string(split.partial) + " - " + std::to_string(in_sum);
      }
      if (placed) s += " - " + std::to_string(placed);
      return s + " = " + std::to_string(target);
    };
    if (!pairs) {
      if (target < 1 || target > n) continue;
      const int c = cells[0];
      out.technique = technique;
      out.rating = rating;
      out.placements = {{c, target}};
      out.cells = {c};
      if (explain) {
        out.explanation = std::string(what) + " " + g.cell_name(c) + " = " + sum_text() + " (" +
                          region_name(g, split.region) + ")";
      }
      return true;
    }
    const int a = cells[0], b = cells[1];
    const bool apart = !g.sees(a, b);
    for (int pass = 0; pass < 2; ++pass) {
      const int x = pass == 0 ? a : b, y = pass == 0 ? b : a;
      for (Mask m = g.cand(x); m; m &= m - 1) {
        const int d = lowest(m), e = target - d;
        const bool ok = e >= 1 && e <= n && g.has(y, e) && (e != d || apart);
        if (!ok) out.eliminations.emplace_back(x, d);
      }
    }
    if (out.eliminations.empty()) continue;
    out.technique = technique;
    out.rating = rating;
    out.cells = {a, b};
    if (explain) {
      out.explanation = std::string(what) + "s " + g.cell_name(a) + "+" + g.cell_name(b) + " = " +
                        sum_text() + " (" + region_name(g, split.region) +
                        "): " + describe_eliminations(g, out.eliminations);
    }
    return true;
  }
  return false;
}

}  // namespace

bool find_cage_sum(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  for (const Cage& cage : g.geo().cages()) {
    // Most cages have two empty cells or more: counted before the view is made.
    int empty = 0;
    for (int q : cage.cells) {
      if (g.value(q) == 0 && ++empty > 1) break;
    }
    if (empty != 1) continue;
    const CageView v = view_of(g, cage);
    const int d = cage.sum - v.placed_sum, c = v.empty[0];
    if (d < 1 || d > g.n()) continue;
    finish(v, "Cage Sum", 10, out);
    out.placements = {{c, d}};
    if (ctx.explain && cage.cells.size() == 1) {
      out.explanation = g.cell_name(c) + " = " + std::to_string(d) + ": a cage of one cell";
    } else if (ctx.explain) {
      out.explanation = g.cell_name(c) + " = " + std::to_string(cage.sum) + " - " +
                        std::to_string(v.placed_sum) + " = " + std::to_string(d) +
                        ": last cell of " + cage_name(g, cage);
    }
    return true;
  }
  return false;
}

bool find_cage_combinations(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const auto cages = g.geo().cages();
  for (std::size_t k = 0; k < cages.size(); ++k) {
    const Cage& cage = cages[k];
    constexpr int kSlot = FinderMemo::kCageCombinations;
    if (ctx.memo && ctx.memo->cage_clean(kSlot, static_cast<int>(k), cage.cells)) continue;
    auto clean = [&] {
      if (ctx.memo) ctx.memo->set_cage_clean(kSlot, static_cast<int>(k));
    };
    const CageView v = view_of(g, cage);
    if (v.empty.empty()) {
      clean();
      continue;
    }
    const auto combos = open_combinations(g, v);
    Mask any = 0;
    for (Mask rest : combos) any |= rest;
    if (!(v.uni & ~any)) {  // nothing to eliminate
      clean();
      continue;
    }
    std::array<Mask, 9> allowed;
    allowed.fill(any);
    eliminate_outside(g, v, allowed.data(), out);
    if (out.eliminations.empty()) {
      clean();
      continue;
    }
    finish(v, "Cage Combinations", 13, out);
    if (ctx.explain) {
      out.explanation = cage_name(g, cage) + " (" + std::to_string(cage.cells.size()) +
                        " cells) takes " + combos_text(g, combos, v.placed) + ": " +
                        describe_eliminations(g, out.eliminations);
    }
    return true;
  }
  return false;
}

bool find_innies_outies(const Ctx& ctx, bool multi, bool pairs, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const char* technique = pairs   ? "Innie/Outie Pair"
                          : multi ? "Multi-House Innie/Outie"
                                  : "Innie/Outie";
  const int rating = pairs ? (multi ? 27 : 25) : (multi ? 20 : 14);
  CellSet empty_cells{};
  for (int c = 0; c < g.cell_count(); ++c) {
    if (!g.value(c)) add_cell(empty_cells, c);
  }
  for (const Split45& split : splits_45(g, multi)) {
    if (innies_outies(g, split, empty_cells, pairs, rating, technique, ctx.explain, out)) {
      return true;
    }
  }
  if (pairs && !multi) return find_innies_outies(ctx, true, true, out);
  return false;
}

bool find_cage_house_overlap(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  for (const Cage& cage : g.geo().cages()) {
    const CageView v = view_of(g, cage);
    if (v.empty.size() < 2) continue;
    const auto combos = open_combinations(g, v);
    if (combos.empty()) continue;
    Mask needed = g.all_digits();
    for (Mask rest : combos) needed &= rest;
    for (Mask x = needed; x; x &= x - 1) {
      const int d = lowest(x);
      std::vector<int> holders;
      for (int c : v.empty) {
        if (g.has(c, d)) holders.push_back(c);
      }
      if (holders.empty()) continue;
      for (int k = 0; k < g.units_per_cell(); ++k) {
        const int u = g.unit_of(holders[0], k);
        if (u >= g.unit_count()) continue;
        bool all = true;
        for (int c : holders) all = all && g.index_in(u, c) != 255;
        if (!all) continue;
        for (Mask p = g.pos(u, d); p; p &= p - 1) {
          const int c = g.unit(u)[lowest(p)];
          if (g.geo().cage_of(c) != g.geo().cage_of(cage.cells.front()))
            out.eliminations.emplace_back(c, d);
        }
        if (out.eliminations.empty()) continue;
        finish(v, "Cage/House Overlap", 22, out);
        if (ctx.explain) {
          out.explanation = cage_name(g, cage) + " needs " + digit_name(g, d) +
                            " (every combination: " + combos_text(g, combos, v.placed) +
                            "), only in " + g.unit_name(u) + ": " +
                            describe_eliminations(g, out.eliminations);
        }
        return true;
      }
    }
  }
  return false;
}

bool find_naked_cage_combination(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  for (const Cage& cage : g.geo().cages()) {
    const CageView v = view_of(g, cage);
    if (v.empty.size() < 2) continue;
    const auto combos = open_combinations(g, v);
    std::array<Mask, 9> allowed{};
    const auto kept = fitting(g, v, combos, allowed.data());
    eliminate_outside(g, v, allowed.data(), out);
    if (out.eliminations.empty()) continue;
    finish(v, "Naked Cage Combination", 28, out);
    if (ctx.explain) {
      Combos dropped;
      for (Mask rest : combos) {
        if (std::find(kept.begin(), kept.end(), rest) == kept.end()) dropped.push_back(rest);
      }
      out.explanation = cage_name(g, cage) + ": the candidates fit " +
                        combos_text(g, kept, v.placed) +
                        (dropped.empty() ? std::string(" in fewer places")
                                         : " but not " + combos_text(g, dropped, v.placed)) +
                        ": " + describe_eliminations(g, out.eliminations);
    }
    return true;
  }
  return false;
}

bool find_hidden_cage_combination(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const Geometry& geo = g.geo();
  for (const Cage& cage : geo.cages()) {
    const CageView v = view_of(g, cage);
    if (v.empty.size() < 2) continue;
    const int id = geo.cage_of(cage.cells.front());
    const auto combos = open_combinations(g, v);
    // Digits some house holds only in this cage: every combination must have them.
    for (int u = 0; u < g.unit_count(); ++u) {
      Mask forced = 0;
      for (int d = 1; d <= g.n(); ++d) {
        const Mask p = g.pos(u, d);
        if (!p || (v.placed >> d & 1u)) continue;
        bool all_in = true;
        for (Mask x = p; x; x &= x - 1) all_in = all_in && geo.cage_of(g.unit(u)[lowest(x)]) == id;
        if (all_in) forced |= Mask{1} << d;
      }
      if (!forced) continue;
      Combos with;
      for (Mask rest : combos) {
        if ((rest & forced) == forced) with.push_back(rest);
      }
      if (with.size() == combos.size()) continue;
      std::array<Mask, 9> allowed{};
      const auto kept = fitting(g, v, with, allowed.data());
      eliminate_outside(g, v, allowed.data(), out);
      if (out.eliminations.empty()) continue;
      finish(v, "Hidden Cage Combination", 32, out);
      if (ctx.explain) {
        out.explanation = "in " + g.unit_name(u) + ", " + digits_of(g, forced) + " only in " +
                          cage_name(g, cage) + ", which so takes " +
                          combos_text(g, kept, v.placed) + ": " +
                          describe_eliminations(g, out.eliminations);
      }
      return true;
    }
  }
  return false;
}

bool find_combination_clash(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const Geometry& geo = g.geo();
  const auto cages = geo.cages();
  // Cages wholly inside one house hold disjoint digits: a combination of one that meets
  // every fitting combination of the other is dropped.
  for (int u = 0; u < g.unit_count(); ++u) {
    std::vector<int> within;
    for (int i = 0; i < g.n(); ++i) {
      const int k = geo.cage_of(g.unit(u)[i]);
      if (std::find(within.begin(), within.end(), k) != within.end()) continue;
      bool all = true;
      for (int c : cages[k].cells) all = all && g.index_in(u, c) != 255;
      if (all) within.push_back(k);
    }
    for (int a : within) {
      const CageView va = view_of(g, cages[a]);
      if (va.empty.empty()) continue;
      std::array<Mask, 9> scratch{};
      const auto fit_a = fitting(g, va, open_combinations(g, va), scratch.data());
      for (int b : within) {
        if (b == a) continue;
        const CageView vb = view_of(g, cages[b]);
        const auto fit_b = fitting(g, vb, open_combinations(g, vb), scratch.data());
        Combos kept;
        for (Mask ra : fit_a) {
          const Mask all_a = ra | va.placed;
          for (Mask rb : fit_b) {
            if (!(all_a & (rb | vb.placed))) {
              kept.push_back(ra);
              break;
            }
          }
        }
        if (kept.size() == fit_a.size()) continue;
        std::array<Mask, 9> allowed{};
        fitting(g, va, kept, allowed.data());
        eliminate_outside(g, va, allowed.data(), out);
        if (out.eliminations.empty()) continue;
        finish(va, "Combination Clash", 36, out);
        out.cells.insert(out.cells.end(), cages[b].cells.begin(), cages[b].cells.end());
        if (ctx.explain) {
          out.explanation = "in " + g.unit_name(u) + ", " + cage_name(g, cages[b]) + " (" +
                            combos_text(g, fit_b, vb.placed) + ") leaves " +
                            cage_name(g, cages[a]) + " only " + combos_text(g, kept, va.placed) +
                            ": " + describe_eliminations(g, out.eliminations);
        }
        return true;
      }
    }
  }
  return false;
}

}  // namespace sudoforge::grader::detail

namespace sudoforge::grader::detail {
namespace {

// Candidates under an assumption, narrowed by the killer rules until nothing changes:
// a cell's last digit leaves its peers (houses and cage mates), a house's last place for
// a digit takes it, and each cage keeps the digits of the assignments of its
// combinations that fit. Returns false on a contradiction (a cell, house digit or cage
// left without a possibility).
bool propagate(const CandidateGrid& g, std::vector<Mask>& cand) {
  const Geometry& geo = g.geo();
  const int n = g.n(), nc = g.cell_count();
  static thread_local Matcher matcher;
  // Each cage's candidates when last matched: a cage none of whose cells changed since
  // keeps what the matching left (the rules only remove candidates, so skipping it
  // changes neither the result nor whether there is a contradiction).
  const auto cages = geo.cages();
  static thread_local std::vector<std::array<Mask, 9>> matched;
  matched.assign(cages.size(), std::array<Mask, 9>{});
  for (bool changed = true; changed;) {
    changed = false;
    for (int c = 0; c < nc; ++c) {
      if (cand[c] == 0) return false;
      if (popcount(cand[c]) != 1) continue;
      for (int p : geo.peers(c)) {
        if (cand[p] & cand[c]) {
          cand[p] &= ~cand[c];
          if (cand[p] == 0) return false;
          changed = true;
        }
      }
    }
    for (int u = 0; u < g.unit_count(); ++u) {
      const int* cells = g.unit(u);
      for (int d = 1; d <= n; ++d) {
        const Mask bit = Mask{1} << d;
        int count = 0, at = -1;
        for (int i = 0; i < n && count < 2; ++i) {
          if (cand[cells[i]] & bit) {
            ++count;
            at = cells[i];
          }
        }
        if (count == 0) return false;
        if (count == 1 && cand[at] != bit) {
          cand[at] = bit;
          changed = true;
        }
      }
    }
    for (std::size_t j = 0; j < cages.size(); ++j) {
      const Cage& cage = cages[j];
      const int k = static_cast<int>(cage.cells.size());
      std::array<Mask, 9> cc{}, allowed{};
      for (int i = 0; i < k; ++i) cc[i] = cand[cage.cells[i]];
      if (cc == matched[j]) continue;
      Mask uni = 0;
      for (int i = 0; i < k; ++i) uni |= cc[i];
      bool any = false;
      for (std::uint32_t set : cage_digit_sets(n, k, cage.sum)) {
        // A set with a digit no cell can take has no assignment: no need to search it.
        const Mask digits = static_cast<Mask>(set) << 1;
        if (digits & ~uni) continue;
        any = matcher.run(cc.data(), k, digits, allowed.data()) || any;
      }
      if (!any) return false;
      for (int i = 0; i < k; ++i) {
        if (cc[i] & ~allowed[i]) {
          cand[cage.cells[i]] = cc[i] & allowed[i];
          changed = true;
        }
        matched[j][i] = cc[i] & allowed[i];
      }
    }
  }
  return true;
}

// propagate() with, at level > 1, the removal of every candidate whose assumption fails at
// the level below, until nothing changes. The rules only remove candidates, so the
// result does not depend on the order they are tried in. Returns false on a
// contradiction. At level L a board of fewer than L empty cells without a solution always
// ends in one, so a level high enough finishes any puzzle.
bool propagate_at(const CandidateGrid& g, std::vector<Mask>& cand, int level);

// Whether assuming `d` in `c` (a candidate of `cand`) ends in a contradiction at `level`.
bool assumption_fails(const CandidateGrid& g, const std::vector<Mask>& cand, int c, int d,
                      int level) {
  std::vector<Mask> trial = cand;
  trial[c] = Mask{1} << d;
  return !propagate_at(g, trial, level);
}

bool propagate_at(const CandidateGrid& g, std::vector<Mask>& cand, int level) {
  if (level <= 1) return propagate(g, cand);
  const int nc = g.cell_count();
  for (bool changed = true; changed;) {
    poll_stop();
    if (!propagate_at(g, cand, level - 1)) return false;
    changed = false;
    for (int c = 0; c < nc; ++c) {
      if (popcount(cand[c]) < 2) continue;
      for (Mask x = cand[c]; x; x &= x - 1) {
        if (!assumption_fails(g, cand, c, lowest(x), level - 1)) continue;
        cand[c] &= ~(x & (~x + 1));
        changed = true;
      }
      if (cand[c] == 0) return false;
    }
  }
  return true;
}

// The words for what the propagation at `level` uses.
std::string propagation_words(int level) {
  if (level <= 1) return "singles and cage combinations";
  if (level == 2) return "singles, cage combinations and cage forcing chains";
  return "singles, cage combinations and cage forcing chains nested " + std::to_string(level - 1) +
         " deep";
}

// Eliminates from `out` every candidate of g that no branch kept (`either`: the union of
// the branches' candidates).
void eliminate_unkept(const CandidateGrid& g, const std::vector<Mask>& either, Hint& out) {
  for (int q = 0; q < g.cell_count(); ++q) {
    if (g.value(q)) continue;
    for (Mask y = g.cand(q) & ~either[q]; y; y &= y - 1)
      out.eliminations.emplace_back(q, lowest(y));
  }
}

}  // namespace

bool find_cage_forcing_chains(const Ctx& ctx, int level, Hint& out) {
  const CandidateGrid& g = ctx.g;
  const int nc = g.cell_count();
  const bool nested = level > 1;
  // Level L rates 9.0 + 0.5 (L - 1), as SE's nested levels rise by 0.5; the forcing
  // chains that need no contradiction 0.3 above.
  const int rating = 90 + 5 * (level - 1);
  const std::string words = propagation_words(level);
  std::vector<Mask> base(nc);
  for (int c = 0; c < nc; ++c) base[c] = g.value(c) ? Mask{1} << g.value(c) : g.cand(c);
  // Cells with fewest candidates first: their assumptions are the likeliest to fail.
  for (int size = 2; size <= g.n(); ++size) {
    for (int c = 0; c < nc; ++c) {
      if (g.value(c) || popcount(g.cand(c)) != size) continue;
      for (Mask x = g.cand(c); x; x &= x - 1) {
        const int d = lowest(x);
        if (!assumption_fails(g, base, c, d, level)) continue;
        out.technique = nested ? "Nested Cage Forcing Chains" : "Cage Forcing Chains";
        out.rating = rating;
        out.eliminations = {{c, d}};
        out.cells = {c};
        if (ctx.explain) {
          out.explanation = g.cell_name(c) + "<>" + digit_name(g, d) + ": " + g.cell_name(c) + "=" +
                            digit_name(g, d) + " leads, by " + words + ", to a contradiction";
        }
        return true;
      }
    }
  }
  // No assumption fails: a cell whose every candidate, propagated, removes the same
  // candidate elsewhere (each branch is consistent, so one of them holds).
  std::vector<Mask> either(nc);
  for (int c = 0; c < nc; ++c) {
    if (g.value(c)) continue;
    std::fill(either.begin(), either.end(), Mask{0});
    for (Mask x = g.cand(c); x; x &= x - 1) {
      std::vector<Mask> cand = base;
      cand[c] = Mask{1} << lowest(x);
      propagate_at(g, cand, level);
      for (int q = 0; q < nc; ++q) either[q] |= cand[q];
    }
    eliminate_unkept(g, either, out);
    if (out.eliminations.empty()) continue;
    out.technique = nested ? "Nested Cage Cell Forcing Chains" : "Cage Cell Forcing Chains";
    out.rating = rating + 3;
    out.cells = {c};
    if (ctx.explain) {
      out.explanation = "each candidate of " + g.cell_name(c) + ", propagated by " + words +
                        ", leads to " + describe_eliminations(g, out.eliminations);
    }
    return true;
  }
  // The same over the places of a digit in a house: one of them holds it.
  for (int u = 0; u < g.unit_count(); ++u) {
    for (int d = 1; d <= g.n(); ++d) {
      const Mask places = g.pos(u, d);
      if (popcount(places) < 2) continue;
      std::fill(either.begin(), either.end(), Mask{0});
      std::string where;
      for (Mask p = places; p; p &= p - 1) {
        const int c = g.unit(u)[lowest(p)];
        std::vector<Mask> cand = base;
        cand[c] = Mask{1} << d;
        propagate_at(g, cand, level);
        for (int q = 0; q < nc; ++q) either[q] |= cand[q];
        out.cells.push_back(c);
        where += (where.empty() ? "" : ", ") + g.cell_name(c);
      }
      eliminate_unkept(g, either, out);
      if (out.eliminations.empty()) {
        out.cells.clear();
        continue;
      }
      out.technique = nested ? "Nested Cage Region Forcing Chains" : "Cage Region Forcing Chains";
      out.rating = rating + 3;
      if (ctx.explain) {
        out.explanation = "each place of " + digit_name(g, d) + " in " + g.unit_name(u) + " (" +
                          where + "), propagated by " + words + ", leads to " +
                          describe_eliminations(g, out.eliminations);
      }
      return true;
    }
  }
  return false;
}

}  // namespace sudoforge::grader::detail
