#pragma once
// Alphabet: how symbols 1..N are written. Up to 9 symbols use the digits 1-9; larger
// boards use letters from A (16x16: A-P, as in the classic judge problem). 16x16 boards
// may also be written 1-9 then A-G ("digits" alphabet). An empty cell is read from any of
// `. 0 ? - _ *` and written as `.` unless the caller picks another character.
#include <array>
#include <string>

namespace sudoforge {

class Alphabet {
 public:
  enum class Kind { kStandard, kDigits };

  // Standard for N: digits for N <= 9, letters A.. otherwise.
  static Alphabet standard(int n) { return Alphabet(n, n <= 9 ? Kind::kDigits : Kind::kStandard); }
  // 1-9 then A.. (for N > 9 the letters continue after 9: 16x16 uses 1-9A-G).
  static Alphabet digits(int n) { return Alphabet(n, Kind::kDigits); }
  // Letters A.. for every symbol (N > 9 only makes sense, but any N works).
  static Alphabet letters(int n) { return Alphabet(n, Kind::kStandard); }

  int size() const { return n_; }
  Kind kind() const { return kind_; }

  // 1..N for a symbol of this alphabet (letters case-insensitive), 0 for an empty-cell
  // character, -1 for anything else.
  int value(char c) const {
    return lookup_[static_cast<unsigned char>(c)];
  }
  // Precondition 1 <= v <= N.
  char symbol(int v) const { return symbols_[v - 1]; }

  static bool is_empty_char(char c) {
    return c == '.' || c == '0' || c == '?' || c == '-' || c == '_' || c == '*';
  }

  friend bool operator==(const Alphabet& a, const Alphabet& b) {
    return a.n_ == b.n_ && a.kind_ == b.kind_;
  }

 private:
  Alphabet(int n, Kind kind);
  int n_;
  Kind kind_;
  std::string symbols_;
  std::array<signed char, 256> lookup_{};
};

}  // namespace sudoforge
