#include "generate_options.h"

#include <algorithm>
#include <string>
#include <vector>

#include "cli_common.h"
#include "sudoforge/core/errors.h"
#include "sudoforge/core/killer.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/generator/layout.h"

namespace sudoforge::cli {
namespace {

// Jigsaw sizes on the command line (the generator takes up to 25; past 16 a puzzle would
// take minutes and nobody has asked for one).
constexpr int kMaxJigsawCliSize = 16;

// The --size board: RxC boxes, or for jigsaw a bare N 4..16 with the rows standing in for
// the regions (the generator draws each puzzle's own; see GeneratorOptions::jigsaw).
Geometry board_from(const std::string& size, bool jigsaw) {
  if (jigsaw) {
    std::size_t used = 0;
    int n = 0;
    try {
      n = std::stoi(size, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != size.size() || n < kMinJigsawSize || n > kMaxJigsawCliSize) {
      throw UsageError("bad --size '" + size +
                       "' for jigsaw: give N, 4 to 16 (regions of N cells)");
    }
    std::vector<int> rows(n * n);
    for (int c = 0; c < n * n; ++c) rows[c] = c / n;
    return Geometry::with_regions(n, rows);
  }
  try {
    return Geometry::parse(size);
  } catch (const GeometryError& e) {
    throw UsageError("bad --size '" + size +
                     "': use 9 or RxC boxes (2x2, 2x3, 3x3, 3x4, 4x4, 5x5)");
  }
}

}  // namespace

Variant generated_board(const std::string& spelling, const std::string& size, Geometry& board) {
  Variant v;
  try {
    v = Variant::parse(spelling);
  } catch (const VariantError& e) {
    throw UsageError(std::string("bad --variant: ") + e.what());
  }
  board = board_from(size, v.has(Variant::kJigsaw));
  if (v.has(Variant::kKiller)) {
    if (v.has(Variant::kJigsaw)) throw UsageError("killer jigsaw puzzles are not generated");
    if (board.size() > kMaxKillerSize) {
      // name() is the box shape ("4x4" on 16x16): the message names the board's size.
      const std::string n = std::to_string(board.size());
      throw UsageError("killer puzzles are 4x4, 6x6 or 9x9, not " + n + "x" + n);
    }
  }
  try {
    // A killer board gets its cages per puzzle (GeneratorOptions::killer): here only its
    // extra houses.
    board = Variant(v.flags() & ~Variant::kKiller).apply(board);
  } catch (const VariantError& e) {
    throw UsageError(std::string("bad --variant: ") + e.what());
  }
  return v;
}

GeneratorOptions generator_options_from(const po::variables_map& vm, Variant& variant) {
  GeneratorOptions gen;
  variant =
      generated_board(vm["variant"].as<std::string>(), vm["size"].as<std::string>(), gen.geometry);
  gen.jigsaw = variant.has(Variant::kJigsaw);
  gen.killer = variant.has(Variant::kKiller);
  if (vm.count("cage-sizes")) {
    if (!gen.killer) throw UsageError("--cage-sizes needs --variant killer");
    const std::string text = vm["cage-sizes"].as<std::string>();
    const std::size_t dash = text.find('-');
    const int n = gen.geometry.size();
    if (dash == std::string::npos) {
      gen.killer_min_cage = gen.killer_max_cage =
          static_cast<int>(parse_ranged(text, "cage-sizes", 1, n));
    } else {
      gen.killer_min_cage =
          static_cast<int>(parse_ranged(text.substr(0, dash), "cage-sizes", 1, n));
      gen.killer_max_cage =
          static_cast<int>(parse_ranged(text.substr(dash + 1), "cage-sizes", 1, n));
    }
    if (gen.killer_min_cage > gen.killer_max_cage) {
      throw UsageError("bad --cage-sizes '" + text + "': give MIN-MAX with MIN <= MAX");
    }
  }
  gen.killer_max_cage = std::min(gen.killer_max_cage, gen.geometry.size());
  if (vm.count("givens")) {
    if (!gen.killer) throw UsageError("--givens needs --variant killer (classic: --min-clues)");
    gen.killer_givens = static_cast<int>(
        parse_ranged(vm["givens"].as<std::string>(), "givens", 0, gen.geometry.cell_count()));
  }
  if (gen.killer) {
    for (const char* option : {"min-clues", "check-nodes"}) {
      if (vm.count(option)) {
        throw UsageError(std::string("--") + option + " does not apply to killer puzzles");
      }
    }
    if (vm["no-minimal"].as<bool>()) {
      throw UsageError("--no-minimal does not apply to killer puzzles");
    }
  }
  const Geometry& g = gen.geometry;
  try {
    gen.symmetry = parse_symmetry(vm["symmetry"].as<std::string>());
  } catch (const SymmetryError& e) {
    throw UsageError(std::string("bad --symmetry: ") + e.what());
  }
  if (gen.jigsaw) {
    try {
      validate(gen);
    } catch (const GeneratorError& e) {
      throw UsageError("--symmetry: " + std::string(e.what()));
    }
  } else if (!admits(g, gen.symmetry)) {
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
