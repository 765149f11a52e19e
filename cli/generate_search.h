#pragma once
// `generate` by neighbourhood search (workflow/hard_search.h): the bands above what random
// generation reaches (--min-rating 9 and up), from generated, file or catalogue seeds.
#include <atomic>
#include <cstdint>
#include <string>

#include "cli_common.h"
#include "stop_request.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/workflow/target.h"

namespace sudoforge::cli {

// --search, --from, --from-db, --seeds, --moves, --search-budget.
void add_search_options(po::options_description& options);

// Whether this run searches: --search neighbourhood (with --min-rating or --level, whose
// bottom is then the band's floor), or --search auto (the default) with a --min-rating of
// kSearchFromRating or more (a --level alone keeps random generation: its puzzles per seed). Throws
// UsageError when the search is asked for with options it cannot honour (another board, a symmetry,
// --resume, --start) or
// --from / --from-db without it.
inline constexpr double kSearchFromRating = 9.0;
bool search_engages(const po::variables_map& vm, const GeneratorOptions& gen,
                    const workflow::Target& target);

// Runs the search and returns the exit code. `seed` is the run seed (already reported).
int generate_by_search(const po::variables_map& vm, const GeneratorOptions& gen,
                       const workflow::Target& target, std::uint64_t seed, std::uint64_t count,
                       int threads, StopRequest& stop);

}  // namespace sudoforge::cli
