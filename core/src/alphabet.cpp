#include "sudoforge/core/alphabet.h"

#include <cctype>

namespace sudoforge {

Alphabet::Alphabet(int n, Kind kind) : n_(n), kind_(kind) {
  lookup_.fill(-1);
  for (char c : std::string(".0?-_*")) lookup_[static_cast<unsigned char>(c)] = 0;
  for (int v = 1; v <= n; ++v) {
    char c;
    if (kind == Kind::kDigits) {
      c = v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10);
    } else {
      c = static_cast<char>('A' + v - 1);
    }
    symbols_.push_back(c);
    lookup_[static_cast<unsigned char>(c)] = static_cast<signed char>(v);
    if (std::isalpha(static_cast<unsigned char>(c))) {
      lookup_[static_cast<unsigned char>(std::tolower(static_cast<unsigned char>(c)))] =
          static_cast<signed char>(v);
    }
  }
}

}  // namespace sudoforge
