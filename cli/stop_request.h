#pragma once
// StopRequest: the one stop flag of a command's run, raised by SIGINT or SIGTERM (Ctrl-C,
// kill, timeout(1)) or by --time-limit, and polled by every long computation it is handed
// to (SearchLimits::stop for the solver, GradeOptions::stop for the grader, the generator
// batch's stop), so a single long search ends within milliseconds too, not only the loop
// between records.
//
// While one exists, the first SIGINT or SIGTERM raises the flag; another one more than a
// second later ends the process at once with the signal's default action (so a run is
// never unkillable), while repeats within that second count as the same request. The destructor
// restores the handlers found at construction. At most one StopRequest may exist at a time (the
// handlers are process-wide).
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace sudoforge::cli {

class StopRequest {
 public:
  // No time limit when `seconds` is empty.
  explicit StopRequest(std::optional<double> seconds = std::nullopt);
  ~StopRequest();
  StopRequest(const StopRequest&) = delete;
  StopRequest& operator=(const StopRequest&) = delete;

  // Raised by a signal or by the time limit; stays raised.
  const std::atomic<bool>* flag() const;
  bool requested() const { return flag()->load(std::memory_order_relaxed); }
  // Why: a signal (the command exits 130) or the time limit (it ends normally, reporting
  // the unfinished records). A signal after the time limit still counts as interrupted.
  bool interrupted() const;
  bool timed_out() const { return timed_out_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> timed_out_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread watchdog_;
};

}  // namespace sudoforge::cli
