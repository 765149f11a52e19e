#pragma once
// Target: what a request asks of a puzzle's difficulty, and the one decision every front
// end makes with it (generate, testset, and any later one): which rated puzzles it
// accepts, and how far a grading has to go to tell.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/grader/grader.h"

namespace sudoforge::workflow {

struct Target {
  std::optional<grader::Level> level;  // keep only puzzles of this level
  std::optional<double> min_rating;    // keep only puzzles rated (ER) at least this
  std::optional<double> max_rating;    // ... and at most this
  // Techniques the solution path must use, every one (grader technique names, as
  // grader::resolve_technique gives them).
  std::vector<std::string> techniques;
  // With techniques: the step that sets ER must also be one of them.
  bool technique_hardest = false;
  // Later requests add their fields here (a variant); accepts() and grade_options() are
  // the only places that read them.

  // True when the target keeps only some puzzles (a level, a rating bound or a technique
  // is set).
  bool filters() const { return level || min_rating || max_rating || !techniques.empty(); }
  // True when a rating needs to be complete to be judged: a level or band, or a hardest
  // technique. Without that, a grading may stop as soon as the techniques are all used
  // (GradeOptions::settled): the steps taken are those of the full grading.
  bool needs_full_rating() const { return level || min_rating || max_rating || technique_hardest; }
};

// Why a target can keep no puzzle at all; checked before any work.
enum class TargetProblem {
  kBandInverted,     // min_rating > max_rating
  kBelowEasiest,     // max_rating < 1.0: the easiest step (a full house) is rated 1.0
  kLevelOutsideBand  // the level's ER range and the rating band do not meet
};
std::optional<TargetProblem> find_problem(const Target& target);

// The grading setup for candidates of `target`: a ceiling (GradeOptions::max_rating) at
// the lower of max_rating and the level's top (none for extreme), so a candidate known to
// be above the target is rejected without the harder techniques being searched. A
// ceiling never changes the rating of a puzzle at or under it, so acceptance is the same.
// With technique_hardest the ceiling is at most the highest rating the named techniques
// can have (technique_top_rating); with techniques and no need of a full rating, the
// grading stops once they are all used (GradeOptions::settled).
grader::GradeOptions grade_options(const Target& target);

// The least ER a complete rating can have and be accepted: min_rating, or just above
// the level's bottom (tenths) when that is higher; negative when the target has no such
// bound. The generator's floor (GradeOptions::min_rating): a candidate known to stay
// below it is rejected before the rest of its grading.
double least_rating(const Target& target);

// The highest rating a step of `technique` (a grader name) can have on 9x9, for the
// ceiling of a technique-hardest target; nullopt for the chains, whose ratings grow with
// their length (no ceiling then).
std::optional<double> technique_top_rating(std::string_view technique);

// True when the path of `r` (so far) uses every technique of `names`.
bool uses_all(const grader::Rating& r, const std::vector<std::string>& names);

// The acceptance predicate. An incomplete rating (the ladder got stuck, or the grading
// stopped at the ceiling) is never accepted by a filtering target: its rating cannot be
// vouched for. A target that does not filter accepts every rating.
bool accepts(const Target& target, const grader::Rating& rating);
// The same for a complete rating known by its level and ER alone.
bool accepts_complete(const Target& target, grader::Level level, double er);
// Whether a rating lies above the target's band (a higher level or ER than it admits, or
// a grading stuck or stopped at the ceiling): only a tighter cut (fewer merges) may fit.
// A grading stopped below the floor (Rating::below) is not above it.
bool above_band(const Target& target, const grader::Rating& rating);

// The target in words for messages: "level hard", "rating 4 to 6", "level hard, rating
// >= 4"; empty when it does not filter.
std::string describe(const Target& target);

// The shortest text that reads back as the same double (for stored option strings).
std::string exact_text(double value);

}  // namespace sudoforge::workflow
