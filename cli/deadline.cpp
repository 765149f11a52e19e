#include "deadline.h"

namespace sudoforge::cli {

Deadline::Deadline(std::optional<double> seconds) {
  if (!seconds) return;
  const auto until = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(*seconds));
  watchdog_ = std::thread([this, until] {
    std::unique_lock lock(mutex_);
    if (!wake_.wait_until(lock, until, [this] { return done_; })) expired_.store(true);
  });
}

Deadline::~Deadline() {
  if (!watchdog_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  watchdog_.join();
}

}  // namespace sudoforge::cli
