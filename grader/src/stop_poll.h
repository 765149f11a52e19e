#pragma once
// Internal to the grader: the stop request of the rating in progress on this thread.
//
// Grader::rate opens a StopScope with GradeOptions::stop; the long searches (chainings,
// the nested producers, aligned exclusion) call poll_stop(), which throws GradingStopped
// once the flag is raised. Why thread-local rather than a member of every search: the flag
// must reach producers nested several levels deep, whose state is built per grid and
// shared by the static and dynamic chains, and a rating runs on one thread only (a Grader
// is not thread-safe), so the scope is exactly the call to rate().
#include <atomic>

#include "sudoforge/grader/grader.h"

namespace sudoforge::grader::detail {

inline thread_local const std::atomic<bool>* t_stop_flag = nullptr;

class StopScope {
 public:
  explicit StopScope(const std::atomic<bool>* flag) : saved_(t_stop_flag) { t_stop_flag = flag; }
  ~StopScope() { t_stop_flag = saved_; }
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

 private:
  const std::atomic<bool>* saved_;
};

// One relaxed load when a flag is set; nothing else on the hot path.
inline void poll_stop() {
  const std::atomic<bool>* flag = t_stop_flag;
  if (flag && flag->load(std::memory_order_relaxed)) throw GradingStopped();
}

}  // namespace sudoforge::grader::detail
