// End-to-end tests of `sudoforge generate`: uniqueness, minimality and symmetry of what is
// printed, reproducibility across --threads, the output formats, interruption, and the
// usage errors (exit 2).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "run_cli.h"
#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {
namespace {

using testing::lines_of;
using testing::ok_lines;
using testing::run_cli;
using testing::split_csv;


// A board in line form ('.' empty, standard alphabet); fails the test on a bad character.
Grid grid_of(const std::string& text, const Geometry& g) {
  const Alphabet alphabet = Alphabet::standard(g.size());
  EXPECT_EQ(static_cast<int>(text.size()), g.cell_count()) << text;
  Grid grid(g);
  for (int c = 0; c < g.cell_count() && c < static_cast<int>(text.size()); ++c) {
    const int v = text[c] == '.' ? 0 : alphabet.value(text[c]);
    EXPECT_GE(v, 0) << text;
    grid.set(c, v < 0 ? 0 : v);
  }
  return grid;
}

bool single_clue_removable(SudokuSolver& solver, Grid puzzle) {
  for (int c = 0; c < puzzle.cell_count(); ++c) {
    if (!puzzle[c]) continue;
    const int v = puzzle[c];
    puzzle.clear(c);
    const bool unique = solver.count(puzzle, 2) == 1;
    puzzle.set(c, v);
    if (unique) return true;
  }
  return false;
}

TEST(CliGenerate, CsvPuzzlesAreUniqueMinimalAndSymmetric) {
  const auto lines = ok_lines("generate --seed 2024 -n 24 --symmetry random -o csv --quiet");
  ASSERT_EQ(lines.size(), 25u);
  EXPECT_EQ(lines[0], "puzzle,solution,clues,symmetry,seed,index,minimal,variant,regions");
  SudokuSolver solver;
  const Geometry g;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv(lines[i]);
    ASSERT_EQ(f.size(), 9u) << lines[i];
    const Grid puzzle = grid_of(f[0], g), solution = grid_of(f[1], g);
    EXPECT_TRUE(is_solution_of(puzzle, solution));
    EXPECT_EQ(solver.count(puzzle, 2), 1u);
    EXPECT_EQ(std::stoi(f[2]), puzzle.clue_count());
    const Symmetry s = parse_symmetry(f[3]);
    EXPECT_NE(s, Symmetry::kNone);
    EXPECT_TRUE(has_symmetry(puzzle, s)) << f[3];
    EXPECT_EQ(f[4], "2024");
    EXPECT_EQ(f[5], std::to_string(i - 1));
    // The minimal column is honest.
    EXPECT_EQ(f[6], single_clue_removable(solver, puzzle) ? "false" : "true") << lines[i];
  }
}

TEST(CliGenerate, DefaultPuzzlesAreMinimalForEverySymmetry) {
  SudokuSolver solver;
  const Geometry g;
  for (Symmetry s : concrete_symmetries()) {
    const std::string name(symmetry_name(s));
    auto r = run_cli("generate --seed 8 -n 3 --symmetry " + name);
    ASSERT_EQ(r.exit_code, 0) << name << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 3u) << name;
    for (const auto& line : lines) {
      const Grid puzzle = grid_of(line, g);
      EXPECT_EQ(solver.count(puzzle, 2), 1u) << line;
      EXPECT_TRUE(has_symmetry(puzzle, s)) << name << " " << line;
      if (s == Symmetry::kNone) {
        EXPECT_FALSE(single_clue_removable(solver, puzzle)) << line;
      }
      // Orbit-minimal: no whole orbit can go.
      for (const auto& orbit : orbits(g, s)) {
        if (!puzzle[orbit.front()]) continue;
        Grid q = puzzle;
        for (int c : orbit) q.clear(c);
        EXPECT_GE(solver.count(q, 2), 2u) << name << " " << line;
      }
    }
  }
}

