#include "sudoforge/generator/generator.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "killer_cut.h"
#include "random.h"
#include "sudoforge/generator/layout.h"
#include "sudoforge/solver/clause_solver.h"
#include "sudoforge/solver/internal/count_isa.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/search_limits.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {
namespace {

using generator_detail::draw_below;
using generator_detail::Rng;
using generator_detail::shuffle;

}  // namespace

std::uint64_t puzzle_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + (index + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

namespace {

// True when every transform of s maps each extra house of g onto an extra house.
bool keeps_extra_houses(const Geometry& g, Symmetry s) {
  const int first = 3 * g.size();
  std::vector<int> image;
  for (Transform t : group_of(s)) {
    for (int h = first; h < g.house_count(); ++h) {
      image.clear();
      for (int c : g.house(h)) image.push_back(transform_cell(g, t, c));
      std::sort(image.begin(), image.end());
      bool found = false;
      for (int k = first; k < g.house_count() && !found; ++k) {
        found = std::equal(image.begin(), image.end(), g.house(k).begin(), g.house(k).end());
      }
      if (!found) return false;
    }
  }
  return true;
}

}  // namespace

std::vector<Symmetry> jigsaw_symmetries(const Geometry& board) {
  std::vector<Symmetry> out;
  for (Symmetry s : concrete_symmetries()) {
    if (jigsaw_admits(board.size(), s) && keeps_extra_houses(board, s)) out.push_back(s);
  }
  return out;
}

void validate(const GeneratorOptions& o) {
  const Geometry& g = o.geometry;
  if (o.jigsaw) {
    if (g.size() < kMinJigsawSize || g.size() > kMaxJigsawSize) {
      throw GeneratorError("jigsaw boards have 4 to 25 symbols, not " + std::to_string(g.size()));
    }
    if (o.symmetry != Symmetry::kRandom &&
        !(jigsaw_admits(g.size(), o.symmetry) && keeps_extra_houses(g, o.symmetry))) {
      std::string list;
      for (Symmetry s : jigsaw_symmetries(g))
        list += (list.empty() ? "" : ", ") + std::string(symmetry_name(s));
      throw GeneratorError("symmetry " + std::string(symmetry_name(o.symmetry)) +
                           " has no jigsaw layouts of size " + std::to_string(g.size()) +
                           "; they admit " + list + " and random");
    }
  } else if (!admits(g, o.symmetry)) {
    throw GeneratorError("symmetry " + std::string(symmetry_name(o.symmetry)) +
                         " needs square boxes; " + g.name() +
                         " boxes admit none, rot180, mirror and flip");
  }
  if (o.min_clues < 0 || o.min_clues > g.cell_count()) {
    throw GeneratorError("min_clues must be between 0 and " + std::to_string(g.cell_count()));
  }
  if (o.minimal && o.min_clues != 0) {
    throw GeneratorError("min_clues needs minimal = false");
  }
  if (o.orders_per_grid < 1) throw GeneratorError("orders_per_grid must be at least 1");
  if (o.killer) {
    if (o.jigsaw || g.size() > kMaxKillerSize || !g.has_boxes() || g.has_cages()) {
      throw GeneratorError("killer puzzles are generated on boards of boxes up to 9x9");
    }
    if (o.killer_min_cage < 1 || o.killer_min_cage > o.killer_max_cage ||
        o.killer_max_cage > g.size()) {
      throw GeneratorError("killer cage sizes must satisfy 1 <= min <= max <= " +
                           std::to_string(g.size()));
    }
  }
  if (o.killer_givens < 0 || o.killer_givens > g.cell_count() ||
      (o.killer_givens > 0 && !o.killer)) {
    throw GeneratorError("killer_givens must be 0..cells, and only for killer puzzles");
  }
}

// Clue removal on big grids (16x16 and up; see "Big grids" in generator.h): the first
// budget of a check in solver nodes, and the one past which an unbounded run goes
// unbounded.
constexpr std::uint64_t kFirstCheckNodes = 1000;
constexpr std::uint64_t kLastBoundedCheckNodes = 1'000'000;
// 25x25: the cell engine's share of a check's budget (its nodes cost about ten times the
// clause search's; see determined()), and its cap.
constexpr std::uint64_t kCellShare = 10;
constexpr std::uint64_t kCellNodes25 = 1000;
// 25x25: the last budget of the 10x steps; the next round gets max_check_nodes at once.
constexpr std::uint64_t kLastSteppedCheckNodes25 = 100'000;

// What a uniqueness check concluded.
enum class Verdict {
  kUnique,     // no solution but the known one
  kNotUnique,  // another solution exists
  kUnknown,    // the node budget ran out
  kStopped,    // the stop flag was raised
};

// What try_remove did with an orbit.
enum class Removal { kRemoved, kKept, kDeferred, kStopped };

struct Generator::Impl {
  GeneratorOptions options;
  Geometry g;
  int n, cells;
  // Staged removal with node budgets and kCellMasks with the known solution as hint, from
  // 16x16 up; smaller grids keep the first release's single unbounded pass (9x9 puzzles of
  // a seed must not change).
  bool staged;
  std::uint64_t max_check_nodes;  // 0 = unbounded
  // 25x25: a check the cell engine does not settle within a tenth of its budget goes on
  // in the clause-learning search with the full budget (see "Big grids" in generator.h).
  bool learning;
  std::uint64_t grid_total;  // see GeneratorOptions::max_grid_check_nodes; 0 = none
  // Below 16x16, off 9x9, classic boards' checks stay on kLinked (kAuto's engine when these
  // puzzles were first generated): a --check-nodes budget counts that engine's nodes, so
  // another engine could change which clues a bounded check keeps, and with it a seed's
  // puzzles. Boards with extra houses or jigsaw regions use kAuto: plain dancing links
  // can take seconds on one check of an irregular 12x12 board.
  SudokuSolver solver;
  ClauseSolver clauses;
  std::uint32_t full;
  // Orbits per concrete symmetry, built on first use.
  std::array<std::vector<std::vector<int>>, 8> orbit_cache;
  // The working puzzle and the symbols given in each unit.
  Grid work;
  std::vector<std::uint32_t> masks;
  std::vector<int> order;  // orbit indices in removal order
  std::vector<int> scratch;
  // The solution being reduced (null in is_minimal, which needs none).
  const Grid* known = nullptr;
  // Unavoidable sets of *known (see find_unavoidable_sets), flat: set s holds
  // set_cells[set_start[s] .. set_start[s+1]); cell_sets likewise lists per cell the sets
  // holding it; set_clues[s] counts the givens of `work` in set s. Up to 128 cells the
  // counts are not kept: set s is a cell set (set_bits[s]), the givens one too (given_bits),
  // so a given placed or taken is one bit.
  std::vector<int> set_cells, set_start, set_clues, cell_sets, cell_start;
  using CellBits = std::array<std::uint64_t, 2>;
  std::vector<CellBits> set_bits;
  CellBits given_bits{};
  bool by_bits = false;  // cells <= 128
  // With by_bits, for forced(): the givens of each symbol (given_of[v]), and the board's
  // peers and houses as cell sets (made for the board on first use: bits_ready).
  std::vector<CellBits> given_of, peer_bits, house_bits;
  bool bits_ready = false;
  // The solution whose sets are indexed (none: no sets yet, or cleared). A grid gives up
  // to orders_per_grid candidates, so its sets are found once.
  std::optional<Grid> sets_for;
  bool pair_sets_added = false;  // digit_pair_sets of sets_for are indexed
  bool pair_sets_first = false;  // generate() with a filter: every grid gets them at once
  // Classic 9x9 (base_checks): a removal check starts from `check_base`, the propagated
  // state of the givens that stay while the pass goes through the next kBaseWindow orbits
  // of its order that the sets do not keep (those decided kept, those the sets keep and
  // those not yet tried), instead of from the givens
  // (detail::band_base): most of a check's propagation is then done once for the window.
  // check_base is made from `outer_base`, the same for a window of `outer_window` orbits,
  // made from the givens. They serve the pass up to order[base_end) and order[outer_end)
  // (base_valid). The outer window is kOuterWindow from a full grid and
  // kOuterWindowFromStart from a puzzle (reduce_from: the neighbourhood search, whose
  // starts are minimal puzzles plus a clue): the cheapest sizes of each (PERF_NOTES).
  static constexpr std::size_t kBaseWindow = 4, kOuterWindow = 8, kOuterWindowFromStart = 12;
  std::size_t outer_window = kOuterWindow;
  detail::BandBase check_base, outer_base;
  bool base_valid = false;
  std::size_t order_pos = 0, base_end = 0, outer_end = 0;
  // Per order position of the pass: the orbit is known to be kept by the sets
  // (kept_by_sets, which stays true as givens go), so its givens stay in both bases and it
  // does not count in a window; found when an outer window is laid out.
  std::vector<char> set_kept;
  const std::vector<std::vector<int>>* pass_orbits = nullptr;
  // Scratch for the full grid.
  Grid partial;
  // Per-puzzle accounting.
  SearchStats cost;
  int searches = 0;

  void adopt(const Geometry& board);

  explicit Impl(GeneratorOptions o)
      : options(std::move(o)),
        g(options.geometry),
        n(g.size()),
        cells(g.cell_count()),
        staged(n >= 16),
        max_check_nodes(options.max_check_nodes ? *options.max_check_nodes
                        : n >= 25               ? kDefaultCheckNodes25
                                                : 0),
        learning(n >= 25),
        grid_total(!staged                               ? 0
                   : options.max_grid_check_nodes        ? *options.max_grid_check_nodes
                   : n >= 25 && !options.max_check_nodes ? kDefaultPuzzleCheckNodes25
                                                         : 0),
        solver(internal::pinned_solver(staged                      ? internal::Engine::kCellMasks
                                       : n == 9 || !g.is_classic() ? internal::Engine::kAuto
                                                                   : internal::Engine::kLinked)),
        full(n == 32 ? ~0u : (1u << n) - 1),
        work(g),
        masks(g.unit_count(), 0),
        partial(g) {
    clear_sets();
    clauses.set_phase_saving(false);
  }

  // Killer (see "Killer" in generator.h): a grid, cut into cages, until a cut meets the
  // cage sizes and `accept` takes the puzzle. nullopt when stopped.
  std::optional<GeneratedPuzzle> killer(std::uint64_t seed, std::uint64_t index, Symmetry symmetry,
                                        Rng& rng, const Accept& accept,
                                        const std::atomic<bool>* stop) {
    generator_detail::CageCut cut{
        options.killer_min_cage, options.killer_max_cage, {}, options.killer_cut};
    const bool banded = options.killer_cut == GeneratorOptions::KillerCut::kBanded;
    const bool deduced = options.killer_cut == GeneratorOptions::KillerCut::kDeduced;
    generator_detail::CutPath path;
    std::vector<std::uint16_t> easy;
    for (std::uint64_t attempts = 1;; ++attempts) {
      if (stopped(stop)) return std::nullopt;
      const Grid solution = full_grid(rng);
      // Drawn only when asked for, so puzzles without givens stay those of every seed.
      if (options.killer_givens > 0) cut.given_cells = killer_givens(symmetry, rng);
      std::optional<Geometry> board;
      try {
        board = generator_detail::cut_cages(solution, cut, symmetry, rng, stop, cost, searches,
                                            banded ? &path : nullptr, deduced ? &easy : nullptr);
      } catch (const SearchAborted&) {  // only a stop request reaches here
        return std::nullopt;
      }
      if (board) {
        auto candidate = [&](const Geometry& b) {
          Grid puzzle(b);
          for (int c : cut.given_cells) puzzle.set(c, solution[c]);
          GeneratedPuzzle p{.puzzle = std::move(puzzle),
                            .solution = Grid(b, std::vector<std::uint8_t>(solution.cells().begin(),
                                                                          solution.cells().end())),
                            .symmetry = symmetry,
                            .seed = seed,
                            .index = index};
          p.attempts = attempts;
          p.cost = cost;
          p.uniqueness_searches = searches;
          if (deduced) p.easy_state = easy;
          return p;
        };
        GeneratedPuzzle p = candidate(*board);
        if (!accept || accept(p)) return p;
        if (stopped(stop)) return std::nullopt;
        if (banded && p.too_hard) {
          if (auto q = step_back(solution, path, symmetry, candidate, accept, stop)) return q;
          if (stopped(stop)) return std::nullopt;
        }
      }
      if (options.max_attempts && attempts >= options.max_attempts) {
        throw GeneratorError("no killer puzzle with cages of " + std::to_string(cut.min_size) +
                             ".." + std::to_string(cut.max_size) + " cells in " +
                             std::to_string(attempts) + " grids for index " +
                             std::to_string(index));
      }
    }
  }

  // Banded (KillerCut::kBanded): the puzzle of all of path's merges was too hard, so
  // puzzles of fewer of its merges are tried (each unique: its solutions solve the whole
  // cut's puzzle). First by bisection on how many of the first merges are kept: a puzzle
  // too hard takes the upper bound down, one too easy the lower bound up. When that ends
  // at a jump (the first h merges too hard, h - 1 of them too easy), the h-th merge, which
  // made it too hard, is kept and the earlier ones are left out one at a time, latest
  // first: one whose puzzle is still too hard stays out, one whose puzzle is too easy goes
  // back in. The puzzle then moves along the edge of the band from above, where the
  // ratings between the cage techniques (3.6) and the cage forcing chains (9.0) lie, which
  // a step back along the path alone seldom meets. The first puzzle Accept takes is
  // returned; nullopt when none is, or on a stop.
  template <typename Candidate>
  std::optional<GeneratedPuzzle> step_back(const Grid& solution,
                                           const generator_detail::CutPath& path, Symmetry symmetry,
                                           const Candidate& candidate, const Accept& accept,
                                           const std::atomic<bool>* stop) {
    std::ptrdiff_t easier = -1, harder = static_cast<std::ptrdiff_t>(path.merges.size());
    while (harder - easier > 1) {
      const std::ptrdiff_t mid = easier + (harder - easier) / 2;
      GeneratedPuzzle q = candidate(
          generator_detail::board_after(solution, path, symmetry, static_cast<std::size_t>(mid)));
      if (accept(q)) return q;
      if (stopped(stop)) return std::nullopt;
      (q.too_hard ? harder : easier) = mid;
    }
    if (harder <= 0) return std::nullopt;  // the cages before the path are too hard already
    // The first `harder` merges, the last of them the jump.
    std::vector<bool> kept(static_cast<std::size_t>(harder), true);
    Geometry last = generator_detail::board_with(solution, path, symmetry, kept);
    for (std::ptrdiff_t i = harder - 2; i >= 0; --i) {
      kept[static_cast<std::size_t>(i)] = false;
      Geometry board = generator_detail::board_with(solution, path, symmetry, kept);
      // A merge the others made already (its cells joined through them): the same puzzle.
      if (board == last) {
        kept[static_cast<std::size_t>(i)] = true;
        continue;
      }
      GeneratedPuzzle q = candidate(board);
      if (accept(q)) return q;
      if (stopped(stop)) return std::nullopt;
      if (q.too_hard) {
        last = std::move(board);
      } else {
        kept[static_cast<std::size_t>(i)] = true;
      }
    }
    return std::nullopt;
  }

  // The given cells of a killer: whole orbits of `symmetry`, drawn in turn until there
  // are options.killer_givens cells or more (one orbit may pass the count).
  std::vector<int> killer_givens(Symmetry symmetry, Rng& rng) {
    const int area = g.cell_count();
    std::vector<int> draw(static_cast<std::size_t>(area));
    for (int c = 0; c < area; ++c) draw[static_cast<std::size_t>(c)] = c;
    shuffle(draw, rng);
    std::vector<char> taken(static_cast<std::size_t>(area), 0);
    std::vector<int> given;
    for (int c : draw) {
      if (static_cast<int>(given.size()) >= options.killer_givens) break;
      if (taken[static_cast<std::size_t>(c)]) continue;
      for (Transform t : group_of(symmetry)) {
        const int image = transform_cell(g, t, c);
        if (!taken[static_cast<std::size_t>(image)]) {
          taken[static_cast<std::size_t>(image)] = 1;
          given.push_back(image);
        }
      }
    }
    return given;
  }

  // Makes `board` (same N) the board of the puzzles to come: a jigsaw puzzle's own.
  void use_board(const Geometry& board) {
    if (board == g) return;
    g = board;
    work = Grid(g);
    partial = Grid(g);
    masks.assign(g.unit_count(), 0);
    for (auto& o : orbit_cache) o.clear();
    sets_for.reset();
    bits_ready = false;
  }

  // A jigsaw board invariant under `symmetry` and a full grid on it, made its board.
  // Layouts are drawn from rng until one is filled within the node budget (see "Jigsaw"
  // in generator.h). nullopt when stopped.
  std::optional<Grid> jigsaw_grid(Symmetry symmetry, Rng& rng, const std::atomic<bool>* stop) {
    const Geometry& base = options.geometry;
    std::vector<std::vector<int>> extra;
    std::vector<std::string> names;
    for (int h = 3 * n; h < base.house_count(); ++h) {
      extra.emplace_back(base.house(h).begin(), base.house(h).end());
      names.push_back(base.house_name(h));
    }
    SearchLimits limits;
    limits.max_nodes = kJigsawFillNodesPerCell * static_cast<std::uint64_t>(cells);
    limits.stop = stop;
    for (;;) {
      const std::uint64_t layout_seed = rng();
      const std::uint64_t grid_seed = rng();
      use_board(Geometry::with_regions(n, draw_region_map(n, symmetry, layout_seed))
                    .with_extra_houses(extra, names));
      solver.set_limits(limits);
      try {
        auto s = solver.random_solution(Grid(g), grid_seed, &cost);
        if (s) return s;
      } catch (const SearchAborted& e) {
        if (e.reason() == SearchAborted::Reason::kStopped) return std::nullopt;
      }
    }
  }

  const std::vector<std::vector<int>>& orbits_of(Symmetry s) {
    auto& o = orbit_cache[static_cast<int>(s)];
    if (o.empty()) o = orbits(g, s);
    return o;
  }

  // Makes `grid` the working puzzle (the unavoidable sets must be set up already).
  // `solved`: grid is a solution of the board, whose every house (N cells, geometry.h)
  // then holds every symbol: the masks are full without a pass over each cell's houses.
  void load(const Grid& grid, bool solved = false) {
    work = grid;
    std::fill(masks.begin(), masks.end(), solved ? full : 0u);
    std::fill(set_clues.begin(), set_clues.end(), 0);
    given_bits = {};
    given_of.assign(static_cast<std::size_t>(n) + 1, CellBits{});
    for (int c = 0; c < cells; ++c) {
      if (!work[c]) continue;
      if (!solved) add_mask(c, work[c]);
      if (by_bits) {
        given_bits[c / 64] |= std::uint64_t{1} << (c % 64);
        given_of[work[c]][c / 64] |= std::uint64_t{1} << (c % 64);
        continue;
      }
      for (int i = cell_start[c]; i < cell_start[c + 1]; ++i) ++set_clues[cell_sets[i]];
    }
  }
  void add_mask(int c, int v) {
    const std::uint32_t bit = 1u << (v - 1);
    for (int u : g.houses_of(c)) masks[u] |= bit;
  }
  void remove_mask(int c, int v) {
    const std::uint32_t bit = ~(1u << (v - 1));
    for (int u : g.houses_of(c)) masks[u] &= bit;
  }
  void give(int c, int v) {
    work.set(c, v);
    add_mask(c, v);
    if (by_bits) {
      given_bits[c / 64] |= std::uint64_t{1} << (c % 64);
      given_of[v][c / 64] |= std::uint64_t{1} << (c % 64);
      return;
    }
    for (int i = cell_start[c]; i < cell_start[c + 1]; ++i) ++set_clues[cell_sets[i]];
  }
  void take(int c) {
    remove_mask(c, work[c]);
    if (by_bits) {
      given_bits[c / 64] &= ~(std::uint64_t{1} << (c % 64));
      given_of[work[c]][c / 64] &= ~(std::uint64_t{1} << (c % 64));
      work.clear(c);
      return;
    }
    work.clear(c);
    for (int i = cell_start[c]; i < cell_start[c + 1]; ++i) --set_clues[cell_sets[i]];
  }
  void make_cell_bits() {
    // A cell's peers as seen() reads them: the cells of its houses.
    house_bits.assign(static_cast<std::size_t>(g.unit_count()), CellBits{});
    for (int u = 0; u < g.unit_count(); ++u) {
      for (int c : g.unit(u)) house_bits[u][c / 64] |= std::uint64_t{1} << (c % 64);
    }
    peer_bits.assign(static_cast<std::size_t>(cells), CellBits{});
    for (int c = 0; c < cells; ++c) {
      for (int u : g.houses_of(c)) {
        peer_bits[c][0] |= house_bits[u][0];
        peer_bits[c][1] |= house_bits[u][1];
      }
    }
    bits_ready = true;
  }
  // True when some unavoidable set holding x has no clue left.
  bool set_emptied(int x) const {
    for (int i = cell_start[x]; i < cell_start[x + 1]; ++i) {
      if (by_bits) {
        const CellBits& b = set_bits[cell_sets[i]];
        if (!(b[0] & given_bits[0]) && !(b[1] & given_bits[1])) return true;
        continue;
      }
      if (set_clues[cell_sets[i]] == 0) return true;
    }
    return false;
  }

  // Unavoidable sets of a full grid that cost nothing to find: take two rows a, b of the
  // grid and follow the permutation "column k of row a holds the symbol that row b has in
  // column p(k)". Each cycle K of p is a set of columns on which rows a and b hold the same
  // symbols; swapping the two rows' cells on K gives another grid whenever boxes keep
  // their contents: always when a and b are in one band (each column's pair stays in its
  // box), and when K lies in one stack otherwise. So the 2|K| cells are an unavoidable set:
  // a puzzle with none of them given is not unique. Same with columns. These cover the
  // deadly rectangles (|K| = 2) and their longer kin; a removal that would empty one is
  // rejected without a search. The argument needs boxes and no extra house: other boards
  // get no sets (every removal is then decided by the search).
  void find_unavoidable_sets(const Grid& s, bool with_pairs = false) {
    if (!g.is_classic()) {
      clear_sets();
      return;
    }
    set_cells.clear();
    set_start.assign(1, 0);
    const int rows_per_box = g.box_rows(), cols_per_box = g.box_cols();
    // The grid's lines as symbols, each line's cells, and each crossing position's
    // block (stack or band), read once: the pairs below only index them.
    std::array<std::array<std::uint8_t, 25>, 25> sym;
    std::array<std::array<int, 25>, 25> cell_at;
    std::array<int, 25> cross_of;
    std::array<int, 26> pos{};
    std::array<int, 25> cycle{};
    for (int pass = 0; pass < 2; ++pass) {
      const bool by_rows = pass == 0;
      const int line_block = by_rows ? rows_per_box : cols_per_box;  // lines per band/stack
      const int cross_block = by_rows ? cols_per_box : rows_per_box;
      for (int line = 0; line < n; ++line) {
        for (int k = 0; k < n; ++k) {
          const int c = by_rows ? g.cell(line, k) : g.cell(k, line);
          cell_at[line][k] = c;
          sym[line][k] = static_cast<std::uint8_t>(s[c]);
        }
      }
      for (int k = 0; k < n; ++k) cross_of[k] = k / cross_block;
      for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
          const bool same_block = a / line_block == b / line_block;
          for (int k = 0; k < n; ++k) pos[sym[b][k]] = k;
          std::uint32_t seen = 0;
          for (int k0 = 0; k0 < n; ++k0) {
            if ((seen >> k0) & 1) continue;
            int len = 0;
            bool one_block = true;
            for (int k = k0; !((seen >> k) & 1); k = pos[sym[a][k]]) {
              seen |= std::uint32_t{1} << k;
              cycle[len++] = k;
              one_block &= cross_of[k] == cross_of[k0];
            }
            if (len == n || !(same_block || one_block)) continue;
            for (int i = 0; i < len; ++i) {
              set_cells.push_back(cell_at[a][cycle[i]]);
              set_cells.push_back(cell_at[b][cycle[i]]);
            }
            set_start.push_back(static_cast<int>(set_cells.size()));
          }
        }
      }
    }
    if (with_pairs) digit_pair_sets(s);
    index_sets();
  }
  // More sets of a classic grid: for two symbols a and b, swapping them on a set of their
  // cells gives another grid when every row, column and box holds both of the set's cells
  // or neither. The classes of "a's and b's cell of one row / column / box" are the least
  // such sets, so each is an unavoidable set (the swap of the whole 2n cells is one).
  // Classes of up to kPairSetCells cells only: a larger one is seldom left without a clue
  // and each set costs a counter update per given placed or taken.
  static constexpr int kPairSetCells = 10;
  void digit_pair_sets(const Grid& s) {
    // [symbol - 1][row]: the symbol's column in the row; [symbol - 1][column / box]: the
    // row holding the symbol there.
    std::array<std::array<std::uint8_t, 25>, 25> col_in{}, row_by_col{}, row_by_box{};
    for (int r = 0; r < n; ++r) {
      for (int k = 0; k < n; ++k) {
        const int c = g.cell(r, k), v = s[c] - 1;
        col_in[v][r] = static_cast<std::uint8_t>(k);
        row_by_col[v][k] = static_cast<std::uint8_t>(r);
        row_by_box[v][g.box(c)] = static_cast<std::uint8_t>(r);
      }
    }
    // A class holds both cells of each of its rows: the rows it covers, as a bit set, are
    // closed under "a's and b's cells of one column / box lie in rows r and r'".
    std::array<std::uint32_t, 25> linked{};
    for (int a = 0; a < n; ++a) {
      for (int b = a + 1; b < n; ++b) {
        linked.fill(0);
        for (int k = 0; k < n; ++k) {
          const int ra = row_by_col[a][k], rb = row_by_col[b][k];
          linked[ra] |= 1u << rb;
          linked[rb] |= 1u << ra;
          const int xa = row_by_box[a][k], xb = row_by_box[b][k];
          linked[xa] |= 1u << xb;
          linked[xb] |= 1u << xa;
        }
        std::uint32_t left = (n >= 32 ? ~0u : (1u << n) - 1);
        while (left) {
          std::uint32_t rows = left & (~left + 1), grown = rows;
          do {
            rows = grown;
            for (std::uint32_t y = rows; y; y &= y - 1) grown |= linked[std::countr_zero(y)];
          } while (grown != rows);
          left &= ~rows;
          if (2 * std::popcount(rows) > kPairSetCells) continue;
          for (std::uint32_t y = rows; y; y &= y - 1) {
            const int r = std::countr_zero(y);
            set_cells.push_back(g.cell(r, col_in[a][r]));
            set_cells.push_back(g.cell(r, col_in[b][r]));
          }
          set_start.push_back(static_cast<int>(set_cells.size()));
        }
      }
    }
  }
  // Indexes the sets of `solution`, found only when it is not the grid they were found
  // for last.
  // The symbol pairs' sets (digit_pair_sets) are added when the grid comes back for a
  // second order, or from its first when a filter is likely to send it back
  // (pair_sets_first): finding them costs more than they save on a grid's only puzzle.
  void use_sets_of(const Grid& solution) {
    const bool same = sets_for && *sets_for == solution;
    if (same && pair_sets_added) return;
    if (!same) find_unavoidable_sets(solution, pair_sets_first);
    sets_for = solution;
    pair_sets_added = pair_sets_first || same;
    if (same && g.is_classic()) {
      digit_pair_sets(solution);
      index_sets();
    }
  }
  void clear_sets() {
    sets_for.reset();
    set_cells.clear();
    set_start.assign(1, 0);
    index_sets();
  }
  void index_sets() {
    const int count = static_cast<int>(set_start.size()) - 1;
    cell_start.assign(cells + 1, 0);
    for (int c : set_cells) ++cell_start[c + 1];
    for (int c = 0; c < cells; ++c) cell_start[c + 1] += cell_start[c];
    cell_sets.resize(set_cells.size());
    std::vector<int>& fill = scratch;
    fill.assign(cell_start.begin(), cell_start.end() - 1);
    for (int set = 0; set < count; ++set) {
      for (int i = set_start[set]; i < set_start[set + 1]; ++i) {
        cell_sets[fill[set_cells[i]]++] = set;
      }
    }
    set_clues.assign(count, 0);
    by_bits = cells <= 128;
    set_bits.assign(by_bits ? count : 0, CellBits{});
    for (int set = 0; by_bits && set < count; ++set) {
      for (int i = set_start[set]; i < set_start[set + 1]; ++i) {
        set_bits[set][set_cells[i] / 64] |= std::uint64_t{1} << (set_cells[i] % 64);
      }
    }
  }
  std::uint32_t seen(int c) const {
    std::uint32_t m = 0;
    for (int u : g.houses_of(c)) m |= masks[u];
    return m;
  }

  // True when the givens of `work` (x empty) force x = v by a naked or hidden single.
  // Precondition: v is not given in any unit of x.
  bool forced(int x, int v) {
    const std::uint32_t bit = 1u << (v - 1);
    if (seen(x) == (full & ~bit)) return true;
    if (by_bits) {
      // The empty cells that see no given v: a house of x holding none of them but x.
      if (!bits_ready) make_cell_bits();
      CellBits open = {~given_bits[0], ~given_bits[1]};
      open[x / 64] &= ~(std::uint64_t{1} << (x % 64));
      for (int w = 0; w < 2; ++w) {
        for (std::uint64_t y = given_of[v][w]; y; y &= y - 1) {
          const CellBits& p = peer_bits[w * 64 + std::countr_zero(y)];
          open[0] &= ~p[0];
          open[1] &= ~p[1];
        }
      }
      for (int u : g.houses_of(x)) {
        const CellBits& h = house_bits[u];
        if (!(h[0] & open[0]) && !(h[1] & open[1])) return true;
      }
      return false;
    }
    for (int u : g.houses_of(x)) {
      bool only_here = true;
      for (int y : g.unit(u)) {
        if (y == x || work[y] != 0) continue;
        if (!(seen(y) & bit)) {
          only_here = false;
          break;
        }
      }
      if (only_here) return true;
    }
    return false;
  }

  // Whether any solution of `work` (x empty) has something else than v at x. Exact when
  // it answers kUnique or kNotUnique; the cheap tests only decide early what the search
  // would decide. `budget` bounds the search in nodes (0 = unbounded); on big grids the
  // stop flag is polled inside the search too.
  // `sets_tested`: set_emptied(x) is known false (try_remove tested it with fewer givens).
  // `in_pass`: asked by try_remove for orbit order[order_pos] of reduce's pass.
  Verdict determined(int x, int v, std::uint64_t budget, const std::atomic<bool>* stop,
                     bool sets_tested = false, bool in_pass = false) {
    if (forced(x, v)) return Verdict::kUnique;
    if (!sets_tested && set_emptied(x)) return Verdict::kNotUnique;
    const Candidate forbidden{x, v};
    const std::span<const Candidate> f(&forbidden, 1);
    ++searches;
    if (in_pass && base_checks()) {
      return check_from_base(forbidden) ? Verdict::kNotUnique : Verdict::kUnique;
    }
    if (!staged)
      return solver.has_other_solution(work, f, &cost) ? Verdict::kNotUnique : Verdict::kUnique;
    SearchLimits limits;
    // 25x25: the cell engine gets a tenth of the budget, at most kCellNodes25 (it settles
    // the checks whose second solution is near the known one, which it tries first; past
    // that its nodes are better spent by the clause search), then the clause search gets
    // the whole budget, without the known solution as hint and without phase saving
    // (the second solutions that remain lie far from the known one; generator/PERF_NOTES.md).
    // Both are exact; either answer stands.
    limits.max_nodes = !learning ? budget
                       : budget  ? std::clamp<std::uint64_t>(budget / kCellShare, 1, kCellNodes25)
                                 : kCellNodes25;
    limits.stop = stop;
    solver.set_limits(limits);
    try {
      return solver.has_other_solution(work, f, &cost, known) ? Verdict::kNotUnique
                                                              : Verdict::kUnique;
    } catch (const SearchAborted& e) {
      if (e.reason() == SearchAborted::Reason::kStopped) return Verdict::kStopped;
      if (!learning) return Verdict::kUnknown;
    }
    limits.max_nodes = budget;
    clauses.set_limits(limits);
    try {
      return clauses.solvable(work, f, nullptr, nullptr, &cost) ? Verdict::kNotUnique
                                                                : Verdict::kUnique;
    } catch (const SearchAborted& e) {
      return e.reason() == SearchAborted::Reason::kStopped ? Verdict::kStopped : Verdict::kUnknown;
    }
  }

  // The band engine's boards, whose checks are unbounded (exact).
  bool base_checks() const {
    return !staged && n == 9 && g.is_classic() && g.box_rows() == 3 && pass_orbits;
  }
  // has_other_solution(work, {forbidden}) from `check_base`, made anew when the pass has
  // left its window: the givens of work but those of the window's orbits, which are the
  // only ones of work the checks of the window can take away (earlier orbits are decided,
  // later ones untried).
  bool check_from_base(Candidate forbidden) {
    const detail::CountIsa isa = detail::count_isa_in_use();
    if (!base_valid || order_pos >= base_end) {
      std::array<std::uint8_t, 81> givens;
      // The givens of work without those of the next `open` orbits from order_pos (up to
      // `limit`) not known to be kept by the sets (set_kept, brought up to date when
      // `classify`); returns the position past the last. An outer window's orbits not in
      // set_kept are a superset of its windows', so a window's base holds the outer's givens.
      const auto without = [&](std::size_t open, std::size_t limit, bool classify) {
        std::copy(work.cells().begin(), work.cells().end(), givens.begin());
        // The orbit being checked may stay: its cells count as given.
        CellBits kept = given_bits;
        for (int c : (*pass_orbits)[order[order_pos]]) kept[c / 64] |= std::uint64_t{1} << (c % 64);
        std::size_t i = order_pos;
        for (; i < limit && open > 0; ++i) {
          const auto& orbit = (*pass_orbits)[order[i]];
          if (classify && !set_kept[i] && i > order_pos) set_kept[i] = kept_by_sets(orbit, kept);
          if (i > order_pos && set_kept[i]) continue;
          for (int c : orbit) givens[c] = 0;
          --open;
        }
        return i;
      };
      if (!base_valid || order_pos >= outer_end) {
        outer_end = without(outer_window, order.size(), true);
        detail::band_base(isa, outer_base, givens.data());
      }
      base_end = without(kBaseWindow, outer_end, false);
      detail::band_base(isa, check_base, givens.data(), &outer_base);
      base_valid = true;
    }
    return detail::band_count_from(isa, check_base, work.cells().data(), forbidden, &cost,
                                   SearchLimits{}) > 0;
  }

  // Whether try_remove will keep the orbit (given in work) without a check: some set
  // holding one of its cells has no cell of `givens` outside the orbit. `givens` must hold
  // every given work can have when the pass reaches the orbit (the one being checked may
  // stay); a set without givens stays so as givens go.
  bool kept_by_sets(const std::vector<int>& orbit, const CellBits& givens) const {
    CellBits others = givens;
    for (int x : orbit) others[x / 64] &= ~(std::uint64_t{1} << (x % 64));
    for (int x : orbit) {
      for (int i = cell_start[x]; i < cell_start[x + 1]; ++i) {
        const CellBits& b = set_bits[cell_sets[i]];
        if (!(b[0] & others[0]) && !(b[1] & others[1])) return true;
      }
    }
    return false;
  }

  static bool stopped(const std::atomic<bool>* stop) {
    return stop && stop->load(std::memory_order_relaxed);
  }

  // Tries to remove the orbit (all of its cells are given in `work`). Keeps the removal
  // when the puzzle stays unique (kRemoved); otherwise restores the orbit: kKept when the
  // puzzle would have several solutions, kDeferred when a check ran out of `budget`,
  // kStopped when stopped.
  Removal try_remove(const std::vector<int>& orbit, const Grid& solution, std::uint64_t budget,
                     const std::atomic<bool>* stop) {
    for (int x : orbit) take(x);
    for (int x : orbit) {
      if (set_emptied(x)) {
        for (int y : orbit) give(y, solution[y]);
        return Removal::kKept;
      }
    }
    // Check k: cells orbit[k..] empty, orbit[..k) given again, (orbit[k], S) forbidden.
    for (std::size_t k = 0; k < orbit.size(); ++k) {
      const int x = orbit[k];
      const Verdict verdict =
          stopped(stop) ? Verdict::kStopped
                        : determined(x, solution[x], budget, stop, true, /*in_pass=*/true);
      if (verdict != Verdict::kUnique) {
        for (std::size_t j = k; j < orbit.size(); ++j) give(orbit[j], solution[orbit[j]]);
        return verdict == Verdict::kNotUnique ? Removal::kKept
               : verdict == Verdict::kUnknown ? Removal::kDeferred
                                              : Removal::kStopped;
      }
      // The last cell stays taken: the orbit goes.
      if (k + 1 < orbit.size()) give(x, solution[x]);
    }
    for (std::size_t k = 0; k + 1 < orbit.size(); ++k) take(orbit[k]);
    return Removal::kRemoved;
  }

  // Whether no single clue of `work` can go: true only when proven (a check that runs out
  // of `budget` makes it false). Leaves `work` as it found it. nullopt when stopped.
  std::optional<bool> cell_minimal(const std::atomic<bool>* stop, std::uint64_t budget) {
    for (int c = 0; c < cells; ++c) {
      if (!work[c]) continue;
      if (stopped(stop)) return std::nullopt;
      const int v = work[c];
      take(c);
      const Verdict verdict = determined(c, v, budget, stop);
      give(c, v);
      if (verdict == Verdict::kStopped) return std::nullopt;
      if (verdict != Verdict::kNotUnique) return false;
    }
    return true;
  }

  // A random full grid: the boxes on the diagonal (band k, stack k) get independent
  // uniformly drawn permutations (they share no unit), then the exact-cover search with
  // random value order completes the grid. The prefilled boxes roughly halve the cost of
  // the search at 9x9. With 2x2 boxes a random diagonal is not always completable, so
  // that size starts from the empty grid, as does any size should the completion fail,
  // and any board without boxes or with extra houses (whose diagonal boxes may share one).
  Grid full_grid(Rng& rng) {
    const std::uint64_t grid_seed = rng();
    partial = Grid(g);
    if (n >= 6 && g.is_classic()) {
      const int stacks = n / g.box_cols(), diagonal = std::min(n / g.box_rows(), stacks);
      std::vector<int>& symbols = scratch;
      for (int b = 0; b < diagonal; ++b) {
        symbols.resize(n);
        for (int v = 0; v < n; ++v) symbols[v] = v + 1;
        shuffle(symbols, rng);
        int k = 0;
        for (int c : g.unit(2 * n + b * stacks + b)) partial.set(c, symbols[k++]);
      }
    }
    // No node limit: the checks leave theirs on the solver (down to 1 node once a grid's
    // total is spent), and drawing a grid must never stop half-way.
    solver.set_limits(SearchLimits{});
    auto s = solver.random_solution(partial, grid_seed, &cost);
    if (!s && partial.clue_count() > 0) s = solver.random_solution(Grid(g), grid_seed, &cost);
    if (!s) throw std::logic_error("random_solution found no full grid");
    return std::move(*s);
  }

  // The next budget of a staged removal round: 10x the last, capped by max_check_nodes;
  // unbounded after kLastBoundedCheckNodes when max_check_nodes is 0. 25x25 goes from
  // kLastSteppedCheckNodes25 straight to max_check_nodes: the checks still open then are
  // the hard ones, and a round between would mostly repeat the work the last round redoes
  // (generator/PERF_NOTES.md: budget rounds).
  std::uint64_t next_budget(std::uint64_t budget) const {
    if (learning && budget >= kLastSteppedCheckNodes25) return max_check_nodes;
    if (max_check_nodes) return std::min(budget * 10, max_check_nodes);
    return budget >= kLastBoundedCheckNodes ? 0 : budget * 10;
  }

  // One removal pass over `solution` in an order drawn from rng (on big grids, then the
  // rounds that retry deferred orbits). nullopt when stopped.
  // From `start` (reduce_from) instead of the full grid: only its given orbits are tried,
  // the one holding cell `last` (if given, else -1) after all the others.
  std::optional<GeneratedPuzzle> reduce(const Grid& solution, Symmetry symmetry, Rng& rng,
                                        const std::atomic<bool>* stop, const Grid* start = nullptr,
                                        int last = -1) {
    const auto& all = orbits_of(symmetry);
    order.resize(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) order[i] = static_cast<int>(i);
    shuffle(order, rng);
    known = &solution;
    use_sets_of(solution);
    load(start ? *start : solution, /*solved=*/!start);
    int clues = start ? start->clue_count() : cells;
    if (start) {
      std::erase_if(order, [&](int o) { return !work[all[o][0]]; });
      const auto at = std::find_if(order.begin(), order.end(), [&](int o) {
        return std::find(all[o].begin(), all[o].end(), last) != all[o].end();
      });
      if (at != order.end()) std::rotate(at, at + 1, order.end());
    }
    bool skipped = false;
    const int floor = options.minimal ? 0 : options.min_clues;
    std::uint64_t budget = !staged           ? 0
                           : max_check_nodes ? std::min(kFirstCheckNodes, max_check_nodes)
                                             : kFirstCheckNodes;
    // Orbits whose check ran out of budget, kept for now and retried with the next budget
    // in the same order. Deferring keeps the puzzle fuller while the cheap removals are
    // done, and a later removal can only make the answer "needed" easier to find.
    std::vector<int> pending;
    // The last round may also have a total for the grid (grid_total); a check started past
    // it gets no budget and its clue stays undecided. Node counts, so the output is still
    // a function of the seed.
    const std::uint64_t total = grid_total;
    const std::uint64_t spent_before = cost.nodes;
    pass_orbits = &all;
    outer_window = start ? kOuterWindowFromStart : kOuterWindow;
    for (;;) {
      std::vector<int> deferred;
      base_valid = false;
      set_kept.assign(order.size(), 0);
      for (order_pos = 0; order_pos < order.size(); ++order_pos) {
        const int o = order[order_pos];
        const auto& orbit = all[o];
        if (clues - static_cast<int>(orbit.size()) < floor) {
          skipped = true;
          continue;
        }
        std::uint64_t check_budget = budget;
        if (total && budget == max_check_nodes) {
          const std::uint64_t spent = cost.nodes - spent_before;
          const std::uint64_t left = spent >= total ? 1 : total - spent;  // 1: none, at once
          check_budget = budget ? std::min(budget, left) : left;
        }
        // try_remove would find a set emptied and keep the orbit.
        if (set_kept[order_pos]) continue;
        switch (try_remove(orbit, solution, check_budget, stop)) {
          case Removal::kStopped:
            return std::nullopt;
          case Removal::kRemoved:
            clues -= static_cast<int>(orbit.size());
            break;
          case Removal::kDeferred:
            deferred.push_back(o);
            break;
          case Removal::kKept:
            break;
        }
      }
      pending = std::move(deferred);
      if (pending.empty() || budget == 0 || budget == max_check_nodes) break;
      budget = next_budget(budget);
      order = pending;
    }
    pass_orbits = nullptr;
    GeneratedPuzzle out{work, solution};
    out.symmetry = symmetry;
    for (int o : pending) out.undecided_clues += static_cast<int>(all[o].size());
    out.orbit_minimal = !skipped && pending.empty();
    if (symmetry == Symmetry::kNone && out.orbit_minimal) {
      out.minimal = true;  // every cell was tried alone (see the header comment)
    } else if (!pending.empty()) {
      out.minimal = false;  // some clue's necessity is unknown: not proven minimal
    } else if (options.check_cell_minimal) {
      const auto m = cell_minimal(stop, max_check_nodes);
      if (!m) return std::nullopt;
      out.minimal = *m;
    }
    return out;
  }
};

