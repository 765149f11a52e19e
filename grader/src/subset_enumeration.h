#pragma once
// Internal to the grader: the enumeration of "tight" subsets (k masks whose union has k
// bits) that the naked and hidden set finders and the fish finder share.
#include <array>
#include <type_traits>

#include "candidate_grid.h"

namespace sudoforge::grader::detail {

// Calls f(std::integral_constant<int, degree>{}, std::integral_constant<int, kN>{}) with the
// finder's degree (2 .. kMaxDegree; a larger one is taken as kMaxDegree) and kN = 9 on
// 9-value boards, 0 (the width read at run time) on the others: the finders compiled per
// degree and width (their loop bounds and enumeration depth constants) share this switch.
template <int kMaxDegree, class F>
bool with_constant_degree(int n, int degree, F&& f) {
  const auto by_degree = [&](auto width) {
    if (degree == 2) return f(std::integral_constant<int, 2>{}, width);
    if (kMaxDegree == 3 || degree == 3) return f(std::integral_constant<int, 3>{}, width);
    return f(std::integral_constant<int, kMaxDegree>{}, width);
  };
  return n == 9 ? by_degree(std::integral_constant<int, 9>{})
                : by_degree(std::integral_constant<int, 0>{});
}

// Elements D.. of a K-subset for tight_subsets (the depth is known at compile time: the
// nested loops of the plain enumeration, with the pruning).
template <int K, int D, class F>
bool tight_subsets_from(const Mask* masks, int m, int from, Mask uni, std::array<int, 8>& idx,
                        F& f) {
  for (int i = from; i <= m - (K - D); ++i) {
    const Mask u = uni | masks[i];
    if (D > 0 && popcount(u) > K) continue;  // each mask alone has at most K bits
    idx[D] = i;
    if constexpr (D + 1 == K) {
      if (popcount(u) == K && f(static_cast<const std::array<int, 8>&>(idx))) return true;
    } else {
      if (tight_subsets_from<K, D + 1>(masks, m, i + 1, u, idx, f)) return true;
    }
  }
  return false;
}

// tight_subsets for a k known at compile time (1 to 4): the finders whose degree is a
// template argument call this, without the switch. Each mask has at most K bits.
template <int K, class F>
bool tight_subsets_of(const Mask* masks, int m, F&& f) {
  if (K > m) return false;
  std::array<int, 8> idx{};  // idx[0 .. K) are the chosen indices
  return tight_subsets_from<K, 0>(masks, m, 0, 0, idx, f);
}

// Calls f(indices) on the k-subsets of masks[0..m) whose union has exactly k bits, in
// lexicographic order of the indices, until it returns true. Each mask has at most k bits
// (the finders list only such; a first element is then not tested). A prefix whose union already
// has more than k bits is not extended: no subset through it qualifies, so the calls are
// those of the plain enumeration that tests every k-subset. k is 1 to 4 (the finders'
// degrees are 2 to 4); for any other k, it returns false.
template <class F>
bool tight_subsets(const Mask* masks, int m, int k, F&& f) {
  if (k > m) return false;
  std::array<int, 8> idx{};  // idx[0 .. k) are the chosen indices
  switch (k) {
    case 1:
      return tight_subsets_from<1, 0>(masks, m, 0, 0, idx, f);
    case 2:
      return tight_subsets_from<2, 0>(masks, m, 0, 0, idx, f);
    case 3:
      return tight_subsets_from<3, 0>(masks, m, 0, 0, idx, f);
    case 4:
      return tight_subsets_from<4, 0>(masks, m, 0, 0, idx, f);
    default:
      return false;
  }
}

}  // namespace sudoforge::grader::detail
