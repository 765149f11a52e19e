#include "killer_cut.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sudoforge::generator_detail {
namespace {

// Cages as a union-find over cells, with each root's size and symbol mask.
struct Partition {
  std::vector<int> parent, size;
  std::vector<std::uint32_t> symbols;

  explicit Partition(const Grid& solution) {
    const int cells = solution.cell_count();
    parent.resize(cells);
    size.assign(cells, 1);
    symbols.resize(cells);
    for (int c = 0; c < cells; ++c) {
      parent[c] = c;
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

Geometry board_of(const Grid& solution, Partition& p) {
  const int cells = solution.cell_count();
  std::vector<int> index(cells, -1);
  std::vector<Cage> cages;
  for (int c = 0; c < cells; ++c) {
    const int root = p.find(c);
    if (index[root] < 0) {
      index[root] = static_cast<int>(cages.size());
      cages.emplace_back();
    }
    Cage& cage = cages[index[root]];
    cage.sum += solution[c];
    cage.cells.push_back(c);
  }
  return solution.geometry().with_cages(std::move(cages));
}

// Whether the puzzle of `board` (the cages of `next`, made of the cages of `prev`) has a
// solution other than `solution`. Such a solution T breaks the sum of some cage of prev
// (else it would solve prev's puzzle, whose only solution is `solution`); inside a cage of
// next its parts' sums add up, so T breaks at least two of them and differs from
// `solution` on the cells of the parts other than the largest. Taking those cells
// x1..xm in order and the first k where T[xk] differs, T solves the puzzle with x1..xk-1
// given and (xk, solution[xk]) excluded: m searches, each stopping at its first hit and
// far narrower than counting the whole puzzle to 2.
bool has_other_solution(const Geometry& board, const Grid& solution, const CageCut& cut,
                        Partition& prev, Partition& next, SudokuSolver& solver, SearchStats& cost,
                        int& searches) {
  const int cells = solution.cell_count();
  // The largest part (an old root) of each new cage that gained parts.
  std::vector<int> largest(cells, -1);
  for (int c = 0; c < cells; ++c) {
    const int part = prev.find(c), whole = next.find(c);
    if (prev.size[part] == next.size[whole]) continue;
    int& best = largest[whole];
    if (best < 0 || prev.size[part] > prev.size[best] ||
        (prev.size[part] == prev.size[best] && part < best)) {
      best = part;
    }
  }
  Grid work(board);
  for (int c : cut.given_cells) work.set(c, solution[c]);
  for (int c = 0; c < cells; ++c) {
    const int whole = next.find(c);
    if (largest[whole] < 0 || prev.find(c) == largest[whole] || work[c] != 0) continue;
    const Candidate excluded{c, solution[c]};
    ++searches;
    if (solver.has_other_solution(work, std::span(&excluded, 1), &cost)) return true;
    work.set(c, solution[c]);
  }
  return false;
}

}  // namespace

std::optional<Geometry> cut_cages(const Grid& solution, const CageCut& cut, Symmetry symmetry,
                                  Rng& rng, SudokuSolver& solver, SearchStats& cost,
                                  int& searches) {
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
  Partition p(solution);
  // Singletons are as good as givens: the start is unique. A merge loosens the puzzle, so
  // a merge that loses uniqueness is not retried later (one more merge only loosens it
  // more, up to the distinct-symbol rule of the larger cage). Phase 0 merges only the
  // cages below min_size, phase 1 any two.
  for (int phase = cut.min_size > 1 ? 0 : 1; phase < 2; ++phase) {
    for (const auto& [a, b] : edges) {
      if (p.find(a) == p.find(b)) continue;
      if (phase == 0 && p.size[p.find(a)] >= cut.min_size && p.size[p.find(b)] >= cut.min_size) {
        continue;
      }
      // The merge and its images under the symmetry, so the layout stays invariant.
      Partition next = p;
      bool fits = true;
      for (Transform t : group) {
        fits = fits && next.unite(transform_cell(g, t, a), transform_cell(g, t, b), cut.max_size);
      }
      if (!fits) continue;
      const Geometry board = board_of(solution, next);
      bool unique = false;
      try {
        unique = !has_other_solution(board, solution, cut, p, next, solver, cost, searches);
      } catch (const SearchAborted& e) {
        // A check past its node budget counts as "not unique": the merge is not made, so
        // every puzzle stays proven unique, and the tail of slow checks is cut (nodes, not
        // time: the puzzles stay a function of the seed).
        if (e.reason() != SearchAborted::Reason::kNodeLimit) throw;
      }
      if (unique) p = std::move(next);
    }
  }
  for (int c = 0; c < cells; ++c) {
    if (p.size[p.find(c)] < cut.min_size) return std::nullopt;
  }
  return board_of(solution, p);
}

}  // namespace sudoforge::generator_detail
