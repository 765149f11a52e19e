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
#include <cmath>
#include <iostream>
#include <memory>

#include "commands.h"
#include "generate_options.h"
#include "input.h"
#include "printer.h"
#include "progress.h"
#include "query_options.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "sudoforge/workflow/seeds.h"
#include "sudoforge/workflow/testset.h"

namespace sudoforge::cli {
namespace {

constexpr const char* kTestsetUsage =
    "sudoforge testset [PUZZLE_FILE...] [--count N] [--seed S] [--db FILE [FILTERS]] [OPTIONS]";
constexpr const char* kExamples =
    "  sudoforge testset --count 1000 --seed 7 > set.txt     generated: puzzle:count:solution\n"
    "  sudoforge testset --count 100 --unique 0.5 --multiple 0.25 --none 0.25 --output csv\n"
    "  sudoforge testset --db cat.db --count 500 --seed 1 --output json   from the catalogue\n"
    "  sudoforge testset --db cat.db --level hard --count 50 --unique 1 --multiple 0 --none 0\n"
    "  sudoforge testset --size 16 --count 20 --levels easy,medium --threads 2\n"
    "  sudoforge testset --db cat.db --variant jigsaw -o csv    jigsaws of a catalogue\n"
    "  sudoforge testset --variant x --count 50 --seed 3        generated X puzzles\n"
    "  sgt-solo --generate 50 3x3kdi > k.txt; sudoforge testset k.txt --count 40   from files\n"
    "\n"
    "Line format, one puzzle per line: PUZZLE:COUNT:SOLUTION, where COUNT is the number of\n"
    "solutions capped at 2 (0 none, 1 unique, 2 two or more) and SOLUTION is given when\n"
    "COUNT is 1 (empty otherwise); a jigsaw line adds :REGIONS (its map), a killer line\n"
    ":CAGES (MAP;SUMS: README, Killer Sudoku). csv/json add the\n"
    "kind (unique, multiple, none), for unique puzzles the level and SE rating, and the\n"
    "board (variant, regions). --variant V: a generated set of that board (a jigsaw\n"
    "puzzle gets its own layout), or the catalogue's puzzles of that board. Unique puzzles are\n"
    "stratified by level: the same share for each level of --levels (generated; default "
    "easy,medium,hard,expert) or\n"
    "of each level present (catalogue); on boards where minimal puzzles rarely reach a\n"
    "level (12x12 easy, 16x16 below extreme) that level's puzzles keep more clues (see the\n"
    "README, Grading). Puzzles without a solution never repeat a given in\n"
    "a unit. The fractions are normalised to their sum. The same --seed (and options, and\n"
    "catalogue) gives the same set, whatever --threads.\n"
    "PUZZLE_FILE...: the unique puzzles come from these files (any board the readers know,\n"
    "killers included; '-' = stdin), in an order drawn from --seed, ungraded; a puzzle that\n"
    "is not unique is skipped with a FILE:LINE note.\n"
    "Exit codes: 0 done; 1 the catalogue has too few matching puzzles (nothing printed);\n"
    "2 usage error; 3 catalogue error.\n";

double parse_fraction(const po::variables_map& vm, const char* name) {
  const double f = vm[name].as<double>();
  if (!(f >= 0) || f > 1e9) throw UsageError(std::string("--") + name + " must be a fraction >= 0");
  return f;
}

// The levels of --levels (comma-separated, each once, in the order given).
std::vector<grader::Level> parse_levels(const std::string& text) {
  std::vector<grader::Level> levels;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, comma - start);
    const auto level = grader::parse_level(name);
    if (!level) throw UsageError("bad level '" + name + "' in --levels");
    if (std::find(levels.begin(), levels.end(), *level) == levels.end()) levels.push_back(*level);
    start = comma + 1;
  }
  return levels;
}

}  // namespace

