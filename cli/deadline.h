#pragma once
// Deadline: --time-limit as a stop flag that a watchdog thread raises when the time is up,
// so a single long search (polling the flag through SearchLimits) ends too, not only the
// loop between records.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace sudoforge::cli {

class Deadline {
 public:
  // No limit when `seconds` is empty: the flag then never rises.
  explicit Deadline(std::optional<double> seconds);
  ~Deadline();
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

  const std::atomic<bool>* flag() const { return &expired_; }
  bool expired() const { return expired_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> expired_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread watchdog_;
};

}  // namespace sudoforge::cli
