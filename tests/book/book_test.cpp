// sudoforge::book: page plans, every board size laid out, text findable in the PDF, the
// three image formats, and errors for unwritable paths.
#include "sudoforge/book/book.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "pdf_probe.h"
#include "scratch.h"
#include "sudoforge/core/alphabet.h"

namespace sudoforge::book {
namespace {

using test::scratch;
using test::slurp;

using test::have_poppler;
using test::shell_output;

int pdf_pages(const std::filesystem::path& p) { return test::pdf_pages(p.string()); }

// A valid complete grid of any supported size: the pattern solution
// value(r, c) = (box_cols * (r % box_rows) + r / box_rows + c) % N + 1.
Grid pattern_solution(const Geometry& g) {
  Grid s(g);
  const int n = g.size();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      s.set(g.cell(r, c), (g.box_cols() * (r % g.box_rows()) + r / g.box_rows() + c) % n + 1);
    }
  }
  return s;
}

BookPuzzle sample(const Geometry& g, int id) {
  BookPuzzle p;
  p.solution = pattern_solution(g);
  p.givens = *p.solution;
  for (int c = 0; c < g.cell_count(); ++c) {
    if ((c * 7 + id) % 3 != 0) p.givens.clear(c);
  }
  p.caption = "#" + std::to_string(id) + " \u00b7 hard \u00b7 3.4";
  p.label = "#" + std::to_string(id);
  return p;
}

TEST(BookPlan, PagesAreTitlePuzzlePagesAndAnswerPages) {
  std::vector<BookPuzzle> ps;
  for (int i = 1; i <= 25; ++i) ps.push_back(sample(Geometry(), i));
  BookOptions o;
  o.per_page = 4;
  BookLayout l = plan_book(ps, o);
  EXPECT_EQ(l.puzzle_pages, 7);
  EXPECT_EQ(l.answer_pages, 3);  // 12 answers a page for 9x9
  EXPECT_EQ(l.pages, 11);
  EXPECT_EQ(l.first_answer_page, 9);
  o.per_page = 6;
  EXPECT_EQ(plan_book(ps, o).puzzle_pages, 5);
  o.answers = false;
  EXPECT_EQ(plan_book(ps, o).pages, 6);
  o.per_page = 3;
  EXPECT_THROW(plan_book(ps, o), BookError);
}

TEST(BookPlan, AnswersPerPageShrinkWithTheBoard) {
  EXPECT_EQ(answers_per_page(9), 12);
  EXPECT_EQ(answers_per_page(16), 6);
  EXPECT_EQ(answers_per_page(25), 2);
  EXPECT_EQ(parse_paper("Letter"), Paper::kLetter);
  EXPECT_FALSE(parse_paper("a5"));
  EXPECT_EQ(parse_image_format("PNG"), ImageFormat::kPng);
}

TEST(Book, WritesAPdfWithTheTitleCaptionsAndPageNumbers) {
  std::vector<BookPuzzle> ps;
  for (int i = 1; i <= 9; ++i) ps.push_back(sample(Geometry(), 100 + i));
  BookOptions o;
  o.title = "Test Book Title";
  o.subtitle = "A subtitle";
  o.info = {"Level: Hard"};
  o.per_page = 4;
  const auto path = scratch() / "book.pdf";
  const BookLayout l = write_book(path.string(), ps, o);
  EXPECT_EQ(l.pages, 1 + 3 + 1);
  EXPECT_EQ(slurp(path).substr(0, 5), "%PDF-");
  if (!have_poppler()) GTEST_SKIP() << "pdfinfo/pdftotext not installed";
  EXPECT_EQ(pdf_pages(path), 5);
  const std::string title = test::pdf_text(path.string(), 1, 1);
  EXPECT_NE(title.find("Test Book Title"), std::string::npos) << title;
  EXPECT_NE(title.find("A subtitle"), std::string::npos);
  EXPECT_NE(title.find("Level: Hard"), std::string::npos);
  const std::string p2 = test::pdf_text(path.string(), 2, 2);
  for (int i = 101; i <= 104; ++i) EXPECT_NE(p2.find("#" + std::to_string(i) + " \u00b7 hard \u00b7 3.4"), std::string::npos) << p2;
  EXPECT_NE(p2.find("\n2\n"), std::string::npos) << p2;  // the page number
  const std::string p5 = test::pdf_text(path.string(), 5, 5);
  EXPECT_NE(p5.find("Answers"), std::string::npos) << p5;
  EXPECT_NE(p5.find("#109"), std::string::npos) << p5;
  EXPECT_NE(p5.find("\n5\n"), std::string::npos) << p5;
}

