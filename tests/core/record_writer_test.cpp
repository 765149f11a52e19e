#include "sudoforge/core/record_writer.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <limits>
#include <string>

#include "sudoforge/core/record_reader.h"

namespace sudoforge {
namespace {

TEST(RecordWriter, LineAndGridLayouts) {
  Grid g(Geometry(2, 2));
  for (int c = 0; c < 16; ++c) g.set(c, c % 4 == 0 ? 0 : 1 + c % 4);
  TextStyle s = default_style(g.geometry());
  EXPECT_EQ(to_line(g, s), ".234.234.234.234");
  s.layout = Layout::kGrid;
  EXPECT_EQ(to_grid(g, s), ".234\n.234\n.234\n.234\n");
  s.spaced = true;
  s.empty = '?';
  EXPECT_EQ(to_grid(g, s), "? 2 3 4\n? 2 3 4\n? 2 3 4\n? 2 3 4\n");
  EXPECT_EQ(to_text(g, s), to_grid(g, s));
  s.layout = Layout::kLine;
  EXPECT_EQ(to_text(g, s), "?234?234?234?234\n");
}

TEST(RecordWriter, LettersForSixteen) {
  Grid g(Geometry(4, 4));
  g.set(0, 1);
  g.set(1, 16);
  TextStyle s = default_style(g.geometry());
  EXPECT_EQ(to_line(g, s).substr(0, 3), "AP.");
  s.alphabet = Alphabet::digits(16);
  EXPECT_EQ(to_line(g, s).substr(0, 3), "1G.");
}

TEST(RecordWriter, NumericGridWritesNumbers) {
  Grid g(Geometry(4, 4));
  g.set(0, 12);
  TextStyle s = default_style(g.geometry());
  s.layout = Layout::kGrid;
  s.numeric = true;
  const std::string text = to_grid(g, s);
  EXPECT_EQ(text.substr(0, 5), "12 0 ");
  EXPECT_EQ(parse_one(text).grid, g);
}

TEST(RecordWriter, LineIsOneSymbolPerCellEvenInANumericStyle) {
  Grid g(Geometry(4, 4));
  g.set(0, 12);
  g.set(255, 3);
  TextStyle s = default_style(g.geometry());
  s.numeric = true;  // a line record has no room for numbers: its symbols are written
  s.empty = '0';
  const std::string line = to_line(g, s);
  ASSERT_EQ(line.size(), 256u);
  EXPECT_EQ(line.substr(0, 2), "L0");
  EXPECT_EQ(line.back(), 'C');
}

TEST(RecordWriter, RatingAsPrintfWritesIt) {
  const auto printf1 = [](double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return std::string(buf);
  };
  // Whole tenths, the fast path: every rating the grader gives and then some.
  for (int t = 0; t <= 2000; ++t) EXPECT_EQ(format_rating(t / 10.0), printf1(t / 10.0)) << t;
  EXPECT_EQ(format_rating(6.6), "6.6");
  EXPECT_EQ(format_rating(12345678.9), "12345678.9");
  // Not whole tenths, negative, huge, not a number: printf's own answer.
  for (double v : {0.05, 0.25, 1.25, 2.349999, 0.95, 9.95, 1e-300, -0.0, -1.5, -0.04, 1e12, 1e15,
                   std::numeric_limits<double>::quiet_NaN(),
                   std::numeric_limits<double>::infinity()}) {
    EXPECT_EQ(format_rating(v), printf1(v)) << v;
  }
}

}  // namespace
}  // namespace sudoforge
