#include "generate_options.h"

#include <string>

#include "cli_common.h"
#include "sudoforge/core/errors.h"
#include "sudoforge/core/symmetry.h"

namespace sudoforge::cli {
namespace {

// The --variant of a generated board; `board` (the --size board) receives its houses.
// UsageError when it is unknown, does not fit the size, or needs region layouts (jigsaw:
// generation does not draw them yet).
Variant variant_from(const std::string& spelling, Geometry& board) {
  Variant v;
  try {
    v = Variant::parse(spelling);
    if (v.has(Variant::kJigsaw)) {
      throw UsageError(
          "generate --variant jigsaw: drawing region layouts is not built yet; "
          "solve, grade and canon read jigsaw puzzles (README, Variants)");
    }
    board = v.apply(board);
  } catch (const VariantError& e) {
    throw UsageError(std::string("bad --variant: ") + e.what());
  }
  return v;
}

}  // namespace

GeneratorOptions generator_options_from(const po::variables_map& vm, Variant& variant) {
  GeneratorOptions gen;
  try {
    gen.geometry = Geometry::parse(vm["size"].as<std::string>());
  } catch (const GeometryError& e) {
    throw UsageError("bad --size '" + vm["size"].as<std::string>() +
                     "': use 9 or RxC boxes (2x2, 2x3, 3x3, 3x4, 4x4, 5x5)");
  }
  variant = variant_from(vm["variant"].as<std::string>(), gen.geometry);
  const Geometry& g = gen.geometry;
  try {
    gen.symmetry = parse_symmetry(vm["symmetry"].as<std::string>());
  } catch (const SymmetryError& e) {
    throw UsageError(std::string("bad --symmetry: ") + e.what());
  }
  if (!admits(g, gen.symmetry)) {
    if (!variant.is_classic()) {
      throw UsageError("--symmetry " + std::string(symmetry_name(gen.symmetry)) +
                       " does not keep the houses of " + variant.name());
    }
    throw UsageError("--symmetry " + std::string(symmetry_name(gen.symmetry)) +
                     " needs square boxes; " + g.name() +
                     " boxes admit none, rot180, mirror, flip and random");
  }
  gen.minimal = !vm["no-minimal"].as<bool>();
  if (vm.count("min-clues")) {
    if (gen.minimal) {
      throw UsageError("--min-clues needs --no-minimal (puzzles then stop at that many clues)");
    }
    gen.min_clues = static_cast<int>(
        parse_ranged(vm["min-clues"].as<std::string>(), "min-clues", 1, g.cell_count()));
  } else if (!gen.minimal) {
    gen.min_clues = g.cell_count() * 4 / 9;
  }

  if (vm.count("check-nodes")) {
    gen.max_check_nodes = parse_u64(vm["check-nodes"].as<std::string>(), "check-nodes");
  }

  return gen;
}

}  // namespace sudoforge::cli
