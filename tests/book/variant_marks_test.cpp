// sudoforge::book on variant boards: the marks each variant draws (found in the SVG and on
// the pixels of the PNG), jigsaw region borders, rule reminders, and books that mix
// classic and variant puzzles.
#include <cairo.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <vector>

#include "pdf_probe.h"
#include "png_probe.h"
#include "scratch.h"
#include "sudoforge/book/book.h"
#include "sudoforge/core/variant.h"

namespace sudoforge::book {
namespace {

using test::Png;
using test::scratch;
using test::slurp;

Geometry board(const std::string& variant) {
  return Variant::parse(variant).apply(Geometry());
}

// A 9x9 jigsaw map: the boxes with a few cells traded between neighbours.
constexpr const char* kJigsaw9 =
    "111122333"
    "111222333"
    "112222333"
    "444555666"
    "444455566"
    "445556666"
    "777888999"
    "777888999"
    "777888999";

Geometry jigsaw(int n, const std::string& map) {
  std::vector<int> regions;
  for (char c : map) regions.push_back(c - '1');
  return Variant::parse("jigsaw").apply(Geometry::with_regions(n, regions));
}

// A point of cell (r, c) away from its digit and corner mark, in a PNG drawn with
// `cell`-pixel cells (the margin is half a cell).
std::pair<int, int> quiet_point(int r, int c, int cell) {
  const double margin = cell / 2.0;
  return {static_cast<int>(margin + (c + 0.85) * cell),
          static_cast<int>(margin + (r + 0.85) * cell)};
}

int grey_at(const Png& png, int r, int c, int cell) {
  const auto [x, y] = quiet_point(r, c, cell);
  return png.grey(x, y);
}

std::filesystem::path render_png(const Geometry& g, const std::string& name) {
  const auto path = scratch() / (name + ".png");
  render_puzzle(path.string(), ImageFormat::kPng, Grid(g), nullptr, {.cell = 40});
  return path;
}

// How often `command` (M: a subpath, Z: a closed one) occurs in the data of the SVG paths
// whose style holds `style`.
int commands_in(const std::string& svg, const std::string& style, char command) {
  int count = 0;
  const std::regex path_re("<path[^>]*>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), path_re);
       it != std::sregex_iterator(); ++it) {
    const std::string tag = it->str();
    if (tag.find(style) == std::string::npos) continue;
    const auto d = tag.find(" d=\"");
    for (std::size_t i = d + 4; i < tag.size() && tag[i] != '"'; ++i) count += tag[i] == command;
  }
  return count;
}

TEST(VariantMarks, XShadesItsDiagonalCells) {
  const auto png_path = render_png(board("x"), "x");
  const Png png(png_path);
  ASSERT_TRUE(png.ok());
  const int white = grey_at(png, 0, 1, 40);
  EXPECT_GT(white, 250);
  for (int i = 0; i < 9; ++i) {
    EXPECT_LT(grey_at(png, i, i, 40), white - 25) << "main diagonal, row " << i;
    EXPECT_LT(grey_at(png, i, 8 - i, 40), white - 25) << "anti-diagonal, row " << i;
    // Greyscale-friendly: light enough for black digits.
    EXPECT_GT(grey_at(png, i, i, 40), 170);
  }
  // The classic board has no shading at all.
  const Png classic(render_png(Geometry(), "classic"));
  EXPECT_GT(grey_at(classic, 4, 4, 40), 250);
}

TEST(VariantMarks, XSvgHoldsOneShadedSquarePerDiagonalCell) {
  const auto path = scratch() / "x.svg";
  render_puzzle(path.string(), ImageFormat::kSvg, Grid(board("x")));
  const std::string svg = slurp(path);
  EXPECT_EQ(commands_in(svg, "fill-opacity:0.17", 'Z'), 17);  // 9 + 9 cells, the centre once
  const auto classic = scratch() / "classic.svg";
  render_puzzle(classic.string(), ImageFormat::kSvg, Grid(Geometry()));
  EXPECT_EQ(commands_in(slurp(classic), "fill-opacity:0.17", 'Z'), 0);
}

TEST(VariantMarks, WindokuShadesTheFourWindowsAndOverlapsWithXDarken) {
  const Png w(render_png(board("windoku"), "windoku"));
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const bool window = (r % 4 != 0) && (c % 4 != 0);  // rows/columns 2-4 and 6-8
      if (window) {
        EXPECT_LT(grey_at(w, r, c, 40), 230) << r << ' ' << c;
      } else {
        EXPECT_GT(grey_at(w, r, c, 40), 250) << r << ' ' << c;
      }
    }
  }
  const Png xw(render_png(board("x+windoku"), "x-windoku"));
  const int window_only = grey_at(xw, 1, 2, 40), diagonal_only = grey_at(xw, 0, 0, 40);
  const int both = grey_at(xw, 1, 1, 40);
  EXPECT_LT(both, window_only - 20);
  EXPECT_LT(both, diagonal_only - 20);
  EXPECT_GT(both, 150);  // still light enough for the digits
}