TEST(CliGenerate, SameSeedSameBytesForOneAndTwoThreads) {
  for (const std::string format : {"line", "csv", "json", "grid"}) {
    const std::string args = "generate --seed 31337 -n 40 --symmetry random -o " + format;
    auto one = run_cli(args + " --threads 1");
    auto two = run_cli(args + " --threads 2");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    ASSERT_EQ(two.exit_code, 0) << two.err;
    EXPECT_FALSE(one.out.empty());
    EXPECT_EQ(one.out, two.out) << format;
  }
  auto a = run_cli("generate --seed 1 -n 20");
  auto b = run_cli("generate --seed 2 -n 20");
  const auto la = lines_of(a.out), lb = lines_of(b.out);
  ASSERT_EQ(la.size(), 20u);
  ASSERT_EQ(lb.size(), 20u);
  std::set<std::string> all(la.begin(), la.end());
  all.insert(lb.begin(), lb.end());
  EXPECT_EQ(all.size(), 40u);  // other seed, other puzzles; no repeats within a run
}

TEST(CliGenerate, StartPicksOutPuzzlesOfTheSameRun) {
  const auto all = lines_of(run_cli("generate --seed 42 -n 8").out);
  const auto part = lines_of(run_cli("generate --seed 42 --start 5 -n 3 --threads 2").out);
  ASSERT_EQ(all.size(), 8u);
  ASSERT_EQ(part.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(part[i], all[5 + i]);
}

TEST(CliGenerate, DrawnSeedIsPrintedAndRepeats) {
  auto r = run_cli("generate -n 3 --symmetry rot180");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string prefix = "sudoforge generate: seed ";
  const auto pos = r.err.find(prefix);
  ASSERT_NE(pos, std::string::npos) << r.err;
  const std::string seed = r.err.substr(pos + prefix.size(), r.err.find('\n', pos) - pos - prefix.size());
  auto again = run_cli("generate -n 3 --symmetry rot180 --seed " + seed);
  EXPECT_EQ(again.out, r.out);
  EXPECT_EQ(again.err.find(prefix), std::string::npos);  // a given seed is not echoed
}

TEST(CliGenerate, AllSixSizes) {
  SudokuSolver solver;
  for (const Geometry& g : Geometry::all()) {
    std::string args = "generate --seed 3 -n 1 -o csv --size " + g.name();
    if (g.size() == 25) args += " --no-minimal --min-clues 420";  // minimal 25x25 is slow
    auto r = run_cli(args);
    ASSERT_EQ(r.exit_code, 0) << g.name() << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 2u) << g.name();
    const auto f = split_csv(lines[1]);
    const Grid puzzle = grid_of(f[0], g), solution = grid_of(f[1], g);
    EXPECT_TRUE(is_solution_of(puzzle, solution)) << g.name();
    EXPECT_EQ(solver.count(puzzle, 2), 1u) << g.name();
    if (g.size() == 25) {
      EXPECT_EQ(puzzle.clue_count(), 420);
      EXPECT_EQ(f[6], "false");
    } else {
      EXPECT_EQ(f[6], "true");
      EXPECT_FALSE(single_clue_removable(solver, puzzle)) << g.name();
    }
  }
  // --size 6 is the same board as --size 2x3.
  EXPECT_EQ(run_cli("generate --seed 3 --size 6").out, run_cli("generate --seed 3 --size 2x3").out);
}

TEST(CliGenerate, BigGridBudgetIsReportedHonestly) {
  // A minimal 25x25 run with a tiny check budget: some clues stay undecided, so the puzzle
  // is unique but must not be called minimal, and stderr says so.
  auto r = run_cli("generate --seed 3 -o csv --size 5x5 --check-nodes 1000");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u);
  const auto f = split_csv(lines[1]);
  const Geometry g = Geometry::for_size(25);
  const Grid puzzle = grid_of(f[0], g), solution = grid_of(f[1], g);
  EXPECT_TRUE(is_solution_of(puzzle, solution));
  SudokuSolver solver;  // the cell-mask engine on 25x25: fast here
  EXPECT_EQ(solver.count(puzzle, 2), 1u);
  EXPECT_EQ(f[6], "false");
  EXPECT_NE(r.err.find("not proven minimal"), std::string::npos) << r.err;
  EXPECT_LT(puzzle.clue_count(), 420);  // far below the --no-minimal floor
  EXPECT_EQ(run_cli("generate --size 4x4 --check-nodes x").exit_code, 2);
}

