#include "killer_cut.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "sudoforge/core/killer.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/solver/internal/cage_pass.h"
#include "sudoforge/solver/search_limits.h"

namespace sudoforge::generator_detail {
namespace {

constexpr int kCells = kMaxKillerSize * kMaxKillerSize;
constexpr int kMaxSum = kMaxKillerSize * (kMaxKillerSize + 1) / 2;
// The merges checked at once in the cut: first, and at most (see cut_cages).
constexpr int kFirstBatch = 8;
constexpr int kMaxBatch = 32;
// How many more orders the last phase of a medium cut that came out easy is tried in.
constexpr int kMediumRetries = 4;

// Cages as a union-find over cells, with each root's size and symbol mask. Fixed arrays:
// the cut copies one per tried merge.
struct Partition {
  std::array<int, kCells> parent, size;
  std::array<std::uint32_t, kCells> symbols;

  explicit Partition(const Grid& solution) {
    for (int c = 0; c < solution.cell_count(); ++c) {
      parent[c] = c;
      size[c] = 1;
      symbols[c] = 1u << solution[c];
    }
  }
  int find(int c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  }
  // False when the union would repeat a symbol or pass max_size (nothing changed then).
  bool unite(int a, int b, int max_size) {
    a = find(a);
    b = find(b);
    if (a == b) return true;
    if ((symbols[a] & symbols[b]) != 0 || size[a] + size[b] > max_size) return false;
    if (size[a] < size[b]) std::swap(a, b);
    parent[b] = a;
    size[a] += size[b];
    symbols[a] |= symbols[b];
    return true;
  }
};

// The partition whose cages are the cells of equal label (each cage connected): its
// roots are each cage's first cell, as the cut's checks expect of a rebuilt partition.
Partition from_labels(const Grid& solution, const std::array<int, kCells>& label) {
  Partition out(solution);
  std::array<int, kCells> first;
  first.fill(-1);
  for (int c = 0; c < solution.cell_count(); ++c) {
    int& f = first[label[c]];
    if (f < 0) {
      f = c;
    } else {
      out.unite(f, c, solution.cell_count());
    }
  }
  return out;
}

// p with each moves[i].first moved to the cage of cell moves[i].second, or nullopt when a
// cell would go to two cages, a cage that gives cells would fall apart or drop below
// min_size, or a cage that takes cells would repeat a symbol or pass max_size.
std::optional<Partition> move_cells(const Grid& solution, Partition& p,
                                    std::span<const std::pair<int, int>> moves, int min_size,
                                    int max_size) {
  const Geometry& g = solution.geometry();
  const int n = g.size(), cells = g.cell_count();
  std::array<int, kCells> label, moved_to;
  for (int c = 0; c < cells; ++c) label[c] = p.find(c);
  moved_to.fill(-1);
  std::array<bool, kCells> gives{}, takes{};
  for (const auto& [cell, into] : moves) {
    const int to = p.find(into);
    if (moved_to[cell] >= 0 && moved_to[cell] != to) return std::nullopt;
    moved_to[cell] = to;
  }
  for (int c = 0; c < cells; ++c) {
    if (moved_to[c] < 0 || moved_to[c] == label[c]) continue;
    gives[label[c]] = true;
    takes[moved_to[c]] = true;
    label[c] = moved_to[c];
  }
  std::array<int, kCells> size{};
  std::array<std::uint32_t, kCells> symbols{};
  for (int c = 0; c < cells; ++c) {
    const std::uint32_t bit = 1u << solution[c];
    if (takes[label[c]] && (symbols[label[c]] & bit)) return std::nullopt;
    symbols[label[c]] |= bit;
    ++size[label[c]];
  }
  for (int k = 0; k < cells; ++k) {
    if ((takes[k] && size[k] > max_size) || (gives[k] && size[k] < min_size)) {
      return std::nullopt;
    }
  }
  // What is left of each giving cage must stay connected: a flood from one of its cells.
  for (int from = 0; from < cells; ++from) {
    if (!gives[from]) continue;
    std::array<bool, kCells> seen{};
    int start = -1;
    for (int c = 0; c < cells && start < 0; ++c) {
      if (label[c] == from) start = c;
    }
    std::vector<int> todo{start};
    seen[start] = true;
    int reached = 0;
    while (!todo.empty()) {
      const int c = todo.back();
      todo.pop_back();
      ++reached;
      for (int q : {c - n, c + n, c - 1, c + 1}) {
        if (q < 0 || q >= cells || (g.row(q) != g.row(c) && g.col(q) != g.col(c))) continue;
        if (label[q] == from && !seen[q]) {
          seen[q] = true;
          todo.push_back(q);
        }
      }
    }
    if (reached != size[from]) return std::nullopt;
  }
  return from_labels(solution, label);
}

// Numbers the cages of p 0, 1, ... in the order of their first cell: of[c] is the cage of
// cell c; returns how many there are.
int number_cages(Partition& p, int cells, std::array<int, kCells>& of) {
  std::array<int, kCells> index;
  index.fill(-1);
  int count = 0;
  for (int c = 0; c < cells; ++c) {
    int& k = index[p.find(c)];
    if (k < 0) k = count++;
    of[c] = k;
  }
  return count;
}

Geometry board_of(const Grid& solution, Partition& p) {
  const int cells = solution.cell_count();
  std::array<int, kCells> of;
  std::vector<Cage> cages(number_cages(p, cells, of));
  for (int c = 0; c < cells; ++c) {
    Cage& cage = cages[of[c]];
    cage.sum += solution[c];
    cage.cells.push_back(c);
  }
  return solution.geometry().with_cages(std::move(cages));
}

// The deductions of one cut over the grid's houses and a cage layout that changes merge
// by merge: the checks read the cages of a Partition directly instead of building a board
// (Geometry) per tried merge. Three sets of rules:
//  - full (uniqueness): naked and hidden singles and, per cage, its digit sets as the
//    killer engine propagates them (solver/src/killer_engine.cpp; in banded cuts with the
//    45 rule's innie cages too, add_innie_cages), plus a search;
//  - easy (the cut of an easy killer): only the killer ladder's techniques rated up to
//    easy (grader/src/killer.cpp): Cage Sum, hidden singles, Cage Combinations and the
//    one-house Innie/Outie, each no stronger than the grader's. A puzzle these solve is
//    unique and, as the grader takes the easiest step each time and these steps stay
//    available until they are taken, rated easy;
//  - medium (the cut of a medium killer): the easy rules and naked singles (2.3), so by
//    the same argument a puzzle they solve rates at most 2.3.
class CutChecker {
 public:
  enum class Verdict { kUnique, kOther, kOverBudget };
  // The rules of solved(): the easy ones; those plus naked singles (the cut of a medium
  // killer: each of its steps is one of the ladder's up to Naked Single, 2.3, so a puzzle
  // they solve rates at most 2.3); the full propagation.
  enum class Rules { kEasy, kMedium, kFull };

