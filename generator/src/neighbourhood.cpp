#include "sudoforge/generator/neighbourhood.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <new>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "random.h"

namespace sudoforge {
namespace {

// A set of cells, bit c % 64 of word c / 64: two words for boards up to 128 cells (9x9),
// ten for the largest (25x25).
template <std::size_t W>
using CellSet = std::array<std::uint64_t, W>;

// The cells where solution `s` holds the same symbol as `t`. kCells: the board's cell
// count when fixed at compile time (9x9), else 0 and `cells` gives it.
template <std::size_t W, std::size_t kCells>
CellSet<W> agreement(const std::uint8_t* s, const std::uint8_t* t, std::size_t cells) {
  const std::size_t n = kCells ? kCells : cells;
  CellSet<W> out{};
  std::size_t c = 0;
#if defined(__SSE2__)
  for (; c + 16 <= n; c += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + c));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + c));
    // 16 cells from c, a multiple of 16: they lie in one word.
    out[c / 64] |= static_cast<std::uint64_t>(
                       static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y))))
                   << (c % 64);
  }
#endif
  for (; c < n; ++c) out[c / 64] |= static_cast<std::uint64_t>(s[c] == t[c]) << (c % 64);
  return out;
}

// Whether `covered` holds every cell of `open`.
template <std::size_t W>
bool covers(const CellSet<W>& covered, const CellSet<W>& open) {
  std::uint64_t outside = 0;
  for (std::size_t w = 0; w < W; ++w) outside |= open[w] & ~covered[w];
  return outside == 0;
}

using generator_detail::draw_below;
using generator_detail::shuffle;

std::vector<int> clue_cells(const Grid& puzzle) {
  std::vector<int> cells;
  for (int c = 0; c < puzzle.cell_count(); ++c) {
    if (puzzle[c] != 0) cells.push_back(c);
  }
  return cells;
}

