// Unique rectangles and loops (types 1-4), as Sudoku Explainer searches them: a loop of
// cells holding the same two values v1, v2, every unit visited by exactly two cells of
// the loop at positions of different parity, with at most two cells holding extra
// values (more for type 2). On a unique puzzle the deadly pattern cannot stay.
// Rating 4.5 (+0.1 for 6 cells, +0.2 for 8, +0.5 for 10 or more) for types 1, 2 and 4,
// +0.1 per value of the naked set beyond the first for type 3 (naked), +0.1 per cell of
// the hidden set outside the loop beyond the first for type 3 (hidden).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>

#include "finder_memo.h"
#include "finders.h"

namespace sudoforge::grader::detail {
namespace {

// A set of units (at most 128: a 25x25 board has 75, 77 with both diagonals), for the
// parity test of a loop.
struct UnitSet {
  std::uint64_t w[2] = {0, 0};
  void flip(const UnitSet& o) {
    w[0] ^= o.w[0];
    w[1] ^= o.w[1];
  }
  bool meets(const UnitSet& o) const { return ((w[0] & o.w[0]) | (w[1] & o.w[1])) != 0; }
  bool operator==(const UnitSet& o) const { return w[0] == o.w[0] && w[1] == o.w[1]; }
};

// SE's depth-first loop search from one cell. A loop is valid when the units of its cells
// at even positions are exactly those at odd positions, each once. A prefix that repeats
// a unit within one parity can only lead to invalid loops, so its subtree is not entered
// (SE enters it and filters the loops afterwards: same valid loops, same order). The
// extra values of such a sibling still accumulate, as in SE.
struct LoopSearch {
  const CandidateGrid* g = nullptr;
  Mask pair = 0;
  std::vector<int> loop;
  int len = 0;                              // loop[0 .. len): the current path
  std::vector<int> found_cells, found_end;  // valid loops, concatenated
  std::vector<int> in_loop;                 // stamp per cell
  int stamp = 0;
  UnitSet parity[2];
  const char* core = nullptr;  // [cell]: can be on a loop (PairCores)
  const Mask* both = nullptr;  // [u]: positions of the cells of u holding both values
  // Per board: the units of each cell, as a set and, in SE's order of region types
  // (block, row, column, then its extra houses), as numbers with the cell's position in
  // each: cell_count[c] of them from c * stride.
  const int* board = nullptr;  // the board's unit table: one per board, never freed
  int stride = 3;
  std::vector<UnitSet> cell_set;
  std::vector<int> cell_unit, cell_count;
  std::vector<Mask> cell_bit;
  // Whether to skip bivalue cells before the start cell. A loop with at most two cells
  // holding extra values is found from each of its bivalue cells (the search's other
  // tests are properties of the loop), so a loop through an earlier bivalue cell was
  // found first from there, and found again it only adds a hint after an equal one,
  // which never wins. A loop with three or more such cells is accepted only while the
  // extra values met so far, siblings included, are one value: that depends on the
  // path, so the skip is on only where no such loop can be: in a pair whose core has
  // no three cells of the pair plus one same value (skip_earlier), or in a subtree whose
  // extra values met so far are already two or more (they only accumulate).
  bool skip_earlier = false;

  void start(const CandidateGrid& grid, Mask p, const char* c, const Mask* b, bool skip) {
    g = &grid;
    pair = p;
    core = c;
    both = b;
    skip_earlier = skip;
    const int nc = grid.cell_count();
    if (grid.unit(0) != board) {
      board = grid.unit(0);
      stride = grid.units_per_cell();
      cell_set.assign(nc, UnitSet{});
      cell_unit.assign(stride * nc, 0);
      cell_bit.assign(stride * nc, 0);
      cell_count.assign(nc, 0);
      for (int q = 0; q < nc; ++q) {
        for (int j = 0; j < stride; ++j) {
          const int u = grid.unit_of(q, j < 3 ? (j + 2) % 3 : j);
          if (u == grid.unit_count()) continue;  // padding
          const int at = q * stride + cell_count[q]++;
          cell_unit[at] = u;
          cell_bit[at] = Mask{1} << grid.index_in(u, q);
          cell_set[q].w[u >> 6] |= std::uint64_t{1} << (u & 63);
        }
      }
      loop.assign(nc + 1, 0);
      in_loop.assign(nc, 0);
    }
    len = 0;
    found_cells.clear();
    found_end.clear();
    ++stamp;
    parity[0] = parity[1] = UnitSet{};
  }
  size_t results() const { return found_end.size(); }