Generator::Generator(GeneratorOptions options) {
  validate(options);
  impl_ = std::make_unique<Impl>(std::move(options));
}
Generator::~Generator() = default;
Generator::Generator(Generator&&) noexcept = default;
Generator& Generator::operator=(Generator&&) noexcept = default;

const GeneratorOptions& Generator::options() const {
  return impl_->options;
}

std::optional<GeneratedPuzzle> Generator::generate(std::uint64_t seed, std::uint64_t index,
                                                   const Accept& accept,
                                                   const std::atomic<bool>* stop) {
  Impl& im = *impl_;
  im.cost = {};
  im.searches = 0;
  Rng rng(puzzle_seed(seed, index));
  Symmetry symmetry = im.options.symmetry;
  if (symmetry == Symmetry::kRandom) {
    const auto list = im.options.jigsaw ? jigsaw_symmetries(im.options.geometry)
                                        : admissible_symmetries(im.g);  // kNone first: skip it
    symmetry = list[1 + draw_below(rng, list.size() - 1)];
  }
  std::uint64_t attempts = 0;
  // A puzzle whose checks ran out of the grid's total (clues left undecided) is set aside
  // for one from a new grid, up to kUnprovenRetries25 times, the last one being kept
  // whatever it is (see GeneratorOptions::max_grid_check_nodes).
  const bool retry_unproven = im.grid_total > 0 && im.options.minimal;
  int unproven_retries = 0;
  if (im.options.killer) return im.killer(seed, index, symmetry, rng, accept, stop);
  for (;;) {
    if (Impl::stopped(stop)) return std::nullopt;
    std::optional<Grid> drawn =
        im.options.jigsaw ? im.jigsaw_grid(symmetry, rng, stop) : im.full_grid(rng);
    if (!drawn) return std::nullopt;
    const Grid solution = std::move(*drawn);
    // Clue removal runs its checks without the fill's budget.
    if (im.options.jigsaw) im.solver.set_limits(SearchLimits{});
    im.pair_sets_first = static_cast<bool>(accept) && im.options.orders_per_grid > 1;
    for (int order = 0; order < im.options.orders_per_grid; ++order) {
      ++attempts;
      auto p = im.reduce(solution, symmetry, rng, stop);
      if (!p) return std::nullopt;
      p->seed = seed;
      p->index = index;
      p->attempts = attempts;
      p->cost = im.cost;
      p->uniqueness_searches = im.searches;
      if (retry_unproven && p->undecided_clues > 0 && unproven_retries < kUnprovenRetries25) {
        ++unproven_retries;
        break;  // a new grid
      }
      if (!accept || accept(*p)) return p;
      // An Accept that grades may give up on a stop request; it must not count as a try.
      if (Impl::stopped(stop)) return std::nullopt;
      if (im.options.max_attempts && attempts >= im.options.max_attempts) {
        throw GeneratorError("no acceptable puzzle in " + std::to_string(attempts) +
                             " attempts for index " + std::to_string(index));
      }
    }
  }
}

