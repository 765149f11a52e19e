// Variant boards through the command line: generate, solve, grade and canon on boards
// with extra houses and on jigsaw boards, the board columns of CSV and JSON, and the
// commands that refuse boards they cannot store or draw yet.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "run_cli.h"
#include "../solver/variant_boards.h"

namespace sudoforge {
namespace {

using testing::lines_of;
using testing::run_cli;
using testing::scratch_dir;
using testing::slurp;
using testing::split_csv;

// Checked here, apart from the product's geometry: every row, column, box and both main
// diagonals of a 9x9 solution hold 1-9 once.
bool valid_jigsaw_record(int n, const std::string& map, const std::string& solution);

bool valid_x_solution(const std::string& s) {
  if (s.size() != 81) return false;
  auto all_nine = [&](auto cell_at) {
    std::set<char> seen;
    for (int i = 0; i < 9; ++i) seen.insert(s[cell_at(i)]);
    return seen == std::set<char>{'1', '2', '3', '4', '5', '6', '7', '8', '9'};
  };
  for (int k = 0; k < 9; ++k) {
    if (!all_nine([&](int i) { return k * 9 + i; })) return false;
    if (!all_nine([&](int i) { return i * 9 + k; })) return false;
    if (!all_nine([&](int i) { return (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3; })) return false;
  }
  return all_nine([](int i) { return i * 10; }) && all_nine([](int i) { return i * 9 + 8 - i; });
}

TEST(CliVariant, GeneratedXPuzzlesAreUniqueOnTheirBoardOnly) {
  const auto gen = run_cli("generate --variant x -n 8 --seed 3 -o csv");
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  const auto rows = lines_of(gen.out);
  ASSERT_EQ(rows.size(), 9u);
  EXPECT_EQ(rows[0], "puzzle,solution,clues,symmetry,seed,index,minimal,variant,regions");
  std::string puzzles;
  int unique_on_classic = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto f = split_csv(rows[i]);
    ASSERT_EQ(f.size(), 9u) << rows[i];
    EXPECT_EQ(f[7], "x");
    EXPECT_EQ(f[8], "");
    EXPECT_TRUE(valid_x_solution(f[1])) << f[1];
    for (int c = 0; c < 81; ++c) {
      if (f[0][c] != '.') EXPECT_EQ(f[0][c], f[1][c]);
    }
    puzzles += f[0] + "\n";
    const auto classic = run_cli("solve --count", f[0] + "\n");
    unique_on_classic += classic.out == "1\n";
  }
  // Unique with the diagonals; without them, X puzzles this sparse almost never are.
  const auto counts = run_cli("solve --variant x --count", puzzles);
  ASSERT_EQ(counts.exit_code, 0) << counts.err;
  EXPECT_EQ(counts.out, "1\n1\n1\n1\n1\n1\n1\n1\n");
  EXPECT_LT(unique_on_classic, 8);
  // solve prints each solution, the one the generator stored.
  const auto solved = run_cli("solve --variant x -o csv", puzzles);
  const auto srows = lines_of(solved.out);
  ASSERT_EQ(srows.size(), 9u);
  EXPECT_EQ(srows[0], "puzzle,solution,variant,regions");
  for (std::size_t i = 1; i < srows.size(); ++i) {
    EXPECT_EQ(split_csv(srows[i])[1], split_csv(rows[i])[1]);
  }
}

TEST(CliVariant, CombinationsCarryTheirSpellingInJsonAndGradeOnTheirBoard) {
  const auto gen = run_cli("generate --variant windoku+x -n 2 --seed 5 -o json");
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  EXPECT_EQ(std::count(gen.out.begin(), gen.out.end(), '{'), 2) << gen.out;
  EXPECT_NE(gen.out.find("\"variant\":\"x+windoku\""), std::string::npos) << gen.out;
  EXPECT_EQ(gen.out.find("\"regions\""), std::string::npos);
  // Easy ones: the ladder has no variant techniques yet (issue 21), so the hardest puzzles
  // of a board with extra houses rate through long nested chains.
  const auto line = run_cli("generate --variant x+windoku --level easy -n 2 --seed 5");
  const auto graded = run_cli("grade --variant x+windoku -o json", line.out);
  ASSERT_EQ(graded.exit_code, 0) << graded.err;
  EXPECT_EQ(std::count(graded.out.begin(), graded.out.end(), '{'), 2) << graded.out;
  EXPECT_NE(graded.out.find("\"variant\":\"x+windoku\""), std::string::npos);
  EXPECT_NE(graded.out.find("\"complete\":true"), std::string::npos);
}

// A 6x6 jigsaw whose regions are 3 rows by 2 columns: the transpose of a 2x3-box solution
// is a solution there.
TEST(CliVariant, JigsawRecordsSolveWithTheirRegionMap) {
  const auto gen = run_cli("generate --size 2x3 -n 1 --seed 11 -o csv");
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  const std::string boxed = split_csv(lines_of(gen.out)[1])[1];
  std::string solution(36, '.');
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) solution[r * 6 + c] = boxed[c * 6 + r];
  }
  const std::string map = "112233112233112233445566445566445566";
  std::string puzzle = solution;
  for (int cell : {0, 7, 14, 21, 28, 35}) puzzle[cell] = '.';  // one per row: forced
  const auto solved = run_cli("solve --variant jigsaw", puzzle + " " + map + "\n");
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  EXPECT_EQ(solved.out, solution + " " + map + "\n");
  const auto csv =
      run_cli("solve -o csv", "puzzle,variant,regions\n" + puzzle + ",jigsaw," + map + "\n");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(lines_of(csv.out)[1], puzzle + "," + solution + ",jigsaw," + map);
  // The same givens on the classic 2x3 boxes are no valid puzzle for that solution.
  const auto classic = run_cli("solve --count", solution + "\n");
  EXPECT_NE(classic.out, "1\n");
  // A map that draws no regions of 6 cells is the record's error, with its line.
  const auto bad = run_cli("solve --variant jigsaw",
                           puzzle + " " + map + "\n" + puzzle + " " + std::string(36, '1') + "\n");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("-:2: region map"), std::string::npos) << bad.err;
  EXPECT_EQ(lines_of(bad.out).size(), 1u);
}

