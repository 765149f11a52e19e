#include "sudoforge/generator/neighbourhood.h"

#include <algorithm>
#include <boost/random/uniform_int_distribution.hpp>
#include <cstring>
#include <memory>
#include <new>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudoforge {
namespace {

// The cells where solution `s` holds the same symbol as `t`: bit c % 64 of out[c / 64]
// (out has (cells + 63) / 64 words).
void agreement(const std::uint8_t* s, const std::uint8_t* t, std::size_t cells,
               std::uint64_t* out) {
  std::fill(out, out + (cells + 63) / 64, std::uint64_t{0});
  std::size_t c = 0;
#if defined(__SSE2__)
  for (; c + 16 <= cells; c += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + c));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + c));
    // 16 cells from c, a multiple of 16: they lie in one word.
    out[c / 64] |= static_cast<std::uint64_t>(
                       static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y))))
                   << (c % 64);
  }
#endif
  for (; c < cells; ++c) out[c / 64] |= static_cast<std::uint64_t>(s[c] == t[c]) << (c % 64);
}

std::size_t draw_index(std::size_t size, boost::random::mt19937_64& engine) {
  return boost::random::uniform_int_distribution<std::size_t>(0, size - 1)(engine);
}

// Fisher-Yates with Boost's distribution (the same order on every platform).
void shuffle(std::vector<int>& items, boost::random::mt19937_64& engine) {
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[draw_index(i, engine)]);
}

std::vector<int> clue_cells(const Grid& puzzle) {
  std::vector<int> cells;
  for (int c = 0; c < puzzle.cell_count(); ++c) {
    if (puzzle[c] != 0) cells.push_back(c);
  }
  return cells;
}

// A move's enumerated solutions, one after the other, a cell a byte (`count` of them, each
// `cells` bytes), and the cell sets the draw reads as words of 64 cells.
struct MoveSolutions {
  const std::uint8_t* data;
  std::size_t count, cells, words;
  const std::uint8_t* operator[](std::size_t i) const { return data + i * cells; }
};

// Cells of `open` (a set, as words) outside `covered`: `covered` holds them all.
bool covers(const std::vector<std::uint64_t>& covered, const std::vector<std::uint64_t>& open) {
  for (std::size_t w = 0; w < open.size(); ++w) {
    if (open[w] & ~covered[w]) return false;
  }
  return true;
}

