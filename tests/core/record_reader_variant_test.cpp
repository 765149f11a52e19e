// Records of variant boards: the variant from the reader's options or a CSV column, and a
// jigsaw's region map in each layout.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "read_all.h"
#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/variant.h"

namespace sudoforge {
namespace {

const std::string kPuzzle =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
// 5x5 jigsaw (not a classic size):  AAAAB / CABBB / CCCDB / CDDDD / EEEEE
const std::string kMap5 = "AAAABCABBBCCCDBCDDDDEEEEE";

test::ReadAll read_all(const std::string& text, std::optional<Variant> variant = std::nullopt) {
  ReaderOptions options;
  options.variant = variant;
  return test::read_all(text, options);
}

TEST(RecordReaderVariant, TheOptionPutsEveryRecordOnItsBoard) {
  const auto got = read_all(kPuzzle + " note\n" + kPuzzle + "\n", Variant::parse("x+windoku"));
  ASSERT_EQ(got.records.size(), 2u);
  EXPECT_TRUE(got.errors.empty());
  const Geometry& g = got.records[0].grid.geometry();
  EXPECT_EQ(g.house_count(), 27 + 9 + 2);
  EXPECT_EQ(Variant::of(g).name(), "x+windoku");
  EXPECT_EQ(got.records[0].trailer, "note");
  EXPECT_EQ(got.records[0].grid[0], 4);
  // Without the option, classic.
  EXPECT_TRUE(read_all(kPuzzle).records[0].grid.geometry().is_classic());
}

TEST(RecordReaderVariant, JigsawLineCarriesItsRegionMap) {
  const std::string givens5(25, '.');
  const auto got = read_all(givens5 + " " + kMap5 + " rated 1.2\n", Variant::parse("jigsaw"));
  ASSERT_EQ(got.records.size(), 1u) << (got.errors.empty() ? "" : got.errors[0].what());
  const Geometry& g = got.records[0].grid.geometry();
  EXPECT_EQ(g.size(), 5);
  EXPECT_FALSE(g.has_boxes());
  EXPECT_EQ(g.box(4), 1);   // B
  EXPECT_EQ(g.box(5), 2);   // C
  EXPECT_EQ(g.box(24), 4);  // E
  EXPECT_EQ(got.records[0].trailer, "rated 1.2");
}

TEST(RecordReaderVariant, JigsawGridHasItsMapRowsAfterTheGivens) {
  const std::string text =
      "1.....\n......\n......\n......\n......\n.....2\n"
      "\n"
      "112233\n112233\n112233\n445566\n445566\n445566\n"
      "\n"
      "......\n......\n......\n......\n......\n......\n"
      "1 1 2 2 3 3\n1 1 2 2 3 3\n1 1 2 2 3 3\n4 4 5 5 6 6\n4 4 5 5 6 6\n4 4 5 5 6 6\n";
  const auto got = read_all(text, Variant::parse("jigsaw"));
  ASSERT_EQ(got.records.size(), 2u) << (got.errors.empty() ? "" : got.errors[0].what());
  for (const Record& r : got.records) {
    const Geometry& g = r.grid.geometry();
    EXPECT_EQ(g.size(), 6);
    EXPECT_FALSE(g.has_boxes());  // 3x2 regions are not the 2x3 boxes
    auto region0 = g.house(12);
    EXPECT_EQ(std::vector<int>(region0.begin(), region0.end()),
              (std::vector<int>{0, 1, 6, 7, 12, 13}));
  }
  EXPECT_EQ(got.records[0].grid[0], 1);
  EXPECT_EQ(got.records[0].grid[35], 2);
}

TEST(RecordReaderVariant, CsvColumnsNameEachRecordsVariant) {
  const std::string text = "puzzle,variant,regions\n" + kPuzzle + ",x,\n" + kPuzzle +
                           ",classic,\n" + kPuzzle + ",hyper,\n" + std::string(25, '.') +
                           ",jigsaw," + kMap5 + "\n" + kPuzzle + ",,\n";
  const auto got = read_all(text);
  ASSERT_EQ(got.records.size(), 4u);
  ASSERT_EQ(got.errors.size(), 1u);
  EXPECT_EQ(got.errors[0].line(), 4);
  EXPECT_NE(std::string(got.errors[0].what()).find("hyper"), std::string::npos);
  EXPECT_EQ(Variant::of(got.records[0].grid.geometry()).name(), "x");
  EXPECT_TRUE(got.records[1].grid.geometry().is_classic());
  EXPECT_EQ(got.records[2].grid.size(), 5);
  EXPECT_TRUE(got.records[3].grid.geometry().is_classic());  // empty column: classic
  // The option and a record's column must agree.
  const auto clash =
      read_all("puzzle,variant\n" + kPuzzle + ",x\n" + kPuzzle + ",windoku\n", Variant::parse("x"));
  EXPECT_EQ(clash.records.size(), 1u);
  ASSERT_EQ(clash.errors.size(), 1u);
  EXPECT_EQ(clash.errors[0].line(), 3);
}

TEST(RecordReaderVariant, BadBoardsAreRecordErrors) {
  const Variant jigsaw = Variant::parse("jigsaw");
  const std::string g5(25, '.');
  std::string disconnected = kMap5;
  std::swap(disconnected[0], disconnected[24]);              // an A in the corner of E's row
  const std::string text = g5 + "\n" +                       // no map
                           g5 + " AAAABCABBB\n" +            // short map
                           g5 + " " + disconnected + "\n" +  // regions not connected
                           g5 + " " + std::string(25, 'A') + "\n" +  // one region
                           g5 + " " + kMap5 + "\n";                  // fine
  const auto got = read_all(text, jigsaw);
  ASSERT_EQ(got.errors.size(), 4u);
  ASSERT_EQ(got.records.size(), 1u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(got.errors[i].line(), i + 1);
  EXPECT_NE(std::string(got.errors[0].what()).find("region map"), std::string::npos);
  EXPECT_NE(std::string(got.errors[2].what()).find("not connected"), std::string::npos);
  EXPECT_NE(std::string(got.errors[3].what()).find("1 regions"), std::string::npos);
  // A 9x9-only variant on a 6x6 record.
  const auto misfit =
      read_all(std::string(36, '.') + "\n" + kPuzzle + "\n", Variant::parse("windoku"));
  EXPECT_EQ(misfit.errors.size(), 1u);
  EXPECT_EQ(misfit.records.size(), 1u);
  // A short map row in a grid record is reported once, and the next record still reads.
  const std::string grid_text =
      "....\n....\n....\n....\n1122\n112\n3344\n3344\n\n"
      "....\n....\n....\n....\n1122\n1122\n3344\n3344\n";
  const auto rows = read_all(grid_text, jigsaw);
  EXPECT_EQ(rows.errors.size(), 1u);
  EXPECT_EQ(rows.records.size(), 1u);
}

}  // namespace
}  // namespace sudoforge

namespace sudoforge {
namespace {

// What the writer writes, the reader reads back onto the same board.
TEST(RecordReaderVariant, JigsawRecordsRoundTripThroughTheWriter) {
  const auto got = read_all(std::string(24, '.') + "3 " + kMap5 + "\n", Variant::parse("jigsaw"));
  ASSERT_EQ(got.records.size(), 1u);
  const Record& r = got.records[0];
  EXPECT_EQ(region_map(r.grid.geometry(), r.style.alphabet), "1111231222333423444455555");
  for (Layout layout : {Layout::kLine, Layout::kGrid}) {
    TextStyle style = r.style;
    style.layout = layout;
    const std::string text = to_text(r.grid, style);
    const auto back = read_all(text, Variant::parse("jigsaw"));
    ASSERT_EQ(back.records.size(), 1u) << text;
    EXPECT_EQ(back.records[0].grid, r.grid) << text;
  }
  // A classic board has no map, and its text is as before.
  EXPECT_EQ(region_map(Geometry(), Alphabet::digits(9)), "");
}

}  // namespace
}  // namespace sudoforge