TEST(CliVariant, UsageErrors) {
  for (const char* args :
       {"generate --variant hyper", "generate --variant jigsaw --size 3x3",
        "generate --variant jigsaw --size 17", "generate --variant jigsaw --size 3",
        "generate --variant jigsaw --size 7 --symmetry diagonal",
        "generate --variant windoku --size 6", "solve --variant x+y", "db query --variant hyper",
        "testset --variant windoku --size 6"}) {
    EXPECT_EQ(run_cli(args, "").exit_code, 2) << args;
  }
}

// A 6x6 jigsaw puzzle (regions of 3 rows by 2 columns) with its unique solution, from the
// transpose of a generated 2x3-box solution (as in JigsawRecordsSolveWithTheirRegionMap).
struct Jigsaw {
  std::string puzzle, solution, map = "112233112233112233445566445566445566";
};
Jigsaw jigsaw_puzzle() {
  Jigsaw j;
  const auto gen = run_cli("generate --size 2x3 -n 1 --seed 11 -o csv");
  const std::string boxed = split_csv(lines_of(gen.out)[1])[1];
  j.solution.assign(36, '.');
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) j.solution[r * 6 + c] = boxed[c * 6 + r];
  }
  j.puzzle = j.solution;
  for (int cell : {0, 7, 14, 21, 28, 35}) j.puzzle[cell] = '.';
  return j;
}

