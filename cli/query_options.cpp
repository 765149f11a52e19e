#include "query_options.h"

#include <algorithm>
#include <cstdlib>
#include <tuple>

#include "sudoforge/grader/grader.h"
#include "sudoforge/workflow/filter.h"

namespace sudoforge::cli {

void add_catalogue_options(po::options_description& o) {
  o.add_options()
    ("db", po::value<std::string>()->implicit_value(""),
     "catalogue file (default, and a bare --db: $SUDOFORGE_DB or ./sudoforge.db)")
    ("busy-timeout", po::value<int>()->default_value(5000), "ms to wait for another writer's lock");
}

std::string resolve_db(const po::variables_map& vm) {
  if (vm.count("db") && !vm["db"].as<std::string>().empty()) return vm["db"].as<std::string>();
  if (const char* env = std::getenv("SUDOFORGE_DB"); env && *env) return env;
  return "sudoforge.db";
}

db::OpenOptions open_options(const po::variables_map& vm, bool read_only) {
  db::OpenOptions o;
  o.read_only = read_only;
  o.busy_timeout_ms = vm["busy-timeout"].as<int>();
  // SQLite takes a negative timeout as "never wait": a typo would turn into lock errors.
  if (o.busy_timeout_ms < 0) throw UsageError("--busy-timeout must not be negative");
  return o;
}

void add_filter_options(po::options_description& o, const FilterOptionSet& set) {
  o.add_options()
    ("level", po::value<std::string>(), "easy, medium, hard, expert, diabolical or extreme")
    ("min-rating", po::value<double>(), "lowest SE rating (ER)")
    ("max-rating", po::value<double>(), "highest SE rating (ER)")
    ("technique", po::value<std::vector<std::string>>()->composing(),
     "a technique the solution path needs (repeatable: all required)")
    ("clues", po::value<std::string>(), "clue count A-B, or A")
    ("symmetry", po::value<std::string>(), "none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral")
    ("size", po::value<int>(), "board size N (4, 6, 9, 12, 16, 25)")
    ("source", po::value<std::string>(), "only puzzles from this source (file name or generator)")
    ("order", po::value<std::string>()->default_value(set.default_order), "id, rating, clues or random");
  if (set.unused) o.add_options()("unused", po::bool_switch(), "only puzzles in no book");
  if (set.limit) o.add_options()("limit", po::value<long long>(), "at most this many puzzles");
  if (set.variant) {
    o.add_options()("variant", po::value<std::string>(),
                    "only puzzles of this board: classic, or x, windoku, dg, asterisk, "
                    "centre-dot, girandola, jigsaw joined with '+' (any order)");
  }
  if (set.seed) {
    o.add_options()("seed", po::value<unsigned long long>(),
                    "seed of --order random: the same seed draws the same puzzles again");
  }
}

namespace {

grader::Level level_of(const std::string& text) {
  try {
    return workflow::parse_level("--level", text);
  } catch (const workflow::FilterError& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

std::string parse_level_option(const std::string& text) {
  return std::string(grader::level_name(level_of(text)));
}

std::vector<std::string> techniques_from(const po::variables_map& vm) {
  std::vector<std::string> out;
  if (!vm.count("technique")) return out;
  try {
    for (const std::string& name : vm["technique"].as<std::vector<std::string>>()) {
      std::string canonical = workflow::technique_filter("--technique", name);
      if (std::find(out.begin(), out.end(), canonical) == out.end()) {
        out.push_back(std::move(canonical));
      }
    }
  } catch (const workflow::FilterError& e) {
    throw UsageError(e.what());
  }
  return out;
}

db::QueryFilter filter_from(const po::variables_map& vm) {
  db::QueryFilter f;
  // The values are checked where `serve` checks them too (workflow/filter.h); a bad one
  // is a usage error here.
  try {
    if (vm.count("level")) {
      f.level = workflow::level_filter("--level", vm["level"].as<std::string>());
    }
    if (vm.count("min-rating")) f.min_rating = vm["min-rating"].as<double>();
    if (vm.count("max-rating")) f.max_rating = vm["max-rating"].as<double>();
    if (vm.count("technique")) f.techniques = techniques_from(vm);
    if (vm.count("clues")) {
      std::tie(f.min_clues, f.max_clues) =
          workflow::clues_filter("--clues", vm["clues"].as<std::string>());
    }
    if (vm.count("symmetry")) {
      f.symmetry = workflow::symmetry_filter("--symmetry", vm["symmetry"].as<std::string>());
    }
    if (vm.count("size")) f.size = workflow::size_filter("--size", vm["size"].as<int>());
    if (vm.count("unused")) f.unused = vm["unused"].as<bool>();
    if (vm.count("source")) f.source = vm["source"].as<std::string>();
    if (vm.count("variant")) {
      f.variant = workflow::variant_filter("--variant", vm["variant"].as<std::string>());
    }
    f.order = workflow::order_filter("--order", vm["order"].as<std::string>());
  } catch (const workflow::FilterError& e) {
    throw UsageError(e.what());
  }
  if (vm.count("seed")) f.seed = vm["seed"].as<unsigned long long>();
  if (vm.count("limit")) {
    f.limit = vm["limit"].as<long long>();
    if (*f.limit < 0) throw UsageError("--limit must not be negative");
  }
  return f;
}

workflow::Target target_from(const po::variables_map& vm) {
  workflow::Target target;
  if (vm.count("level")) target.level = level_of(vm["level"].as<std::string>());
  if (vm.count("min-rating")) target.min_rating = vm["min-rating"].as<double>();
  if (vm.count("max-rating")) target.max_rating = vm["max-rating"].as<double>();
  if (const auto problem = workflow::find_problem(target)) {
    switch (*problem) {
      case workflow::TargetProblem::kBandInverted:
        throw UsageError("--min-rating is above --max-rating");
      case workflow::TargetProblem::kBelowEasiest:
        throw UsageError("--max-rating below 1.0: every puzzle is rated 1.0 or more");
      case workflow::TargetProblem::kLevelOutsideBand:
        throw UsageError("--level " + std::string(grader::level_name(*target.level)) +
                         " and the --min/--max-rating band have no rating in common");
    }
  }
  return target;
}

}  // namespace sudoforge::cli
