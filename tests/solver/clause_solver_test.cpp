#include "sudoforge/solver/clause_solver.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "sudoforge/core/validate.h"
#include "sudoforge/solver/internal/engine_choice.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "test_util.h"

using sudoforge::internal::Engine;
using sudoforge::internal::pinned_solver;

namespace sudoforge {
namespace {

// The answer of the clause search must be the exact-cover count's (kLinked, another
// implementation), and a solution it returns must solve the puzzle (validator) and avoid
// the forbidden candidates.
void expect_agrees(ClauseSolver& clauses, SudokuSolver& reference, const Grid& puzzle,
                   const std::vector<Candidate>& forbidden, const Grid* prefer) {
  const bool expected = reference.has_other_solution(puzzle, forbidden);
  Grid solution(puzzle.geometry());
  SearchStats stats;
  const bool got = clauses.solvable(puzzle, forbidden, prefer, &solution, &stats);
  ASSERT_EQ(got, expected) << test::to_string(puzzle);
  if (!got) return;
  EXPECT_TRUE(is_solution_of(puzzle, solution));
  for (const Candidate& f : forbidden) EXPECT_NE(solution[f.cell], f.value);
}

TEST(ClauseSolver, AgreesWithExactCoverOnRandomPuzzles) {
  std::mt19937_64 rng(7);
  SudokuSolver reference = pinned_solver(Engine::kLinked);
  ClauseSolver clauses;
  // The generator's 25x25 setting: no phase saving (decisions always take the first phase).
  ClauseSolver fixed_phases;
  fixed_phases.set_phase_saving(false);
  int unsat = 0, sat = 0;
  for (const Geometry& g :
       {Geometry(2, 2), Geometry(2, 3), Geometry(3, 3), Geometry(3, 4), Geometry(4, 4)}) {
    SCOPED_TRACE(g.name());
    const int trials = g.size() <= 9 ? 60 : 12;
    for (int t = 0; t < trials; ++t) {
      const Grid full = *reference.random_solution(Grid(g), rng());
      // Keep 25-70% of the cells; forbid the full grid's symbol in one or two empty cells
      // (often no solution is left) or another symbol (usually one is).
      Grid puzzle = full;
      const double keep = 0.25 + 0.45 * static_cast<double>(rng() % 100) / 100.0;
      for (int c = 0; c < g.cell_count(); ++c) {
        if (static_cast<double>(rng() % 1000) / 1000.0 >= keep) puzzle.clear(c);
      }
      std::vector<Candidate> forbidden;
      for (int k = 0; k < 2; ++k) {
        const int c = static_cast<int>(rng() % g.cell_count());
        if (puzzle[c]) continue;
        const int v = (rng() % 3 == 0) ? static_cast<int>(rng() % g.size()) + 1 : full[c];
        forbidden.push_back({c, v});
      }
      const bool with_hint = rng() % 2;
      expect_agrees(clauses, reference, puzzle, forbidden, with_hint ? &full : nullptr);
      expect_agrees(fixed_phases, reference, puzzle, forbidden, with_hint ? &full : nullptr);
      (reference.has_other_solution(puzzle, forbidden) ? sat : unsat)++;
    }
  }
  // Both answers were exercised.
  EXPECT_GT(sat, 20);
  EXPECT_GT(unsat, 20);
}

// Unique 9x9 puzzles: forbidding the solution's symbol in any empty cell leaves none.
TEST(ClauseSolver, UniquePuzzlesHaveNoOtherSolution) {
  const auto puzzles =
      test::read_puzzles(std::string(SUDOFORGE_TEST_DATA) + "/solver/unique_9x9.txt");
  ASSERT_FALSE(puzzles.empty());
  SudokuSolver reference = pinned_solver(Engine::kLinked);
  ClauseSolver clauses;
  for (std::size_t i = 0; i < puzzles.size() && i < 20; ++i) {
    const Grid& p = puzzles[i];
    const Grid s = *reference.solve(p);
    Grid found(p.geometry());
    ASSERT_TRUE(clauses.solvable(p, {}, nullptr, &found));
    EXPECT_EQ(found, s);
    for (int c = 0; c < p.cell_count(); c += 7) {
      if (p[c]) continue;
      const Candidate f{c, s[c]};
      EXPECT_FALSE(clauses.solvable(p, std::span<const Candidate>(&f, 1)));
    }
  }
}

// A minimal-ish 25x25 puzzle from the generator (seed 3) and its solution: the checks
// "can this clue go?" that the cell engine needs 100k+ nodes for. The clause search must
// give the cell engine's answers: clue 11 is needed, clues 79 and 109 can go.
TEST(ClauseSolver, HardTwentyFiveByTwentyFiveChecks) {
  const Geometry g(5, 5);
  const Grid puzzle = test::grid_from(
      "...A.....W.Y..OLN.V....U....R.EIF.....HDM..Q....L...FT..DS..........EJICP.X.S.BIR.V.M.JE...."
      ".P.H..W....DXGH..LWNRUC.K.....OB."
      "S.........L.TN....H.XOI.JG.MN.SV.F.P.....CE.X..R..W....B.NYC..X.K...RG....A...EP...O..SVY..."
      ".L..G..W.VC.A.L..D.H.QE..I.FNUMY."
      "JY..V..I.P..FB..DR.MK..E..L.....MU.Y..R.V.XIA.NH..K.B....T.SU.D..P.QWN.I.......U.R.J...GM..."
      "......TCR..P.DNH...O.CSELU..V.YM."
      "VJ.....L....U....PM......BO......M..L............T..D.C...AYBX...R..UL..K..A.Y..IP..VR...."
      "WJ.T.O.XCS..RL....GO.....FEK.BWH..."
      "XTJ.M.G.W....A.Q..OC..BPDD.I..NOUSQ..YVM.BG...J...F......Y...U.KB...X.C....CH...J..L...."
      "OWAP..S..U.....W.XK..AE..JQIY....TLHN",
      g);
  const Grid solution = test::grid_from(
      "HGQAJCXKBWTYIPOLNSVRMDFUEUCVRNEIFPJSBAHDMXWQOTYGLKYKFTWODSNUGQMLVBAHEJICPRXLSOBIRYVTMKJEFXUG"
      "CPDHANWQMEPDXGHAQLWNRUCTKFYIJSOBV"
      "SRUFYWAQEKLCTNGDMBHPXOIVJGIMNOSVJFTPDBWUYCEAXLQRKHWDLJHBUNYCFMXIKOQVRGEPTSAQBKEPHMXOIASVYRNT"
      "JLUDGCFWTVCXAPLGRDJHOQEKWISFNUMYB"
      "JYTOVLQIXPNAFBHGDRCMKWSEUELSCDFWMUBYKQRTVOXIAPNHJGKFBMGYCTVSUEDXJPHQWNRIAOLNWHIUAROJEVPGMLSF"
      "YBKQXDTCRAXPQDNHKGIOWCSELUJTVBYMF"
      "VJNGKQFLDXOWUTACSPMHBREIYBOWHFKERMNQLCSPXIAGYUVJDTPQDSCTJWAYBXHEIRVOULGFKNMAMYUEIPBHVRFKGNWJ"
      "DTQOLXCSIXRLTUSCGOMVJDYFEKNBWHQAP"
      "XTJYMVGEWRHILAFQUNOCSKBPDDPIKLNOUSQCTYVMHBGFEAJWXRFNAQSMTYIHDUPKBJRLXWCEVGOCHEVRJBDLFXGNOWAP"
      "TKSYMUQIOUGWBXKPCAERSJQIYMDVFTLHN",
      g);
  ASSERT_TRUE(is_solution_of(puzzle, solution));
  SudokuSolver cells = pinned_solver(Engine::kCellMasks);
  ClauseSolver clauses;
  // As the generator runs it on 25x25: no hint, no phase saving.
  ClauseSolver witness_search;
  witness_search.set_phase_saving(false);
  for (int c : {11, 79, 109}) {
    SCOPED_TRACE(c);
    Grid without = puzzle;
    without.clear(c);
    const Candidate f{c, solution[c]};
    const std::span<const Candidate> forbidden(&f, 1);
    const bool other = cells.has_other_solution(without, forbidden, nullptr, &solution);
    EXPECT_EQ(other, c == 11);
    Grid witness(g);
    SearchStats stats;
    EXPECT_EQ(clauses.solvable(without, forbidden, &solution, &witness, &stats), other);
    EXPECT_GT(stats.nodes, 0u);
    if (other) {
      EXPECT_TRUE(is_solution_of(without, witness));
      EXPECT_NE(witness[c], solution[c]);
    }
    Grid second(g);
    EXPECT_EQ(witness_search.solvable(without, forbidden, nullptr, &second), other);
    if (other) {
      EXPECT_TRUE(is_solution_of(without, second));
      EXPECT_NE(second[c], solution[c]);
    }
  }
}

TEST(ClauseSolver, LimitsAbortAndTheSolverStaysUsable) {
  const Grid empty(Geometry(5, 5));
  ClauseSolver clauses;
  // A forbidden list that needs search: the empty grid has solutions, but finding one
  // takes more than 10 nodes.
  clauses.set_limits({10, nullptr});
  SearchStats stats;
  EXPECT_THROW(clauses.solvable(empty, {}, nullptr, nullptr, &stats), SearchAborted);
  EXPECT_GE(stats.nodes, 10u);
  std::atomic<bool> stop{true};
  clauses.set_limits({0, &stop});
  EXPECT_THROW(clauses.solvable(empty, {}), SearchAborted);
  clauses.set_limits({});
  Grid solution(empty.geometry());
  ASSERT_TRUE(clauses.solvable(empty, {}, nullptr, &solution));
  EXPECT_TRUE(is_solution_of(empty, solution));
}

TEST(ClauseSolver, RejectsBadInput) {
  ClauseSolver clauses;
  Grid g(Geometry(2, 2));
  g.set(0, 1);
  const Candidate given{0, 1};
  EXPECT_THROW(clauses.solvable(g, std::span<const Candidate>(&given, 1)), std::invalid_argument);
  g.set(1, 1);  // two 1s in row 1
  EXPECT_THROW(clauses.solvable(g, {}), std::invalid_argument);
  const Grid partial(Geometry(2, 2));
  EXPECT_THROW(clauses.solvable(Grid(Geometry(2, 2)), {}, &partial), std::invalid_argument);
}

}  // namespace
}  // namespace sudoforge