TEST(CliGenerate, NoMinimalStopsAtMinClues) {
  auto r = run_cli("generate --seed 6 -n 10 --no-minimal --min-clues 40 -o csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 11u);
  SudokuSolver solver;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv(lines[i]);
    const Grid puzzle = grid_of(f[0], Geometry());
    EXPECT_EQ(puzzle.clue_count(), 40);
    EXPECT_EQ(f[2], "40");
    EXPECT_EQ(solver.count(puzzle, 2), 1u);
    EXPECT_EQ(f[6], "false");
  }
  // The default floor for --no-minimal is 4/9 of the cells (36 on 9x9).
  for (const auto& line : lines_of(run_cli("generate --seed 6 -n 3 --no-minimal").out)) {
    EXPECT_EQ(grid_of(line, Geometry()).clue_count(), 36);
  }
}

TEST(CliGenerate, JsonAndGridLayouts) {
  auto r = run_cli("generate --seed 12 -n 3 -o json --size 2x3 --symmetry flip");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 3u);
  const Geometry g(2, 3);
  for (std::size_t i = 0; i < j.size(); ++i) {
    const auto& o = j[i];
    const Grid puzzle = grid_of(o.at("puzzle").get<std::string>(), g);
    EXPECT_TRUE(is_solution_of(puzzle, grid_of(o.at("solution").get<std::string>(), g)));
    EXPECT_EQ(o.at("clues").get<int>(), puzzle.clue_count());
    EXPECT_EQ(o.at("symmetry"), "flip");
    EXPECT_TRUE(has_symmetry(puzzle, Symmetry::kFlip));
    EXPECT_EQ(o.at("seed").get<std::uint64_t>(), 12u);
    EXPECT_EQ(o.at("index").get<std::uint64_t>(), i);
    EXPECT_TRUE(o.at("minimal").is_boolean());
  }
  // Grid: N lines of N symbols per puzzle, a blank line between puzzles.
  auto grid = run_cli("generate --seed 12 -n 2 -o grid");
  const auto lines = lines_of(grid.out);
  ASSERT_EQ(lines.size(), 19u);
  EXPECT_EQ(lines[9], "");
  for (int i : {0, 8, 10, 18}) EXPECT_EQ(lines[i].size(), 9u);
  // The same puzzles as the line output.
  const auto line_out = lines_of(run_cli("generate --seed 12 -n 2").out);
  std::string first;
  for (int i = 0; i < 9; ++i) first += lines[i];
  EXPECT_EQ(first, line_out[0]);
}

TEST(CliGenerate, TimeLimitEndsCleanly) {
  auto r = run_cli("generate --seed 5 -n 1000000000 --time-limit 0.3");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("time limit reached after"), std::string::npos) << r.err;
  ASSERT_FALSE(r.out.empty());
  EXPECT_EQ(r.out.back(), '\n');
  for (const auto& line : lines_of(r.out)) ASSERT_EQ(line.size(), 81u) << line;
  // What was printed is the start of the run, in order.
  const auto lines = lines_of(r.out);
  const auto first = lines_of(run_cli("generate --seed 5 -n 2").out);
  EXPECT_EQ(lines[0], first[0]);
  auto quiet = run_cli("generate --seed 5 -n 1000000000 --time-limit 0.1 --quiet");
  EXPECT_EQ(quiet.exit_code, 0);
  EXPECT_EQ(quiet.err, "");
}

TEST(CliGenerate, InterruptStopsWithCompleteOutput) {
  const auto dir = testing::scratch_dir();
  const std::string out = (dir / "interrupt.out").string(), err = (dir / "interrupt.err").string();
  for (const std::string format : {"line", "json"}) {
    const std::string cmd = "timeout --preserve-status -s INT 0.5 " + std::string(SUDOFORGE_BINARY) +
                            " generate --seed 1 -n 1000000000 --threads 2 -o " + format + " >" +
                            out + " 2>" + err;
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130) << format;
    const std::string text = testing::slurp(out);
    EXPECT_NE(testing::slurp(err).find("interrupted after"), std::string::npos);
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.back(), '\n');
    if (format == "line") {
      for (const auto& line : lines_of(text)) ASSERT_EQ(line.size(), 81u);
    } else {
      const auto j = nlohmann::json::parse(text);  // the array is closed
      EXPECT_TRUE(j.is_array());
      EXPECT_GT(j.size(), 0u);
    }
  }
}

