// The step page of `grade --explain --output html` (book::steps_html) in a real headless
// chromium: Next and Previous (buttons and arrow keys) show each step's sentence and marks.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "scratch.h"
#include "sudoforge/book/steps.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/grader/grader.h"
#include "webdriver.h"

namespace sudoforge::book {
namespace {

using test::Browser;

// The marks of the step on show: "sf-pattern r1c6", "sf-place r1c6=6", ...
std::set<std::string> shown_marks(Browser& b) {
  std::set<std::string> marks;
  for (const test::Element& e : b.find_all("section.step:not([hidden]) rect[data-cell]")) {
    const std::string value = b.attribute(e, "data-value").value_or("");
    marks.insert(b.attribute(e, "class").value_or("") + " " + *b.attribute(e, "data-cell") +
                 (value.empty() ? "" : "=" + value));
  }
  return marks;
}

std::set<std::string> expected_marks(const Geometry& g, const StepMarks& s) {
  std::set<std::string> marks;
  for (int c : s.cells) marks.insert("sf-pattern " + g.cell_name(c));
  for (auto [c, v] : s.eliminations)
    marks.insert("sf-elim " + g.cell_name(c) + "=" + std::to_string(v));
  for (auto [c, v] : s.placements)
    marks.insert("sf-place " + g.cell_name(c) + "=" + std::to_string(v));
  return marks;
}

TEST(StepBrowser, NextAndPreviousStepThroughTheSolution) {
  std::optional<Browser> browser = Browser::start();
  if (!browser) GTEST_SKIP() << Browser::unavailable_reason();
  std::istringstream in(
      "....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38");
  const Grid p = RecordReader(in).next()->grid;
  std::vector<StepMarks> steps;
  for (const grader::Step& s : grader::Grader().rate(p, true).steps) {
    steps.push_back({s.cells, s.placements, s.eliminations, s.explanation, s.technique});
  }
  ASSERT_GT(steps.size(), 2u);
  const auto path = test::scratch() / "steps.html";
  std::ofstream(path) << steps_html(p, steps, "Turbot Fish");
  Browser& b = *browser;
  b.navigate("file://" + path.string());
  EXPECT_EQ(b.title(), "Turbot Fish");

  const auto sentence = [&] { return b.text(b.find("section.step:not([hidden]) p.sentence")); };
  const auto counter = [&] { return b.text(b.find("#counter")); };
  const std::string of = " of " + std::to_string(steps.size());
  EXPECT_EQ(sentence(), steps[0].sentence);
  EXPECT_EQ(counter(), "Step 1" + of);
  EXPECT_EQ(shown_marks(b), expected_marks(p.geometry(), steps[0]));
  EXPECT_EQ(b.find_all("section.step:not([hidden])").size(), 1u);

  b.click(b.find("#next"));
  EXPECT_EQ(sentence(), steps[1].sentence);
  EXPECT_EQ(counter(), "Step 2" + of);
  EXPECT_EQ(shown_marks(b), expected_marks(p.geometry(), steps[1]));
  EXPECT_NE(shown_marks(b), expected_marks(p.geometry(), steps[0]));

  b.click(b.find("#prev"));
  EXPECT_EQ(sentence(), steps[0].sentence);
  EXPECT_EQ(shown_marks(b), expected_marks(p.geometry(), steps[0]));
  EXPECT_EQ(b.attribute(b.find("#prev"), "disabled").value_or(""), "true");

  // The arrow keys do the same; past the ends nothing moves.
  b.press_key(test::Key::kArrowLeft);
  EXPECT_EQ(sentence(), steps[0].sentence);
  for (int i = 0; i < 10; ++i) b.press_key(test::Key::kArrowRight);
  EXPECT_EQ(sentence(), steps[10].sentence);
  EXPECT_EQ(shown_marks(b), expected_marks(p.geometry(), steps[10]));
  b.press_key(test::Key::kArrowLeft);
  EXPECT_EQ(counter(), "Step 10" + of);

  // The picture is drawn: a screenshot of the page is a PNG (kept for a look).
  const std::string png = b.screenshot();
  ASSERT_GT(png.size(), 1000u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  std::ofstream(test::scratch() / "steps-browser.png", std::ios::binary) << png;
}

}  // namespace
}  // namespace sudoforge::book
