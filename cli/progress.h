#pragma once
// The progress line of the generating commands (generate, testset) and the early word on a
// level or rating band that is slow to come: both on stderr, both thread-safe (the
// candidates are graded on worker threads, the puzzles delivered on the calling thread).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace sudoforge::cli {

// "m:ss" or "h:mm:ss"; "?" for a negative or infinite time.
std::string format_duration(double seconds);

// The progress line: "sudoforge CMD: done/total puzzles, rate/s, ETA", plus the
// candidates graded when a filter grades them; at most five updates a second. Shown only
// when enabled (a terminal, no --quiet).
class Progress {
 public:
  Progress(std::string command, bool enabled, std::uint64_t total);
  // Puzzles delivered so far (the calling thread).
  void update(std::uint64_t done);
  // One more candidate graded (any thread): keeps the line moving while none is kept.
  void candidate();
  // Erases the line (before other output on stderr, and at the end).
  void clear();
  // Prints `line` (with its newline) on stderr without mangling the progress line.
  void note(const std::string& line);

 private:
  void draw(bool force);  // with mutex_ held

  std::mutex mutex_;
  std::string command_;
  bool enabled_;
  std::uint64_t total_;
  std::uint64_t done_ = 0, graded_ = 0;
  std::chrono::steady_clock::time_point start_, last_{};
  bool shown_ = false;
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