int cmd_testset(const Invocation& inv) {
  po::options_description o("testset options");
  add_catalogue_options(o);
  add_filter_options(
      o, FilterOptionSet{.limit = false, .unused = true, .default_order = "id", .variant = true});
  // clang-format off
  o.add_options()
    ("count,n", po::value<long long>()->default_value(100), "puzzles in the set")
    ("unique", po::value<double>()->default_value(0.8, "0.8"), "fraction of puzzles with one solution")
    ("multiple", po::value<double>()->default_value(0.1, "0.1"), "fraction with two or more solutions")
    ("none", po::value<double>()->default_value(0.1, "0.1"), "fraction with no solution")
    ("levels", po::value<std::string>(), "generated: the levels to stratify over, comma-separated "
                                         "(default easy,medium,hard,expert)")
    ("seed", po::value<unsigned long long>(), "seed (default: drawn at random, printed on stderr)")
    ("threads", po::value<int>()->default_value(1), "generating threads, 1 to 256")
    ("output,o", po::value<std::string>()->default_value("line"), "line, csv or json")
    ("quiet,q", po::bool_switch(), "no progress line nor slow-level note on stderr")
    ("files", po::value<std::vector<std::string>>()->multitoken(),
     "files of unique puzzles to build the set from ('-' = stdin)");
  // clang-format on
  add_input_options(o);
  po::variables_map vm;
  if (!parse_options(inv, o, kTestsetUsage, kExamples, vm, "files")) return kOk;

  const long long count = vm["count"].as<long long>();
  if (count < 1 || count > 10'000'000) throw UsageError("--count must be 1 to 10000000");
  const double fu = parse_fraction(vm, "unique"), fm = parse_fraction(vm, "multiple"),
               fn = parse_fraction(vm, "none");
  if (fu + fm + fn <= 0) throw UsageError("the fractions add up to 0");
  const workflow::TestsetCounts counts =
      workflow::split_counts(static_cast<std::size_t>(count), fu, fm, fn);
  const std::size_t n_unique = counts.unique, n_multiple = counts.multiple, n_none = counts.none;
  const OutputFormat format = parse_output_format(vm["output"].as<std::string>(), false);
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 256) throw UsageError("--threads must be 1 to 256");
  std::uint64_t seed = 0;
  if (vm.count("seed")) {
    seed = vm["seed"].as<unsigned long long>();
  } else {
    seed = workflow::draw_seed();
    std::cerr << "sudoforge testset: seed " << seed << std::endl;
  }
  const bool from_db = vm.count("db") > 0;
  db::QueryFilter filter = filter_from(vm);
  if (filter.level && !grader::parse_level(*filter.level)) {
    throw UsageError("bad --level '" + *filter.level + "'");
  }
  if (!from_db &&
      (!filter.techniques.empty() || filter.min_clues || filter.source || filter.unused)) {
    throw UsageError("--technique, --clues, --source and --unused need --db (a catalogue)");
  }
  if (from_db && vm.count("levels"))
    throw UsageError("--levels is for generated sets; use --level with --db");
  const bool from_files = vm.count("files") > 0;
  if (from_files && (from_db || filter.level || vm.count("levels") || filter.symmetry)) {
    throw UsageError(
        "puzzle files give the set's puzzles: no --db, --level, --levels or "
        "--symmetry with them");
  }

  workflow::TestsetRng rng(seed);
  // The unique puzzles chosen, and spare unique puzzles for the multiple/none items.
  workflow::TestBases bases;
  const std::size_t n_bases = n_multiple + n_none;

  Diagnostics diag;  // the puzzle files' bad records: exit 1, the set is still made
  if (from_files) {
    // Every unique puzzle of the files, shuffled; the first n_unique are the set's.
    SudokuSolver checker;
    std::vector<workflow::TestBase> read;
    for_each_record(
        input_files(vm), reader_options_from(vm), diag,
        [&](const Record& rec, const std::string& src) {
          if (find_conflict(rec.grid)) {
            diag.record_error(src, rec.line, describe_conflict(rec.grid, rec.style.alphabet));
            return true;
          }
          std::optional<Grid> solution;
          const auto n = checker.enumerate(
              rec.grid,
              [&](const Grid& s) {
                solution = s;
                return true;
              },
              2);
          if (n != 1) {
            diag.record_error(src, rec.line, n ? "not unique: skipped" : "no solution: skipped");
            return true;
          }
          read.push_back({rec.grid, *solution, "", std::nullopt});
          return true;
        });
    if (diag.exit_code() == kIo) return kIo;
    workflow::shuffle(read, rng);
    const std::size_t needed = std::max<std::size_t>(n_unique, 1);
    if (read.size() < needed) {
      std::cerr << "sudoforge testset: only " << count_of(read.size(), "unique puzzle")
                << " in the files, " << needed << " needed: nothing printed\n";
      return kRecordsFailed;
    }
    bases.chosen.assign(read.begin(), read.begin() + static_cast<std::ptrdiff_t>(n_unique));
    bases.spare.assign(read.begin() + static_cast<std::ptrdiff_t>(n_unique), read.end());
  } else if (from_db) {
    workflow::CatalogueSet set;
    try {
      db::Catalogue cat(resolve_db(vm), open_options(vm, true));
      set = workflow::choose_bases(cat, filter, n_unique, n_bases, rng);
    } catch (const db::CatalogueError& e) {
      std::cerr << "sudoforge testset: " << e.what() << '\n';
      return kIo;
    }
    if (!set.complete) {
      std::cerr << "sudoforge testset: only " << count_of(set.available, "matching puzzle")
                << " with a known solution, " << set.needed << " needed: nothing printed\n";
      return kRecordsFailed;
    }
    bases = std::move(set.bases);
  } else {
    GeneratorOptions gen;
    const Variant variant = generated_board(filter.variant.value_or("classic"),
                                            std::to_string(filter.size.value_or(9)), gen.geometry);
    gen.jigsaw = variant.has(Variant::kJigsaw);
    if (filter.symmetry) {
      gen.symmetry = parse_symmetry(*filter.symmetry);
      bool ok = admits(gen.geometry, gen.symmetry);
      if (gen.jigsaw) {
        try {
          validate(gen);
        } catch (const GeneratorError&) {
          ok = false;
        }
      }
      if (!ok) {
        throw UsageError("--symmetry " + *filter.symmetry +
                         " does not keep the houses of this board");
      }
    }
    workflow::GeneratedSetPlan plan{gen};
    if (filter.level) {
      plan.levels = {*grader::parse_level(*filter.level)};
    } else if (vm.count("levels")) {
      plan.levels = parse_levels(vm["levels"].as<std::string>());
    } else {
      plan.levels = {grader::Level::kEasy, grader::Level::kMedium, grader::Level::kHard,
                     grader::Level::kExpert};
    }
    plan.min_rating = filter.min_rating;
    plan.max_rating = filter.max_rating;
    plan.n_unique = n_unique;
    plan.n_bases = n_bases;
    plan.seed = seed;
    plan.threads = threads;
    const bool quiet = vm["quiet"].as<bool>();
    const bool show = stderr_is_tty() && !quiet;
    Progress progress("testset", show, n_unique + n_bases);
    const int size = gen.geometry.size();
    const std::string board = std::to_string(size) + "x" + std::to_string(size);
    std::unique_ptr<FilterWatch> watch;  // of the level stream running
    workflow::GeneratedSetCallbacks callbacks;
    callbacks.on_level_stream = [&](grader::Level level, std::size_t wanted) {
      watch = std::make_unique<FilterWatch>(
          progress, "testset", "level " + std::string(grader::level_name(level)) + " on " + board,
          wanted, !quiet);
    };
    callbacks.on_level_candidate = [&watch](bool kept) { watch->graded(kept); };
    callbacks.on_candidate = [&progress] { progress.candidate(); };
    callbacks.on_placed = [&progress](std::uint64_t placed) { progress.update(placed); };
    workflow::GeneratedSet set = workflow::generate_bases(plan, callbacks);
    progress.clear();
    for (const auto& s : set.shortfalls) {
      std::cerr << "sudoforge testset: note: only "
                << count_of(s.found, std::string(grader::level_name(s.level)) + " puzzle") << " in "
                << s.seen << " generated; the rest of their share comes from other "
                << "levels\n";
    }
    if (!set.complete) {
      std::cerr << "sudoforge testset: only " << count_of(set.bases.chosen.size(), "unique puzzle")
                << " found, " << n_unique << " needed: nothing printed\n";
      return kRecordsFailed;
    }
    bases = std::move(set.bases);
  }
  const std::vector<workflow::TestBase>& chosen = bases.chosen;
  const std::vector<workflow::TestBase>& spare = bases.spare;

  SudokuSolver solver;
  if (n_bases > 0 && spare.empty() && chosen.empty()) {
    std::cerr << "sudoforge testset: no unique puzzle to derive the others from\n";
    return kRecordsFailed;
  }
  const std::vector<workflow::TestItem> items =
      workflow::make_items(chosen, spare, n_multiple, n_none, solver, rng);

  Printer out(std::cout, format);
  if (format == OutputFormat::kCsv) {
    out.csv_header(with_board_columns({"puzzle", "count", "solution", "kind", "level", "rating"}));
  }
  for (const workflow::TestItem& it : items) {
    const TextStyle style = default_style(it.puzzle.geometry());
    const std::string puzzle = to_line(it.puzzle, style);
    const std::string solution = it.solution ? to_line(*it.solution, style) : "";
    if (format == OutputFormat::kCsv) {
      out.csv_row(with_board_fields(
          {puzzle, std::to_string(it.count), solution, it.kind, it.level, rating_text(it.rating)},
          it.puzzle, style.alphabet));
    } else if (format == OutputFormat::kJson) {
      nlohmann::ordered_json j{{"puzzle", puzzle}, {"count", it.count}};
      j["solution"] =
          it.solution ? nlohmann::ordered_json(solution) : nlohmann::ordered_json(nullptr);
      j["kind"] = it.kind;
      j["level"] =
          it.level.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(it.level);
      j["rating"] = it.rating ? nlohmann::ordered_json(std::round(*it.rating * 10) / 10)
                              : nlohmann::ordered_json(nullptr);
      add_board_fields(j, it.puzzle, style.alphabet);
      out.json(j);
    } else {
      // A jigsaw item needs its region map to be read, a killer its cages: a fourth field.
      const std::string regions = board_fields(it.puzzle, style.alphabet)[1];
      out.line(puzzle + ":" + std::to_string(it.count) + ":" + solution +
               (regions.empty() ? "" : ":" + regions));
    }
  }
  out.finish();
  if (!std::cout) throw IoError("cannot write the output");
  std::cerr << "sudoforge testset: " << count_of(items.size(), "puzzle") << ": " << n_unique
            << " unique, " << n_multiple << " multiple, " << n_none << " none (seed " << seed
            << ")\n";
  return diag.exit_code();
}

}  // namespace sudoforge::cli
