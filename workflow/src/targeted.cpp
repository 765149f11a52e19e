#include "sudoforge/workflow/targeted.h"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <map>
#include <memory>
#include <string>
#include <unordered_set>

#include "sudoforge/core/canonical.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/generator/ordered_batch.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::workflow {
namespace {

using Rng = boost::random::mt19937_64;

// Salts so that a technique or pattern run of seed S draws other puzzles than the plain
// run of S (whose puzzles a root search would otherwise repeat).
constexpr std::uint64_t kTechniqueSalt = 0x7465636857696e67ULL;
constexpr std::uint64_t kPatternSalt = 0x7061747465726e21ULL;
// Root r of chunk c is generator index c * kRootsPerChunk + r of the salted seed.
constexpr std::uint64_t kRootsPerChunk = 1 << 16;
constexpr std::uint64_t kWindowPerThread = 4;

std::size_t draw(Rng& rng, std::size_t n) {
  return boost::random::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
}

bool halted(const std::atomic<bool>* halt) {
  return halt && halt->load(std::memory_order_relaxed);
}

// Chunk `chunk` up to its first `need` puzzles (see targeted.h); nullopt when halted.
std::optional<std::vector<GeneratedPuzzle>> technique_chunk(Generator& gen, const Accept& accept,
                                                            std::uint64_t seed, std::uint64_t chunk,
                                                            std::uint64_t need,
                                                            const std::atomic<bool>* halt) {
  std::vector<GeneratedPuzzle> hits;
  std::unordered_set<std::string> seen;
  Rng rng(puzzle_seed(seed ^ kTechniqueSalt, chunk));
  std::uint64_t root = 0, candidates = 0;
  int misses = 0;
  std::vector<int> empty;
  // Orbits per concrete symmetry (a --symmetry random run's roots draw theirs).
  std::map<Symmetry, std::vector<std::vector<int>>> orbit_cache;
  while (hits.size() < need) {
    if (halted(halt)) return std::nullopt;
    if (hits.empty() || misses >= kBarrenMoves) {
      auto p = gen.generate(seed ^ kTechniqueSalt, chunk * kRootsPerChunk + root++, accept, halt);
      if (!p) return std::nullopt;
      misses = 0;
      candidates += p->attempts;
      if (seen.insert(canonical_key(p->puzzle)).second) {
        p->attempts = candidates;
        candidates = 0;
        hits.push_back(std::move(*p));
      }
      continue;
    }
    const GeneratedPuzzle& parent = hits[draw(rng, hits.size())];
    auto [it, fresh] = orbit_cache.try_emplace(parent.symmetry);
    if (fresh) it->second = orbits(parent.puzzle.geometry(), parent.symmetry);
    const std::vector<std::vector<int>>& orbits = it->second;
    empty.clear();
    for (std::size_t o = 0; o < orbits.size(); ++o) {
      if (!parent.puzzle[orbits[o][0]]) empty.push_back(static_cast<int>(o));
    }
    if (empty.empty()) {
      ++misses;
      continue;
    }
    const std::vector<int>& added = orbits[empty[draw(rng, empty.size())]];
    Grid start = parent.puzzle;
    for (int c : added) start.set(c, parent.solution[c]);
    const Grid solution = parent.solution;
    const Symmetry symmetry = parent.symmetry;
    const Grid before = parent.puzzle;
    auto q = gen.reduce_from(start, solution, symmetry, rng(), added[0], halt);
    if (!q) return std::nullopt;
    ++misses;
    if (q->puzzle == before || !seen.insert(canonical_key(q->puzzle)).second) continue;
    ++candidates;
    q->seed = seed;
    if (accept(*q)) {
      q->attempts = candidates;
      candidates = 0;
      misses = 0;
      hits.push_back(std::move(*q));
    } else if (halted(halt)) {
      return std::nullopt;
    }
  }
  return hits;
}

Grid on_mask(const Grid& full, const std::vector<bool>& mask) {
  Grid p(full.geometry());
  for (int c = 0; c < full.cell_count(); ++c) {
    if (mask[c]) p.set(c, full[c]);
  }
  return p;
}

struct PatternSearch {
  const std::vector<bool>& mask;
  std::vector<int> cells;  // the mask's cells
  std::vector<int> digits = std::vector<int>(32);
  SudokuSolver solver;
  Generator gen;
  Accept accept;

  PatternSearch(const GeneratorOptions& options, const std::vector<bool>& m, Accept a)
      : mask(m), gen(options), accept(std::move(a)) {
    for (int c = 0; c < static_cast<int>(m.size()); ++c) {
      if (m[c]) cells.push_back(c);
    }
  }

  // nullopt when halted.
  std::optional<GeneratedPuzzle> run(const Geometry& g, std::uint64_t seed, std::uint64_t index,
                                     std::uint64_t attempts, const std::atomic<bool>* halt) {
    try {
      return search(g, seed, index, attempts, halt);
    } catch (const SearchAborted&) {
      return std::nullopt;
    }
  }

