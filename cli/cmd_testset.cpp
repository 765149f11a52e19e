// sudoforge testset: test sets for solver authors, with the expected answers.
//
// Each item is a puzzle, its solution count capped at 2, and its solution when the count
// is 1. Three kinds, mixed and shuffled (by --seed):
//  - unique: from the catalogue (--db, with the query filters) or freshly generated
//    (minimal, graded; fuller on boards where minimal puzzles rarely reach a level:
//    grader::level_min_clues), stratified by level: equal shares per level, a level that runs
//    short handing its share to the others;
//  - multiple: a unique puzzle with clues removed (in an order drawn from the seed) until
//    it has two or more solutions: one clue for a minimal puzzle;
//  - none: a unique puzzle with one given changed to another symbol that no peer given
//    holds (so no repeated given gives it away), kept when the solver proves there is no
//    solution; if no such change exists within a bounded number of tries, a clue that
//    differs from the solution is added to an empty cell instead (again with no repeated
//    given: a unique puzzle plus a clue against its only solution has no solution).
// Every item is checked again with the solver before it is printed.
#include <algorithm>
#include <atomic>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cmath>
#include <iostream>
#include <memory>
#include <random>
#include <set>

#include "commands.h"
#include "printer.h"
#include "progress.h"
#include "query_options.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::cli {
namespace {

constexpr const char* kTestsetUsage = "sudoforge testset [--count N] [--seed S] [--db FILE [FILTERS]] [OPTIONS]";
constexpr const char* kExamples =
    "  sudoforge testset --count 1000 --seed 7 > set.txt     generated: puzzle:count:solution\n"
    "  sudoforge testset --count 100 --unique 0.5 --multiple 0.25 --none 0.25 --output csv\n"
    "  sudoforge testset --db cat.db --count 500 --seed 1 --output json   from the catalogue\n"
    "  sudoforge testset --db cat.db --level hard --count 50 --unique 1 --multiple 0 --none 0\n"
    "  sudoforge testset --size 16 --count 20 --levels easy,medium --threads 2\n"
    "\n"
    "Line format, one puzzle per line: PUZZLE:COUNT:SOLUTION, where COUNT is the number of\n"
    "solutions capped at 2 (0 none, 1 unique, 2 two or more) and SOLUTION is given when\n"
    "COUNT is 1 (empty otherwise). csv/json add the kind (unique, multiple, none) and, for\n"
    "unique puzzles, the level and SE rating. Unique puzzles are stratified by level: the\n"
    "same share for each level of --levels (generated; default easy,medium,hard,expert) or\n"
    "of each level present (catalogue); on boards where minimal puzzles rarely reach a\n"
    "level (12x12 easy, 16x16 below extreme) that level's puzzles keep more clues (see the\n"
    "README, Grading). Puzzles without a solution never repeat a given in\n"
    "a unit. The fractions are normalised to their sum. The same --seed (and options, and\n"
    "catalogue) gives the same set, whatever --threads.\n"
    "Exit codes: 0 done; 1 the catalogue has too few matching puzzles (nothing printed);\n"
    "2 usage error; 3 catalogue error.\n";

const std::vector<std::string> kAllLevels = {"easy", "medium", "hard", "expert", "diabolical", "extreme"};

using Rng = boost::random::mt19937_64;

std::size_t draw(Rng& rng, std::size_t n) {  // uniform in [0, n)
  return boost::random::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
}
template <class T>
void shuffle(std::vector<T>& v, Rng& rng) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[draw(rng, i)]);
}

struct Base {  // a unique puzzle with its solution
  Grid puzzle;
  Grid solution;
  std::string level;
  std::optional<double> rating;
};

struct Item {
  Grid puzzle;
  int count = 0;
  std::optional<Grid> solution;
  std::string kind;
  std::string level;
  std::optional<double> rating;
};

