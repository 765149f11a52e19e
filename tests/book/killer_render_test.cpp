// sudoforge::book on killer boards: the dashed cage outlines inset in the cells and the
// sums in each cage's first cell (found on the pixels of rendered PNGs), the rule reminder,
// and books of killers with their answer key.
#include <cairo.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "pdf_probe.h"
#include "png_probe.h"
#include "scratch.h"
#include "sudoforge/book/book.h"
#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/variant.h"

namespace sudoforge::book {
namespace {

using test::Png;
using test::scratch;

// A unique 4x4 killer (solution 1234 3412 2143 4321). Cage A is r1c1-r1c2, F the L of
// r3c3, r3c4, r4c4.
constexpr const char* kFour = "killer:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=5,E=5,F=8,G=4,H=5";
constexpr const char* kFourSolution = "1234341221434321";

Grid solution_of(const Grid& puzzle, const std::string& digits) {
  std::vector<std::uint8_t> v;
  for (char c : digits) v.push_back(static_cast<std::uint8_t>(c - '0'));
  return Grid(puzzle.geometry(), v);
}

// 80-pixel cells, so a 40-pixel margin: cell (r, c) spans [40 + 80c, 120 + 80c) across.
constexpr int kCell = 80, kMargin = 40;
int left_of(int c) {
  return kMargin + c * kCell;
}
int top_of(int r) {
  return kMargin + r * kCell;
}
// The inset line's distance from the cell edge (book.cpp kCageMaxInset at 80 pixels).
constexpr int kInset = 5;

std::filesystem::path render_png(const Grid& givens, const std::string& name,
                                 const Grid* solution = nullptr) {
  const auto path = scratch() / (name + ".png");
  render_puzzle(path.string(), ImageFormat::kPng, givens, solution, {.cell = kCell});
  return path;
}

TEST(KillerRender, DashesRunInsideTheCageBoundaryAndNotAcrossItsInterior) {
  const Grid four = parse_killer_text(kFour);
  const Png png(render_png(four, "four"));
  ASSERT_TRUE(png.ok());
  // Cage A's top boundary in r1c2 (right of the sum's knock-out): a dashed line, so dark
  // and light pixels alternate along the inset row.
  const int y = top_of(0) + kInset;
  int dark = 0, light = 0;
  for (int x = left_of(1) + 20; x < left_of(1) + 70; ++x) (png.grey(x, y) < 128 ? dark : light)++;
  EXPECT_GT(dark, 10);
  EXPECT_GT(light, 5);
  // Its right end, r1c2's right side, against cage B: dashes down the inset column.
  EXPECT_GT(
      png.dark(left_of(2) - kInset - 1, top_of(0) + 20, left_of(2) - kInset + 2, top_of(0) + 60),
      5);
  // Between r1c1 and r1c2 (both cage A) no line runs down either side of the cell line.
  EXPECT_EQ(png.dark(left_of(1) - kInset - 2, top_of(0) + 20, left_of(1) - 2, top_of(0) + 60), 0);
  EXPECT_EQ(png.dark(left_of(1) + 2, top_of(0) + 20, left_of(1) + kInset + 3, top_of(0) + 60), 0);
  // Cage F's L: the outline turns at its concave corner inside r3c4's bottom-left (r3c3's
  // bottom line and r4c4's left line run on to meet there); r4c4's top edge, inside the
  // cage, has no line along it.
  EXPECT_GT(
      png.dark(left_of(3) + 2, top_of(3) - kInset - 2, left_of(3) + kInset + 2, top_of(3) - 2), 0);
  EXPECT_EQ(png.dark(left_of(3) + 20, top_of(3) + 2, left_of(3) + 60, top_of(3) + kInset + 3), 0);
}

TEST(KillerRender, TheSumSitsInTheCagesFirstCellOnly) {
  const Grid four = parse_killer_text(kFour);
  const Png png(render_png(four, "four_sums"));
  ASSERT_TRUE(png.ok());
  // The corner right of and below the inset lines: cage F's sum "8" in r3c3, nothing in
  // the same corner of r4c4 (F's last cell), nor of r1c2 (A's second).
  const auto corner = [&](int r, int c) {
    return png.dark(left_of(c) + kInset + 2, top_of(r) + kInset + 2, left_of(c) + 24,
                    top_of(r) + 24);
  };
  EXPECT_GT(corner(2, 2), 3);
  EXPECT_EQ(corner(3, 3), 0);
  EXPECT_EQ(corner(0, 1), 0);
  // Every cage's first cell carries its sum.
  for (const Cage& cage : four.geometry().cages()) {
    const int first = cage.cells.front();
    EXPECT_GT(corner(first / 4, first % 4), 3) << "cage of cell " << first;
  }
}

TEST(KillerRender, SolutionImageShowsTheAnswersWithTheCages) {
  const Grid four = parse_killer_text(kFour);
  const Grid solution = solution_of(four, kFourSolution);
  const Png png(render_png(four, "four_solved", &solution));
  ASSERT_TRUE(png.ok());
  // A digit's ink in the centre of every cell.
  for (int cell = 0; cell < 16; ++cell) {
    const int r = cell / 4, c = cell % 4;
    EXPECT_GT(png.dark(left_of(c) + 25, top_of(r) + 25, left_of(c) + 55, top_of(r) + 55), 0)
        << cell;
  }
}

TEST(KillerRender, KillerXShadesTheDiagonalsUnderTheCages) {
  const Grid g = parse_killer_text(
      "killer+x:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=7,E=7,F=6,G=2,H=5");  // 1234 3412 4321 2143
  const Png png(render_png(g, "four_x"));
  ASSERT_TRUE(png.ok());
  // The middle of a diagonal cell is shaded grey, of an off-diagonal cell white.
  const int shaded = png.grey(left_of(1) + 40, top_of(1) + 40);
  EXPECT_LT(shaded, 235);
  EXPECT_GT(shaded, 150);
  EXPECT_GT(png.grey(left_of(0) + 40, top_of(1) + 40), 250);
}

TEST(KillerRule, RemindsOfTheCagesAndTheExtraHouses) {
  const std::string cages =
      "Cages: the digits in each dashed cage add up to its sum and do not repeat.";
  EXPECT_EQ(rule_reminder(parse_killer_text(kFour).geometry()), cages);
  EXPECT_EQ(
      rule_reminder(parse_killer_text("killer+x:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=7,E=7,F=6,G=2,H=5")
                        .geometry()),
      "X: each shaded diagonal also holds 1-4 once; " + cages);
}

// 6x6 and 9x9 killers cut from pattern grids (cages of 1 to 3 or 4 cells), their solutions.
constexpr const char* kSix =
    "killer:QFJJKBLNNDBBLAADCORRGCCOHHGIIESMMMPP;A=7,B=11,C=11,D=6,E=2,F=2,G=6,H=7,I=7,J=7,"
    "K=5,L=6,M=6,N=11,O=5,P=9,Q=1,R=11,S=6";
constexpr const char* kSixSolution = "123456456123234561561234345612612345";
constexpr const char* kNine =
    "killer:ffCBBVIIkSCCBBiIQYSKCEETHHYcZREETbbYFhRRMdJbDFPPPjJJJDeUUUWXXDDegNNALGGOlaaNNLLLO;"
    "A=1,B=24,C=23,D=14,E=14,F=13,G=7,H=9,I=16,J=17,K=8,L=20,M=9,N=24,O=13,P=12,Q=2,R=19,S=11,"
    "T=10,U=15,V=6,W=7,X=17,Y=10,Z=3,a=3,b=20,c=2,d=1,e=9,f=3,g=7,h=6,i=9,j=3,k=9,l=9";
constexpr const char* kNineSolution =
    "123456789456789123789123456234567891567891234891234567345678912678912345912345678";

TEST(KillerBook, PagesOfEverySizeWithTheRuleAndAnAnswerKey) {
  if (!test::have_poppler()) GTEST_SKIP() << "poppler-utils (pdfinfo, pdftotext) not installed";
  std::vector<BookPuzzle> puzzles;
  for (auto [text, digits] : {std::pair{kFour, kFourSolution}, std::pair{kSix, kSixSolution},
                              std::pair{kNine, kNineSolution}}) {
    BookPuzzle p;
    p.givens = parse_killer_text(text);
    p.solution = solution_of(p.givens, digits);
    p.label = "#" + std::to_string(puzzles.size() + 1);
    p.caption = p.label;
    puzzles.push_back(std::move(p));
  }
  const auto path = (scratch() / "killers.pdf").string();
  BookOptions options;
  options.title = "Killer Sudoku";
  options.per_page = 2;
  const BookLayout layout = write_book(path, puzzles, options);
  EXPECT_EQ(layout.puzzle_pages, 2);
  EXPECT_EQ(layout.answer_pages, 1);
  EXPECT_EQ(layout.reminders, 3);
  EXPECT_EQ(test::pdf_pages(path), 4);
  const std::string puzzle_text = test::pdf_text(path, 2, 3);
  EXPECT_NE(puzzle_text.find("Cages: the digits in each dashed cage"), std::string::npos);
  // The 9x9's sums are printed (24 is cage B's, drawn in r1c4).
  EXPECT_NE(puzzle_text.find("24"), std::string::npos);
  const std::string answers = test::pdf_text(path, 4, 4);
  EXPECT_NE(answers.find("Answers"), std::string::npos);
  EXPECT_NE(answers.find("#3"), std::string::npos);
  // The answer key prints the solutions, not the sums: the 9x9's first row reads 1..9.
  EXPECT_NE(answers.find("1 2 3 4 5 6 7 8 9"), std::string::npos) << answers;
}

}  // namespace
}  // namespace sudoforge::book
