#include "progress.h"

#include <cmath>
#include <cstdio>

#include "cli_common.h"

namespace sudoforge::cli {

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const auto s = static_cast<long long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
  return buf;
}

std::string progress_text(const std::string& command, std::uint64_t done,
                          std::optional<std::uint64_t> total, double elapsed) {
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  char buf[128];
  if (total) {
    const double left = static_cast<double>(*total > done ? *total - done : 0);
    std::snprintf(buf, sizeof buf, "%llu/%llu puzzles, %.1f/s, ETA %s",
                  static_cast<unsigned long long>(done), static_cast<unsigned long long>(*total),
                  rate, format_duration(rate > 0 ? left / rate : -1).c_str());
  } else {
    std::snprintf(buf, sizeof buf, "%s, %.1f/s", count_of(done, "puzzle").c_str(), rate);
  }
  return "sudoforge " + command + ": " + buf;
}

Progress::Progress(std::string command, bool enabled, std::optional<std::uint64_t> total)
    : command_(std::move(command)),
      enabled_(enabled),
      total_(total),
      start_(std::chrono::steady_clock::now()) {}

void Progress::update(std::uint64_t done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  const bool last = total_ && done >= *total_;
  if (!last && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  std::fprintf(stderr, "\r%s\033[K", progress_text(command_, done, total_, elapsed).c_str());
  std::fflush(stderr);
  shown_ = true;
}

void Progress::clear() {
  if (shown_) std::fputs("\r\033[K", stderr);
  shown_ = false;
}

}  // namespace sudoforge::cli