// Adds m clues of the target solution t (solutions[target]) to `reduced` so that no other
// enumerated solution agrees with all of them; nullopt when the draw finds no such set.
// `solutions`: `count` solutions one after the other, `cells` bytes each. `varied`: the
// cells where not every enumerated solution holds the same symbol (only read when m >= 2
// and there are two solutions or more).
//
// The rule (neighbourhood.h) asks, for each open cell c, whether some solution still in
// play (`others`) differs from t at c (before the last clue) or none agrees (the last
// clue). Both are read from the union over `others` of their agreement sets with t (or of
// their complements), built one solution at a time and stopped once it holds every open
// cell, where the answer no longer changes. Before the first clue, `others` is every
// solution but t, and some of them differs from t exactly at the varied cells (two
// solutions differ there; one of them is not t), so that union is not built.
static_assert(kMoveSolutionCap <= 65536, "complete_move lists solutions as 16-bit indices");
template <std::size_t W, std::size_t kCells>
std::optional<Neighbour> complete_move(const Grid& puzzle, const Grid& reduced,
                                       const std::uint8_t* solutions, std::size_t count,
                                       const CellSet<W>& varied, std::size_t target, int m,
                                       boost::random::mt19937_64& engine) {
  const std::size_t cells = kCells ? kCells : static_cast<std::size_t>(reduced.cell_count());
  const auto solution = [&](std::size_t i) { return solutions + i * cells; };
  const std::uint8_t* t = solution(target);
  // Enumerated solutions other than t that agree with the clues added so far: every one
  // but t (not listed) until the first clue, then listed.
  bool all_others = true;
  std::vector<std::uint16_t> others;
  std::size_t left = count - 1;
  // Cells a clue may be added at: empty in the reduced puzzle, and not the parent's own
  // clue put back; as a list in increasing order and as a set.
  std::vector<int> open;
  CellSet<W> open_set{};
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
    // `some`: before the last clue, the cells where some other solution differs from t;
    // for the last clue, those where some other solution agrees with it.
    CellSet<W> some{};
    if (!last && all_others) {
      some = varied;
    } else {
      const auto add = [&](std::size_t i) {
        const CellSet<W> agree = agreement<W, kCells>(solution(i), t, cells);
        for (std::size_t w = 0; w < W; ++w) some[w] |= last ? agree[w] : ~agree[w];
        return covers(some, open_set);
      };
      if (all_others) {
        for (std::size_t i = 0; i < count; ++i) {
          if (i != target && add(i)) break;
        }
      } else {
        for (const std::uint16_t i : others) {
          if (add(i)) break;
        }
      }
    }
    usable.clear();
    for (const int c : open) {
      const bool bit = some[static_cast<std::size_t>(c) / 64] >> (c % 64) & 1;
      if (last ? !bit : (bit || left == 0)) usable.push_back(c);
    }
    if (usable.empty() && !last) usable = open;
    if (usable.empty()) return std::nullopt;
    const int cell = usable[draw_below(engine, usable.size())];
    const std::uint8_t value = t[cell];
    added.emplace_back(cell, value);
    open.erase(std::find(open.begin(), open.end(), cell));
    open_set[static_cast<std::size_t>(cell) / 64] &= ~(std::uint64_t{1} << (cell % 64));
    if (all_others) {
      // Without a branch per solution (whether it agrees is data-dependent): each index is
      // written, and kept when it agrees.
      others.resize(count);
      std::size_t kept = 0;
      for (std::size_t i = 0; i < count; ++i) {
        others[kept] = static_cast<std::uint16_t>(i);
        kept += static_cast<std::size_t>((solution(i)[cell] == value) & (i != target));
      }
      others.resize(kept);
      all_others = false;
    } else {
      std::erase_if(others, [&](std::uint16_t i) { return solution(i)[cell] != value; });
    }
    left = others.size();
  }
  if (left != 0) return std::nullopt;  // m = 0 and the removal left several solutions
  Neighbour out;
  out.puzzle = reduced;
  for (const auto& [cell, value] : added) out.puzzle.set(cell, value);
  std::sort(added.begin(), added.end());
  out.added = std::move(added);
  out.solution = Grid(reduced.geometry(), std::vector<std::uint8_t>(t, t + cells));
  return out;
}

// The targets' moves in turn (complete_move), the first that gives a unique child.
template <std::size_t W, std::size_t kCells>
std::optional<Neighbour> first_child(const Grid& puzzle, const Grid& reduced,
                                     const std::uint8_t* solutions, std::size_t count,
                                     const std::vector<int>& targets, int m,
                                     boost::random::mt19937_64& engine, SudokuSolver& solver) {
  const std::size_t cells = kCells ? kCells : static_cast<std::size_t>(reduced.cell_count());
  // The varied cells (complete_move), needed before a first clue that is not the last;
  // only the reduced puzzle's empty cells matter (the others hold their given in every
  // solution), so the scan stops when every one is varied.
  CellSet<W> varied{};
  if (m >= 2 && count >= 2) {
    CellSet<W> same, empty{};
    same.fill(~std::uint64_t{0});
    for (std::size_t c = 0; c < cells; ++c) {
      if (reduced[static_cast<int>(c)] == 0) empty[c / 64] |= std::uint64_t{1} << (c % 64);
    }
    for (std::size_t i = 1; i < count; ++i) {
      const CellSet<W> agree = agreement<W, kCells>(solutions + i * cells, solutions, cells);
      std::uint64_t constant = 0;  // empty cells not yet seen to vary
      for (std::size_t w = 0; w < W; ++w) {
        same[w] &= agree[w];
        constant |= empty[w] & same[w];
      }
      if (constant == 0) break;
    }
    for (std::size_t w = 0; w < W; ++w) varied[w] = empty[w] & ~same[w];
  }
  for (const int target : targets) {
    if (auto child = complete_move<W, kCells>(puzzle, reduced, solutions, count, varied,
                                              static_cast<std::size_t>(target), m, engine)) {
      // The child's solutions are solutions of `reduced` agreeing with the added clues:
      // when the enumeration holds them all, t is the only one left. Capped, some were
      // not seen, so the solver decides.
      if (count >= kMoveSolutionCap && solver.count(child->puzzle, 2) != 1) continue;
      return child;
    }
  }
  return std::nullopt;
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
    const std::size_t j = k + draw_below(engine, clues.size() - k);
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
    count = solver.enumerate_into(reduced, enumerated.get(), kMoveSolutionCap);
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
  const int cells = reduced.cell_count();
  auto child =
      cells == 81
          ? first_child<2, 81>(puzzle, reduced, solutions, count, targets, move.add, engine, solver)
      : cells <= 128
          ? first_child<2, 0>(puzzle, reduced, solutions, count, targets, move.add, engine, solver)
          : first_child<10, 0>(puzzle, reduced, solutions, count, targets, move.add, engine,
                               solver);
  if (child) child->removed = out.removed;
  return child;
}

