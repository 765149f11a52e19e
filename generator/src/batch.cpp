// generate_batch: a pool of workers building puzzles by index, delivered in index order.
//
// Workers take the next index from a shared counter, build the puzzle with their own
// Generator and Accept, and park it in a reorder buffer (index -> puzzle). The calling
// thread hands the buffer's head to on_puzzle whenever the next index in order is there.
// A worker does not start an index more than kWindow ahead of the next one to deliver, so
// a slow puzzle cannot make the buffer grow without bound. Since each puzzle depends on
// (seed, index) only, the output does not depend on the number of threads.
//
// Stopping: the calling thread polls `stop` and the deadline every few milliseconds and
// raises an internal halt flag, which the Generators check between uniqueness searches;
// puzzles already finished and contiguous with what was delivered are still delivered,
// in-flight ones are dropped.
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "sudoforge/generator/generator.h"

namespace sudoforge {
namespace {

constexpr std::uint64_t kWindowPerThread = 256;
constexpr auto kPoll = std::chrono::milliseconds(5);

}  // namespace

BatchResult generate_batch(const GeneratorOptions& options, const BatchOptions& batch,
                           const AcceptFactory& accept_factory,
                           const std::function<void(const GeneratedPuzzle&)>& on_puzzle,
                           const std::atomic<bool>* stop) {
  validate(options);
  if (batch.threads < 1 || batch.threads > 256) {
    throw GeneratorError("threads must be between 1 and 256");
  }
  BatchResult result;
  if (batch.count == 0) return result;
  const std::uint64_t end = batch.first_index + batch.count;
  if (end < batch.first_index) throw GeneratorError("index range overflows");
  const std::uint64_t window = kWindowPerThread * static_cast<std::uint64_t>(batch.threads);

  std::mutex mutex;
  std::condition_variable ready_cv;   // main waits: a puzzle arrived or a worker failed
  std::condition_variable window_cv;  // workers wait: the window moved or halt
  std::map<std::uint64_t, GeneratedPuzzle> ready;
  std::uint64_t next_to_start = batch.first_index;
  std::uint64_t next_to_deliver = batch.first_index;
  std::exception_ptr error;
  std::atomic<bool> halt{false};
  int running = batch.threads;

  auto worker = [&] {
    try {
      Generator generator(options);
      const Accept accept = accept_factory ? accept_factory() : Accept{};
      for (;;) {
        std::uint64_t index;
        {
          std::unique_lock lock(mutex);
          window_cv.wait(lock, [&] {
            return halt.load() || next_to_start >= end || next_to_start < next_to_deliver + window;
          });
          if (halt.load() || next_to_start >= end) break;
          index = next_to_start++;
        }
        auto puzzle = generator.generate(batch.seed, index, accept, &halt);
        if (!puzzle) break;  // halted
        std::lock_guard lock(mutex);
        ready.emplace(index, std::move(*puzzle));
        if (index == next_to_deliver) ready_cv.notify_one();
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      halt = true;
      window_cv.notify_all();
    }
    std::lock_guard lock(mutex);
    --running;
    ready_cv.notify_one();
  };

  std::vector<std::thread> threads;
  threads.reserve(batch.threads);
  for (int t = 0; t < batch.threads; ++t) threads.emplace_back(worker);

  auto check_stop = [&] {
    if (halt.load()) return;
    if (stop && stop->load()) {
      result.end = BatchEnd::kStopped;
      halt = true;
    } else if (batch.deadline && std::chrono::steady_clock::now() >= *batch.deadline) {
      result.end = BatchEnd::kDeadline;
      halt = true;
    }
  };

  {
    std::unique_lock lock(mutex);
    while (next_to_deliver < end) {
      ready_cv.wait_for(lock, kPoll, [&] {
        return error || running == 0 || ready.count(next_to_deliver) != 0;
      });
      check_stop();
      if (error) break;
      // Deliver the contiguous run at the head of the buffer (also after a stop: what is
      // finished and in order is kept).
      bool moved = false;
      for (auto it = ready.find(next_to_deliver); it != ready.end();
           it = ready.find(next_to_deliver)) {
        GeneratedPuzzle puzzle = std::move(it->second);
        ready.erase(it);
        lock.unlock();
        try {
          on_puzzle(puzzle);
        } catch (...) {
          lock.lock();
          if (!error) error = std::current_exception();
          halt = true;
          break;
        }
        lock.lock();
        ++next_to_deliver;
        ++result.delivered;
        moved = true;
      }
      if (moved) window_cv.notify_all();
      if (error || halt.load() || running == 0) break;
    }
    halt = true;
    window_cv.notify_all();
  }
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  if (result.delivered == batch.count) result.end = BatchEnd::kComplete;
  return result;
}

}  // namespace sudoforge
