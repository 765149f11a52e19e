#pragma once
// Internal to the grader: SE's length adjustment of a chain's rating, which every chain
// technique (static, dynamic, nested) adds to its base rating.
#include <array>
#include <cstdint>

namespace sudoforge::grader::detail {

// SE's length adjustment in tenths for a chain of `complexity` nodes: +1 each time the
// length (complexity - 2) passes 4, 6, 8, 12, 16, 24, 32, 48, ... Inline, with a table for
// the usual sizes: the chain searches ask for it at every layer.
constexpr int length_difficulty_by_steps(int complexity) {
  int added = 0, ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    ++added;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}
inline int length_difficulty(int complexity) {
  static constexpr auto kTable = [] {
    std::array<std::uint8_t, 256> t{};
    for (int c = 0; c < 256; ++c) t[c] = static_cast<std::uint8_t>(length_difficulty_by_steps(c));
    return t;
  }();
  return complexity >= 0 && complexity < 256 ? kTable[complexity]
                                             : length_difficulty_by_steps(complexity);
}

}  // namespace sudoforge::grader::detail