  // The sets of four cells, `s`, a bivalue cell of `others` and two more of them, with
  // two cells in each house they meet: marks their cells in `mark` (s included) and
  // returns how many cells it marked, 0 when there is no such set, -1 (nothing marked)
  // when there are too many cells to tell. In a core of two or three bivalue cells
  // where skip_earlier holds, a loop has four cells (two or fewer with extra values, at
  // most five cells, an even number), each such a set: the search finds nothing without
  // one, and in the marked cells it finds the same loops in the same order (a subtree
  // it no longer enters holds no loop, and the extra values of siblings accumulate
  // whether or not the search enters them).
  int four_cell_sets(int s, const int* others, int count, char* mark) const {
    if (count > 32) return -1;
    const UnitSet& a = cell_set[s];
    std::uint64_t set = 0;  // bits of `others` in some set
    const UnitSet* const sets = cell_set.data();
    for (int i = 0; i < count; ++i) {
      if (g->cand(others[i]) != pair) continue;
      const UnitSet& b = sets[others[i]];
      const std::uint64_t x0 = a.w[0] ^ b.w[0], x1 = a.w[1] ^ b.w[1];
      const std::uint64_t n0 = a.w[0] & b.w[0], n1 = a.w[1] & b.w[1];
      for (int j = 0; j < count; ++j) {
        if (j == i) continue;
        const UnitSet& c = sets[others[j]];
        // Each house meets the set an even number of times (the fourth cell's houses
        // are those the first three meet an odd number of times), and none holds all four.
        const std::uint64_t odd0 = x0 ^ c.w[0], odd1 = x1 ^ c.w[1];
        const std::uint64_t three0 = n0 & c.w[0], three1 = n1 & c.w[1];
        for (int k = j + 1; k < count; ++k) {
          const UnitSet& d = sets[others[k]];
          if (k != i && d.w[0] == odd0 && d.w[1] == odd1 && !((three0 & odd0) | (three1 & odd1))) {
            set |= std::uint64_t{1} << i | std::uint64_t{1} << j | std::uint64_t{1} << k;
          }
        }
      }
    }
    if (!set) return 0;
    mark[s] = 1;
    int marked = 1;
    for (; set; set &= set - 1, ++marked) mark[others[std::countr_zero(set)]] = 1;
    return marked;
  }