  std::optional<GeneratedPuzzle> search(const Geometry& g, std::uint64_t seed, std::uint64_t index,
                                        std::uint64_t attempts, const std::atomic<bool>* halt) {
    Rng rng(puzzle_seed(seed ^ kPatternSalt, index));
    std::optional<GeneratedPuzzle> fallback;
    int non_minimal = 0;
    std::uint64_t candidates = 0;
    SearchLimits limits;
    limits.stop = halt;
    solver.set_limits(limits);
    for (std::uint64_t a = 0; a < attempts; ++a) {
      Grid puzzle = on_mask(*solver.random_solution(Grid(g), rng()), mask);
      std::uint64_t count = solver.count(puzzle, kPatternCountCap);
      for (int move = 0; move < kPatternMoves; ++move) {
        if (halted(halt)) return std::nullopt;
        if (count == 1) {
          ++candidates;
          GeneratedPuzzle p{puzzle, *solver.solve(puzzle)};
          p.seed = seed;
          p.index = index;
          p.minimal = p.orbit_minimal = gen.is_minimal(puzzle);
          if (p.minimal || !fallback) {
            if (accept ? accept(p) : true) {
              p.attempts = candidates;
              if (p.minimal) return p;
              fallback = std::move(p);
            } else if (halted(halt)) {
              return std::nullopt;
            }
          }
          if (fallback && ++non_minimal >= kPatternNonMinimal) return fallback;
        }
        // The digit at a random mask cell that leaves the fewest solutions (ties: the
        // first in a random digit order), when that is no more than now.
        const int m = cells[draw(rng, cells.size())];
        const int was = puzzle[m];
        std::uint32_t used = 0;
        for (int p : g.peers(m)) {
          if (puzzle[p]) used |= 1u << (puzzle[p] - 1);
        }
        for (int d = 1; d <= g.size(); ++d) digits[d - 1] = d;
        for (int k = g.size() - 1; k > 0; --k) std::swap(digits[k], digits[draw(rng, k + 1)]);
        int best = 0;
        std::uint64_t best_count = count;
        for (int k = 0; k < g.size(); ++k) {
          const int d = digits[k];
          if (d == was || (used >> (d - 1) & 1)) continue;
          puzzle.set(m, d);
          const std::uint64_t c = solver.count(puzzle, kPatternCountCap);
          if (c > 0 && c <= best_count) {
            best = d;
            best_count = c;
          }
        }
        puzzle.set(m, best ? best : was);
        if (best) count = best_count;
      }
    }
    if (fallback) return fallback;
    throw NoPatternPuzzle("no puzzle on the pattern after " + std::to_string(attempts) +
                          " attempts (" + std::to_string(candidates) +
                          " unique candidates, none accepted)");
  }
};

}  // namespace

BatchResult generate_for_techniques(const GeneratorOptions& options, const BatchOptions& batch,
                                    const AcceptFactory& accept_factory,
                                    const std::function<void(const GeneratedPuzzle&)>& emit,
                                    const std::atomic<bool>* stop) {
  validate(options);
  const std::uint64_t first = batch.first_index, end = batch.first_index + batch.count;
  const std::uint64_t first_chunk = first / kTechniqueChunk;
  const std::uint64_t chunks = batch.count ? (end - 1) / kTechniqueChunk - first_chunk + 1 : 0;
  using Chunk = std::vector<GeneratedPuzzle>;
  const std::function<OrderedWork<Chunk>()> make_worker = [&] {
    auto gen = std::make_shared<Generator>(options);
    Accept accept = accept_factory();
    return OrderedWork<Chunk>(
        [gen, accept, &batch, end](std::uint64_t chunk, const std::atomic<bool>* halt) {
          std::optional<Chunk> out;
          const std::uint64_t need = std::min(end - chunk * kTechniqueChunk, kTechniqueChunk);
          out = technique_chunk(*gen, accept, batch.seed, chunk, need, halt);
          if (out) {
            for (std::size_t k = 0; k < out->size(); ++k) {
              (*out)[k].index = chunk * kTechniqueChunk + k;
              (*out)[k].seed = batch.seed;
            }
          }
          return out;
        });
  };
  BatchResult result;
  const std::function<void(Chunk&)> deliver = [&](Chunk& chunk) {
    for (GeneratedPuzzle& p : chunk) {
      if (p.index < first || p.index >= end) continue;
      emit(p);
      ++result.delivered;
    }
  };
  const BatchResult r =
      run_ordered<Chunk>(first_chunk, chunks, batch.threads, kWindowPerThread * batch.threads,
                         batch.deadline, make_worker, deliver, stop);
  result.end = r.end;
  if (result.delivered == batch.count) result.end = BatchEnd::kComplete;
  return result;
}

BatchResult generate_on_pattern(const GeneratorOptions& options, const std::vector<bool>& mask,
                                std::uint64_t attempts, const BatchOptions& batch,
                                const AcceptFactory& accept_factory,
                                const std::function<void(const GeneratedPuzzle&)>& emit,
                                const std::atomic<bool>* stop) {
  validate(options);
  const std::function<OrderedWork<GeneratedPuzzle>()> make_worker = [&] {
    auto search = std::make_shared<PatternSearch>(options, mask,
                                                  accept_factory ? accept_factory() : Accept{});
    return OrderedWork<GeneratedPuzzle>(
        [search, &options, &batch, attempts](std::uint64_t index, const std::atomic<bool>* halt) {
          return search->run(options.geometry, batch.seed, index, attempts, halt);
        });
  };
  const std::function<void(GeneratedPuzzle&)> deliver = [&](GeneratedPuzzle& p) { emit(p); };
  return run_ordered<GeneratedPuzzle>(batch.first_index, batch.count, batch.threads,
                                      256 * static_cast<std::uint64_t>(batch.threads),
                                      batch.deadline, make_worker, deliver, stop);
}

}  // namespace sudoforge::workflow
