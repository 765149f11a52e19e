// sf_generate: the workflow's generation run (the one `sudoforge generate --db` makes), with
// every kept puzzle analysed into its catalogue record.
#include "sudoforge/workflow/generate.h"

#include <cerrno>
#include <cstdlib>

#include "capi_internal.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/generator/layout.h"

using sudoforge::capi::Failure;
using sudoforge::capi::guarded;
using sudoforge::capi::require;

namespace {

using sudoforge::Geometry;

constexpr int kMaxThreads = 256;

// The board of the size and variant spellings of `sudoforge generate`: RxC boxes or a size,
// and for jigsaw a bare N whose rows stand in for the regions (each puzzle draws its own).
Geometry board_of(const char* size, const char* variant_text, sudoforge::Variant& variant) {
  variant = variant_text ? sudoforge::Variant::parse(variant_text) : sudoforge::Variant();
  const std::string text = size ? size : "9";
  Geometry base;
  if (variant.has(sudoforge::Variant::kJigsaw)) {
    char* end = nullptr;
    errno = 0;
    const long n = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno != 0 || n < sudoforge::kMinJigsawSize || n > 25) {
      throw Failure{SF_INVALID_ARGUMENT, "bad size '" + text + "' for jigsaw: give N, 4 to 25"};
    }
    const int side = static_cast<int>(n);
    std::vector<int> rows(static_cast<std::size_t>(side * side));
    for (int c = 0; c < side * side; ++c) rows[static_cast<std::size_t>(c)] = c / side;
    base = Geometry::with_regions(side, rows);
  } else {
    base = Geometry::parse(text);
  }
  return variant.apply(base);
}

sudoforge::workflow::Target target_of(const sf_generate_options& o) {
  sudoforge::workflow::Target t;
  if (o.level) {
    t.level = sudoforge::grader::parse_level(o.level);
    if (!t.level) {
      throw Failure{SF_INVALID_ARGUMENT, std::string("unknown level '") + o.level +
                                             "': use easy, medium, hard, expert, diabolical "
                                             "or extreme"};
    }
  }
  if (o.min_rating < 0 || o.max_rating < 0) {
    throw Failure{SF_INVALID_ARGUMENT, "ratings must not be negative (0: no bound)"};
  }
  if (o.min_rating > 0) t.min_rating = o.min_rating;
  if (o.max_rating > 0) t.max_rating = o.max_rating;
  if (const auto problem = sudoforge::workflow::find_problem(t)) {
    switch (*problem) {
      case sudoforge::workflow::TargetProblem::kBandInverted:
        throw Failure{SF_INVALID_ARGUMENT, "min_rating is above max_rating"};
      case sudoforge::workflow::TargetProblem::kBelowEasiest:
        throw Failure{SF_INVALID_ARGUMENT,
                      "max_rating below 1.0: every puzzle is rated 1.0 or more"};
      case sudoforge::workflow::TargetProblem::kLevelOutsideBand:
        throw Failure{SF_INVALID_ARGUMENT,
                      "the level and the rating band have no rating in common"};
    }
  }
  return t;
}

sudoforge::GeneratorOptions generator_options_of(const sf_generate_options& o) {
  sudoforge::GeneratorOptions gen;
  sudoforge::Variant variant;
  gen.geometry = board_of(o.size, o.variant, variant);
  gen.jigsaw = variant.has(sudoforge::Variant::kJigsaw);
  gen.symmetry = sudoforge::parse_symmetry(o.symmetry ? o.symmetry : "none");
  gen.minimal = o.min_clues == 0;
  gen.min_clues = o.min_clues;
  sudoforge::validate(gen);  // symmetry the board admits, min_clues in range
  return gen;
}

}  // namespace

extern "C" {

sf_status sf_generate(const sf_generate_options* options, sf_puzzles** out) {
  return guarded([&] {
    require(out, "out");
    const sf_generate_options o = options ? *options : sf_generate_options{};
    if (o.threads < 0 || o.threads > kMaxThreads) {
      throw Failure{SF_INVALID_ARGUMENT, "threads must be 1 to 256 (0: 1)"};
    }
    sudoforge::BatchOptions batch;
    batch.seed = o.seed;
    batch.first_index = o.start;
    batch.count = o.count == 0 ? 1 : o.count;
    batch.threads = o.threads == 0 ? 1 : o.threads;
    if (batch.first_index > UINT64_MAX - batch.count) {
      throw Failure{SF_INVALID_ARGUMENT, "start + count is beyond the last index"};
    }

    sudoforge::workflow::GenerateRequest request;
    request.generator = generator_options_of(o);
    request.target = target_of(o);
    request.keep_analyses = true;
    const sudoforge::workflow::GeneratePlan plan = sudoforge::workflow::plan_generation(request);

    auto puzzles = std::make_unique<sf_puzzles>();
    sudoforge::workflow::GenerateCallbacks callbacks;
    callbacks.on_puzzle = [&](const sudoforge::GeneratedPuzzle& p,
                              sudoforge::workflow::PuzzleAnalysis* analysis) {
      puzzles->add(sudoforge::workflow::generated_record(p, *analysis, plan.run_options));
    };
    const sudoforge::BatchResult result =
        sudoforge::workflow::generate(plan, batch, {{batch.first_index, batch.count}}, callbacks,
                                      sudoforge::capi::flag_of(o.stop));
    *out = puzzles.release();
    if (result.end != sudoforge::BatchEnd::kComplete) {
      throw Failure{SF_STOPPED, "generation stopped on request after " +
                                    std::to_string(result.delivered) + " puzzles"};
    }
  });
}

}  // extern "C"
