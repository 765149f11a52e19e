#include "sudoforge/workflow/import.h"

#include <utility>

#include "sudoforge/workflow/record.h"

namespace sudoforge::workflow {

Importer::Importer(db::Catalogue& catalogue, const ImportOptions& options, OnInvalid on_invalid)
    : catalogue_(catalogue),
      options_(options),
      on_invalid_(std::move(on_invalid)),
      // A ceiling rejects puzzles above the target early; it never changes the rating of
      // a puzzle the target accepts, so what is stored is the same as without it.
      analyzers_(make_analyzers(options.threads, grade_options(options.target), options.stop)) {}

Importer::~Importer() {
  // A batch still with the workers (an exception left finish() unreached) is waited for:
  // it uses the analyzers.
  if (inflight_.valid()) inflight_.wait();
}

bool Importer::stopped() const {
  return options_.stop && options_.stop->load();
}

void Importer::add(const Record& record, const std::string& source) {
  pending_.push_back({record, source});
  if (pending_.size() >= options_.batch_records) flush();
}

void Importer::finish() {
  if (!stopped()) flush();
  if (inflight_.valid()) store(inflight_.get());
}

// A pipeline of two: the workers validate, grade and canonicalise batch k+1 while the
// calling thread stores batch k and reads on.
void Importer::flush() {
  if (pending_.empty()) return;
  // One batch in the workers at a time: they share the analyzers.
  std::optional<Analysed> done;
  if (inflight_.valid()) done = inflight_.get();
  inflight_ = std::async(std::launch::async, [this, p = std::move(pending_)]() mutable {
    std::vector<AnalysisJob> jobs;
    jobs.reserve(p.size());
    for (const Pending& x : p) jobs.push_back({&x.record.grid, &x.record.style.alphabet, true});
    Analysed a;
    a.results = analyze_all(jobs, analyzers_, false, [this] { return !stopped(); });
    a.pending = std::move(p);
    return a;
  });
  pending_.clear();
  if (done) store(std::move(*done));
}

// One analysed batch in one transaction: a killed import keeps every batch committed
// before the kill, never half of one. Invalid records are reported here, in input order.
void Importer::store(Analysed a) {
  std::vector<db::PuzzleRecord> batch;
  for (std::size_t i = 0; i < a.pending.size(); ++i) {
    PuzzleAnalysis& r = a.results[i];
    if (!r.done) break;  // abandoned on a stop request, and so is every later one
    if (!r.error.empty()) {
      on_invalid_(a.pending[i].source, a.pending[i].record.line, r.error);
      continue;
    }
    if (!accepts(options_.target, r.rating)) {
      ++counts_.skipped;
      continue;
    }
    db::PuzzleRecord rec = record_from(a.pending[i].record.grid, r);
    rec.canonical = std::move(r.canonical);
    rec.source = options_.source.value_or(a.pending[i].source);
    batch.push_back(std::move(rec));
  }
  const db::AddResult r = catalogue_.add(batch);
  counts_.added += r.added;
  counts_.duplicates += r.duplicates;
}

}  // namespace sudoforge::workflow
