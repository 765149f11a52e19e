#include "sudoforge/core/record_writer.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace sudoforge