  CutChecker(const Grid& solution, const CageCut& cut, const std::atomic<bool>* stop)
      : solution_(solution), cut_(cut), stop_(stop), innie_cages_(cut.rule == KillerCut::kBanded) {
    const Geometry& g = solution.geometry();
    n_ = g.size();
    nn_ = g.cell_count();
    full_ = static_cast<std::uint16_t>((1u << n_) - 1);
    // Flat tables: a checker is made per cut, so its setup is paid per grid.
    for (int c = 0; c < nn_; ++c) {
      peer_start_[c + 1] = static_cast<std::uint16_t>(peer_start_[c] + g.peers(c).size());
    }
    peer_cells_.resize(peer_start_[nn_]);
    for (int c = 0; c < nn_; ++c) {
      std::copy(g.peers(c).begin(), g.peers(c).end(), peer_cells_.begin() + peer_start_[c]);
    }
    house_count_ = g.house_count();
    for (int h = 0; h < house_count_; ++h) {
      const auto cells = g.house(h);
      for (int i = 0; i < n_; ++i) {
        houses_[h][i] = static_cast<std::uint8_t>(cells[i]);
        house_cells_[h] ^= static_cast<std::uint8_t>(cells[i]);
        houses_of_[cells[i]] |= 1u << h;
      }
    }
    // The rules' checks use one frame; unique() sizes the rest when first called.
    frames_.resize(1);
    if (n_ == 9) {
      static const SetTable nine = set_table(9);
      sets_ = &nine;
    } else {
      own_sets_ = std::make_unique<SetTable>(set_table(n_));
      sets_ = own_sets_.get();
    }
  }

  // The cages of p become the puzzle's.
  void load(Partition& p) {
    // Numbered in the order of their first cell, as number_cages numbers them.
    std::array<int, kCells> number;
    number.fill(-1);
    cages_.clear();
    for (int c = 0; c < nn_; ++c) {
      int& k = number[p.find(c)];
      if (k < 0) {
        k = static_cast<int>(cages_.size());
        cages_.emplace_back();
      }
      CageRec& r = cages_[k];
      r.cells[r.size++] = static_cast<std::uint8_t>(c);
      r.sum += solution_[c];
      r.houses |= houses_of_[c];
      r.within &= houses_of_[c];
      r.xor_cells ^= static_cast<std::uint8_t>(c);
      cage_of_[c] = static_cast<std::uint8_t>(k);
    }
    // The 45 rule's innies and outies of each house: the cells of the cages partly in it,
    // inside it and outside it (assign keeps each side's open count, the rest of its sum
    // and the xor of its open cells: a cell is an innie of the houses its cage is partly
    // in that hold it, an outie of the others). Summed per house over the cages: the
    // innies are the house's cells but those of the cages wholly inside, the outies the
    // cells of the cages partly inside but the innies.
    struct Sums {
      int size = 0, sum = 0;
      std::uint8_t cells = 0;  // xor
    };
    std::array<Sums, 32> inside{}, partial{};
    for (CageRec& r : cages_) {
      r.sets = sets_->sets[r.size][r.sum];
      r.digits = sets_->digits[r.size][r.sum];
      auto add = [&](std::array<Sums, 32>& to, std::uint32_t hs) {
        for (; hs; hs &= hs - 1) {
          Sums& x = to[std::countr_zero(hs)];
          x.size += r.size;
          x.sum += r.sum;
          x.cells ^= r.xor_cells;
        }
      };
      r.partly = r.houses & ~r.within;
      add(inside, r.within);
      add(partial, r.partly);
    }
    const int total = n_ * (n_ + 1) / 2;
    for (int h = 0; h < house_count_; ++h) {
      const int in_sum = total - inside[h].sum, in_open = n_ - inside[h].size;
      const auto in_cells = static_cast<std::uint8_t>(house_cells_[h] ^ inside[h].cells);
      split_start_[h][0] = Side{static_cast<std::int16_t>(in_sum), static_cast<std::uint8_t>(in_open),
                                in_cells};
      split_start_[h][1] = Side{static_cast<std::int16_t>(partial[h].sum - in_sum),
                                static_cast<std::uint8_t>(partial[h].size - in_open),
                                static_cast<std::uint8_t>(partial[h].cells ^ in_cells)};
    }
    real_cages_ = static_cast<int>(cages_.size());
    if (innie_cages_) add_innie_cages();
  }

  // Whether the rules solve the loaded puzzle, so that it has one solution, whatever
  // puzzle it was made from.
  bool solved(Rules rules) {
    poll();
    naked_ = rules != Rules::kEasy;
    Frame& f = frames_[0];
    if (rules == Rules::kFull) return start(f) && propagate(f) && f.unsolved == 0;
    return start_caged(f) && sweep(f) && f.unsolved == 0;
  }

