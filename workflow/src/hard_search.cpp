#include "sudoforge/workflow/hard_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_set>

#include "sudoforge/core/canonical.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/workflow/generate.h"
#include "sudoforge/workflow/seeds.h"

namespace sudoforge::workflow {
namespace {

// Rounds in a row that may draw no new candidate before the search gives up.
constexpr int kIdleRounds = 8;
// Draws per wanted neighbour: a draw fails when no clue set makes its solution unique.
constexpr int kDrawsPerChild = 4;
// Just under the band's floor: ratings are multiples of 0.1, so a ceiling this close
// rates every puzzle below the floor in full and stops every other one early.
constexpr double kFloorMargin = 1e-6;
// The seeds' grading stops before the nested chains (GradeOptions::max_chain_depth).
constexpr int kSeedChainDepth = 4;

struct Node {
  Grid puzzle;
  std::string key;
  double rating = 0;
  int expansions = 0;
  // `rating` is only an upper bound (the candidate was proven below the band's floor and
  // not graded): graded when the beam may take it.
  bool bounded = false;
  // The enumerations of its moves, while it is in the beam (generator/neighbourhood.h).
  std::shared_ptr<MoveMemo> memo;
};

struct Candidate {
  Grid puzzle;
  std::string key;
  std::size_t parent = 0;  // pool index
  Move move;
};

// What rating a candidate gave: its pool rating, and the full analysis when it is a
// result.
struct Outcome {
  bool done = false;
  double rating = 0;
  bool bounded = false;  // rating is an upper bound (Node::bounded)
  bool result = false;
  bool minimal = false;
  PuzzleAnalysis analysis;
};

// Runs job(i) for i in 0..n-1 on `threads` workers; each worker gets its own state from
// make_state. The calling thread is one of the workers.
template <class State, class MakeState, class Job>
void parallel_for(std::size_t n, int threads, MakeState make_state, Job job) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    try {
      State state = make_state();
      for (std::size_t i; (i = next.fetch_add(1)) < n;) job(state, i);
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = n;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

struct Rater {
  grader::Grader cheap;
  grader::Grader floored;  // cheap, and stops a candidate proven below the bound's floor
  PuzzleAnalyzer full;
  SudokuSolver solver;
};

grader::GradeOptions with_stop(grader::GradeOptions options, const std::atomic<bool>* stop) {
  options.stop = stop;
  return options;
}

}  // namespace

std::vector<Move> parse_moves(const std::string& text) {
  std::vector<Move> moves;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find(',', at), text.size());
    const std::string token = text.substr(at, end - at);
    if (token.size() != 4 || token[0] != '-' || token[2] != '+' || token[1] < '0' ||
        token[1] > '9' || token[3] < '0' || token[3] > '9' || (token[1] == '0' && token[3] == '0')) {
      throw std::invalid_argument("bad move '" + token +
                                  "': write -n+m (remove n clues, add m; 0..9 each, not -0+0)");
    }
    moves.push_back(Move{token[1] - '0', token[3] - '0'});
    at = end + 1;
  }
  return moves;
}

std::vector<Grid> generated_seeds(std::uint64_t count, std::uint64_t seed, double floor,
                                  int threads, const std::atomic<bool>* stop) {
  GenerateRequest request;
  request.target.min_rating = floor;
  const GeneratePlan plan = plan_generation(request);
  BatchOptions batch;
  batch.seed = seed;
  batch.count = count;
  batch.threads = threads;
  std::vector<Grid> seeds;
  GenerateCallbacks callbacks;
  callbacks.on_puzzle = [&seeds](const GeneratedPuzzle& p, PuzzleAnalysis*) {
    seeds.push_back(p.puzzle);
  };
  generate(plan, batch, {{0, count}}, callbacks, stop);
  return seeds;
}

