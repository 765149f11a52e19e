#pragma once
// Running long library calls from Python without the GIL and with Ctrl-C honoured.
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>

namespace sudoforge::python {

// Runs work(stop) on a worker thread and returns its result (or rethrows its exception)
// on the calling thread, which holds the GIL on entry and exit. Meanwhile the GIL is
// released, so other Python threads run, and taken back briefly every 50 ms for
// PyErr_CheckSignals: Python runs signal handlers only on its main thread between
// bytecodes, so a call that kept the calling thread inside C++ would never see Ctrl-C.
// When a handler raised (KeyboardInterrupt), *stop is set (every library search and
// grading polls it and gives up within milliseconds), the worker is joined, and the
// Python exception is raised instead of the work's outcome.
template <class Work>
auto interruptible(Work&& work) -> std::invoke_result_t<Work&, const std::atomic<bool>*> {
  using Result = std::invoke_result_t<Work&, const std::atomic<bool>*>;
  std::atomic<bool> stop{false};
  std::optional<Result> result;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  bool interrupted = false;
  {
    pybind11::gil_scoped_release release;
    std::thread worker([&] {
      try {
        result.emplace(work(&stop));
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard lock(mutex);
      done = true;
      finished.notify_one();
    });
    std::unique_lock lock(mutex);
    while (!finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) {
      if (interrupted) continue;  // stop is raised: only waiting for the worker now
      lock.unlock();
      {
        pybind11::gil_scoped_acquire gil;
        interrupted = PyErr_CheckSignals() != 0;
      }
      if (interrupted) stop = true;
      lock.lock();
    }
    lock.unlock();
    worker.join();
  }
  if (interrupted) throw pybind11::error_already_set();
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

}  // namespace sudoforge::python
