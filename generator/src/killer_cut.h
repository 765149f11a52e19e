#pragma once
// Killer cages cut from a full grid (see "Killer" in generator.h).
#include <atomic>
#include <optional>
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

// The killer board (solution's board plus cages) of one merge pass over `solution`, or
// nullopt when a cage below cut.min_size is left (the caller draws a new grid). Every
// merge kept leaves exactly one solution (proven by propagation or by searches, whose
// count and nodes go to searches and cost). The layout is invariant under `symmetry` (concrete and
// admitted by the board). Throws SearchAborted when *stop is raised (read before each
// check).
std::optional<Geometry> cut_cages(const Grid& solution, const CageCut& cut, Symmetry symmetry,
                                  Rng& rng, const std::atomic<bool>* stop, SearchStats& cost,
                                  int& searches);

}  // namespace sudoforge::generator_detail