TEST(VariantMarks, NineCellVariantsShadeTheirCellsAndASecondOneIsCircled) {
  const std::vector<std::pair<std::string, std::vector<int>>> cases = {
      {"asterisk", {13, 20, 24, 37, 40, 43, 56, 60, 67}},
      {"centre-dot", {10, 13, 16, 37, 40, 43, 64, 67, 70}},
      {"girandola", {0, 8, 13, 37, 40, 43, 67, 72, 80}}};
  for (const auto& [name, cells] : cases) {
    const Png png(render_png(board(name), name));
    int shaded = 0;
    for (int c = 0; c < 81; ++c) {
      const bool in = std::find(cells.begin(), cells.end(), c) != cells.end();
      const int g = grey_at(png, c / 9, c % 9, 40);
      shaded += g < 230;
      EXPECT_EQ(g < 230, in) << name << " cell " << c;
    }
    EXPECT_EQ(shaded, 9) << name;
  }
  // Asterisk + Girandola: the asterisk shaded, the girandola's own corners circled, not
  // shaded (so the two stay apart in black and white).
  const Geometry both = board("asterisk+girandola");
  const Png png(render_png(both, "asterisk-girandola"));
  EXPECT_LT(grey_at(png, 2, 2, 40), 230);  // r3c3: asterisk
  EXPECT_GT(grey_at(png, 0, 0, 40), 250);  // r1c1: girandola, away from its ring
  // The ring's leftmost point: the cell's centre row, 0.1 cell in from its left edge.
  EXPECT_LT(png.grey(20 + 4, 20 + 20), 200);
  EXPECT_EQ(
      rule_reminder(both),
      "Asterisk + Girandola: the shaded cells also hold 1-9 once, and so do the circled cells");
}

TEST(VariantMarks, DisjointGroupsMarkEachCellsPlaceInItsBox) {
  const Png png(render_png(board("dg"), "dg"));
  // The filled ninth of the corner box: at (place % 3, place / 3) of an 8.8 px square
  // inset 2 px from the cell's corner.
  for (int cell : {0, 10, 40, 80, 24}) {
    const int r = cell / 9, c = cell % 9;
    const int place = (r % 3) * 3 + c % 3;
    for (int k = 0; k < 9; ++k) {
      const double x = 20 + c * 40 + 2 + (k % 3 + 0.5) * 8.8 / 3;
      const double y = 20 + r * 40 + 2 + (k / 3 + 0.5) * 8.8 / 3;
      const int g = png.grey(static_cast<int>(x), static_cast<int>(y));
      if (k == place) {
        EXPECT_LT(g, 100) << "cell " << cell << " place " << k;
      } else {
        EXPECT_GT(g, 200) << "cell " << cell << " place " << k;
      }
    }
  }
}

TEST(VariantMarks, JigsawHeavyLinesRunExactlyWhereRegionsChange) {
  for (const auto& [n, map] :
       {std::pair<int, std::string>{9, kJigsaw9}, {6, "112233112233112233445566445566445566"}}) {
    const Geometry g = jigsaw(n, map);
    int changes = 0;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        if (c + 1 < n && map[r * n + c] != map[r * n + c + 1]) ++changes;
        if (r + 1 < n && map[r * n + c] != map[(r + 1) * n + c]) ++changes;
      }
    }
    const auto path = scratch() / ("jigsaw" + std::to_string(n) + ".svg");
    render_puzzle(path.string(), ImageFormat::kSvg, Grid(g), nullptr, {.cell = 40});
    // 40-point cells: heavy lines 3 points wide, the border 3.75.
    const std::string svg = slurp(path);
    EXPECT_EQ(commands_in(svg, "stroke-width:3;", 'M'), changes) << n;
    EXPECT_EQ(rule_reminder(g), n == 9 ? "Jigsaw: each outlined region holds 1-9 once"
                                       : "Jigsaw: each outlined region holds 1-6 once");
  }
  // On the pixels: the traded cell r1c4 (region 1) has a heavy line on its right, none on
  // its left where the box line used to be.
  const Png png(render_png(jigsaw(9, kJigsaw9), "jigsaw9"));
  const int y = 20 + 20;
  EXPECT_LT(png.grey(20 + 4 * 40, y), 60);       // right edge of r1c4 (x = 4 cells)
  EXPECT_GT(png.grey(20 + 3 * 40 - 1, y), 120);  // left edge: a thin line at most
}

