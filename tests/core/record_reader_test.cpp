#include "sudoforge/core/record_reader.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "read_all.h"
#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_writer.h"

namespace sudoforge {
namespace {

const std::string kPuzzle =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

using test::read_all;
using test::ReadAll;

std::string file(const std::string& name) {
  std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(RecordReader, LineRecordsKeepTheirTrailerAndSkipComments) {
  auto r = read_all("# a comment\n" + kPuzzle + " 7.2 rating\n\n" + kPuzzle + "\n");
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.records[0].line, 2);
  EXPECT_EQ(r.records[0].trailer, "7.2 rating");
  EXPECT_EQ(r.records[0].style.layout, Layout::kLine);
  EXPECT_EQ(r.records[0].grid.clue_count(), 17);
  EXPECT_EQ(r.records[0].grid[0], 4);
  EXPECT_EQ(r.records[1].line, 4);
}

TEST(RecordReader, EndLineStopsTheInput) {
  auto r = read_all(file("formats/poj3074.txt") + kPuzzle + "\n");
  EXPECT_EQ(r.records.size(), 2u);
}

TEST(RecordReader, LuoguGridOfIntegersWithZeros) {
  auto r = read_all(file("formats/p1784.txt"));
  ASSERT_EQ(r.records.size(), 1u);
  const Record& rec = r.records[0];
  EXPECT_EQ(rec.style.layout, Layout::kGrid);
  EXPECT_TRUE(rec.style.spaced);
  EXPECT_EQ(rec.style.empty, '0');
  EXPECT_EQ(rec.grid.size(), 9);
  EXPECT_EQ(rec.grid.at(0, 0), 8);
  EXPECT_EQ(rec.grid.at(1, 2), 3);
  EXPECT_EQ(rec.grid.clue_count(), 21);
}

TEST(RecordReader, PojQuestionMarksWithBlankLineSeparators) {
  auto r = read_all(file("formats/poj2676.txt"));
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_EQ(r.records[0].line, 1);
  EXPECT_EQ(r.records[1].line, 11);
  EXPECT_EQ(r.records[0].style.empty, '?');
  EXPECT_EQ(r.records[1].grid.at(0, 4), 3);
}

TEST(RecordReader, SixteenBySixteenLetters) {
  auto r = read_all(file("formats/poj3076.txt"));
  ASSERT_EQ(r.records.size(), 1u);
  const Record& rec = r.records[0];
  EXPECT_EQ(rec.grid.size(), 16);
  EXPECT_EQ(rec.style.alphabet.kind(), Alphabet::Kind::kStandard);
  EXPECT_FALSE(rec.style.spaced);
  EXPECT_EQ(rec.grid.at(0, 2), 1);   // 'A'
  EXPECT_EQ(rec.grid.at(0, 15), 9);  // 'I'
  EXPECT_EQ(rec.style.empty, '-');
}

TEST(RecordReader, SixteenBySixteenDigitsAlphabetIsDetected) {
  std::string row = "123456789ABCDEFG";
  std::string text;
  for (int i = 0; i < 16; ++i) text += row + "\n";
  auto r = read_all(text);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.records[0].style.alphabet.kind(), Alphabet::Kind::kDigits);
  EXPECT_EQ(r.records[0].grid.at(3, 9), 10);
}

TEST(RecordReader, FourByFourLineVersusSixteenRow) {
  auto r = read_all("1.3..2......4..1\n");
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.records[0].grid.size(), 4);
  ReaderOptions big;
  big.size = 16;
  auto forced = read_all("1.3..2......4..1\n", big);
  EXPECT_TRUE(forced.records.empty());  // one row of a 16x16 grid, then the input ends
  EXPECT_EQ(forced.errors.size(), 1u);
}

TEST(RecordReader, EverySizeReadsInLineAndGridLayouts) {
  for (const Geometry& g : Geometry::all()) {
    SCOPED_TRACE(g.name());
    Grid grid(g);
    for (int c = 0; c < g.cell_count(); c += 3) grid.set(c, 1 + (c % g.size()));
    for (bool spaced : {false, true}) {
      for (Layout layout : {Layout::kLine, Layout::kGrid}) {
        if (layout == Layout::kLine && spaced) continue;
        TextStyle style = default_style(g);
        style.layout = layout;
        style.spaced = spaced;
        const std::string text = to_text(grid, style);
        auto r = read_all(text + text);  // two records back to back
        ASSERT_EQ(r.records.size(), 2u) << text;
        EXPECT_EQ(r.records[0].grid, grid);
        EXPECT_EQ(r.records[1].grid, grid);
        EXPECT_EQ(to_text(r.records[0].grid, r.records[0].style), text);  // round trip
      }
    }
  }
}

TEST(RecordReader, NumericTokensForLargeBoards) {
  std::string text;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) {
      if (c) text += ' ';
      text += std::to_string((r + c) % 17);
    }
    text += "\n";
  }
  auto r = read_all(text);
  ASSERT_EQ(r.records.size(), 1u) << (r.errors.empty() ? "" : r.errors[0].what());
  EXPECT_TRUE(r.records[0].style.numeric);
  EXPECT_EQ(r.records[0].grid.at(0, 12), 12);
  EXPECT_EQ(r.records[0].grid.at(1, 15), 16);
  EXPECT_EQ(r.records[0].grid.at(2, 15), 0);  // (2 + 15) % 17
}

