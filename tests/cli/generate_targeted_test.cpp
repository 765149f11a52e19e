// End-to-end tests of `generate --technique` and `generate --pattern`: every puzzle is
// checked independently (the solver for uniqueness, the validator for the solution, a
// full grading for the techniques), runs are reproducible across --threads and --start,
// and bad requests are usage errors (exit 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "run_cli.h"
#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/canonical.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {
namespace {

using testing::lines_of;
using testing::ok_lines;
using testing::run_cli;
using testing::split_csv;

Grid grid_from(const std::string& text) {
  const Geometry g;
  const Alphabet alphabet = Alphabet::standard(9);
  EXPECT_EQ(text.size(), 81u) << text;
  Grid grid(g);
  for (int c = 0; c < 81 && c < static_cast<int>(text.size()); ++c) {
    grid.set(c, text[c] == '.' ? 0 : std::max(alphabet.value(text[c]), 0));
  }
  return grid;
}

bool uses(const grader::Rating& r, const std::string& technique) {
  return std::find(r.techniques.begin(), r.techniques.end(), technique) != r.techniques.end();
}

// The puzzles of a line-output run, each unique; canonically distinct within the run.
std::vector<Grid> unique_puzzles(const std::string& args, std::size_t count) {
  const auto lines = ok_lines(args + " --quiet");
  EXPECT_EQ(lines.size(), count) << args;
  SudokuSolver solver;
  std::set<std::string> keys;
  std::vector<Grid> out;
  for (const std::string& line : lines) {
    const Grid p = grid_from(line);
    EXPECT_EQ(solver.count(p, 2), 1u) << line;
    EXPECT_TRUE(keys.insert(canonical_key(p)).second) << "repeated: " << line;
    out.push_back(p);
  }
  return out;
}

TEST(CliGenerateTechnique, EveryPuzzleUsesTheTechnique) {
  grader::Grader grader;
  for (const Grid& p : unique_puzzles("generate --technique 'x wing' -n 20 --seed 3", 20)) {
    const grader::Rating r = grader.rate(p);
    EXPECT_TRUE(r.complete);
    EXPECT_TRUE(uses(r, "X-Wing")) << key_text(p);
  }
}

TEST(CliGenerateTechnique, SeveralTechniquesAreAllRequired) {
  grader::Grader grader;
  for (const Grid& p : unique_puzzles(
           "generate --technique 'naked pairs' --technique 'Hidden Pair' -n 6 --seed 4", 6)) {
    const grader::Rating r = grader.rate(p);
    EXPECT_TRUE(uses(r, "Naked Pair") && uses(r, "Hidden Pair")) << key_text(p);
  }
}

TEST(CliGenerateTechnique, HardestModeKeepsPuzzlesWhoseErIsThatStep) {
  const auto lines =
      ok_lines("generate --technique y-wing --technique-hardest -n 5 --seed 5 -o csv --quiet");
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_NE(lines[0].find("rating,level"), std::string::npos) << lines[0];
  grader::Grader grader;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv(lines[i]);
    const grader::Rating r = grader.rate(grid_from(f[0]));
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.hardest, "XY-Wing") << f[0];
    EXPECT_EQ(f[7], "4.2") << lines[i];
  }
}

TEST(CliGenerateTechnique, CombinesWithALevel) {
  grader::Grader grader;
  for (const Grid& p :
       unique_puzzles("generate --technique x-wing --level diabolical -n 3 --seed 6", 3)) {
    const grader::Rating r = grader.rate(p);
    EXPECT_EQ(r.level, grader::Level::kDiabolical) << key_text(p);
    EXPECT_TRUE(uses(r, "X-Wing")) << key_text(p);
  }
}

TEST(CliGenerateTechnique, ReproducibleAcrossThreadsAndStart) {
  const std::string run = "generate --technique 'naked pair' --seed 9 --quiet";
  const auto one = ok_lines(run + " -n 40 --threads 1");
  ASSERT_EQ(one.size(), 40u);
  EXPECT_EQ(ok_lines(run + " -n 40 --threads 2"), one);
  const auto part = ok_lines(run + " --start 17 -n 3");
  ASSERT_EQ(part.size(), 3u);
  EXPECT_EQ(part, std::vector<std::string>(one.begin() + 17, one.begin() + 20));
}

