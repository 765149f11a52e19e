#pragma once
// The parts of `sudoforge testset` that make its items (see cmd_testset.cpp for what a
// test set holds): seeded shuffling, the derived multiple/none puzzles, the level quotas,
// and the unique puzzles of a generated set.
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::cli {

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

// Clues removed in a random order until the count reaches 2.
Grid make_multiple(const TestBase& b, SudokuSolver& solver, TestsetRng& rng);
// A puzzle with no solution and no repeated given in a unit.
Grid make_none(const TestBase& b, SudokuSolver& solver, TestsetRng& rng);

// The items of a set: `chosen` as the unique ones, then n_multiple and n_none derived
// from bases (the spares first, then the chosen), shuffled; every stated answer is then
// checked once more by the solver, independently of how it was made (a failed check is a
// bug: std::logic_error). `spare` or `chosen` must not be empty when items are derived.
std::vector<TestItem> make_items(const std::vector<TestBase>& chosen,
                                 const std::vector<TestBase>& spare, std::size_t n_multiple,
                                 std::size_t n_none, SudokuSolver& solver, TestsetRng& rng);

// The level names of --levels (comma-separated, each once, in the order given); throws
// UsageError for an unknown one.
std::vector<std::string> parse_levels(const std::string& text);

// Shares of `total` for buckets with `available` puzzles each: equal shares, the
// remainder to the first buckets, shortfalls handed on to buckets with spare puzzles.
std::vector<std::size_t> quotas(std::size_t total, const std::vector<std::size_t>& available);

// What a generated set asks of the generator.
struct GeneratedSetPlan {
  GeneratorOptions generator;
  std::vector<std::string> levels;  // the strata, in order
  double min_rating = -1e300, max_rating = 1e300;
  std::size_t n_unique = 0;  // unique items, shared out over `levels`
  std::size_t n_bases = 0;   // spare unique puzzles for the multiple/none items
  std::uint64_t seed = 0;
  int threads = 1;
  bool progress = false;  // the shared progress line on stderr
};

// Generates (and grades) puzzles until every level has its share and there are
// `n_bases` spares, or a bounded number of tries ran out; a level that runs short is
// noted on stderr and its share filled from the spares. Returns false (after saying so
// on stderr) when fewer than n_unique unique puzzles were found.
bool generate_bases(const GeneratedSetPlan& plan, std::vector<TestBase>& chosen,
                    std::vector<TestBase>& spare);

}  // namespace sudoforge::cli
