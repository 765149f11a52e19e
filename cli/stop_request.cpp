#include "stop_request.h"

#include <signal.h>
#include <time.h>

#include <chrono>

namespace sudoforge::cli {
namespace {

// Process-wide, since a signal handler can reach nothing else; lock-free, so the handler
// may store into them.
std::atomic<bool> g_stop{false};
std::atomic<bool> g_signalled{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// CLOCK_MONOTONIC nanoseconds of the first signal; 0 before it.
std::atomic<long long> g_first_signal_ns{0};
static_assert(std::atomic<long long>::is_always_lock_free);

long long monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);  // async-signal-safe
  return static_cast<long long>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// A repeat within a second is the same request delivered twice (timeout(1) signals the
// command and then its whole process group), so only a later one ends the process.
extern "C" void on_stop_signal(int sig) {
  const long long now = monotonic_ns();
  long long first = 0;
  if (!g_first_signal_ns.compare_exchange_strong(first, now) && now - first > 1'000'000'000) {
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  g_signalled.store(true);
  g_stop.store(true);
}

struct sigaction g_old_int {
}, g_old_term{};

}  // namespace

StopRequest::StopRequest(std::optional<double> seconds) {
  g_stop = false;
  g_signalled = false;
  g_first_signal_ns = 0;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
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
