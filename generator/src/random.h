#pragma once
// The generator's random draws: Boost's mt19937_64 and uniform_int_distribution, whose
// outputs Boost fixes on every platform, so a seed gives the same draws everywhere.
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cstddef>
#include <utility>
#include <vector>

namespace sudoforge::generator_detail {

using Rng = boost::random::mt19937_64;

// A uniform integer in [0, n) (n > 0).
inline std::size_t draw_below(Rng& rng, std::size_t n) {
  boost::random::uniform_int_distribution<std::size_t> dist(0, n - 1);
  return dist(rng);
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