  // last_unit: the unit that led to `cell` (SE skips its region type, whose unit at
  // `cell` is that one), -1 at the start.
  void check(int cell, int allowed_ex, Mask ex_values, int last_unit) {
    const int par = len & 1;
    const int first = len ? loop[0] : cell;
    loop[len++] = cell;
    in_loop[cell] = stamp;
    parity[par].flip(cell_set[cell]);
    const UnitSet other = parity[par ^ 1];  // fixed while the children run
    // The tables read in the loop, in locals: the calls' stores would otherwise make
    // the compiler load them again for each sibling.
    const Mask* const cand = g->cand_table();
    const int* const unit_cells = board;  // unit u's cells from u * n
    const int n = g->n();
    const int* const in = in_loop.data();
    const UnitSet* const sets = cell_set.data();
    const int* const units = cell_unit.data();
    const Mask* const bits = cell_bit.data();
    const Mask* const holding = both;
    const char* const in_core = core;
    const int st = stamp;
    const Mask values = pair;
    const bool skip = skip_earlier;
    for (int j = cell * stride, end = j + cell_count[cell]; j < end; ++j) {
      const int u = units[j];
      if (u == last_unit) continue;
      const int* cells = unit_cells + u * n;
      // Cells of the unit holding both values, in unit order (the cell itself is in the
      // loop: left out).
      for (Mask b = holding[u] & ~bits[j]; b; b &= b - 1) {
        const int next = cells[lowest(b)];
        if (next == first) {
          if (len >= 4 && parity[0] == parity[1]) {
            found_cells.insert(found_cells.end(), loop.begin(), loop.begin() + len);
            found_end.push_back(static_cast<int>(found_cells.size()));
          }
        } else if (in[next] != st) {
          const Mask p = cand[next];
          ex_values |= p & ~values;  // accumulates over siblings, as SE does
          const int card = popcount(p);
          // A cell outside the core cannot be on a loop: its subtree finds nothing
          // (its extra values still count for the siblings, as above). See
          // skip_earlier for bivalue cells before the start.
          if ((card == 2 || popcount(ex_values) == 1 || allowed_ex > 0) && in_core[next] &&
              !(card == 2 && next < first && (skip || popcount(ex_values) >= 2)) &&
              !other.meets(sets[next])) {
            check(next, card > 2 ? allowed_ex - 1 : allowed_ex, ex_values, u);
          }
        }
      }
      if (results() > 2000) break;  // safety net on dense grids
    }
    parity[par].flip(cell_set[cell]);
    in_loop[cell] = 0;
    --len;
  }
};

int size_bonus(size_t size) {
  int r = 0;
  if (size >= 10) r += 3;
  if (size >= 8)
    r += 2;
  else if (size >= 6)
    r += 1;
  return r;
}

// SE sorts its hints by getDifficulty(), a double summed as 4.5 + size bonus (+ 0.1 times
// the set size less one for type 3), then by type. The sums are not exact: a type 3 pair
// on a 6-cell loop (4.6 + 0.1 = 4.699999...) comes before an 8-cell loop of type 1
// (4.5 + 0.2 = 4.7), though both are rated 4.7.
double se_difficulty(size_t size, int set_bonus) {
  double d = 4.5;
  if (size >= 10) d += 0.3;
  if (size >= 8)
    d += 0.2;
  else if (size >= 6)
    d += 0.1;
  return set_bonus ? d + set_bonus * 0.1 : d;
}

struct Found {
  Hint hint;
  int type;
  double key;
};

// Keeps a hint that eliminates something, with the loop's cells (copied only then: most
// loops met again at each step give nothing).
void keep_hint(std::vector<Found>& found, Hint&& h, int type, double key, const int* loop,
               int size) {
  if (h.eliminations.empty()) return;
  h.cells.assign(loop, loop + size);
  found.push_back({std::move(h), type, key});
}

// The next combination of a bit set, in increasing order of its value (Gosper): the order
// of SE's Permutations, by which it meets its naked and hidden sets (colexicographic).
inline std::uint32_t next_combination(std::uint32_t x) {
  const std::uint32_t low = x & (~x + 1), ripple = x + low;
  return ripple | (((x ^ ripple) >> 2) / low);
}

// The cell sets of the loops met in one call.
struct CellSets {
  int words = 0;
  std::vector<std::uint64_t> sets;  // words per set
  void start(int w) {
    words = w;
    sets.clear();
  }
  // Whether `cells` is a set not met before (then it is now).
  bool first(std::span<const int> cells) {
    std::uint64_t set[16] = {};  // words <= 10 (625 cells)
    for (int c : cells) set[c / 64] |= std::uint64_t{1} << (c % 64);
    for (size_t at = 0; at < sets.size(); at += words) {
      if (std::equal(set, set + words, &sets[at])) return false;
    }
    sets.insert(sets.end(), set, set + words);
    return true;
  }
};

// The pairs of values met in one call, with the core of each: the cells that can be on a
// loop of the pair. Every unit of a loop's cell holds exactly one other cell of the loop
// (its units at even positions are those at odd positions, each once), a cell holding
// both values. So a cell is in the core when each of its houses (row, column, box and
// any extra house) holds another cell of the core: the largest such set, found by peeling from the
// cells holding both values. Loops lie in the core (it is closed under that test), so a start cell
// or a subtree outside it finds nothing.
//
// The searches read the core and the candidates of the cells holding both values in the
// units of core cells (the "reach"), nothing else. While no cell of the reach changes,
// the core stays the same: cells only lose candidates, so the core can only shrink, and
// the old one is still closed. So the searches' results stay the same too, and an empty
// core stays empty for good.
struct PairCores {
  int n = 0, nc = 0, words = 0;
  // [v1 * (n+1) + v2]: index of the pair's core, -1 not met yet, -2 replayed from the memo
  std::vector<int> slot, cursor;        // cursor: next record of a replayed pair
  std::vector<int> keys;                // per core: the pair's key
  std::vector<std::vector<int>> found;  // per core: the loops found, as loop records
  std::vector<char> core;               // [index * nc + cell]
  std::vector<std::uint64_t> reach;     // [index * words]: the core's reach, as above
  // Per core: bit 0, SE's LoopSearch::skip_earlier (no three cells of the pair plus one
  // same value x); bit 1, also where some x has three such cells but no loop can hold three
  // of them: a loop with three or more cells holding extra values has them all of the pair
  // plus the same x (LoopSearch::skip_earlier), so it lies in the largest set of core cells
  // of the pair only or of the pair plus x that is closed under the core's test; with
  // fewer than three cells of the pair plus x there, no such loop exists.
  std::vector<char> skip;
  // Per core: its cells holding the two values only, as the drops leave it. Where
  // skip_earlier holds, a loop has at most two cells with extra values (see there) and
  // at least four cells: with fewer than two such cells left, no search finds a loop.
  std::vector<int> bivalue;
  std::vector<Mask> holders;  // [index * units + u]: positions holding both values
  // [index * units + u]: positions of the core's cells in u (the peeling drops cells
  // from it). Where skip_earlier holds, the bivalue cells already searched from are
  // dropped from the core as the search moves on (drop()), with the cells that then lose
  // their last mate in a unit: a later start never enters them (see
  // LoopSearch::skip_earlier), so its loops lie in what is left, the largest set closed
  // under the core's test without them.
  std::vector<Mask> in_unit;
  std::vector<int> cells, todo;
  std::vector<Mask> sub;     // three_extra_loop(): [u], positions of its set in u
  std::vector<char> in_sub;  // three_extra_loop(): [cell], in its set

  std::vector<int> met;  // the keys whose slot this call set (from -1)
  std::vector<int> others_ = std::vector<int>(33);  // four_cell_sets(): the core's other cells

