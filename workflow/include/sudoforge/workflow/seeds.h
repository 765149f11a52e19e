#pragma once
// Run seeds: drawn when the user gives none, and split into independent streams.
#include <cstdint>

namespace sudoforge::workflow {

// A fresh 64-bit seed from std::random_device (the caller reports it so the run can be
// repeated).
std::uint64_t draw_seed();

// The seed of stream `stream` of run `seed`: independent of every other stream, and a
// function of (seed, stream) only (SplitMix64, as the generator derives puzzle seeds).
std::uint64_t split_seed(std::uint64_t seed, std::uint64_t stream);

}  // namespace sudoforge::workflow
