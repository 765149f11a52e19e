// sudoforge generate: unique puzzles, minimal by default, symmetric on request,
// reproducible from --seed whatever --threads.
#include <chrono>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.h"
#include "generate_options.h"
#include "generate_search.h"
#include "generate_output.h"
#include "pattern_option.h"
#include "progress.h"
#include "query_options.h"
#include "stop_request.h"
#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/workflow/generate.h"
#include "sudoforge/workflow/seeds.h"
#include "sudoforge/workflow/store.h"
#include "sudoforge/workflow/targeted.h"

namespace sudoforge::cli {
namespace {

constexpr const char* kGenerateUsage = "sudoforge generate [OPTIONS]";
constexpr const char* kExamples =
    "  sudoforge generate                              one minimal 9x9 puzzle (seed on stderr)\n"
    "  sudoforge generate --count 100 --seed 42        the same 100 puzzles every time\n"
    "  sudoforge generate -n 1000 --seed 42 --threads 2  the same 1000, on two cores\n"
    "  sudoforge generate --seed 42 --start 57 -n 1    puzzle #57 of seed 42 alone\n"
    "  sudoforge generate --symmetry rot180 -o grid    a classic symmetric puzzle\n"
    "  sudoforge generate --size 2x3 --symmetry mirror 6x6 boards (2x3 boxes)\n"
    "  sudoforge generate --size 16 -n 5 -o csv        16x16 (A-P), CSV with solutions\n"
    "  sudoforge generate --variant jigsaw --size 7 --symmetry rot180 -n 3\n"
    "                                                  7x7 jigsaw, symmetric regions and givens\n"
    "  sudoforge generate --variant killer -n 5 --seed 1  9x9 killers, no givens\n"
    "  sudoforge generate --variant killer+x --size 2x3 --cage-sizes 2-4 --symmetry rot180\n"
    "                                                  6x6 Killer X, symmetric cages\n"
    "  sudoforge generate --variant killer --givens 6 -n 5  9x9 killers with 6 digits given\n"
    "  sudoforge generate --no-minimal --min-clues 36  easier puzzles: stop at 36 clues\n"
    "  sudoforge generate -n 1000000 --time-limit 60   as many as one minute allows\n"
    "  sudoforge generate --level hard -n 10           graded puzzles of one level\n"
    "  sudoforge generate --size 16 --level easy -n 5  16x16 easy: 124 clues, not minimal\n"
    "  sudoforge generate --min-rating 4 --max-rating 6 -o json\n"
    "  sudoforge generate --technique x-wing -n 20 --seed 1   20 puzzles that need an X-Wing\n"
    "  sudoforge generate --technique 'naked pair' --technique swordfish -n 5   both\n"
    "  sudoforge generate --technique xy-wing --technique-hardest -n 5  XY-Wing sets ER (4.2)\n"
    "  sudoforge generate --pattern 'x.x.x.x.x...' -n 3   givens exactly on an 81-cell mask\n"
    "  sudoforge generate --pattern pattern.txt --level hard -n 5   mask from a file\n"
    "  sudoforge generate --min-rating 10 -n 5 --from top1465.txt --threads 2\n"
    "                                                  SE 10+ puzzles by neighbourhood search\n"
    "  sudoforge generate --db shard-1.db --resume --seed 42 --start 2500 -n 2500\n"
    "                                                  shard 1 of a sharded run, resumable\n"
    "\n"
    "Every puzzle has exactly one solution. 'minimal': no clue can be removed without\n"
    "losing uniqueness. With a symmetry whole orbits (the cells the symmetry maps onto each\n"
    "other) are removed, so the puzzle is orbit-minimal; the csv/json field 'minimal' says\n"
    "whether it is also minimal clue by clue. Puzzle i of seed S depends only on (S, i) and\n"
    "the options: the output is byte-identical for any --threads.\n"
    "Symmetries: none, rot180 (half turn), rot90 (quarter turns), mirror (left-right),\n"
    "flip (top-bottom), diagonal (r1c1-rNcN), antidiagonal, dihedral (all eight), random\n"
    "(one of the symmetric ones, drawn per puzzle). Boxes that are not square (2x3, 3x4)\n"
    "admit only none, rot180, mirror and flip.\n"
    "Jigsaw: each puzzle gets its own layout of N connected regions of N cells (line: givens,\n"
    "a space, the region map; grid: N more rows; csv/json: the 'regions' column). With a\n"
    "symmetry the layout has it too: none, rot180 on every size; mirror, flip when N is not\n"
    "prime; diagonal, antidiagonal, rot90 on 9x9 and 16x16; dihedral on 16x16.\n"
    "Killer (killer, killer+x; 4x4, 6x6, 9x9): a grid is cut into cages of --cage-sizes cells\n"
    "(default 2-5; connected, no symbol twice), merged while the puzzle keeps one solution;\n"
    "no givens unless --givens N asks for some. --level easy and medium cut the puzzle to\n"
    "that level (each merge must leave it solvable by that level's techniques); for hard\n"
    "and up a cut rated too hard steps back along its last merges to one in the band.\n"
    "With --symmetry the cage layout has it (cages below MIN reshaped orbit-wise too).\n"
    "Line output is the killer token (README: Killer Sudoku); csv/json add variant and\n"
    "cages. --level and --min/--max-rating use\n"
    "the killer ladder's ratings (README: Killer Sudoku, Grading), e.g.\n"
    "  sudoforge generate --variant killer --level hard -n 10 --seed 1\n"
    "Cost, one core: thousands of minimal 9x9 puzzles a second, hundreds at 12x12, about\n"
    "ten at 16x16, 30 s to a few minutes per 25x25 puzzle. On 16x16 and 25x25 each\n"
    "uniqueness check has a node budget (--check-nodes; unbounded on 16x16, 50000000 on\n"
    "25x25): a clue whose check runs out stays, so the puzzle is still unique but then\n"
    "not proven minimal ('minimal' false, and a note on stderr). With the 25x25 default\n"
    "the checks of one grid also share 300000000 nodes (about 90 s), and a grid that runs\n"
    "out is replaced by a new one, at most four times (the fifth is kept as it is). A smaller\n"
    "budget is faster (25x25 with 100000: ~5 s, usually not proven minimal);\n"
    "--check-nodes 0 settles every check, however long it takes.\n"
    "Output columns (csv, json): puzzle, solution, clues, symmetry, seed, index, minimal"
    ",\nand rating, level when --level or --min/--max-rating grade the puzzles"
    ".\n"
    "With --level or --min/--max-rating, a candidate is rejected as soon as its grading shows\n"
    "it above the band (the harder techniques are not searched), and the run ends with a\n"
    "line on stderr: puzzles/s and how many candidates were graded (not with --quiet).\n"
    "With --db every puzzle is stored with its index and the options that determine it, and\n"
    "--resume (needs --db and --seed) generates only the indices of --start..--start+count-1\n"
    "that the catalogue does not hold for this seed and these options (--size, --symmetry,\n"
    "--no-minimal/--min-clues, --level, --min/--max-rating, --check-nodes): a run killed at\n"
    "any point and resumed stores the same puzzles as one uninterrupted run. stdout then gets\n"
    "only the puzzles generated now. Shards: --start k*N -n N for k = 0..K-1 are together the\n"
    "run -n K*N; `sudoforge db merge` folds their catalogues (README: Many machines).\n"
    "Levels mean the same techniques on every board; a level that minimal puzzles of the\n"
    "size rarely reach (12x12 easy; 16x16 and 25x25 below extreme) comes from puzzles that\n"
    "keep more clues (not minimal; see the README, Grading). A level or band that is slow\n"
    "to come is said on stderr after 200 candidates or 10 s, with an estimate.\n"
    "--technique NAME (repeatable, any case, the names 'grade' prints; unknown: exit 2 with\n"
    "the list) keeps puzzles whose solution path uses every named technique; with\n"
    "--technique-hardest the step that sets ER is one of them too. Such runs go by chunks of\n"
    "16 puzzles: a chunk's first puzzle is a fresh minimal one that has the technique, the\n"
    "others come from its neighbourhood (one clue added, then reduced to a minimal puzzle\n"
    "again), so they are canonically distinct relatives of it. Without a level or band the\n"
    "grading stops once the techniques are all used, and the rating column appears only\n"
    "with --technique-hardest, a level or band, or --db (then graded in full).\n"
    "--pattern FILE|TEXT: every puzzle has its givens exactly on the mask (N*N cells, one\n"
    "line or N rows; x X * or a digit: given; . 0 - _: empty; a puzzle's givens are its\n"
    "pattern), is unique, and is minimal (no given can go) unless 16 unique candidates in a\n"
    "row were not, then 'minimal' is false. --symmetry and --no-minimal do not apply. When\n"
    "--attempts grids (default 50) give no puzzle, the run ends with exit 1.\n"
    "Neighbourhood search (--search neighbourhood, and by default from --min-rating 9 up,\n"
    "which random puzzles almost never reach; classic 9x9, no symmetry): from seed puzzles\n"
    "(generated ones rated 8.0+, --from FILE, or --from-db), moves -n+m remove n clues and\n"
    "add m; the best candidates (by rating, less so each time they were expanded) are\n"
    "expanded in rounds. Each candidate is unique and new (by canonical form), made minimal\n"
    "unless --no-minimal (then 'minimal' says whether it is), rated cheaply first and in\n"
    "full when it may be in the band. With --db each puzzle is stored with its parent.\n"
    "Results depend only on the seed, the seed puzzles and the options, for any --threads\n"
    "(--time-limit only cuts the list short). A bad --from record is reported FILE:LINE\n"
    "and skipped (exit 1 at the end). Cost: seconds per SE 10+ candidate.\n"
    "Exit codes: 0 done (also when --time-limit ended the run early), 1 no puzzle on the\n"
    "--pattern within --attempts, or a bad --from record, 2 usage error, 130 interrupted\n"
    "(Ctrl-C / SIGTERM: every puzzle printed is complete).\n";

constexpr std::uint64_t kMaxCount = 1'000'000'000;

}  // namespace

int cmd_generate(const Invocation& inv) {
  po::options_description options("generate options");
  options.add_options()
    ("count,n", po::value<std::string>()->default_value("1"),
     "number of puzzles, 1 to 1000000000")
    ("size", po::value<std::string>()->default_value("9"),
     "board: 9 (3x3 boxes), or RxC boxes: 2x2, 2x3, 3x3, 3x4, 4x4, 5x5 (or 4, 6, 12, 16, 25); "
     "jigsaw: any N from 4 to 16")
    ("variant", po::value<std::string>()->default_value("classic"),
     "extra houses: classic, or x, windoku, dg, asterisk, centre-dot, girandola, jigsaw joined "
     "with '+' (x and jigsaw on every size, the others on 9x9); killer or killer+x on 4x4, "
     "6x6 and 9x9")
    ("symmetry", po::value<std::string>()->default_value("none"),
     "pattern of givens: none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral "
     "or random")
    ("cage-sizes", po::value<std::string>(),
     "killer: cells per cage, MIN-MAX (or one size), 1 to N (default 2-5: no single-cell "
     "cages)")
    ("givens", po::value<std::string>(),
     "killer: give about this many digits (default 0; whole orbits of --symmetry, drawn "
     "before the cut, so the cages come out fewer and larger)")
    ("no-minimal", po::bool_switch(),
     "stop removing clues at --min-clues (easier puzzles; usually not minimal)")
    ("min-clues", po::value<std::string>(),
     "with --no-minimal: keep at least this many clues (default 4/9 of the cells: 36 on 9x9)")
    ("level", po::value<std::string>(),
     "keep only puzzles of this level: easy, medium, hard, expert, diabolical, extreme "
     "(graded on the Sudoku Explainer scale; rare levels take longer)")
    ("technique", po::value<std::vector<std::string>>()->composing(),
     "keep only puzzles whose solution path uses this technique (repeatable: all required; "
     "any case, e.g. x-wing, 'naked pair', y-wing)")
    ("technique-hardest", po::bool_switch(),
     "with --technique: the hardest step (the one that sets ER) is one of the techniques")
    ("pattern", po::value<std::string>(),
     "FILE or TEXT: the N*N mask of given positions (x given, . empty; or a puzzle)")
    ("attempts", po::value<std::string>(),
     "with --pattern: full grids tried per puzzle before giving up (default 50; exit 1)")
    ("min-rating", po::value<double>(), "keep only puzzles rated at least this (SE scale)")
    ("max-rating", po::value<double>(), "keep only puzzles rated at most this (SE scale)")
    ("seed", po::value<std::string>(),
     "run seed, 0 to 2^64-1 (default: drawn at random and printed on stderr, even with --quiet)")
    ("start", po::value<std::string>()->default_value("0"),
     "index of the first puzzle (puzzle i of a seed is always the same puzzle)")
    ("threads", po::value<std::string>()->default_value("1"), "worker threads, 1 to 256")
    ("check-nodes", po::value<std::string>(),
     "16x16 and 25x25: node budget of one uniqueness check, 0 = unbounded (default: "
     "unbounded on 16x16, 50000000 on 25x25)")
    ("time-limit", po::value<double>(),
     "stop after this many seconds, keeping the puzzles finished so far (exit 0)")
    ("output,o", po::value<std::string>(), "line, grid, csv or json (default line)")
    ("quiet,q", po::bool_switch(), "no progress line and no end-of-run notes on stderr")
    ("db", po::value<std::string>()->implicit_value(""),
     "grade every puzzle and store it in this catalogue (--db alone: $SUDOFORGE_DB, else "
     "./sudoforge.db), committing in batches; stdout then stays empty unless --output is given")
    ("resume", po::bool_switch(),
     "with --db and --seed: generate only the puzzles of this run (--seed, --start, --count, "
     "same options) that the catalogue does not hold yet")
    ("busy-timeout", po::value<int>()->default_value(5000), "ms to wait for another writer's lock");
  add_search_options(options);
  po::variables_map vm;
  if (!parse_options(inv, options, kGenerateUsage, kExamples, vm)) return kOk;

  Variant variant;
  const GeneratorOptions gen = generator_options_from(vm, variant);
  const Geometry& g = gen.geometry;

  BatchOptions batch;
  batch.count = parse_ranged(vm["count"].as<std::string>(), "count", 1, kMaxCount);
  batch.first_index = parse_u64(vm["start"].as<std::string>(), "start");
  if (batch.first_index > UINT64_MAX - batch.count) {
    throw UsageError("--start + --count is beyond the last index");
  }
  batch.threads = static_cast<int>(parse_ranged(vm["threads"].as<std::string>(), "threads", 1, 256));
  const bool quiet = vm["quiet"].as<bool>();
  const std::optional<double> time_limit = time_limit_from(vm, 1e9);
  // Raised by SIGINT/SIGTERM or the time limit; the batch, its uniqueness searches and the
  // graders of the candidates all poll it.
  StopRequest stop(time_limit);
  const bool to_db = vm.count("db") > 0;
  const bool resume = vm["resume"].as<bool>();
  if (resume && !to_db) {
    throw UsageError("--resume needs --db: it continues a run stored in a catalogue");
  }
  if (resume && !vm.count("seed")) {
    throw UsageError("--resume needs the --seed of the run to continue");
  }
  const bool print = !to_db || vm.count("output");
  const OutputFormat format =
      parse_output_format(vm.count("output") ? vm["output"].as<std::string>() : "line");

  workflow::GenerateRequest request;
  request.generator = gen;
  request.keep_analyses = to_db;
  request.target = target_from(vm);
  request.target.techniques = techniques_from(vm);
  request.target.technique_hardest = vm["technique-hardest"].as<bool>();
  if (request.target.technique_hardest && request.target.techniques.empty()) {
    throw UsageError("--technique-hardest needs --technique");
  }
  if (vm.count("attempts") && !vm.count("pattern")) {
    throw UsageError("--attempts needs --pattern");
  }
  if (vm.count("pattern")) {
    if (gen.jigsaw) throw UsageError("--pattern does not apply to jigsaw boards");
    if (gen.symmetry != Symmetry::kNone) {
      throw UsageError("--pattern fixes the givens: --symmetry does not apply");
    }
    if (!gen.minimal) throw UsageError("--pattern fixes the givens: --no-minimal does not apply");
    request.pattern = parse_pattern(vm["pattern"].as<std::string>(), g);
    request.pattern_attempts =
        vm.count("attempts")
            ? parse_ranged(vm["attempts"].as<std::string>(), "attempts", 1, kMaxCount)
            : workflow::kDefaultPatternAttempts;
  }
  const workflow::Target& target = request.target;
  const workflow::GeneratePlan plan = workflow::plan_generation(request);
  const bool filtered = target.filters();
  const std::string band = workflow::describe(target);  // the filter in words
  const std::string board = std::to_string(g.size()) + "x" + std::to_string(g.size());

  if (vm.count("seed")) {
    batch.seed = parse_u64(vm["seed"].as<std::string>(), "seed");
  } else {
    batch.seed = workflow::draw_seed();
    std::cerr << "sudoforge generate: seed " << batch.seed << std::endl;
  }

  if (search_engages(vm, gen, target)) {
    return generate_by_search(vm, gen, target, batch.seed, batch.count, batch.threads, stop);
  }

  // The catalogue is opened before any work, so an unusable file fails fast (exit 3).
  std::optional<db::Catalogue> catalogue;
  const std::string db_path = to_db ? resolve_db(vm) : "";
  if (to_db) catalogue.emplace(db_path, open_options(vm, false));
  std::optional<workflow::BatchedStore> store;
  if (catalogue) store.emplace(*catalogue);

  std::ostringstream discard;
  GeneratedPrinter out(print ? static_cast<std::ostream&>(std::cout) : discard, format,
                       default_style(g), plan.rated);

  const workflow::RunRanges run =
      workflow::ranges_to_generate(plan, batch, resume ? &*catalogue : nullptr);
  const std::uint64_t todo = run.todo;
  if (resume && !quiet) {
    std::cerr << "sudoforge generate: " << db_path << " holds " << run.held << " of the "
              << batch.count << " puzzles of this run; generating the other " << todo << '\n';
  }

  Progress progress("generate", !quiet && stderr_is_tty(), todo);
  if (plan.level_floor > 0 && !quiet) {
    std::cerr << "sudoforge generate: level " << grader::level_name(*target.level) << " on "
              << board << ": puzzles keep " << plan.level_floor
              << " clues (not minimal: minimal ones rarely reach it; --no-minimal "
                 "--min-clues sets another floor)\n";
  }
  // Counts the graded candidates for the progress line and the early word on a slow band.
  std::unique_ptr<FilterWatch> watch;
  if (filtered) {
    watch = std::make_unique<FilterWatch>(progress, "generate", band + " on " + board, todo,
                                          !quiet);
  }
  const auto started = std::chrono::steady_clock::now();
  GenerateTally tally{.threads = batch.threads};
  auto emit = [&](const GeneratedPuzzle& p, workflow::PuzzleAnalysis* analysis) {
    if (p.undecided_clues > 0) ++tally.unproven;
    tally.candidates += p.attempts;
    if (store) store->add(workflow::generated_record(p, *analysis, plan.run_options));
    if (print) out.puzzle(p);
    progress.update(++tally.delivered);
  };

  BatchResult result;
  try {
    workflow::GenerateCallbacks callbacks;
    callbacks.on_candidate = [&watch](bool kept) { watch->graded(kept); };
    callbacks.on_puzzle = emit;
    result = workflow::generate(plan, batch, run.ranges, callbacks, stop.flag());
  } catch (const GeneratorError& e) {
    progress.clear();
    out.finish();
    throw UsageError(e.what());
  } catch (const workflow::NoPatternPuzzle& e) {
    progress.clear();
    out.finish();
    if (store) store->commit();
    std::cerr << "sudoforge generate: " << e.what() << "; " << tally.delivered
              << " puzzles before it\n";
    return kRecordsFailed;
  }
  progress.clear();
  finish_output(out, store ? &*store : nullptr, db_path, quiet);

  tally.delivered = result.delivered;
  tally.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return end_generate(tally, band, result.end, todo, stop.interrupted(), quiet);
}

}  // namespace sudoforge::cli
