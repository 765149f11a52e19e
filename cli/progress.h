#pragma once
// Progress: the one progress line of long runs (generate, grade, testset) on stderr:
//   sudoforge COMMAND: DONE/TOTAL puzzles, RATE/s, ETA M:SS
// or, when the total is not known in advance (puzzles read from a pipe):
//   sudoforge COMMAND: DONE puzzles, RATE/s
// It is redrawn in place at most five times a second (and at DONE == TOTAL), and only
// when enabled: callers pass stderr_is_tty() && !quiet, so logs and pipes never get it.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace sudoforge::cli {

// "M:SS" or "H:MM:SS"; "?" for a negative or infinite duration.
std::string format_duration(double seconds);

// The text of the line (without the carriage return), for `done` of `total` after
// `elapsed` seconds.
std::string progress_text(const std::string& command, std::uint64_t done,
                          std::optional<std::uint64_t> total, double elapsed);

class Progress {
 public:
  // `total`: how many the run will do, when known.
  Progress(std::string command, bool enabled, std::optional<std::uint64_t> total);
  ~Progress() { clear(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool enabled() const { return enabled_; }
  void set_total(std::optional<std::uint64_t> total) { total_ = total; }
  void update(std::uint64_t done);
  // Erases the line (before other messages go to stderr, and at the end).
  void clear();

 private:
  std::string command_;
  bool enabled_;
  std::optional<std::uint64_t> total_;
  std::chrono::steady_clock::time_point start_, last_{};
  bool shown_ = false;
};

}  // namespace sudoforge::cli
