// The closure of a floor's rules (floor_closure.h): singles to their fixpoint, then the
// cheapest rule family that removes anything, every removal it finds at once, and again.
#include "floor_closure.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "chain_length.h"
#include "strong_component_walk.h"

namespace sudoforge::grader::detail {
namespace {

// Each rung's highest rating, and that of every rung before it (tenths; floor_closure.h).
constexpr int kLockingTop = 28;
constexpr int kPairTop[3] = {30, 32, 34};    // naked, fish, hidden
constexpr int kTripleTop[3] = {36, 38, 40};  // naked, fish, hidden
constexpr int kXYWingTop = 42;
constexpr int kQuadTop = 56;       // after the unique loops (up to 5.6)
constexpr int kBeforeChains = 62;  // BUG, aligned pair exclusion
constexpr int kChainBase = 70;     // XY forcing chains and cycles

}  // namespace

void close_rows(std::uint64_t* rows, int nodes) {
  // Step k: a row that reaches k takes k's row (Warshall), without a branch.
  const auto step = [](std::uint64_t r, std::uint64_t rk, int k) {
    return r | (rk & (std::uint64_t{0} - (r >> k & 1)));
  };
  // Four steps k..k + 3 a sweep (fewer loads and stores of the rows): each of rows
  // k + 1..k + 3 first takes the steps before its own.
  int k = 0;
  for (; k + 3 < nodes; k += 4) {
    const std::uint64_t r0 = rows[k];
    const std::uint64_t r1 = step(rows[k + 1], r0, k);
    const std::uint64_t r2 = step(step(rows[k + 2], r0, k), r1, k + 1);
    const std::uint64_t r3 = step(step(step(rows[k + 3], r0, k), r1, k + 1), r2, k + 2);
    for (int i = 0; i < nodes; ++i) {
      rows[i] = step(step(step(step(rows[i], r0, k), r1, k + 1), r2, k + 2), r3, k + 3);
    }
  }
  for (; k < nodes; ++k) {
    const std::uint64_t rk = rows[k];
    for (int i = 0; i < nodes; ++i) rows[i] = step(rows[i], rk, k);
  }
}

namespace {

// A 9x9 cell's candidates 1-9 (bits 0-8 of the index) spread out, digits 1-5 to bits
// 12 (d - 1) of low and 6-9 to bits 12 (d - 6) of high: fields wide enough for the nine
// positions of a unit (Board::positions).
struct Spread {
  std::uint64_t low, high;
};
constexpr std::array<Spread, 512> make_spread() {
  std::array<Spread, 512> out{};
  for (int m = 0; m < 512; ++m) {
    for (int d = 1; d <= 9; ++d) {
      if (!(m >> (d - 1) & 1)) continue;
      if (d <= 5) {
        out[m].low |= std::uint64_t{1} << (12 * (d - 1));
      } else {
        out[m].high |= std::uint64_t{1} << (12 * (d - 6));
      }
    }
  }
  return out;
}
constexpr std::array<Spread, 512> kSpread = make_spread();

// The board's sizes: the side n, cells nc, houses nu and houses per cell upc. Dims<9>: a
// 9x9 board of rows, columns and boxes only (27 houses, 3 a cell; fits, checked by the
// callers), whose sizes the compiler knows; Dims<0>: any geometry, its sizes read at load.
template <int kN>
struct Dims {
  static constexpr int n = kN, nc = kN * kN, nu = 3 * kN, upc = 3;
  static bool fits(const CandidateGrid& g) {
    return g.n() == n && g.cell_count() == nc && g.unit_count() == nu &&
           g.units_per_cell() == upc;
  }
  void set(const CandidateGrid&) {}
};
template <>
struct Dims<0> {
  int n = 0, nc = 0, nu = 0, upc = 0;
  void set(const CandidateGrid& g) {
    n = g.n();
    nc = g.cell_count();
    nu = g.unit_count();
    upc = g.units_per_cell();
  }
};

// The working state: candidates of the empty cells (0 once placed) and the placed digits.
template <int kN>
struct Board : Dims<kN> {
  using Dims<kN>::n;
  using Dims<kN>::nc;
  using Dims<kN>::nu;
  using Dims<kN>::upc;
  const CandidateGrid* g = nullptr;
  int empty = 0;
  std::vector<Mask> cand;
  std::vector<std::uint8_t> val;
  std::vector<int> todo;  // cells left one candidate, to place
  bool dead = false;      // a cell left without a candidate: no solution
  // The houses changed since singles last looked for hidden singles (fresh) and since
  // locking last counted their positions (stale), one bit per house; every bit set when
  // the board has more than 64 houses. cell_houses[c]: the bits of c's houses.
  std::uint64_t fresh = 0, stale = 0, all_houses = 0;
  std::vector<std::uint64_t> cell_houses;
  const int* houses_of = nullptr;  // the layout cell_houses was made for

