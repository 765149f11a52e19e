// Target score by branch and bound over the exact-cover search.
//
// The search is the per-cell one (naked and hidden singles), branching on a cell with the
// fewest candidates, the heaviest such cell first, and trying high values first, so the
// first solutions found are near-optimal. A node whose upper bound is not above the best
// score found is cut. Two bounds, the smaller is used:
//  - rings (ring_bound): the weights are 6 + [in the central 7x7] + [5x5] + [3x3] +
//    [centre], so a full grid scores 2430 + S7 + S5 + S3 + S1 (S_k: the sum of the values
//    in the central k x k square). S3 = 45; S7 = 405 - (outer ring), and the outer ring is
//    rows 1 and 9 (45 each) plus columns 1 and 9 without their corners, each bounded below
//    by the smallest values its column still misses (or the same with rows and columns
//    swapped); S5 = 45 + (ring of weight 8), bounded above the same way by the largest
//    values missing in its four row/column segments; S1 by the centre's largest candidate.
//    On the empty grid this gives 2430 + 259 + 163 + 45 + 9 = 2906, and no grid can score
//    more. kWitness scores 2906; so does each of its 8 images under the symmetries of the
//    square (they keep every weight). A grid whose givens all agree with one of them has
//    2906 as its answer without a search (the empty grid among them: B&B alone does not
//    find a 2906 grid there in reasonable time, the bound being loose in mid-search).
//  - thresholds (threshold_bound): see there; it wins on some partial grids.
#include "sudoforge/solver/target_score.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>

#include "sudoforge/core/validate.h"

namespace sudoforge {
namespace {

constexpr int kCells = 81;
constexpr std::uint16_t kAll = 0x1FF;
constexpr int kMaximum = 2906;  // the ring bound of the empty grid (see above)
// A grid scoring kMaximum (found by this search with the givens the bound's equality
// cases force; checked independently in the tests).
constexpr char kWitness[] =
    "974521368582643197136879542358764921617392854249158736425987613791436285863215479";

// True when every given of `grid` agrees with kWitness under one of the 8 symmetries of
// the square.
bool agrees_with_witness(const Grid& grid) {
  for (int sym = 0; sym < 8; ++sym) {
    bool ok = true;
    for (int cell = 0; cell < kCells && ok; ++cell) {
      const int v = grid[cell];
      if (!v) continue;
      int r = cell / 9, c = cell % 9;
      if (sym & 1) std::swap(r, c);
      if (sym & 2) r = 8 - r;
      if (sym & 4) c = 8 - c;
      ok = kWitness[r * 9 + c] - '0' == v;
    }
    if (ok) return true;
  }
  return false;
}

struct Node {
  std::array<std::uint16_t, kCells> cand;  // candidates of empty cells, 0 once placed
  std::array<std::uint8_t, kCells> value;  // 1..9 once placed, else 0
  int unsolved;
  int score;
};

class TargetSearch {
 public:
  TargetSearch() : g_(3, 3) {
    for (int cell = 0; cell < kCells; ++cell) {
      weight_[cell] = target_weight(cell);
      const auto p = g_.peers(cell);
      std::copy(p.begin(), p.end(), peers_[cell].begin());
    }
    for (int cell = 0; cell < kCells; ++cell) by_weight_[cell] = cell;
    std::stable_sort(by_weight_.begin(), by_weight_.end(),
                     [&](int a, int b) { return weight_[a] > weight_[b]; });
    for (int u = 0; u < 27; ++u) {
      const auto cells = g_.unit(u);
      std::copy(cells.begin(), cells.end(), units_[u].begin());
      std::copy(cells.begin(), cells.end(), order_[u].begin());
      std::stable_sort(order_[u].begin(), order_[u].end(),
                       [&](int a, int b) { return weight_[a] > weight_[b]; });
    }
  }

  bool place(Node& s, int cell, int v) {
    const std::uint16_t bit = static_cast<std::uint16_t>(1u << (v - 1));
    if (!(s.cand[cell] & bit)) return false;
    s.cand[cell] = 0;
    s.value[cell] = static_cast<std::uint8_t>(v);
    --s.unsolved;
    s.score += v * weight_[cell];
    ++nodes_;
    for (int p : peers_[cell]) {
      if (s.value[p] == v) return false;
      if (s.cand[p] & bit) {
        s.cand[p] &= static_cast<std::uint16_t>(~bit);
        if (!s.cand[p]) return false;
      }
    }
    return true;
  }

