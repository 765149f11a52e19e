#pragma once
// Test sets for solver authors: unique puzzles stratified by level (generated, or chosen
// from a catalogue), puzzles with several solutions and with none derived from them, and
// every stated answer checked again by the solver.
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::workflow {

using TestsetRng = boost::random::mt19937_64;

inline std::size_t draw(TestsetRng& rng, std::size_t n) {  // uniform in [0, n)
  return boost::random::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
}
template <class T>
void shuffle(std::vector<T>& v, TestsetRng& rng) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[draw(rng, i)]);
}

struct TestBase {  // a unique puzzle with its solution
  Grid puzzle;
  Grid solution;
  std::string level;
  std::optional<double> rating;
};

struct TestItem {
  Grid puzzle;
  int count = 0;  // solutions, capped at 2
  std::optional<Grid> solution;
  std::string kind;  // unique, multiple or none
  std::string level;
  std::optional<double> rating;
};

// How many items of each kind a set of `total` holds for the given fractions (normalised
// to their sum, which must be positive).
struct TestsetCounts {
  std::size_t unique = 0, multiple = 0, none = 0;
};
TestsetCounts split_counts(std::size_t total, double unique, double multiple, double none);

// Clues removed in a random order until the count reaches 2; a killer puzzle still unique
// without its givens then merges neighbouring cages (sums added) until it is not.
Grid make_multiple(const TestBase& b, SudokuSolver& solver, TestsetRng& rng);
// A puzzle with no solution and no repeated given in a unit (nor, on a killer board, a
// given its cage cannot hold: the reader refuses those).
Grid make_none(const TestBase& b, SudokuSolver& solver, TestsetRng& rng);

// The items of a set: `chosen` as the unique ones, then n_multiple and n_none derived
// from bases (the spares first, then the chosen), shuffled; every stated answer is then
// checked once more by the solver, independently of how it was made (a failed check is a
// bug: std::logic_error). `spare` or `chosen` must not be empty when items are derived.
std::vector<TestItem> make_items(const std::vector<TestBase>& chosen,
                                 const std::vector<TestBase>& spare, std::size_t n_multiple,
                                 std::size_t n_none, SudokuSolver& solver, TestsetRng& rng);

// Shares of `total` for buckets with `available` puzzles each: equal shares, the
// remainder to the first buckets, shortfalls handed on to buckets with spare puzzles.
std::vector<std::size_t> quotas(std::size_t total, const std::vector<std::size_t>& available);

// The unique puzzles of a set and the spares to derive the other kinds from.
struct TestBases {
  std::vector<TestBase> chosen;  // the unique items
  std::vector<TestBase> spare;   // bases for the multiple/none items
};

// The unique puzzles of a catalogue set: the catalogue's puzzles with a known solution
// matching `filter`, stratified by level (levels in the usual order, ungraded last, each
// bucket shuffled by `rng`), equal shares per level and shortfalls handed on; the rest,
// shuffled, are the spares. Throws db::CatalogueError.
struct CatalogueSet {
  TestBases bases;
  std::size_t available = 0;  // matching puzzles with a known solution
  std::size_t needed = 0;     // n_unique, or 1 when only derived items are asked for
  bool complete = false;      // available >= needed > 0; else bases is empty
};
CatalogueSet choose_bases(db::Catalogue& catalogue, const db::QueryFilter& filter,
                          std::size_t n_unique, std::size_t n_bases, TestsetRng& rng);

// What a generated set asks of the generator.
struct GeneratedSetPlan {
  GeneratorOptions generator;
  std::vector<grader::Level> levels;  // the strata, in order
  std::optional<double> min_rating, max_rating;
  std::size_t n_unique = 0;  // unique items, shared out over `levels`
  std::size_t n_bases = 0;   // spare unique puzzles for the multiple/none items
  std::uint64_t seed = 0;
  int threads = 1;
};

// What generate_bases reports as it goes; every member may be empty.
struct GeneratedSetCallbacks {
  // A level that minimal puzzles of this size rarely reach gets a stream of fuller
  // puzzles of its own: called as it starts, with the puzzles wanted from it.
  std::function<void(grader::Level level, std::size_t wanted)> on_level_stream;
  // A candidate of that stream graded, kept or not (any thread).
  std::function<void(bool kept)> on_level_candidate;
  // A candidate of the minimal stream graded (any thread).
  std::function<void()> on_candidate;
  // Places filled so far, of n_unique + n_bases (calling thread).
  std::function<void(std::uint64_t placed)> on_placed;
};

struct GeneratedSet {
  TestBases bases;
  // Levels that got fewer puzzles than their share, with the candidates seen for them;
  // their share was filled from other levels.
  struct Shortfall {
    grader::Level level;
    std::size_t found = 0;
    std::uint64_t seen = 0;
  };
  std::vector<Shortfall> shortfalls;
  // False when fewer than n_unique unique puzzles were found (bases.chosen holds them).
  bool complete = false;
};

// Generates (and grades) puzzles until every level has its share and there are
// `n_bases` spares, or a bounded number of tries ran out.
GeneratedSet generate_bases(const GeneratedSetPlan& plan,
                            const GeneratedSetCallbacks& callbacks = {});

}  // namespace sudoforge::workflow
