// Target score by branch and bound over the exact-cover search.
//
// The search is the per-cell one (naked and hidden singles, branch on a cell with fewest
// candidates), trying high values first so good solutions come early. A node whose upper
// bound (see bound()) is not above the best score found is cut.
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
    for (int u = 0; u < 27; ++u) {
      const auto cells = g_.unit(u);
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
        for (int cell : g_.unit(u)) {
          const std::uint16_t c = s.cand[cell];
          twice |= once & c;
          once |= c;
          if (s.value[cell]) placed |= static_cast<std::uint16_t>(1u << (s.value[cell] - 1));
        }
        if ((once | placed) != kAll) return false;
        for (std::uint16_t h = once & ~twice & ~placed; h; h &= h - 1) {
          const int v = __builtin_ctz(h) + 1;
          int where = -1;
          for (int cell : g_.unit(u)) {
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
  int bound(const Node& s) const {
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

  void search(Node& s) {
    if (!s.unsolved) {
      best_ = std::max(best_, s.score);
      return;
    }
    if (bound(s) <= best_) return;
    int cell = -1, fewest = 10;
    for (int c = 0; c < kCells; ++c) {
      if (!s.cand[c]) continue;
      const int k = __builtin_popcount(s.cand[c]);
      if (k < fewest) {
        fewest = k;
        cell = c;
        if (k == 2) break;
      }
    }
    for (int v = 9; v >= 1; --v) {
      if (!(s.cand[cell] >> (v - 1) & 1)) continue;
      ++guesses_;
      Node t = s;
      if (place(t, cell, v) && propagate(t)) search(t);
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
    if (propagate(s)) search(s);
    return best_;
  }

  std::uint64_t nodes_ = 0, guesses_ = 0;

 private:
  Geometry g_;
  std::array<int, kCells> weight_{};
  std::array<std::array<int, 20>, kCells> peers_{};
  std::array<std::array<int, 9>, 27> order_{};  // each unit's cells, heaviest first
  int best_ = -1;
};

}  // namespace

int target_weight(int cell) {
  const int r = cell / 9, c = cell % 9;
  return 10 - std::max(std::abs(r - 4), std::abs(c - 4));
}

int target_score(const Grid& grid, SearchStats* stats) {
  if (grid.size() != 9 || grid.geometry().box_rows() != 3) {
    throw std::invalid_argument("target score is defined for 9x9 grids only");
  }
  if (find_conflict(grid)) return -1;
  TargetSearch search;
  const int best = search.run(grid);
  if (stats) {
    stats->nodes += search.nodes_;
    stats->guesses += search.guesses_;
  }
  return best;
}

}  // namespace sudoforge
