// technique_names() and resolve_technique(): the list is the grader's (every technique a
// graded sample uses is in it), and users' spellings resolve to its entries.
#include "sudoforge/grader/techniques.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "sudoforge/core/record_reader.h"
#include "sudoforge/grader/grader.h"

namespace sudoforge::grader {
namespace {

TEST(TechniqueNames, EveryNameResolvesToItselfAndNamesAreDistinct) {
  std::set<std::string_view> seen;
  for (std::string_view n : technique_names()) {
    EXPECT_TRUE(seen.insert(n).second) << n;
    EXPECT_EQ(resolve_technique(n), n);
  }
  EXPECT_GT(seen.size(), 60u);
}

TEST(TechniqueNames, CommonSpellingsResolve) {
  const std::pair<const char*, const char*> cases[] = {
      {"x-wing", "X-Wing"},
      {"x wing", "X-Wing"},
      {"xwing", "X-Wing"},
      {"X_WING", "X-Wing"},
      {"naked pair", "Naked Pair"},
      {"naked pairs", "Naked Pair"},
      {"Naked Pairs", "Naked Pair"},
      {"hidden single", "Hidden Single"},
      {"hidden singles", "Hidden Single"},
      {"XY-Wing", "XY-Wing"},
      {"y-wing", "XY-Wing"},
      {"xyz wing", "XYZ-Wing"},
      {"xy-chain", "Forcing Chain"},
      {"x-chain", "Forcing X-Chain"},
      {"swordfish", "Swordfish"},
      {"jellyfish", "Jellyfish"},
      {"UR1", "Unique Rectangle type 1"},
      {"unique rectangle type 2", "Unique Rectangle type 2"},
      {"bug+1", nullptr},
      {"bug 1", "BUG type 1"},
      {"cell forcing chain", "Cell Forcing Chains"},
      {"dynamic cell forcing chains (+)", "Dynamic Cell Forcing Chains (+)"},
      {"dynamic cell forcing chains", "Dynamic Cell Forcing Chains"},
      {"full house", "Full House"},
      {"", nullptr},
      {"-", nullptr},
      {"x-wings-and-more", nullptr},
      {"x-wang", nullptr},
  };
  for (const auto& [in, want] : cases) {
    const auto got = resolve_technique(in);
    if (want) {
      EXPECT_EQ(got, std::string_view(want)) << in;
    } else {
      EXPECT_FALSE(got) << in << " -> " << *got;
    }
  }
}

// Every technique the grader uses on a spread of puzzles (easy to dynamic chains) is in
// the list, so a name the catalogue stores can always be asked for.
TEST(TechniqueNames, TheGradersNamesAreListed) {
  Grader grader;
  std::set<std::string> used;
  for (const char* file : {"cb001_1000.txt", "top1465_300.txt", "17clue_500.txt"}) {
    std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/grader/" + file);
    ASSERT_TRUE(in) << file;
    int n = 0;
    for (std::string line; n < 120 && std::getline(in, line); ++n) {
      std::istringstream puzzle(line.substr(0, 81));  // cb001 lines end with the SER
      auto rec = RecordReader(puzzle).next();
      ASSERT_TRUE(rec) << line;
      for (const std::string& t : grader.rate(rec->grid).techniques) used.insert(t);
    }
  }
  EXPECT_GT(used.size(), 25u);
  for (const std::string& t : used) EXPECT_EQ(resolve_technique(t), t) << t << " is not listed";
}

}  // namespace
}  // namespace sudoforge::grader
