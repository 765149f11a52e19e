// The killer engine's cage pass, shared with the killer generator's merge checker, which
// keeps frames of its own layout.
#pragma once

#include <bit>
#include <cstdint>
#include <span>

namespace sudoforge::detail {

// One cage of a frame `f` with members value[cell] (1-based digit, 0 open) and cand[cell]
// (bit d-1 for digit d): the digit sets of `sets` that hold the cage's placed digits and
// fit its open cells leave their union to those cells (narrow(cell, mask)), and a digit
// all of them need with one open cell for it is placed there (assign(cell, digit)).
// narrow and assign return false on a contradiction; so does this, also for a full cage
// whose digits are none of the sets.
template <class Frame, class Restrict, class Assign>
bool cage_pass(const Frame& f, std::span<const std::uint8_t> cells,
               std::span<const std::uint32_t> sets, Restrict&& narrow, Assign&& assign) {
  std::uint16_t placed = 0, open_union = 0;
  int open = 0;
  for (std::uint8_t c : cells) {
    if (f.value[c]) {
      placed |= static_cast<std::uint16_t>(1u << (f.value[c] - 1));
    } else {
      open_union |= f.cand[c];
      ++open;
    }
  }
  if (!open) {
    for (std::uint32_t set : sets) {
      if (set == placed) return true;
    }
    return false;
  }
  std::uint16_t allowed = 0, required = 0xffff;
  for (std::uint32_t set : sets) {
    if ((set & placed) != placed) continue;
    const auto rest = static_cast<std::uint16_t>(set & ~placed);
    if ((rest & open_union) != rest) continue;
    bool fits = true;
    for (std::uint8_t c : cells) {
      if (!f.value[c] && !(f.cand[c] & rest)) {
        fits = false;
        break;
      }
    }
    if (!fits) continue;
    allowed |= rest;
    required &= rest;
  }
  if (!allowed) return false;
  for (std::uint8_t c : cells) {
    if (!f.value[c] && !narrow(c, allowed)) return false;
  }
  for (std::uint16_t need = required; need; need &= need - 1) {
    const auto bit = static_cast<std::uint16_t>(need & -need);
    int where = -1, places = 0;
    for (std::uint8_t c : cells) {
      if (f.value[c] == std::countr_zero(bit) + 1) {
        places = 2;  // placed meanwhile
        break;
      }
      if (!f.value[c] && (f.cand[c] & bit)) {
        where = c;
        ++places;
      }
    }
    if (places == 0) return false;
    if (places == 1 && !assign(where, std::countr_zero(bit) + 1)) return false;
  }
  return true;
}

}  // namespace sudoforge::detail
