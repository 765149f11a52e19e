#pragma once
// Killer cages cut from a full grid (see "Killer" in generator.h).
#include <array>
#include <atomic>
#include <cstdint>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "random.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/solver/search_stats.h"

namespace sudoforge::generator_detail {

// Which merges the cut keeps (GeneratorOptions::killer_cut).
using KillerCut = GeneratorOptions::KillerCut;

struct CageCut {
  int min_size = 1;
  int max_size = 5;
  // Cells whose digit of the solution is given: the checks count with them filled in.
  std::vector<int> given_cells;
  KillerCut rule = KillerCut::kUnique;
};

// The last phase of a cut (cut_cages with a path): the cages before it, as the label of
// each cell, and its merges in the order made (each with its images under the
// symmetry). Every prefix of the merges leaves a unique puzzle (its solutions solve the
// whole cut's puzzle, whose cages' sums are sums of its cages') with cages within the
// sizes, and the puzzles mostly grow harder along it.
struct CutPath {
  std::array<int, kMaxKillerSize * kMaxKillerSize> base{};
  std::vector<std::pair<int, int>> merges;
};

// The killer board (solution's board plus cages) of one merge pass over `solution`, or
// nullopt when a cage below cut.min_size is left, or the easy rules solve a kDeduced cut
// (so it rates easy: the caller draws a new grid). With a
// path, cages below the minimum are reshaped before the last phase instead of after it
// and that phase is recorded there (the layout may differ from a cut without a path). Every
// merge kept leaves exactly one solution (proven by propagation or by searches, whose
// count and nodes go to searches and cost). The layout is invariant under `symmetry` (concrete and
// admitted by the board). Throws SearchAborted when *stop is raised (read before each
// check). With easy_state, a kDeduced cut that returns a board also sets it to the state
// the easy rules reach on its puzzle (core/killer.h kPlacedSymbol).
std::optional<Geometry> cut_cages(const Grid& solution, const CageCut& cut, Symmetry symmetry,
                                  Rng& rng, const std::atomic<bool>* stop, SearchStats& cost,
                                  int& searches, CutPath* path = nullptr,
                                  std::vector<std::uint16_t>* easy_state = nullptr);

// The board of path.base with the first `merges` merges of path (with their images under
// `symmetry`): a coarsening of path.base that the whole cut (path recorded from `solution`
// with `symmetry`) coarsens further, so its cages are within the sizes, repeat no symbol
// and its puzzle is unique.
Geometry board_after(const Grid& solution, const CutPath& path, Symmetry symmetry,
                     std::size_t merges);

// The board of path.base with the merges i of path where kept[i] (with their images under
// `symmetry`; kept may be shorter than path.merges, the rest left out): any such subset
// leaves connected cages within the sizes that the whole cut coarsens, so its puzzle is
// unique as well (its solutions solve the whole cut's puzzle).
Geometry board_with(const Grid& solution, const CutPath& path, Symmetry symmetry,
                    const std::vector<bool>& kept);

// Whether the rules of `rule` (kEasy: the easy rules; kDeduced: those and naked singles)
// solve the puzzle of `board`'s cages, no cell given, as the cut's checks decide it after
// a merge. `solution` is on the board without cages (as cut_cages takes it); `board` is
// that board with cages whose sums are solution's.
bool rules_solve(const Grid& solution, const Geometry& board, KillerCut rule);

}  // namespace sudoforge::generator_detail
