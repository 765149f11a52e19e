#include "testset_items.h"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli_common.h"
#include "progress.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/grader/grader.h"

namespace sudoforge::cli {
namespace {

bool peer_holds(const Grid& g, int cell, int v) {
  for (int q : g.geometry().peers(cell)) {
    if (g[q] == v) return true;
  }
  return false;
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

std::vector<std::string> parse_levels(const std::string& text) {
  std::vector<std::string> levels;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, comma - start);
    const auto level = grader::parse_level(name);
    if (!level) throw UsageError("bad level '" + name + "' in --levels");
    const std::string canonical(grader::level_name(*level));
    if (std::find(levels.begin(), levels.end(), canonical) == levels.end())
      levels.push_back(canonical);
    start = comma + 1;
  }
  return levels;
}

bool generate_bases(const GeneratedSetPlan& plan, std::vector<TestBase>& chosen,
                    std::vector<TestBase>& spare) {
  const std::vector<std::string>& levels = plan.levels;
  const std::size_t n_unique = plan.n_unique, n_bases = plan.n_bases;
  const double lo = plan.min_rating, hi = plan.max_rating;
  std::vector<std::size_t> want =
      quotas(n_unique, std::vector<std::size_t>(levels.size(), n_unique));
  std::vector<std::vector<TestBase>> buckets(levels.size());
  std::vector<TestBase> others;  // graded puzzles outside the strata: spares
  const std::uint64_t cap =
      std::max<std::uint64_t>(200, 50 * static_cast<std::uint64_t>(n_unique + n_bases));
  const int size = plan.generator.geometry.size();
  const std::string board = std::to_string(size) + "x" + std::to_string(size);
  // Progress counts the puzzles that fill a share or a spare's place, out of all places.
  std::uint64_t placed = 0;
  Progress progress("testset", plan.progress, n_unique + n_bases);

  // A level that minimal puzzles of this size rarely reach (grader::level_min_clues) gets
  // its own stream of fuller puzzles, graded with the level's ceiling and kept only at
  // that level, with the same cap on candidates; the minimal stream below leaves its
  // bucket alone. On 9x9 there is none, so 9x9 sets are as before.
  std::vector<std::uint64_t> dedicated_seen(levels.size(), 0);
  std::vector<bool> dedicated(levels.size(), false);
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const grader::Level level = *grader::parse_level(levels[i]);
    const int floor = grader::level_min_clues(size, level);
    if (floor == 0) continue;
    dedicated[i] = true;
    if (want[i] == 0) continue;
    GeneratorOptions fuller = plan.generator;
    fuller.minimal = false;
    fuller.min_clues = floor;
    BatchOptions b;
    b.seed = puzzle_seed(plan.seed, 1 + static_cast<std::uint64_t>(level));  // one per level
    b.count = want[i];
    b.threads = plan.threads;
    grader::GradeOptions grade;
    if (level != grader::Level::kExtreme) {
      grade.max_rating = std::min(hi, grader::level_range(level).second);
    }
    FilterWatch watch(progress, "testset", "level " + levels[i] + " on " + board, want[i], true);
    std::atomic<bool> capped{false};
    AcceptFactory factory = [&, grade, level] {
      auto grader_ptr = std::make_shared<grader::Grader>(grade);
      return Accept([&, grader_ptr, level](GeneratedPuzzle& p) {
        if (capped.load()) return false;
        const grader::Rating r = grader_ptr->rate(p.puzzle);
        const bool kept = r.complete && r.level == level && r.er >= lo && r.er <= hi;
        watch.graded(kept);
        if (watch.graded_count() >= cap) capped.store(true);
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
          progress.update(++placed);
        },
        &capped);
    dedicated_seen[i] = watch.graded_count();
  }

  std::atomic<bool> stop{false};
  BatchOptions batch;
  batch.seed = plan.seed;
  batch.count = cap;
  batch.threads = plan.threads;
  AcceptFactory factory = [&progress] {
    auto grader_ptr = std::make_shared<grader::Grader>();
    return Accept([grader_ptr, &progress](GeneratedPuzzle& p) {
      const grader::Rating r = grader_ptr->rate(p.puzzle);
      progress.candidate();
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
          const auto it = std::find(levels.begin(), levels.end(), p.level);
          const bool in_range = p.rating && *p.rating >= lo && *p.rating <= hi;
          const std::size_t i = static_cast<std::size_t>(it - levels.begin());
          if (it != levels.end() && !dedicated[i] && in_range && buckets[i].size() < want[i]) {
            buckets[i].push_back(std::move(b));
            ++placed;
          } else if (others.size() < std::max<std::size_t>(n_bases, n_unique)) {
            if (others.size() < n_bases) ++placed;
            others.push_back(std::move(b));
          }
          progress.update(placed);
          if (satisfied()) stop.store(true);
        },
        &stop);
  }
  progress.clear();
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (buckets[i].size() < want[i]) {
      std::cerr << "sudoforge testset: note: only "
                << count_of(buckets[i].size(), levels[i] + " puzzle") << " in "
                << (dedicated[i] ? dedicated_seen[i] : seen)
                << " generated; the rest of their share comes from other levels\n";
    }
  }
  for (auto& b : buckets) chosen.insert(chosen.end(), b.begin(), b.end());
  // Shortfalls are filled from the spares (other levels, or outside the rating range).
  while (chosen.size() < n_unique && !others.empty()) {
    chosen.push_back(std::move(others.back()));
    others.pop_back();
  }
  if (chosen.size() < n_unique) {
    std::cerr << "sudoforge testset: only " << count_of(chosen.size(), "unique puzzle")
              << " found, " << n_unique << " needed: nothing printed\n";
    return false;
  }
  spare = std::move(others);
  return true;
}

}  // namespace sudoforge::cli