TEST(CliGenerateTechnique, StoredPuzzlesAreGradedInFullAndFoundByTheQuery) {
  const std::string db = (testing::scratch_dir() / "technique.db").string();
  const auto r = run_cli("generate --db " + db + " --technique swordfish -n 3 --seed 2 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = ok_lines("db query --db " + db + " --technique swordfish -o csv");
  EXPECT_EQ(rows.size(), 4u);  // header + 3
}

TEST(CliGenerateTechnique, UnknownTechniqueIsAUsageErrorListingTheNames) {
  const auto r = run_cli("generate --technique 'x-wingg' -n 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown --technique 'x-wingg'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Swordfish"), std::string::npos) << r.err;
  EXPECT_EQ(run_cli("generate --technique-hardest -n 1").exit_code, 2);
}

// A pattern taken from a generated puzzle (so it admits one), spelled in x and '.'.
std::string pattern_of(const std::string& puzzle) {
  std::string p = puzzle;
  for (char& c : p) c = c == '.' ? '.' : 'x';
  return p;
}

TEST(CliGeneratePattern, GivensExactlyOnTheMaskUniqueAndValid) {
  const std::string source = ok_lines("generate -n 1 --seed 5 --quiet").at(0);
  const std::string mask = pattern_of(source);
  // The puzzle itself as the pattern, and the x/. spelling: the same puzzles.
  const auto lines = ok_lines("generate --pattern '" + source + "' -n 6 --seed 1 -o csv --quiet");
  EXPECT_EQ(ok_lines("generate --pattern '" + mask + "' -n 6 --seed 1 -o csv --quiet"), lines);
  ASSERT_EQ(lines.size(), 7u);
  SudokuSolver solver;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv(lines[i]);
    EXPECT_EQ(pattern_of(f[0]), mask) << f[0];
    const Grid puzzle = grid_from(f[0]), solution = grid_from(f[1]);
    EXPECT_EQ(solver.count(puzzle, 2), 1u);
    EXPECT_TRUE(is_valid_solution(solution));
    EXPECT_TRUE(is_solution_of(puzzle, solution));
  }
}

TEST(CliGeneratePattern, GridLayoutFileAndLevel) {
  const std::string source = ok_lines("generate -n 1 --seed 5 --quiet").at(0);
  std::string grid;
  for (int r = 0; r < 9; ++r) grid += pattern_of(source).substr(r * 9, 9) + "\n";
  const std::string file = (testing::scratch_dir() / "pattern.txt").string();
  std::ofstream(file) << "# a pattern in rows\n" << grid;
  const auto lines =
      ok_lines("generate --pattern " + file + " --level hard -n 2 --seed 3 -o csv --quiet");
  ASSERT_EQ(lines.size(), 3u);
  grader::Grader grader;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv(lines[i]);
    EXPECT_EQ(pattern_of(f[0]), pattern_of(source));
    EXPECT_EQ(grader.rate(grid_from(f[0])).level, grader::Level::kHard) << f[0];
  }
}

TEST(CliGeneratePattern, ReproducibleAcrossThreads) {
  const std::string mask = pattern_of(ok_lines("generate -n 1 --seed 8 --quiet").at(0));
  const std::string run = "generate --pattern '" + mask + "' -n 8 --seed 4 --quiet";
  const auto one = ok_lines(run + " --threads 1");
  ASSERT_EQ(one.size(), 8u);
  EXPECT_EQ(ok_lines(run + " --threads 2"), one);
}

TEST(CliGeneratePattern, ImpossiblePatternEndsWithExit1) {
  // 16 givens (a 17-clue puzzle's pattern less one): no 9x9 puzzle has fewer than 17.
  const std::string mask =
      ".........x.........x...........x.x.x..x...x....x.x....x..x..x...x.x........x.x...";
  ASSERT_EQ(mask.size(), 81u);
  const auto r = run_cli("generate --pattern '" + mask + "' --attempts 5 -n 1 --seed 1", "", 300);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("no puzzle on the pattern after 5 attempts"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST(CliGeneratePattern, BadPatternsAreUsageErrors) {
  const std::string good(81, 'x');
  const auto short_one = run_cli("generate --pattern '" + good.substr(1) + "'");
  EXPECT_EQ(short_one.exit_code, 2);
  EXPECT_NE(short_one.err.find("the pattern has 80 cells; a 9x9 board needs 81"), std::string::npos)
      << short_one.err;
  const auto bad_char = run_cli("generate --pattern '" + good.substr(1) + "?'");
  EXPECT_EQ(bad_char.exit_code, 2);
  EXPECT_NE(bad_char.err.find("bad character '?'"), std::string::npos) << bad_char.err;
  EXPECT_EQ(run_cli("generate --pattern '" + good + "' --symmetry rot180").exit_code, 2);
  EXPECT_EQ(run_cli("generate --pattern '" + std::string(81, '.') + "'").exit_code, 2);
  EXPECT_EQ(run_cli("generate --attempts 3").exit_code, 2);
}

}  // namespace
}  // namespace sudoforge
