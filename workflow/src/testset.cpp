#include "sudoforge/workflow/testset.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "sudoforge/core/validate.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/workflow/seeds.h"
#include "sudoforge/workflow/target.h"

namespace sudoforge::workflow {
namespace {

bool peer_holds(const Grid& g, int cell, int v) {
  for (int q : g.geometry().peers(cell)) {
    if (g[q] == v) return true;
  }
  return false;
}

// A killer grid whose constraints are loosened instead of its clues: two neighbouring
// cages (drawn from rng) merged into one with the sum of both, again and again, until the
// count reaches 2. Only cages whose union repeats no symbol of `solution` are merged, so
// the known solution stays one: the count only grows.
Grid merge_cages(const Grid& puzzle, const Grid& solution, SudokuSolver& solver,
                 TestsetRng& rng) {
  Grid p = puzzle;
  const int n = p.size();
  for (int round = 0; round < 4 * p.cell_count(); ++round) {
    const Geometry& g = p.geometry();
    std::vector<std::pair<int, int>> pairs;  // neighbouring cages whose union fits
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      for (int other :
           {g.col(cell) + 1 < n ? cell + 1 : -1, cell + n < g.cell_count() ? cell + n : -1}) {
        if (other < 0) continue;
        const int a = g.cage_of(cell), b = g.cage_of(other);
        if (a == b) continue;
        if (static_cast<int>(g.cages()[a].cells.size() + g.cages()[b].cells.size()) > n) continue;
        std::uint32_t seen = 0;
        bool repeat = false;
        for (int cage : {a, b}) {
          for (int c : g.cages()[cage].cells) {
            repeat |= (seen >> solution[c] & 1u) != 0;
            seen |= 1u << solution[c];
          }
        }
        if (!repeat) pairs.emplace_back(std::min(a, b), std::max(a, b));
      }
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    if (pairs.empty()) break;
    const auto [a, b] = pairs[draw(rng, pairs.size())];
    std::vector<Cage> cages(g.cages().begin(), g.cages().end());
    cages[a].sum += cages[b].sum;
    cages[a].cells.insert(cages[a].cells.end(), cages[b].cells.begin(), cages[b].cells.end());
    cages.erase(cages.begin() + b);
    Geometry base = Geometry(g.box_rows(), g.box_cols());
    Geometry board;
    try {
      board = Variant(Variant::of(g).flags()).apply(base.with_cages(std::move(cages)));
    } catch (const std::invalid_argument&) {
      continue;  // a sum no distinct symbols make: another pair
    }
    Grid next(board, std::vector<std::uint8_t>(p.cells().begin(), p.cells().end()));
    if (!describe_cage_violation(next).empty() || find_conflict(next)) continue;
    p = next;
    if (solver.count(p, 2) >= 2) return p;
  }
  return p;
}

}  // namespace

Grid make_multiple(const TestBase& b, SudokuSolver& solver, TestsetRng& rng) {
  std::vector<int> cells;
  for (int c = 0; c < b.puzzle.cell_count(); ++c) {
    if (b.puzzle[c]) cells.push_back(c);
  }
  shuffle(cells, rng);
  Grid p = b.puzzle;
  for (int c : cells) {
    p.clear(c);
    if (solver.count(p, 2) >= 2) return p;
  }
  // A killer without givens (or still unique without them) loosens its cages instead.
  if (p.geometry().has_cages()) return merge_cages(p, b.solution, solver, rng);
  return p;  // unreachable for a real board: the empty grid has many solutions
}

// A given changed to a symbol no peer given holds, kept when the solver proves there is
// no solution; after a bounded number of tries, a clue against the only solution added
// to an empty cell instead (again with no repeated given).
Grid make_none(const TestBase& b, SudokuSolver& solver, TestsetRng& rng) {
  const int n = b.puzzle.size();
  std::vector<int> givens, empties;
  for (int c = 0; c < b.puzzle.cell_count(); ++c) (b.puzzle[c] ? givens : empties).push_back(c);
  shuffle(givens, rng);
  int tries = 0;
  for (int c : givens) {
    std::vector<int> values;
    for (int v = 1; v <= n; ++v) {
      if (v != b.puzzle[c]) values.push_back(v);
    }
    shuffle(values, rng);
    for (int v : values) {
      if (peer_holds(b.puzzle, c, v)) continue;
      Grid p = b.puzzle;
      p.set(c, v);
      // A given its killer cage cannot hold is a reader's error, not a test item.
      if (!describe_cage_violation(p).empty()) continue;
      if (solver.count(p, 1) == 0) return p;
      if (++tries >= 64) break;
    }
    if (tries >= 64) break;
  }
  shuffle(empties, rng);
  for (int c : empties) {
    for (int v = 1; v <= n; ++v) {
      if (v == b.solution[c] || peer_holds(b.puzzle, c, v)) continue;
      Grid p = b.puzzle;
      p.set(c, v);
      if (!describe_cage_violation(p).empty()) continue;
      return p;  // against the only solution: no solution (checked by the caller)
    }
  }
  throw std::logic_error("no unsolvable variant found");
}

std::vector<std::size_t> quotas(std::size_t total, const std::vector<std::size_t>& available) {
  std::vector<std::size_t> q(available.size(), 0);
  std::size_t left = total;
  for (;;) {
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < q.size(); ++i) {
      if (q[i] < available[i]) open.push_back(i);
    }
    if (open.empty() || left == 0) break;
    const std::size_t share = std::max<std::size_t>(1, left / open.size());
    for (std::size_t i : open) {
      const std::size_t take = std::min({share, available[i] - q[i], left});
      q[i] += take;
      left -= take;
      if (left == 0) break;
    }
  }
  return q;
}

