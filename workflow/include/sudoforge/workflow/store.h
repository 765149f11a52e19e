#pragma once
// Storing a stream of records in batches, one transaction each: a killed run keeps every
// batch committed before the kill, never half of one.
#include <chrono>
#include <vector>

#include "sudoforge/db/catalogue.h"

namespace sudoforge::workflow {

class BatchedStore {
 public:
  // A batch is committed once it holds `batch_records` records, or when a record arrives
  // more than `batch_time` after the last commit.
  explicit BatchedStore(db::Catalogue& catalogue, std::size_t batch_records = 500,
                        std::chrono::milliseconds batch_time = std::chrono::seconds(2));
  // Throws db::CatalogueError when a commit fails.
  void add(db::PuzzleRecord record);
  // Commits what is pending.
  void commit();
  // Added and duplicate records of the batches committed so far.
  const db::AddResult& stored() const { return stored_; }

 private:
  db::Catalogue& catalogue_;
  std::size_t batch_records_;
  std::chrono::milliseconds batch_time_;
  std::vector<db::PuzzleRecord> pending_;
  db::AddResult stored_;
  std::chrono::steady_clock::time_point last_commit_;
};

}  // namespace sudoforge::workflow
