// sf_grade and the sf_rating handle: the workflow's puzzle analysis (givens, uniqueness,
// rating), as `sudoforge grade` runs it.
#include "capi_internal.h"
#include "sudoforge/workflow/analysis.h"

using sudoforge::capi::Failure;
using sudoforge::capi::guarded;
using sudoforge::capi::require;

// The rating and the C views of its steps, built once (immutable afterwards).
struct sf_rating {
  struct StepView {
    std::vector<sf_cell_value> placements, eliminations;
    sf_step view{};
  };
  int size = 0;
  sudoforge::grader::Rating rating;
  std::string level;
  std::vector<StepView> steps;
};

namespace {

std::vector<sf_cell_value> cell_values(const std::vector<std::pair<int, int>>& pairs) {
  std::vector<sf_cell_value> out;
  out.reserve(pairs.size());
  for (const auto& [cell, value] : pairs) out.push_back(sf_cell_value{cell, value});
  return out;
}

// The status and message of an analysis that found the puzzle unfit for rating (it checks
// the givens first, and its message names the conflict then).
Failure failure_of(const std::string& error) {
  if (error == "no solution") return {SF_NO_SOLUTION, "the puzzle has no solution"};
  if (error == "not unique") {
    return {SF_NOT_UNIQUE, "the puzzle has more than one solution: only unique ones are rated"};
  }
  return {SF_CONFLICT, error};
}

}  // namespace

extern "C" {

sf_status sf_grade(const char* puzzle, const sf_grade_options* options, sf_rating** out) {
  return guarded([&] {
    require(out, "out");
    const sf_grade_options o = options ? *options : sf_grade_options{};
    const sudoforge::Grid grid = sudoforge::capi::read_puzzle(puzzle, o.variant);
    sudoforge::workflow::PuzzleAnalyzer analyzer({}, sudoforge::capi::flag_of(o.stop));
    sudoforge::workflow::PuzzleAnalysis a = analyzer.analyze(grid, o.explain != 0);
    if (!a.done) throw Failure{SF_STOPPED, "grading stopped on request"};
    if (!a.error.empty()) throw failure_of(a.error);

    auto r = std::make_unique<sf_rating>();
    r->size = grid.size();
    r->rating = std::move(a.rating);
    r->level = std::string(sudoforge::grader::level_name(r->rating.level));
    r->steps.resize(r->rating.steps.size());
    for (std::size_t i = 0; i < r->steps.size(); ++i) {
      const sudoforge::grader::Step& s = r->rating.steps[i];
      sf_rating::StepView& v = r->steps[i];
      v.placements = cell_values(s.placements);
      v.eliminations = cell_values(s.eliminations);
      v.view.technique = s.technique.c_str();
      v.view.rating = s.rating;
      v.view.explanation = s.explanation.c_str();
      v.view.placement_count = v.placements.size();
      v.view.placements = v.placements.empty() ? nullptr : v.placements.data();
      v.view.elimination_count = v.eliminations.size();
      v.view.eliminations = v.eliminations.empty() ? nullptr : v.eliminations.data();
    }
    *out = r.release();
  });
}

sf_status sf_rating_get(const sf_rating* rating, sf_rating_info* out) {
  return guarded([&] {
    require(rating, "rating");
    require(out, "out");
    const sudoforge::grader::Rating& r = rating->rating;
    sf_rating_info info{};
    info.size = rating->size;
    info.er = r.er;
    info.ep = r.ep;
    info.ed = r.ed;
    info.level = rating->level.c_str();
    info.hardest = r.hardest.c_str();
    info.complete = r.complete ? 1 : 0;
    info.step_count = static_cast<size_t>(r.step_count);
    info.steps_kept = rating->steps.size();
    info.technique_count = r.techniques.size();
    *out = info;
  });
}

const char* sf_rating_technique(const sf_rating* rating, size_t i) {
  if (!rating || i >= rating->rating.techniques.size()) return nullptr;
  return rating->rating.techniques[i].c_str();
}

sf_status sf_rating_step(const sf_rating* rating, size_t i, sf_step* out) {
  return guarded([&] {
    require(rating, "rating");
    require(out, "out");
    if (i >= rating->steps.size()) {
      throw Failure{SF_INVALID_ARGUMENT,
                    "step " + std::to_string(i) + " of " + std::to_string(rating->steps.size()) +
                        " kept (steps are kept with sf_grade_options.explain)"};
    }
    *out = rating->steps[i].view;
  });
}

void sf_rating_free(sf_rating* rating) {
  delete rating;
}

}  // extern "C"
