#include "sudoforge/core/killer_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/errors.h"

namespace sudoforge {
namespace {

// Cage labels in the order writers give them: enough for 81 single-cell cages.
constexpr std::string_view kLabels =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'()*+-/<>?@[]^_{|}~";
static_assert(kLabels.size() >= 81);

bool is_label(char c) {
  return std::isgraph(static_cast<unsigned char>(c)) &&
         std::string_view(".;,=:").find(c) == std::string_view::npos;
}

// N for a map of `cells` characters: 4, 6 or 9.
int size_of_map(std::size_t cells, int at) {
  for (int n : {4, 6, 9}) {
    if (cells == static_cast<std::size_t>(n * n)) return n;
  }
  throw KillerTextError(at, "a cage map of " + std::to_string(cells) +
                                " characters; expected 16, 36 or 81 (4x4, 6x6, 9x9)");
}

// The board of MAP;SUMS starting at `offset` in the token (for error positions).
Geometry layout_board(const Variant& variant, std::string_view layout, int offset) {
  const std::size_t semi = layout.find(';');
  if (semi == std::string_view::npos) {
    throw KillerTextError(offset + static_cast<int>(layout.size()),
                          "no ';' between the cage map and the sums");
  }
  const std::string_view map = layout.substr(0, semi), sums = layout.substr(semi + 1);
  const int n = size_of_map(map.size(), offset);
  std::array<int, 256> cage_of_label;
  cage_of_label.fill(-1);
  std::vector<Cage> cages;
  std::vector<char> labels;
  for (std::size_t i = 0; i < map.size(); ++i) {
    const char c = map[i];
    const int at = offset + static_cast<int>(i);
    if (c == '.') {
      throw CageError(static_cast<int>(i), "cell r" + std::to_string(i / n + 1) + "c" +
                                               std::to_string(i % n + 1) +
                                               " is in no cage (a killer board cages every cell)");
    }
    if (!is_label(c)) {
      throw KillerTextError(at, std::string("'") + c + "' is no cage label");
    }
    int& cage = cage_of_label[static_cast<unsigned char>(c)];
    if (cage < 0) {
      cage = static_cast<int>(cages.size());
      cages.emplace_back();
      labels.push_back(c);
    }
    cages[cage].cells.push_back(static_cast<int>(i));
  }
  std::vector<bool> has_sum(cages.size(), false);
  std::size_t at = 0;
  while (at <= sums.size()) {
    const std::size_t end = std::min(sums.find(',', at), sums.size());
    const std::string_view item = sums.substr(at, end - at);
    const int pos = offset + static_cast<int>(semi + 1 + at);
    if (item.size() < 3 || item[1] != '=') {
      throw KillerTextError(pos, "'" + std::string(item) + "' is no cage sum (LABEL=SUM)");
    }
    const int cage = cage_of_label[static_cast<unsigned char>(item[0])];
    if (cage < 0) {
      throw KillerTextError(
          pos, std::string("a sum for cage '") + item[0] + "', which is not in the map");
    }
    int sum = 0;
    const auto [p, ec] = std::from_chars(item.data() + 2, item.data() + item.size(), sum);
    if (ec != std::errc() || p != item.data() + item.size() || sum < 1) {
      throw KillerTextError(pos + 2, "'" + std::string(item.substr(2)) + "' is no cage sum");
    }
    if (has_sum[cage]) {
      throw KillerTextError(pos, std::string("cage '") + item[0] + "' has two sums");
    }
    has_sum[cage] = true;
    cages[cage].sum = sum;
    at = end + 1;
  }
  const auto missing = std::find(has_sum.begin(), has_sum.end(), false);
  if (missing != has_sum.end()) {
    const auto cage = static_cast<std::size_t>(missing - has_sum.begin());
    throw KillerTextError(-1, std::string("cage '") + labels[cage] + "' has no sum");
  }
  const Geometry caged = Geometry::for_size(n).with_cages(std::move(cages));
  return variant.apply(caged);
}

Variant killer_variant(std::string_view spelling) {
  const Variant v = Variant::parse(spelling);
  if (!v.has(Variant::kKiller)) {
    throw VariantError("variant " + v.name() + " is no killer variant");
  }
  if (v.has(Variant::kJigsaw)) throw VariantError("killer boards have boxes, not jigsaw regions");
  return v;
}

}  // namespace

bool looks_like_killer_text(std::string_view token) {
  const std::size_t colon = token.find(':');
  if (colon == std::string_view::npos || colon < 6) return false;
  // "killer" in any case needs a 'k' or a 'K': most lines (puzzles) are settled here.
  const std::string_view before = token.substr(0, colon);
  if (before.find('k') == std::string_view::npos && before.find('K') == std::string_view::npos) {
    return false;
  }
  std::string head(before);
  for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return head.find("killer") != std::string::npos &&
         head.find_first_not_of("abcdefghijklmnopqrstuvwxyz+-") == std::string::npos;
}

Geometry parse_killer_layout(const Variant& variant, std::string_view layout) {
  return layout_board(variant, layout, 0);
}

Grid parse_killer_text(std::string_view token) {
  const std::size_t colon = token.find(':');
  if (colon == std::string_view::npos) throw KillerTextError(-1, "no ':' after the variant");
  const Variant variant = killer_variant(token.substr(0, colon));
  std::string_view rest = token.substr(colon + 1);
  // MAP;SUMS[;GIVENS]: the givens are after the second ';'.
  const std::size_t first = rest.find(';');
  const std::size_t second = first == std::string_view::npos ? first : rest.find(';', first + 1);
  const std::string_view layout = rest.substr(0, second);
  const Geometry board = layout_board(variant, layout, static_cast<int>(colon + 1));
  Grid grid(board);
  if (second == std::string_view::npos) return grid;
  const std::string_view givens = rest.substr(second + 1);
  const int n = board.size(), at = static_cast<int>(colon + 1 + second + 1);
  if (static_cast<int>(givens.size()) != n * n) {
    throw KillerTextError(at, "givens of " + std::to_string(givens.size()) +
                                  " characters; expected " + std::to_string(n * n));
  }
  const Alphabet alphabet = Alphabet::standard(n);
  for (int cell = 0; cell < n * n; ++cell) {
    const char c = givens[cell];
    const int v = Alphabet::is_empty_char(c) ? 0 : alphabet.value(c);
    if (v < 0 || v > n) {
      throw KillerTextError(at + cell, std::string("'") + c + "' is no symbol of the " +
                                           std::to_string(n) + "x" + std::to_string(n) + " board");
    }
    grid.set(cell, v);
  }
  return grid;
}

std::string killer_layout(const Geometry& board) {
  if (!board.has_cages()) return "";
  std::string map(board.cell_count(), '?'), sums;
  const auto cages = board.cages();
  for (std::size_t i = 0; i < cages.size(); ++i) {
    for (int cell : cages[i].cells) map[cell] = kLabels[i];
    if (i) sums += ',';
    sums += kLabels[i];
    sums += '=' + std::to_string(cages[i].sum);
  }
  return map + ';' + sums;
}

std::string killer_text(const Grid& grid) {
  const Geometry& board = grid.geometry();
  if (!board.has_cages()) return "";
  std::string text = Variant::of(board).name() + ':' + killer_layout(board);
  if (grid.clue_count() == 0) return text;
  const Alphabet alphabet = Alphabet::standard(grid.size());
  text += ';';
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    text += grid[cell] ? alphabet.symbol(grid[cell]) : '.';
  }
  return text;
}

}  // namespace sudoforge
