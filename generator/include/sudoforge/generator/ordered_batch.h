#pragma once
// run_ordered: a pool of workers building items by index, delivered in index order. The
// machinery of generate_batch, for any item a worker computes from its index alone (one
// puzzle; a chunk of technique-targeted puzzles; a puzzle on a pattern).
//
// Workers take the next index from a shared counter, build the item with their own state
// (make_worker is called once per worker thread), and park it in a reorder buffer (index
// -> item). The calling thread hands the buffer's head to deliver whenever the next index
// in order is there. A worker does not start an index more than `window` ahead of the
// next one to deliver, so a slow item cannot make the buffer grow without bound. Since
// each item depends on its index only, the output does not depend on the number of
// threads.
//
// Stopping: the calling thread polls `stop` and the deadline every few milliseconds and
// raises a halt flag, which the workers get to poll; items already finished and
// contiguous with what was delivered are still delivered, in-flight ones are dropped.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "sudoforge/generator/generator.h"

namespace sudoforge {

// Item work(index, halt): the item of `index`, or nullopt when halted. Called on a worker.
template <class Item>
using OrderedWork =
    std::function<std::optional<Item>(std::uint64_t index, const std::atomic<bool>* halt)>;

// Builds items first..first+count-1 on `threads` workers and calls deliver(item) on the
// calling thread in index order, never concurrently. `stop` (may be null) is polled every
// few milliseconds. Exceptions from workers or deliver stop the run and are rethrown here
// after every worker has joined.
template <class Item>
BatchResult run_ordered(std::uint64_t first, std::uint64_t count, int threads, std::uint64_t window,
                        std::optional<std::chrono::steady_clock::time_point> deadline,
                        const std::function<OrderedWork<Item>()>& make_worker,
                        const std::function<void(Item&)>& deliver, const std::atomic<bool>* stop) {
  constexpr auto kPoll = std::chrono::milliseconds(5);
  BatchResult result;
  if (count == 0) return result;
  const std::uint64_t end = first + count;
  if (end < first) throw GeneratorError("index range overflows");

  std::mutex mutex;
  std::condition_variable ready_cv;   // main waits: an item arrived or a worker failed
  std::condition_variable window_cv;  // workers wait: the window moved or halt
  std::map<std::uint64_t, Item> ready;
  std::uint64_t next_to_start = first;
  std::uint64_t next_to_deliver = first;
  std::exception_ptr error;
  std::atomic<bool> halt{false};
  int running = threads;

  auto worker = [&] {
    try {
      const OrderedWork<Item> work = make_worker();
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
        std::optional<Item> item = work(index, &halt);
        if (!item) break;  // halted
        std::lock_guard lock(mutex);
        ready.emplace(index, std::move(*item));
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

  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);

  auto check_stop = [&] {
    if (halt.load()) return;
    if (stop && stop->load()) {
      result.end = BatchEnd::kStopped;
      halt = true;
    } else if (deadline && std::chrono::steady_clock::now() >= *deadline) {
      result.end = BatchEnd::kDeadline;
      halt = true;
    }
  };

  {
    std::unique_lock lock(mutex);
    while (next_to_deliver < end) {
      ready_cv.wait_for(lock, kPoll,
                        [&] { return error || running == 0 || ready.count(next_to_deliver) != 0; });
      check_stop();
      if (error) break;
      // Deliver the contiguous run at the head of the buffer (also after a stop: what is
      // finished and in order is kept).
      bool moved = false;
      for (auto it = ready.find(next_to_deliver); it != ready.end();
           it = ready.find(next_to_deliver)) {
        Item item = std::move(it->second);
        ready.erase(it);
        lock.unlock();
        try {
          deliver(item);
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
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  if (result.delivered == count) result.end = BatchEnd::kComplete;
  return result;
}

}  // namespace sudoforge