  // The layout of `grid`'s board (its houses, peers and crossings; not its candidates).
  void lay_out(const CandidateGrid& grid) {
    g = &grid;
    this->set(grid);
    if (houses_of != grid.unit(0)) {
      houses_of = grid.unit(0);
      all_houses = nu >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << nu) - 1;
      cell_houses.assign(static_cast<std::size_t>(nc), nu > 64 ? all_houses : 0);
      for (int c = 0; c < nc && nu <= 64; ++c) {
        for (int k = 0; k < upc; ++k) {
          const int u = grid.unit_of(c, k);
          if (u < nu) cell_houses[c] |= std::uint64_t{1} << u;
        }
      }
    }
    fresh = stale = all_houses;
    todo.clear();
    dead = false;
  }
  // The empty cells' naked singles to place, or a cell without a candidate.
  void note_singles() {
    for (int c = 0; c < nc; ++c) {
      if (val[c]) {
        cand[c] = 0;
      } else if (popcount(cand[c]) == 1) {
        todo.push_back(c);
      } else if (cand[c] == 0) {
        dead = true;
      }
    }
  }
  // grid's state; with `meet` (a FloorFixpoint's cells), the meet of the two: each empty
  // cell keeps the candidates both hold.
  void load(const CandidateGrid& grid, const Mask* meet = nullptr) {
    lay_out(grid);
    cand.assign(grid.cand_table(), grid.cand_table() + nc);
    if (meet) {
      for (int c = 0; c < nc; ++c) cand[c] &= meet[c];
    }
    val.resize(static_cast<std::size_t>(nc));
    for (int c = 0; c < nc; ++c) val[c] = static_cast<std::uint8_t>(grid.value(c));
    note_singles();
    empty = grid.empty_count();
  }
  // Keeps the state b holds, a fixpoint of `rules`, as fix.
  void save(const FloorRules& rules, FloorFixpoint& fix) const {
    fix.cells.resize(static_cast<std::size_t>(nc));
    for (int c = 0; c < nc; ++c) fix.cells[c] = val[c] ? Mask{1} << val[c] : cand[c];
    fix.rules = rules;
    fix.valid = true;
  }
  // The state CandidateGrid(puzzle) starts from (each empty cell's candidates: the values
  // not given in its houses), on the layout of `shape`, a grid of puzzle's board. False
  // when a given is out of range or repeats one of its houses (that constructor throws).
  bool load(const CandidateGrid& shape, const Grid& puzzle) {
    lay_out(shape);
    seen.assign(static_cast<std::size_t>(nu), 0);
    val.resize(static_cast<std::size_t>(nc));
    cand.assign(static_cast<std::size_t>(nc), 0);
    // The empty cells from the front of `order`, the givens from its back, without a
    // branch per cell (given or not is data-dependent, so mispredicted).
    order.resize(static_cast<std::size_t>(nc));
    int front = 0, back = nc;
    for (int c = 0; c < nc; ++c) {
      const int v = puzzle[c];
      val[c] = static_cast<std::uint8_t>(v);
      const int given = v != 0;
      back -= given;
      order[given ? back : front] = c;
      front += 1 - given;
    }
    empty = front;
    for (int j = front; j < nc; ++j) {
      const int c = order[j], v = val[c];
      if (v < 1 || v > n) return false;
      const Mask bit = Mask{1} << v;
      for (int k = 0; k < upc; ++k) {
        const int u = g->unit_of(c, k);
        if (u >= nu) continue;
        if (seen[u] & bit) return false;
        seen[u] |= bit;
      }
    }
    // Each empty cell's candidates; its naked single queued, or no candidate told.
    const Mask all = ((Mask{1} << (n + 1)) - 1) & ~Mask{1};
    for (int j = 0; j < front; ++j) {
      const int c = order[j];
      Mask taken = 0;
      for (int k = 0; k < upc; ++k) {
        const int u = g->unit_of(c, k);
        if (u < nu) taken |= seen[u];
      }
      const Mask m = all & ~taken;
      cand[c] = m;
      if (popcount(m) == 1) {
        todo.push_back(c);
      } else if (m == 0) {
        dead = true;
      }
    }
    return true;
  }
  std::vector<int> order;  // load: the empty cells, then the givens
  std::vector<Mask> seen;  // [u]: the values given in house u
  void eliminate(int c, int d) {
    const Mask bit = Mask{1} << d;
    if (!(cand[c] & bit)) return;
    cand[c] &= ~bit;
    fresh |= cell_houses[c];
    stale |= cell_houses[c];
    if (!cand[c]) dead = true;
    if (!(cand[c] & (cand[c] - 1))) todo.push_back(c);
  }
  void place(int c, int d) {
    val[c] = static_cast<std::uint8_t>(d);
    cand[c] = 0;
    fresh |= cell_houses[c];
    stale |= cell_houses[c];
    --empty;
    for (int p : g->peers(c)) eliminate(p, d);
  }
  // Naked and hidden singles to their fixpoint; false on a contradiction. Hidden singles
  // are looked for only in the houses changed since the last look (one unchanged since a
  // look that found none still has none).
  bool singles() {
    const bool every = nu > 64;
    for (;;) {
      while (!todo.empty() && !dead) {
        const int c = todo.back();
        todo.pop_back();
        if (!val[c] && cand[c]) place(c, lowest(cand[c]));
      }
      if (dead) return false;
      if (empty == 0) return true;
      bool placed = false;
      const std::uint64_t look = fresh;
      fresh = 0;
      const auto look_at = [&](int u) {
        const int* cells = g->unit(u);
        // (A house left without a place for a digit is not told: the singles then stall,
        // or leave a cell empty, short of a full grid.)
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
              place(c, d);
              placed = true;
              break;
            }
          }
        }
      };
      // The changed houses by their bits (a test per house would be data-dependent).
      if (every) {
        for (int u = 0; u < nu && !dead; ++u) look_at(u);
      } else {
        for (std::uint64_t y = look; y && !dead; y &= y - 1) look_at(std::countr_zero(y));
      }
      if (dead) return false;
      if (!placed && todo.empty()) return true;
    }
  }

  // Positions of each digit in unit u (bit k: the unit's k-th cell), pos[1..n].
  void positions(int u, Mask* pos) const {
    const int* cells = g->unit(u);
    if constexpr (kN == 9) {
      // Without a branch per candidate (their counts vary, so such loops mispredict): each
      // cell's digits 1-5 and 6-9 spread to bits 12 (d - 1) and 12 (d - 6) (kSpread),
      // shifted by k.
      std::uint64_t low = 0, high = 0;
      for (int k = 0; k < 9; ++k) {
        const Spread& s = kSpread[cand[cells[k]] >> 1 & 0x1FF];
        low |= s.low << k;
        high |= s.high << k;
      }
      for (int d = 1; d <= 5; ++d) pos[d] = static_cast<Mask>(low >> 12 * (d - 1) & 0x1FF);
      for (int d = 6; d <= 9; ++d) pos[d] = static_cast<Mask>(high >> 12 * (d - 6) & 0x1FF);
      return;
    }
    for (int d = 1; d <= n; ++d) pos[d] = 0;
    for (int k = 0; k < n; ++k) {
      for (Mask m = cand[cells[k]]; m; m &= m - 1) pos[lowest(m)] |= Mask{1} << k;
    }
  }

  // The crossings of the rows, columns and boxes, kept while the boards share their
  // layout (crossings_of): for each unit, the units of the other kind (box / line) it
  // crosses, with the positions of the crossing in each.
  struct Crossing {
    int other;
    Mask here, there;
  };
  const int* crossings_of = nullptr;
  std::vector<int> crossing_begin;
  std::vector<Crossing> crossings;
  std::vector<std::uint64_t> crossed;  // [u]: the bits of the units u crosses (3n <= 64)
  // [(u * n + k) * 2 + j]: the crossings of u holding its k-th cell (a line's one box, a
  // box's row and column; -1 past them).
  std::vector<int> crossing_at;
  // 9x9 boards: [u * 512 + p], for positions p of a digit in unit u, bit j set when p has
  // two places or more, all in crossing_at's j-th crossing of p's first cell.
  std::vector<std::uint8_t> confined_in;
  std::vector<Mask> upos;  // [u * (n + 1) + d]: positions of d in unit u (after locking)
  void list_crossings() {
    if (crossings_of == g->unit(0)) return;
    crossings_of = g->unit(0);
    crossing_begin.assign(static_cast<std::size_t>(3 * n + 1), 0);
    crossings.clear();
    crossed.assign(static_cast<std::size_t>(3 * n), 0);
    for (int u = 0; u < 3 * n; ++u) {
      crossing_begin[u] = static_cast<int>(crossings.size());
      const bool box = u >= 2 * n;
      for (int v = box ? 0 : 2 * n; v < (box ? 2 * n : 3 * n); ++v) {
        if (!g->inter(u, v)) continue;
        crossings.push_back(Crossing{v, g->inter(u, v), g->inter(v, u)});
        if (3 * n <= 64) crossed[u] |= std::uint64_t{1} << v;
      }
    }
    crossing_begin[3 * n] = static_cast<int>(crossings.size());
    crossing_at.assign(static_cast<std::size_t>(3 * n) * n * 2, -1);
    for (int u = 0; u < 3 * n; ++u) {
      for (int i = crossing_begin[u]; i < crossing_begin[u + 1]; ++i) {
        for (Mask y = crossings[i].here; y; y &= y - 1) {
          int* at = &crossing_at[(static_cast<std::size_t>(u) * n + lowest(y)) * 2];
          at[at[0] >= 0] = i;
        }
      }
    }
    if constexpr (kN == 9) {
      confined_in.assign(27 * 512, 0);
      for (int u = 0; u < 27; ++u) {
        for (Mask p = 3; p < 512; ++p) {
          if (!(p & (p - 1))) continue;
          const int* at = &crossing_at[(static_cast<std::size_t>(u) * 9 + lowest(p)) * 2];
          for (int j = 0; j < 2 && at[j] >= 0; ++j) {
            if (!(p & ~crossings[at[j]].here)) confined_in[u * 512 + p] |= 1 << j;
          }
        }
      }
    }
  }

  // Pointing and claiming between the boxes and the lines: d of unit u confined to its
  // crossing with v leaves the rest of v. Only the units changed since the last call, or
  // crossing one that changed, are looked at: that call applied every locking its start
  // state had (positions only shrink within a call, so a confinement stays seen and the
  // rest of v is a superset of what is left), and one over two unchanged houses is the
  // same.
  bool locking() {
    list_crossings();
    const int n1 = n + 1;
    upos.resize(static_cast<std::size_t>(nu) * n1);
    const bool every = nu > 64;
    const std::uint64_t lines_boxes =
        3 * n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (3 * n)) - 1;
    const std::uint64_t changed = stale & lines_boxes;
    stale &= ~lines_boxes;
    // f(u) for the rows, columns and boxes in `bits` (all of them past 64 houses), by the
    // bits (a test per unit would be data-dependent).
    const auto for_units = [&](std::uint64_t bits, auto&& f) {
      if (every) {
        for (int u = 0; u < 3 * n; ++u) f(u);
      } else {
        for (; bits; bits &= bits - 1) f(std::countr_zero(bits));
      }
    };
    for_units(changed, [&](int u) { positions(u, &upos[static_cast<std::size_t>(u) * n1]); });
    bool removed = false;
    // The units changed or crossing one that changed (crossing is symmetric; crossed is
    // kept up to 64 houses).
    std::uint64_t visit = changed;
    for (std::uint64_t y = every ? 0 : changed; y; y &= y - 1) visit |= crossed[std::countr_zero(y)];
    for_units(visit, [&](int u) {
      const Mask* pu = &upos[static_cast<std::size_t>(u) * n1];
      // d of u in two or more places, all in the crossing x: rest of x.other loses d. (A
      // confinement of u only changes other units' positions, so those of u can be
      // tested at once.)
      const auto lock = [&](int d, const Crossing& x) {
        Mask& rest = upos[static_cast<std::size_t>(x.other) * n1 + d];
        const Mask gone = rest & ~x.there;
        if (!gone) return;
        const int* cells = g->unit(x.other);
        for (Mask y = gone; y; y &= y - 1) eliminate(cells[lowest(y)], d);
        rest &= x.there;
        removed = true;
      };
      if constexpr (kN == 9) {
        // Without a branch per digit (whether d is confined is data-dependent, and so
        // mispredicted): bit 2d + j when d is confined to the j-th crossing holding its
        // first place.
        std::uint32_t confined = 0;
        const std::uint8_t* in = &confined_in[static_cast<std::size_t>(u) * 512];
        for (int d = 1; d <= 9; ++d) confined |= static_cast<std::uint32_t>(in[pu[d]]) << (2 * d);
        for (; confined; confined &= confined - 1) {
          const int bit = std::countr_zero(confined), d = bit >> 1;
          lock(d, crossings[crossing_at[(static_cast<std::size_t>(u) * 9 + lowest(pu[d])) * 2 +
                                        (bit & 1)]]);
        }
        return;
      }
      for (int d = 1; d <= n; ++d) {
        const Mask p = pu[d];
        if (!(p & (p - 1))) continue;
        // Confined to a crossing: to one holding its first cell.
        const int* at = &crossing_at[(static_cast<std::size_t>(u) * n + lowest(p)) * 2];
        for (int j = 0; j < 2 && at[j] >= 0; ++j) {
          const Crossing& x = crossings[at[j]];
          if (!(p & ~x.here)) lock(d, x);
        }
      }
    });
    return removed || dead;
  }

  // Calls f(members, uni) for every choice of 2..kmax entries of source[0..count), each
  // of 2..kmax bits, whose union uni has as many bits as entries chosen (members: the
  // chosen entries' indices, as a bit set).
  template <class F>
  static void locked_sets(const Mask* source, int count, int kmax, F&& f) {
    struct Rec {
      Mask items[32];
      int which[32];
      int m = 0, kmax = 0;
      F* f = nullptr;
      void go(int start, int depth, Mask uni, Mask members) {
        for (int i = start; i < m; ++i) {
          const Mask u2 = uni | items[i];
          if (popcount(u2) > kmax) continue;
          const Mask m2 = members | (Mask{1} << which[i]);
          if (depth + 1 >= 2 && popcount(u2) == depth + 1) (*f)(m2, u2);
          if (depth + 1 < kmax) go(i + 1, depth + 1, u2, m2);
        }
      }
    } rec;
    rec.kmax = kmax;
    rec.f = &f;
    for (int i = 0; i < count; ++i) {
      const int pc = popcount(source[i]);
      if (pc >= 2 && pc <= kmax) {
        rec.items[rec.m] = source[i];
        rec.which[rec.m++] = i;
      }
    }
    rec.go(0, 0, 0, 0);
  }

  // Naked sets (up to `naked` cells) and hidden sets (up to `hidden` digits) in the rows,
  // columns and boxes.
  bool subsets(int naked, int hidden) {
    bool removed = false;
    Mask row[32], pos[33];
    for (int u = 0; u < 3 * n; ++u) {
      const int* cells = g->unit(u);
      // A set of more than half the empty cells is the complement of a smaller one of the
      // other kind with the same removals.
      int open = 0;
      for (int k = 0; k < n; ++k) {
        row[k] = cand[cells[k]];
        open += row[k] != 0;
      }
      const int naked_top = std::min(naked, open / 2), hidden_top = std::min(hidden, open / 2);
      if (naked_top >= 2) {
        locked_sets(row, n, naked_top, [&](Mask in, Mask digits) {
          for (int k = 0; k < n; ++k) {
            if ((in >> k) & 1) continue;
            for (Mask y = cand[cells[k]] & digits; y; y &= y - 1) {
              eliminate(cells[k], lowest(y));
              removed = true;
            }
          }
        });
      }
      if (hidden_top >= 2) {
        positions(u, pos);
        // pos[1..n]: entry i of the set is digit i + 1.
        locked_sets(pos + 1, n, hidden_top, [&](Mask members, Mask places) {
          const Mask digits = members << 1;
          for (Mask p = places; p; p &= p - 1) {
            const int c = cells[lowest(p)];
            for (Mask y = cand[c] & ~digits; y; y &= y - 1) {
              eliminate(c, lowest(y));
              removed = true;
            }
          }
        });
      }
    }
    return removed || dead;
  }

  // Fish of 2..degree base lines, rows as base then columns.
  bool fish(int degree) {
    bool removed = false;
    Mask lines[32];
    for (int d = 1; d <= n; ++d) {
      const Mask bit = Mask{1} << d;
      // A fish of more than half the lines where d is open is the complement of a smaller
      // one (the other cover lines as base) with the same removals.
      int open = 0;
      for (int i = 0; i < n; ++i) {
        const int* cells = g->unit(i);
        Mask in = 0;
        for (int k = 0; k < n; ++k) in |= cand[cells[k]];
        open += (in & bit) != 0;
      }
      const int top = std::min(degree, open / 2);
      if (top < 2) continue;
      for (int by_cols = 0; by_cols < 2; ++by_cols) {
        const int base0 = by_cols ? n : 0, cover0 = by_cols ? 0 : n;
        for (int i = 0; i < n; ++i) {
          const int* cells = g->unit(base0 + i);
          Mask p = 0;  // the cover lines of d in base line i
          for (int k = 0; k < n; ++k) {
            if (cand[cells[k]] & bit) p |= Mask{1} << k;
          }
          lines[i] = p;
        }
        locked_sets(lines, n, top, [&](Mask base, Mask covers) {
          for (Mask y = covers; y; y &= y - 1) {
            const int* cells = g->unit(cover0 + lowest(y));
            for (int k = 0; k < n; ++k) {
              if ((base >> k) & 1) continue;
              if (cand[cells[k]] & bit) {
                eliminate(cells[k], d);
                removed = true;
              }
            }
          }
        });
      }
    }
    return removed || dead;
  }

  // XY-wings: a bivalue pivot {x,y} seeing bivalue wings {x,z} and {y,z}; z leaves the
  // cells seeing both wings.
  bool xy_wings() {
    bool removed = false;
    for (int p = 0; p < nc; ++p) {
      const Mask pm = cand[p];
      if (popcount(pm) != 2) continue;
      const std::vector<int>& peers = g->peers(p);
      for (std::size_t i = 0; i < peers.size(); ++i) {
        const int w1 = peers[i];
        const Mask m1 = cand[w1];
        if (popcount(m1) != 2 || popcount(m1 & pm) != 1) continue;
        const Mask z = m1 & ~pm;
        for (std::size_t j = i + 1; j < peers.size(); ++j) {
          const int w2 = peers[j];
          if (cand[w2] != (z | (pm & ~m1))) continue;
          const int zd = lowest(z);
          for (int c : g->peers(w1)) {
            if (c != w2 && (cand[c] & z) && g->sees(c, w2)) {
              eliminate(c, zd);
              removed = true;
            }
          }
        }
      }
    }
    return removed || dead;
  }

  // Contradiction chains over the static links: reachability between "on" literals
  // (on(a) reaches on(b) through a weak link a-w and a strong link w-b); c goes when some
  // on(a) it reaches is weakly linked to c. Every link ends at a "paired" candidate (one
  // end of a strong link), so the sets are over the paired candidates only, numbered
  // cell by cell (pbase, pmask); the unpaired live candidates are tested apart (no set
  // names them). chain_pass works on the reverse relation (reach, closure).
  std::vector<Mask> pmask;                 // [c]: the cell's paired candidates
  std::vector<Mask> two_places;            // [u]: the digits with two places in house u
  struct Node {
    int cell, digit;
  };
  std::vector<Node> node_of;  // [paired]: its cell and digit
  std::vector<int> pbase;                  // [c]: the number of the cell's first paired candidate
  std::vector<std::uint64_t> by_house;     // [(u * (n + 1) + d) * words]: paired d in u
  std::vector<std::uint64_t> strong;       // [paired][words]: its strong partners
  std::vector<std::uint64_t> weak, reach;  // [paired][words]: weak links, reverse one step
  std::vector<std::uint64_t> closure;      // [component][words]: every node reaching it
  std::vector<int> pairs;                  // the strong links, two numbers each
  std::vector<int> house_group;            // [paired * upc + k]: see chain_pass
  std::vector<std::uint64_t> group_sets;   // [group][2][words]: see chain_pass
  std::vector<std::uint64_t> hits;         // one or two sets (chain_pass)
  // A cursor over a row of `reach`: the word at x, less the bits already walked.
  struct RowCursor {
    int x;
    std::uint64_t bits;
  };
  StrongComponentWalk<RowCursor> walk;
  std::vector<int> merged;           // [component]: the last component its closure joined
  std::vector<std::uint64_t> links;  // a component's members' links
  // Tarjan's strong components of nodes [0, nodes) (rows `reach`, which name only those
  // nodes), each component's closure made as it finishes (after every one it reaches):
  // its members' links and the closures of the components they name. (Over the reverse
  // relation, every node that reaches the component.)
  // kWords > 0: the sets' fixed word count (words == kWords); 0: `words` words.
  template <int kWords>
  void strong_components(int nodes, int words_any) {
    const int words = kWords > 0 ? kWords : words_any;
    walk.reset(nodes);
    merged.assign(static_cast<std::size_t>(nodes), -1);
    closure.resize(static_cast<std::size_t>(nodes) * words);
    const int* const comp = walk.components();
    const auto row = [&](int v) { return &reach[static_cast<std::size_t>(v) * words]; };
    const auto first = [&](int v) { return RowCursor{0, row(v)[0]}; };
    const auto next = [&](int v, RowCursor& e, int& w) {
      while (!e.bits && ++e.x < words) e.bits = row(v)[e.x];
      if (e.x >= words) return false;
      w = e.x * 64 + std::countr_zero(e.bits);
      e.bits &= e.bits - 1;
      return true;
    };
    const auto done = [&](const int* begin, const int* end, int k) {
      std::uint64_t* cl = &closure[static_cast<std::size_t>(k) * words];
      std::fill(cl, cl + words, 0);
      for (const int* p = begin; p != end; ++p) {
        const std::uint64_t* r = row(*p);
        for (int x = 0; x < words; ++x) cl[x] |= r[x];
      }
      // Each component reached once (the members' links, not what they add, name them).
      links.assign(cl, cl + words);
      for (int x = 0; x < words; ++x) {
        for (std::uint64_t b = links[x]; b; b &= b - 1) {
          const int c = comp[x * 64 + std::countr_zero(b)];
          if (c == k || merged[c] == k) continue;
          merged[c] = k;
          const std::uint64_t* rc = &closure[static_cast<std::size_t>(c) * words];
          for (int y = 0; y < words; ++y) cl[y] |= rc[y];
        }
      }
    };
    for (int s = 0; s < nodes; ++s) {
      if (!walk.seen(s)) walk.walk(s, first, next, done);
    }
  }
  bool chains(bool lines_current) {
    const int n1 = n + 1;
    // The strong links: bivalue cells, and a digit's two places in a house.
    pmask.resize(static_cast<std::size_t>(nc));
    for (int c = 0; c < nc; ++c) pmask[c] = popcount(cand[c]) == 2 ? cand[c] : 0;
    // upos holds the rows', columns' and boxes' positions when locking has just found
    // nothing (lines_current); the other houses' are counted here.
    upos.resize(static_cast<std::size_t>(nu) * n1);
    for (int u = lines_current ? 3 * n : 0; u < nu; ++u) {
      positions(u, &upos[static_cast<std::size_t>(u) * n1]);
    }
    two_places.resize(static_cast<std::size_t>(nu));
    for (int u = 0; u < nu; ++u) {
      const Mask* pos = &upos[static_cast<std::size_t>(u) * n1];
      const int* cells = g->unit(u);
      // The digits first, without a branch each (two places or not is data-dependent).
      Mask two = 0;
      for (int d = 1; d <= n; ++d) two |= static_cast<Mask>(popcount(pos[d]) == 2) << d;
      two_places[u] = two;
      for (Mask y = two; y; y &= y - 1) {
        const int d = lowest(y);
        const Mask p = pos[d];
        pmask[cells[lowest(p)]] |= Mask{1} << d;
        pmask[cells[lowest(p & (p - 1))]] |= Mask{1} << d;
      }
    }
    pbase.resize(static_cast<std::size_t>(nc) + 1);
    int paired = 0, live = 0;
    for (int c = 0; c < nc; ++c) {
      pbase[c] = paired;
      paired += popcount(pmask[c]);
      live += popcount(cand[c]);
    }
    pbase[nc] = paired;
    if (paired == 0) return false;
    // Most states have at most 64 paired candidates: one word, known to the compiler.
    const int words = (paired + 63) / 64;
    return words == 1   ? chain_pass<1>(paired, live, 1)
           : words == 2 ? chain_pass<2>(paired, live, 2)
                        : chain_pass<0>(paired, live, words);
  }
  // One pass of the chain rule, the paired candidates numbered (pmask, pbase). It works on
  // the reverse relation: "a reaches b in one step" when a is weakly linked to a strong
  // partner of b, so b's row is the union of its partners' weak rows (a strong link or
  // two per candidate, where the forward rows take one per weak link). Its closure,
  // cl_of(a), holds the nodes that reach a; the weak links being symmetric, i reaches a
  // node weakly linked to it when some a has i in cl_of(a) and in its weak row.
  template <int kWords>
  bool chain_pass(int paired, int live, int words_any) {
    const int words = kWords > 0 ? kWords : words_any;
    const int n1 = n + 1;
    const auto id = [&](int c, int d) {
      return pbase[c] + popcount(pmask[c] & ((Mask{1} << d) - 1));
    };
    const auto set = [&](std::uint64_t* s, int row, int bit) {
      s[static_cast<std::size_t>(row) * words + bit / 64] |= std::uint64_t{1} << (bit % 64);
    };
    const auto row = [&](std::vector<std::uint64_t>& v, int i) {
      return &v[static_cast<std::size_t>(i) * words];
    };
    strong.assign(static_cast<std::size_t>(paired) * words, 0);
    // All 0 between passes, as group_sets below.
    by_house.resize(static_cast<std::size_t>(nu) * n1 * words);
    // Each paired candidate is in at most one bivalue cell and upc houses.
    pairs.resize(static_cast<std::size_t>(paired) * (upc + 1) * 2);
    int npairs = 0;
    const auto pair = [&](int a, int b) {
      set(strong.data(), a, b);
      set(strong.data(), b, a);
      pairs[npairs++] = a;
      pairs[npairs++] = b;
    };
    node_of.resize(static_cast<std::size_t>(paired));
    // [i * upc + k]: the house group (u * (n + 1) + d) of paired i's k-th house, -1 past them.
    house_group.resize(static_cast<std::size_t>(paired) * upc);
    for (int c = 0; c < nc; ++c) {
      const Mask m = pmask[c];
      if (!m) continue;
      if (m == cand[c] && popcount(m) == 2) pair(pbase[c], pbase[c] + 1);
      int i = pbase[c];
      for (Mask y = m; y; y &= y - 1, ++i) {
        const int d = lowest(y);
        node_of[i] = Node{c, d};
        for (int k = 0; k < upc; ++k) {
          const int u = g->unit_of(c, k);
          const int gr = u < nu ? u * n1 + d : -1;
          house_group[static_cast<std::size_t>(i) * upc + k] = gr;
          if (gr >= 0) set(by_house.data(), gr, i);
        }
      }
    }
    for (int u = 0; u < nu; ++u) {
      const int* cells = g->unit(u);
      for (Mask y = two_places[u]; y; y &= y - 1) {
        const int d = lowest(y);
        const Mask p = upos[static_cast<std::size_t>(u) * n1 + d];
        pair(id(cells[lowest(p)], d), id(cells[lowest(p & (p - 1))], d));
      }
    }
    // Per paired candidate: its weak links to the others (the house sets of its digit and
    // its cell's paired candidates, less itself).
    weak.resize(static_cast<std::size_t>(paired) * words);
    for (int i = 0; i < paired; ++i) {
      std::uint64_t* wi = row(weak, i);
      std::fill(wi, wi + words, 0);
      for (int k = 0; k < upc; ++k) {
        const int gr = house_group[static_cast<std::size_t>(i) * upc + k];
        if (gr < 0) continue;
        const std::uint64_t* h = row(by_house, gr);
        for (int x = 0; x < words; ++x) wi[x] |= h[x];
      }
      // The cell's paired candidates: consecutive numbers, over two words at most.
      const int c = node_of[i].cell;
      const int lo = pbase[c], len = pbase[c + 1] - lo, at = lo % 64;
      const std::uint64_t run = (std::uint64_t{1} << len) - 1;
      wi[lo / 64] |= run << at;
      if (at + len > 64) wi[lo / 64 + 1] |= run >> (64 - at);
      wi[i / 64] &= ~(std::uint64_t{1} << (i % 64));
    }
    for (int i = 0; i < paired; ++i) {
      for (int k = 0; k < upc; ++k) {
        const int gr = house_group[static_cast<std::size_t>(i) * upc + k];
        if (gr >= 0) std::fill_n(row(by_house, gr), words, 0);
      }
    }
    // The reverse one-step relation: a strong link a-b puts a's weak links in b's row and
    // b's in a's (a link met in two houses twice, to no effect).
    reach.assign(static_cast<std::size_t>(paired) * words, 0);
    for (int p = 0; p < npairs; p += 2) {
      const int a = pairs[p], b = pairs[p + 1];
      std::uint64_t* ra = row(reach, a);
      std::uint64_t* rb = row(reach, b);
      const std::uint64_t* wa = row(weak, a);
      const std::uint64_t* wb = row(weak, b);
      for (int x = 0; x < words; ++x) {
        rb[x] |= wa[x];
        ra[x] |= wb[x];
      }
    }
    // cl_of(a): every node that reaches a (one step or more).
    if constexpr (kWords == 1) {
      // Warshall's closure: at most 64 nodes, where its N^2 steps without a branch cost
      // about as many instructions as Tarjan's walk and spare the walk's mispredicted edge
      // loops (grader/PERF_NOTES.md, session 27).
      closure.assign(reach.begin(), reach.begin() + paired);
      close_rows(closure.data(), paired);
    } else {
      strong_components<kWords>(paired, words);
    }
    const auto cl_of = [&](int i) {
      return &closure[static_cast<std::size_t>(kWords == 1 ? i : walk.component(i)) * words];
    };
    // The paired ones: i goes when some a weakly linked to i has i in cl_of(a).
    bool removed = false;
    hits.assign(static_cast<std::size_t>(words), 0);
    for (int a = 0; a < paired; ++a) {
      const std::uint64_t* ca = cl_of(a);
      const std::uint64_t* wa = row(weak, a);
      for (int x = 0; x < words; ++x) hits[x] |= ca[x] & wa[x];
    }
    for (int x = 0; x < words; ++x) {
      for (std::uint64_t y = hits[x]; y; y &= y - 1) {
        const Node& v = node_of[static_cast<std::size_t>(x * 64 + std::countr_zero(y))];
        eliminate(v.cell, v.digit);
        removed = true;
      }
    }
    if (live == paired) return removed || dead;
    // An unpaired candidate u, which nothing reaches, reaches the strong partners of the
    // paired ones weakly linked to it (those in its groups: its digit in its houses, and
    // its cell), and what they reach; u goes when one of those reaches, or is, a paired
    // one weakly linked to it. A paired candidate reaches itself (its strong partner is
    // also weakly linked to it), so per group ([group][2][words]) the union of its
    // members' strong partners, and of the nodes reaching its members; u goes when the
    // first over its groups meets the second. (The groups' sets are all 0 between passes:
    // a pass clears those it used.)
    const int cells_at = nu * n1;
    group_sets.resize(static_cast<std::size_t>(cells_at + nc) * 2 * words);
    const auto add = [&](int gr, int a) {
      std::uint64_t* s = &group_sets[static_cast<std::size_t>(gr) * 2 * words];
      const std::uint64_t* sa = row(strong, a);
      const std::uint64_t* ca = cl_of(a);
      for (int x = 0; x < words; ++x) {
        s[x] |= sa[x];
        s[words + x] |= ca[x];
      }
    };
    for (int a = 0; a < paired; ++a) {
      for (int k = 0; k < upc; ++k) {
        const int gr = house_group[static_cast<std::size_t>(a) * upc + k];
        if (gr >= 0) add(gr, a);
      }
      add(cells_at + node_of[a].cell, a);
    }
    hits.assign(static_cast<std::size_t>(2 * words), 0);
    std::uint64_t* const partners = hits.data();
    std::uint64_t* const reaching = partners + words;
    for (int c = 0; c < nc; ++c) {
      const Mask open = cand[c] & ~pmask[c];
      if (!open) continue;
      for (Mask y = open; y; y &= y - 1) {
        const int d = lowest(y);
        const std::uint64_t* s = &group_sets[static_cast<std::size_t>(cells_at + c) * 2 * words];
        for (int x = 0; x < 2 * words; ++x) partners[x] = s[x];
        for (int k = 0; k < upc; ++k) {
          const int u = g->unit_of(c, k);
          if (u >= nu) continue;
          s = &group_sets[static_cast<std::size_t>(u * n1 + d) * 2 * words];
          for (int x = 0; x < 2 * words; ++x) partners[x] |= s[x];
        }
        bool hit = false;
        for (int x = 0; x < words; ++x) hit |= (partners[x] & reaching[x]) != 0;
        if (hit) {
          eliminate(c, d);
          removed = true;
        }
      }
    }
    for (int a = 0; a < paired; ++a) {
      for (int k = 0; k < upc; ++k) {
        const int gr = house_group[static_cast<std::size_t>(a) * upc + k];
        if (gr >= 0) std::fill_n(&group_sets[static_cast<std::size_t>(gr) * 2 * words], 2 * words, 0);
      }
      std::fill_n(&group_sets[static_cast<std::size_t>(cells_at + node_of[a].cell) * 2 * words],
                  2 * words, 0);
    }
    return removed || dead;
  }
};

