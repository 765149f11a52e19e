// The API's shared parts: status and message of each call, the exception boundary,
// version, stop flags, puzzle text, and the sf_puzzles handle.
#include <chrono>
#include <memory>
#include <new>
#include <sstream>

#include "capi_internal.h"
#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/db/error.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/search_limits.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::capi {
namespace {

thread_local std::string last_error;

}  // namespace

sf_status finish(sf_status status, std::string message) {
  last_error = std::move(message);
  return status;
}

// The order of the handlers matters: the specific errors derive from std::invalid_argument
// or std::runtime_error.
sf_status status_of_current_exception() noexcept {
  try {
    try {
      throw;
    } catch (const Failure& f) {
      return finish(f.status, f.message);
    } catch (const ParseError& e) {
      return finish(SF_PARSE, "line " + std::to_string(e.line()) + ", column " +
                                  std::to_string(e.column()) + ": " + e.what());
    } catch (const ConflictingGivens& e) {
      return finish(SF_CONFLICT, e.what());
    } catch (const SearchAborted& e) {
      return finish(SF_STOPPED, e.what());
    } catch (const grader::GradingStopped& e) {
      return finish(SF_STOPPED, e.what());
    } catch (const db::CatalogueError& e) {
      return finish(e.category() == db::CatalogueError::Category::kBusy ? SF_BUSY : SF_IO,
                    e.what());
    } catch (const std::invalid_argument& e) {
      // GeometryError, VariantError, SymmetryError, GeneratorError among them.
      return finish(SF_INVALID_ARGUMENT, e.what());
    } catch (const std::bad_alloc&) {
      return finish(SF_INTERNAL, "out of memory");
    } catch (const std::exception& e) {
      return finish(SF_INTERNAL, e.what());
    } catch (...) {
      return finish(SF_INTERNAL, "unknown error");
    }
  } catch (...) {
    // Building a message can itself fail (out of memory): the status still gets out.
    last_error.clear();
    return SF_INTERNAL;
  }
}

void require(const void* pointer, const char* what) {
  if (!pointer) throw Failure{SF_INVALID_ARGUMENT, std::string(what) + " is NULL"};
}

Grid read_puzzle(const char* text, const char* variant) {
  require(text, "puzzle");
  ReaderOptions options;
  if (variant) options.variant = Variant::parse(variant);
  return parse_one(text, options).grid;
}

}  // namespace sudoforge::capi

using sudoforge::capi::finish;
using sudoforge::capi::guarded;
using sudoforge::capi::require;

extern "C" {

const char* sf_status_name(int status) {
  switch (status) {
    case SF_OK:
      return "ok";
    case SF_INVALID_ARGUMENT:
      return "invalid argument";
    case SF_PARSE:
      return "parse error";
    case SF_CONFLICT:
      return "conflicting givens";
    case SF_NO_SOLUTION:
      return "no solution";
    case SF_NOT_UNIQUE:
      return "not unique";
    case SF_STOPPED:
      return "stopped";
    case SF_BUSY:
      return "busy";
    case SF_IO:
      return "catalogue error";
    case SF_INTERNAL:
      return "internal error";
  }
  return "unknown";
}

const char* sf_last_error(void) {
  return sudoforge::capi::last_error.c_str();
}

int sf_version_major(void) {
  return SUDOFORGE_VERSION_MAJOR;
}
int sf_version_minor(void) {
  return SUDOFORGE_VERSION_MINOR;
}
int sf_version_patch(void) {
  return SUDOFORGE_VERSION_PATCH;
}
const char* sf_version_string(void) {
  return SUDOFORGE_VERSION_STRING;
}

sf_status sf_stop_new(double seconds, sf_stop** out) {
  return guarded([&] {
    require(out, "out");
    if (!(seconds >= 0) || seconds > 1e9) {
      throw sudoforge::capi::Failure{SF_INVALID_ARGUMENT, "time limit must be 0 to 1e9 seconds"};
    }
    auto stop = std::make_unique<sf_stop>();
    if (seconds > 0) {
      const auto deadline = std::chrono::steady_clock::now() +
                            std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                std::chrono::duration<double>(seconds));
      sf_stop* s = stop.get();
      s->watchdog = std::thread([s, deadline] {
        std::unique_lock lock(s->mutex);
        if (!s->wake.wait_until(lock, deadline, [s] { return s->closing; })) {
          s->flag.store(true);
        }
      });
    }
    *out = stop.release();
  });
}

void sf_stop_request(sf_stop* stop) {
  if (stop) stop->flag.store(true);
}

int sf_stop_requested(const sf_stop* stop) {
  return stop && stop->flag.load() ? 1 : 0;
}

void sf_stop_free(sf_stop* stop) {
  if (!stop) return;
  if (stop->watchdog.joinable()) {
    {
      std::lock_guard lock(stop->mutex);
      stop->closing = true;
    }
    stop->wake.notify_all();
    stop->watchdog.join();
  }
  delete stop;
}

size_t sf_puzzles_count(const sf_puzzles* puzzles) {
  return puzzles ? puzzles->entries.size() : 0;
}

sf_status sf_puzzles_get(const sf_puzzles* puzzles, size_t i, sf_puzzle* out) {
  return guarded([&] {
    require(puzzles, "puzzles");
    require(out, "out");
    if (i >= puzzles->entries.size()) {
      throw sudoforge::capi::Failure{SF_INVALID_ARGUMENT,
                                     "index " + std::to_string(i) + " is past the last of " +
                                         std::to_string(puzzles->entries.size()) + " puzzles"};
    }
    *out = puzzles->entries[i].view;
  });
}

void sf_puzzles_free(sf_puzzles* puzzles) {
  delete puzzles;
}

}  // extern "C"

void sf_puzzles::add(sudoforge::db::PuzzleRecord record) {
  using sudoforge::db::grid_to_text;
  Entry& e = entries.emplace_back();
  e.record = std::move(record);
  const sudoforge::db::PuzzleRecord& r = e.record;
  e.givens = grid_to_text(r.givens);
  if (r.solution) e.solution = grid_to_text(*r.solution);
  e.variant = r.variant();
  e.regions = r.regions();
  e.level = r.level.value_or("");
  e.hardest = r.hardest.value_or("");
  for (const std::string& t : r.techniques) e.techniques.push_back(t.c_str());

  sf_puzzle& v = e.view;
  v.id = r.id;
  v.size = r.size();
  v.clues = r.clues();
  v.givens = e.givens.c_str();
  v.solution = e.solution.c_str();
  v.variant = e.variant.c_str();
  v.regions = e.regions.c_str();
  v.symmetry = r.symmetry.c_str();
  v.minimal = r.minimal ? (*r.minimal ? 1 : 0) : -1;
  v.graded = r.rating_er ? 1 : 0;
  v.er = r.rating_er.value_or(0);
  v.ep = r.rating_ep.value_or(0);
  v.ed = r.rating_ed.value_or(0);
  v.level = e.level.c_str();
  v.hardest = e.hardest.c_str();
  v.technique_count = e.techniques.size();
  v.techniques = e.techniques.empty() ? nullptr : e.techniques.data();
  v.source = r.source.c_str();
  v.generated = r.seed && r.gen_index ? 1 : 0;
  v.seed = static_cast<uint64_t>(r.seed.value_or(0));
  v.index = static_cast<uint64_t>(r.gen_index.value_or(0));
}