// Adds m clues of solutions[target] to `reduced` so that no other enumerated solution
// agrees with all of them; nullopt when the draw finds no such set. `varied`: the cells
// where not every enumerated solution holds the same symbol (only read when m >= 2 and
// there are two solutions or more).
//
// The rule (neighbourhood.h) asks, for each open cell c, whether some solution still in
// play (`others`) differs from the target at c (before the last clue) or none agrees (the
// last clue). Both are read from the union over `others` of their agreement sets with
// the target (or of their complements), built one solution at a time and stopped once it
// holds every open cell, where the answer no longer changes. Before the first clue,
// `others` is every solution but the target, and some of them differs from the target
// exactly at the varied cells (two solutions differ there; one of them is not the
// target), so that union is not built.
std::optional<Neighbour> complete_move(const Grid& puzzle, const Grid& reduced,
                                       const MoveSolutions& solutions,
                                       const std::vector<std::uint64_t>& varied, int target, int m,
                                       boost::random::mt19937_64& engine) {
  const std::size_t cells = solutions.cells;
  const std::uint8_t* t = solutions[static_cast<std::size_t>(target)];
  // Enumerated solutions other than the target that agree with the clues added so far.
  std::vector<std::uint16_t> others;
  others.reserve(solutions.count);
  for (std::size_t i = 0; i < solutions.count; ++i) {
    if (i != static_cast<std::size_t>(target)) others.push_back(static_cast<std::uint16_t>(i));
  }
  // Cells a clue may be added at: empty in the reduced puzzle, and not the parent's own
  // clue put back; as a list in increasing order and as a set.
  std::vector<int> open;
  std::vector<std::uint64_t> open_set(solutions.words, 0), some(solutions.words),
      agree(solutions.words);
  for (int c = 0; c < reduced.cell_count(); ++c) {
    if (reduced[c] == 0 && puzzle[c] != t[c]) {
      open.push_back(c);
      open_set[static_cast<std::size_t>(c) / 64] |= std::uint64_t{1} << (c % 64);
    }
  }
  std::vector<std::pair<int, int>> added;
  std::vector<int> usable;
  for (int k = 0; k < m; ++k) {
    const bool last = k == m - 1;
    // `some`: before the last clue, the cells where some other solution differs from the
    // target; for the last clue, those where some other solution agrees with it.
    if (!last && k == 0) {
      some = varied;
    } else {
      std::fill(some.begin(), some.end(), std::uint64_t{0});
      for (const std::uint16_t i : others) {
        agreement(solutions[i], t, cells, agree.data());
        for (std::size_t w = 0; w < some.size(); ++w) some[w] |= last ? agree[w] : ~agree[w];
        if (covers(some, open_set)) break;
      }
    }
    usable.clear();
    for (const int c : open) {
      const bool bit = some[static_cast<std::size_t>(c) / 64] >> (c % 64) & 1;
      if (last ? !bit : (bit || others.empty())) usable.push_back(c);
    }
    if (usable.empty() && !last) usable = open;
    if (usable.empty()) return std::nullopt;
    const int cell = usable[draw_index(usable.size(), engine)];
    added.emplace_back(cell, t[cell]);
    open.erase(std::find(open.begin(), open.end(), cell));
    open_set[static_cast<std::size_t>(cell) / 64] &= ~(std::uint64_t{1} << (cell % 64));
    std::erase_if(others, [&](std::uint16_t i) { return solutions[i][cell] != t[cell]; });
  }
  if (!others.empty()) return std::nullopt;  // m = 0 and the removal left several solutions
  Neighbour out;
  out.puzzle = reduced;
  for (const auto& [cell, value] : added) out.puzzle.set(cell, value);
  std::sort(added.begin(), added.end());
  out.added = std::move(added);
  out.solution = Grid(reduced.geometry(), std::vector<std::uint8_t>(t, t + cells));
  return out;
}

}  // namespace

