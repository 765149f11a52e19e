#include "sudoforge/solver/sudoku_solver.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "engines.h"
#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/solver/internal/engine_choice.h"

namespace sudoforge {

using internal::Engine;

struct SudokuSolver::Impl {
  Engine engine;
  SearchLimits limits;
  detail::LinkedEngine linked;
  detail::CellEngine cells;
  detail::BandEngine band;
  detail::KillerEngine killer;
  std::vector<std::uint8_t> buffer;
  std::optional<Grid> solution;  // reused by enumerate so a visit does not allocate
  // The extra houses of band_geometry in the band engine's terms (see band_houses()).
  std::optional<Geometry> band_geometry;
  detail::BandHouses band_houses_;

  explicit Impl(Engine e) : engine(e) {}

  // Throws ConflictingGivens. The fast check allocates nothing; only a conflict pays for
  // find_conflict, which names the first pair in cell order.
  static void check_givens(const Grid& grid) {
    const Geometry& g = grid.geometry();
    // Classic boards have at most 75 houses; boards with more pay for a vector.
    std::array<std::uint32_t, 75> fixed{};
    std::vector<std::uint32_t> more;
    std::uint32_t* used = fixed.data();
    if (g.house_count() > static_cast<int>(fixed.size())) {
      more.assign(g.house_count(), 0);
      used = more.data();
    }
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      const int v = grid[cell];
      if (!v) continue;
      const std::uint32_t bit = 1u << (v - 1);
      bool clash = false;
      for (int u : g.houses_of(cell)) {
        clash |= (used[u] & bit) != 0;
        used[u] |= bit;
      }
      if (clash) {
        const auto pair = find_conflict(grid);
        const int a = pair ? pair->first : cell, b = pair ? pair->second : cell;
        throw ConflictingGivens(a, b, describe_conflict(grid, Alphabet::standard(g.size())));
      }
    }
    // Cages repeat no symbol either; find_conflict names the first pair of houses or cages.
    if (g.has_cages()) {
      if (const auto pair = find_conflict(grid)) {
        throw ConflictingGivens(pair->first, pair->second,
                                describe_conflict(grid, Alphabet::standard(g.size())));
      }
    }
  }

  // Returns false when a forbidden candidate is a given (then there is no solution).
  static bool check_forbidden(const Grid& grid, std::span<const Candidate> forbidden) {
    for (const Candidate& f : forbidden) {
      if (f.cell < 0 || f.cell >= grid.cell_count() || f.value < 1 || f.value > grid.size()) {
        throw std::invalid_argument("forbidden candidate out of range");
      }
      if (grid[f.cell] == f.value) return false;
    }
    return true;
  }

  // The band engine's boards: 9x9 with 3x3 boxes, and any extra houses.
  static bool classic_nine(const Geometry& g) { return g.size() == 9 && g.is_classic(); }
  static bool band_board(const Geometry& g) { return g.size() == 9 && g.has_boxes(); }

  // g's extra houses as BandHouses; built once per geometry.
  const detail::BandHouses* band_houses(const Geometry& g) {
    if (g.extra_house_count() == 0) return nullptr;
    if (!band_geometry || !(*band_geometry == g)) {
      band_houses_.houses.assign(3 * static_cast<std::size_t>(g.extra_house_count()), 0);
      for (int h = 0; h < g.extra_house_count(); ++h) {
        for (const int cell : g.house(27 + h)) {
          band_houses_.houses[3 * h + cell / 27] |= 1u << (cell % 27);
        }
      }
      band_geometry = g;
    }
    return &band_houses_;
  }

  Engine resolve(const Geometry& g) const {
    const bool nine = band_board(g);
    switch (engine) {
      case Engine::kLinked:
      case Engine::kCellMasks:
        return engine;
      case Engine::kBitwise:
        return nine ? Engine::kBitwise : Engine::kCellMasks;
      case Engine::kAuto:
        break;
    }
    // Off 9x9 boxed boards (other sizes, jigsaw regions), kCellMasks: its propagation
    // (hidden singles, locked candidates) and lookahead keep the search small on unique minimal
    // puzzles, where plain dancing links can run for hours on 25x25 (solver/PERF_NOTES.md). kLinked
    // wins only on the easy random-removal boards of solver_bench --big, which no user brings.
    return nine ? Engine::kBitwise : Engine::kCellMasks;
  }

