// generate_batch: puzzles by index on a pool of workers (run_ordered), delivered in index
// order. Each puzzle depends on (seed, index) only, so the output does not depend on the
// number of threads; a stop request halts the Generators between uniqueness searches.
#include "sudoforge/generator/ordered_batch.h"

namespace sudoforge {
namespace {

constexpr std::uint64_t kWindowPerThread = 256;

}  // namespace

BatchResult generate_batch(const GeneratorOptions& options, const BatchOptions& batch,
                           const AcceptFactory& accept_factory,
                           const std::function<void(const GeneratedPuzzle&)>& on_puzzle,
                           const std::atomic<bool>* stop) {
  validate(options);
  if (batch.threads < 1 || batch.threads > 256) {
    throw GeneratorError("threads must be between 1 and 256");
  }
  const std::function<OrderedWork<GeneratedPuzzle>()> make_worker = [&] {
    auto generator = std::make_shared<Generator>(options);
    Accept accept = accept_factory ? accept_factory() : Accept{};
    return OrderedWork<GeneratedPuzzle>(
        [generator, accept, seed = batch.seed](std::uint64_t index, const std::atomic<bool>* halt) {
          return generator->generate(seed, index, accept, halt);
        });
  };
  const std::function<void(GeneratedPuzzle&)> deliver = [&](GeneratedPuzzle& p) { on_puzzle(p); };
  return run_ordered<GeneratedPuzzle>(batch.first_index, batch.count, batch.threads,
                                      kWindowPerThread * static_cast<std::uint64_t>(batch.threads),
                                      batch.deadline, make_worker, deliver, stop);
}

}  // namespace sudoforge