template <int kN>
Board<kN>& scratch() {
  thread_local Board<kN> b;
  return b;
}

// Whether the rules solve the state b was loaded with.
template <int kN>
bool closure_of(Board<kN>& b, const FloorRules& rules) {
  for (;;) {
    if (!b.singles()) return false;
    if (b.empty == 0) return true;
    // The cheapest family that removes anything, then singles again.
    if (rules.locking && b.locking()) continue;
    // Pairs, X-wings and XY-wings are chains: with the chains, those go first.
    if (!rules.chains) {
      if ((rules.naked >= 2 || rules.hidden >= 2) &&
          b.subsets(rules.naked >= 2 ? 2 : 0, rules.hidden >= 2 ? 2 : 0))
        continue;
      if (rules.fish >= 2 && b.fish(2)) continue;
      if (rules.xy_wing && b.xy_wings()) continue;
    } else if (b.chains(rules.locking)) {
      continue;
    }
    if ((rules.naked >= 3 || rules.hidden >= 3) && b.subsets(rules.naked, rules.hidden)) continue;
    if (rules.fish >= 3 && b.fish(rules.fish)) continue;
    return false;
  }
}

}  // namespace

FloorRules floor_rules(int n, int live, int floor, bool chains_tried) {
  FloorRules r;
  r.locking = kLockingTop < floor;
  const auto degree = [&](int family) {
    return kQuadTop < floor ? 4 : kTripleTop[family] < floor ? 3 : kPairTop[family] < floor ? 2 : 0;
  };
  r.naked = degree(0);
  r.fish = degree(1);
  r.hidden = degree(2);
  r.xy_wing = kXYWingTop < floor;
  // Only up to 9x9, where the static chains' search is the breadth-first one over all
  // sources whose completeness floor_closure.h relies on (larger boards search per source).
  if (chains_tried && kBeforeChains < floor && n <= 9) {
    r.chains = kChainBase + length_difficulty(2 * live) < floor;
  }
  return r;
}

