#include "sudoforge/generator/neighbourhood.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>
#include <span>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "random.h"

namespace sudoforge {
namespace {

// Bit j set when column[j] == symbol, for the 64 bytes of column.
std::uint64_t holding(const std::uint8_t* column, std::size_t symbol) {
#if defined(__SSE2__)
  const __m128i key = _mm_set1_epi8(static_cast<char>(symbol));
  std::uint64_t word = 0;
  for (int q = 0; q < 4; ++q) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(column + 16 * q));
    word |= static_cast<std::uint64_t>(
                static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, key))))
            << (16 * q);
  }
  return word;
#else
  std::uint64_t word = 0;
  for (int j = 0; j < 64; ++j) word |= static_cast<std::uint64_t>(column[j] == symbol) << j;
  return word;
#endif
}

using generator_detail::shuffle;

// Boost's uniform_int_distribution<std::size_t>(0, size - 1) draw (random.h).
std::size_t draw_index(std::size_t size, boost::random::mt19937_64& engine) {
  return generator_detail::draw_below(engine, size);
}

std::vector<int> clue_cells(const Grid& puzzle) {
  std::vector<int> cells;
  for (int c = 0; c < puzzle.cell_count(); ++c) {
    if (puzzle[c] != 0) cells.push_back(c);
  }
  return cells;
}

// The enumerated solutions of a move, by cell and symbol: agree(c, v) is the set of
// solutions holding v at c, one bit per solution, for the cells empty in the reduced puzzle
// (the only ones a clue is added at; a given holds the same symbol in every solution).
// complete_move asks, for each open cell, how many of the solutions still in play differ
// from the target there; one table per enumeration answers it in a few words per cell
// instead of a pass over the solutions.
class SolutionTable {
 public:
  // `solutions`: `count` solutions of reduced's cells, one after the other.
  SolutionTable(const std::uint8_t* solutions, std::size_t count, const Grid& reduced)
      : words_((count + 63) / 64),
        symbols_(static_cast<std::size_t>(reduced.size()) + 1),
        row_of_(static_cast<std::size_t>(reduced.cell_count()), 0) {
    std::vector<int> empty;
    for (int c = 0; c < reduced.cell_count(); ++c) {
      if (reduced[c] == 0) {
        row_of_[static_cast<std::size_t>(c)] = empty.size();
        empty.push_back(c);
      }
    }
    bits_.assign(empty.size() * symbols_ * words_, 0);
    const std::size_t cells = row_of_.size();
    // 64 solutions at a time: a cell's symbols in them gathered into one column of bytes,
    // then each symbol's word from byte compares; past the last solution the column holds
    // 0, which no symbol is.
    std::uint8_t column[64];
    for (std::size_t w = 0; w < words_; ++w) {
      const std::size_t n = std::min<std::size_t>(64, count - 64 * w);
      const std::uint8_t* block = solutions + 64 * w * cells;
      std::fill(column + n, column + 64, std::uint8_t{0});
      for (std::size_t r = 0; r < empty.size(); ++r) {
        const std::uint8_t* at = block + empty[r];
        if (n == 64) {  // a constant count: unrolled, no loop exit to predict
          for (std::size_t j = 0; j < 64; ++j) column[j] = at[j * cells];
        } else {
          for (std::size_t j = 0; j < n; ++j) column[j] = at[j * cells];
        }
        std::uint64_t* row = &bits_[r * symbols_ * words_ + w];
        for (std::size_t v = 1; v < symbols_; ++v) row[v * words_] = holding(column, v);
      }
    }
  }
  std::size_t words() const { return words_; }
  // Precondition: `cell` is empty in the reduced puzzle.
  const std::uint64_t* agree(int cell, int symbol) const {
    return &bits_[(row_of_[static_cast<std::size_t>(cell)] * symbols_ +
                   static_cast<std::size_t>(symbol)) *
                  words_];
  }

 private:
  std::size_t words_, symbols_;
  std::vector<std::size_t> row_of_;  // per cell, its row of the table when empty
  std::vector<std::uint64_t> bits_;
};