  void start(const CandidateGrid& g) {
    n = g.n();
    nc = g.cell_count();
    words = g.set_words();
    // The slots and cursors of the last call's keys back to their start (all of them on
    // a new board size): a call meets a dozen keys of the (n + 1)^2.
    const size_t all = static_cast<size_t>(n + 1) * (n + 1);
    if (slot.size() != all) {
      slot.assign(all, -1);
      cursor.assign(all, 0);
    } else {
      for (int key : met) {
        slot[key] = -1;
        cursor[key] = 0;
      }
    }
    met.clear();
    keys.clear();
    // Room for a core per pair of values (the tables only grow: one size per board).
    const size_t most = static_cast<size_t>(n + 1) * (n + 1);
    const size_t units = static_cast<size_t>(g.unit_count());
    if (core.size() < most * nc) core.resize(most * nc);
    if (reach.size() < most * words) reach.resize(most * words);
    if (holders.size() < most * units) holders.resize(most * units);
    if (in_unit.size() < most * units) in_unit.resize(most * units);
    if (found.size() < most) found.resize(most);
    if (bivalue.size() < most) bivalue.resize(most);
    if (skip.size() < most) skip.resize(most);
  }
  // count_first: whether to count the rows and columns first (below); the plain search
  // peels every core, for tests.
  int add(const CandidateGrid& g, Mask pair, int key, bool count_first) {
    const int k = static_cast<int>(keys.size());
    keys.push_back(key);
    found[k].clear();
    char* in = &core[static_cast<size_t>(k) * nc];
    std::uint64_t h[16] = {};  // the cells holding both values; words <= 10 (625 cells)
    const int v1 = lowest(pair), v2 = lowest(pair & (pair - 1));
    // [u]: the unit's cells in the core so far (positions); rows give the cells.
    const int units = g.unit_count();
    Mask* const hold = &holders[static_cast<size_t>(k) * units];
    Mask* const at = &in_unit[static_cast<size_t>(k) * units];
    const Mask* const pos = g.pos_table();  // in a local: the stores would reload it
    const int n1 = n + 1;
    // A core cell has a mate in its row and one in its column, and so does each of them:
    // a core holds two or more cells in each of two rows at least, and of two columns
    // (units 0 .. n - 1 are the rows, n .. 2n - 1 the columns).
    int rows = 2, columns = 2;
    if (count_first) rows = columns = 0;
    for (int r = 0; count_first && r < n; ++r) {
      const Mask x = pos[r * n1 + v1] & pos[r * n1 + v2];
      const Mask y = pos[(n + r) * n1 + v1] & pos[(n + r) * n1 + v2];
      rows += (x & (x - 1)) != 0;
      columns += (y & (y - 1)) != 0;
    }
    if (rows < 2 || columns < 2) {
      std::fill(&reach[static_cast<size_t>(k) * words], &reach[static_cast<size_t>(k + 1) * words],
                0);
      bivalue[k] = 0;
      skip[k] = 3;  // with bivalue[k] == 0 the search loop reads nothing else: `in` is left as is
      return k;
    }
    // Where skip_earlier holds and the core keeps fewer than two bivalue cells, no start
    // is searched (bivalue, skip): so where all the cells holding both values have fewer
    // than two of the pair only and fewer than three of the pair plus one same value, the
    // core, a subset, has too, and is not built. That verdict holds while no cell holding
    // both values changes (no other cell holds both again): they are its reach.
    cells.clear();
    int all_two = 0;
    bool all_three = false;
    int all_extra[32] = {};
    const Mask* const cand = g.cand_table();
    for (int r = 0; r < n; ++r) {
      const int* rc = g.unit(r);
      for (Mask x = pos[r * n1 + v1] & pos[r * n1 + v2]; x; x &= x - 1) {
        const int c = rc[lowest(x)];
        h[c / 64] |= std::uint64_t{1} << (c % 64);
        cells.push_back(c);
        const Mask cc = cand[c];
        const int card = popcount(cc);
        all_two += card == 2;
        // The extra value of a cell of three (counted only for those; entry 31, never a
        // value, for a cell of the pair only): no branch on the cell's count.
        const int extra = __builtin_ctz((cc & ~pair) | Mask{1} << 31);
        all_extra[extra] += card == 3;
        all_three |= all_extra[extra] >= 3;
      }
    }
    if (count_first && all_two < 2 && !all_three) {
      std::copy(h, h + words, &reach[static_cast<size_t>(k) * words]);
      bivalue[k] = 0;
      skip[k] = 3;  // as above: `in` is left as is
      return k;
    }
    std::fill(in, in + nc, 0);
    for (int u = 0; u < units; ++u) hold[u] = at[u] = pos[u * n1 + v1] & pos[u * n1 + v2];
    for (int c : cells) in[c] = 1;
    // The peeling: a cell alone in one of its houses goes, with what that leaves alone
    // (drop() follows the units it changes; the order does not change what is left).
    for (int u = 0; u < units; ++u) {
      const Mask m = at[u];  // core cells only: drop() clears the bits of those it drops
      if (m && !(m & (m - 1))) drop(g, k, g.unit(u)[lowest(m)]);
    }
    size_t kept = 0;
    for (int c : cells) {
      cells[kept] = c;
      kept += in[c] != 0;
    }
    cells.resize(kept);
    int same_extra[32] = {};
    bool ok = true;
    int two = 0;
    std::uint64_t* r = &reach[static_cast<size_t>(k) * words];
    std::fill(r, r + words, 0);
    for (int c : cells) {
      in[c] = 1;
      r[c / 64] |= std::uint64_t{1} << (c % 64);
      const std::uint64_t* peers = g.peer_set(c);
      if (words == 2) {  // 9x9 boards: no loop
        r[0] |= peers[0] & h[0];
        r[1] |= peers[1] & h[1];
      } else {
        for (int w = 0; w < words; ++w) r[w] |= peers[w] & h[w];
      }
      const Mask cc = g.cand(c);
      const int card = popcount(cc);
      two += card == 2;
      // As all_extra above; the counts stop where ok turns false (a count of 3 or more
      // turned it false when it was reached).
      const int extra = __builtin_ctz((cc & ~pair) | Mask{1} << 31);
      same_extra[extra] += ok & (card == 3);
      ok &= same_extra[extra] < 3;
    }
    bivalue[k] = two;
    bool sure = ok;
    if (!ok) {
      sure = true;
      for (int x = 0; sure && x <= n; ++x) {
        if (same_extra[x] >= 3) sure = !three_extra_loop(g, pair | Mask{1} << x);
      }
    }
    skip[k] = static_cast<char>((ok ? 1 : 0) | (sure ? 2 : 0));
    return k;
  }
  // Whether the cells of the core (`cells`) holding the pair only or `trio` leave three or
  // more of the latter in the largest subset closed under the core's test.
  bool three_extra_loop(const CandidateGrid& g, Mask trio) {
    const int units = g.unit_count(), stride = g.units_per_cell();
    if (sub.size() < static_cast<size_t>(units)) sub.assign(units, 0);
    if (in_sub.size() < static_cast<size_t>(nc)) in_sub.assign(nc, 0);
    if (todo.size() < static_cast<size_t>(nc)) todo.resize(nc);
    const Mask* const cand = g.cand_table();
    int* const members = todo.data();
    int count = 0, trios = 0;
    for (int c : cells) {
      const Mask cc = cand[c];
      if (popcount(cc) != 2 && cc != trio) continue;
      members[count++] = c;
      trios += cc == trio;
      in_sub[c] = 1;
      for (int t = 0; t < stride; ++t) {
        const int u = g.unit_of(c, t);
        if (u < units) sub[u] |= Mask{1} << g.index_in(u, c);
      }
    }
    // Peeling until nothing moves: the sets are small (a few cells).
    for (bool moved = trios >= 3; moved && trios >= 3;) {
      moved = false;
      for (int i = 0; i < count; ++i) {
        const int c = members[i];
        if (!in_sub[c]) continue;
        for (int t = 0; t < stride; ++t) {
          const int u = g.unit_of(c, t);
          if (u < units && !(sub[u] & (sub[u] - 1))) {
            in_sub[c] = 0;
            trios -= cand[c] == trio;
            for (int r = 0; r < stride; ++r) {
              const int w = g.unit_of(c, r);
              if (w < units) sub[w] &= ~(Mask{1} << g.index_in(w, c));
            }
            moved = true;
            break;
          }
        }
      }
    }
    for (int i = 0; i < count; ++i) {
      const int c = members[i];
      in_sub[c] = 0;
      for (int t = 0; t < stride; ++t) {
        const int u = g.unit_of(c, t);
        if (u < units) sub[u] = 0;
      }
    }
    return trios >= 3;
  }
  // LoopSearch::four_cell_sets for start s in core k (two or three bivalue cells left).
  int four_cell_sets(const CandidateGrid& g, int k, int s, const LoopSearch& ls, char* mark) {
    const Mask* const at = &in_unit[static_cast<size_t>(k) * g.unit_count()];
    int* const others = others_.data();
    int count = 0;
    for (int r = 0; r < n; ++r) {
      const int* rc = g.unit(r);
      for (Mask x = at[r]; x; x &= x - 1) {
        const int c = rc[lowest(x)];
        if (c == s) continue;
        if (count == 33) return -1;  // not decided here: the core is searched
        others[count++] = c;
      }
    }
    return ls.four_cell_sets(s, others, count, mark);
  }
  // Drops `cell` from core k, and then every cell left alone in one of its units.
  void drop(const CandidateGrid& g, int k, int cell) {
    const int units = g.unit_count(), stride = g.units_per_cell();
    char* in = &core[static_cast<size_t>(k) * nc];
    Mask* at = &in_unit[static_cast<size_t>(k) * units];
    in[cell] = 0;
    const Mask* const cand = g.cand_table();
    int& two = bivalue[k];
    two -= popcount(cand[cell]) == 2;
    // A cell is pushed once (when it leaves the core): nc entries are enough.
    if (todo.size() < static_cast<size_t>(nc)) todo.resize(nc);
    int* const stack = todo.data();
    int top = 0;
    stack[top++] = cell;
    while (top) {
      const int c = stack[--top];
      for (int t = 0; t < stride; ++t) {
        const int u = g.unit_of(c, t);
        if (u == units) continue;
        const Mask m = at[u] &= ~(Mask{1} << g.index_in(u, c));
        if (m && !(m & (m - 1))) {
          const int lone = g.unit(u)[lowest(m)];
          if (in[lone]) {
            in[lone] = 0;
            two -= popcount(cand[lone]) == 2;
            stack[top++] = lone;
          }
        }
      }
    }
  }
};

// kShortcuts: count a core's rows and columns before peeling it (PairCores::add), drop
// searched start cells from their core (PairCores::drop), search no start in a core with
// too few cells of the two values only (PairCores::bivalue), also where no loop can hold
// three cells of the pair plus one value (PairCores::skip), search a core of two or three
// bivalue cells only in the sets of four cells that may close (LoopSearch::four_cell_sets), and
// record and analyse each loop's cell set once (CellSets); without them, SE's plain
// search, for tests.
template <bool kShortcuts>
bool unique_loop(const Ctx& ctx, Hint& out) {
  const CandidateGrid& g = ctx.g;
  // A loop is deadly because its two digits can swap: every house holds none of its
  // cells or two of different parity, which swap with each other. Extra houses are
  // houses like the others (SE checks them so too); jigsaw boards stay without the
  // technique (SE does not rate them).
  if (!g.geo().has_boxes()) return false;
  const int n = g.n();
  std::vector<Found> found;
  const int nc = g.cell_count();
  thread_local PairCores pc;
  pc.start(g);
  thread_local CellSets seen;
  seen.start(g.set_words());
  const std::uint64_t* const bivalue = g.cells_with(2);
  // The bivalue cells in ascending order, a word's bits at a time.
  const int words = g.set_words();
  int bw = 0;
  std::uint64_t bx = bivalue[0];
  while (true) {
    while (!bx && ++bw < words) bx = bivalue[bw];
    if (!bx) break;
    const int cell = bw * 64 + std::countr_zero(bx);
    bx &= bx - 1;
    const Mask p = g.cand(cell);
    // The loops of a pair depend only on the candidates of the cells of its core's reach
    // (PairCores): while none of them changed, the memo's record of the last search is
    // replayed.
    // Records, per start cell searched, in cell order: cell, number of loops, then each
    // loop as its size and cells.
    const int key = lowest(p) * (n + 1) + lowest(p & (p - 1));
    int& slot = pc.slot[key];
    if (slot == -1) {
      pc.met.push_back(key);
      slot = ctx.memo && ctx.memo->cells_clean(key) ? -2 : pc.add(g, p, key, kShortcuts);
    }
    const int* rec;
    if (slot == -2) {
      const std::vector<int>& recs = ctx.memo->payload(key);
      int& at = pc.cursor[key];
      if (at == static_cast<int>(recs.size()) || recs[at] != cell) continue;
      rec = &recs[at + 1];
      at += 2;
      for (int r = 0; r < rec[0]; ++r) at += 1 + recs[at];
    } else {
      const bool skip = (pc.skip[slot] >> (kShortcuts ? 1 : 0)) & 1;
      if (kShortcuts && skip && pc.bivalue[slot] < 2) continue;
      const char* core = &pc.core[static_cast<size_t>(slot) * nc];
      if (!core[cell]) continue;
      thread_local LoopSearch ls;
      ls.start(g, p, core, &pc.holders[static_cast<size_t>(slot) * g.unit_count()], skip);
      if (!(kShortcuts && skip && pc.bivalue[slot] <= 3)) {
        ls.check(cell, 2, 0, -1);
      } else {
        // Only the cells of the four-cell sets that may close (scratch kept clear).
        thread_local std::vector<char> sets;
        if (sets.size() < static_cast<size_t>(nc)) sets.assign(nc, 0);
        const int marked = pc.four_cell_sets(g, slot, cell, ls, sets.data());
        if (marked < 0) {
          ls.check(cell, 2, 0, -1);
        } else if (marked > 0) {
          ls.core = sets.data();
          ls.check(cell, 2, 0, -1);
          std::fill(sets.begin(), sets.begin() + nc, 0);
        }
      }
      if (kShortcuts && skip) pc.drop(g, slot, cell);
      std::vector<int>& recs = pc.found[slot];
      const size_t at = recs.size();
      recs.push_back(cell);
      recs.push_back(0);
      int kept = 0;
      for (size_t r = 0; r < ls.results(); ++r) {
        const int from = r ? ls.found_end[r - 1] : 0, to = ls.found_end[r];
        // A loop of the cells of one met before (the same loop the other way round, or
        // found from another start) gives the same hints but for the order of its cells,
        // after them: none of them can come first. It is not recorded: loops of two pairs
        // never share their cells (a loop's cells all hold its pair, and its start holds
        // nothing else), so the records of a pair, replayed, meet no set twice either.
        if (kShortcuts && !seen.first({ls.found_cells.data() + from, ls.found_cells.data() + to})) {
          continue;
        }
        recs.push_back(to - from);
        recs.insert(recs.end(), ls.found_cells.begin() + from, ls.found_cells.begin() + to);
        ++kept;
      }
      recs[at + 1] = kept;
      rec = &recs[at + 1];
    }
    const int* next_loop = rec + 1;
    for (int r = 0; r < rec[0]; ++r) {
      // The loop's cells, and those of them holding extra values (scratch kept between
      // calls: this runs for every loop at every step that reaches the technique).
      const std::span<const int> loop(next_loop + 1, next_loop[0]);
      next_loop += 1 + next_loop[0];
      thread_local std::vector<int> extra;
      extra.clear();
      for (int c : loop) {
        if (popcount(g.cand(c)) > 2) extra.push_back(c);
      }
      auto add = [&](Hint&& h, int type, double order) {
        keep_hint(found, std::move(h), type, order, loop.data(), static_cast<int>(loop.size()));
      };
      const int base = 45 + size_bonus(loop.size());
      auto make = [&](int type, int rating) {
        Hint h;
        static const char* kNames[2][5] = {
            {"", "Unique Rectangle type 1", "Unique Rectangle type 2", "Unique Rectangle type 3",
             "Unique Rectangle type 4"},
            {"", "Unique Loop type 1", "Unique Loop type 2", "Unique Loop type 3",
             "Unique Loop type 4"}};
        h.technique = kNames[loop.size() == 4 ? 0 : 1][type];
        h.rating = rating;
        return h;
      };
      const int v1 = lowest(p), v2 = lowest(p & (p - 1));
      const double se_key = se_difficulty(loop.size(), 0);
      auto type2 = [&](const std::vector<int>& ex) {
        const Mask em = g.cand(ex[0]) & ~p;
        const int value = lowest(em);
        Hint h = make(2, base);
        for (int c = 0; c < g.cell_count(); ++c) {
          if (!g.has(c, value) || std::find(ex.begin(), ex.end(), c) != ex.end()) continue;
          bool all = true;
          for (int e : ex) all &= g.sees(c, e);
          if (all) h.eliminations.emplace_back(c, value);
        }
        add(std::move(h), 2, se_key);
      };
      if (extra.size() == 1) {
        Hint h = make(1, base);
        h.eliminations = {{extra[0], v1}, {extra[0], v2}};
        add(std::move(h), 1, se_key);
      } else if (extra.size() > 2) {
        Mask em = 0;
        for (int c : extra) em |= g.cand(c) & ~p;
        if (popcount(em) == 1) type2(extra);
      } else if (extra.size() == 2) {
        const int c1 = extra[0], c2 = extra[1];
        const Mask rp = (g.cand(c1) | g.cand(c2)) & ~p;
        // The houses of both c1 and c2, in SE's order of region types (block, row,
        // column, then the extra houses).
        int shared[32];
        int nshared = 0;
        for (int j = 0; j < g.units_per_cell(); ++j) {
          const int u = g.unit_of(c1, j < 3 ? (j + 2) % 3 : j);
          if (u < g.unit_count() && g.index_in(u, c2) != 255) shared[nshared++] = u;
        }
        if (popcount(rp) == 1) {
          type2(extra);
        } else if (popcount(rp) >= 2) {
          // Type 3: the extra values of c1/c2 make a naked set with other cells of a common
          // unit, or v1, v2 and other values make a hidden set there (c1 and c2 counting
          // as one cell). SE tries, per degree and unit (block, row, column), the naked sets
          // then the hidden ones, each in its Permutations order.
          // A degree above half the empty cells of every shared unit finds nothing.
          int widest = 0;
          for (int s = 0; s < nshared; ++s) widest = std::max(widest, g.unit_empty(shared[s]));
          const int top = std::min({7, n - 1, widest / 2});
          for (int degree = popcount(rp); degree <= top; ++degree) {
            for (int s = 0; s < nshared; ++s) {
              const int u = shared[s];
              const int empty = g.unit_empty(u);
              if (degree * 2 > empty) continue;
              const int* cells = g.unit(u);
              const int i1 = g.index_in(u, c1), i2 = g.index_in(u, c2);
              // Naked: c1 (with the extra values) and degree - 1 other cells; SE's
              // combinations of positions holding c1 but not c2 come in increasing order
              // of their bit set, that is colexicographic on the other cells.
              // Only the cells that can be in such a set are combined (`fit`, their
              // indices among `others`): a cell with fewer than two values, or whose
              // values with the extra ones are more than `degree`, fails every
              // combination it is in. Combinations of a subset, enumerated in
              // colexicographic order, keep that order among the others' combinations.
              int others[32], fit[32];
              int m = 0, nfit = 0;
              for (int i = 0; i < n; ++i) {
                if (i == i1 || i == i2 || g.value(cells[i]) != 0) continue;
                const Mask cm = g.cand(cells[i]);
                if (popcount(cm) >= 2 && popcount(cm | rp) <= degree) fit[nfit++] = m;
                others[m++] = cells[i];
              }
              const int need = degree - 1;
              if (need <= nfit) {
                const std::uint32_t end = std::uint32_t{1} << nfit;
                for (std::uint32_t f = (std::uint32_t{1} << need) - 1; f < end;
                     f = next_combination(f)) {
                  Mask uni = rp, naked = rp & g.cand(c1) & g.cand(c2);
                  std::uint32_t x = 0;  // the combination, as indices among `others`
                  for (std::uint32_t y = f; y; y &= y - 1) {
                    const int i = fit[std::countr_zero(y)];
                    const Mask cm = g.cand(others[i]);
                    x |= std::uint32_t{1} << i;
                    uni |= cm;
                    naked |= cm;
                  }
                  if (popcount(uni) == degree && popcount(naked) == degree) {
                    Hint h = make(3, base + (degree - 1));
                    for (int i = 0; i < m; ++i) {
                      if ((x >> i) & 1) continue;
                      for (Mask y = g.cand(others[i]) & uni; y; y &= y - 1) {
                        h.eliminations.emplace_back(others[i], lowest(y));
                      }
                    }
                    add(std::move(h), 3, se_difficulty(loop.size(), degree - 1));
                  }
                }
              }
              // Hidden: v1, v2 and degree - 2 values that are neither loop nor extra values,
              // confined to degree positions of the unit, c2's left out (so c1 stands for
              // both). The other positions lose their other values. Rated by the number of
              // those positions less one (SE's hidden "pair" adds nothing).
              if (degree * 2 == empty) continue;
              // As for the naked sets, only the values that can be in such a set are
              // combined: one with no position here (but c2's), or whose positions with
              // the loop values' are more than `degree`, fails every combination.
              const Mask rest = g.all_digits() & ~p & ~rp;
              const Mask not2 = ~(Mask{1} << i2);
              const Mask loop_pos = (g.pos(u, v1) | g.pos(u, v2)) & not2;
              int rem[32];
              int nrem = 0;
              for (Mask y = rest; y; y &= y - 1) {
                const Mask at = g.pos(u, lowest(y)) & not2;
                if (at && popcount(at | loop_pos) <= degree) rem[nrem++] = lowest(y);
              }
              const int pick = degree - 2;
              if (pick > nrem) continue;
              const std::uint32_t last = std::uint32_t{1} << nrem;
              for (std::uint32_t x = (std::uint32_t{1} << pick) - 1; x < last;
                   x = pick ? next_combination(x) : last) {
                Mask where = loop_pos, hidden = p;
                for (std::uint32_t y = x; y; y &= y - 1) {
                  const int d = rem[std::countr_zero(y)];
                  where |= g.pos(u, d) & not2;
                  hidden |= Mask{1} << d;
                }
                if (popcount(where) != degree) continue;
                const Mask set_cells = where & ~(Mask{1} << i1);
                Hint h = make(3, base + (popcount(set_cells) - 1));
                for (Mask y = set_cells; y; y &= y - 1) {
                  const int c = cells[lowest(y)];
                  for (Mask z = g.cand(c) & ~hidden; z; z &= z - 1)
                    h.eliminations.emplace_back(c, lowest(z));
                }
                add(std::move(h), 3, se_difficulty(loop.size(), popcount(set_cells) - 1));
              }
            }
          }
        }
        // Type 4: v1 or v2 locked in c1, c2 inside a common unit. SE prefers a unit where
        // v1 is locked (then v2 goes) over one where only v2 is, whatever the unit order.
        bool lock1 = false, lock2 = false;
        for (int s = 0; s < nshared; ++s) {
          const int u = shared[s];
          const Mask both = (Mask{1} << g.index_in(u, c1)) | (Mask{1} << g.index_in(u, c2));
          lock1 |= (g.pos(u, v1) & ~both) == 0;
          lock2 |= (g.pos(u, v2) & ~both) == 0;
        }
        if (lock1 || lock2) {
          const int rem = lock1 ? v2 : v1;
          Hint h = make(4, base);
          h.eliminations = {{c1, rem}, {c2, rem}};
          add(std::move(h), 4, se_key);
        }
      }
    }
  }
  if (ctx.memo) {
    for (size_t k = 0; k < pc.keys.size(); ++k) {
      ctx.memo->set_cells_clean(pc.keys[k], &pc.reach[k * pc.words]);
      ctx.memo->payload(pc.keys[k]).swap(pc.found[k]);
    }
  }
  if (found.empty()) return false;
  auto best = std::min_element(found.begin(), found.end(), [](const Found& a, const Found& b) {
    return a.key != b.key ? a.key < b.key : a.type < b.type;
  });
  out = std::move(best->hint);
  if (ctx.explain) {
    std::string cells;
    for (size_t i = 0; i < out.cells.size(); ++i) {
      if (i) cells += ',';
      cells += g.cell_name(out.cells[i]);
    }
    out.explanation = std::string(out.technique) + " (" + cells +
                      "): " + describe_eliminations(g, out.eliminations);
  }
  return true;
}

}  // namespace

bool find_unique_loop(const Ctx& ctx, Hint& out) {
  return unique_loop<true>(ctx, out);
}
bool find_unique_loop_plain(const Ctx& ctx, Hint& out) {
  return unique_loop<false>(ctx, out);
}

}  // namespace sudoforge::grader::detail