FloorRules floor_rules(const CandidateGrid& g, int floor, bool chains_tried) {
  int live = 0;
  for (int c = 0; c < g.cell_count(); ++c) live += g.value(c) ? 0 : popcount(g.cand(c));
  return floor_rules(g.n(), live, floor, chains_tried);
}

FloorRules floor_test_rules(const FloorRules& rules) {
  return rules.chains ? rules : FloorRules{};
}

bool closure_solves(const CandidateGrid& g, const FloorRules& rules) {
  const auto run = [&](auto& b) {
    b.load(g);
    return closure_of(b, rules);
  };
  return Dims<9>::fits(g) ? run(scratch<9>()) : run(scratch<0>());
}

bool closure_solves(const CandidateGrid& g, const FloorRules& rules, FloorFixpoint& fix) {
  const bool meet = fix.valid && fix.rules == rules;
  const auto run = [&](auto& b) {
    b.load(g, meet ? fix.cells.data() : nullptr);
    if (closure_of(b, rules)) return true;
    b.save(rules, fix);
    return false;
  };
  return Dims<9>::fits(g) ? run(scratch<9>()) : run(scratch<0>());
}

bool fixpoint_stands(const CandidateGrid& g, const FloorRules& rules, const FloorFixpoint& fix) {
  if (!fix.valid || !(fix.rules == rules)) return false;
  const Mask* const gc = g.cand_table();
  const Mask* const hc = fix.cells.data();
  // g >= H: each of H's cells holds only candidates of g's, a cell placed in g the same
  // value in H. (A cell's table entry is its candidates, or nothing when placed.)
  Mask out = 0;
  for (int c = 0; c < g.cell_count(); ++c) {
    const int v = g.value(c);
    out |= v ? hc[c] ^ (Mask{1} << v) : hc[c] & ~gc[c];
  }
  return out == 0;
}

