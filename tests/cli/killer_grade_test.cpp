// Grading killers end to end: grade and grade --explain on the killer text form, Solo's
// IDs and JSON out; generate --variant killer --level and --min/--max-rating keep puzzles
// of the killer ratings, the same per seed whatever the threads.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "run_cli.h"

namespace sudoforge::testing {
namespace {

// A unique 4x4 killer written by hand (solution 1234 3412 2143 4321).
constexpr const char* kFour = "killer:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=5,E=5,F=8,G=4,H=5";
// A Solo killer ID (9x9, no givens), as `sgt-solo --generate 1 3x3kdi` prints them.
constexpr const char* kSolo =
    "3x3k:zzzc,a_a______a________a_a_________a_a___aa__a__aba_a_a"
    "a_a__a_aa_a_a__aaa____a__a__a__c_a__b_a__ba_abaa_a,9a11_5a10_14_10_8_7"
    "_10a10g11_14_12_10a11_8_9d11_6b7_13_13_14d17c4a11a12a22_11a10_18_14h17a10_11_9a6f";

TEST(KillerGradeCli, GradesTheTextFormWithItsToken) {
  const CliResult r = run_cli("grade", std::string(kFour) + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, std::string(kFour) + " 1.3 1.0 1.0 easy Cage Combinations\n");
}

TEST(KillerGradeCli, ExplainSaysTheCageArithmetic) {
  const CliResult r = run_cli("grade --explain", std::string(kFour) + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("1. r4c1 = 4: a cage of one cell (1.0)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cage 3 at r1c1 (2 cells) takes 12: r1c1<>3, r1c2<>3, r1c2<>4 (1.3)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("r3c1 = 5 - 3 = 2: last cell of cage 5 at r2c1 (1.0)"), std::string::npos)
      << r.out;
}

TEST(KillerGradeCli, SoloIdsToJson) {
  const CliResult r = run_cli("grade -o json", std::string(kSolo) + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["variant"], "killer");
  EXPECT_EQ(j[0]["complete"], true);
  EXPECT_EQ(j[0]["hardest"], "Multi-House Innie/Outie");
  EXPECT_EQ(j[0]["level"], "medium");
  EXPECT_GT(j[0]["dlx_nodes"].get<int>(), 0);
  EXPECT_EQ(j[0]["techniques"][0], "Cage Combinations");
}

TEST(KillerGradeCli, GenerateByLevelIsReproducibleAndOfThatLevel) {
  const std::string args = "generate --variant killer --level hard -n 4 --seed 3 -q";
  const CliResult one = run_cli(args);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(run_cli(args + " --threads 2").out, one.out);
  const CliResult graded = run_cli("grade -o json", one.out);
  ASSERT_EQ(graded.exit_code, 0) << graded.err;
  const auto j = nlohmann::json::parse(graded.out);
  ASSERT_EQ(j.size(), 4u);
  for (const auto& p : j) EXPECT_EQ(p["level"], "hard") << p["hardest"];
}

// Hard symmetric killers: the banded cut's steps back keep the layout symmetric (every
// cage's image under rot180 is a cage) with no single-cell cage (reshaped orbit-wise), the
// run is the same whatever the threads, and every puzzle grades hard again.
TEST(KillerGradeCli, SymmetricHardKillersKeepTheirSymmetry) {
  const std::string args =
      "generate --variant killer --symmetry rot180 --level hard -n 3 --seed 5 -q -o json";
  const CliResult one = run_cli(args);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(run_cli(args + " --threads 2").out, one.out);
  const auto j = nlohmann::json::parse(one.out);
  ASSERT_EQ(j.size(), 3u);
  for (const auto& p : j) {
    EXPECT_EQ(p["level"], "hard");
    std::vector<int> cage_of(81, -1);
    for (std::size_t k = 0; k < p["cages"].size(); ++k) {
      EXPECT_GE(p["cages"][k]["cells"].size(), 2u);
      for (int c : p["cages"][k]["cells"]) cage_of[c] = static_cast<int>(k);
    }
    for (const auto& cage : p["cages"]) {
      const int image = cage_of[80 - cage["cells"][0].get<int>()];
      for (int c : cage["cells"]) EXPECT_EQ(cage_of[80 - c], image);
    }
  }
  const CliResult graded = run_cli("grade -o json", one.out);
  ASSERT_EQ(graded.exit_code, 0) << graded.err;
  for (const auto& p : nlohmann::json::parse(graded.out)) EXPECT_EQ(p["level"], "hard");
}

// Hard dihedral killers with cages of 2 or more: the cells on the axes, the diagonals and
// the centre get their cages first (the centre the plus of 5), so such a run delivers
// (before, about 1,500 grids a puzzle). Every cage's image under each of the 8 symmetries
// is a cage, no cage is a single cell, the run is the same whatever the threads, and
// every puzzle grades hard again.
TEST(KillerGradeCli, DihedralKillersMapEveryCageOntoACage) {
  const std::string args =
      "generate --variant killer --symmetry dihedral --level hard -n 2 --seed 2 -q -o json";
  const CliResult one = run_cli(args);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(run_cli(args + " --threads 2").out, one.out);
  const auto j = nlohmann::json::parse(one.out);
  ASSERT_EQ(j.size(), 2u);
  for (const auto& p : j) {
    EXPECT_EQ(p["symmetry"], "dihedral");
    std::vector<int> cage_of(81, -1);
    for (std::size_t k = 0; k < p["cages"].size(); ++k) {
      EXPECT_GE(p["cages"][k]["cells"].size(), 2u);
      for (int c : p["cages"][k]["cells"]) cage_of[c] = static_cast<int>(k);
    }
    // The images of (r, c): transposes and reflections of rows and columns, in all 8 ways.
    for (int t = 0; t < 8; ++t) {
      auto image = [t](int cell) {
        int r = cell / 9, c = cell % 9;
        if (t & 1) std::swap(r, c);
        if (t & 2) r = 8 - r;
        if (t & 4) c = 8 - c;
        return 9 * r + c;
      };
      for (const auto& cage : p["cages"]) {
        const int target = cage_of[image(cage["cells"][0].get<int>())];
        for (int c : cage["cells"]) EXPECT_EQ(cage_of[image(c)], target);
      }
    }
  }
  const CliResult graded = run_cli("grade -o json", one.out);
  ASSERT_EQ(graded.exit_code, 0) << graded.err;
  for (const auto& p : nlohmann::json::parse(graded.out)) EXPECT_EQ(p["level"], "hard");
}

// Easy is the level whose candidates the generator keeps most often: a candidate kept
// without its grading would pass as easy, so the delivered puzzles are graded again here.
TEST(KillerGradeCli, GenerateEasyDeliversEasyPuzzles) {
  const CliResult one =
      run_cli("generate --variant killer --size 2x3 --level easy -n 5 --seed 11 -q");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const CliResult graded = run_cli("grade -o json", one.out);
  ASSERT_EQ(graded.exit_code, 0) << graded.err;
  const auto j = nlohmann::json::parse(graded.out);
  ASSERT_EQ(j.size(), 5u);
  for (const auto& p : j) EXPECT_EQ(p["level"], "easy") << p["hardest"];
}

// 9x9 easy and medium killers are cut to their level (GeneratorOptions::killer_cut), with
// the default cages of 2 to 5 cells: every delivered puzzle grades at the level asked
// again, has no single-cell cage, and the run is the same whatever the threads.
TEST(KillerGradeCli, NineByNineEasyAndMediumAreCutToTheirLevel) {
  for (const char* level : {"easy", "medium"}) {
    SCOPED_TRACE(level);
    const std::string args =
        std::string("generate --variant killer --level ") + level + " -n 6 --seed 4 -q";
    const CliResult one = run_cli(args + " -o json");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(run_cli(args + " -o json --threads 2").out, one.out);
    const auto generated = nlohmann::json::parse(one.out);
    ASSERT_EQ(generated.size(), 6u);
    for (const auto& p : generated) {
      for (const auto& cage : p["cages"]) EXPECT_GE(cage["cells"].size(), 2u) << cage;
    }
    const CliResult graded = run_cli("grade -o json", run_cli(args).out);
    ASSERT_EQ(graded.exit_code, 0) << graded.err;
    const auto j = nlohmann::json::parse(graded.out);
    ASSERT_EQ(j.size(), 6u);
    for (const auto& p : j) EXPECT_EQ(p["level"], level) << p["hardest"];
  }
}

TEST(KillerGradeCli, GenerateByRatingBand) {
  const CliResult r = run_cli(
      "generate --variant killer --size 2x3 --min-rating 1.4 --max-rating 2.8 -n 3 --seed 1 -q "
      "-o json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 3u);
  for (const auto& p : j) {
    EXPECT_GE(p["rating"].get<double>(), 1.4);
    EXPECT_LE(p["rating"].get<double>(), 2.8);
  }
}

TEST(KillerGradeCli, CatalogueRowsCarryTheRating) {
  const auto db = scratch_dir() / "graded_killers.db";
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + s);
  const CliResult gen =
      run_cli("generate --variant killer --size 2x3 -n 3 --seed 2 -q --db " + db.string());
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  const CliResult rows = run_cli("db query -o json --db " + db.string());
  ASSERT_EQ(rows.exit_code, 0) << rows.err;
  const auto j = nlohmann::json::parse(rows.out);
  ASSERT_EQ(j.size(), 3u);
  for (const auto& p : j) {
    EXPECT_EQ(p["variant"], "killer");
    EXPECT_TRUE(p["rating"].is_number()) << p;
    EXPECT_TRUE(p["level"].is_string()) << p;
  }
}

}  // namespace
}  // namespace sudoforge::testing
