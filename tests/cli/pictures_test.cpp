// grade --explain --output svg|png|pdf|html --out FILE (step pictures) and book --hints,
// end to end: the files' names, kinds and counts, the marks each SVG names against the
// steps `grade --output json --explain` prints, several puzzles, bad records, usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "../book/pdf_probe.h"
#include "run_cli.h"

namespace sudoforge::testing {
namespace {

namespace fs = std::filesystem;

const std::string kTurbot =
    "....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38";
const std::string kSecond =
    "..3....8..5.78.1....91....52.......6..7....3.6...1.......2..9....16..3..9725...1.";
const std::string kEasy =
    "..31....25....648..8.23..7..9.......8....1...3...7...91....4....7.....549..61..2.";

fs::path fresh_dir(const std::string& name) {
  const fs::path d = scratch_dir() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

// The steps as grade's JSON gives them.
nlohmann::json json_steps(const std::string& puzzle) {
  const CliResult r = run_cli("grade --explain --output json", puzzle + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out).at(0).at("steps");
}

// "sf-elim r1c3=2", "sf-place r8c3=2" for the marks of an SVG (its pattern cells left out:
// grade's JSON does not list them).
std::set<std::string> svg_value_marks(const std::string& svg) {
  std::set<std::string> marks;
  static const std::regex re(
      R"re(<rect class="(sf-elim|sf-place)" data-cell="(r\d+c\d+)" data-value="(\d+)")re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), re), end; it != end; ++it) {
    marks.insert((*it)[1].str() + " " + (*it)[2].str() + "=" + (*it)[3].str());
  }
  return marks;
}

std::set<std::string> json_value_marks(const nlohmann::json& step) {
  std::set<std::string> marks;
  for (const auto& [key, cls] :
       {std::pair{"eliminations", "sf-elim"}, std::pair{"placements", "sf-place"}}) {
    for (const auto& m : step.at(key)) {
      marks.insert(std::string(cls) + " " + m.at("cell").get<std::string>() + "=" +
                   std::to_string(m.at("value").get<int>()));
    }
  }
  return marks;
}

TEST(GradePictures, OneSvgPerStepNamingTheStepsMarks) {
  const fs::path dir = fresh_dir("svg1");
  const CliResult r =
      run_cli("grade --explain --output svg --out " + (dir / "steps.svg").string(), kTurbot + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The lines on stdout are grade --explain's.
  EXPECT_EQ(r.out, run_cli("grade --explain", kTurbot + "\n").out);
  const nlohmann::json steps = json_steps(kTurbot);
  ASSERT_GT(steps.size(), 11u);
  std::set<std::string> expected;
  for (std::size_t k = 1; k <= steps.size(); ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "steps-%03zu.svg", k);
    expected.insert(name);
    const std::string svg = slurp((dir / name).string());
    EXPECT_EQ(svg_value_marks(svg), json_value_marks(steps[k - 1])) << name;
  }
  EXPECT_EQ(names_in(dir), expected);
  EXPECT_NE(r.err.find("steps-001.svg .. "), std::string::npos) << r.err;
}

TEST(GradePictures, SeveralPuzzlesNumberedInInputOrder) {
  const fs::path dir = fresh_dir("several");
  // A bad record between them is reported and not counted.
  const CliResult r = run_cli("grade --output png --out " + (dir / "st.png").string(),
                              kTurbot + "\nnot a puzzle\n" + kSecond + "\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(":2:"), std::string::npos) << r.err;
  const std::set<std::string> names = names_in(dir);
  EXPECT_TRUE(names.count("st-1-001.png"));
  EXPECT_TRUE(names.count("st-2-001.png"));
  EXPECT_FALSE(names.count("st-001.png"));
  EXPECT_EQ(names.size(), json_steps(kTurbot).size() + json_steps(kSecond).size());
  EXPECT_EQ(slurp((dir / "st-2-001.png").string()).substr(0, 8), "\x89PNG\r\n\x1a\n");
}

TEST(GradePictures, PdfPagePerStepAndHtmlFromTheExtension) {
  const fs::path dir = fresh_dir("pdfhtml");
  const std::size_t n = json_steps(kTurbot).size();
  // --output left out: the format comes from --out's extension.
  ASSERT_EQ(run_cli("grade --out " + (dir / "s.pdf").string(), kTurbot + "\n").exit_code, 0);
  ASSERT_EQ(run_cli("grade --out " + (dir / "s.html").string(), kTurbot + "\n").exit_code, 0);
  EXPECT_EQ(names_in(dir), (std::set<std::string>{"s.pdf", "s.html"}));
  EXPECT_EQ(slurp((dir / "s.pdf").string()).substr(0, 5), "%PDF-");
  if (test::have_poppler())
    EXPECT_EQ(test::pdf_pages((dir / "s.pdf").string()), static_cast<int>(n));
  const std::string html = slurp((dir / "s.html").string());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  std::size_t sections = 0;
  for (auto at = html.find("<section class=\"step\""); at != std::string::npos;
       at = html.find("<section class=\"step\"", at + 1)) {
    ++sections;
  }
  EXPECT_EQ(sections, n);
}

TEST(GradePictures, UsageErrors) {
  const fs::path dir = fresh_dir("usage");
  EXPECT_EQ(run_cli("grade --output svg", kTurbot + "\n").exit_code, 2);
  EXPECT_EQ(run_cli("grade --out " + (dir / "x.txt").string(), kTurbot + "\n").exit_code, 2);
  EXPECT_EQ(
      run_cli("grade --output csv --out " + (dir / "x.svg").string(), kTurbot + "\n").exit_code, 2);
  EXPECT_TRUE(names_in(dir).empty());
  // An unwritable place is a file error.
  EXPECT_EQ(run_cli("grade --out /nonexistent-dir/x.svg", kTurbot + "\n").exit_code, 3);
}

TEST(BookHints, FirstStepBeyondSinglesDrawnAndSinglesSaidSo) {
  if (!test::have_poppler()) GTEST_SKIP() << "poppler-utils not installed";
  const fs::path dir = fresh_dir("hints");
  const std::string in = (dir / "in.txt").string(), out = (dir / "hints.pdf").string();
  std::ofstream(in) << kEasy << "\n" << kTurbot << "\n";
  const CliResult r = run_cli("book " + in + " --hints --per-page 2 -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("2 hint pages"), std::string::npos) << r.err;
  // Title, one puzzle page, a hint page for #2, a page saying #1 needs singles only, answers.
  EXPECT_EQ(test::pdf_pages(out), 5);
  const std::string hints = test::pdf_text(out, 3, 4);
  EXPECT_NE(hints.find("Hints"), std::string::npos);
  EXPECT_NE(hints.find("Pointing"), std::string::npos) << hints;
  EXPECT_NE(hints.find("Singles alone solve #1"), std::string::npos) << hints;
  // Without --hints the book is as before.
  ASSERT_EQ(run_cli("book " + in + " --per-page 2 -o " + out).exit_code, 0);
  EXPECT_EQ(test::pdf_pages(out), 3);
}

}  // namespace
}  // namespace sudoforge::testing
