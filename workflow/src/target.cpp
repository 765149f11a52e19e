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
  if (t.technique_hardest) {
    double top = 0;
    for (const std::string& name : t.techniques) {
      const auto r = technique_top_rating(name);
      top = r ? std::max(top, *r) : kNoBound;
    }
    ceiling = std::min(ceiling, top);
  }
  if (ceiling < kNoBound) grade.max_rating = ceiling;
  if (!t.techniques.empty() && !t.needs_full_rating()) {
    grade.settled = [names = t.techniques](const grader::Rating& r) { return uses_all(r, names); };
  }
  return grade;
}

double least_rating(const Target& t) {
  double least = t.min_rating.value_or(-1);
  if (t.level && *t.level != grader::Level::kEasy) {
    least = std::max(least, grader::level_range(*t.level).first + 0.1);
  }
  return least;
}

std::optional<double> technique_top_rating(std::string_view technique) {
  // Ratings in SE's ladder (grader/src/grader.cpp's rungs). Single techniques have one
  // rating, except hidden singles (1.2 in a box, 1.5 in a line), uniqueness loops and BUG
  // (SE adds to their base for longer loops and more cells; the tops here are above any
  // met). A too low top would only lose puzzles (acceptance checks the full rating).
  static const std::pair<std::string_view, double> kTops[] = {
      {"Full House", 1.0},
      {"Hidden Single", 1.5},
      {"Direct Pointing", 1.7},
      {"Direct Claiming", 1.9},
      {"Direct Hidden Pair", 2.0},
      {"Naked Single", 2.3},
      {"Direct Hidden Triple", 2.5},
      {"Pointing", 2.6},
      {"Claiming", 2.8},
      {"Naked Pair", 3.0},
      {"X-Wing", 3.2},
      {"Hidden Pair", 3.4},
      {"Naked Triple", 3.6},
      {"Swordfish", 3.8},
      {"Hidden Triple", 4.0},
      {"XY-Wing", 4.2},
      {"XYZ-Wing", 4.4},
      {"Naked Quad", 5.0},
      {"Jellyfish", 5.2},
      {"Hidden Quad", 5.4},
      {"Aligned Pair Exclusion", 6.2},
      {"Aligned Triplet Exclusion", 7.5},
  };
  for (const auto& [name, top] : kTops) {
    if (name == technique) return top;
  }
  if (technique.starts_with("Unique ")) return 5.5;
  if (technique.starts_with("BUG ")) return 6.1;
  return std::nullopt;
}

bool uses_all(const grader::Rating& r, const std::vector<std::string>& names) {
  for (const std::string& n : names) {
    if (std::find(r.techniques.begin(), r.techniques.end(), n) == r.techniques.end()) {
      return false;
    }
  }
  return true;
}

bool accepts_complete(const Target& t, grader::Level level, double er) {
  return (!t.level || level == *t.level) && er >= low_of(t) && er <= high_of(t);
}

bool above_band(const Target& t, const grader::Rating& r) {
  if (r.below) return false;           // stopped below GradeOptions::min_rating
  if (!r.complete) return !r.settled;  // stuck, or stopped above GradeOptions::max_rating
  return r.er > high_of(t) || (t.level && r.level > *t.level);
}

bool accepts(const Target& t, const grader::Rating& r) {
  if (!t.filters()) return true;
  if (!t.techniques.empty()) {
    if (!uses_all(r, t.techniques)) return false;
    if (t.technique_hardest &&
        std::find(t.techniques.begin(), t.techniques.end(), r.hardest) == t.techniques.end()) {
      return false;
    }
    if (!t.needs_full_rating()) return r.complete || r.settled;
  }
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
  for (const std::string& n : t.techniques) words += (words.empty() ? "" : ", ") + n;
  if (t.technique_hardest) words += " (hardest)";
  return words;
}

std::string exact_text(double value) {
  char text[32];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, value);
  return std::string(text, ec == std::errc() ? end : text);
}

}  // namespace sudoforge::workflow
