#pragma once
// The generator's random draws: Boost's mt19937_64 and uniform_int_distribution, whose
// outputs Boost fixes on every platform, so a seed gives the same draws everywhere.
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace sudoforge::generator_detail {

using Rng = boost::random::mt19937_64;

// A uniform integer in [0, n) (n > 0): the draw of Boost's
// uniform_int_distribution<std::size_t>(0, n - 1) on Rng, consuming the same engine outputs.
// Written out for this engine (its outputs span all 64 bits) because Boost's generic
// generate_uniform_int is an out-of-line call with tests for other engines and ranges, a
// large share of the reduction's order shuffle (generator/PERF_NOTES.md, session 28).
// `DrawBelow.MatchesBoostsUniformIntDistribution` compares the two.
inline std::size_t draw_below(Rng& rng, std::size_t n) {
  static_assert(std::is_same_v<Rng::result_type, std::uint64_t> && Rng::word_size == 64);
  if (n <= 1) return 0;  // range 0: Boost draws nothing
  // Boost: 2^64 - 1 outputs past the first are split into n buckets of bucket_size
  // (rounded up when the remainder is n - 1), a draw past the last bucket is drawn again.
  constexpr std::uint64_t kRange = ~std::uint64_t{0};
  const std::uint64_t bucket = kRange / n + (kRange % n == n - 1 ? 1 : 0);
  for (;;) {
    const std::uint64_t r = rng() / bucket;
    if (r < n) return static_cast<std::size_t>(r);
  }
}

// Fisher-Yates, spelled out: std::shuffle's algorithm is not fixed by the standard.
template <typename T>
void shuffle(std::vector<T>& v, Rng& rng) {
  for (std::size_t i = v.size(); i > 1; --i) {
    const std::size_t j = draw_below(rng, i);
    std::swap(v[i - 1], v[j]);
  }
}

}  // namespace sudoforge::generator_detail
