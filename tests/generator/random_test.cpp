// The generator's draws (generator/src/random.h) against Boost's distribution they replace.
#include <gtest/gtest.h>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "random.h"

namespace {

using sudoforge::generator_detail::draw_below;
using sudoforge::generator_detail::Rng;

// draw_below must give Boost's uniform_int_distribution<std::size_t>(0, n - 1) draw and
// leave the engine where Boost leaves it, for every n: seeds are a function of both.
TEST(DrawBelow, MatchesBoostsUniformIntDistribution) {
  std::vector<std::uint64_t> sizes;
  for (std::uint64_t n = 1; n <= 300; ++n) sizes.push_back(n);
  // Bucket rounding (2^64 - 1 = n - 1 mod n) and frequent redraws (n just past 2^63).
  for (std::uint64_t n : {std::uint64_t{3}, std::uint64_t{5}, std::uint64_t{17},
                          std::uint64_t{1} << 32, (std::uint64_t{1} << 32) + 1,
                          std::uint64_t{1000000007}, (std::uint64_t{1} << 63) - 1,
                          std::uint64_t{1} << 63, (std::uint64_t{1} << 63) + 1,
                          (std::uint64_t{3} << 62) + 12345, ~std::uint64_t{0} - 1,
                          ~std::uint64_t{0}}) {
    sizes.push_back(n);
  }
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    Rng mine(seed), boosts(seed);
    for (int round = 0; round < 4; ++round) {
      for (std::uint64_t n : sizes) {
        boost::random::uniform_int_distribution<std::size_t> dist(0, n - 1);
        const std::size_t want = dist(boosts);
        ASSERT_EQ(draw_below(mine, n), want) << "seed " << seed << " n " << n;
      }
    }
    EXPECT_EQ(mine(), boosts());  // the same outputs consumed
  }
}

}  // namespace
