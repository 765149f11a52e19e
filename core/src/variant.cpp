#include "sudoforge/core/variant.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>
#include <vector>

#include "sudoforge/core/errors.h"

namespace sudoforge {
namespace {

struct Named {
  Variant::Flag flag;
  std::string_view name;
};
// Canonical spelling order.
constexpr std::array<Named, 8> kNames{{{Variant::kKiller, "killer"},
                                       {Variant::kX, "x"},
                                       {Variant::kWindoku, "windoku"},
                                       {Variant::kDisjointGroups, "dg"},
                                       {Variant::kAsterisk, "asterisk"},
                                       {Variant::kCentreDot, "centre-dot"},
                                       {Variant::kGirandola, "girandola"},
                                       {Variant::kJigsaw, "jigsaw"}}};

using Houses = std::vector<std::vector<int>>;
using Names = std::vector<std::string>;

void add(Houses& houses, Names& names, std::vector<int> cells, std::string name) {
  houses.push_back(std::move(cells));
  names.push_back(std::move(name));
}

// Rows x columns, 1-based lists, as cells of a 9x9 board.
std::vector<int> product(const std::vector<int>& rows, const std::vector<int>& cols) {
  std::vector<int> cells;
  for (int r : rows) {
    for (int c : cols) cells.push_back((r - 1) * 9 + (c - 1));
  }
  return cells;
}

void extra_houses_of(Variant v, int n, int box_rows, int box_cols, Houses& houses, Names& names) {
  // Sudoku Explainer's visiting order: disjoint groups, windows, diagonals, girandola,
  // asterisk, centre dot.
  if (v.has(Variant::kDisjointGroups)) {
    for (int k = 0; k < n; ++k) {
      const int kr = k / box_cols, kc = k % box_cols;  // position inside a box
      std::vector<int> cells;
      for (int b = 0; b < n; ++b) {
        const int br = b / (n / box_cols), bc = b % (n / box_cols);
        cells.push_back((br * box_rows + kr) * n + bc * box_cols + kc);
      }
      add(houses, names, std::move(cells), "disjoint group " + std::to_string(k + 1));
    }
  }
  if (v.has(Variant::kWindoku)) {
    const std::vector<int> a{2, 3, 4}, b{6, 7, 8}, g{1, 5, 9};
    const std::pair<const std::vector<int>*, const std::vector<int>*> groups[9] = {
        {&a, &a}, {&a, &b}, {&b, &a}, {&b, &b}, {&g, &a}, {&g, &b}, {&a, &g}, {&b, &g}, {&g, &g}};
    for (int i = 0; i < 9; ++i) {
      add(houses, names, product(*groups[i].first, *groups[i].second),
          "window " + std::to_string(i + 1));
    }
  }
  if (v.has(Variant::kX)) {
    std::vector<int> main, anti;
    for (int i = 0; i < n; ++i) {
      main.push_back(i * n + i);
      anti.push_back(i * n + n - 1 - i);
    }
    add(houses, names, std::move(main), "main diagonal");
    add(houses, names, std::move(anti), "anti-diagonal");
  }
  if (v.has(Variant::kGirandola)) {
    add(houses, names, {0, 8, 13, 37, 40, 43, 67, 72, 80}, "girandola");
  }
  if (v.has(Variant::kAsterisk)) {
    add(houses, names, {13, 20, 24, 37, 40, 43, 56, 60, 67}, "asterisk");
  }
  if (v.has(Variant::kCentreDot)) {
    add(houses, names, {10, 13, 16, 37, 40, 43, 64, 67, 70}, "centre dot");
  }
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

Variant Variant::parse(std::string_view spelling) {
  const std::string text = lower(spelling);
  if (text == "classic") return Variant();
  std::uint32_t flags = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t plus = text.find('+', start);
    const std::string word =
        text.substr(start, plus == std::string::npos ? std::string::npos : plus - start);
    const std::string canonical = word == "center-dot" ? std::string("centre-dot") : word;
    const auto it = std::find_if(kNames.begin(), kNames.end(),
                                 [&](const Named& n) { return n.name == canonical; });
    if (it == kNames.end()) {
      throw VariantError(
          "unknown variant '" + word + "' in '" + std::string(spelling) +
          "': use classic, or killer, x, windoku, dg, asterisk, centre-dot, girandola, "
          "jigsaw joined with '+'");
    }
    flags |= it->flag;
    if (plus == std::string::npos) break;
    start = plus + 1;
  }
  return Variant(flags);
}

std::string Variant::name() const {
  if (is_classic()) return "classic";
  std::string out;
  for (const Named& n : kNames) {
    if (!has(n.flag)) continue;
    if (!out.empty()) out += '+';
    out += n.name;
  }
  return out;
}

Geometry Variant::apply(const Geometry& base) const {
  if (base.extra_house_count() != 0) {
    throw VariantError("variant " + name() + " applies to a board without extra houses");
  }
  if (has(kJigsaw) != !base.has_boxes()) {
    throw VariantError(has(kJigsaw) ? "variant " + name() + " needs the puzzle's region map"
                                    : "a region map needs the jigsaw variant");
  }
  if (has(kKiller) != base.has_cages()) {
    throw VariantError(has(kKiller) ? "variant " + name() + " needs the puzzle's cages"
                                    : "cages need the killer variant");
  }
  const int n = base.size();
  const std::uint32_t nine_only = kWindoku | kDisjointGroups | kAsterisk | kCentreDot | kGirandola;
  if ((flags_ & nine_only) && !(n == 9 && base.has_boxes())) {
    throw VariantError("variant " + name() + " is defined on the 9x9 board with boxes only");
  }
  Houses houses;
  Names names;
  extra_houses_of(*this, n, base.box_rows(), base.box_cols(), houses, names);
  try {
    return base.with_extra_houses(houses, names);
  } catch (const GeometryError& e) {
    throw VariantError("variant " + name() + " does not fit this board: " + e.what());
  }
}

Variant Variant::of(const Geometry& board) {
  std::uint32_t flags = (board.has_boxes() ? 0u : std::uint32_t{kJigsaw}) |
                        (board.has_cages() ? std::uint32_t{kKiller} : 0u);
  // Asked for every record written as CSV or JSON: a board without extra houses (every
  // classic one) needs no matching.
  if (board.extra_house_count() == 0) return Variant(flags);
  std::vector<std::vector<int>> extra;
  for (int h = 3 * board.size(); h < board.house_count(); ++h) {
    auto cells = board.house(h);
    extra.emplace_back(cells.begin(), cells.end());
  }
  std::vector<bool> matched(extra.size(), false);
  const bool nine_with_boxes = board.size() == 9 && board.has_boxes();
  for (const Named& named : kNames) {
    if (named.flag == kJigsaw || named.flag == kKiller || (named.flag != kX && !nine_with_boxes))
      continue;
    Houses houses;
    Names names;
    extra_houses_of(Variant(named.flag), board.size(), board.box_rows(), board.box_cols(), houses,
                    names);
    if (houses.empty()) continue;
    bool all = true;
    std::vector<std::size_t> where;
    for (auto& cells : houses) {
      std::sort(cells.begin(), cells.end());
      const auto it = std::find(extra.begin(), extra.end(), cells);
      // A house an earlier variant already claimed (the centre dot is disjoint group 5)
      // means this variant is not on the board: apply() never repeats a house.
      if (it == extra.end() || matched[static_cast<std::size_t>(it - extra.begin())]) {
        all = false;
        break;
      }
      where.push_back(static_cast<std::size_t>(it - extra.begin()));
    }
    if (!all) continue;
    flags |= named.flag;
    for (std::size_t i : where) matched[i] = true;
  }
  if (std::find(matched.begin(), matched.end(), false) != matched.end()) {
    throw VariantError("the board has an extra house of no known variant");
  }
  return Variant(flags);
}

}  // namespace sudoforge
