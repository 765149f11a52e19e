// Killer Sudoku end to end: the text form and Solo's killer IDs in, solutions, counts and
// the JSON contract out; bad records get FILE:LINE and exit 1, the others are processed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../book/pdf_probe.h"
#include "run_cli.h"
#include "sudoforge/core/killer_text.h"
#include "sudoforge/db/catalogue.h"

namespace sudoforge::testing {
namespace {

// A unique 4x4 killer written by hand (solution 1234 3412 2143 4321).
constexpr const char* kFour = "killer:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=5,E=5,F=8,G=4,H=5";

std::string write_file(const std::string& name, const std::string& text) {
  const auto path = scratch_dir() / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(KillerCli, SolvePrintsTheTokenWithItsSolution) {
  const CliResult r = run_cli("solve", std::string(kFour) + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, std::string(kFour) + ";1234341221434321\n");
}

TEST(KillerCli, JsonContract) {
  const CliResult r = run_cli("solve --output json", std::string(kFour) + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["variant"], "killer");
  EXPECT_EQ(j[0]["puzzle"], "................");
  EXPECT_EQ(j[0]["solution"], "1234341221434321");
  ASSERT_EQ(j[0]["cages"].size(), 8u);
  EXPECT_EQ(j[0]["cages"][0]["sum"], 3);
  EXPECT_EQ(j[0]["cages"][0]["cells"], nlohmann::json::parse("[0,1]"));
  EXPECT_EQ(j[0]["cages"][1]["cells"], nlohmann::json::parse("[2,6]"));
  // Every cage's sum is its cells' sum in the solution; the cells cover the board once.
  std::vector<int> caged(16, 0);
  const std::string solution = j[0]["solution"];
  for (const auto& cage : j[0]["cages"]) {
    int sum = 0;
    for (int cell : cage["cells"]) {
      sum += solution[cell] - '0';
      ++caged[cell];
    }
    EXPECT_EQ(sum, cage["sum"]);
  }
  EXPECT_EQ(caged, std::vector<int>(16, 1));
}

TEST(KillerCli, CsvRoundTrips) {
  const CliResult csv = run_cli("solve --output csv", std::string(kFour) + "\n");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(csv.out.find(",killer,\"AABCDEBCDEFFGHHF;A=3,B=4"), std::string::npos) << csv.out;
  const CliResult again = run_cli("solve --count -", csv.out);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, "1\n");
}

TEST(KillerCli, CountAndAllOnSoloIds) {
  const CliResult count = run_cli("solve --count " + data_file("killer/solo_killers.txt"));
  EXPECT_EQ(count.exit_code, 0) << count.err;
  const auto lines = lines_of(count.out);
  ASSERT_GE(lines.size(), 20u);
  for (const auto& line : lines) EXPECT_EQ(line, "1");
  // Rows as cages of sum 10: every 4x4 grid fits, so --all lists up to its limit.
  const CliResult all =
      run_cli("solve --all --limit 5", "killer:AAAABBBBCCCCDDDD;A=10,B=10,C=10,D=10\n");
  EXPECT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(lines_of(all.out).size(), 5u);
}

TEST(KillerCli, BadRecordsGetFileLineAndExitOne) {
  const std::string file = write_file(
      "bad_killers.txt",
      std::string(kFour) + "\n" +                                         // 1 ok
          "killer:ABABCDEBCDEFFGGHH;A=3,B=4,C=6,D=5,E=5,F=7,G=7,H=3\n" +  // 2 length
          "killer:ABACDEBCDEFFGGHH;A=3,B=4,C=6,D=5,E=5,F=7,G=7,H=3\n" +   // 3 not connected
          "killer:AABCDEBCDEFFGGHH;A=2,B=4,C=6,D=5,E=5,F=7,G=7,H=3\n" +   // 4 impossible sum
          "killer:AABC.EBCDEFFGGHH;A=3,B=4,C=6,D=5,E=5,F=7,G=7,H=3\n" +   // 5 no cage
          std::string(kFour) + ";4...............\n" +                    // 6 given vs cage
          std::string(kFour) + ";...............3\n" +                    // 7 no solution
          "2x2k:p,_a_aa_ab_____aaa,7_6a3a6b5b8_5c\n");                    // 8 ok
  const CliResult r = run_cli("solve --count " + file);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "1\n0\n1\n");
  for (int line : {2, 3, 4, 5, 6}) {
    EXPECT_NE(r.err.find(file + ":" + std::to_string(line) + ":"), std::string::npos)
        << line << "\n"
        << r.err;
  }
  EXPECT_NE(r.err.find("not connected"), std::string::npos);
  EXPECT_NE(r.err.find("impossible"), std::string::npos);
  EXPECT_NE(r.err.find("no cage"), std::string::npos);
  EXPECT_NE(r.err.find("cannot hold"), std::string::npos);
}

TEST(KillerCli, VariantOptionAgreesWithTheRecords) {
  EXPECT_EQ(run_cli("solve --count --variant killer", std::string(kFour) + "\n").out, "1\n");
  const CliResult x = run_cli("solve --count --variant killer+x", std::string(kFour) + "\n");
  EXPECT_EQ(x.exit_code, 1);
  EXPECT_NE(x.err.find("killer+x"), std::string::npos) << x.err;
}

// A 6x6 and a 9x9 killer cut from pattern grids, each with one solution.
constexpr const char* kSix =
    "killer:QFJJKBLNNDBBLAADCORRGCCOHHGIIESMMMPP;A=7,B=11,C=11,D=6,E=2,F=2,G=6,H=7,I=7,J=7,"
    "K=5,L=6,M=6,N=11,O=5,P=9,Q=1,R=11,S=6";
constexpr const char* kNine =
    "killer:ffCBBVIIkSCCBBiIQYSKCEETHHYcZREETbbYFhRRMdJbDFPPPjJJJDeUUUWXXDDegNNALGGOlaaNNLLLO;"
    "A=1,B=24,C=23,D=14,E=14,F=13,G=7,H=9,I=16,J=17,K=8,L=20,M=9,N=24,O=13,P=12,Q=2,R=19,S=11,"
    "T=10,U=15,V=6,W=7,X=17,Y=10,Z=3,a=3,b=20,c=2,d=1,e=9,f=3,g=7,h=6,i=9,j=3,k=9,l=9";

TEST(KillerCli, RenderDrawsKillersInEveryFormat) {
  for (const std::string ext : {"svg", "png", "pdf"}) {
    const std::string out = (scratch_dir() / ("killer." + ext)).string();
    const CliResult r = run_cli("render - --solution --rule -o " + out, std::string(kNine) + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string image = slurp(out);
    if (ext == "svg") EXPECT_NE(image.find("<svg"), std::string::npos);
    if (ext == "png") EXPECT_EQ(image.substr(1, 3), "PNG");
    if (ext == "pdf") EXPECT_EQ(image.substr(0, 5), "%PDF-");
  }
  // Killer X from a file.
  const std::string x =
      write_file("kx.txt", "killer+x:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=7,E=7,F=6,G=2,H=5\n");
  EXPECT_EQ(run_cli("render " + x + " -o " + (scratch_dir() / "kx.png").string()).exit_code, 0);
}

TEST(KillerCli, BookFromFilesHasTheRuleAndAnAnswerKey) {
  if (!test::have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string in =
      write_file("killers.txt", std::string(kFour) + "\n" + kSix + "\n" + kNine + "\n");
  const std::string pdf = (scratch_dir() / "killers.pdf").string();
  const CliResult r = run_cli("book " + in + " --title Killers --per-page 2 -o " + pdf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::pdf_pages(pdf), 4);  // title, two puzzle pages, one answer page
  EXPECT_NE(test::pdf_text(pdf, 2, 2).find("Cages: the digits in each dashed cage"),
            std::string::npos);
  EXPECT_NE(test::pdf_text(pdf, 4, 4).find("Answers"), std::string::npos);
}

TEST(KillerCli, BookHintsDrawTheFirstDeductionBeyondTheCageArithmetic) {
  if (!test::have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  // kFour needs only singles, cage sums and combinations; the 9x9 (generate --variant
  // killer -n 2 --seed 11, #2) first needs an outie.
  const std::string in = write_file(
      "killer_hints.txt",
      std::string(kFour) +
          "\nkiller:ABBBCCDDDEEBBCFFDDEEGHCCFIIJEGKKKLLMJJGKKNNLLOOGPPPQRLOSSPTTTRUOSVPTWTRUSSV"
          "XXYYYY;A=2,B=26,C=24,D=24,E=32,F=11,G=21,H=1,I=14,J=16,K=26,L=24,M=7,N=6,O=18,"
          "P=30,Q=8,R=14,S=25,T=25,U=4,V=11,W=2,X=8,Y=26\n");
  const std::string pdf = (scratch_dir() / "kh.pdf").string();
  const CliResult h = run_cli("book " + in + " --hints -o " + pdf);
  ASSERT_EQ(h.exit_code, 0) << h.err;
  // Title, one puzzle page, two hint pages (the 9x9's picture; the paragraph of those
  // that need no hint), one answer page.
  EXPECT_EQ(test::pdf_pages(pdf), 5);
  const std::string hints = test::pdf_text(pdf, 3, 4);
  EXPECT_NE(hints.find("#2 \u00b7 Innie/Outie (1.4)"), std::string::npos) << hints;
  EXPECT_NE(hints.find("outie r2c6 = 11 - 7 = 4 (box 3)"), std::string::npos) << hints;
  EXPECT_NE(hints.find("Singles, cage sums and cage combinations alone solve #1"),
            std::string::npos)
      << hints;
}

TEST(KillerCli, BookFromTheCatalogueSelectsKillers) {
  if (!test::have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string path = (scratch_dir() / "killers.db").string();
  std::filesystem::remove(path);
  {
    // Rows as a killer import or generation stores them: the board with its cages, the
    // solution, no rating yet; and a classic puzzle the filter leaves out.
    db::Catalogue cat(path);
    std::vector<db::PuzzleRecord> rows;
    for (const char* text : {kFour, kSix, kNine}) {
      db::PuzzleRecord rec;
      rec.givens = parse_killer_text(text);
      rec.source = "test";
      rows.push_back(std::move(rec));
    }
    db::PuzzleRecord classic;
    std::vector<std::uint8_t> cells;
    for (char c : std::string(
             "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")) {
      cells.push_back(c == '.' ? 0 : static_cast<std::uint8_t>(c - '0'));
    }
    classic.givens = Grid(Geometry(), cells);
    classic.source = "test";
    rows.push_back(std::move(classic));
    ASSERT_EQ(cat.add(rows).added, 4);
  }
  const std::string pdf = (scratch_dir() / "db_killers.pdf").string();
  const CliResult r =
      run_cli("book --db " + path + " --variant killer --count 3 --per-page 4 -o " + pdf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::pdf_pages(pdf), 3);  // title, puzzles, answers
  const std::string text = test::pdf_text(pdf);
  EXPECT_NE(text.find("Cages: the digits"), std::string::npos);
  EXPECT_NE(text.find("#3"), std::string::npos);
  EXPECT_EQ(text.find("#4"), std::string::npos);  // the classic puzzle
  // A fourth killer is not there (and the three are used now).
  EXPECT_EQ(run_cli("book --db " + path + " --variant killer --count 1 -o " + pdf + "2").exit_code,
            1);
}

TEST(KillerCli, GenerateJsonContract) {
  const CliResult r = run_cli("generate --variant killer -n 3 --seed 5 -o json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 3u);
  for (const auto& p : j) {
    EXPECT_EQ(p["variant"], "killer");
    EXPECT_EQ(p["puzzle"], std::string(81, '.'));
    const std::string solution = p["solution"];
    ASSERT_EQ(solution.size(), 81u);
    std::vector<int> caged(81, 0);
    for (const auto& cage : p["cages"]) {
      int sum = 0;
      for (int cell : cage["cells"]) {
        sum += solution[cell] - '0';
        ++caged[cell];
      }
      EXPECT_EQ(sum, cage["sum"]);
      EXPECT_LE(cage["cells"].size(), 5u);
    }
    EXPECT_EQ(caged, std::vector<int>(81, 1));
  }
}

TEST(KillerCli, GeneratedLinesSolveUniquelyAndRepeatPerSeed) {
  const std::string args = "generate --variant killer+x --size 2x3 -n 4 --seed 9 --cage-sizes 2-4";
  const CliResult one = run_cli(args);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto lines = lines_of(one.out);
  ASSERT_EQ(lines.size(), 4u);
  for (const auto& line : lines) EXPECT_EQ(line.rfind("killer+x:", 0), 0u) << line;
  EXPECT_EQ(run_cli(args + " --threads 2").out, one.out);
  const CliResult count = run_cli("solve --count", one.out);
  EXPECT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(count.out, "1\n1\n1\n1\n");
}

TEST(KillerCli, GenerateUsageErrors) {
  EXPECT_EQ(exits_other_than(2, {"generate --variant killer --size 16",
                                 "generate --variant killer --cage-sizes 4-2",
                                 "generate --variant killer --cage-sizes 0-3",
                                 "generate --variant killer --size 2x2 --cage-sizes 1-5",
                                 "generate --cage-sizes 2-4",
                                 "generate --variant killer+jigsaw --size 6",
                                 "generate --variant killer --no-minimal"}),
            std::vector<std::string>{});
  const CliResult big = run_cli("generate --variant killer --size 16");
  EXPECT_NE(big.err.find("not 16x16"), std::string::npos) << big.err;
}

TEST(KillerCli, GenerateStoresKillersInTheCatalogue) {
  const auto db = scratch_dir() / "killers.db";
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + s);
  const CliResult gen =
      run_cli("generate --variant killer --size 2x2 -n 3 --seed 2 -q --db " + db.string());
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  const CliResult again = run_cli("generate --variant killer --size 2x2 -n 3 --seed 2 -o line");
  const CliResult exported = run_cli("db query --db " + db.string());
  EXPECT_EQ(exported.exit_code, 0) << exported.err;
  for (const auto& line : lines_of(again.out)) {
    EXPECT_NE(exported.out.find(line), std::string::npos) << line << " not in " << exported.out;
  }
}

}  // namespace
}  // namespace sudoforge::testing
