#include "sudoforge/workflow/analysis.h"

#include <atomic>
#include <thread>
#include <utility>

#include "sudoforge/core/canonical.h"
#include "sudoforge/core/validate.h"

namespace sudoforge::workflow {

namespace {

grader::GradeOptions with_stop(grader::GradeOptions options, const std::atomic<bool>* stop) {
  options.stop = stop;
  return options;
}

}  // namespace

PuzzleAnalyzer::PuzzleAnalyzer(grader::GradeOptions options, const std::atomic<bool>* stop)
    : grader_(with_stop(options, stop)) {
  SearchLimits limits;
  limits.stop = stop;
  solver_.set_limits(limits);
}

bool PuzzleAnalyzer::check(const Grid& puzzle, const Alphabet* alphabet, PuzzleAnalysis& a) {
  a.error = describe_conflict(puzzle, alphabet ? *alphabet : Alphabet::standard(puzzle.size()));
  if (!a.error.empty()) return true;
  try {
    std::uint64_t n = solver_.enumerate(
        puzzle,
        [&](const Grid& s) {
          if (!a.solution) a.solution = s;
          return true;
        },
        2, &a.search);
    if (n == 0) {
      a.error = "no solution";
    } else if (n > 1) {
      a.error = "not unique";
      a.solution.reset();
    }
  } catch (const SearchAborted&) {
    return false;
  }
  return true;
}

PuzzleAnalysis PuzzleAnalyzer::analyze(const Grid& puzzle, bool explain, const Alphabet* alphabet) {
  PuzzleAnalysis a;
  if (!check(puzzle, alphabet, a)) return PuzzleAnalysis{};
  if (a.error.empty()) {
    try {
      a.rating = grader_.rate(puzzle, explain);
    } catch (const grader::GradingStopped&) {
      return PuzzleAnalysis{};
    }
  }
  a.done = true;
  return a;
}

PuzzleAnalysis PuzzleAnalyzer::analyze_graded(const Grid& puzzle, grader::Rating rating,
                                              const Alphabet* alphabet) {
  PuzzleAnalysis a;
  if (!check(puzzle, alphabet, a)) return PuzzleAnalysis{};
  if (a.error.empty()) a.rating = std::move(rating);
  a.done = true;
  return a;
}

PuzzleAnalysis PuzzleAnalyzer::analyze_proven(const Grid& puzzle, const Grid& solution,
                                              bool explain, std::span<const std::uint16_t> start) {
  PuzzleAnalysis a;
  a.solution = solution;
  try {
    a.rating = start.empty() ? grader_.rate(puzzle, explain) : grader_.rate(puzzle, start);
  } catch (const grader::GradingStopped&) {
    return PuzzleAnalysis{};
  }
  a.done = true;
  return a;
}

std::optional<SearchStats> PuzzleAnalyzer::search_measure(const Grid& puzzle) {
  SearchStats stats;
  try {
    solver_.enumerate(
        puzzle, [](const Grid&) { return true; }, 2, &stats);
  } catch (const SearchAborted&) {
    return std::nullopt;
  }
  return stats;
}

std::vector<PuzzleAnalyzer> make_analyzers(int threads, const grader::GradeOptions& options,
                                           const std::atomic<bool>* stop) {
  std::vector<PuzzleAnalyzer> analyzers;
  analyzers.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) analyzers.emplace_back(options, stop);
  return analyzers;
}

std::vector<PuzzleAnalysis> analyze_all(const std::vector<AnalysisJob>& jobs,
                                        std::vector<PuzzleAnalyzer>& analyzers, bool explain,
                                        const std::function<bool()>& keep_going) {
  std::vector<PuzzleAnalysis> results(jobs.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&](std::size_t t) {
    for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
      if (!keep_going()) return;
      results[i] = analyzers[t].analyze(*jobs[i].puzzle, explain, jobs[i].alphabet);
      // The key costs as much as an easy grading: computed here, off the writer thread.
      if (jobs[i].canonical && results[i].error.empty()) {
        results[i].canonical = canonical_key(*jobs[i].puzzle);
      }
    }
  };
  if (analyzers.size() <= 1) {
    worker(0);
  } else {
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < analyzers.size(); ++t) pool.emplace_back(worker, t);
    for (auto& th : pool) th.join();
  }
  return results;
}

}  // namespace sudoforge::workflow