// Adds m clues of solutions[target] to `reduced` so that no other enumerated solution
// agrees with all of them; nullopt when the draw finds no such set.
std::optional<Neighbour> complete_move(const Grid& puzzle, const Grid& reduced,
                                       const std::uint8_t* solutions, std::size_t count,
                                       const SolutionTable& table, int target, int m,
                                       boost::random::mt19937_64& engine) {
  const std::size_t cells = static_cast<std::size_t>(reduced.cell_count());
  const std::span<const std::uint8_t> t(&solutions[static_cast<std::size_t>(target) * cells],
                                        cells);
  const std::size_t words = table.words();
  // Enumerated solutions other than the target that agree with the clues added so far.
  std::vector<std::uint64_t> others(words, 0);
  for (std::size_t i = 0; i < count; ++i) others[i / 64] |= std::uint64_t{1} << (i % 64);
  others[static_cast<std::size_t>(target) / 64] &= ~(std::uint64_t{1} << (target % 64));
  std::size_t left = count - 1;
  // Cells a clue may be added at: empty in the reduced puzzle, and not the parent's own
  // clue put back.
  std::vector<int> open;
  for (int c = 0; c < reduced.cell_count(); ++c) {
    if (reduced[c] == 0 && puzzle[c] != t[c]) open.push_back(c);
  }
  Neighbour out;
  out.puzzle = reduced;
  std::vector<int> usable;
  for (int k = 0; k < m; ++k) {
    const bool last = k == m - 1;
    // Before the last clue: a cell that rules out at least one other solution when there is
    // one. The last clue: a cell that rules out every one left.
    // `left` is the size of `others`, so neither test needs a count: some agree (the last
    // clue's test) when others & agree has a bit, some differ when others & ~agree has one.
    usable.clear();
    for (const int c : open) {
      const std::uint64_t* agree = table.agree(c, t[c]);
      std::uint64_t some = 0;
      if (last) {
        for (std::size_t w = 0; w < words; ++w) some |= others[w] & agree[w];
      } else {
        for (std::size_t w = 0; w < words; ++w) some |= others[w] & ~agree[w];
      }
      if (last ? some == 0 : (some != 0 || left == 0)) usable.push_back(c);
    }
    if (usable.empty() && !last) usable = open;
    if (usable.empty()) return std::nullopt;
    const int cell = usable[draw_index(usable.size(), engine)];
    out.puzzle.set(cell, t[cell]);
    out.added.emplace_back(cell, t[cell]);
    open.erase(std::find(open.begin(), open.end(), cell));
    const std::uint64_t* agree = table.agree(cell, t[cell]);
    left = 0;
    for (std::size_t w = 0; w < words; ++w) left += std::popcount(others[w] &= agree[w]);
  }
  if (left != 0) return std::nullopt;  // m = 0 and the removal left several solutions
  std::sort(out.added.begin(), out.added.end());
  out.solution = Grid(reduced.geometry(), std::vector<std::uint8_t>(t.begin(), t.end()));
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
  std::unique_ptr<std::uint8_t[]> enumerated;
  const std::uint8_t* solutions = nullptr;
  std::size_t count = 0;
  std::string key;
  bool remembered = false;
  if (memo) {
    key.assign(reduced.cells().begin(), reduced.cells().end());
    if (const auto it = memo->entries_.find(key); it != memo->entries_.end()) {
      solutions = it->second.solutions.data();
      count = it->second.count;
      remembered = true;
      ++memo->hits_;
    }
  }
  if (!remembered) {
    // Room for the cap at once, not zeroed: a solution is one copy, with no reallocation.
    const std::size_t cells = static_cast<std::size_t>(reduced.cell_count());
    enumerated = std::make_unique_for_overwrite<std::uint8_t[]>(kMoveSolutionCap * cells);
    std::uint8_t* at = enumerated.get();
    count = solver.enumerate(
        reduced,
        [&at, cells](const Grid& s) {
          std::memcpy(at, s.cells().data(), cells);
          at += cells;
          return true;
        },
        kMoveSolutionCap);
    solutions = enumerated.get();
    const std::size_t bytes = count * cells;
    if (memo && memo->bytes_ + bytes <= memo->max_bytes_) {
      memo->bytes_ += bytes;
      solutions = (memo->entries_[key] = {{solutions, solutions + bytes}, count}).solutions.data();
    }
  }
  if (count == 0) return std::nullopt;  // cannot happen for a unique parent
  // Targets in a drawn order: for many solutions no clue set of size m singles them out.
  std::vector<int> targets(count);
  for (std::size_t i = 0; i < targets.size(); ++i) targets[i] = static_cast<int>(i);
  shuffle(targets, engine);
  if (targets.size() > kMoveTargets) targets.resize(kMoveTargets);
  const SolutionTable table(solutions, count, reduced);
  for (const int target : targets) {
    if (auto child =
            complete_move(puzzle, reduced, solutions, count, table, target, move.add, engine)) {
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