namespace {

// The unavoidable rectangles of the full grid `s` (a classic board of up to 128 cells):
// four cells in two rows and two columns holding a, b / b, a, in one box or two. Swapping
// a and b there gives another valid grid (each row, column and box keeps its symbols), so
// a puzzle of solution s whose clues miss one of them has two solutions.
std::vector<CellSet<2>> unavoidable_rectangles(const Grid& s) {
  const Geometry& g = s.geometry();
  const int n = s.size();
  std::vector<CellSet<2>> out;
  for (int r1 = 0; r1 < n; ++r1) {
    for (int r2 = r1 + 1; r2 < n; ++r2) {
      for (int c1 = 0; c1 < n; ++c1) {
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const int a = r1 * n + c1, b = r1 * n + c2, c = r2 * n + c1, d = r2 * n + c2;
          if (s[a] != s[d] || s[b] != s[c]) continue;
          const bool two_boxes = (g.box(a) == g.box(b) && g.box(c) == g.box(d)) ||
                                 (g.box(a) == g.box(c) && g.box(b) == g.box(d));
          if (!two_boxes) continue;
          CellSet<2> cells{};
          for (const int x : {a, b, c, d}) cells[x / 64] |= std::uint64_t{1} << (x % 64);
          out.push_back(cells);
        }
      }
    }
  }
  return out;
}

}  // namespace

Grid minimize(const Grid& puzzle, boost::random::mt19937_64& engine, SudokuSolver& solver,
              const std::vector<int>& last, const Grid* solution) {
  std::vector<int> order = clue_cells(puzzle);
  shuffle(order, engine);
  std::stable_partition(order.begin(), order.end(), [&last](int c) {
    return std::find(last.begin(), last.end(), c) == last.end();
  });
  const bool rectangles = solution && puzzle.geometry().is_classic() && puzzle.cell_count() <= 128;
  const std::vector<CellSet<2>> unavoidable =
      rectangles ? unavoidable_rectangles(*solution) : std::vector<CellSet<2>>{};
  CellSet<2> clues{};
  if (rectangles) {
    for (const int c : order) clues[c / 64] |= std::uint64_t{1} << (c % 64);
  }
  Grid out = puzzle;
  for (const int c : order) {
    const CellSet<2> bit = {c < 64 ? std::uint64_t{1} << c : 0,
                            c < 64 ? 0 : std::uint64_t{1} << (c - 64)};
    // Without c, a rectangle with no clue: the puzzle has its swapped grid as a second
    // solution, so c stays.
    const auto missed = [&](const CellSet<2>& r) {
      return !(r[0] & clues[0] & ~bit[0]) && !(r[1] & clues[1] & ~bit[1]);
    };
    if (std::any_of(unavoidable.begin(), unavoidable.end(), missed)) continue;
    const int value = out[c];
    out.clear(c);
    if (solver.count(out, 2) != 1) {
      out.set(c, value);
    } else {
      clues[0] &= ~bit[0];
      clues[1] &= ~bit[1];
    }
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