bool fixpoint_is(const CandidateGrid& g, const FloorFixpoint& fix) {
  if (!fix.valid) return false;
  const Mask* const gc = g.cand_table();
  const Mask* const hc = fix.cells.data();
  Mask out = 0;
  for (int c = 0; c < g.cell_count(); ++c) {
    const int v = g.value(c);
    out |= hc[c] ^ (v ? Mask{1} << v : gc[c]);
  }
  return out == 0;
}

std::vector<Mask> chain_pass_removals(const CandidateGrid& g) {
  const auto run = [&](auto& b) {
    b.load(g);
    const std::vector<Mask> before = b.cand;
    b.chains(false);
    std::vector<Mask> out(before.size());
    for (std::size_t c = 0; c < out.size(); ++c) out[c] = before[c] & ~b.cand[c];
    return out;
  };
  return Dims<9>::fits(g) ? run(scratch<9>()) : run(scratch<0>());
}

namespace {

// A grid of puzzle's board without givens, for its layout (one per thread, of the board
// met last).
const CandidateGrid& shape_of(const Grid& puzzle) {
  thread_local std::optional<CandidateGrid> shape;
  if (!shape || !(shape->geo() == puzzle.geometry())) shape.emplace(Grid(puzzle.geometry()));
  return *shape;
}

}  // namespace

