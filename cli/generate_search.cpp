#include "generate_search.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "generate_output.h"
#include "input.h"
#include "query_options.h"
#include "sudoforge/core/canonical.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/workflow/generate.h"
#include "sudoforge/workflow/hard_search.h"
#include "sudoforge/workflow/record.h"
#include "sudoforge/workflow/seeds.h"
#include "sudoforge/workflow/store.h"

namespace sudoforge::cli {
namespace {

// Generated seeds are minimal puzzles rated at least this: about 1 random minimal puzzle
// in 30 is, and the search climbs from there.
constexpr double kGeneratedSeedFloor = 8.0;
constexpr std::uint64_t kDefaultGeneratedSeeds = 24;
constexpr std::uint64_t kDefaultCatalogueSeeds = 500;
// A progress note on stderr at most this often.
constexpr double kNoteSeconds = 30;

std::string move_text(Move m) {
  return "-" + std::to_string(m.remove) + "+" + std::to_string(m.add);
}

// The seeds of --from: every good record a classic 9x9 puzzle with one solution; the others
// are reported FILE:LINE and skipped.
std::vector<Grid> file_seeds(const po::variables_map& vm, Diagnostics& diagnostics) {
  std::vector<Grid> seeds;
  SudokuSolver solver;
  ReaderOptions reader;
  reader.size = 9;
  for_each_record(vm["from"].as<std::vector<std::string>>(), reader, diagnostics,
                  [&](const Record& r, const std::string& source) {
                    const Grid& g = r.grid;
                    std::string error;
                    if (!g.geometry().is_classic()) {
                      error = "not a classic 9x9 puzzle (the search runs on those only)";
                    } else {
                      error = describe_conflict(g, r.style.alphabet);
                    }
                    if (error.empty()) {
                      const std::uint64_t n = solver.count(g, 2);
                      if (n == 0) error = "no solution";
                      if (n > 1) error = "not unique (several solutions): not a seed";
                    }
                    if (error.empty()) {
                      seeds.push_back(g);
                    } else {
                      diagnostics.record_error(source, r.line, error);
                    }
                    return true;
                  });
  return seeds;
}

// The seeds of --from-db: the catalogue's highest rated classic 9x9 puzzles.
std::vector<Grid> catalogue_seeds(const po::variables_map& vm, std::uint64_t count) {
  std::string path = vm["from-db"].as<std::string>();
  if (path.empty()) path = resolve_db(vm);
  db::Catalogue catalogue(path, open_options(vm, true));
  db::QueryFilter filter;
  filter.size = 9;
  filter.variant = "classic";
  filter.min_rating = 0;
  filter.order = db::QueryFilter::Order::kRating;
  std::vector<db::PuzzleRecord> rows = catalogue.query(filter);
  std::vector<Grid> seeds;
  for (auto it = rows.rbegin(); it != rows.rend() && seeds.size() < count; ++it) {
    seeds.push_back(it->givens);
  }
  return seeds;
}

double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

}  // namespace

void add_search_options(po::options_description& options) {
  // clang-format off
  options.add_options()
    ("search", po::value<std::string>()->default_value("auto"),
     "auto, random or neighbourhood: how a --min-rating band or a --level is reached (auto: "
     "neighbourhood search from --min-rating 9 up, else random generation; with "
     "neighbourhood, --level extreme comes faster but in families of similar puzzles)")
    ("from", po::value<std::vector<std::string>>()->multitoken(),
     "neighbourhood search: seed puzzles from these files (classic 9x9, unique)")
    ("from-db", po::value<std::string>()->implicit_value(""),
     "neighbourhood search: seeds from this catalogue's highest rated 9x9 puzzles (alone: "
     "the --db catalogue, $SUDOFORGE_DB or ./sudoforge.db)")
    ("seeds", po::value<std::string>(),
     "neighbourhood search: seeds to generate (default 24, rated 8.0+) or to take from "
     "--from-db (default 500)")
    ("moves", po::value<std::string>()->default_value("-1+1,-2+2"),
     "neighbourhood search: the moves, -n+m (remove n clues, add m), taken in turn")
    ("search-budget", po::value<std::string>(),
     "neighbourhood search: stop after the round that rates this many candidates");
  // clang-format on
}

bool search_engages(const po::variables_map& vm, const GeneratorOptions& gen,
                    const workflow::Target& target) {
  const std::string mode = vm["search"].as<std::string>();
  if (mode != "auto" && mode != "random" && mode != "neighbourhood") {
    throw UsageError("bad --search '" + mode + "': use auto, random or neighbourhood");
  }
  const bool engages =
      mode == "neighbourhood" ||
      (mode == "auto" && target.min_rating && *target.min_rating >= kSearchFromRating);
  if (!engages) {
    for (const char* o : {"from", "from-db", "seeds", "search-budget"}) {
      if (vm.count(o)) {
        throw UsageError(std::string("--") + o +
                         " is for the neighbourhood search (--search neighbourhood, or "
                         "--min-rating 9 and up)");
      }
    }
    return false;
  }
  if (!target.min_rating && !target.level) {
    throw UsageError("--search neighbourhood needs --min-rating or --level");
  }
  if (!gen.geometry.is_classic() || gen.geometry.size() != 9) {
    throw UsageError("the neighbourhood search runs on classic 9x9 boards only");
  }
  if (gen.symmetry != Symmetry::kNone) {
    throw UsageError("the neighbourhood search makes no symmetric puzzles (--symmetry none)");
  }
  if (vm["resume"].as<bool>() || vm["start"].as<std::string>() != "0") {
    throw UsageError("--resume and --start are for random generation, not the search");
  }
  if (vm.count("from") && vm.count("from-db")) {
    throw UsageError("give --from or --from-db, not both");
  }
  return true;
}

int generate_by_search(const po::variables_map& vm, const GeneratorOptions& gen,
                       const workflow::Target& target, std::uint64_t seed, std::uint64_t count,
                       int threads, StopRequest& stop) {
  workflow::HardSearchOptions options;
  options.target = target;
  options.seed = seed;
  options.count = count;
  options.threads = threads;
  options.minimal = gen.minimal;
  try {
    options.moves = workflow::parse_moves(vm["moves"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--moves: ") + e.what());
  }
  if (vm.count("search-budget")) {
    options.max_candidates =
        parse_ranged(vm["search-budget"].as<std::string>(), "search-budget", 1, UINT64_MAX);
  }
  const bool quiet = vm["quiet"].as<bool>();
  const bool to_db = vm.count("db") > 0;
  const bool print = !to_db || vm.count("output");
  const OutputFormat format =
      parse_output_format(vm.count("output") ? vm["output"].as<std::string>() : "line");
  std::optional<std::uint64_t> seed_count;
  if (vm.count("seeds")) {
    seed_count = parse_ranged(vm["seeds"].as<std::string>(), "seeds", 1, 1'000'000);
  }
  std::optional<db::Catalogue> catalogue;
  const std::string db_path = to_db ? resolve_db(vm) : "";
  if (to_db) catalogue.emplace(db_path, open_options(vm, false));

  const auto started = std::chrono::steady_clock::now();
  const double cpu_started = cpu_seconds();
  Diagnostics diagnostics;
  std::vector<Grid> seeds;
  std::string origin;
  if (vm.count("from")) {
    seeds = file_seeds(vm, diagnostics);
    origin = "seeds from --from";
  } else if (vm.count("from-db")) {
    seeds = catalogue_seeds(vm, seed_count.value_or(kDefaultCatalogueSeeds));
    origin = "seeds from the catalogue";
  } else {
    const std::uint64_t n = seed_count.value_or(kDefaultGeneratedSeeds);
    seeds = workflow::generated_seeds(n, workflow::split_seed(seed, 0), kGeneratedSeedFloor,
                                      threads, stop.flag());
    origin = "generated seeds";
  }
  if (stop.interrupted()) {
    std::cerr << "sudoforge generate: interrupted while gathering seeds\n";
    return kInterrupted;
  }
  if (seeds.empty()) {
    std::cerr << "sudoforge generate: no seed puzzle to search from\n";
    return diagnostics.failed_records() > 0 ? kRecordsFailed : kUsage;
  }
  if (!quiet) {
    std::cerr << "sudoforge generate: neighbourhood search from " << seeds.size() << ' '
              << origin << " (moves " << vm["moves"].as<std::string>() << ", results "
              << (options.minimal ? "minimal" : "as the moves leave them, not always minimal")
              << ")\n";
  }

  std::optional<workflow::BatchedStore> store;
  if (catalogue) store.emplace(*catalogue);
  std::ostringstream discard;
  GeneratedPrinter out(print ? static_cast<std::ostream&>(std::cout) : discard, format,
                       default_style(gen.geometry), true);
  std::string run_options = "--search neighbourhood --min-rating " +
                            workflow::exact_text(*target.min_rating);
  if (target.max_rating) run_options += " --max-rating " + workflow::exact_text(*target.max_rating);
  if (target.level) run_options += " --level " + std::string(grader::level_name(*target.level));
  run_options += " --moves " + vm["moves"].as<std::string>();
  if (!options.minimal) run_options += " --no-minimal";

  auto on_result = [&](const workflow::HardResult& r) {
    GeneratedPuzzle p;
    p.puzzle = r.puzzle;
    p.solution = *r.analysis.solution;
    p.seed = seed;
    p.index = r.index;
    p.minimal = r.minimal;
    p.orbit_minimal = r.minimal;
    p.rating = r.analysis.rating.er;
    p.level = std::string(grader::level_name(r.analysis.rating.level));
    if (print) out.puzzle(p);
    if (store) {
      db::PuzzleRecord record = workflow::generated_record(p, r.analysis, run_options);
      record.source = "search";
      record.canonical = r.analysis.canonical;
      record.parent = db::ParentLink{r.parent, canonical_key(r.parent), move_text(r.move)};
      store->add(std::move(record));
    }
  };
  auto last_note = std::chrono::steady_clock::now();
  auto on_round = [&](const workflow::HardSearchTally& t) {
    const auto now = std::chrono::steady_clock::now();
    if (quiet || std::chrono::duration<double>(now - last_note).count() < kNoteSeconds) return;
    last_note = now;
    std::fprintf(stderr,
                 "sudoforge generate: round %llu: %llu found, %llu rated, %llu graded in full, "
                 "best %.1f\n",
                 static_cast<unsigned long long>(t.rounds),
                 static_cast<unsigned long long>(t.results),
                 static_cast<unsigned long long>(t.rated),
                 static_cast<unsigned long long>(t.full), t.best);
  };
  workflow::HardSearchTally tally;
  const workflow::HardSearchEnd end =
      workflow::hard_search(seeds, options, on_result, on_round, tally, stop.flag());
  finish_output(out, store ? &*store : nullptr, db_path, quiet);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const double cpu = cpu_seconds() - cpu_started;
  if (!quiet) {
    std::fprintf(stderr,
                 "sudoforge generate: %s (%s) by neighbourhood search in %.1f s (%.1f s CPU), "
                 "%.0f/hour on %s; %llu rounds, %llu candidates rated, %llu graded in full, "
                 "%llu duplicates; best ER %.1f\n",
                 count_of(tally.results, "puzzle").c_str(), workflow::describe(target).c_str(),
                 seconds, cpu, seconds > 0 ? 3600.0 * tally.results / seconds : 0.0,
                 count_of(static_cast<unsigned>(threads), "thread").c_str(),
                 static_cast<unsigned long long>(tally.rounds),
                 static_cast<unsigned long long>(tally.rated),
                 static_cast<unsigned long long>(tally.full),
                 static_cast<unsigned long long>(tally.duplicates), tally.best);
  }
  if (end == workflow::HardSearchEnd::kStopped && stop.interrupted()) {
    std::cerr << "sudoforge generate: interrupted after " << tally.results << " of " << count
              << " puzzles\n";
    return kInterrupted;
  }
  if (end != workflow::HardSearchEnd::kComplete && !quiet) {
    const char* why = end == workflow::HardSearchEnd::kBudget      ? "search budget spent"
                      : end == workflow::HardSearchEnd::kExhausted ? "no new neighbours left"
                                                                   : "time limit reached";
    std::cerr << "sudoforge generate: " << why << " after " << tally.results << " of " << count
              << " puzzles\n";
  }
  return diagnostics.exit_code();
}

}  // namespace sudoforge::cli
