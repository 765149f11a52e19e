#pragma once
// Progress: the one progress line of long runs (generate, grade, testset, bench) on stderr:
//   sudoforge COMMAND: DONE/TOTAL puzzles, RATE/s, ETA M:SS[, N candidates graded]
// or, when the total is not known in advance (puzzles read from a pipe):
//   sudoforge COMMAND: DONE puzzles, RATE/s
// It is redrawn in place at most five times a second (and at DONE == TOTAL), and only when
// enabled: callers pass stderr_is_tty() && !quiet, so logs and pipes never get it. It is
// erased with the ANSI erase-line sequence, or, under NO_COLOR (no_color()), with spaces
// over its last text, so that no escape sequence is written. Every
// member is thread-safe (candidates are graded on worker threads, puzzles delivered on the
// calling thread).
//
// FilterWatch: the early word on a level or rating band that is slow to come.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace sudoforge::cli {

// "M:SS" or "H:MM:SS"; "?" for a negative or infinite duration.
std::string format_duration(double seconds);

// The text of the line (without the carriage return), for `done` of `total` after
// `elapsed` seconds, with the candidates graded when there are any.
std::string progress_text(const std::string& command, std::uint64_t done,
                          std::optional<std::uint64_t> total, double elapsed,
                          std::uint64_t graded = 0);

class Progress {
 public:
  // `total`: how many the run will do, when known.
  Progress(std::string command, bool enabled, std::optional<std::uint64_t> total);
  ~Progress() { clear(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool enabled() const { return enabled_; }
  void set_total(std::optional<std::uint64_t> total);
  // Puzzles done so far.
  void update(std::uint64_t done);
  // One more candidate graded: keeps the line moving while none is kept.
  void candidate();
  // Erases the line (before other messages go to stderr, and at the end).
  void clear();
  // Prints `line` (with its newline) on stderr without mangling the progress line.
  void note(const std::string& line);

 private:
  void draw(bool force);  // with mutex_ held
  void erase();           // with mutex_ held: the line shown, if any, is wiped

  std::mutex mutex_;
  std::string command_;
  bool enabled_;
  std::optional<std::uint64_t> total_;
  std::uint64_t done_ = 0, graded_ = 0;
  std::chrono::steady_clock::time_point start_, last_{};
  bool shown_ = false;
  bool plain_;             // NO_COLOR: erase with spaces, no escape sequences
  std::size_t width_ = 0;  // characters of the line shown, for plain_ erasing
};

// Watches a filter (a level, a rating band) while candidates are graded: after 200
// candidates or 10 s, once, if the `wanted` puzzles look far off (none kept yet, or more
// than a minute to go at the rate so far), says so on stderr with the estimate, e.g.
// "sudoforge generate: level hard on 4x4: none of 200 candidates kept so far (0:00); at
// this rate 5 puzzles need more than 1000 candidates; it may be out of reach on this
// board (see the README, Grading)".
class FilterWatch {
 public:
  // `what`: the filter in words ("level easy on 16x16"); `speak`: false for --quiet.
  FilterWatch(Progress& progress, std::string command, std::string what, std::uint64_t wanted,
              bool speak);
  // One graded candidate, kept or not (any thread).
  void graded(bool kept);
  std::uint64_t graded_count() const { return graded_.load(); }
  std::uint64_t kept_count() const { return kept_.load(); }

 private:
  Progress& progress_;
  std::string command_, what_;
  std::uint64_t wanted_;
  bool speak_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<std::uint64_t> graded_{0}, kept_{0};
  std::atomic<bool> spoken_{false};
};

}  // namespace sudoforge::cli
