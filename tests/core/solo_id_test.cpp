// Simon Tatham's Solo game IDs as records: the decoder against boards decoded by hand,
// the reader's detection and boards, and one error per kind of bad ID.
#include "sudoforge/core/solo_id.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "read_all.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/variant.h"

namespace sudoforge {
namespace {

// `sgt-solo --generate 1 2x2` and `sgt-solo --generate 1 5jdt`.
const std::string k2x2 = "2x2:b1a3f4a3b";
const std::string k5j = "5j:b2_1a4m3a1_4b,a_aaaa__acd_accbb";

std::string givens_text(const std::vector<std::uint8_t>& cells) {
  std::string s;
  for (auto v : cells) s += v ? static_cast<char>('0' + v) : '.';
  return s;
}

std::string region_text(const std::vector<int>& labels) {
  std::string s;
  for (int l : labels) s += static_cast<char>('A' + l);
  return s;
}

TEST(SoloId, DecodesRunsOfEmptyCellsAndGivens) {
  const SoloPuzzle p = decode_solo_id(k2x2);
  EXPECT_EQ(p.n, 4);
  EXPECT_FALSE(p.jigsaw);
  EXPECT_FALSE(p.x);
  // b1a3f4a3b: 2 empty, 1, 1 empty, 3, 6 empty, 4, 1 empty, 3, 2 empty.
  EXPECT_EQ(givens_text(p.givens),
            "..1."
            "3..."
            "...4"
            ".3..");
  EXPECT_EQ(region_text(p.region_of_cell),
            "AABB"
            "AABB"
            "CCDD"
            "CCDD");
}

TEST(SoloId, DecodesAJigsawBlockStructure) {
  const SoloPuzzle p = decode_solo_id(k5j);
  EXPECT_EQ(p.n, 5);
  EXPECT_TRUE(p.jigsaw);
  EXPECT_EQ(givens_text(p.givens),
            "..21."
            "4...."
            "....."
            "....3"
            ".14..");
  // Walls decoded by hand from a_aaaa__acd_accbb (vertical edges row by row, then the
  // horizontal ones column by column).
  EXPECT_EQ(region_text(p.region_of_cell),
            "AABCC"
            "ABBCC"
            "ABBCD"
            "AEEDD"
            "EEEDD");
}

TEST(SoloId, BoxesAreCRowsTallAndRColumnsWide) {
  const std::string empty36 =
      "z"
      "j";  // 26 + 10 empty cells
  EXPECT_EQ(region_text(decode_solo_id("2x3:" + empty36).region_of_cell),
            "AAABBB"
            "AAABBB"
            "CCCDDD"
            "CCCDDD"
            "EEEFFF"
            "EEEFFF");
  EXPECT_EQ(region_text(decode_solo_id("3x2:" + empty36).region_of_cell),
            "AABBCC"
            "AABBCC"
            "AABBCC"
            "DDEEFF"
            "DDEEFF"
            "DDEEFF");
}

TEST(SoloId, ParametersSpellSizeJigsawXAndIgnoreSymmetryAndDifficulty) {
  EXPECT_EQ(decode_solo_id("2:" + std::string("p")).n, 4);  // "N" is NxN boxes
  const SoloPuzzle x = decode_solo_id("2x2xr4dt:p");
  EXPECT_TRUE(x.x);
  EXPECT_EQ(x.n, 4);
  // 2x2j is the 4j jigsaw, whose regions here are the rows: 12 open vertical edges, then
  // walls only.
  const SoloPuzzle j = decode_solo_id("2x2jx:p,l" + std::string(12, '_'));
  EXPECT_EQ(j.n, 4);
  EXPECT_TRUE(j.jigsaw);
  EXPECT_TRUE(j.x);
  EXPECT_EQ(region_text(j.region_of_cell),
            "AAAA"
            "BBBB"
            "CCCC"
            "DDDD");
}

TEST(SoloId, ZIsTwentySixOpenEdgesWithoutAWall) {
  // The rows of a 6x6 jigsaw: 30 open vertical edges (z, then d: 4 more and a wall),
  // then 30 walls.
  const SoloPuzzle p = decode_solo_id("6j:zj,zd" + std::string(30, '_'));
  EXPECT_EQ(region_text(p.region_of_cell),
            "AAAAAA"
            "BBBBBB"
            "CCCCCC"
            "DDDDDD"
            "EEEEEE"
            "FFFFFF");
}

TEST(SoloId, LooksLikeOnlyWhenParamsColonAndDescriptionCharacters) {
  EXPECT_TRUE(looks_like_solo_id(k5j));
  EXPECT_TRUE(looks_like_solo_id("3x3k:zz"));
  EXPECT_FALSE(looks_like_solo_id("1.2:3"));
  EXPECT_FALSE(looks_like_solo_id("x3:ab"));
  EXPECT_FALSE(looks_like_solo_id("3x3:"));
  EXPECT_FALSE(looks_like_solo_id(std::string(81, '.')));
  EXPECT_FALSE(looks_like_solo_id(std::string(81, '0') + ":0"));  // a test set's PUZZLE:COUNT
}

// Each kind of bad ID: the message names the problem and, where there is one, the
// position of the character at fault.
struct BadId {
  std::string id, message;
  int index;
};

TEST(SoloId, RefusesEachKindOfBadId) {
  const std::vector<BadId> cases = {
      // Killer IDs are read now (killer_test.cpp); one without its sums is still refused.
      {"3x3k:zzzc,a", "a killer ID needs ',' and its cage sums", -1},
      {"3x3q:zzzc", "unknown Solo parameter 'q'", 3},
      {"3x3dq:zzzc", "difficulty", 3},
      {"1x2:b", "a board of 2x2", -1},
      {"9x1:zzzc", "'j'", -1},
      {"2x2:b1a3f4a3", "givens describe 14 of 16 cells", -1},
      {"2x2:b1a3f4a3c", "givens run past the 16 cells", 12},
      {"2x2:b1a3f5a3b", "given 5 out of range 1..4", 9},
      {"2x2:b1a3f0a3b", "unexpected character '0'", 9},
      {"2x2:b1a3f4a3b,b", "block structure after the givens", 13},
      {"5j:b2_1a4m3a1_4b", "needs ',' and its block structure", -1},
      {"5j:b2_1a4m3a1_4b,a_aaaa__acd_accb", "describes 38 of 41 edges", -1},
      {"5j:b2_1a4m3a1_4b,a_aaaa__acd_accbbb", "runs past the 40 inner edges", 34},
      {"5j:b2_1a4m3a1_4b,a_aaaa__acd_acc1b", "unexpected character '1' in the block", 32},
      // Opening the wall between r1c2 and r1c3 joins A and B: 4 regions of 10 5 5 5.
      {"5j:b2_1a4m3a1_4b,baaaa__acd_accbb", "block structure draws 4 regions of 10 5 5 5", -1},
  };
  for (const BadId& c : cases) {
    try {
      decode_solo_id(c.id);
      ADD_FAILURE() << c.id << " accepted";
    } catch (const SoloIdError& e) {
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos)
          << c.id << ": " << e.what();
      EXPECT_EQ(e.index(), c.index) << c.id << ": " << e.what();
    }
  }
}

TEST(SoloIdRecords, ReaderDetectsIdsPerRecordAndBuildsTheirBoards) {
  const std::string classic(81, '.');
  const auto got = test::read_all("# Solo IDs among other records\n" + k5j + " from solo\n" +
                                  classic + "\n" + k2x2 + "\n3x3x:zzzc\n3x2:zj\n");
  ASSERT_TRUE(got.errors.empty()) << got.errors[0].line() << ": " << got.errors[0].what();
  ASSERT_EQ(got.records.size(), 5u);
  const Record& jig = got.records[0];
  EXPECT_EQ(jig.line, 2);
  EXPECT_EQ(jig.trailer, "from solo");
  EXPECT_EQ(Variant::of(jig.grid.geometry()).name(), "jigsaw");
  EXPECT_EQ(jig.grid.geometry().box(4), jig.grid.geometry().box(3));   // r1c5 and r1c4: C
  EXPECT_NE(jig.grid.geometry().box(4), jig.grid.geometry().box(14));  // r3c5 is D
  EXPECT_EQ(jig.grid[2], 2);
  EXPECT_EQ(jig.grid[23], 0);
  EXPECT_TRUE(got.records[1].grid.geometry().is_classic());
  EXPECT_TRUE(got.records[2].grid.geometry().is_classic());
  EXPECT_EQ(got.records[2].grid.geometry().size(), 4);
  EXPECT_EQ(got.records[2].grid[11], 4);
  EXPECT_EQ(Variant::of(got.records[3].grid.geometry()).name(), "x");
  // 3x2: boxes 3 tall and 2 wide, the classic 6x6 turned: a jigsaw board of rectangles.
  EXPECT_EQ(Variant::of(got.records[4].grid.geometry()).name(), "jigsaw");
  EXPECT_EQ(got.records[4].grid.geometry().box(12), got.records[4].grid.geometry().box(1));
}

TEST(SoloIdRecords, BadIdsAreTheirRecordsErrorsAndReadingGoesOn) {
  const auto got = test::read_all(k2x2 + "\n3x3k:zzzc,a\n2x2:b1a3f5a3b\n" + k5j +
                                  "\n5j:b2_1a4m3a1_4b,baaaa__acd_accbb\n" + k2x2 + "\n");
  EXPECT_EQ(got.records.size(), 3u);
  ASSERT_EQ(got.errors.size(), 3u);
  EXPECT_EQ(got.errors[0].line(), 2);
  EXPECT_EQ(got.errors[0].column(), 0);
  EXPECT_NE(std::string(got.errors[0].what()).find("killer ID needs"), std::string::npos);
  EXPECT_EQ(got.errors[1].line(), 3);
  EXPECT_EQ(got.errors[1].column(), 10);
  EXPECT_EQ(got.errors[2].line(), 5);
  EXPECT_NE(std::string(got.errors[2].what()).find("4 regions"), std::string::npos);
}

TEST(SoloIdRecords, TheVariantOptionMustAgreeWithTheId) {
  ReaderOptions options;
  options.variant = Variant::parse("x");
  const auto got = test::read_all("3x3x:zzzc\n3x3:zzzc\n", options);
  EXPECT_EQ(got.records.size(), 1u);
  ASSERT_EQ(got.errors.size(), 1u);
  EXPECT_EQ(got.errors[0].line(), 2);
  options.variant.reset();
  options.size = 9;
  EXPECT_EQ(test::read_all(k2x2 + "\n", options).errors.size(), 1u);
}

}  // namespace
}  // namespace sudoforge