// The catalogue keeps each puzzle's board: import, query by variant with the board columns,
// stats, export and merge; bad variant records are reported by line and nothing of them is
// stored.
TEST(CliVariant, TheCatalogueStoresVariantPuzzlesWithTheirBoards) {
  const std::string db = (scratch_dir() / "variant_catalogue.db").string();
  std::filesystem::remove(db);
  const std::string classic =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  // Easy: hard X puzzles rate through long chains (README, Variants).
  const auto x = lines_of(run_cli("generate --variant x --level easy -n 1 --seed 3").out);
  ASSERT_EQ(x.size(), 1u);
  const Jigsaw j = jigsaw_puzzle();
  // Line 2 classic; 3 X; 4 jigsaw; 5 windoku on 6x6 (does not fit); 6 jigsaw without its
  // map; 7 the jigsaw flipped top to bottom (with its map): the same puzzle. (A quarter
  // turn would make its 3x2 regions the 2x3 boxes: a classic board.)
  std::string turned(36, '.'), turned_map(36, '.');
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) {
      turned[(5 - r) * 6 + c] = j.puzzle[r * 6 + c];
      turned_map[(5 - r) * 6 + c] = j.map[r * 6 + c];
    }
  }
  const std::string csv = "puzzle,variant,regions\n" + classic + ",classic,\n" + x[0] + ",x,\n" +
                          j.puzzle + ",jigsaw," + j.map + "\n" + j.puzzle + ",windoku,\n" +
                          j.puzzle + ",jigsaw,\n" + turned + ",jigsaw," + turned_map + "\n";
  const auto imp = run_cli("db import --db " + db + " -", csv);
  EXPECT_EQ(imp.exit_code, 1) << imp.err;
  EXPECT_NE(imp.err.find("-:5:"), std::string::npos) << imp.err;
  EXPECT_NE(imp.err.find("-:6:"), std::string::npos) << imp.err;
  EXPECT_NE(imp.err.find("added 3, duplicates 1, invalid 2"), std::string::npos) << imp.err;
  // The same givens as an X puzzle are another puzzle than the classic one.
  const auto as_x = run_cli("db import --db " + db + " --variant x -", x[0] + "\n");
  EXPECT_NE(as_x.err.find("added 0, duplicates 1"), std::string::npos) << as_x.err;

  const auto q = run_cli("db query --db " + db + " --variant jigsaw -o csv");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  const auto rows = lines_of(q.out);
  ASSERT_EQ(rows.size(), 2u) << q.out;
  EXPECT_EQ(rows[0],
            "id,puzzle,solution,rating,rating_ep,rating_ed,level,hardest,clues,"
            "symmetry,source,variant,regions");
  const auto f = split_csv(rows[1]);
  ASSERT_EQ(f.size(), 13u);
  EXPECT_EQ(f[1], j.puzzle);
  EXPECT_EQ(f[2], j.solution);
  EXPECT_EQ(f[11], "jigsaw");
  EXPECT_EQ(f[12], j.map);
  EXPECT_EQ(run_cli("db query --db " + db + " --variant jigsaw").out,
            j.puzzle + " " + j.map + "\n");
  const auto qx = run_cli("db query --db " + db + " --variant x -o json");
  EXPECT_NE(qx.out.find("\"variant\":\"x\""), std::string::npos) << qx.out;
  EXPECT_EQ(qx.out.find("\"regions\""), std::string::npos) << qx.out;
  EXPECT_EQ(lines_of(run_cli("db query --db " + db + " --variant classic").out),
            std::vector<std::string>{classic});

  const auto stats = run_cli("db stats --db " + db + " -o json");
  EXPECT_NE(
      stats.out.find("\"by_variant\": {\n    \"classic\": 1,\n    \"jigsaw\": 1,\n    \"x\": 1"),
      std::string::npos)
      << stats.out;

  // Export and merge keep the boards.
  const std::string exported = (scratch_dir() / "variant_export.csv").string();
  ASSERT_EQ(run_cli("db export --db " + db + " --variant jigsaw -o " + exported).exit_code, 0);
  EXPECT_NE(slurp(exported).find(",jigsaw," + j.map), std::string::npos);
  const std::string merged = (scratch_dir() / "variant_merged.db").string();
  std::filesystem::remove(merged);
  ASSERT_EQ(run_cli("db merge --db " + merged + " " + db).exit_code, 0);
  EXPECT_EQ(run_cli("db query --db " + merged + " --variant jigsaw").out,
            j.puzzle + " " + j.map + "\n");
  EXPECT_EQ(run_cli("db query --db " + merged + " --variant x").out, x[0] + "\n");
}