  // Whether the loaded puzzle (the cages of next, made of those of prev, whose puzzle has
  // one solution) has only `solution`. Another solution T breaks the sum of some cage of
  // prev (else it would solve prev's puzzle); inside a cage of next its parts' sums add
  // up, so T breaks at least two of them and differs from `solution` on the cells of the
  // parts other than the largest. Taking those cells x1..xm in order and the first k where
  // T[xk] differs, T solves the puzzle with x1..xk-1 given and (xk, solution[xk])
  // excluded: each such search starts from the propagated state of the one before plus
  // one cell, and stops at its first hit. kOverBudget: a search passed kKillerCheckNodes.
  Verdict unique(Partition& prev, Partition& next, std::uint64_t budget) {
    poll();
    naked_ = true;
    if (frames_.size() < static_cast<std::size_t>(nn_ + 2)) frames_.resize(nn_ + 2);
    Frame& base = frames_[0];
    if (!start(base) || !propagate(base)) return Verdict::kOther;  // never: solution fits
    if (base.unsolved == 0) return Verdict::kUnique;
    // The largest part (an old root) of each new cage that gained parts.
    std::array<int, kCells> largest;
    largest.fill(-1);
    for (int c = 0; c < nn_; ++c) {
      const int part = prev.find(c), whole = next.find(c);
      if (prev.size[part] == next.size[whole]) continue;
      int& best = largest[whole];
      if (best < 0 || prev.size[part] > prev.size[best] ||
          (prev.size[part] == prev.size[best] && part < best)) {
        best = part;
      }
    }
    for (int c = 0; c < nn_; ++c) {
      const int whole = next.find(c);
      if (largest[whole] < 0 || prev.find(c) == largest[whole] || base.value[c] != 0) continue;
      const int v = solution_[c];
      ++searches;
      Frame& other = frames_[1];
      other = base;
      budget_ = nodes + budget;
      over_ = false;
      clean();
      if (restrict(other, c, static_cast<std::uint16_t>(~(1u << (v - 1)))) && search(1)) {
        return Verdict::kOther;
      }
      if (over_) return Verdict::kOverBudget;
      clean();
      if (!assign(base, c, v) || !propagate(base)) return Verdict::kOther;  // never
      if (base.unsolved == 0) return Verdict::kUnique;
    }
    return Verdict::kUnique;
  }

  // The state solved() left (kPlacedSymbol: core/killer.h), one entry per cell.
  void state(std::vector<std::uint16_t>& out) const {
    const Frame& f = frames_[0];
    out.resize(static_cast<std::size_t>(nn_));
    for (int c = 0; c < nn_; ++c) {
      out[c] = f.value[c] ? static_cast<std::uint16_t>(kPlacedSymbol | f.cand[c]) : f.cand[c];
    }
  }

  std::uint64_t nodes = 0;  // cells placed, as the killer engine counts its nodes
  int searches = 0;

 private:
  // One side (innies or outies) of a house's 45 rule: the rest of its sum once its
  // placed cells are taken off, how many of its cells are open, and the xor of those
  // (the open cell itself when one is left).
  struct Side {
    std::int16_t rest = 0;
    std::uint8_t open = 0, last = 0;
  };
  struct Frame {
    std::uint16_t cand[kCells];
    std::uint8_t value[kCells];
    std::uint16_t placed[32];  // per house, the digits placed in it
    std::array<std::array<Side, 2>, 32> split;  // per house, its innies and its outies
    int unsolved;
  };
  struct CageRec {
    std::array<std::uint8_t, kMaxKillerSize> cells{};
    int size = 0;
    int sum = 0;
    std::span<const std::uint32_t> sets;
    std::uint16_t digits = 0;    // the digits of its sets
    std::uint32_t houses = 0;    // the houses its cells are in
    std::uint32_t within = ~0u;  // the houses holding all its cells
    std::uint32_t partly = 0;    // the houses holding some but not all of its cells
    std::uint8_t xor_cells = 0;  // the xor of its cells
  };
  // The digit sets of each cage size and sum on a board of n digits (cage_digit_sets),
  // and the digits of each size and sum's sets.
  struct SetTable {
    std::array<std::array<std::span<const std::uint32_t>, kMaxSum + 1>, kMaxKillerSize + 1> sets{};
    std::array<std::array<std::uint16_t, kMaxSum + 1>, kMaxKillerSize + 1> digits{};
  };
  static SetTable set_table(int n) {
    SetTable t;
    for (int size = 1; size <= n; ++size) {
      for (int sum = 1; sum <= n * (n + 1) / 2; ++sum) {
        t.sets[size][sum] = cage_digit_sets(n, size, sum);
        for (std::uint32_t set : t.sets[size][sum]) t.digits[size][sum] |= static_cast<std::uint16_t>(set);
      }
    }
    return t;
  }

  void poll() const {
    if (stop_ && stop_->load(std::memory_order_relaxed)) {
      throw SearchAborted(SearchAborted::Reason::kStopped, nodes);
    }
  }

  void clean() {
    dirty_houses_ = 0;
    dirty_innies_ = 0;
    dirty_cages_.fill(0);
  }
  void touch(int cell) {
    dirty_houses_ |= houses_of_[cell];
    const int k = cage_of_[cell];
    dirty_cages_[k >> 6] |= std::uint64_t{1} << (k & 63);
    if (innie_cages_) {
      dirty_cages_[0] |= innie_of_[cell][0];
      dirty_cages_[1] |= innie_of_[cell][1];
    }
  }

  // The 45 rule as cages (banded cuts): the innies of a house (its cells outside the
  // cages wholly inside it) hold the house's total less those cages' sums, each digit
  // once, so they propagate as one more cage in the full rules, as the killer engine's
  // innie cages do (solver/src/killer_engine.cpp). Only exact consequences of the puzzle,
  // so the verdicts stay exact; the searches need fewer nodes. They follow the real cages
  // in cages_ (cage_of_ names only real ones) and are marked through innie_of_.
  void add_innie_cages() {
    for (int c = 0; c < nn_; ++c) innie_of_[c] = {0, 0};
    for (int h = 0; h < house_count_; ++h) {
      const Side in = split_start_[h][0];
      if (in.open < 2 || in.open == n_) continue;
      const int k = static_cast<int>(cages_.size());
      CageRec& r = cages_.emplace_back();
      for (int i = 0; i < n_; ++i) {
        const int c = houses_[h][i];
        if (cages_[cage_of_[c]].within >> h & 1u) continue;
        r.cells[r.size++] = static_cast<std::uint8_t>(c);
        innie_of_[c][k >> 6] |= std::uint64_t{1} << (k & 63);
      }
      r.sum = in.rest;
      r.sets = sets_->sets[r.size][r.sum];
    }
  }

