#pragma once
// The generator's options from `generate`'s command line: the board (--size, --variant),
// --symmetry, --no-minimal / --min-clues and --check-nodes, each checked against the others.
#include <boost/program_options.hpp>

#include "sudoforge/core/variant.h"
#include "sudoforge/generator/generator.h"

namespace sudoforge::cli {

namespace po = boost::program_options;

// Throws UsageError for a bad value or a combination that does not fit (a symmetry that
// does not keep the board's houses, --min-clues without --no-minimal, jigsaw). `variant`
// receives the board's variant.
GeneratorOptions generator_options_from(const po::variables_map& vm, Variant& variant);

// The board of generated puzzles of `variant` (a --variant spelling) and `size` (a --size
// value; jigsaw: N, 4 to 16, and the board's regions are a placeholder the generator
// replaces per puzzle). `board` receives it. Throws UsageError for a bad variant or size.
Variant generated_board(const std::string& variant, const std::string& size, Geometry& board);

}  // namespace sudoforge::cli
