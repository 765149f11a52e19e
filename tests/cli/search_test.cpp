// `generate` by neighbourhood search, end to end: seeds from a file with bad records,
// results unique and in their band, the parent stored with --db, the same output for one
// and two threads, and when the search engages.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>

#include "run_cli.h"
#include "sudoforge/core/canonical.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {
namespace {

using testing::lines_of;
using testing::run_cli;
using testing::scratch_dir;
using testing::split_csv;

// Two minimal puzzles of Berthier's controlled-bias collection (SER 7.2 and 7.1) around
// bad records: a short line (line 2), a puzzle with two solutions (line 4).
std::string seed_file() {
  const std::string path = (scratch_dir() / "search_seeds.txt").string();
  std::ofstream(path)
      << "..3....8..5.78.1....91....52.......6..7....3.6...1.......2..9....16..3..9725...1.\n"
      << "12345\n"
      << "1...56......7...2...9.2.......5.8.76..8..4..19...6...........9.6.......7.713...54\n"
      << "1...56......7...2...9.2.......5.8.76..8..4..19...6...........9.6.......7.713....4\n";
  return path;
}

const std::string kSearch = "generate --search neighbourhood --min-rating 7 --seed 3 -n 4 ";

TEST(CliSearch, BadSeedRecordsAreReportedTheOthersUsed) {
  const std::string file = seed_file();
  const auto r = run_cli(kSearch + "-o csv --from " + file, "", 600);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(file + ":2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file + ":4: not unique"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("from 2 seeds from --from"), std::string::npos) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;  // header + 4
  SudokuSolver solver;
  grader::Grader grader;
  std::set<std::string> keys;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv(lines[i]);
    const Grid p = parse_one(f[0]).grid;
    EXPECT_EQ(solver.count(p, 2), 1u);
    EXPECT_EQ(f[6], "true");  // minimal
    const grader::Rating rating = grader.rate(p);
    EXPECT_GE(rating.er, 7.0);
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", rating.er);
    EXPECT_EQ(f[7], text);
    EXPECT_TRUE(keys.insert(canonical_key(p)).second);
  }
}

TEST(CliSearch, SameOutputForOneAndTwoThreads) {
  const std::string file = seed_file();
  const auto one = run_cli(kSearch + "--threads 1 -q --from " + file, "", 600);
  const auto two = run_cli(kSearch + "--threads 2 -q --from " + file, "", 600);
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_EQ(lines_of(one.out).size(), 4u);
  EXPECT_EQ(one.out, two.out);
}

TEST(CliSearch, StoresEachPuzzleWithItsParent) {
  const std::string file = seed_file();
  const std::string db = (scratch_dir() / "search.db").string();
  const auto r = run_cli(kSearch + "-q --from " + file + " --db " + db, "", 600);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  db::Catalogue cat(db);
  const auto rows = cat.query(db::QueryFilter{});
  ASSERT_EQ(rows.size(), 4u);
  SudokuSolver solver;
  for (const db::PuzzleRecord& row : rows) {
    EXPECT_EQ(row.source, "search");
    ASSERT_TRUE(row.rating_er);
    EXPECT_GE(*row.rating_er, 7.0);
    const auto link = cat.parent_of(row.id);
    ASSERT_TRUE(link);
    EXPECT_EQ(solver.count(link->givens, 2), 1u);
    EXPECT_EQ(link->canonical, canonical_key(link->givens));
    EXPECT_TRUE(link->move == "-1+1" || link->move == "-2+2") << link->move;
    EXPECT_NE(link->canonical, row.canonical);
  }
}

TEST(CliSearch, EngagesOnItsOwnFromRatingNine) {
  const std::string file = seed_file();
  const auto r = run_cli("generate --min-rating 9.5 --search-budget 1 --seed 1 --from " + file,
                         "", 600);
  EXPECT_NE(r.err.find("neighbourhood search"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("search budget spent"), std::string::npos) << r.err;
  const auto below = run_cli("generate --min-rating 4 --from " + file);
  EXPECT_EQ(below.exit_code, 2);
  EXPECT_NE(below.err.find("--from is for the neighbourhood search"), std::string::npos);
  EXPECT_EQ(run_cli("generate --min-rating 9.5 --symmetry rot180").exit_code, 2);
}

// A level is a band too: --search neighbourhood --level extreme finds puzzles rated 9.0
// and up (the level's bottom is the floor), each graded in full as extreme.
TEST(CliSearch, ALevelIsTheBandOfTheSearch) {
  const auto r =
      run_cli("generate --search neighbourhood --level extreme -n 3 --seed 2 -o csv", "", 600);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("neighbourhood search"), std::string::npos) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out;
  SudokuSolver solver;
  grader::Grader grader;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv(lines[i]);
    const Grid p = parse_one(f[0]).grid;
    EXPECT_EQ(solver.count(p, 2), 1u);
    const grader::Rating rating = grader.rate(p);
    EXPECT_GE(rating.er, 9.0);
    EXPECT_EQ(rating.level, grader::Level::kExtreme);
    EXPECT_EQ(f[8], "extreme");
  }
  // Without a band the search has no floor; a level alone keeps random generation.
  const auto none = run_cli("generate --search neighbourhood -n 1 --seed 2");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("needs --min-rating or --level"), std::string::npos) << none.err;
  const auto random = run_cli("generate --level hard -n 1 --seed 2");
  EXPECT_EQ(random.exit_code, 0);
  EXPECT_EQ(random.err.find("neighbourhood search"), std::string::npos) << random.err;
}

}  // namespace
}  // namespace sudoforge