// Clues removed in a random order until the count reaches 2.
Grid make_multiple(const Base& b, SudokuSolver& solver, Rng& rng) {
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

bool peer_holds(const Grid& g, int cell, int v) {
  for (int q : g.geometry().peers(cell)) {
    if (g[q] == v) return true;
  }
  return false;
}

// A puzzle with no solution and no repeated given in a unit (see the header comment).
Grid make_none(const Base& b, SudokuSolver& solver, Rng& rng) {
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

// Shares of `total` for buckets with `available` puzzles each: equal shares, the
// remainder to the first buckets, shortfalls handed on to buckets with spare puzzles.
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

double parse_fraction(const po::variables_map& vm, const char* name) {
  const double f = vm[name].as<double>();
  if (!(f >= 0) || f > 1e9) throw UsageError(std::string("--") + name + " must be a fraction >= 0");
  return f;
}

std::string rating_text(const std::optional<double>& r) {
  if (!r) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", *r);
  return buf;
}

}  // namespace

int cmd_testset(const Invocation& inv) {
  po::options_description o("testset options");
  add_catalogue_options(o);
  add_filter_options(o, FilterOptionSet{.limit = false, .unused = true, .default_order = "id"});
  o.add_options()
    ("count,n", po::value<long long>()->default_value(100), "puzzles in the set")
    ("unique", po::value<double>()->default_value(0.8), "fraction of puzzles with one solution")
    ("multiple", po::value<double>()->default_value(0.1), "fraction with two or more solutions")
    ("none", po::value<double>()->default_value(0.1), "fraction with no solution")
    ("levels", po::value<std::string>(), "generated: the levels to stratify over, comma-separated "
                                         "(default easy,medium,hard,expert)")
    ("seed", po::value<unsigned long long>(), "seed (default: drawn at random, printed on stderr)")
    ("threads", po::value<int>()->default_value(1), "generating threads, 1 to 256")
    ("output,o", po::value<std::string>()->default_value("line"), "line, csv or json");
  po::variables_map vm;
  if (!parse_options(inv, o, kTestsetUsage, kExamples, vm)) return kOk;

  const long long count = vm["count"].as<long long>();
  if (count < 1 || count > 10'000'000) throw UsageError("--count must be 1 to 10000000");
  const double fu = parse_fraction(vm, "unique"), fm = parse_fraction(vm, "multiple"),
               fn = parse_fraction(vm, "none");
  if (fu + fm + fn <= 0) throw UsageError("the fractions add up to 0");
  const auto total = static_cast<std::size_t>(count);
  const auto n_multiple = static_cast<std::size_t>(std::llround(count * fm / (fu + fm + fn)));
  const auto n_none = std::min(total - n_multiple,
                               static_cast<std::size_t>(std::llround(count * fn / (fu + fm + fn))));
  const std::size_t n_unique = total - n_multiple - n_none;
  const OutputFormat format = parse_output_format(vm["output"].as<std::string>(), false);
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 256) throw UsageError("--threads must be 1 to 256");
  std::uint64_t seed = 0;
  if (vm.count("seed")) {
    seed = vm["seed"].as<unsigned long long>();
  } else {
    std::random_device device;
    seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
    std::cerr << "sudoforge testset: seed " << seed << std::endl;
  }
  const bool from_db = vm.count("db") > 0;
  db::QueryFilter filter = filter_from(vm);
  if (filter.level && !grader::parse_level(*filter.level)) {
    throw UsageError("bad --level '" + *filter.level + "'");
  }
  if (!from_db && (!filter.techniques.empty() || filter.min_clues || filter.source || filter.unused)) {
    throw UsageError("--technique, --clues, --source and --unused need --db (a catalogue)");
  }
  if (from_db && vm.count("levels")) throw UsageError("--levels is for generated sets; use --level with --db");

  Rng rng(seed);
  // The stratification buckets (level names in order), the unique puzzles chosen for
  // them, and spare unique puzzles for the multiple/none items.
  std::vector<std::string> levels;
  std::vector<Base> chosen, spare;
  const std::size_t n_bases = n_multiple + n_none;

  if (from_db) {
    std::vector<std::vector<Base>> buckets;
    try {
      db::Catalogue cat(resolve_db(vm), open_options(vm, true));
      cat.query(filter, [&](const db::PuzzleRecord& r) {
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
    } catch (const db::CatalogueError& e) {
      std::cerr << "sudoforge testset: " << e.what() << '\n';
      return kIo;
    }
    std::size_t available = 0;
    for (auto& b : buckets) available += b.size();
    const std::size_t needed = n_unique + (n_unique == 0 && n_bases > 0 ? 1 : 0);
    if (available < needed || available == 0) {
      std::cerr << "sudoforge testset: only " << available << " matching puzzles with a known solution, "
                << needed << " needed: nothing printed\n";
      return kRecordsFailed;
    }
    // Levels in the usual order (ungraded last), each bucket shuffled by the seed.
    std::vector<std::size_t> order(levels.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto rank = [&](std::size_t i) {
      auto it = std::find(kAllLevels.begin(), kAllLevels.end(), levels[i]);
      return it == kAllLevels.end() ? kAllLevels.size() : static_cast<std::size_t>(it - kAllLevels.begin());
    };
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
    std::vector<std::size_t> sizes;
    for (std::size_t i : order) {
      shuffle(buckets[i], rng);
      sizes.push_back(buckets[i].size());
    }
    const auto q = quotas(n_unique, sizes);
    for (std::size_t k = 0; k < order.size(); ++k) {
      auto& b = buckets[order[k]];
      chosen.insert(chosen.end(), b.begin(), b.begin() + static_cast<std::ptrdiff_t>(q[k]));
      spare.insert(spare.end(), b.begin() + static_cast<std::ptrdiff_t>(q[k]), b.end());
    }
    shuffle(spare, rng);
  } else {
    GeneratorOptions gen;
    try {
      gen.geometry = Geometry::for_size(filter.size.value_or(9));
    } catch (const std::exception&) {
      throw UsageError("bad --size");
    }
    if (filter.symmetry) {
      gen.symmetry = parse_symmetry(*filter.symmetry);
      if (!admits(gen.geometry, gen.symmetry)) {
        throw UsageError("--symmetry " + *filter.symmetry + " needs square boxes");
      }
    }
    if (filter.level) {
      levels = {std::string(grader::level_name(*grader::parse_level(*filter.level)))};
    } else if (vm.count("levels")) {
      std::string text = vm["levels"].as<std::string>();
      std::size_t start = 0;
      while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string name = text.substr(start, comma - start);
        const auto level = grader::parse_level(name);
        if (!level) throw UsageError("bad level '" + name + "' in --levels");
        const std::string canonical(grader::level_name(*level));
        if (std::find(levels.begin(), levels.end(), canonical) == levels.end()) levels.push_back(canonical);
        start = comma + 1;
      }
    } else {
      levels = {"easy", "medium", "hard", "expert"};
    }
    const double lo = filter.min_rating.value_or(-1e300), hi = filter.max_rating.value_or(1e300);
    std::vector<std::size_t> want = quotas(n_unique, std::vector<std::size_t>(levels.size(), n_unique));
    std::vector<std::vector<Base>> buckets(levels.size());
    std::vector<Base> others;  // graded puzzles outside the strata: spares
    std::atomic<bool> stop{false};
    const std::uint64_t cap = std::max<std::uint64_t>(200, 50 * static_cast<std::uint64_t>(total));
    const int size = gen.geometry.size();
    const std::string board = std::to_string(size) + "x" + std::to_string(size);
    Progress progress("testset", stderr_is_tty(), n_unique);
    std::size_t filled = 0;  // unique puzzles bucketed so far (the progress line)
    // A level that minimal puzzles of this size rarely reach (grader::level_min_clues)
    // gets its own stream of fuller puzzles, graded with the level's ceiling and kept only
    // at that level, with the same cap on candidates; the minimal stream below leaves its
    // bucket alone. On 9x9 there is none.
    std::vector<std::uint64_t> dedicated_seen(levels.size(), 0);
    std::vector<bool> dedicated(levels.size(), false);
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const grader::Level level = *grader::parse_level(levels[i]);
      const int floor = grader::level_min_clues(size, level);
      if (floor == 0) continue;
      dedicated[i] = true;
      if (want[i] == 0) continue;
      GeneratorOptions fuller = gen;
      fuller.minimal = false;
      fuller.min_clues = floor;
      BatchOptions b;
      b.seed = puzzle_seed(seed, 1 + static_cast<std::uint64_t>(level));  // one stream per level
      b.count = want[i];
      b.threads = threads;
      grader::GradeOptions grade;
      if (level != grader::Level::kExtreme)
        grade.max_rating = std::min(hi, grader::level_range(level).second);
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
            progress.update(++filled);
          },
          &capped);
      dedicated_seen[i] = watch.graded_count();
    }
    BatchOptions batch;
    batch.seed = seed;
    batch.count = cap;
    batch.threads = threads;
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
    BatchResult result;
    if (!satisfied()) {
      result = generate_batch(gen, batch, factory, [&](const GeneratedPuzzle& p) {
        ++seen;
        if (stop.load()) return;
        Base b{p.puzzle, p.solution, p.level, p.rating};
        const auto it = std::find(levels.begin(), levels.end(), p.level);
        const bool in_range = p.rating && *p.rating >= lo && *p.rating <= hi;
        const std::size_t i = static_cast<std::size_t>(it - levels.begin());
        if (it != levels.end() && !dedicated[i] && in_range && buckets[i].size() < want[i]) {
          buckets[i].push_back(std::move(b));
          progress.update(++filled);
        } else if (others.size() < std::max<std::size_t>(n_bases, n_unique)) {
          others.push_back(std::move(b));
        }
        if (satisfied()) stop.store(true);
      }, &stop);
    }
    (void)result;
    progress.clear();
    for (std::size_t i = 0; i < levels.size(); ++i) {
      if (buckets[i].size() < want[i]) {
        std::cerr << "sudoforge testset: note: only " << buckets[i].size() << " " << levels[i]
                  << " puzzles in " << (dedicated[i] ? dedicated_seen[i] : seen)
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
      std::cerr << "sudoforge testset: only " << chosen.size() << " unique puzzles found, "
                << n_unique << " needed: nothing printed\n";
      return kRecordsFailed;
    }
    spare = std::move(others);
  }

  // Bases for the multiple/none items: spares first, then the chosen unique puzzles.
  SudokuSolver solver;
  std::vector<Item> items;
  for (const Base& b : chosen) items.push_back({b.puzzle, 1, b.solution, "unique", b.level, b.rating});
  std::size_t next_base = 0;
  auto base = [&]() -> const Base& {
    const std::size_t i = next_base++;
    if (i < spare.size()) return spare[i];
    return chosen[(i - spare.size()) % chosen.size()];
  };
  if (n_bases > 0 && spare.empty() && chosen.empty()) {
    std::cerr << "sudoforge testset: no unique puzzle to derive the others from\n";
    return kRecordsFailed;
  }
  for (std::size_t k = 0; k < n_multiple; ++k) {
    items.push_back({make_multiple(base(), solver, rng), 2, std::nullopt, "multiple", "", std::nullopt});
  }
  for (std::size_t k = 0; k < n_none; ++k) {
    items.push_back({make_none(base(), solver, rng), 0, std::nullopt, "none", "", std::nullopt});
  }
  shuffle(items, rng);

  // Every stated answer checked once more, independently of how it was made.
  for (const Item& it : items) {
    if (find_conflict(it.puzzle)) throw std::logic_error("a test puzzle repeats a given");
    std::optional<Grid> first;
    const std::uint64_t n = solver.enumerate(it.puzzle, [&](const Grid& s) {
      if (!first) first = s;
      return true;
    }, 2);
    if (static_cast<int>(n) != it.count ||
        (n == 1 && !(it.solution && *first == *it.solution && is_solution_of(it.puzzle, *it.solution)))) {
      throw std::logic_error("a test-set answer failed its check");
    }
  }

  Printer out(std::cout, format);
  if (format == OutputFormat::kCsv) out.csv_header({"puzzle", "count", "solution", "kind", "level", "rating"});
  for (const Item& it : items) {
    const TextStyle style = default_style(it.puzzle.geometry());
    const std::string puzzle = to_line(it.puzzle, style);
    const std::string solution = it.solution ? to_line(*it.solution, style) : "";
    if (format == OutputFormat::kCsv) {
      out.csv_row({puzzle, std::to_string(it.count), solution, it.kind, it.level, rating_text(it.rating)});
    } else if (format == OutputFormat::kJson) {
      nlohmann::ordered_json j{{"puzzle", puzzle}, {"count", it.count}};
      j["solution"] = it.solution ? nlohmann::ordered_json(solution) : nlohmann::ordered_json(nullptr);
      j["kind"] = it.kind;
      j["level"] = it.level.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(it.level);
      j["rating"] = it.rating ? nlohmann::ordered_json(std::round(*it.rating * 10) / 10)
                              : nlohmann::ordered_json(nullptr);
      out.json(j);
    } else {
      out.line(puzzle + ":" + std::to_string(it.count) + ":" + solution);
    }
  }
  out.finish();
  if (!std::cout) throw IoError("cannot write the output");
  std::cerr << "sudoforge testset: " << items.size() << " puzzles: " << n_unique << " unique, "
            << n_multiple << " multiple, " << n_none << " none (seed " << seed << ")\n";
  return kOk;
}

}  // namespace sudoforge::cli