TEST(VariantMarks, RuleRemindersNameTheMarks) {
  EXPECT_EQ(rule_reminder(Geometry()), "");
  EXPECT_EQ(rule_reminder(board("x")), "X: each shaded diagonal also holds 1-9 once");
  EXPECT_EQ(rule_reminder(Variant::parse("x").apply(Geometry(2, 3))),
            "X: each shaded diagonal also holds 1-6 once");
  EXPECT_EQ(
      rule_reminder(board("x+windoku")),
      "X + Windoku: each shaded diagonal also holds 1-9 once, and so does each shaded window");
  EXPECT_EQ(rule_reminder(board("dg")),
            "Disjoint Groups: each group of cells with the same corner mark also holds 1-9 once");
  EXPECT_EQ(rule_reminder(board("centre-dot")), "Centre Dot: the shaded cells also hold 1-9 once");
  EXPECT_EQ(rule_reminder(board("asterisk+centre-dot+girandola")),
            "Asterisk + Centre Dot + Girandola: the shaded cells also hold 1-9 once, and so do "
            "the circled cells and the hatched cells");
}

TEST(VariantMarks, AVariantBesideAClassicGridIsApplied) {
  BookPuzzle p;
  p.givens = Grid(Geometry());
  EXPECT_EQ(board_of(p), Geometry());
  p.variant = Variant::parse("x");
  EXPECT_EQ(board_of(p), board("x"));
  p.variant = Variant::parse("jigsaw");  // its regions cannot come from a variant name
  EXPECT_THROW(board_of(p), BookError);
}

BookPuzzle puzzle_on(const Geometry& g, int id) {
  BookPuzzle p;
  p.givens = Grid(g);
  p.givens.set(0, 1);
  p.solution = p.givens;
  p.caption = "#" + std::to_string(id);
  p.label = p.caption;
  return p;
}

TEST(VariantBook, OneReminderLinePerVariantPuzzle) {
  std::vector<BookPuzzle> items = {puzzle_on(Geometry(), 1),          puzzle_on(board("x"), 2),
                                   puzzle_on(board("windoku"), 3),    puzzle_on(Geometry(), 4),
                                   puzzle_on(jigsaw(9, kJigsaw9), 5), puzzle_on(board("x"), 6)};
  BookOptions o;
  o.per_page = 4;
  EXPECT_EQ(plan_book(items, o).reminders, 4);
  // The reminder line takes room: where the slot's height limits the grid (six a page),
  // the grids of a mixed book are a little smaller.
  std::vector<BookPuzzle> classic = {puzzle_on(Geometry(), 1)};
  BookOptions six = o;
  six.per_page = 6;
  EXPECT_LT(plan_book(items, six).smallest_cell, plan_book(classic, six).smallest_cell);
  EXPECT_EQ(plan_book(classic, o).reminders, 0);

  const auto path = scratch() / "variants.pdf";
  write_book(path.string(), items, o);
  if (!test::have_poppler()) GTEST_SKIP() << "pdftotext not installed";
  const std::string puzzles = test::pdf_text(path.string(), 2, 3);
  const auto occurrences = [&](const std::string& needle) {
    int n = 0;
    for (auto at = puzzles.find(needle); at != std::string::npos; at = puzzles.find(needle, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(occurrences("X: each shaded diagonal also holds 1-9 once"), 2);
  EXPECT_EQ(occurrences("Windoku: each shaded window also holds 1-9 once"), 1);
  EXPECT_EQ(occurrences("Jigsaw: each outlined region holds 1-9 once"), 1);
  EXPECT_EQ(occurrences("holds 1-9 once"), 4);
  // The answer pages show the marks, not the reminders.
  EXPECT_EQ(test::pdf_text(path.string(), 4, 4).find("holds"), std::string::npos);
}

}  // namespace
}  // namespace sudoforge::book
