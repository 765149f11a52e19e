#include "sudoforge/workflow/target.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <system_error>

namespace sudoforge::workflow {
namespace {

constexpr double kNoBound = 1e300;

double low_of(const Target& t) {
  return t.min_rating.value_or(-kNoBound);
}
double high_of(const Target& t) {
  return t.max_rating.value_or(kNoBound);
}

}  // namespace

std::optional<TargetProblem> find_problem(const Target& t) {
  const double lo = low_of(t), hi = high_of(t);
  if (lo > hi) return TargetProblem::kBandInverted;
  if (hi < 1.0) return TargetProblem::kBelowEasiest;
  if (t.level) {  // its range is (floor, ceiling], easy's [0, 1.5]
    const auto [floor, ceiling] = grader::level_range(*t.level);
    if (lo > ceiling + 1e-9 || (*t.level != grader::Level::kEasy && hi <= floor + 1e-9)) {
      return TargetProblem::kLevelOutsideBand;
    }
  }
  return std::nullopt;
}

grader::GradeOptions grade_options(const Target& t) {
  grader::GradeOptions grade;
  double ceiling = high_of(t);
  if (t.level && *t.level != grader::Level::kExtreme) {
    ceiling = std::min(ceiling, grader::level_range(*t.level).second);
  }
  if (ceiling < kNoBound) grade.max_rating = ceiling;
  return grade;
}

bool accepts_complete(const Target& t, grader::Level level, double er) {
  return (!t.level || level == *t.level) && er >= low_of(t) && er <= high_of(t);
}

bool accepts(const Target& t, const grader::Rating& r) {
  if (!t.filters()) return true;
  return r.complete && accepts_complete(t, r.level, r.er);
}

std::string describe(const Target& t) {
  std::string words;
  if (t.level) words = "level " + std::string(grader::level_name(*t.level));
  char text[64];
  if (t.min_rating && t.max_rating) {
    std::snprintf(text, sizeof text, "rating %g to %g", *t.min_rating, *t.max_rating);
  } else if (t.min_rating) {
    std::snprintf(text, sizeof text, "rating >= %g", *t.min_rating);
  } else if (t.max_rating) {
    std::snprintf(text, sizeof text, "rating <= %g", *t.max_rating);
  } else {
    text[0] = '\0';
  }
  if (text[0]) words += (words.empty() ? "" : ", ") + std::string(text);
  return words;
}

std::string exact_text(double value) {
  char text[32];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, value);
  return std::string(text, ec == std::errc() ? end : text);
}

}  // namespace sudoforge::workflow
