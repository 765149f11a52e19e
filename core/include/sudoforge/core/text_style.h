#pragma once
// TextStyle: how a record is laid out as text, so that answers can be written back in the
// layout the question came in (a judge's 9 lines of digits get 9 lines of digits back).
#include "sudoforge/core/alphabet.h"

namespace sudoforge {

enum class Layout {
  kLine,  // one record per line, N*N symbols
  kGrid,  // N lines of N symbols, records separated by a blank line
};

struct TextStyle {
  Layout layout = Layout::kLine;
  bool spaced = false;   // grid: symbols separated by single spaces
  bool numeric = false;  // spaced grid with decimal numbers (1..N) instead of symbols
  char empty = '.';      // written for an empty cell
  Alphabet alphabet = Alphabet::standard(9);
};

}  // namespace sudoforge