  bool propagate(Node& s) {
    for (bool progress = true; progress && s.unsolved;) {
      progress = false;
      for (int cell = 0; cell < kCells; ++cell) {
        const std::uint16_t c = s.cand[cell];
        if (c && !(c & (c - 1))) {
          if (!place(s, cell, __builtin_ctz(c) + 1)) return false;
          progress = true;
        }
      }
      for (int u = 0; u < 27; ++u) {
        std::uint16_t once = 0, twice = 0, placed = 0;
        for (int cell : units_[u]) {
          const std::uint16_t c = s.cand[cell];
          twice |= once & c;
          once |= c;
          if (s.value[cell]) placed |= static_cast<std::uint16_t>(1u << (s.value[cell] - 1));
        }
        if ((once | placed) != kAll) return false;
        for (std::uint16_t h = once & ~twice & ~placed; h; h &= h - 1) {
          const int v = __builtin_ctz(h) + 1;
          int where = -1;
          for (int cell : units_[u]) {
            if (s.cand[cell] >> (v - 1) & 1) where = cell;
          }
          if (where < 0 || !place(s, where, v)) return false;
          progress = true;
        }
      }
    }
    return true;
  }

  // Score = sum over k = 1..9 of T_k, the total weight of the cells holding a value >= k.
  // In every unit those are exactly (number of values >= k) cells, so T_k is at most the sum
  // over the rows (or the columns, or the boxes) of: the placed cells with value >= k plus
  // the heaviest m empty cells that still have a candidate >= k, m being the count of
  // missing values >= k. The bound takes, for each k, the smallest of the three sums.
  // A unit with fewer such cells than m cannot be completed: the node is dead.
  int threshold_bound(const Node& s) const {
    std::array<std::uint8_t, kCells> top;  // largest candidate (or the value) per cell
    for (int cell = 0; cell < kCells; ++cell) {
      top[cell] = s.value[cell] ? s.value[cell]
                                : static_cast<std::uint8_t>(32 - __builtin_clz(s.cand[cell]));
    }
    int sums[3][10] = {};
    for (int u = 0; u < 27; ++u) {
      int* acc = sums[u / 9];
      std::uint16_t missing = kAll;
      for (int cell : order_[u]) {
        if (const int v = s.value[cell]) {
          missing &= static_cast<std::uint16_t>(~(1u << (v - 1)));
          for (int k = 1; k <= v; ++k) acc[k] += weight_[cell];
        }
      }
      for (int k = 1; k <= 9; ++k) {
        int m = __builtin_popcount(missing >> (k - 1));
        if (!m) break;
        for (int cell : order_[u]) {
          if (!s.value[cell] && top[cell] >= k) {
            acc[k] += weight_[cell];
            if (--m == 0) break;
          }
        }
        if (m) return -1;
      }
    }
    int total = 0;
    for (int k = 1; k <= 9; ++k) total += std::min({sums[0][k], sums[1][k], sums[2][k]});
    return total;
  }

  // The values unit u still misses.
  std::uint16_t missing(const Node& s, int u) const {
    std::uint16_t placed = 0;
    for (int cell : units_[u]) {
      if (s.value[cell]) placed |= static_cast<std::uint16_t>(1u << (s.value[cell] - 1));
    }
    return static_cast<std::uint16_t>(kAll & ~placed);
  }

  // Bounds on the sum of the values in cells[first..last) (stride apart) of unit u: the
  // placed values plus the largest (high) or smallest (!high) values the unit misses that
  // some empty cell of the segment still has as a candidate. False when too few remain.
  bool segment(const Node& s, int u, int first, int stride, int count, bool high, int* out) const {
    int sum = 0, empty = 0;
    std::uint16_t avail = 0;
    for (int i = 0, cell = first; i < count; ++i, cell += stride) {
      if (s.value[cell]) {
        sum += s.value[cell];
      } else {
        ++empty;
        avail |= s.cand[cell];
      }
    }
    avail &= missing(s, u);
    for (; empty > 0; --empty) {
      if (!avail) return false;
      const int v = high ? 31 - __builtin_clz(avail) : __builtin_ctz(avail);
      sum += v + 1;
      avail &= static_cast<std::uint16_t>(~(1u << v));
    }
    *out = sum;
    return true;
  }

