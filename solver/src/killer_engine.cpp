// KillerEngine (engines.h): exact search on boards with cages.
//
// Propagation, to a fixpoint at every node: a placed symbol leaves its peers (houses and
// cage mates, geometry.h); naked singles; hidden singles in every house; and per cage its
// digit sets (killer.h cage_digit_sets): the sets of the cage's size and sum that contain
// its placed symbols, whose other symbols each open cell can take, leave the union of
// their remaining symbols to the open cells, and a symbol in all of them that only one
// open cell can take is placed there. Then it branches on a cell with fewest candidates.
#include <algorithm>
#include <bit>

#include "engines.h"
#include "sudoforge/core/killer.h"
#include "sudoforge/solver/internal/cage_pass.h"

namespace sudoforge::detail {

void KillerEngine::prepare(const Geometry& g) {
  if (prepared_ && geometry_ == g) return;
  geometry_ = g;
  prepared_ = true;
  n_ = g.size();
  nn_ = g.cell_count();
  peers_.assign(nn_, {});
  for (int c = 0; c < nn_; ++c) {
    for (int p : g.peers(c)) peers_[c].push_back(static_cast<std::uint8_t>(p));
  }
  houses_.clear();
  for (int h = 0; h < g.house_count(); ++h) {
    std::vector<std::uint8_t> cells;
    for (int c : g.house(h)) cells.push_back(static_cast<std::uint8_t>(c));
    houses_.push_back(std::move(cells));
  }
  cages_.clear();
  std::vector<int> cage_of(nn_, -1);
  for (const Cage& cage : g.cages()) {
    CageInfo info;
    for (int c : cage.cells) {
      info.cells.push_back(static_cast<std::uint8_t>(c));
      cage_of[c] = static_cast<int>(cages_.size());
    }
    info.sets = cage_digit_sets(n_, static_cast<int>(cage.cells.size()), cage.sum);
    cages_.push_back(std::move(info));
  }
  add_innie_cages(g, cage_of);
}

// The 45 rule, one house at a time: the cells of a house outside the cages that lie
// wholly inside it (its innies) hold the house's total less those cages' sums, each
// digit once (they share the house), so they propagate as one more cage. Only exact
// consequences of the puzzle are added, so the solutions are the same; the search
// needs far fewer nodes on killers without givens (solver/PERF_NOTES.md, session 19).
void KillerEngine::add_innie_cages(const Geometry& g, const std::vector<int>& cage_of) {
  const int cages = static_cast<int>(cages_.size());
  const int total = n_ * (n_ + 1) / 2;
  std::vector<int> inside(cages);
  for (int h = 0; h < g.house_count(); ++h) {
    std::fill(inside.begin(), inside.end(), 0);
    for (int c : g.house(h)) {
      if (cage_of[c] >= 0) ++inside[cage_of[c]];
    }
    int rest = total;
    std::vector<std::uint8_t> innies;
    for (int c : g.house(h)) {
      const int k = cage_of[c];
      if (k >= 0 && inside[k] == static_cast<int>(cages_[k].cells.size())) continue;
      innies.push_back(static_cast<std::uint8_t>(c));
    }
    if (innies.empty() || static_cast<int>(innies.size()) == n_) continue;
    for (const Cage& cage : g.cages()) {
      const int k = cage_of[cage.cells.front()];
      if (inside[k] == static_cast<int>(cage.cells.size())) rest -= cage.sum;
    }
    CageInfo info;
    info.sets = cage_digit_sets(n_, static_cast<int>(innies.size()), rest);
    info.cells = std::move(innies);
    cages_.push_back(std::move(info));
  }
}

bool KillerEngine::assign(Frame& f, int cell, int v) {
  // Singles found on the way are placed through a small stack, not recursion. A cell
  // becomes a single once (masks only shrink), so the stack holds at most the first cell
  // and one entry per cell.
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
    const std::uint16_t bit = static_cast<std::uint16_t>(1u << (value - 1));
    if (!(f.cand[c] & bit)) return false;
    f.value[c] = static_cast<std::uint8_t>(value);
    f.cand[c] = bit;
    --f.unsolved;
    ++nodes_;
    for (std::uint8_t p : peers_[c]) {
      if (!(f.cand[p] & bit)) continue;
      if (f.value[p]) return false;
      f.cand[p] &= static_cast<std::uint16_t>(~bit);
      if (!f.cand[p]) return false;
      if (std::has_single_bit(f.cand[p])) {
        stack[top++] = p;
        stack[top++] = std::countr_zero(f.cand[p]) + 1;
      }
    }
  }
  return true;
}

