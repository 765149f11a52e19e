#pragma once
// Importing puzzles into a catalogue: each read record analysed (validity, uniqueness,
// rating, canonical key) on worker threads, kept when the request's target accepts it,
// turned into a record and stored, one transaction per batch.
#include <atomic>
#include <cstddef>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "sudoforge/core/record_reader.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/workflow/analysis.h"
#include "sudoforge/workflow/target.h"

namespace sudoforge::workflow {

struct ImportOptions {
  int threads = 1;
  std::size_t batch_records = 5000;  // records per transaction
  // Only puzzles the target accepts (accepts()) are stored; the others are counted as
  // skipped. A target that does not filter keeps every valid puzzle.
  Target target;
  std::optional<std::string> source;  // stored as every record's source; else its file's
  // Raised on a stop request (may be null): the batches analysed before it are stored
  // whole, the rest dropped.
  const std::atomic<bool>* stop = nullptr;
};

struct ImportCounts {
  long long added = 0;
  long long duplicates = 0;
  long long skipped = 0;  // valid puzzles the target did not accept
};

class Importer {
 public:
  // Called on the calling thread, in input order, for each record that is no valid
  // unique puzzle, with the reason.
  using OnInvalid =
      std::function<void(const std::string& source, int line, const std::string& error)>;
  Importer(db::Catalogue& catalogue, const ImportOptions& options, OnInvalid on_invalid);
  ~Importer();
  Importer(const Importer&) = delete;
  Importer& operator=(const Importer&) = delete;

  // Queues a record read from `source`; a full batch goes to the workers while the one
  // before it is stored. Throws db::CatalogueError when a commit fails.
  void add(const Record& record, const std::string& source);
  // Analyses and stores what is queued (what is not yet analysed is dropped after a stop
  // request) and waits for the workers. Throws db::CatalogueError.
  void finish();
  const ImportCounts& counts() const { return counts_; }

 private:
  struct Pending {
    Record record;
    std::string source;
  };
  struct Analysed {
    std::vector<Pending> pending;
    std::vector<PuzzleAnalysis> results;
  };
  void flush();
  void store(Analysed analysed);
  bool stopped() const;

  db::Catalogue& catalogue_;
  ImportOptions options_;
  OnInvalid on_invalid_;
  std::vector<PuzzleAnalyzer> analyzers_;
  std::vector<Pending> pending_;
  std::future<Analysed> inflight_;
  ImportCounts counts_;
};

}  // namespace sudoforge::workflow