  // The givens placed, every house and cage to be looked at.
  bool start(Frame& f) {
    dirty_houses_ = house_count_ == 32 ? ~0u : (1u << house_count_) - 1;
    dirty_innies_ = dirty_houses_;
    dirty_cages_.fill(0);
    for (std::size_t k = 0; k < cages_.size(); ++k)
      dirty_cages_[k >> 6] |= std::uint64_t{1} << (k & 63);
    std::fill(f.cand, f.cand + nn_, full_);
    std::fill(f.value, f.value + nn_, 0);
    std::fill(f.placed, f.placed + 32, 0);
    std::copy(split_start_.begin(), split_start_.begin() + house_count_, f.split.begin());
    f.unsolved = nn_;
    for (int c : cut_.given_cells) {
      if (!assign(f, c, solution_[c])) return false;
    }
    return true;
  }

  // start() and then the cage pass of the easy rules (cage_easy) on every cage, as a
  // first sweep would make it: with nothing placed and every digit open, each set of a
  // cage fits, so its open cells keep its sets' digits (a cage of one cell is placed).
  // No cage is marked but those whose cells the placements change: the others' pass
  // would change nothing. The rules' fixpoint does not depend on the order, so sweep()
  // from here reaches the one it reaches from start().
  bool start_caged(Frame& f) {
    dirty_houses_ = house_count_ == 32 ? ~0u : (1u << house_count_) - 1;
    dirty_innies_ = dirty_houses_;
    dirty_cages_.fill(0);
    for (int c = 0; c < nn_; ++c) f.cand[c] = cages_[cage_of_[c]].digits;
    std::fill(f.value, f.value + nn_, 0);
    std::fill(f.placed, f.placed + 32, 0);
    std::copy(split_start_.begin(), split_start_.begin() + house_count_, f.split.begin());
    f.unsolved = nn_;
    for (int k = 0; k < real_cages_; ++k) {
      const CageRec& r = cages_[k];
      if (r.size == 1 && !assign(f, r.cells[0], r.sum)) return false;
    }
    for (int c : cut_.given_cells) {
      if (!assign(f, c, solution_[c])) return false;
    }
    return true;
  }

  // Places v in cell and takes it from the cell's peers and cage mates; with naked_ the
  // singles this leaves are placed too (a small stack: a cell becomes a single once).
  bool assign(Frame& f, int cell, int v) {
    int stack[2 * (kCells + 1)];
    int top = 0;
    stack[top++] = cell;
    stack[top++] = v;
    while (top) {
      const int value = stack[--top];
      const int c = stack[--top];
      if (f.value[c]) {
        if (f.value[c] != value) return false;
        continue;
      }
      const auto bit = static_cast<std::uint16_t>(1u << (value - 1));
      if (!(f.cand[c] & bit)) return false;
      f.value[c] = static_cast<std::uint8_t>(value);
      f.cand[c] = bit;
      --f.unsolved;
      ++nodes;
      touch(c);
      const CageRec& own = cages_[cage_of_[c]];
      dirty_innies_ |= own.houses;
      for (std::uint32_t h = houses_of_[c]; h; h &= h - 1) f.placed[std::countr_zero(h)] |= bit;
      auto take = [&](std::uint32_t houses, int side) {
        for (; houses; houses &= houses - 1) {
          Side& s = f.split[std::countr_zero(houses)][side];
          s.rest = static_cast<std::int16_t>(s.rest - value);
          --s.open;
          s.last ^= static_cast<std::uint8_t>(c);
        }
      };
      take(own.partly & houses_of_[c], 0);
      take(own.partly & ~houses_of_[c], 1);
      auto clear = [&](int p) {
        if (!(f.cand[p] & bit)) return true;
        if (f.value[p]) return false;
        f.cand[p] &= static_cast<std::uint16_t>(~bit);
        touch(p);
        if (!f.cand[p]) return false;
        if (naked_ && std::has_single_bit(f.cand[p])) {
          stack[top++] = p;
          stack[top++] = std::countr_zero(f.cand[p]) + 1;
        }
        return true;
      };
      const std::uint8_t* peers = peer_cells_.data() + peer_start_[c];
      const int count = peer_start_[c + 1] - peer_start_[c];
      if (count == 20) {  // a cell of the 9x9 board: a loop of fixed length
        for (int i = 0; i < 20; ++i) {
          if (!clear(peers[i])) return false;
        }
      } else {
        for (int i = 0; i < count; ++i) {
          if (!clear(peers[i])) return false;
        }
      }
      for (int i = 0; i < own.size; ++i) {
        if (own.cells[i] != c && !clear(own.cells[i])) return false;
      }
    }
    return true;
  }

  bool restrict(Frame& f, int cell, std::uint16_t keep) {
    const std::uint16_t now = f.cand[cell] & keep;
    if (now == f.cand[cell]) return true;
    if (!now) return false;
    f.cand[cell] = now;
    touch(cell);
    if (naked_ && std::has_single_bit(now)) return assign(f, cell, std::countr_zero(now) + 1);
    return true;
  }

  // A placed digit is its cell's only candidate and no other cell's in the house, so it
  // counts once; f.placed tells it from a hidden single.
  [[gnu::always_inline]] bool hidden_singles(Frame& f, int h) {
    const std::uint8_t* house = houses_[h].data();
    std::uint16_t once = 0, twice = 0;
    // The 9x9 board's houses unrolled: this scan is the propagation's commonest step.
    auto add = [&](int i) {
      const std::uint16_t m = f.cand[house[i]];
      twice |= once & m;
      once |= m;
    };
    if (n_ == 9) {
      for (int i = 0; i < 9; ++i) add(i);
    } else {
      for (int i = 0; i < n_; ++i) add(i);
    }
    if (once != full_) return false;
    for (std::uint16_t single = once & ~twice & ~f.placed[h]; single; single &= single - 1) {
      const auto bit = static_cast<std::uint16_t>(single & -single);
      for (int i = 0; i < n_; ++i) {
        const int c = house[i];
        if (f.cand[c] & bit) {
          if (!f.value[c] && !assign(f, c, std::countr_zero(bit) + 1)) return false;
          break;
        }
      }
    }
    return true;
  }