bool KillerEngine::restrict(Frame& f, int cell, std::uint16_t keep, bool& changed) {
  const std::uint16_t now = f.cand[cell] & keep;
  if (now == f.cand[cell]) return true;
  if (!now) return false;
  f.cand[cell] = now;
  changed = true;
  if (std::has_single_bit(now)) return assign(f, cell, std::countr_zero(now) + 1);
  return true;
}

bool KillerEngine::cage_pass(Frame& f, const CageInfo& cage, bool& changed) {
  return detail::cage_pass(
      f, cage.cells, cage.sets,
      [&](int cell, std::uint16_t allowed) { return restrict(f, cell, allowed, changed); },
      [&](int cell, int digit) {
        changed = true;
        return assign(f, cell, digit);
      });
}

bool KillerEngine::hidden_singles(Frame& f, bool& changed) {
  const std::uint16_t full = static_cast<std::uint16_t>((1u << n_) - 1);
  for (const auto& house : houses_) {
    std::uint16_t once = 0, twice = 0, placed = 0;
    for (std::uint8_t c : house) {
      if (f.value[c]) {
        placed |= f.cand[c];
        continue;
      }
      twice |= once & f.cand[c];
      once |= f.cand[c];
    }
    if ((once | placed) != full) return false;
    for (std::uint16_t single = once & ~twice & ~placed; single; single &= single - 1) {
      const std::uint16_t bit = single & static_cast<std::uint16_t>(-single);
      for (std::uint8_t c : house) {
        if (!f.value[c] && (f.cand[c] & bit)) {
          changed = true;
          if (!assign(f, c, std::countr_zero(bit) + 1)) return false;
          break;
        }
      }
    }
  }
  return true;
}

bool KillerEngine::propagate(Frame& f) {
  bool changed = true;
  while (changed) {
    changed = false;
    if (!hidden_singles(f, changed)) return false;
    for (const CageInfo& cage : cages_) {
      if (!cage_pass(f, cage, changed)) return false;
    }
  }
  return true;
}

void KillerEngine::search(int depth) {
  if (check_.due(nodes_)) {
    stop_ = true;
    return;
  }
  Frame& f = frames_[depth];
  if (!propagate(f)) return;
  if (f.unsolved == 0) {
    ++found_;
    if ((sink_ && !sink_(f.value)) || found_ >= limit_) stop_ = true;
    return;
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
  int values[kMaxKillerSize];
  int options = 0;
  for (std::uint16_t m = f.cand[best]; m; m &= m - 1) values[options++] = std::countr_zero(m) + 1;
  if (random_) {
    for (int i = options - 1; i > 0; --i) {
      std::swap(values[i], values[next_random() % static_cast<std::uint64_t>(i + 1)]);
    }
  }
  for (int i = 0; i < options && !stop_; ++i) {
    ++guesses_;
    Frame& next = frames_[depth + 1];
    next = frames_[depth];
    if (assign(next, best, values[i])) search(depth + 1);
  }
}

std::uint64_t KillerEngine::next_random() {
  // splitmix64: a fixed stream per seed on every platform.
  std::uint64_t z = (rng_ += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

std::uint64_t KillerEngine::run(const Geometry& g, const std::uint8_t* givens,
                                std::span<const Candidate> forbidden, std::uint64_t limit,
                                SearchStats* stats, SolutionSink sink, const SearchLimits& limits,
                                const std::uint64_t* random_seed) {
  prepare(g);
  limit_ = limit;
  found_ = nodes_ = guesses_ = 0;
  stop_ = false;
  sink_ = sink;
  check_.reset(limits);
  random_ = random_seed != nullptr;
  rng_ = random_seed ? *random_seed : 0;
  // One frame per depth: each branch places a cell, so the depth is at most N*N.
  if (frames_.empty()) frames_.resize(kCells + 1);
  Frame& f = frames_[0];
  const std::uint16_t full = static_cast<std::uint16_t>((1u << n_) - 1);
  std::fill(f.cand, f.cand + nn_, full);
  std::fill(f.value, f.value + nn_, 0);
  f.unsolved = nn_;
  bool ok = true;
  for (const Candidate& x : forbidden) {
    f.cand[x.cell] &= static_cast<std::uint16_t>(~(1u << (x.value - 1)));
  }
  for (int c = 0; c < nn_ && ok; ++c) {
    if (givens[c]) ok = assign(f, c, givens[c]);
  }
  for (int c = 0; c < nn_ && ok; ++c) {
    if (!f.value[c] && !f.cand[c]) ok = false;
    if (ok && !f.value[c] && std::has_single_bit(f.cand[c])) {
      ok = assign(f, c, std::countr_zero(f.cand[c]) + 1);
    }
  }
  if (ok && limit > 0) search(0);
  if (stats) {
    stats->nodes += nodes_;
    stats->guesses += guesses_;
  }
  check_.raise_if_aborted(nodes_);
  return found_;
}

}  // namespace sudoforge::detail