  std::uint64_t run(const Grid& grid, std::uint64_t limit, SearchStats* stats,
                    std::span<const Candidate> forbidden, detail::SolutionSink sink,
                    const Grid* prefer = nullptr) {
    const Geometry& g = grid.geometry();
    const std::uint8_t* givens = grid.cells().data();
    // Cages are the killer engine's alone, whatever engine is pinned: the others would
    // search the board without its cage sums.
    if (g.has_cages()) {
      check_givens(grid);
      if (!check_forbidden(grid, forbidden)) return 0;
      return killer.run(g, givens, forbidden, limit, stats, sink, limits);
    }
    const Engine e = resolve(g);
    if (e == Engine::kBitwise) {
      // The band engine finds conflicts of rows, columns and boxes while it sets up; only
      // then is the pair named. It does not see conflicts in extra houses: checked first.
      if (g.extra_house_count()) check_givens(grid);
      if (!check_forbidden(grid, forbidden)) {
        check_givens(grid);
        return 0;
      }
      bool conflict = false;
      const std::uint64_t n =
          band.run(givens, forbidden, limit, stats, sink, limits, &conflict, band_houses(g));
      if (conflict) check_givens(grid);
      return n;
    }
    check_givens(grid);
    if (!check_forbidden(grid, forbidden)) return 0;
    if (e == Engine::kLinked) return linked.run(g, givens, forbidden, limit, stats, sink, limits);
    return cells.run(g, givens, forbidden, limit, stats, sink, limits,
                     prefer ? prefer->cells().data() : nullptr);
  }
};

SudokuSolver::SudokuSolver() : impl_(std::make_unique<Impl>(Engine::kAuto)) {}
SudokuSolver::~SudokuSolver() = default;
SudokuSolver::SudokuSolver(SudokuSolver&&) noexcept = default;
SudokuSolver& SudokuSolver::operator=(SudokuSolver&&) noexcept = default;

void internal::EngineAccess::pin(SudokuSolver& solver, Engine engine) {
  solver.impl_->engine = engine;
}

Engine internal::EngineAccess::engine(const SudokuSolver& solver) {
  return solver.impl_->engine;
}

void SudokuSolver::set_limits(const SearchLimits& limits) {
  impl_->limits = limits;
}

const SearchLimits& SudokuSolver::limits() const {
  return impl_->limits;
}

std::uint64_t SudokuSolver::count(const Grid& grid, std::uint64_t cap, SearchStats* stats) {
  return impl_->run(grid, cap, stats, {}, {});
}

bool SudokuSolver::has_other_solution(const Grid& puzzle, std::span<const Candidate> excluded,
                                      SearchStats* stats, const Grid* known) {
  if (known && (!(known->geometry() == puzzle.geometry()) || !known->is_complete())) {
    throw std::invalid_argument(
        "has_other_solution: the known solution must be a full grid of the same geometry");
  }
  return impl_->run(puzzle, 1, stats, excluded, {}, known) > 0;
}

namespace {
// A solution sink that copies the first solution to `out` (n cells) and stops the search.
struct CopyFirst {
  std::uint8_t* out;
  std::size_t n;
  static bool fn(void* ctx, const std::uint8_t* cells) {
    auto* self = static_cast<CopyFirst*>(ctx);
    std::copy(cells, cells + self->n, self->out);
    return false;
  }
};
}  // namespace

std::optional<Grid> SudokuSolver::solve(const Grid& grid, SearchStats* stats) {
  auto& buffer = impl_->buffer;
  buffer.resize(grid.cell_count());
  CopyFirst copy{buffer.data(), buffer.size()};
  if (impl_->run(grid, 1, stats, {}, {&CopyFirst::fn, &copy}) == 0) return std::nullopt;
  return Grid(grid.geometry(), buffer);
}

