#include "sudoforge/core/alphabet.h"

#include <gtest/gtest.h>

namespace sudoforge {
namespace {

TEST(Alphabet, StandardUsesDigitsUpToNineThenLetters) {
  auto nine = Alphabet::standard(9);
  EXPECT_EQ(nine.value('1'), 1);
  EXPECT_EQ(nine.value('9'), 9);
  EXPECT_EQ(nine.symbol(7), '7');
  EXPECT_EQ(nine.value('A'), -1);
  auto sixteen = Alphabet::standard(16);
  EXPECT_EQ(sixteen.value('A'), 1);
  EXPECT_EQ(sixteen.value('P'), 16);
  EXPECT_EQ(sixteen.value('p'), 16);
  EXPECT_EQ(sixteen.value('Q'), -1);
  EXPECT_EQ(sixteen.value('1'), -1);
  EXPECT_EQ(sixteen.symbol(16), 'P');
}

TEST(Alphabet, DigitsAlphabetContinuesWithLetters) {
  auto a = Alphabet::digits(16);
  EXPECT_EQ(a.value('9'), 9);
  EXPECT_EQ(a.value('A'), 10);
  EXPECT_EQ(a.value('G'), 16);
  EXPECT_EQ(a.value('H'), -1);
  EXPECT_EQ(a.symbol(10), 'A');
}

TEST(Alphabet, EveryEmptyCharacterReadsAsZero) {
  auto a = Alphabet::standard(9);
  for (char c : std::string(".0?-_*")) {
    EXPECT_EQ(a.value(c), 0) << c;
    EXPECT_TRUE(Alphabet::is_empty_char(c));
  }
  EXPECT_EQ(a.value('x'), -1);
  EXPECT_EQ(a.value('\0'), -1);
}

}  // namespace
}  // namespace sudoforge