  // The killer engine's cage pass (cage_pass.h) on this checker's frame.
  bool cage_full(Frame& f, const CageRec& cage) {
    return detail::cage_pass(
        f, std::span<const std::uint8_t>(cage.cells.data(), cage.size), cage.sets,
        [&](int cell, std::uint16_t allowed) { return restrict(f, cell, allowed); },
        [&](int cell, int digit) { return assign(f, cell, digit); });
  }

  // Cage Sum (the last open cell takes the rest of the sum) and Cage Combinations (the
  // open cells keep the digits of the sets that hold the placed digits and whose other
  // digits all are candidates of some open cell), as the grader finds them.
  bool cage_easy(Frame& f, const CageRec& cage) {
    std::uint16_t placed = 0, open_union = 0;
    int open = 0, placed_sum = 0, last = -1;
    for (int i = 0; i < cage.size; ++i) {
      const int c = cage.cells[i];
      if (f.value[c]) {
        placed |= static_cast<std::uint16_t>(1u << (f.value[c] - 1));
        placed_sum += f.value[c];
      } else {
        open_union |= f.cand[c];
        ++open;
        last = c;
      }
    }
    if (!open) return true;
    if (open == 1) {
      const int d = cage.sum - placed_sum;
      return d >= 1 && d <= n_ && assign(f, last, d);
    }
    std::uint16_t allowed = 0;
    for (std::uint32_t set : cage.sets) {
      if ((set & placed) != placed) continue;
      const auto rest = static_cast<std::uint16_t>(set & ~placed);
      if ((rest & open_union) == rest) allowed |= rest;
    }
    if (!allowed) return false;
    for (int i = 0; i < cage.size; ++i) {
      const int c = cage.cells[i];
      if (!f.value[c] && !restrict(f, c, allowed)) return false;
    }
    return true;
  }

  // The 45 rule on each house: with one open innie (or outie) left, the rest of the
  // innies' (outies') sum is its digit.
  bool innies_outies(Frame& f) {
    for (std::uint32_t todo = std::exchange(dirty_innies_, 0); todo; todo &= todo - 1) {
      const int h = std::countr_zero(todo);
      for (int side = 0; side < 2; ++side) {
        const Side s = f.split[h][side];
        if (s.open == 1 && s.rest >= 1 && s.rest <= n_ && !assign(f, s.last, s.rest)) return false;
      }
    }
    return true;
  }

  // To the fixpoint of the rules (full or easy by naked_), looking again only at the
  // houses and cages whose cells changed; false on a contradiction.
  bool propagate(Frame& f) {
    for (;;) {
      for (;;) {
        if (dirty_houses_) {
          const int h = std::countr_zero(dirty_houses_);
          dirty_houses_ &= dirty_houses_ - 1;
          if (!hidden_singles(f, h)) return false;
          continue;
        }
        const int word = dirty_cages_[0] ? 0 : 1;
        if (!dirty_cages_[word]) break;
        const int k = 64 * word + std::countr_zero(dirty_cages_[word]);
        dirty_cages_[word] &= dirty_cages_[word] - 1;
        const std::uint64_t placed_before = nodes;
        if (!(naked_ ? cage_full(f, cages_[k]) : cage_easy(f, cages_[k]))) return false;
        // A pass that placed nothing only narrowed the cage's open cells to the digits of
        // the sets that fit: those sets still fit, so a second pass would change nothing.
        if (nodes == placed_before) dirty_cages_[word] &= ~(std::uint64_t{1} << (k & 63));
      }
      if (!f.unsolved || !dirty_innies_) return true;
      if (!innies_outies(f)) return false;
    }
  }

  // The fixpoint of the rules (easy, or easy and naked singles), as propagate reaches it
  // but in sweeps: every cage, then every house, marked at the start of a sweep is looked
  // at once, so a placement does not send the scan back to the first house; cages first,
  // as no house has a hidden single before some cage narrows its cells. The rules only
  // remove candidates and each stays applicable until taken, so their fixpoint does not
  // depend on the order.
  bool sweep(Frame& f) {
    for (;;) {
      if (!(dirty_houses_ | dirty_cages_[0] | dirty_cages_[1])) {
        if (!f.unsolved || !dirty_innies_) return true;
        if (!innies_outies(f)) return false;
        continue;
      }
      for (int word = 0; word < 2; ++word) {
        for (std::uint64_t todo = std::exchange(dirty_cages_[word], 0); todo; todo &= todo - 1) {
          if (!cage_easy(f, cages_[64 * word + std::countr_zero(todo)])) return false;
        }
      }
      for (std::uint32_t todo = std::exchange(dirty_houses_, 0); todo; todo &= todo - 1) {
        const int h = std::countr_zero(todo);
        if (f.placed[h] != full_ && !hidden_singles(f, h)) return false;
      }
    }
  }

  // Whether the puzzle of frames_[depth] has a solution (frames below depth are kept);
  // sets over_ and gives up past budget_.
  bool search(int depth) {
    Frame& f = frames_[depth];
    if (!propagate(f)) return false;
    if (f.unsolved == 0) return true;
    if (nodes > budget_) {
      over_ = true;
      return false;
    }
    int best = -1, best_count = 99;
    for (int c = 0; c < nn_; ++c) {
      if (f.value[c]) continue;
      const int count = std::popcount(f.cand[c]);
      if (count < best_count) {
        best = c;
        best_count = count;
        if (count == 2) break;
      }
    }
    for (std::uint16_t m = f.cand[best]; m && !over_; m &= m - 1) {
      Frame& next = frames_[depth + 1];
      next = f;
      clean();
      if (assign(next, best, std::countr_zero(m) + 1) && search(depth + 1)) return true;
    }
    return false;
  }