TEST(CliVariant, GenerateStoresVariantRunsAndTestsetReadsThem) {
  const std::string db = (scratch_dir() / "variant_generate.db").string();
  std::filesystem::remove(db);
  const auto gen =
      run_cli("generate --variant x --level easy --db " + db + " -n 4 --seed 5 --quiet");
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  EXPECT_EQ(lines_of(run_cli("db query --db " + db + " --variant x").out).size(), 4u);
  EXPECT_EQ(run_cli("db query --db " + db + " --variant classic").out, "");
  // Resuming the X run finds its puzzles (a classic run of the same seed is another run).
  const auto resumed =
      run_cli("generate --variant x --level easy --db " + db + " -n 4 --seed 5 --resume");
  EXPECT_NE(resumed.err.find("holds 4 of the 4"), std::string::npos) << resumed.err;
  EXPECT_EQ(
      run_cli("generate --level easy --db " + db + " -n 1 --seed 5 --resume --quiet").exit_code, 0);
  EXPECT_EQ(lines_of(run_cli("db query --db " + db + " --variant classic").out).size(), 1u);

  const auto set = run_cli("testset --db " + db + " --variant x -n 4 --seed 1 -o csv");
  ASSERT_EQ(set.exit_code, 0) << set.err;
  const auto rows = lines_of(set.out);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0], "puzzle,count,solution,kind,level,rating,variant,regions");
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto f = split_csv(rows[i]);
    EXPECT_EQ(f[6], "x") << rows[i];
    if (f[1] == "1") EXPECT_TRUE(valid_x_solution(f[2])) << rows[i];
  }
}

// Generated variant sets: every item's count is right on its own board (read back through
// `solve --count` of that variant), and the unique items' solutions pass the validators
// above, which know the diagonals and the region map from the text alone.
TEST(CliVariant, GeneratedTestSetsOfVariantBoards) {
  for (const char* v : {"x", "jigsaw"}) {
    const auto set = run_cli(std::string("testset --variant ") + v +
                             " -n 10 --seed 4 --levels easy -q -o csv");
    ASSERT_EQ(set.exit_code, 0) << v << set.err;
    const auto rows = lines_of(set.out);
    ASSERT_EQ(rows.size(), 11u) << set.out;
    std::map<std::string, int> kinds;
    for (std::size_t i = 1; i < rows.size(); ++i) {
      const auto f = split_csv(rows[i]);
      ++kinds[f[3]];
      EXPECT_EQ(f[6], v) << rows[i];
      const std::string rec = f[0] + (f[7].empty() ? "" : " " + f[7]) + "\n";
      const auto count = run_cli(std::string("solve --count --variant ") + v, rec);
      ASSERT_FALSE(lines_of(count.out).empty()) << rows[i] << count.err;
      const std::string line = lines_of(count.out).at(0);
      EXPECT_EQ(line.substr(line.rfind(' ') + 1), f[1]) << rows[i];
      if (f[1] != "1") continue;
      if (std::string(v) == "x") {
        EXPECT_TRUE(valid_x_solution(f[2])) << rows[i];
      } else {
        EXPECT_TRUE(valid_jigsaw_record(9, f[7], f[2])) << rows[i];
      }
    }
    EXPECT_EQ(kinds["unique"], 8) << set.out;
    EXPECT_EQ(kinds["multiple"], 1) << set.out;
    EXPECT_EQ(kinds["none"], 1) << set.out;
  }
}

