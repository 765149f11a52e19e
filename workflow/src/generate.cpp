#include "sudoforge/workflow/generate.h"

#include <map>
#include <memory>
#include <mutex>

#include "sudoforge/core/canonical.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/workflow/record.h"
#include "sudoforge/workflow/targeted.h"

namespace sudoforge::workflow {

GeneratePlan plan_generation(const GenerateRequest& request) {
  GeneratePlan plan;
  plan.generator = request.generator;
  plan.target = request.target;
  plan.keep_analyses = request.keep_analyses;
  plan.graded = request.target.filters() || request.keep_analyses;
  plan.rated = request.keep_analyses || (plan.graded && request.target.needs_full_rating()) ||
               (plan.graded && request.target.techniques.empty());
  plan.pattern = request.pattern;
  plan.pattern_attempts = request.pattern_attempts;

  const GeneratorOptions& asked = request.generator;
  const Geometry& g = asked.geometry;
  std::string& o = plan.run_options;
  o = "--size " + g.name() + " --symmetry " + std::string(symmetry_name(asked.symmetry));
  // A variant run is another run than the classic one of the same seed (classic runs keep
  // the options they always had, so older catalogues resume).
  if (asked.killer) {
    o += " --variant " + Variant(Variant::of(g).flags() | Variant::kKiller).name() +
         " --cage-sizes " + std::to_string(asked.killer_min_cage) + "-" +
         std::to_string(asked.killer_max_cage);
    if (asked.killer_givens) o += " --givens " + std::to_string(asked.killer_givens);
  } else if (!g.is_classic()) {
    o += " --variant " + Variant::of(g).name();
  }
  if (!asked.minimal) o += " --no-minimal --min-clues " + std::to_string(asked.min_clues);
  if (g.size() >= 16 && asked.max_check_nodes) {
    o += " --check-nodes " + std::to_string(*asked.max_check_nodes);
  }
  const Target& t = request.target;
  if (t.level) o += " --level " + std::string(grader::level_name(*t.level));
  if (t.min_rating) o += " --min-rating " + exact_text(*t.min_rating);
  if (t.max_rating) o += " --max-rating " + exact_text(*t.max_rating);
  for (const std::string& name : t.techniques) o += " --technique '" + name + "'";
  if (t.technique_hardest) o += " --technique-hardest";
  if (!request.pattern.empty()) {
    o += " --pattern ";
    for (bool given : request.pattern) o += given ? 'x' : '.';
    o += " --attempts " + std::to_string(request.pattern_attempts);
  }

  if (asked.killer) {
    // Easy and medium killers are cut so (GeneratorOptions::killer_cut) rather than drawn
    // until one is; other rating bands step back along a cut that came out too hard
    // (kBanded). Killers have no clue floor (they have no givens to keep).
    const auto within = [&](grader::Level level) {
      const double top = grader::level_range(level).second;
      return (t.level && *t.level == level) || (t.max_rating && *t.max_rating <= top);
    };
    // A kDeduced cut rates at most 2.3 (the Naked Single): a band from above that, or a
    // technique asked for (one of 2.5-2.8 would never be used), takes the cuts of the
    // other bands, which reach every rating.
    constexpr double kDeducedCeiling = 2.3;
    const bool deduced_fits =
        t.techniques.empty() && (!t.min_rating || *t.min_rating <= kDeducedCeiling);
    plan.generator.killer_cut = within(grader::Level::kEasy) ? GeneratorOptions::KillerCut::kEasy
                                : within(grader::Level::kMedium) && deduced_fits
                                    ? GeneratorOptions::KillerCut::kDeduced
                                : (t.level || t.min_rating || t.max_rating) && t.techniques.empty()
                                    ? GeneratorOptions::KillerCut::kBanded
                                    : GeneratorOptions::KillerCut::kUnique;
  } else if (t.level && asked.minimal && request.pattern.empty()) {
    const int floor = grader::level_min_clues(g, *t.level);
    if (floor > 0) {
      plan.level_floor = floor;
      plan.generator.minimal = false;
      plan.generator.min_clues = floor;
    }
  }
  return plan;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> missing_ranges(
    std::uint64_t first, std::uint64_t count, const std::vector<std::uint64_t>& have) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
  std::uint64_t next = first;
  for (const std::uint64_t i : have) {
    if (i > next) ranges.emplace_back(next, i - next);
    next = i + 1;
  }
  const std::uint64_t end = first + count;
  if (next < end) ranges.emplace_back(next, end - next);
  return ranges;
}

RunRanges ranges_to_generate(const GeneratePlan& plan, const BatchOptions& batch,
                             db::Catalogue* resume_from) {
  RunRanges run;
  if (!resume_from) {
    run.ranges = {{batch.first_index, batch.count}};
    run.todo = batch.count;
    return run;
  }
  const std::vector<std::uint64_t> have =
      resume_from->generated_indices(batch.seed, plan.run_options, batch.first_index, batch.count);
  run.ranges = missing_ranges(batch.first_index, batch.count, have);
  run.held = have.size();
  run.todo = batch.count - run.held;
  return run;
}

BatchResult generate(const GeneratePlan& plan, const BatchOptions& batch,
                     const std::vector<std::pair<std::uint64_t, std::uint64_t>>& ranges,
                     const GenerateCallbacks& callbacks, const std::atomic<bool>* stop) {
  // keep_analyses: analyses made on the workers, waiting for their puzzle to be delivered,
  // by the puzzle's givens (a technique-targeted chunk numbers its puzzles only at the end;
  // two indices with the same puzzle have the same analysis).
  std::multimap<std::string, PuzzleAnalysis> analyses;
  std::mutex analyses_mutex;
  AcceptFactory accept_factory;
  if (plan.graded) {
    // One analyzer (solver + grader) per worker thread.
    grader::GradeOptions grade = grade_options(plan.target);
    if (plan.keep_analyses) grade.settled = nullptr;  // stored puzzles are graded in full
    // Candidates are kept at the target's least rating or more: one known to stay below
    // it is dropped without the rest of its grading (kept ones are still graded in full).
    if (plan.target.techniques.empty()) grade.min_rating = least_rating(plan.target);
    // A medium killer is graded from the state the cut's easy rules reached when only its
    // rating is kept and every puzzle kept rates above easy: the rating is then the same
    // (grader::Grader::rate), and the steps skipped are not stored.
    const bool from_easy_state =
        !plan.keep_analyses && grade.min_rating > grader::level_range(grader::Level::kEasy).second;
    accept_factory = [&plan, &callbacks, &analyses, &analyses_mutex, grade, stop,
                      from_easy_state]() -> Accept {
      auto analyzer = std::make_shared<PuzzleAnalyzer>(grade, stop);
      return [analyzer, &plan, &callbacks, &analyses, &analyses_mutex,
              from_easy_state](GeneratedPuzzle& p) {
        // The generator proved the candidate unique, so it is only graded; the solver's
        // count, whose DLX measure is stored with the puzzle, runs for the kept ones.
        PuzzleAnalysis a = analyzer->analyze_proven(
            p.puzzle, p.solution, false,
            from_easy_state ? std::span<const std::uint16_t>(p.easy_state)
                            : std::span<const std::uint16_t>());
        // Abandoned on a stop request: rejected, and the generator sees the stop next.
        if (!a.done) return false;
        const grader::Rating& r = a.rating;
        const bool kept = !plan.target.filters() || accepts(plan.target, r);
        if (kept && plan.keep_analyses) {
          const auto search = analyzer->search_measure(p.puzzle);
          if (!search) return false;  // stopped, as above
          a.search = *search;
        }
        if (plan.target.filters()) {
          if (callbacks.on_candidate) callbacks.on_candidate(kept);
          if (!kept) {
            p.too_hard = above_band(plan.target, r);
            return false;
          }
        }
        if (plan.rated) {
          p.rating = r.er;
          p.level = std::string(grader::level_name(r.level));
        }
        if (plan.keep_analyses) {
          std::lock_guard lock(analyses_mutex);
          analyses.emplace(key_text(p.puzzle), std::move(a));
        }
        return true;
      };
    };
  }
  auto emit = [&](const GeneratedPuzzle& p) {
    if (!plan.keep_analyses) {
      callbacks.on_puzzle(p, nullptr);
      return;
    }
    PuzzleAnalysis a;
    {
      std::lock_guard lock(analyses_mutex);
      auto it = analyses.find(key_text(p.puzzle));
      a = std::move(it->second);
      analyses.erase(it);
    }
    callbacks.on_puzzle(p, &a);
  };
  BatchResult result;
  for (const auto& [first, count] : ranges) {
    BatchOptions part = batch;
    part.first_index = first;
    part.count = count;
    const BatchResult r =
        !plan.pattern.empty()
            ? generate_on_pattern(plan.generator, plan.pattern, plan.pattern_attempts, part,
                                  accept_factory, emit, stop)
        : !plan.target.techniques.empty()
            ? generate_for_techniques(plan.generator, part, accept_factory, emit, stop)
            : generate_batch(plan.generator, part, accept_factory, emit, stop);
    result.delivered += r.delivered;
    result.end = r.end;
    if (r.end != BatchEnd::kComplete) break;
  }
  return result;
}

db::PuzzleRecord generated_record(const GeneratedPuzzle& p, const PuzzleAnalysis& a,
                                  const std::string& run_options) {
  db::PuzzleRecord r = record_from(p.puzzle, a);
  r.symmetry = std::string(symmetry_name(p.symmetry));
  r.minimal = p.minimal;
  r.source = "generator";
  r.seed = static_cast<std::int64_t>(p.seed);
  r.gen_index = static_cast<std::int64_t>(p.index);
  r.gen_options = run_options;
  return r;
}

}  // namespace sudoforge::workflow
