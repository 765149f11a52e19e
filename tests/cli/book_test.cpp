// End-to-end tests of `sudoforge book` and `sudoforge render`: page counts and text read
// back from the PDF with poppler (pdfinfo, pdftotext), books drawn from unused puzzles
// never sharing one, --dry-run recording nothing, too few puzzles writing nothing.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "../book/pdf_probe.h"
#include "run_cli.h"

namespace sudoforge {
namespace {

using testing::data_file;
using testing::run_cli;
using testing::scratch_dir;
using testing::slurp;

using test::have_poppler;
using test::pdf_pages;
using test::pdf_text;

// The puzzle ids of "#ID · level · rating" captions.
std::set<int> caption_ids(const std::string& text) {
  std::set<int> ids;
  static const std::regex caption("#([0-9]+) \xc2\xb7 ");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), caption); it != std::sregex_iterator(); ++it) {
    ids.insert(std::stoi((*it)[1]));
  }
  return ids;
}

// c + text + tail (spelled out: GCC 12 warns falsely about "literal" + std::string).
std::string wrapped(char c, const std::string& text, const char* tail) {
  std::string s(1, c);
  s.append(text).append(tail);
  return s;
}

// A fresh catalogue holding the 40 puzzles of grade_sample.txt.
std::string fresh_catalogue(const std::string& name) {
  const std::string db = (scratch_dir() / name).string();
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db + s);
  auto r = run_cli("db import --db " + db + " " + data_file("grade_sample.txt"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return db;
}

std::string out_file(const std::string& name) {
  const std::string p = (scratch_dir() / name).string();
  std::filesystem::remove(p);
  return p;
}

TEST(CliBook, TitleCaptionsPageNumbersAndAnswers) {
  if (!have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string db = fresh_catalogue("book1.db");
  const std::string pdf = out_file("book1.pdf");
  auto r = run_cli("book --db " + db + " --count 10 --per-page 4 --title 'Weekend Sudoku' "
                   "--subtitle 'Ten to solve' -o " + pdf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(std::filesystem::exists(pdf + ".part"));
  EXPECT_EQ(pdf_pages(pdf), 1 + 3 + 1);  // title, 10 puzzles at 4 a page, one answer page
  const std::string title = pdf_text(pdf, 1, 1);
  EXPECT_NE(title.find("Weekend Sudoku"), std::string::npos) << title;
  EXPECT_NE(title.find("Ten to solve"), std::string::npos) << title;
  EXPECT_NE(title.find("10 puzzles"), std::string::npos) << title;
  for (int page = 2; page <= 5; ++page) {
    EXPECT_NE(pdf_text(pdf, page, page).find(wrapped('\n', std::to_string(page), "\n")), std::string::npos)
        << "page number " << page;
  }
  const std::set<int> ids = caption_ids(pdf_text(pdf, 2, 4));
  EXPECT_EQ(ids.size(), 10u);
  const std::string answers = pdf_text(pdf, 5, 5);
  EXPECT_NE(answers.find("Answers"), std::string::npos);
  for (int id : ids) EXPECT_NE(answers.find(wrapped('#', std::to_string(id), "")), std::string::npos) << id;
  // The catalogue knows the book: its puzzles are no longer unused.
  auto q = run_cli("db query --db " + db + " --unused --output csv");
  EXPECT_EQ(std::count(q.out.begin(), q.out.end(), '\n'), 1 + 30);
  auto stats = run_cli("db stats --db " + db);
  EXPECT_NE(stats.out.find("in books 10"), std::string::npos) << stats.out;
}

TEST(CliBook, BooksFromUnusedPuzzlesNeverShareOneAndTooFewWritesNothing) {
  if (!have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string db = fresh_catalogue("book2.db");
  const std::string a = out_file("vol1.pdf"), b = out_file("vol2.pdf"), c = out_file("vol3.pdf");
  ASSERT_EQ(run_cli("book --db " + db + " --count 15 --per-page 6 -o " + a).exit_code, 0);
  ASSERT_EQ(run_cli("book --db " + db + " --count 15 --per-page 6 --order random -o " + b).exit_code, 0);
  const std::set<int> first = caption_ids(pdf_text(a, 2, 4)), second = caption_ids(pdf_text(b, 2, 4));
  EXPECT_EQ(first.size(), 15u);
  EXPECT_EQ(second.size(), 15u);
  for (int id : second) EXPECT_FALSE(first.count(id)) << "puzzle #" << id << " printed twice";
  // 10 unused are left: asking for 15 fails, writes nothing and records nothing.
  auto r = run_cli("book --db " + db + " --count 15 -o " + c);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("only 10"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(c));
  EXPECT_FALSE(std::filesystem::exists(c + ".part"));
  EXPECT_NE(run_cli("db stats --db " + db).out.find("in books 30"), std::string::npos);
  // --reuse may print them again.
  EXPECT_EQ(run_cli("book --db " + db + " --count 15 --reuse -o " + c).exit_code, 0);
}

TEST(CliBook, DryRunShowsTheSelectionAndRecordsNothing) {
  if (!have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string db = fresh_catalogue("book3.db");
  const std::string pdf = out_file("dry.pdf");
  auto d1 = run_cli("book --db " + db + " --count 5 --level medium --dry-run -o " + pdf);
  ASSERT_EQ(d1.exit_code, 0) << d1.err;
  auto d2 = run_cli("book --db " + db + " --count 5 --level medium --dry-run");
  EXPECT_EQ(d1.out, d2.out);
  EXPECT_FALSE(std::filesystem::exists(pdf));
  EXPECT_NE(d1.err.find("nothing written"), std::string::npos);
  std::set<int> listed;
  std::istringstream in(d1.out);
  for (std::string line; std::getline(in, line);) {
    ASSERT_EQ(line[0], '#');
    EXPECT_NE(line.find(" medium "), std::string::npos) << line;
    listed.insert(std::stoi(line.substr(1)));
  }
  EXPECT_EQ(listed.size(), 5u);
  // The real book takes exactly that selection.
  ASSERT_EQ(run_cli("book --db " + db + " --count 5 --level medium -o " + pdf).exit_code, 0);
  EXPECT_EQ(caption_ids(pdf_text(pdf, 2, 3)), listed);
}

TEST(CliBook, UnwritableOutputIsAnIoErrorAndRecordsNothing) {
  const std::string db = fresh_catalogue("book4.db");
  auto r = run_cli("book --db " + db + " --count 4 -o /nonexistent-dir/book.pdf");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(run_cli("db stats --db " + db).out.find("in books 0"), std::string::npos);
}

TEST(CliBook, LetterPaperAndUsageErrors) {
  if (!have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string db = fresh_catalogue("book5.db");
  const std::string pdf = out_file("letter.pdf");
  ASSERT_EQ(run_cli("book --db " + db + " --count 3 --per-page 1 --paper letter -o " + pdf).exit_code, 0);
  EXPECT_EQ(pdf_pages(pdf), 1 + 3 + 1);
  EXPECT_NE(test::shell_output("pdfinfo '" + pdf + "'").find("612 x 792"), std::string::npos);
  EXPECT_EQ(run_cli("book --db " + db + " --count 3 --per-page 3 -o " + pdf).exit_code, 2);
  EXPECT_EQ(run_cli("book --db " + db + " -o " + pdf).exit_code, 2);
  EXPECT_EQ(run_cli("book --db " + db + " --count 3").exit_code, 2);
  EXPECT_EQ(run_cli("book --db " + db + " --count 3 --paper a5 -o " + pdf).exit_code, 2);
  auto help = run_cli("book --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("examples"), std::string::npos);
}

constexpr const char* kPuzzle =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

TEST(CliRender, SvgPngPdfFromTextOrCatalogue) {
  const std::string svg = out_file("r.svg"), png = out_file("r.png"), pdf = out_file("r.pdf");
  auto r = run_cli(std::string("render ") + kPuzzle + " -o " + svg);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(slurp(svg).find("<svg"), std::string::npos);
  r = run_cli("render - --solution -o " + png, kPuzzle);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(png).substr(1, 3), "PNG");
  const std::string db = fresh_catalogue("render.db");
  r = run_cli("render --db " + db + " --id 3 --solution --format pdf --caption 'Puzzle 3' -o " + pdf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(pdf).substr(0, 5), "%PDF-");
  if (have_poppler()) {
    EXPECT_NE(pdf_text(pdf).find("Puzzle 3"), std::string::npos);
  }
  EXPECT_FALSE(std::filesystem::exists(pdf + ".part"));
}

// -o - is stdout, as everywhere else: the image goes there (SVG unless --format says) and
// no file named '-' is made.
TEST(CliRender, DashIsStdout) {
  const auto dash = std::filesystem::current_path() / "-";
  std::filesystem::remove(dash);
  auto r = run_cli(std::string("render ") + kPuzzle + " -o -");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("<svg"), std::string::npos) << r.out.substr(0, 200);
  r = run_cli(std::string("render ") + kPuzzle + " --solution --format png -o -");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(1, 3), "PNG");
  EXPECT_FALSE(std::filesystem::exists(dash));
}

TEST(CliRender, Errors) {
  const std::string out = out_file("e.svg");
  EXPECT_EQ(run_cli(std::string("render ") + kPuzzle + " -o /nonexistent-dir/x.svg").exit_code, 3);
  EXPECT_EQ(run_cli(std::string("render ") + kPuzzle + " -o x.gif").exit_code, 2);
  EXPECT_EQ(run_cli(std::string("render ") + kPuzzle).exit_code, 2);
  // Several solutions: no --solution to show.
  const std::string open = "1" + std::string(80, '.');
  EXPECT_EQ(run_cli("render " + open + " --solution -o " + out).exit_code, 1);
  // Repeated given.
  std::string bad = kPuzzle;
  bad[0] = '3';
  EXPECT_EQ(run_cli("render " + bad + " -o " + out).exit_code, 1);
  const std::string db = fresh_catalogue("render2.db");
  EXPECT_EQ(run_cli("render --db " + db + " --id 999 -o " + out).exit_code, 1);
}

// A 6x6 jigsaw (README, Variants): givens and region map on one line.
constexpr const char* kJigsaw6 = ".14.325.236132.15.153.264652.3.3164.";
constexpr const char* kJigsaw6Map = "112233112233112233445566445566445566";

std::string write_text(const std::string& name, const std::string& text) {
  const std::string p = (scratch_dir() / name).string();
  std::FILE* f = std::fopen(p.c_str(), "wb");
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  return p;
}

int occurrences(const std::string& text, const std::string& needle) {
  int n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// Variant boards were refused before; now they draw with their marks.
TEST(CliRender, VariantBoardsDrawTheirMarksAndRule) {
  const auto gen = run_cli("generate --variant x -n 1 --seed 1");
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  const std::string x = gen.out.substr(0, 81);
  const std::string svg = out_file("x.svg"), classic = out_file("c.svg");
  auto r = run_cli("render " + x + " --variant x -o " + svg);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(run_cli("render " + x + " -o " + classic).exit_code, 0);
  EXPECT_NE(slurp(svg).find("fill-opacity:0.17"), std::string::npos);
  EXPECT_EQ(slurp(classic).find("fill-opacity:0.17"), std::string::npos);

  const std::string pdf = out_file("j.pdf");
  r = run_cli("render - --variant jigsaw --solution --rule -o " + pdf,
              std::string(kJigsaw6) + " " + kJigsaw6Map + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  if (have_poppler()) {
    EXPECT_NE(pdf_text(pdf).find("Jigsaw: each outlined region holds 1-6 once"), std::string::npos);
  }
  EXPECT_EQ(run_cli("render " + x + " --variant nonsense -o " + svg).exit_code, 2);
}

// One book of classic, X and jigsaw records (a CSV variant column), one rule reminder per
// variant puzzle; bad records are named and left out.
TEST(CliBook, MixedVariantBookFromAFile) {
  if (!have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const auto gen = run_cli("generate --variant x -n 2 --seed 1");
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  std::istringstream lines(gen.out);
  std::string x1, x2;
  std::getline(lines, x1);
  std::getline(lines, x2);
  x1 = x1.substr(0, 81);
  x2 = x2.substr(0, 81);
  const std::string csv = write_text(
      "mixed.csv", "puzzle,variant,regions\n" + std::string(kPuzzle) + ",classic,\n" + x1 +
                       ",x,\n" + kJigsaw6 + ",jigsaw," + kJigsaw6Map + "\n" + x2 + ",x,\n");
  const std::string pdf = out_file("mixed.pdf");
  auto r = run_cli("book " + csv + " --per-page 2 --title Mixed -o " + pdf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(pdf_pages(pdf), 1 + 2 + 1);
  const std::string puzzles = pdf_text(pdf, 2, 3);
  EXPECT_EQ(occurrences(puzzles, "X: each shaded diagonal also holds 1-9 once"), 2) << puzzles;
  EXPECT_EQ(occurrences(puzzles, "Jigsaw: each outlined region holds 1-6 once"), 1) << puzzles;
  EXPECT_EQ(occurrences(puzzles, " once"), 3) << puzzles;
  for (const char* label : {"#1", "#2", "#3", "#4"}) {
    EXPECT_NE(puzzles.find(label), std::string::npos) << label;
  }
  EXPECT_FALSE(std::filesystem::exists(pdf + ".part"));

  // --variant gives every record its board; a record with several solutions is named.
  const std::string xs = write_text("xs.txt", x1 + "\n" + std::string(81, '.') + "\n" + x2 + "\n");
  r = run_cli("book " + xs + " --variant x -o " + pdf);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(xs + ":2: more than one solution"), std::string::npos) << r.err;
  EXPECT_EQ(occurrences(pdf_text(pdf, 2, 2), "X: each shaded diagonal"), 2);
  // Catalogue filters do not apply to FILEs.
  EXPECT_EQ(run_cli("book " + xs + " --level hard -o " + pdf).exit_code, 2);
}

// From the catalogue each puzzle brings its board; --variant selects one variant.
TEST(CliBook, VariantBooksFromTheCatalogue) {
  if (!have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string db = out_file("variants.db");
  std::filesystem::remove(db);
  for (const char* v : {"x", "classic", "jigsaw"}) {
    const auto gen = run_cli("generate --db " + db + " --variant " + v + " -n 2 --seed 3 -q");
    ASSERT_EQ(gen.exit_code, 0) << v << gen.err;
  }
  const std::string pdf = out_file("catalogue_x.pdf");
  auto r = run_cli("book --db " + db + " --variant x --count 2 --per-page 2 -o " + pdf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string text = pdf_text(pdf, 2, 2);
  EXPECT_EQ(occurrences(text, "X: each shaded diagonal also holds 1-9 once"), 2) << text;
  // Only two X puzzles: a third is not there.
  const std::string pdf2 = out_file("catalogue_mixed.pdf");
  EXPECT_EQ(run_cli("book --db " + db + " --variant x --count 1 -o " + pdf2).exit_code, 1);
  // The rest, mixed: two jigsaw and two classic puzzles.
  r = run_cli("book --db " + db + " --count 4 --per-page 4 -o " + pdf2);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  text = pdf_text(pdf2, 2, 2);
  EXPECT_EQ(occurrences(text, "Jigsaw: each outlined region holds 1-9 once"), 2) << text;
  EXPECT_EQ(occurrences(text, "X: each shaded"), 0) << text;
  EXPECT_EQ(run_cli("book --db " + db + " --variant hyper --count 1 -o " + out_file("h.pdf")).exit_code, 2);
}

}  // namespace
}  // namespace sudoforge
