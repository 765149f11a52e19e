#pragma once
#include <cstdint>

namespace sudoforge {

// What a search cost. nodes: search-tree nodes entered (each row tried in a column
// counts one, forced or not); guesses: choices made at a column with two or more rows.
struct SearchStats {
  std::uint64_t nodes = 0;
  std::uint64_t guesses = 0;
};

}  // namespace sudoforge