  const Grid& solution_;
  const CageCut& cut_;
  const std::atomic<bool>* stop_;
  int n_ = 0, nn_ = 0;
  std::uint16_t full_ = 0;
  bool naked_ = true;
  bool over_ = false;
  const bool innie_cages_;
  int real_cages_ = 0;  // cages_ beyond these are innie cages
  std::array<std::array<std::uint64_t, 2>, kCells> innie_of_{};  // the innie cages of each cell
  std::uint64_t budget_ = 0;
  std::vector<std::uint8_t> peer_cells_;             // cell c's: peer_start_[c] ..[c + 1]
  std::array<std::uint16_t, kCells + 1> peer_start_{};
  std::array<std::array<std::uint8_t, kMaxKillerSize>, 32> houses_{};
  int house_count_ = 0;
  std::array<std::uint8_t, 32> house_cells_{};  // the xor of each house's cells
  std::vector<CageRec> cages_;
  std::array<std::uint8_t, kCells> cage_of_{};
  // The innies' and outies' sides of each house before any cell is placed.
  std::array<std::array<Side, 2>, 32> split_start_{};
  const SetTable* sets_ = nullptr;      // the 9x9 board's shared table, or own_sets_
  std::unique_ptr<SetTable> own_sets_;
  std::array<std::uint32_t, kCells> houses_of_{};  // bit h: the cell is in house h
  std::uint32_t dirty_houses_ = 0;                 // houses to look at again
  std::uint32_t dirty_innies_ = 0;                 // houses whose innies or outies got a digit
  std::array<std::uint64_t, 2> dirty_cages_{};     // cages to look at again
  std::vector<Frame> frames_;
};

// The node budget of a banded cut's uniqueness check. Lower than kKillerCheckNodes: a
// check past it only keeps a merge out (the cut stays proven unique), and a banded cut
// is graded and cut back along its path anyway, so the slow checks' merges are not worth
// their nodes; every delivered puzzle is still graded in its band (figures:
// generator/PERF_NOTES.md, session 19, hard and expert killers).
constexpr std::uint64_t kBandedCheckNodes = 1000;

}  // namespace

std::optional<Geometry> cut_cages(const Grid& solution, const CageCut& cut, Symmetry symmetry,
                                  Rng& rng, const std::atomic<bool>* stop, SearchStats& cost,
                                  int& searches, CutPath* path,
                                  std::vector<std::uint16_t>* easy_state) {
  const Geometry& g = solution.geometry();
  const int n = g.size(), cells = g.cell_count();
  // Neighbouring cells, right and down, in a drawn order: the pass tries each once.
  std::vector<std::pair<int, int>> edges;
  for (int c = 0; c < cells; ++c) {
    if (g.col(c) + 1 < n) edges.emplace_back(c, c + 1);
    if (g.row(c) + 1 < n) edges.emplace_back(c, c + n);
  }
  shuffle(edges, rng);
  const auto group = group_of(symmetry);
  // Cells that some symmetry other than the identity maps onto themselves (on an axis, a
  // diagonal or the centre): their cage must be mapped onto itself as well, which few
  // cages grown from pairs manage (the centre of dihedral needs the plus of 5 around it).
  std::array<bool, kCells> fixed{};
  for (Transform t : group) {
    if (t == Transform::kIdentity) continue;
    for (int c = 0; c < cells; ++c) fixed[c] = fixed[c] || transform_cell(g, t, c) == c;
  }
  Partition p(solution);
  CutChecker check(solution, cut, stop);
  const bool rules_only = cut.rule == KillerCut::kEasy || cut.rule == KillerCut::kDeduced;
  const auto rules =
      cut.rule == KillerCut::kEasy ? CutChecker::Rules::kEasy : CutChecker::Rules::kMedium;
  const bool reshape_first = path || group.size() > 1 || rules_only;
  // Singletons are as good as givens: the start is unique (and easy). A merge loosens the
  // puzzle, so a merge that loses uniqueness (or easiness) is not retried later (one more
  // merge only loosens it more, up to the distinct-symbol rule of the larger cage). Phase
  // 0 (and -1, below) merges only the cages below min_size, phase 1 any two.
  // Merges are tried in batches: the edges of a batch are merged on top of one another
  // and checked once; a batch that fails is tried again edge by edge, and the batch size
  // halves after a failure and doubles after a success (most merges keep the puzzle
  // unique until the cages grow, so one check usually covers many merges). The batch
  // sizes depend only on the outcomes, so the cut stays a function of the seed.
  auto keeps = [&](Partition& from, Partition& to) {
    check.load(to);
    // A check past its node budget counts as "not unique": the merge is not made, so
    // every puzzle stays proven unique, and the tail of slow checks is cut (nodes, not
    // time: the puzzles stay a function of the seed).
    switch (cut.rule) {
      case KillerCut::kEasy:
        return check.solved(CutChecker::Rules::kEasy);
      case KillerCut::kDeduced:
        return check.solved(CutChecker::Rules::kMedium);
      case KillerCut::kUnique:
      case KillerCut::kBanded:
        break;
    }
    const std::uint64_t budget =
        cut.rule == KillerCut::kBanded ? kBandedCheckNodes : kKillerCheckNodes;
    return check.unique(from, to, budget) == CutChecker::Verdict::kUnique;
  };
  // The merge of edge (a, b) and its images under the symmetry (so the layout stays
  // invariant) on `into`; false, `into` unchanged, when it does not fit or is no merge.
  // Under the rules (kEasy, kDeduced), the merges whose check failed: a later merge of
  // cages that hold the two sides of one is not tried. This is a choice of which merges
  // to try, not a proof: the coarser cut is looser in its sums but a larger cage also
  // keeps its digits apart, which can give the rules a step the finer cut lacks; it
  // nearly always fails too, and every merge made is still checked. Other rules retry,
  // as their cuts always have.
  std::vector<std::pair<int, int>> failed;
  auto merge = [&](Partition& into, int a, int b, int phase, int limit) {
    const int fa = into.find(a), fb = into.find(b);
    if (fa == fb) return false;
    if (phase <= 0 && into.size[fa] >= cut.min_size && into.size[fb] >= cut.min_size) {
      return false;
    }
    for (const auto& [x, y] : failed) {
      const int fx = into.find(x), fy = into.find(y);
      if ((fx == fa && fy == fb) || (fx == fb && fy == fa)) return false;
    }
    // Without symmetry the union is the whole merge, and unite changes nothing when it
    // does not fit.
    if (group.size() == 1) return into.unite(a, b, limit);
    Partition next = into;
    for (Transform t : group) {
      if (!next.unite(transform_cell(g, t, a), transform_cell(g, t, b), limit)) {
        return false;
      }
    }
    into = next;
    return true;
  };
  int batch_size = kFirstBatch;
  std::vector<std::pair<int, int>> pending;
  // Under the rules, the merges of a batch that failed are checked by halves, each half
  // by halves again when it fails (a batch mostly fails by one or two of its merges, so
  // this takes fewer checks than one per merge), on top of the merges kept so far. With
  // `fails`, part is known to fail (its batch failed and the merges before it were all
  // kept), so it is split unchecked. Returns whether every merge of part was kept.
  auto settle = [&](auto& self, std::span<const std::pair<int, int>> part, bool fails, int phase,
                    int limit, std::vector<std::pair<int, int>>* made) -> bool {
    Partition next = p;
    std::vector<std::pair<int, int>> fit;
    for (const auto& [a, b] : part) {
      if (merge(next, a, b, phase, limit)) fit.emplace_back(a, b);
    }
    if (fit.empty()) return true;
    if (!fails && keeps(p, next)) {
      p = next;
      if (made) made->insert(made->end(), fit.begin(), fit.end());
      return true;
    }
    if (fit.size() == 1) {
      failed.push_back(fit.front());
      return false;
    }
    const std::span<const std::pair<int, int>> all(fit);
    const std::size_t half = fit.size() / 2;
    const bool first = self(self, all.first(half), false, phase, limit, made);
    self(self, all.subspan(half), first, phase, limit, made);
    return false;
  };
  // The medium cut's last phase checks the merges of a batch one by one on top of the
  // merges kept so far (each failing one goes to the failed list), without a check of
  // the whole batch or of its halves: most of its merges fail, so the batch and most
  // halves fail too, and the halving took about two checks a merge. The merges made are
  // those the halving made but where a group passes that a part of it alone fails (a
  // finer cut is not always easier). Easy cuts keep the halving, so their killers stay
  // those of every seed.
  const bool one_by_one = cut.rule == KillerCut::kDeduced;
  // One pass over the edges; with `made`, the merges kept, in order.
  auto run_pass = [&](int phase, int limit, std::vector<std::pair<int, int>>* made) {
    Partition trial = p;
    auto flush = [&]() {
      if (pending.empty()) return;
      if (one_by_one && phase == 1 && pending.size() > 1) {
        bool all = true;
        for (const auto& [a, b] : pending) {
          Partition next = p;
          if (!merge(next, a, b, phase, limit)) {
            all = false;
          } else if (keeps(p, next)) {
            p = next;
            if (made) made->emplace_back(a, b);
          } else {
            failed.emplace_back(a, b);
            all = false;
          }
        }
        batch_size = all ? std::min(2 * batch_size, kMaxBatch) : std::max(batch_size / 2, 1);
        trial = p;
        pending.clear();
        return;
      }
      if (keeps(p, trial)) {
        p = trial;
        if (made) made->insert(made->end(), pending.begin(), pending.end());
        batch_size = std::min(2 * batch_size, kMaxBatch);
      } else if (rules_only && pending.size() > 2) {
        batch_size = std::max(batch_size / 2, 1);
        settle(settle, pending, true, phase, limit, made);
      } else if (pending.size() > 1) {
        batch_size = std::max(batch_size / 2, 1);
        for (const auto& [a, b] : pending) {
          Partition next = p;
          if (!merge(next, a, b, phase, limit)) continue;
          if (keeps(p, next)) {
            p = next;
            if (made) made->emplace_back(a, b);
          } else if (rules_only) {
            failed.emplace_back(a, b);
          }
        }
      } else if (rules_only) {
        failed.push_back(pending.front());
      }
      trial = p;
      pending.clear();
    };
    for (const auto& [a, b] : edges) {
      if (!merge(trial, a, b, phase, limit)) continue;
      pending.emplace_back(a, b);
      if (static_cast<int>(pending.size()) >= batch_size) flush();
    }
    flush();
  };
  // Whether the puzzle of `moved` (p with the cells of `moves` moved) is proven unique.
  // Under kEasy and kDeduced, and for unsymmetric unbanded cuts, the rules solve it.
  // Otherwise it is checked as a merge is: p with the moved cells split off as cages of
  // their own is unique (its solutions solve p's puzzle), and `moved` merges those into
  // their new cages.
  auto proven_move = [&](Partition& moved, const std::vector<std::pair<int, int>>& moves) {
    if (!reshape_first || rules_only) {
      check.load(moved);
      return check.solved(rules_only ? rules : CutChecker::Rules::kFull);
    }
    std::array<bool, kCells> apart{};
    for (const auto& move : moves) apart[move.first] = true;
    Partition split(solution);
    std::array<int, kCells> first;
    first.fill(-1);
    for (int c = 0; c < cells; ++c) {
      if (apart[c]) continue;
      int& f = first[p.find(c)];
      if (f < 0) {
        f = c;
      } else {
        split.unite(f, c, cells);
      }
    }
    return keeps(split, moved);
  };
  // Reshape: a cage left below min_size takes a neighbouring cell from a larger cage, and
  // each image of the cage takes that cell's image (so the layout keeps its symmetry),
  // when every cage that gives stays connected and within the sizes and the puzzle is
  // still solved by the rules (a move is no merge, so the narrow searches do not apply to
  // it).
  auto reshape = [&]() {
    std::vector<std::pair<int, int>> moves;
    for (int c = 0; c < cells; ++c) {
      const int small = p.find(c);
      if (p.size[small] >= cut.min_size) continue;
      for (int q : {c - n, c + n, c - 1, c + 1}) {
        if (q < 0 || q >= cells || (g.row(q) != g.row(c) && g.col(q) != g.col(c))) continue;
        const int big = p.find(q);
        if (big == small || p.size[big] <= cut.min_size || (p.symbols[small] >> solution[q] & 1) ||
            p.size[small] + 1 > cut.max_size) {
          continue;
        }
        moves.clear();
        for (Transform t : group) {
          moves.emplace_back(transform_cell(g, t, q), transform_cell(g, t, c));
        }
        std::optional<Partition> moved = move_cells(solution, p, moves, cut.min_size, cut.max_size);
        if (!moved) continue;
        if (proven_move(*moved, moves)) {
          p = *moved;
          break;
        }
      }
    }
  };
  auto too_small = [&]() {
    for (int c = 0; c < cells; ++c) {
      if (p.size[p.find(c)] < cut.min_size) return true;
    }
    return false;
  };
  // Phase 0 passes with a growing size limit: the small cages first join one another,
  // so few are left among cages that are already full; phase 1 merges any two. A banded
  // cut reshapes before phase 1, so that every prefix of phase 1's merges (CutPath) has
  // cages within the sizes; so does a symmetric cut, whose moves (whole orbits, and a
  // cell fixed by the symmetry in a cage the symmetry must map onto itself) pass the
  // rules' check far more often while the cages are small; so do the cuts of the rules
  // (kEasy, kDeduced), whose moves also pass more often then, and which give up the
  // grid before phase 1 when a cage is still too small. Other cuts reshape last, as
  // when their puzzles were first made.
  // A symmetric cut first settles the cells that a symmetry other than the identity fixes
  // (phase -1), whose cages must be mapped onto themselves (the centre of dihedral needs
  // the plus of 5 around it, a cell of a diagonal its two neighbours off it): before
  // phase 0 takes the cells around them into pairs, the most constrained first (the
  // largest stabilizers, then the cells nearest the centre, which the cages of the
  // centre's neighbours hem in). Each such cell, alone or not, takes the smallest merge
  // with a cage below the minimum beside it that fits and keeps the puzzle unique (ties
  // in the drawn order of the edges): small cages keep the puzzle tight for the cells
  // after it, and a lone neighbour taken now is not left alone among the full cages that
  // follow (its eight images must all fit at once).
  if (group.size() > 1 && cut.min_size > 1) {
    std::vector<std::array<int, 3>> order;  // (-stabilizer size, squared distance, cell)
    for (int c = 0; c < cells; ++c) {
      if (!fixed[c]) continue;
      int stabilizer = 0;
      for (Transform t : group) stabilizer += transform_cell(g, t, c) == c ? 1 : 0;
      const int dr = 2 * g.row(c) - (n - 1), dc = 2 * g.col(c) - (n - 1);
      order.push_back({-stabilizer, dr * dr + dc * dc, c});
    }
    std::sort(order.begin(), order.end());
    std::vector<std::pair<int, Partition>> tries;  // (size of c's cage, the merge)
    for (const auto& [minus_stabilizer, distance, c] : order) {
      tries.clear();
      for (const auto& [a, b] : edges) {
        if (a != c && b != c) continue;
        Partition next = p;
        if (merge(next, a, b, -1, cut.max_size)) tries.emplace_back(next.size[next.find(c)], next);
      }
      std::stable_sort(tries.begin(), tries.end(),
                       [](const auto& x, const auto& y) { return x.first < y.first; });
      for (auto& [size, next] : tries) {
        if (keeps(p, next)) {
          p = next;
          break;
        }
      }
    }
  }
  for (int limit = cut.min_size; cut.min_size > 1 && limit <= cut.max_size; ++limit) {
    run_pass(0, limit, nullptr);
  }
  if (reshape_first) {
    reshape();
    if (too_small()) {
      cost.nodes += check.nodes;
      searches += check.searches;
      return std::nullopt;
    }
  }
  if (path) {
    for (int c = 0; c < cells; ++c) path->base[c] = p.find(c);
    path->merges.clear();
  }
  const bool medium = cut.rule == KillerCut::kDeduced;
  const Partition before_last = p;
  const std::vector<std::pair<int, int>> failed_before = medium ? failed : decltype(failed){};
  run_pass(1, cut.max_size, path ? &path->merges : nullptr);
  if (!reshape_first) reshape();
  bool give_up = too_small();
  // A medium cut that the easy rules solve too rates easy (they take only steps of the
  // ladder rated up to 1.5), so Accept would grade it and throw it away. Its last phase
  // is tried again from its start in other orders (drawn) first: cheaper than a new grid.
  // (Medium cuts record no path: only banded ones do.)
  for (int again = 0; medium && !give_up; ++again) {
    check.load(p);
    if (!check.solved(CutChecker::Rules::kEasy)) {  // not easy: a medium cut
      if (easy_state) check.state(*easy_state);
      break;
    }
    if (again == kMediumRetries) {
      give_up = true;
      break;
    }
    p = before_last;
    failed = failed_before;
    shuffle(edges, rng);
    run_pass(1, cut.max_size, nullptr);
  }
  cost.nodes += check.nodes;
  searches += check.searches;
  if (give_up) return std::nullopt;
  return board_of(solution, p);
}

bool rules_solve(const Grid& solution, const Geometry& board, KillerCut rule) {
  std::array<int, kCells> label{};
  for (int c = 0; c < solution.cell_count(); ++c) label[c] = board.cage_of(c);
  Partition p = from_labels(solution, label);
  CageCut cut;
  cut.rule = rule;
  CutChecker check(solution, cut, nullptr);
  check.load(p);
  return check.solved(rule == KillerCut::kEasy ? CutChecker::Rules::kEasy
                                               : CutChecker::Rules::kMedium);
}

Geometry board_with(const Grid& solution, const CutPath& path, Symmetry symmetry,
                    const std::vector<bool>& kept) {
  const Geometry& g = solution.geometry();
  std::array<int, kCells> label{};
  std::copy(path.base.begin(), path.base.begin() + g.cell_count(), label.begin());
  Partition p = from_labels(solution, label);
  for (std::size_t i = 0; i < kept.size() && i < path.merges.size(); ++i) {
    if (!kept[i]) continue;
    const auto [a, b] = path.merges[i];
    for (Transform t : group_of(symmetry)) {
      p.unite(transform_cell(g, t, a), transform_cell(g, t, b), g.cell_count());
    }
  }
  return board_of(solution, p);
}

Geometry board_after(const Grid& solution, const CutPath& path, Symmetry symmetry,
                     std::size_t merges) {
  return board_with(solution, path, symmetry,
                    std::vector<bool>(std::min(merges, path.merges.size()), true));
}

}  // namespace sudoforge::generator_detail
