#include "sudoforge/workflow/store.h"

#include <utility>

namespace sudoforge::workflow {

BatchedStore::BatchedStore(db::Catalogue& catalogue, std::size_t batch_records,
                           std::chrono::milliseconds batch_time)
    : catalogue_(catalogue),
      batch_records_(batch_records),
      batch_time_(batch_time),
      last_commit_(std::chrono::steady_clock::now()) {}

void BatchedStore::add(db::PuzzleRecord record) {
  pending_.push_back(std::move(record));
  if (pending_.size() >= batch_records_ ||
      std::chrono::steady_clock::now() - last_commit_ > batch_time_) {
    commit();
  }
}

void BatchedStore::commit() {
  if (pending_.empty()) return;
  const db::AddResult r = catalogue_.add(pending_);
  stored_.added += r.added;
  stored_.duplicates += r.duplicates;
  pending_.clear();
  last_commit_ = std::chrono::steady_clock::now();
}

}  // namespace sudoforge::workflow
