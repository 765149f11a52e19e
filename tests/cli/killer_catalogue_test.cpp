// Killers in the catalogue end to end: db import of tokens, Solo IDs, CSV and JSON (bad
// records get FILE:LINE, the others are stored), one key for a killer and its rotated or
// complemented copies, and generate --givens.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "../book/pdf_probe.h"
#include "run_cli.h"

namespace sudoforge::testing {
namespace {

// A unique 4x4 killer (solution 1234 3412 2143 4321), its half turn (the map read
// backwards, same sums) and its complement (v -> 5-v: a k-cell cage's sum S -> 5k - S).
constexpr const char* kFour = "killer:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=5,E=5,F=8,G=4,H=5";
constexpr const char* kFourTurned = "killer:FHHGFFEDCBEDCBAA;A=3,B=4,C=6,D=5,E=5,F=8,G=4,H=5";
constexpr const char* kFourComplement = "killer:AABCDEBCDEFFGHHF;A=7,B=6,C=4,D=5,E=5,F=7,G=1,H=5";

std::string write_file(const std::string& name, const std::string& text) {
  const auto path = scratch_dir() / name;
  std::ofstream(path) << text;
  return path.string();
}

std::string fresh_db(const std::string& name) {
  const auto db = scratch_dir() / name;
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + s);
  return db.string();
}

TEST(KillerCatalogue, ImportReadsTokensSoloIdsCsvAndJson) {
  const std::string db = fresh_db("import_killers.db");
  const CliResult json = run_cli("generate --variant killer --size 2x2 -n 3 --seed 4 -o json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const CliResult csv = run_cli("generate --variant killer --size 2x3 -n 2 --seed 4 -o csv");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  const std::string tokens = write_file(
      "killers.txt", std::string(kFour) + "\n" +
                         "killer:ABACDEBCDEFFGGHH;A=3,B=4,C=6,D=5,E=5,F=7,G=7,H=3\n" +  // 2
                         "2x2k:p,a_a__a_b_a__a_b_,3a5_8_7c5_3c9b\n");
  const std::string json_file = write_file("killers.json", json.out);
  const std::string csv_file = write_file("killers.csv", csv.out);
  const CliResult r =
      run_cli("db import --db " + db + " " + tokens + " " + json_file + " " + csv_file);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(tokens + ":2: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not connected"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("added 7, duplicates 0, invalid 1"), std::string::npos) << r.err;
  const CliResult q = run_cli("db query --db " + db + " --variant killer -o csv");
  EXPECT_EQ(q.exit_code, 0) << q.err;
  EXPECT_EQ(lines_of(q.out).size(), 8u) << q.out;  // header and seven killers
  // Every generated killer is back with its cages (the JSON, read back, has the same).
  const CliResult back = run_cli("db query --db " + db + " --variant killer");
  for (const auto& line :
       lines_of(run_cli("generate --variant killer --size 2x2 -n 3 --seed 4").out)) {
    EXPECT_NE(back.out.find(line), std::string::npos) << line;
  }
}

TEST(KillerCatalogue, JsonObjectsThatAreNotKillersGetTheirLine) {
  const std::string file = write_file(
      "bad_killers.json",
      "[\n"
      "{\"variant\":\"killer\",\"puzzle\":\"................\",\"cages\":[{\"sum\":3,\"cells\":[0,"
      "1]},{\"sum\":4,\"cells\":[2,6]},{\"sum\":6,\"cells\":[3,7]},{\"sum\":5,\"cells\":[4,8]},"
      "{\"sum\":5,\"cells\":[5,9]},{\"sum\":8,\"cells\":[10,11,15]},{\"sum\":4,\"cells\":[12]},"
      "{\"sum\":5,\"cells\":[13,14]}]},\n"
      "{\"variant\":\"killer\",\"puzzle\":\"................\",\"cages\":[{\"sum\":3,\"cells\":[0,"
      "5]}]},\n"
      "{\"variant\":\"killer\",\"puzzle\":\"................\"},\n"
      "not json,\n"
      "]\n");
  const CliResult r = run_cli("solve --count " + file);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "1\n");
  for (int line : {3, 4, 5}) {
    EXPECT_NE(r.err.find(file + ":" + std::to_string(line) + ": "), std::string::npos)
        << line << "\n"
        << r.err;
  }
  EXPECT_NE(r.err.find("without a \"cages\" list"), std::string::npos) << r.err;
}

TEST(KillerCatalogue, RotatedAndComplementedCopiesAreDuplicates) {
  const std::string db = fresh_db("killer_keys.db");
  const std::string file = write_file(
      "copies.txt", std::string(kFour) + "\n" + kFourTurned + "\n" + kFourComplement + "\n");
  const CliResult r = run_cli("db import --db " + db + " " + file);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("added 1, duplicates 2"), std::string::npos) << r.err;
  const CliResult keys = run_cli("canon --key " + file);
  ASSERT_EQ(keys.exit_code, 0) << keys.err;
  const auto lines = lines_of(keys.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1], lines[0]);
  EXPECT_EQ(lines[2], lines[0]);
}

TEST(KillerGenerate, GivensAreSymmetricReproducibleAndLeaveOneSolution) {
  const std::string args = "generate --variant killer -n 4 --seed 9 --givens 6 --symmetry rot180";
  const CliResult r = run_cli(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(run_cli(args + " --threads 2").out, r.out);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u);
  for (const std::string& line : lines) {
    const std::string givens = line.substr(line.rfind(';') + 1);
    ASSERT_EQ(givens.size(), 81u) << line;
    const auto count = std::count_if(givens.begin(), givens.end(), [](char c) { return c != '.'; });
    EXPECT_GE(count, 6) << line;
    EXPECT_LE(count, 7) << line;  // one rot180 orbit past 6 at most
    for (int c = 0; c < 81; ++c) EXPECT_EQ(givens[c] == '.', givens[80 - c] == '.') << line;
  }
  const CliResult count = run_cli("solve --count", r.out);
  EXPECT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(count.out, "1\n1\n1\n1\n");
  // Without --givens: none, and the puzzles of the seed are those they always were.
  const CliResult plain = run_cli("generate --variant killer -n 2 --seed 9");
  for (const std::string& line : lines_of(plain.out)) {
    EXPECT_EQ(std::count(line.begin(), line.end(), ';'), 1) << line;
  }
  EXPECT_EQ(run_cli("generate -n 2 --givens 3").exit_code, 2);
  EXPECT_EQ(run_cli("generate --variant killer -n 2 --givens 82").exit_code, 2);
}

TEST(KillerCatalogue, BookWithAnswersInTwoCommands) {
  if (!test::have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string db = fresh_db("killer_book.db");
  const std::string pdf = (scratch_dir() / "killer_book.pdf").string();
  ASSERT_EQ(run_cli("generate --variant killer -n 4 --seed 6 -q --db " + db).exit_code, 0);
  const CliResult r =
      run_cli("book --db " + db + " --variant killer --count 4 --per-page 4 -o " + pdf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::pdf_pages(pdf), 3);  // title, puzzles, answers
  const std::string text = test::pdf_text(pdf);
  EXPECT_NE(text.find("Killer Sudoku"), std::string::npos) << text;
  EXPECT_NE(text.find("Cages: the digits"), std::string::npos);
}

}  // namespace
}  // namespace sudoforge::testing