std::optional<Neighbour> draw_neighbour(const Grid& puzzle, Move move,
                                        boost::random::mt19937_64& engine, SudokuSolver& solver,
                                        MoveMemo* memo) {
  std::vector<int> clues = clue_cells(puzzle);
  if (static_cast<int>(clues.size()) < move.remove) return std::nullopt;
  Neighbour out;
  Grid reduced = puzzle;
  // The first n of a partial Fisher-Yates shuffle: n distinct clues, uniformly.
  for (int k = 0; k < move.remove; ++k) {
    const std::size_t j = k + draw_index(clues.size() - k, engine);
    std::swap(clues[k], clues[j]);
    out.removed.push_back(clues[k]);
    reduced.clear(clues[k]);
  }
  std::sort(out.removed.begin(), out.removed.end());

  // The solutions one after the other, a cell a byte: enumerated, or the memo's.
  MoveMemo::Bytes enumerated;
  const std::uint8_t* solutions = nullptr;
  std::size_t count = 0;
  std::string key;
  bool remembered = false;
  if (memo) {
    key.assign(reduced.cells().begin(), reduced.cells().end());
    if (const auto it = memo->entries_.find(key); it != memo->entries_.end()) {
      solutions = it->second.solutions.get();
      count = it->second.count;
      remembered = true;
      ++memo->hits_;
    }
  }
  if (!remembered) {
    // Room for the cap at once, not zeroed: a solution is one copy, with no reallocation.
    const std::size_t cells = static_cast<std::size_t>(reduced.cell_count());
    enumerated.reset(static_cast<std::uint8_t*>(std::malloc(kMoveSolutionCap * cells)));
    if (!enumerated) throw std::bad_alloc();
    std::uint8_t* at = enumerated.get();
    count = solver.enumerate(
        reduced,
        [&at, cells](const Grid& s) {
          std::memcpy(at, s.cells().data(), cells);
          at += cells;
          return true;
        },
        kMoveSolutionCap);
    const std::size_t bytes = count * cells;
    if (memo && memo->bytes_ + bytes <= memo->max_bytes_) {
      // The memo keeps the buffer itself, shrunk to the solutions (in place, not copied).
      if (void* kept = std::realloc(enumerated.get(), std::max<std::size_t>(bytes, 1))) {
        static_cast<void>(enumerated.release());
        enumerated.reset(static_cast<std::uint8_t*>(kept));
      }
      memo->bytes_ += bytes;
      solutions = (memo->entries_[key] = {std::move(enumerated), count}).solutions.get();
    } else {
      solutions = enumerated.get();
    }
  }
  if (count == 0) return std::nullopt;  // cannot happen for a unique parent
  // Targets in a drawn order: for many solutions no clue set of size m singles them out.
  std::vector<int> targets(count);
  for (std::size_t i = 0; i < targets.size(); ++i) targets[i] = static_cast<int>(i);
  shuffle(targets, engine);
  if (targets.size() > kMoveTargets) targets.resize(kMoveTargets);
  const std::size_t cells = static_cast<std::size_t>(reduced.cell_count());
  const MoveSolutions moved{solutions, count, cells, (cells + 63) / 64};
  // The varied cells (complete_move), needed before a first clue that is not the last;
  // only the reduced puzzle's empty cells matter (the others hold their given in every
  // solution), so the scan stops when every one is varied.
  std::vector<std::uint64_t> varied(moved.words, 0);
  if (move.add >= 2 && count >= 2) {
    std::vector<std::uint64_t> same(moved.words, ~std::uint64_t{0}), agree(moved.words),
        empty(moved.words, 0);
    for (std::size_t c = 0; c < cells; ++c) {
      if (reduced[static_cast<int>(c)] == 0) empty[c / 64] |= std::uint64_t{1} << (c % 64);
    }
    for (std::size_t i = 1; i < count; ++i) {
      agreement(moved[i], moved[0], cells, agree.data());
      bool all = true;
      for (std::size_t w = 0; w < moved.words; ++w) {
        same[w] &= agree[w];
        varied[w] = empty[w] & ~same[w];
        all = all && varied[w] == empty[w];
      }
      if (all) break;
    }
  }
  for (const int target : targets) {
    if (auto child = complete_move(puzzle, reduced, moved, varied, target, move.add, engine)) {
      // The child's solutions are solutions of `reduced` agreeing with the added clues:
      // when the enumeration holds them all, the target is the only one left. Capped, some
      // were not seen, so the solver decides.
      if (count >= kMoveSolutionCap && solver.count(child->puzzle, 2) != 1) continue;
      child->removed = out.removed;
      return child;
    }
  }
  return std::nullopt;
}

Grid minimize(const Grid& puzzle, boost::random::mt19937_64& engine, SudokuSolver& solver,
              const std::vector<int>& last) {
  std::vector<int> order = clue_cells(puzzle);
  shuffle(order, engine);
  std::stable_partition(order.begin(), order.end(), [&last](int c) {
    return std::find(last.begin(), last.end(), c) == last.end();
  });
  Grid out = puzzle;
  for (const int c : order) {
    const int value = out[c];
    out.clear(c);
    if (solver.count(out, 2) != 1) out.set(c, value);
  }
  return out;
}

bool is_minimal_puzzle(const Grid& puzzle, SudokuSolver& solver) {
  Grid probe = puzzle;
  for (const int c : clue_cells(puzzle)) {
    const int value = probe[c];
    probe.clear(c);
    const bool unique = solver.count(probe, 2) == 1;
    probe.set(c, value);
    if (unique) return false;
  }
  return true;
}

}  // namespace sudoforge