std::vector<Mask> givens_candidates(const Grid& puzzle) {
  const CandidateGrid& shape = shape_of(puzzle);
  const auto run = [&](auto& b) {
    return b.load(shape, puzzle) ? b.cand : std::vector<Mask>{};
  };
  return Dims<9>::fits(shape) ? run(scratch<9>()) : run(scratch<0>());
}

bool floor_rejects(const Grid& puzzle, int floor, bool chains_tried) {
  FloorFixpoint fix;
  return floor_rejects(puzzle, floor, chains_tried, fix);
}

bool floor_rejects(const Grid& puzzle, int floor, bool chains_tried, FloorFixpoint& fix) {
  const CandidateGrid* const shape = &shape_of(puzzle);
  fix.valid = false;
  const auto run = [&](auto& b) {
    if (!b.load(*shape, puzzle)) return false;
    int live = 0;
    for (int c = 0; c < b.nc; ++c) live += popcount(b.cand[c]);
    const FloorRules rules = floor_test_rules(floor_rules(b.n, live, floor, chains_tried));
    if (closure_of(b, rules)) return true;
    b.save(rules, fix);
    return false;
  };
  return Dims<9>::fits(*shape) ? run(scratch<9>()) : run(scratch<0>());
}

}  // namespace sudoforge::grader::detail