  // See the file comment. -1 when a segment cannot be completed (a dead node).
  int ring_bound(const Node& s) const {
    // Outer ring, bounded below: rows 0 and 8 (45 each) + columns 0 and 8 rows 1-7, or the
    // same transposed. Row r is unit r, column c is unit 9 + c.
    int a0, a8, b0, b8;
    if (!segment(s, 9 + 0, 9, 9, 7, false, &a0) || !segment(s, 9 + 8, 17, 9, 7, false, &a8) ||
        !segment(s, 0, 1, 1, 7, false, &b0) || !segment(s, 8, 73, 1, 7, false, &b8)) {
      return -1;
    }
    const int outer = 90 + std::max(a0 + a8, b0 + b8);
    // Ring of weight 8, bounded above: rows 2 and 6 columns 2-6 + columns 2 and 6 rows 3-5,
    // or the same transposed.
    int r2, r6, c2, c6, t2, t6, u2, u6;
    if (!segment(s, 2, 20, 1, 5, true, &r2) || !segment(s, 6, 56, 1, 5, true, &r6) ||
        !segment(s, 9 + 2, 29, 9, 3, true, &c2) || !segment(s, 9 + 6, 33, 9, 3, true, &c6) ||
        !segment(s, 9 + 2, 20, 9, 5, true, &t2) || !segment(s, 9 + 6, 24, 9, 5, true, &t6) ||
        !segment(s, 2, 21, 1, 3, true, &u2) || !segment(s, 6, 57, 1, 3, true, &u6)) {
      return -1;
    }
    const int ring8 = std::min(r2 + r6 + c2 + c6, t2 + t6 + u2 + u6);
    const int centre = s.value[40] ? s.value[40] : 32 - __builtin_clz(s.cand[40]);
    return 2430 + (405 - outer) + (45 + ring8) + 45 + centre;
  }

  int bound(const Node& s) const {
    const int rings = ring_bound(s);
    if (rings <= best_) return rings;
    return std::min(rings, threshold_bound(s));
  }

  // s is propagated, unsolved, and its bound `b` beats best_. Children are propagated and
  // bounded first, then explored best bound first (ties: higher value first), so the
  // search dives towards good solutions and later siblings are often cut.
  void search(const Node& s, int /*bound*/) {
    if (stop_ || check_.due(nodes_)) {
      stop_ = true;
      return;
    }
    // Fewest candidates, then heaviest (cells in order of decreasing weight).
    int cell = -1, fewest = 10;
    for (int c : by_weight_) {
      if (!s.cand[c]) continue;
      const int k = __builtin_popcount(s.cand[c]);
      if (k < fewest) {
        fewest = k;
        cell = c;
        if (k == 2) break;
      }
    }
    struct Child {
      Node node;
      int bound;
    };
    Child children[9];
    int order[9], count = 0;
    for (int v = 9; v >= 1; --v) {
      if (!(s.cand[cell] >> (v - 1) & 1)) continue;
      ++guesses_;
      Child& c = children[count];
      c.node = s;
      if (!place(c.node, cell, v) || !propagate(c.node)) continue;
      if (!c.node.unsolved) {
        best_ = std::max(best_, c.node.score);
        continue;
      }
      c.bound = bound(c.node);
      if (c.bound > best_) {
        order[count] = count;
        ++count;
      }
    }
    std::stable_sort(order, order + count,
                     [&](int x, int y) { return children[x].bound > children[y].bound; });
    for (int i = 0; i < count; ++i) {
      const Child& c = children[order[i]];
      if (c.bound <= best_) continue;
      search(c.node, c.bound);
      if (stop_) return;
    }
  }

  int run(const Grid& grid) {
    Node s;
    s.cand.fill(kAll);
    s.value.fill(0);
    s.unsolved = kCells;
    s.score = 0;
    for (int cell = 0; cell < kCells; ++cell) {
      if (grid[cell] && !place(s, cell, grid[cell])) return -1;
    }
    nodes_ = 0;  // givens are not search nodes
    if (!propagate(s)) return -1;
    if (!s.unsolved) return s.score;
    const int b = bound(s);
    if (b > best_) search(s, b);
    return best_;
  }

  std::uint64_t nodes_ = 0, guesses_ = 0;
  detail::LimitCheck check_;
  bool stop_ = false;

 private:
  Geometry g_;
  std::array<int, kCells> weight_{};
  std::array<std::array<int, 20>, kCells> peers_{};
  std::array<std::array<int, 9>, 27> order_{};  // each unit's cells, heaviest first
  std::array<std::array<int, 9>, 27> units_{};  // each unit's cells, in order
  std::array<int, kCells> by_weight_{};         // cells, heaviest first
  int best_ = -1;
};

}  // namespace

int target_weight(int cell) {
  const int r = cell / 9, c = cell % 9;
  return 10 - std::max(std::abs(r - 4), std::abs(c - 4));
}

int target_score(const Grid& grid, SearchStats* stats) {
  return target_score(grid, stats, SearchLimits{});
}

int target_score(const Grid& grid, SearchStats* stats, const SearchLimits& limits) {
  if (grid.size() != 9 || !grid.geometry().is_classic()) {
    throw std::invalid_argument("target score is defined for classic 9x9 grids only");
  }
  if (find_conflict(grid)) return -1;
  if (agrees_with_witness(grid)) return kMaximum;
  TargetSearch search;
  search.check_.reset(limits);
  const int best = search.run(grid);
  if (stats) {
    stats->nodes += search.nodes_;
    stats->guesses += search.guesses_;
  }
  search.check_.raise_if_aborted(search.nodes_);
  return best;
}

}  // namespace sudoforge