// --level and --min/--max-rating deliver only puzzles of that level or band, as the
// grader rates them, and say at the end how fast and from how many candidates.
TEST(CliGenerate, LevelsAndBandsDeliverEveryPuzzleInsideAndReportTheRate) {
  const Geometry g9(3, 3);
  SudokuSolver solver;
  grader::Grader grader;
  struct Case {
    std::string args;
    double lo, hi;  // the band, (lo, hi] for a level, [lo, hi] for ratings
    bool level;
  };
  const std::vector<Case> cases = {{"--level easy --count 6", 0, 1.5, true},
                                   {"--level hard --count 6", 2.8, 4.4, true},
                                   {"--level expert --count 6", 4.4, 6.2, true},
                                   {"--level diabolical --count 4", 6.2, 8.9, true},
                                   {"--min-rating 3.0 --max-rating 4.2 --count 6", 3.0, 4.2, false},
                                   {"--min-rating 7.1 --count 3", 7.1, 20, false}};
  for (const auto& c : cases) {
    auto r = run_cli("generate " + c.args + " --seed 21 --output csv --threads 2");
    ASSERT_EQ(r.exit_code, 0) << c.args << "\n" << r.err;
    const auto rows = lines_of(r.out);
    const int count = std::stoi(c.args.substr(c.args.rfind(' ') + 1));
    ASSERT_EQ(static_cast<int>(rows.size()), count + 1) << c.args;
    for (size_t i = 1; i < rows.size(); ++i) {
      const auto f = split_csv(rows[i]);
      ASSERT_EQ(f.size(), 11u) << rows[i];
      const Grid puzzle = grid_of(f[0], g9);
      ASSERT_EQ(solver.count(puzzle, 2), 1u) << f[0];
      const grader::Rating rating = grader.rate(puzzle);
      ASSERT_TRUE(rating.complete) << f[0];
      // Ratings are tenths: a level's floor is excluded (but easy's 0), a band's is not.
      const double floor = c.level && c.lo > 0 ? c.lo + 0.1 : c.lo;
      EXPECT_GE(rating.er, floor - 1e-9) << c.args << " " << f[0];
      EXPECT_LE(rating.er, c.hi + 1e-9) << c.args << " " << f[0];
      EXPECT_EQ(std::stod(f[7]), std::round(rating.er * 10) / 10) << f[0];
      EXPECT_EQ(f[8], grader::level_name(rating.level)) << f[0];
    }
    // "sudoforge generate: 6 puzzles (level hard) in 0.05 s, 120.0/s on 2 threads; 80
    // candidates graded, 7.5% kept"
    const std::string head = "sudoforge generate: " + std::to_string(count) + " puzzles (";
    const auto at = r.err.find(head);
    ASSERT_NE(at, std::string::npos) << c.args << "\n" << r.err;
    std::istringstream line(r.err.substr(r.err.find(';', at) + 1));
    long candidates = 0;
    std::string word;
    line >> candidates >> word;
    EXPECT_GE(candidates, count) << r.err;
    EXPECT_EQ(word, "candidates") << r.err;
  }
  // -q keeps stderr quiet; without a filter there is no such line.
  EXPECT_EQ(run_cli("generate --level hard --count 2 --seed 21 -q").err, "");
  EXPECT_EQ(run_cli("generate --count 2 --seed 21").err.find("candidates graded"),
            std::string::npos);
}