std::vector<TestItem> make_items(const std::vector<TestBase>& chosen,
                                 const std::vector<TestBase>& spare, std::size_t n_multiple,
                                 std::size_t n_none, SudokuSolver& solver, TestsetRng& rng) {
  std::vector<TestItem> items;
  for (const TestBase& b : chosen)
    items.push_back({b.puzzle, 1, b.solution, "unique", b.level, b.rating});
  std::size_t next_base = 0;
  auto base = [&]() -> const TestBase& {
    const std::size_t i = next_base++;
    if (i < spare.size()) return spare[i];
    return chosen[(i - spare.size()) % chosen.size()];
  };
  for (std::size_t k = 0; k < n_multiple; ++k) {
    items.push_back(
        {make_multiple(base(), solver, rng), 2, std::nullopt, "multiple", "", std::nullopt});
  }
  for (std::size_t k = 0; k < n_none; ++k) {
    items.push_back({make_none(base(), solver, rng), 0, std::nullopt, "none", "", std::nullopt});
  }
  shuffle(items, rng);
  for (const TestItem& it : items) {
    if (find_conflict(it.puzzle)) throw std::logic_error("a test puzzle repeats a given");
    std::optional<Grid> first;
    const std::uint64_t n = solver.enumerate(
        it.puzzle,
        [&](const Grid& s) {
          if (!first) first = s;
          return true;
        },
        2);
    if (static_cast<int>(n) != it.count || (n == 1 && !(it.solution && *first == *it.solution &&
                                                        is_solution_of(it.puzzle, *it.solution)))) {
      throw std::logic_error("a test-set answer failed its check");
    }
  }
  return items;
}

TestsetCounts split_counts(std::size_t total, double unique, double multiple, double none) {
  const double sum = unique + multiple + none;
  const auto count = static_cast<long long>(total);
  TestsetCounts c;
  c.multiple = static_cast<std::size_t>(std::llround(count * multiple / sum));
  c.none = std::min(total - c.multiple, static_cast<std::size_t>(std::llround(count * none / sum)));
  c.unique = total - c.multiple - c.none;
  return c;
}

