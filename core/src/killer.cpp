#include "sudoforge/core/killer.h"

#include <bit>

namespace sudoforge {
namespace {

// Every subset of 1..n by size and sum: sets[size][sum], masks ascending.
struct DigitSets {
  std::vector<std::vector<std::vector<std::uint32_t>>> sets;
  explicit DigitSets(int n) : sets(n + 1) {
    const int top = n * (n + 1) / 2;
    for (auto& by_sum : sets) by_sum.resize(top + 1);
    for (std::uint32_t mask = 1; mask < (1u << n); ++mask) {
      int sum = 0;
      for (int v = 1; v <= n; ++v) {
        if (mask & (1u << (v - 1))) sum += v;
      }
      sets[std::popcount(mask)][sum].push_back(mask);
    }
  }
};

}  // namespace

std::span<const std::uint32_t> cage_digit_sets(int n, int size, int sum) {
  if (n < 1 || n > kMaxKillerSize || size < 1 || size > n || sum < 1 || sum > n * (n + 1) / 2) {
    return {};
  }
  // Built once on first use for every size (thread-safe static initialisation).
  static const auto tables = [] {
    std::vector<DigitSets> out;
    for (int k = 0; k <= kMaxKillerSize; ++k) out.emplace_back(k);
    return out;
  }();
  return tables[n].sets[size][sum];
}

int min_cage_sum(int size) {
  return size * (size + 1) / 2;
}

int max_cage_sum(int n, int size) {
  return size * (2 * n - size + 1) / 2;
}

}  // namespace sudoforge
