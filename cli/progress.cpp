#include "progress.h"

#include <cmath>
#include <cstdio>
#include <utility>

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
                          std::optional<std::uint64_t> total, double elapsed,
                          std::uint64_t graded) {
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  char buf[160];
  if (total) {
    const double left = static_cast<double>(*total > done ? *total - done : 0);
    std::snprintf(buf, sizeof buf, "%llu/%llu puzzles, %.1f/s, ETA %s",
                  static_cast<unsigned long long>(done), static_cast<unsigned long long>(*total),
                  rate, format_duration(rate > 0 ? left / rate : -1).c_str());
  } else {
    std::snprintf(buf, sizeof buf, "%s, %.1f/s", count_of(done, "puzzle").c_str(), rate);
  }
  std::string text = "sudoforge " + command + ": " + buf;
  if (graded > 0) text += ", " + count_of(graded, "candidate") + " graded";
  return text;
}

Progress::Progress(std::string command, bool enabled, std::optional<std::uint64_t> total)
    : command_(std::move(command)),
      enabled_(enabled),
      total_(total),
      start_(std::chrono::steady_clock::now()),
      plain_(no_color()) {}

void Progress::set_total(std::optional<std::uint64_t> total) {
  std::lock_guard lock(mutex_);
  total_ = total;
}

void Progress::update(std::uint64_t done) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  done_ = done;
  draw(total_ && done >= *total_);
}

void Progress::candidate() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  ++graded_;
  draw(false);
}

void Progress::draw(bool force) {
  const auto now = std::chrono::steady_clock::now();
  if (!force && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const std::string text = progress_text(command_, done_, total_, elapsed, graded_);
  if (plain_) {
    // Spaces cover what is left of a longer line drawn before.
    const std::size_t pad = width_ > text.size() ? width_ - text.size() : 0;
    std::fprintf(stderr, "\r%s%s", text.c_str(), std::string(pad, ' ').c_str());
  } else {
    std::fprintf(stderr, "\r%s\033[K", text.c_str());
  }
  std::fflush(stderr);
  width_ = text.size();
  shown_ = true;
}

void Progress::erase() {
  if (!shown_) return;
  if (plain_)
    std::fprintf(stderr, "\r%s\r", std::string(width_, ' ').c_str());
  else
    std::fputs("\r\033[K", stderr);
  shown_ = false;
  width_ = 0;
}

void Progress::clear() {
  std::lock_guard lock(mutex_);
  erase();
}

void Progress::note(const std::string& line) {
  std::lock_guard lock(mutex_);
  erase();
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
}

FilterWatch::FilterWatch(Progress& progress, std::string command, std::string what,
                         std::uint64_t wanted, bool speak)
    : progress_(progress),
      command_(std::move(command)),
      what_(std::move(what)),
      wanted_(wanted),
      speak_(speak),
      start_(std::chrono::steady_clock::now()) {}

void FilterWatch::graded(bool kept) {
  const std::uint64_t n = ++graded_;
  const std::uint64_t k = kept ? ++kept_ : kept_.load();
  progress_.candidate();
  if (!speak_ || spoken_.load()) return;
  const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (n < 200 && t < 10) return;
  if (spoken_.exchange(true)) return;
  const auto W = static_cast<unsigned long long>(wanted_);
  const char* puzzles = wanted_ == 1 ? "puzzle" : "puzzles";
  char buf[400];
  if (k == 0) {
    // No hit yet: the rate is below one in n candidates (and one per t seconds).
    std::snprintf(buf, sizeof buf,
                  "sudoforge %s: %s: none of %llu candidates kept so far (%s); at this rate "
                  "%llu %s need more than %llu candidates%s%s; it may be out of reach on this "
                  "board (see the README, Grading)\n",
                  command_.c_str(), what_.c_str(), static_cast<unsigned long long>(n),
                  format_duration(t).c_str(), W, puzzles, static_cast<unsigned long long>(n) * W,
                  t >= 1 ? " and " : "", t >= 1 ? format_duration(t * wanted_).c_str() : "");
  } else {
    const double eta = (wanted_ > k ? wanted_ - k : 0) * t / k;
    if (eta <= 60) return;
    std::snprintf(buf, sizeof buf,
                  "sudoforge %s: %s: %llu of %llu candidates kept so far (%s); at this rate "
                  "%llu %s take about %s more\n",
                  command_.c_str(), what_.c_str(), static_cast<unsigned long long>(k),
                  static_cast<unsigned long long>(n), format_duration(t).c_str(), W, puzzles,
                  format_duration(eta).c_str());
  }
  progress_.note(buf);
}

}  // namespace sudoforge::cli