TEST(Book, EverySupportedSizeLaysOutWithItsSymbols) {
  if (!have_poppler()) GTEST_SKIP() << "pdftotext not installed";
  for (const Geometry& g : Geometry::all()) {
    std::vector<BookPuzzle> ps{sample(g, 1), sample(g, 2)};
    for (int per_page : {1, 2, 4, 6}) {
      BookOptions o;
      o.per_page = per_page;
      const auto path = scratch() / ("size" + std::to_string(g.size()) + "_" + std::to_string(per_page) + ".pdf");
      const BookLayout l = write_book(path.string(), ps, o);
      EXPECT_EQ(pdf_pages(path), l.pages) << g.name();
      EXPECT_GT(l.smallest_cell, 5.0) << g.name() << " per page " << per_page;
    }
    // The highest symbol appears in the answer key (letters above 9x9).
    const auto path = scratch() / ("size" + std::to_string(g.size()) + "_1.pdf");
    const std::string text = test::pdf_text(path.string());
    const char top = Alphabet::standard(g.size()).symbol(g.size());
    EXPECT_NE(text.find(top), std::string::npos) << g.name();
  }
}

TEST(Book, MixedSizesShareABook) {
  std::vector<BookPuzzle> ps{sample(Geometry(2, 2), 1), sample(Geometry(), 2), sample(Geometry(4, 4), 3)};
  const auto path = scratch() / "mixed.pdf";
  BookOptions o;
  o.per_page = 2;
  const BookLayout l = write_book(path.string(), ps, o);
  EXPECT_EQ(l.pages, 1 + 2 + 1);
}

TEST(Book, MissingSolutionOrUnwritablePathThrows) {
  std::vector<BookPuzzle> ps{sample(Geometry(), 1)};
  EXPECT_THROW(write_book("/nonexistent-dir/x.pdf", ps, {}), BookError);
  ps[0].solution.reset();
  EXPECT_THROW(write_book((scratch() / "nosol.pdf").string(), ps, {}), BookError);
  BookOptions o;
  o.answers = false;
  EXPECT_NO_THROW(write_book((scratch() / "nosol.pdf").string(), ps, o));
}

TEST(Render, ThreeFormatsWithAndWithoutTheSolution) {
  const BookPuzzle p = sample(Geometry(), 1);
  const auto svg = scratch() / "p.svg", png = scratch() / "p.png", pdf = scratch() / "p.pdf";
  render_puzzle(svg.string(), ImageFormat::kSvg, p.givens);
  render_puzzle(png.string(), ImageFormat::kPng, p.givens, &*p.solution, {.cell = 30, .caption = "#1"});
  render_puzzle(pdf.string(), ImageFormat::kPdf, p.givens, &*p.solution);
  EXPECT_NE(slurp(svg).find("<svg"), std::string::npos);
  const std::string png_bytes = slurp(png);
  ASSERT_GT(png_bytes.size(), 24u);
  EXPECT_EQ(png_bytes.substr(1, 3), "PNG");
  // Width from the IHDR chunk: 9 cells of 30 px plus two 15 px margins.
  const auto be32 = [&](std::size_t at) {
    return (static_cast<unsigned char>(png_bytes[at]) << 24) | (static_cast<unsigned char>(png_bytes[at + 1]) << 16) |
           (static_cast<unsigned char>(png_bytes[at + 2]) << 8) | static_cast<unsigned char>(png_bytes[at + 3]);
  };
  EXPECT_EQ(be32(16), 300);
  EXPECT_EQ(slurp(pdf).substr(0, 5), "%PDF-");
  // A solution of another board is refused; an unwritable path throws.
  const Grid other(Geometry(2, 2));
  EXPECT_THROW(render_puzzle(svg.string(), ImageFormat::kSvg, p.givens, &other), BookError);
  EXPECT_THROW(render_puzzle("/nonexistent-dir/p.png", ImageFormat::kPng, p.givens), BookError);
}

}  // namespace
}  // namespace sudoforge::book