CatalogueSet choose_bases(db::Catalogue& catalogue, const db::QueryFilter& filter,
                          std::size_t n_unique, std::size_t n_bases, TestsetRng& rng) {
  static const std::vector<std::string> kAllLevels = {"easy",   "medium",     "hard",
                                                      "expert", "diabolical", "extreme"};
  std::vector<std::string> levels;  // the buckets' level names, in order of appearance
  std::vector<std::vector<TestBase>> buckets;
  catalogue.query(filter, [&](const db::PuzzleRecord& r) {
    if (!r.solution) return true;  // not known to be unique
    const std::string level = r.level.value_or("");
    auto it = std::find(levels.begin(), levels.end(), level);
    if (it == levels.end()) {
      levels.push_back(level);
      buckets.emplace_back();
      it = levels.end() - 1;
    }
    buckets[static_cast<std::size_t>(it - levels.begin())].push_back(
        {r.givens, *r.solution, level, r.rating_er});
    return true;
  });
  CatalogueSet set;
  for (auto& b : buckets) set.available += b.size();
  set.needed = n_unique + (n_unique == 0 && n_bases > 0 ? 1 : 0);
  if (set.available < set.needed || set.available == 0) return set;
  set.complete = true;
  // Levels in the usual order (ungraded last), each bucket shuffled by the seed.
  std::vector<std::size_t> order(levels.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto rank = [&](std::size_t i) {
    auto it = std::find(kAllLevels.begin(), kAllLevels.end(), levels[i]);
    return it == kAllLevels.end() ? kAllLevels.size()
                                  : static_cast<std::size_t>(it - kAllLevels.begin());
  };
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
  std::vector<std::size_t> sizes;
  for (std::size_t i : order) {
    shuffle(buckets[i], rng);
    sizes.push_back(buckets[i].size());
  }
  const auto q = quotas(n_unique, sizes);
  std::vector<TestBase>& chosen = set.bases.chosen;
  std::vector<TestBase>& spare = set.bases.spare;
  for (std::size_t k = 0; k < order.size(); ++k) {
    auto& b = buckets[order[k]];
    chosen.insert(chosen.end(), b.begin(), b.begin() + static_cast<std::ptrdiff_t>(q[k]));
    spare.insert(spare.end(), b.begin() + static_cast<std::ptrdiff_t>(q[k]), b.end());
  }
  shuffle(spare, rng);
  return set;
}

GeneratedSet generate_bases(const GeneratedSetPlan& plan, const GeneratedSetCallbacks& callbacks) {
  const std::vector<grader::Level>& levels = plan.levels;
  const std::size_t n_unique = plan.n_unique, n_bases = plan.n_bases;
  auto target_of = [&](grader::Level level) {
    return Target{level, plan.min_rating, plan.max_rating};
  };
  std::vector<std::size_t> want =
      quotas(n_unique, std::vector<std::size_t>(levels.size(), n_unique));
  std::vector<std::vector<TestBase>> buckets(levels.size());
  std::vector<TestBase> others;  // graded puzzles outside the strata: spares
  const std::uint64_t cap =
      std::max<std::uint64_t>(200, 50 * static_cast<std::uint64_t>(n_unique + n_bases));
  // The places filled: a share's puzzle or a spare, out of n_unique + n_bases.
  std::uint64_t placed = 0;
  auto report_placed = [&] {
    if (callbacks.on_placed) callbacks.on_placed(placed);
  };

  // A level that minimal puzzles of this size rarely reach (grader::level_min_clues) gets
  // its own stream of fuller puzzles, graded with the level's ceiling and kept only at
  // that level, with the same cap on candidates; the minimal stream below leaves its
  // bucket alone. On 9x9 there is none, so 9x9 sets are as before.
  std::vector<std::uint64_t> dedicated_seen(levels.size(), 0);
  std::vector<bool> dedicated(levels.size(), false);
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const grader::Level level = levels[i];
    const int floor = grader::level_min_clues(plan.generator.geometry, level);
    if (floor == 0) continue;
    dedicated[i] = true;
    if (want[i] == 0) continue;
    GeneratorOptions fuller = plan.generator;
    fuller.minimal = false;
    fuller.min_clues = floor;
    BatchOptions b;
    b.seed = split_seed(plan.seed, 1 + static_cast<std::uint64_t>(level));  // one per level
    b.count = want[i];
    b.threads = plan.threads;
    const Target target = target_of(level);
    const grader::GradeOptions grade = grade_options(target);
    if (callbacks.on_level_stream) callbacks.on_level_stream(level, want[i]);
    std::atomic<std::uint64_t> graded{0};
    std::atomic<bool> capped{false};
    AcceptFactory factory = [&, grade] {
      auto grader_ptr = std::make_shared<grader::Grader>(grade);
      return Accept([&, grader_ptr](GeneratedPuzzle& p) {
        if (capped.load()) return false;
        const grader::Rating r = grader_ptr->rate(p.puzzle);
        const bool kept = accepts(target, r);
        if (callbacks.on_level_candidate) callbacks.on_level_candidate(kept);
        if (++graded >= cap) capped.store(true);
        if (!kept) return false;
        p.rating = r.er;
        p.level = std::string(grader::level_name(r.level));
        return true;
      });
    };
    generate_batch(
        fuller, b, factory,
        [&](const GeneratedPuzzle& p) {
          buckets[i].push_back({p.puzzle, p.solution, p.level, p.rating});
          ++placed;
          report_placed();
        },
        &capped);
    dedicated_seen[i] = graded.load();
  }

  std::atomic<bool> stop{false};
  BatchOptions batch;
  batch.seed = plan.seed;
  batch.count = cap;
  batch.threads = plan.threads;
  // The minimal stream keeps every candidate; where it goes is decided in index order.
  AcceptFactory factory = [&callbacks] {
    auto grader_ptr = std::make_shared<grader::Grader>();
    return Accept([grader_ptr, &callbacks](GeneratedPuzzle& p) {
      const grader::Rating r = grader_ptr->rate(p.puzzle);
      if (callbacks.on_candidate) callbacks.on_candidate();
      if (r.complete) {
        p.rating = r.er;
        p.level = std::string(grader::level_name(r.level));
      }
      return true;
    });
  };
  auto satisfied = [&] {
    for (std::size_t i = 0; i < levels.size(); ++i) {
      if (!dedicated[i] && buckets[i].size() < want[i]) return false;
    }
    return others.size() >= n_bases;
  };
  std::uint64_t seen = 0;
  if (!satisfied()) {
    generate_batch(
        plan.generator, batch, factory,
        [&](const GeneratedPuzzle& p) {
          ++seen;
          if (stop.load()) return;
          TestBase b{p.puzzle, p.solution, p.level, p.rating};
          // The stratum that accepts it, if any (a rating is set only when complete).
          std::size_t i = levels.size();
          if (p.rating) {
            const grader::Level level = *grader::parse_level(p.level);
            const auto it = std::find(levels.begin(), levels.end(), level);
            i = static_cast<std::size_t>(it - levels.begin());
            if (it != levels.end() && !accepts_complete(target_of(level), level, *p.rating)) {
              i = levels.size();
            }
          }
          if (i < levels.size() && !dedicated[i] && buckets[i].size() < want[i]) {
            buckets[i].push_back(std::move(b));
            ++placed;
          } else if (others.size() < std::max<std::size_t>(n_bases, n_unique)) {
            if (others.size() < n_bases) ++placed;
            others.push_back(std::move(b));
          }
          report_placed();
          if (satisfied()) stop.store(true);
        },
        &stop);
  }
  GeneratedSet set;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (buckets[i].size() < want[i]) {
      set.shortfalls.push_back(
          {levels[i], buckets[i].size(), dedicated[i] ? dedicated_seen[i] : seen});
    }
  }
  std::vector<TestBase>& chosen = set.bases.chosen;
  for (auto& b : buckets) chosen.insert(chosen.end(), b.begin(), b.end());
  // Shortfalls are filled from the spares (other levels, or outside the rating range).
  while (chosen.size() < n_unique && !others.empty()) {
    chosen.push_back(std::move(others.back()));
    others.pop_back();
  }
  set.complete = chosen.size() >= n_unique;
  if (set.complete) set.bases.spare = std::move(others);
  return set;
}

}  // namespace sudoforge::workflow