std::uint64_t SudokuSolver::enumerate(const Grid& grid,
                                      const std::function<bool(const Grid&)>& visit,
                                      std::uint64_t limit, SearchStats* stats) {
  auto& solution = impl_->solution;
  if (!solution || !(solution->geometry() == grid.geometry())) solution.emplace(grid.geometry());
  struct Visit {
    Grid* grid;
    const std::function<bool(const Grid&)>* visit;
    static bool fn(void* ctx, const std::uint8_t* cells) {
      auto* self = static_cast<Visit*>(ctx);
      self->grid->assign({cells, static_cast<std::size_t>(self->grid->cell_count())});
      return (*self->visit)(*self->grid);
    }
  } v{&*solution, &visit};
  // A visitor that stops the search still counts its solution as visited.
  return impl_->run(grid, limit, stats, {}, {&Visit::fn, &v});
}

std::uint64_t SudokuSolver::enumerate_into(const Grid& grid, std::uint8_t* out, std::uint64_t limit,
                                           SearchStats* stats) {
  // A copy of a constant size on 9x9 (no call per solution there).
  struct Into {
    std::uint8_t* at;
    std::size_t cells;
    static bool fn(void* ctx, const std::uint8_t* cells) {
      auto* self = static_cast<Into*>(ctx);
      std::memcpy(self->at, cells, self->cells);
      self->at += self->cells;
      return true;
    }
    static bool fn81(void* ctx, const std::uint8_t* cells) {
      auto* self = static_cast<Into*>(ctx);
      std::memcpy(self->at, cells, 81);
      self->at += 81;
      return true;
    }
  } into{out, static_cast<std::size_t>(grid.cell_count())};
  return impl_->run(grid, limit, stats, {}, {into.cells == 81 ? &Into::fn81 : &Into::fn, &into});
}

std::optional<Grid> SudokuSolver::random_solution(const Grid& partial, std::uint64_t seed,
                                                  SearchStats* stats) {
  Impl::check_givens(partial);
  auto& buffer = impl_->buffer;
  buffer.resize(partial.cell_count());
  // The engine depends on the geometry only, never on engine(): the grid a seed gives must
  // not depend on the engine choice. Classic 9x9 uses the band engine (several times
  // faster; a 9x9 search never needs the restarts), every other board the cell engine.
  const Geometry& g = partial.geometry();
  if (g.has_cages()) {
    CopyFirst copy{buffer.data(), buffer.size()};
    if (impl_->killer.run(g, partial.cells().data(), {}, 1, stats, {&CopyFirst::fn, &copy},
                          impl_->limits, &seed) == 0) {
      return std::nullopt;
    }
  } else if (Impl::classic_nine(g)) {
    struct Copy {
      std::uint8_t* out;
      static bool fn(void* ctx, const std::uint8_t* cells) {
        std::copy(cells, cells + 81, static_cast<Copy*>(ctx)->out);
        return false;
      }
    } copy{buffer.data()};
    std::uint64_t s = seed;
    if (impl_->band.run_random(partial.cells().data(), 1, stats, {&Copy::fn, &copy}, &s,
                               impl_->limits) == 0) {
      return std::nullopt;
    }
  } else if (!impl_->cells.random_solution(g, partial.cells().data(), seed, stats, buffer.data(),
                                           impl_->limits)) {
    return std::nullopt;
  }
  return Grid(partial.geometry(), buffer);
}

namespace {
SudokuSolver& thread_solver() {
  thread_local SudokuSolver solver;
  return solver;
}
}  // namespace

std::uint64_t count_solutions(const Grid& grid, std::uint64_t limit, SearchStats* stats) {
  return thread_solver().count(grid, limit, stats);
}

std::optional<Grid> solve(const Grid& grid, SearchStats* stats) {
  return thread_solver().solve(grid, stats);
}

}  // namespace sudoforge