HardSearchEnd hard_search(const std::vector<Grid>& seeds, const HardSearchOptions& options,
                          const std::function<void(const HardResult&)>& on_result,
                          const std::function<void(const HardSearchTally&)>& on_round,
                          HardSearchTally& tally, const std::atomic<bool>* stop) {
  if (seeds.empty()) throw std::invalid_argument("the search needs at least one seed puzzle");
  for (const Grid& s : seeds) {
    if (!s.geometry().is_classic() || s.size() != 9) {
      throw std::invalid_argument("the search runs on classic 9x9 puzzles only");
    }
  }
  const double floor = std::max(0.0, least_rating(options.target));
  // Raised by the caller's stop, or when `count` results are in: every grading polls it.
  std::atomic<bool> halt{false};
  auto stopped = [&] { return halt.load() || (stop && stop->load()); };
  grader::GradeOptions cheap_options;
  cheap_options.max_rating = floor - kFloorMargin;
  const grader::GradeOptions full_options = grade_options(options.target);
  // The full grading continues the cheap one (grader::Grader::rate with a lifted ceiling)
  // when the two gradings differ only in their ceiling.
  const bool lift = !full_options.settled && (full_options.max_rating < 0 ||
                                              full_options.max_rating >= cheap_options.max_rating);
  // A candidate proven rated below the floor minus one expansion's penalty
  // (GradeOptions::min_rating: the grader's floor test) is no result and ranks in the pool
  // at `bound`, an upper bound of its ER, until the beam may take it (graded then). The
  // beam's last place is mostly a puzzle of the band expanded at most once, so most such
  // candidates are never graded. Without techniques in the target, a rating below the
  // floor is never accepted (accepts() then wants ER in the band, and a level's floor is
  // one of ER: grader::level_for).
  grader::GradeOptions floored_options = cheap_options;
  floored_options.min_rating = floor - kExpansionPenalty;
  const double bound = (std::ceil(floored_options.min_rating * 10 - 1e-9) - 1) / 10;
  const bool has_floor = options.target.min_rating ||
                         (options.target.level && *options.target.level != grader::Level::kEasy);
  const bool may_bound =
      options.bound_below && has_floor && options.target.techniques.empty() && bound < floor;
  auto make_rater = [&] {
    return std::make_unique<Rater>(Rater{grader::Grader(with_stop(cheap_options, &halt)),
                                         grader::Grader(with_stop(floored_options, &halt)),
                                         PuzzleAnalyzer(full_options, &halt), SudokuSolver()});
  };
  // Mirrors the caller's stop into `halt` while workers run. The watcher is woken when the
  // body ends, so a round does not wait out its poll interval (a sleep here cost the search
  // about a tenth of its wall time: two joins a round, 10 ms each on average).
  auto watch = [&](const std::function<void()>& body) {
    if (!stop) {
      body();
      return;
    }
    std::mutex watch_mutex;
    std::condition_variable wake;
    bool running = true;
    std::thread watcher([&] {
      std::unique_lock lock(watch_mutex);
      while (running) {
        if (stop->load()) halt = true;
        wake.wait_for(lock, std::chrono::milliseconds(20));
      }
    });
    // Ends the watcher however the body ends (returns or throws).
    struct Finish {
      std::mutex& mutex;
      std::condition_variable& wake;
      bool& running;
      std::thread& watcher;
      ~Finish() {
        {
          std::lock_guard lock(mutex);
          running = false;
        }
        wake.notify_all();
        watcher.join();
      }
    } finish{watch_mutex, wake, running, watcher};
    body();
  };

  std::vector<Node> pool;
  std::unordered_set<std::string> seen;
  for (const Grid& s : seeds) {
    std::string key = canonical_key(s);
    if (!seen.insert(key).second) continue;
    pool.push_back(Node{s, std::move(key)});
  }
  // The seeds are ranked by a grading without the nested chains (a seed of the band would
  // cost as much as a result): exact below the band; a seed that needs nested chains, or
  // is known to be above the floor, ranks at the floor or its lower bound.
  grader::GradeOptions seed_options = cheap_options;
  seed_options.max_chain_depth = kSeedChainDepth;
  watch([&] {
    parallel_for<grader::Grader>(
        pool.size(), options.threads, [&] { return grader::Grader(with_stop(seed_options, &halt)); },
        [&](grader::Grader& g, std::size_t i) {
          try {
            const grader::Rating r = g.rate(pool[i].puzzle);
            pool[i].rating = r.complete || r.exceeded ? r.er : std::max(r.er, floor);
          } catch (const grader::GradingStopped&) {
          }
        });
  });
  if (stopped()) return HardSearchEnd::kStopped;
  for (const Node& n : pool) tally.best = std::max(tally.best, n.rating);

  int idle = 0;
  while (true) {
    // The beam: best priority first, ties by canonical key (a function of the pool only).
    std::vector<std::size_t> order(pool.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto priority = [&](std::size_t i) {
      return pool[i].rating - kExpansionPenalty * pool[i].expansions;
    };
    const std::size_t width = std::min<std::size_t>(options.beam, order.size());
    // A bounded node ranks at its bound, at least its priority once graded: the beam is
    // final when it holds none (the nodes below it would rank there once graded too).
    while (true) {
      std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(width),
                        order.end(), [&](std::size_t a, std::size_t b) {
                          const double pa = priority(a), pb = priority(b);
                          if (pa != pb) return pa > pb;
                          return pool[a].key < pool[b].key;
                        });
      std::vector<std::size_t> due;
      for (std::size_t j = 0; j < width; ++j) {
        if (pool[order[j]].bounded) due.push_back(order[j]);
      }
      if (due.empty()) break;
      watch([&] {
        parallel_for<grader::Grader>(
            due.size(), options.threads,
            [&] { return grader::Grader(with_stop(cheap_options, &halt)); },
            [&](grader::Grader& g, std::size_t i) {
              try {
                pool[due[i]].rating = g.rate(pool[due[i]].puzzle).er;
                pool[due[i]].bounded = false;
              } catch (const grader::GradingStopped&) {
              }
            });
      });
      if (stopped()) return HardSearchEnd::kStopped;
    }
    order.resize(width);
    // A parent keeps its moves' enumerations while it stays in the beam; they are dropped
    // when it leaves (a parent rarely comes back, and each memo holds megabytes).
    std::vector<char> in_beam(pool.size(), 0);
    for (const std::size_t i : order) {
      in_beam[i] = 1;
      if (!pool[i].memo) pool[i].memo = std::make_shared<MoveMemo>();
    }
    for (std::size_t i = 0; i < pool.size(); ++i) {
      if (!in_beam[i]) pool[i].memo.reset();
    }

    // Neighbours, per parent from its own engine: seeded by the run seed, the round and
    // the parent's place in the beam.
    const std::uint64_t round_seed = split_seed(options.seed, tally.rounds);
    std::vector<std::vector<Candidate>> drawn(width);
    watch([&] {
      parallel_for<SudokuSolver>(width, options.threads, [] { return SudokuSolver(); },
                                 [&](SudokuSolver& solver, std::size_t j) {
                                   if (stopped()) return;
                                   Node& parent = pool[order[j]];
                                   boost::random::mt19937_64 engine(split_seed(round_seed, j));
                                   for (int k = 0; k < options.children; ++k) {
                                     const Move move = options.moves[k % options.moves.size()];
                                     for (int d = 0; d < kDrawsPerChild; ++d) {
                                       auto n = draw_neighbour(parent.puzzle, move, engine, solver,
                                                               parent.memo.get());
                                       if (!n) continue;
                                       std::vector<int> added;
                                       for (const auto& [cell, value] : n->added) added.push_back(cell);
                                       Grid child = options.minimal
                                                        ? minimize(n->puzzle, engine, solver, added,
                                                                   &n->solution)
                                                        : n->puzzle;
                                       std::string key = canonical_key(child);
                                       drawn[j].push_back(
                                           Candidate{std::move(child), std::move(key), order[j], move});
                                       break;
                                     }
                                   }
                                 });
    });
    if (stopped()) return HardSearchEnd::kStopped;
    for (const std::size_t i : order) ++pool[i].expansions;
    std::vector<Candidate> fresh;
    for (auto& list : drawn) {
      for (Candidate& c : list) {
        ++tally.drawn;
        if (!seen.insert(c.key).second) {
          ++tally.duplicates;
          continue;
        }
        fresh.push_back(std::move(c));
      }
    }
    ++tally.rounds;
    if (fresh.empty()) {
      if (++idle >= kIdleRounds) return HardSearchEnd::kExhausted;
      if (on_round) on_round(tally);
      continue;
    }
    idle = 0;

    // Ratings on the workers; results delivered here in candidate order as they finish.
    // A bound is used only when it is at most the best ER so far (it never raises `best`).
    const bool bounding = may_bound && bound <= tally.best;
    std::vector<Outcome> outcomes(fresh.size());
    std::mutex mutex;
    std::condition_variable finished;
    std::size_t delivered = 0;
    bool complete = false;
    std::exception_ptr failure;
    std::thread workers([&] {
      try {
        parallel_for<std::unique_ptr<Rater>>(
            fresh.size(), options.threads, make_rater, [&](std::unique_ptr<Rater>& r, std::size_t i) {
              if (stopped()) return;
              Outcome o;
              try {
                // A candidate above the floor gets its full grading by lifting the cheap
                // one's ceiling (the same rating as the full analysis's own grading).
                bool above = false;
                grader::Grader& cheap = bounding ? r->floored : r->cheap;
                const grader::Rating rated =
                    lift ? cheap.rate(fresh[i].puzzle, false, full_options.max_rating,
                                      [&](const grader::Rating& first) {
                                        o.rating = first.er;
                                        return above = true;
                                      })
                         : cheap.rate(fresh[i].puzzle);
                if (!above) o.rating = rated.below ? bound : rated.er;
                o.bounded = rated.below;
                if (above || rated.exceeded || (rated.complete && accepts(options.target, rated))) {
                  o.analysis = above ? r->full.analyze_graded(fresh[i].puzzle, rated)
                                     : r->full.analyze(fresh[i].puzzle, false);
                  if (!o.analysis.done) return;
                  if (o.analysis.error.empty()) {
                    o.rating = o.analysis.rating.er;
                    o.result = accepts(options.target, o.analysis.rating);
                    if (o.result) {
                      o.analysis.canonical = fresh[i].key;
                      o.minimal = options.minimal || is_minimal_puzzle(fresh[i].puzzle, r->solver);
                    }
                  }
                }
              } catch (const grader::GradingStopped&) {
                return;
              }
              o.done = true;
              std::lock_guard lock(mutex);
              outcomes[i] = std::move(o);
              finished.notify_all();
            });
      } catch (...) {
        std::lock_guard lock(mutex);
        failure = std::current_exception();
      }
      std::lock_guard lock(mutex);
      complete = true;
      finished.notify_all();
    });
    {
      std::unique_lock lock(mutex);
      while (true) {
        while (delivered < fresh.size() && outcomes[delivered].done) {
          Outcome& o = outcomes[delivered];
          ++tally.rated;
          if (o.analysis.done) ++tally.full;
          if (!o.bounded) tally.best = std::max(tally.best, o.rating);
          if (o.result && tally.results < options.count) {
            const Candidate& c = fresh[delivered];
            HardResult r{tally.results++, c.puzzle, pool[c.parent].puzzle, c.move, o.minimal,
                         std::move(o.analysis)};
            lock.unlock();
            on_result(r);
            lock.lock();
            if (tally.results >= options.count) halt = true;
          }
          ++delivered;
        }
        if (complete) break;
        if (stop && stop->load()) halt = true;
        finished.wait_for(lock, std::chrono::milliseconds(20));
      }
    }
    workers.join();
    if (failure) std::rethrow_exception(failure);
    for (std::size_t i = 0; i < fresh.size(); ++i) {
      if (outcomes[i].done) {
        pool.push_back(Node{std::move(fresh[i].puzzle), std::move(fresh[i].key), outcomes[i].rating,
                            0, outcomes[i].bounded});
      }
    }
    if (on_round) on_round(tally);
    if (tally.results >= options.count) return HardSearchEnd::kComplete;
    if (stopped()) return HardSearchEnd::kStopped;
    if (options.max_candidates && tally.rated >= options.max_candidates) {
      return HardSearchEnd::kBudget;
    }
  }
}

}  // namespace sudoforge::workflow