// A jigsaw record read back from the text alone: the region map's symbols name the
// regions; n regions of n connected cells, and the solution holds 1..n once in every row,
// column and region. Symbols are the board's alphabet (1-9 then A-G).
bool valid_jigsaw_record(int n, const std::string& map, const std::string& solution) {
  if (static_cast<int>(map.size()) != n * n || static_cast<int>(solution.size()) != n * n) {
    return false;
  }
  std::vector<int> label(map.begin(), map.end());
  if (!test::regions_are_connected_n_cell_sets(n, label)) return false;
  std::set<std::string> seen;
  for (int c = 0; c < n * n; ++c) {
    const char v = solution[c];
    for (const std::string& key :
         {"r" + std::to_string(c / n), "c" + std::to_string(c % n), std::string("g") + map[c]}) {
      if (!seen.insert(key + v).second) return false;
    }
  }
  return seen.size() == static_cast<std::size_t>(3 * n * n);
}

TEST(CliVariant, GeneratedJigsawPuzzlesOfEverySize) {
  for (int n : {4, 5, 7, 8, 10}) {
    const std::string size = " --size " + std::to_string(n);
    const auto gen = run_cli("generate --variant jigsaw -n 3 --seed 5 -o csv" + size);
    ASSERT_EQ(gen.exit_code, 0) << gen.err;
    const auto rows = lines_of(gen.out);
    ASSERT_EQ(rows.size(), 4u);
    const auto header = split_csv(rows[0]);
    const auto column = [&](const std::string& name) {
      return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) -
                                      header.begin());
    };
    std::set<std::string> maps;
    for (std::size_t i = 1; i < rows.size(); ++i) {
      const auto f = split_csv(rows[i]);
      EXPECT_EQ(f[column("variant")], "jigsaw");
      const std::string& map = f[column("regions")];
      EXPECT_TRUE(valid_jigsaw_record(n, map, f[column("solution")])) << rows[i];
      maps.insert(map);
      // Unique on its own board, read back from the line form.
      const auto count =
          run_cli("solve --variant jigsaw --count", f[column("puzzle")] + " " + map + "\n");
      EXPECT_EQ(count.exit_code, 0) << count.err;
      EXPECT_EQ(lines_of(count.out).at(0).substr(lines_of(count.out).at(0).rfind(' ') + 1), "1")
          << count.out;
    }
    EXPECT_EQ(maps.size(), 3u);
    // The line form is the givens, a space, the region map.
    const auto line = run_cli("generate --variant jigsaw -n 3 --seed 5" + size);
    ASSERT_EQ(line.exit_code, 0) << line.err;
    const auto first = split_csv(rows[1]);
    EXPECT_EQ(lines_of(line.out).at(0), first[column("puzzle")] + " " + first[column("regions")]);
  }
}

TEST(CliVariant, JigsawRunsAreReproducibleAndSymmetric) {
  const std::string args = "generate --variant jigsaw --size 9 --seed 11 --symmetry rot180 ";
  const auto one = run_cli(args + "-n 6 --threads 1 -o json");
  const auto two = run_cli(args + "-n 6 --threads 2 -o json");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  const auto grid = run_cli(args + "-o grid -n 1");
  ASSERT_EQ(grid.exit_code, 0) << grid.err;
  const auto rows = lines_of(grid.out);
  std::vector<std::string> text;
  for (const auto& r : rows) {
    if (!r.empty()) text.push_back(r);
  }
  ASSERT_EQ(text.size(), 18u);  // nine rows of givens, nine of regions
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      // Givens and regions both keep their shape under the half turn.
      EXPECT_EQ(text[r][c] == '.', text[8 - r][8 - c] == '.');
      for (int r2 = 0; r2 < 9; ++r2) {
        for (int c2 = 0; c2 < 9; ++c2) {
          EXPECT_EQ(text[9 + r][c] == text[9 + r2][c2],
                    text[17 - r][8 - c] == text[17 - r2][8 - c2]);
        }
      }
    }
  }
}

}  // namespace
}  // namespace sudoforge
