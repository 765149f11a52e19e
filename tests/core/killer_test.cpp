// The killer model: cages on a board (Geometry::with_cages), the digit-set tables, the
// killer text form, Solo's killer IDs, and every bad-input case as a typed error.
#include "sudoforge/core/errors.h"
#include "sudoforge/core/killer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <sstream>

#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/solo_id.h"
#include "sudoforge/core/validate.h"

namespace sudoforge {
namespace {

// A 4x4 killer in the text form: eight dominoes, two per row (it has several solutions:
// the model tests only read it).
constexpr const char* kFour = "killer:AABBCCDDEEFFGGHH;A=3,B=7,C=7,D=3,E=5,F=5,G=5,H=5";

TEST(CageDigitSets, MatchACountOverAllSubsets) {
  for (int n : {4, 6, 9}) {
    for (int size = 1; size <= n; ++size) {
      for (int sum = 1; sum <= n * (n + 1) / 2; ++sum) {
        int expected = 0;
        for (std::uint32_t m = 1; m < (1u << n); ++m) {
          int s = 0;
          for (int v = 1; v <= n; ++v) s += (m >> (v - 1) & 1) ? v : 0;
          expected += std::popcount(m) == size && s == sum;
        }
        const auto sets = cage_digit_sets(n, size, sum);
        ASSERT_EQ(static_cast<int>(sets.size()), expected) << n << ' ' << size << ' ' << sum;
        for (std::uint32_t m : sets) EXPECT_EQ(std::popcount(m), size);
      }
    }
  }
  // The famous ones: 2 cells 3 = {1,2}; 2 cells 17 = {8,9}; 9 cells 45 = all.
  ASSERT_EQ(cage_digit_sets(9, 2, 3).size(), 1u);
  EXPECT_EQ(cage_digit_sets(9, 2, 3)[0], 0b11u);
  EXPECT_EQ(cage_digit_sets(9, 2, 17)[0], 0b110000000u);
  EXPECT_EQ(cage_digit_sets(9, 9, 45).size(), 1u);
  EXPECT_TRUE(cage_digit_sets(9, 2, 18).empty());
  EXPECT_TRUE(cage_digit_sets(12, 2, 5).empty());
  EXPECT_EQ(min_cage_sum(3), 6);
  EXPECT_EQ(max_cage_sum(9, 3), 24);
}

std::vector<Cage> rows_of_two(int n) {
  std::vector<Cage> cages;
  for (int cell = 0; cell < n * n; cell += 2) cages.push_back({3, {cell, cell + 1}});
  return cages;
}

TEST(WithCages, BuildsACanonicalBoard) {
  auto cages = rows_of_two(4);
  std::reverse(cages.begin(), cages.end());
  std::swap(cages[0].cells[0], cages[0].cells[1]);
  const Geometry a = Geometry::for_size(4).with_cages(cages);
  const Geometry b = Geometry::for_size(4).with_cages(rows_of_two(4));
  EXPECT_TRUE(a == b);
  EXPECT_FALSE(a == Geometry::for_size(4));
  EXPECT_FALSE(a.is_classic());
  EXPECT_TRUE(a.has_cages());
  EXPECT_EQ(a.cages().size(), 8u);
  EXPECT_EQ(a.cages()[0].cells, (std::vector<int>{0, 1}));
  EXPECT_EQ(a.cage_of(5), 2);
  EXPECT_EQ(Geometry::for_size(4).cage_of(5), -1);
  // Cage mates are peers: r1c1's peers include r1c2 (also a row peer) and nothing else new.
  const auto peers = a.peers(0);
  EXPECT_TRUE(std::find(peers.begin(), peers.end(), 1) != peers.end());
  EXPECT_EQ(Variant::of(a), Variant::parse("killer"));
  EXPECT_EQ(Variant::parse("x+KILLER").name(), "killer+x");
  EXPECT_EQ(Variant::of(Variant::parse("killer+x").apply(a)).name(), "killer+x");
}

// with_cages builds a caged board's peers from its base board's (house peers plus cage
// mates, sorted) instead of deriving every table again: the same sets, and the base board
// stays reachable for what does not depend on the cages.
TEST(WithCages, PeersAreHousePeersAndCageMates) {
  // Four L-shaped cages of three (each with two cells that share no house) and two dominoes.
  const std::vector<Cage> cages{{7, {0, 1, 4}},  {7, {2, 3, 6}},   {7, {5, 8, 9}},
                                {7, {7, 10, 11}}, {3, {12, 13}}, {7, {14, 15}}};
  const Geometry base = Geometry::for_size(4);
  const Geometry a = base.with_cages(cages);
  for (int c = 0; c < 16; ++c) {
    auto house = base.peers(c);
    std::vector<int> want(house.begin(), house.end());
    for (int q : a.cages()[a.cage_of(c)].cells) {
      if (q != c) want.push_back(q);
    }
    std::sort(want.begin(), want.end());
    want.erase(std::unique(want.begin(), want.end()), want.end());
    const auto got = a.peers(c);
    EXPECT_EQ(std::vector<int>(got.begin(), got.end()), want) << "cell " << c;
  }
  EXPECT_EQ(a.peers(1).size(), 7u);  // r1c2 and r2c1 share no house
  ASSERT_TRUE(a.without_cages().has_value());
  EXPECT_TRUE(*a.without_cages() == base);
  EXPECT_TRUE(*base.without_cages() == base);
  const Geometry x = Variant::parse("x").apply(base);
  EXPECT_TRUE(*x.with_cages(cages).without_cages() == x);
  // Houses added after the cages: the board before them had other houses.
  EXPECT_FALSE(Variant::parse("killer+x").apply(a).without_cages().has_value());
}

void expect_cage_error(const std::vector<Cage>& cages, int cell, const std::string& words,
                       int n = 4) {
  try {
    Geometry::for_size(n).with_cages(cages);
    ADD_FAILURE() << "no error for " << words;
  } catch (const CageError& e) {
    EXPECT_EQ(e.cell(), cell) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(WithCages, RefusesBadCages) {
  auto cages = rows_of_two(4);
  // Not connected: r1c1 with r1c3.
  cages[0] = {4, {0, 2}};
  cages[1] = {4, {1, 3}};
  expect_cage_error(cages, 2, "not connected");
  // A sum two distinct symbols of 1..4 cannot make.
  cages = rows_of_two(4);
  cages[3].sum = 8;
  expect_cage_error(cages, 6, "impossible");
  cages[3].sum = 2;
  expect_cage_error(cages, 6, "impossible");
  // A cell in two cages, a cell in none.
  cages = rows_of_two(4);
  cages[1].cells.push_back(0);
  expect_cage_error(cages, 0, "two cages");
  cages = rows_of_two(4);
  cages.pop_back();
  expect_cage_error(cages, 14, "no cage");
  // More cells than symbols, an empty cage, a cell off the board, a second set of cages.
  std::vector<Cage> big{{10, {0, 1, 2, 3, 7}}};
  expect_cage_error(big, 0, "at most 4");
  expect_cage_error({{}}, -1, "no cell");
  expect_cage_error({{3, {16}}}, -1, "off the");
  EXPECT_THROW(Geometry::for_size(4).with_cages(rows_of_two(4)).with_cages(rows_of_two(4)),
               CageError);
  EXPECT_THROW(Geometry::for_size(16).with_cages(rows_of_two(16)), CageError);
  // Killer needs cages; cages need killer.
  EXPECT_THROW(Variant::parse("killer").apply(Geometry::for_size(4)), VariantError);
  EXPECT_THROW(Variant::parse("x").apply(Geometry::for_size(4).with_cages(rows_of_two(4))),
               VariantError);
}

TEST(KillerText, RoundTripsAndNamesItsParts) {
  const Grid g = parse_killer_text(kFour);
  EXPECT_EQ(g.size(), 4);
  EXPECT_EQ(g.clue_count(), 0);
  EXPECT_EQ(killer_text(g), kFour);
  EXPECT_EQ(killer_layout(g.geometry()), std::string(kFour).substr(7));
  // Labels are free and sums in any order; the writer renames by first cell.
  const Grid h = parse_killer_text("killer:zzyyxxwwvvuuttss;s=5,t=5,u=5,v=5,w=3,x=7,y=7,z=3");
  EXPECT_EQ(killer_text(h), kFour);
  // Givens, killer X, and the grid writer.
  const Grid x = parse_killer_text(std::string("killer+x:") + (kFour + 7) + ";1...............");
  EXPECT_EQ(x[0], 1);
  EXPECT_EQ(Variant::of(x.geometry()).name(), "killer+x");
  EXPECT_EQ(to_text(x, default_style(x.geometry())),
            std::string("killer+x:") + (kFour + 7) + ";1...............\n");
  EXPECT_TRUE(looks_like_killer_text(kFour));
  EXPECT_TRUE(looks_like_killer_text("Killer+X:AB"));
  EXPECT_FALSE(looks_like_killer_text("3x3k:zzzc"));
  EXPECT_FALSE(looks_like_killer_text("killer"));
}

void expect_text_error(const std::string& token, const std::string& words) {
  try {
    parse_killer_text(token);
    ADD_FAILURE() << "no error for " << token;
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << token << ": " << e.what();
  }
}

TEST(KillerText, RefusesMalformedTokens) {
  const std::string map = "AABBCCDDEEFFGGHH", sums = "A=3,B=7,C=7,D=3,E=5,F=5,G=5,H=5";
  expect_text_error("killer:" + map, "no ';'");
  expect_text_error("killer:AABB;A=3,B=3", "16, 36 or 81");
  expect_text_error("killer:" + map + ";A=3,B=7", "has no sum");
  expect_text_error("killer:" + map + ";" + sums + ",Z=4", "not in the map");
  expect_text_error("killer:" + map + ";" + sums + ",A=3", "two sums");
  expect_text_error("killer:" + map + ";A=x," + sums.substr(4), "no cage sum");
  expect_text_error("killer:" + map + ";" + sums + ";12", "givens of 2");
  expect_text_error("killer:" + map + ";" + sums + ";5...............", "no symbol");
  expect_text_error("killer:.ABBCCDDEEFFGGHH;" + sums, "no cage");
  expect_text_error("killer:ABABCCDDEEFFGGHH;" + sums, "not connected");
  expect_text_error("killer:" + map + ";A=9" + sums.substr(3), "impossible");
  expect_text_error("killer+jigsaw:" + map + ";" + sums, "jigsaw");
  expect_text_error("x:" + map + ";" + sums, "no killer");
}

TEST(KillerText, CageViolations) {
  // Cage A (r1c1 r1c2, sum 3) cannot hold a 3.
  Grid g = parse_killer_text(kFour);
  EXPECT_EQ(describe_cage_violation(g), "");
  g.set(0, 3);
  EXPECT_NE(describe_cage_violation(g).find("cage at r1c1 (sum 3, 2 cells) cannot hold"),
            std::string::npos);
  g.set(0, 1);
  g.set(1, 2);
  EXPECT_EQ(describe_cage_violation(g), "");
}

TEST(SoloKiller, DecodesCagesAndSums) {
  const SoloPuzzle p = decode_solo_id("2x2k:p,_a_aa_ab_____aaa,7_6a3a6b5b8_5c");
  EXPECT_TRUE(p.killer);
  EXPECT_EQ(p.n, 4);
  int total = 0;
  std::vector<int> caged(16, 0);
  for (const Cage& c : p.cages) {
    total += c.sum;
    for (int cell : c.cells) ++caged[cell];
  }
  EXPECT_EQ(total, 40);
  EXPECT_EQ(caged, std::vector<int>(16, 1));
  EXPECT_EQ(p.cages.size(), 7u);
  // The reader builds the board and checks the variant.
  const Record r = parse_one("2x2k:p,_a_aa_ab_____aaa,7_6a3a6b5b8_5c");
  EXPECT_EQ(Variant::of(r.grid.geometry()).name(), "killer");
  EXPECT_THROW(decode_solo_id("2x2k:p,_a_aa_ab_____aaa"), SoloIdError);
  EXPECT_THROW(decode_solo_id("2x2k:p,_a_aa_ab_____aaa,7_6a3a6b5b8_5"), SoloIdError);
  EXPECT_THROW(decode_solo_id("2x2k:p,_a_aa_ab_____aaa,7_6a3a6b5b8_5_4b"), SoloIdError);
  EXPECT_THROW(decode_solo_id("4jk:p,_a_aa_ab_____aaa,7_6a3a6b5b8_5c"), SoloIdError);
}

TEST(KillerRecords, BadRecordsAreSkippedWithTheirLine) {
  std::istringstream in(
      std::string(kFour) + "\n" + "killer:ABABCCDDEEFFGGHH;A=3,B=7,C=7,D=3,E=5,F=5,G=5,H=5\n" +
      std::string(kFour) + ";3...............\n" +
      "killer:AABBCCDDEEFFGGHH;A=3,B=7,C=7,D=3,E=5,F=5,G=5,Q=5\n" + kFour + " trailer\n");
  RecordReader reader(in);
  std::vector<int> good, bad;
  std::vector<std::string> messages;
  while (true) {
    try {
      const auto r = reader.next();
      if (!r) break;
      good.push_back(r->line);
    } catch (const ParseError& e) {
      bad.push_back(e.line());
      messages.push_back(e.what());
    }
  }
  EXPECT_EQ(good, (std::vector<int>{1, 5}));
  EXPECT_EQ(bad, (std::vector<int>{2, 3, 4}));
  ASSERT_EQ(messages.size(), 3u);
  EXPECT_NE(messages[0].find("not connected"), std::string::npos);
  EXPECT_NE(messages[1].find("cannot hold"), std::string::npos);
  EXPECT_NE(messages[2].find("not in the map"), std::string::npos);
}

TEST(KillerRecords, BlockFormReadsLikeTheToken) {
  std::istringstream in(
      "killer\nAABB\nCCDD\nEEFF\nGGHH\nA=3,B=7,C=7,D=3,E=5,F=5,G=5,H=5\n"
      "\n"
      "killer+x\nAABB\nCCDD\nEEFF\nGGHH\nA=3,B=7,C=7,D=3,E=5,F=5,G=5,H=5\n1...\n....\n....\n...4\n"
      "killer\nAABB\nCCD\n"
      "killer\nAABB\nCCDD\nEEFF\nGGHH\nA=3,B=7,C=7,D=3,E=5,F=5,G=5,H=5\n1...\n..\n" +
      std::string(kFour) + "\n");
  RecordReader reader(in);
  std::vector<std::string> tokens;
  std::vector<int> bad;
  while (true) {
    try {
      const auto r = reader.next();
      if (!r) break;
      tokens.push_back(killer_text(r->grid) + "@" + std::to_string(r->line));
    } catch (const ParseError& e) {
      bad.push_back(e.line());
    }
  }
  ASSERT_EQ(tokens.size(), 3u);
  EXPECT_EQ(tokens[0], std::string(kFour) + "@1");
  EXPECT_EQ(tokens[1], "killer+x:" + std::string(kFour + 7) + ";1..............4@8");
  EXPECT_EQ(tokens[2].substr(0, tokens[2].find('@')), kFour);
  // The short map row (line 20) and the short givens row (line 28).
  EXPECT_EQ(bad, (std::vector<int>{20, 28}));
}

TEST(KillerRecords, CsvRegionsColumnCarriesTheCages) {
  const std::string layout = std::string(kFour).substr(7);
  std::istringstream in("puzzle,variant,regions\n1...............,killer,\"" + layout + "\"\n" +
                        "................,killer,\n");
  RecordReader reader(in);
  const auto r = reader.next();
  ASSERT_TRUE(r);
  EXPECT_EQ(killer_text(r->grid), std::string(kFour) + ";1...............");
  EXPECT_THROW(reader.next(), ParseError);  // no cages
  // --variant killer on a plain line needs the cages too.
  ReaderOptions o;
  o.variant = Variant::parse("killer");
  EXPECT_THROW(parse_one("................", o), ParseError);
  EXPECT_EQ(parse_one(kFour, o).grid.size(), 4);
  o.variant = Variant::parse("killer+x");
  EXPECT_THROW(parse_one(kFour, o), ParseError);
}

}  // namespace
}  // namespace sudoforge
