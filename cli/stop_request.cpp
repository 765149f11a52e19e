#include "stop_request.h"

#include <signal.h>

#include <chrono>

namespace sudoforge::cli {
namespace {

// Process-wide, since a signal handler can reach nothing else; lock-free, so the handler
// may store into them.
std::atomic<bool> g_stop{false};
std::atomic<bool> g_signalled{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_stop_signal(int) {
  g_signalled.store(true);
  g_stop.store(true);
}

struct sigaction g_old_int {
}, g_old_term{};

}  // namespace

StopRequest::StopRequest(std::optional<double> seconds) {
  g_stop = false;
  g_signalled = false;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sa.sa_flags = SA_RESETHAND;  // the second signal takes the default action
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
  if (!seconds) return;
  const auto until = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(*seconds));
  watchdog_ = std::thread([this, until] {
    std::unique_lock lock(mutex_);
    if (!wake_.wait_until(lock, until, [this] { return done_; })) {
      timed_out_.store(true);
      g_stop.store(true);
    }
  });
}

StopRequest::~StopRequest() {
  if (watchdog_.joinable()) {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    watchdog_.join();
  }
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

const std::atomic<bool>* StopRequest::flag() const {
  return &g_stop;
}

bool StopRequest::interrupted() const {
  return g_signalled.load(std::memory_order_relaxed);
}

}  // namespace sudoforge::cli
