#pragma once
// Internal: the instruction set of the classic 9x9 count. SudokuSolver::count,
// has_other_solution, solve and enumerate on a classic 9x9 board (no extra houses) run one of
// two builds of the same band engine code (solver/src/band_rules.h): the portable one, and on
// x86-64 CPUs with AVX2, BMI1/2, POPCNT, LZCNT, FMA and a fast PEXT one compiled for them
// (x86-64-v3). Both give the same count, solutions in the same order, nodes and guesses;
// only the speed differs. The choice is made once per process: the
// environment variable SUDOFORGE_ISA=portable forces the portable build (any other value, or none,
// takes the best the CPU runs). For the tests and benchmarks.
#include <cstdint>
#include <span>

#include "sudoforge/solver/search_limits.h"
#include "sudoforge/solver/search_stats.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::detail {

enum class CountIsa : std::uint8_t { kPortable, kX86_64_V3 };

// Whether this build and this CPU can run `isa` (kPortable always). kX86_64_V3 also needs
// a fast PEXT (pext_is_microcoded).
bool count_isa_available(CountIsa isa);

// Whether PEXT, which the x86-64-v3 build uses on its hot path, is microcoded (tens to
// hundreds of cycles) on a CPU of this vendor and family (CPUID's family with its extended
// bits): on AMD and Hygon before Zen 3 (families 15h to 18h). Such CPUs get the portable
// build.
bool pext_is_microcoded(bool amd_or_hygon, unsigned family);

// The choice for an SUDOFORGE_ISA value (null when unset): kPortable for "portable", else
// the best available.
CountIsa choose_count_isa(const char* env_value);

// The build SudokuSolver::count uses: choose_count_isa(getenv("SUDOFORGE_ISA")), read on
// the first call.
CountIsa count_isa_in_use();

// The classic 9x9 count on `isa`'s build (which must be available): min(#solutions, limit)
// of the 81 givens (0 empty, 1..9) with the `forbidden` candidates removed (cells of
// 0..80; a forbidden given is the caller's to reject), their nodes and guesses added to
// *stats when set. On givens that clash it sets *conflict and returns 0. Throws
// SearchAborted as SudokuSolver::count does when a limit is hit.
std::uint64_t band_count(CountIsa isa, const std::uint8_t* givens, std::uint64_t limit,
                         SearchStats* stats, const SearchLimits& limits, bool* conflict,
                         std::span<const Candidate> forbidden = {});

// Where band_enumerate (and every engine, as engines.h's SolutionSink) sends each solution:
// its cells, one symbol each; false stops the search. Empty: no solution wanted.
struct BandSink {
  bool (*fn)(void* ctx, const std::uint8_t* cells) = nullptr;
  void* ctx = nullptr;
  explicit operator bool() const { return fn != nullptr; }
  bool operator()(const std::uint8_t* cells) const { return fn(ctx, cells); }
};

// SudokuSolver::solve and enumerate on a classic 9x9 board (no extra houses) on `isa`'s
// build: the solutions of the givens without the `forbidden` candidates, in the search's
// order, each passed to `sink` until it returns false (that solution still counts) or
// `limit` were found; returns how many. Both builds visit the same solutions in the same
// order, with the same nodes and guesses. Clashing givens: *conflict set, 0 returned.
// Throws SearchAborted as band_count does.
std::uint64_t band_enumerate(CountIsa isa, const std::uint8_t* givens, std::uint64_t limit,
                             BandSink sink, SearchStats* stats, const SearchLimits& limits,
                             bool* conflict, std::span<const Candidate> forbidden = {});

// has_other_solution's question on a classic 9x9 puzzle, started from a propagated base
// instead of from the givens. The base is the propagated state of a subset of the givens
// (band_base); a check whose givens hold the base's places the others on that state,
// removes the forbidden candidate and searches on. The fixpoint of fewer givens keeps every
// solution of more, so the answer is exact; only nodes and guesses may differ from
// band_count's. For a caller asking many such questions of puzzles that differ in a few
// cells (the generator's removal checks), where the propagation from the givens is most of
// a check's work.
struct BandBase {
  alignas(8) unsigned char state[384];  // the build's propagated state (band_rules.h)
  std::uint8_t givens[81];              // the givens it was made from
  bool solvable = false;                // false: those givens have no solution
};

// Makes `base` the propagated state of `givens` (81 cells, 0 empty, 1..9) on `isa`'s build;
// from `from`'s state (its other givens placed, then propagated) when set and `givens`
// holds from's givens, else from the givens. `from` may not be `base`. False (and
// base.solvable false) when the propagation finds them contradictory or they clash.
bool band_base(CountIsa isa, BandBase& base, const std::uint8_t* givens,
               const BandBase* from = nullptr);

// Whether `givens` has a solution without `forbidden` (0 or 1, band_count's answer with
// limit 1), searched from `base`: every given of the base must be a given of `givens`
// with the same digit, else the check starts from the givens (band_count). `forbidden`
// must be an empty cell of `givens`. Nodes and guesses go to *stats when set; throws
// SearchAborted as band_count does.
std::uint64_t band_count_from(CountIsa isa, const BandBase& base, const std::uint8_t* givens,
                              Candidate forbidden, SearchStats* stats,
                              const SearchLimits& limits);

}  // namespace sudoforge::detail