TEST(RecordReader, CsvWithPuzzleColumn) {
  auto r = read_all("id,puzzle,rating\n1," + kPuzzle + ",7.2\n2,\"" + kPuzzle + "\",1.2\n");
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_EQ(r.records[1].line, 3);
  EXPECT_EQ(r.records[0].grid.clue_count(), 17);
}

// A header with the one column `puzzle` has no comma, yet it is CSV in auto mode too (the
// word is no puzzle row), quoted or not, with CRLF line ends.
TEST(RecordReader, CsvWithOnlyAPuzzleColumnIsDetected) {
  for (const std::string header : {"puzzle\n", "\"puzzle\"\n", "puzzle\r\n"}) {
    auto r = read_all(header + kPuzzle + "\n\"" + kPuzzle + "\"\n");
    EXPECT_TRUE(r.errors.empty()) << header << r.errors.front().what();
    ASSERT_EQ(r.records.size(), 2u) << header;
    EXPECT_EQ(r.records[0].line, 2);
    EXPECT_EQ(r.records[1].grid.clue_count(), 17);
  }
}

TEST(RecordReader, CrlfAndByteOrderMarkAreAccepted) {
  auto r = read_all("\xEF\xBB\xBF" + kPuzzle + "\r\n" + kPuzzle + "\r\n");
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_TRUE(r.errors.empty());
}

TEST(RecordReader, BadRecordsAreReportedAndSkipped) {
  const std::string bad_char = kPuzzle.substr(0, 10) + "x" + kPuzzle.substr(11);
  const std::string text = kPuzzle.substr(0, 80) + "\n" +  // line 1: too short
                           bad_char + "\n" +               // line 2: unknown symbol
                           kPuzzle + "\n" +                // line 3: fine
                           std::string("12345678\n") +     // line 4: 8-symbol row
                           kPuzzle + "\n";                 // line 5: fine
  auto r = read_all(text);
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_EQ(r.records[0].line, 3);
  EXPECT_EQ(r.records[1].line, 5);
  ASSERT_EQ(r.errors.size(), 3u);
  EXPECT_EQ(r.errors[0].line(), 1);
  EXPECT_NE(std::string(r.errors[0].what()).find("80 symbols"), std::string::npos);
  EXPECT_EQ(r.errors[1].line(), 2);
  EXPECT_EQ(r.errors[1].column(), 11);
  EXPECT_NE(std::string(r.errors[1].what()).find("'x'"), std::string::npos);
  EXPECT_EQ(r.errors[2].line(), 4);
}

TEST(RecordReader, ShortGridRowSkipsOnlyThatRecord) {
  std::string g = file("formats/poj2676.txt");
  // Damage the third row of the first record.
  g.replace(g.find("? ? 8 5 1 3 6 7 2"), 17, "? ? 8 5 1 3 6 7");
  auto r = read_all(g);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line(), 3);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.records[0].line, 11);
}

TEST(RecordReader, TruncatedGridIsAnError) {
  auto r = read_all("1 2 3 4\n3 4 1 2\n");
  EXPECT_TRUE(r.records.empty());
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_NE(std::string(r.errors[0].what()).find("2 of 4 rows"), std::string::npos);
}

TEST(RecordReader, NulBytesAndHugeLinesAreErrorsNotCrashes) {
  std::string nul = kPuzzle;
  nul[5] = '\0';
  ReaderOptions options;
  options.max_line_length = 1000;
  auto r = read_all(nul + "\n" + std::string(5000, '1') + "\n" + kPuzzle + "\n", options);
  ASSERT_EQ(r.records.size(), 1u);
  ASSERT_EQ(r.errors.size(), 2u);
  EXPECT_NE(std::string(r.errors[0].what()).find("NUL"), std::string::npos);
  EXPECT_EQ(r.errors[1].line(), 2);
}

TEST(RecordReader, WrongSizeAgainstForcedSize) {
  ReaderOptions options;
  options.size = 4;
  auto r = read_all(kPuzzle + "\n", options);
  EXPECT_TRUE(r.records.empty());
  EXPECT_EQ(r.errors.size(), 1u);
}

TEST(RecordReader, EmptyAndWhitespaceOnlyInputHaveNoRecords) {
  EXPECT_TRUE(read_all("").records.empty());
  EXPECT_TRUE(read_all(" \n\t\n\n").errors.empty());
  EXPECT_TRUE(read_all(" \n\t\n\n").records.empty());
}

TEST(ParseOne, RejectsNoneAndSeveral) {
  EXPECT_THROW(parse_one(""), ParseError);
  EXPECT_THROW(parse_one(kPuzzle + "\n" + kPuzzle), ParseError);
  EXPECT_EQ(parse_one(kPuzzle).grid.clue_count(), 17);
}

}  // namespace
}  // namespace sudoforge
