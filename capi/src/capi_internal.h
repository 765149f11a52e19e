#pragma once
// What the C API's translation units share: the status of a failed call with its message
// (set on the calling thread for sf_last_error), the one place that turns every C++
// exception into a status, and reading the puzzle text and board options of the C structs.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "sudoforge.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/db/catalogue.h"

// The handles' definitions, in the global namespace as the header declares them.
struct sf_stop {
  std::atomic<bool> flag{false};
  // The time limit's watchdog (joinable only when a limit was set).
  std::mutex mutex;
  std::condition_variable wake;
  bool closing = false;
  std::thread watchdog;
};

namespace sudoforge::capi {

// Thrown inside the API to return `status` with `message`; never leaves it.
struct Failure {
  sf_status status;
  std::string message;
};

// Records the outcome of a call on this thread for sf_last_error and returns it.
sf_status finish(sf_status status, std::string message = {});

// Runs `body` (returning nothing; it throws on failure) and maps whatever it throws to a
// status and message. Nothing escapes: this is the boundary every entry point goes through.
template <class Body>
sf_status guarded(Body&& body) noexcept;
sf_status status_of_current_exception() noexcept;

template <class Body>
sf_status guarded(Body&& body) noexcept {
  try {
    body();
    return finish(SF_OK);
  } catch (...) {
    return status_of_current_exception();
  }
}

// Throws Failure(SF_INVALID_ARGUMENT) naming `what` when `pointer` is NULL.
void require(const void* pointer, const char* what);

// The one puzzle of `text`, read as `variant` (NULL = classic). Throws Failure: SF_PARSE
// for text that is not one puzzle, SF_INVALID_ARGUMENT for a bad variant.
Grid read_puzzle(const char* text, const char* variant);

// The flag a long call polls for `stop` (NULL: none).
inline const std::atomic<bool>* flag_of(sf_stop* stop) {
  return stop ? &stop->flag : nullptr;
}

}  // namespace sudoforge::capi

// The records behind an sf_puzzles handle and the C views of them, built once: the handle
// is immutable afterwards, so several threads may read it.
struct sf_puzzles {
  struct Entry {
    sudoforge::db::PuzzleRecord record;
    std::string givens, solution, variant, regions, level, hardest;
    std::vector<const char*> techniques;
    sf_puzzle view{};
  };
  // A deque: appending never moves the entries the views point into.
  std::deque<Entry> entries;

  // Appends `record` and builds its view.
  void add(sudoforge::db::PuzzleRecord record);
};