// Every level comes on 12x12 and 16x16 (before the per-size clue floors, 16x16 gave
// only extreme puzzles and 12x12 no easy ones: such a run never ended), each puzzle is
// unique and regrades to its level; 9x9 levels stay minimal with no note.
TEST(CliGenerate, EveryLevelIsReachableOnLargerBoards) {
  SudokuSolver solver;
  grader::Grader grader;
  for (const int size : {12, 16}) {
    const Geometry g = Geometry::for_size(size);
    for (const std::string level : {"easy", "medium", "hard", "expert", "diabolical", "extreme"}) {
      const std::string args = "generate --size " + std::to_string(size) + " --level " + level +
                               " --count 2 --seed 7 --threads 2 --output csv";
      auto r = run_cli(args, "", 300);
      ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
      const auto rows = lines_of(r.out);
      ASSERT_EQ(rows.size(), 3u) << args << "\n" << r.err;
      const int floor = grader::level_min_clues(size, *grader::parse_level(level));
      for (size_t i = 1; i < rows.size(); ++i) {
        const auto f = split_csv(rows[i]);
        ASSERT_EQ(f.size(), 11u) << rows[i];
        const Grid puzzle = grid_of(f[0], g);
        ASSERT_EQ(solver.count(puzzle, 2), 1u) << args << " " << f[0];
        const grader::Rating rating = grader.rate(puzzle);
        EXPECT_EQ(grader::level_name(rating.level), level) << args << " " << f[0];
        EXPECT_EQ(f[8], level) << args;
        if (floor > 0) {
          EXPECT_GE(puzzle.clue_count(), floor) << args;
          EXPECT_EQ(f[6], "false") << args;
        }
      }
      EXPECT_EQ(r.err.find("puzzles keep") != std::string::npos, floor > 0) << args << r.err;
    }
  }
  EXPECT_GT(grader::level_min_clues(16, grader::Level::kEasy), 0);
  auto r = run_cli("generate --level easy --count 3 --seed 7 --output csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& row : lines_of(r.out)) {
    if (row.rfind("puzzle,", 0) != 0) EXPECT_EQ(split_csv(row)[6], "true") << row;
  }
  EXPECT_EQ(r.err.find("puzzles keep"), std::string::npos) << r.err;
}

// A level that does not come is said early on stderr, with the count so far, instead of a
// silent run (4x4 puzzles are all easy).
TEST(CliGenerate, UnreachableLevelIsSaidEarly) {
  auto r = run_cli("generate --size 4 --level hard --count 5 --seed 1 --time-limit 3", "", 60);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("level hard on 4x4: none of "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("candidates kept so far"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("out of reach"), std::string::npos) << r.err;
  // --quiet keeps it quiet.
  r = run_cli("generate --size 4 --level hard --seed 1 --time-limit 1 -q", "", 60);
  EXPECT_EQ(r.err.find("candidates kept"), std::string::npos) << r.err;
}

TEST(CliGenerate, UsageErrorsExitTwo) {
  for (const std::string bad : {"--count 0",
                                "--count -1",
                                "--count=-1",
                                "--count 10000000000",
                                "--count 1e3",
                                "--count abc",
                                "--symmetry spiral",
                                "--size 2x3 --symmetry rot90",
                                "--size 3x4 --symmetry diagonal",
                                "--size 2x3 --symmetry dihedral",
                                "--size 7",
                                "--size 3x2",
                                "--size 0",
                                "--threads 0",
                                "--threads 257",
                                "--seed -5",
                                "--seed 18446744073709551616",
                                "--min-clues 30",
                                "--no-minimal --min-clues 82",
                                "--no-minimal --min-clues 0",
                                "-o xml",
                                "--time-limit 0",
                                "--time-limit -3",
                                "--start 18446744073709551615 -n 2",
                                "--bogus",
                                "--max-rating 0.9",
                                "--min-rating 5 --max-rating 4",
                                "--level medium2",
                                "--level easy --min-rating 1.6",
                                "--level expert --max-rating 4.4"}) {
    auto r = run_cli("generate " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << bad;
    EXPECT_NE(r.err.find("sudoforge generate"), std::string::npos) << bad;
  }
  auto help = run_cli("generate --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("examples:"), std::string::npos);
  EXPECT_NE(help.out.find("--symmetry"), std::string::npos);
  EXPECT_NE(help.out.find("130"), std::string::npos);
}

}  // namespace
}  // namespace sudoforge