// Jigsaw: any board of the size becomes the generator's board; otherwise only its own.
void Generator::Impl::adopt(const Geometry& board) {
  if (options.jigsaw && board.size() == n && !board.has_boxes()) use_board(board);
  if (!(board == g)) throw GeneratorError("grid of another geometry");
}

GeneratedPuzzle Generator::reduce(const Grid& solution, Symmetry symmetry,
                                  std::uint64_t order_seed) {
  return std::move(*reduce_from(solution, solution, symmetry, order_seed, -1));
}

std::optional<GeneratedPuzzle> Generator::reduce_from(const Grid& start, const Grid& solution,
                                                      Symmetry symmetry, std::uint64_t order_seed,
                                                      int last, const std::atomic<bool>* stop) {
  impl_->adopt(solution.geometry());
  if (symmetry == Symmetry::kRandom || !admits(impl_->g, symmetry)) {
    throw GeneratorError("reduce needs a concrete admissible symmetry");
  }
  impl_->cost = {};
  impl_->searches = 0;
  Rng rng(order_seed);
  // From the full grid (reduce) every orbit is given: the order is reduce's own. reduce()
  // passes the solution itself as `start` (no `last`): it is loaded as a solution
  // (Impl::load's `solved`), the same puzzle as from a copy of it.
  const bool whole = &start == &solution && last < 0;
  auto p = impl_->reduce(solution, symmetry, rng, stop, whole ? nullptr : &start, last);
  if (!p) return p;
  p->seed = order_seed;
  p->cost = impl_->cost;
  p->uniqueness_searches = impl_->searches;
  return p;
}

bool Generator::is_minimal(const Grid& puzzle) {
  impl_->adopt(puzzle.geometry());
  impl_->known = nullptr;
  impl_->clear_sets();
  impl_->load(puzzle);
  return *impl_->cell_minimal(nullptr, 0);
}

}  // namespace sudoforge
