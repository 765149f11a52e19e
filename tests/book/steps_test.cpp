// Step pictures (book/steps.h): the replay of a grader's steps on the candidates, the
// marks the pictures name (SVG attributes, PNG pixels), the PDF's pages, the HTML page's
// parts, on every board size and on variant boards.
#include "sudoforge/book/steps.h"

#include <cairo.h>
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "pdf_probe.h"
#include "scratch.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/grader/grader.h"

namespace sudoforge::book {
namespace {

using test::scratch;
using test::slurp;

Grid parse(const std::string& line) {
  std::istringstream in(line);
  RecordReader reader(in);
  return reader.next()->grid;
}

std::vector<StepMarks> marks_of(const grader::Rating& r) {
  std::vector<StepMarks> steps;
  for (const grader::Step& s : r.steps) {
    steps.push_back({s.cells, s.placements, s.eliminations, s.explanation, s.technique});
  }
  return steps;
}

// Its first step that is not a single, or -1.
int first_beyond_singles(const grader::Rating& r) {
  for (std::size_t k = 0; k < r.steps.size(); ++k) {
    const std::string& t = r.steps[k].technique;
    if (t != "Full House" && t != "Hidden Single" && t != "Naked Single")
      return static_cast<int>(k);
  }
  return -1;
}

// A Turbot Fish puzzle of cb400 (step 11: r1c3<>2 by a 6-node chain, after pointing).
const char* kTurbot =
    "....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38";

// Replaying the grader's steps from the givens: every elimination removes a candidate
// that is there, every placement's value is a candidate, and a complete path ends on the
// solution. Over fixture puzzles and generated ones of every size but 25x25 and variants.
TEST(StepReplay, AgreesWithTheGraderOnEveryBoard) {
  grader::Grader grader;
  std::vector<Grid> puzzles;
  std::ifstream fixtures(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt");
  RecordReader reader(fixtures);
  while (puzzles.size() < 40) {
    auto rec = reader.next();
    ASSERT_TRUE(rec.has_value());
    puzzles.push_back(rec->grid);
  }
  for (const Geometry& board :
       {Geometry(2, 2), Geometry(2, 3), Geometry(3, 4), Geometry(4, 4),
        Variant::parse("x+windoku").apply(Geometry()), Variant::parse("dg").apply(Geometry())}) {
    GeneratorOptions o;
    o.geometry = board;
    Generator gen(o);
    for (int i = 0; i < (board.size() == 16 ? 1 : 5); ++i) {
      puzzles.push_back(gen.generate(11, static_cast<std::uint64_t>(i))->puzzle);
    }
  }
  int complete = 0, replayed_steps = 0;
  for (const Grid& p : puzzles) {
    const grader::Rating r = grader.rate(p, true);
    const std::vector<StepMarks> steps = marks_of(r);
    std::vector<CandidateState> states;
    ASSERT_NO_THROW(states = replay_steps(p, steps)) << p.size();
    ASSERT_EQ(states.size(), steps.size() + 1);
    replayed_steps += static_cast<int>(steps.size());
    if (r.complete) {
      ++complete;
      EXPECT_TRUE(states.back().values.is_complete());
    }
  }
  EXPECT_GT(complete, 60);
  EXPECT_GT(replayed_steps, 3000);
}

// Killers: the grader's candidates follow the houses (a placed digit leaves its cage
// mates to the Cage Combinations steps), and so does the replay, so every step of a
// graded killer fits, and its hint pictures can be drawn.
TEST(StepReplay, AgreesWithTheGraderOnKillers) {
  grader::Grader grader;
  int replayed_steps = 0;
  for (const char* size : {"2x3", "3x3"}) {
    GeneratorOptions o;
    o.geometry = Geometry::parse(size);
    o.killer = true;
    Generator gen(o);
    for (int i = 0; i < 6; ++i) {
      const Grid p = gen.generate(11, static_cast<std::uint64_t>(i))->puzzle;
      const grader::Rating r = grader.rate(p, true);
      const std::vector<StepMarks> steps = marks_of(r);
      std::vector<CandidateState> states;
      ASSERT_NO_THROW(states = replay_steps(p, steps)) << size << " #" << i;
      replayed_steps += static_cast<int>(steps.size());
      if (r.complete) {
        EXPECT_TRUE(states.back().values.is_complete());
      }
    }
  }
  EXPECT_GT(replayed_steps, 300);
}

TEST(StepReplay, ReportsTheStepThatDoesNotFit) {
  const Grid p = parse(kTurbot);
  std::vector<StepMarks> steps = marks_of(grader::Grader().rate(p, true));
  // 5 is given in row 1, so never a candidate of r1c1.
  steps[10].eliminations.push_back({0, 5});
  try {
    replay_steps(p, steps);
    FAIL() << "no ReplayError";
  } catch (const ReplayError& e) {
    EXPECT_EQ(e.step(), 10);
    EXPECT_NE(std::string(e.what()).find("r1c1<>5"), std::string::npos) << e.what();
  }
  EXPECT_THROW(replay_steps(p, std::vector<StepMarks>{{{}, {{0, 5}}, {}, "", ""}}), ReplayError);
}

TEST(ChainLinks, ReadFromTheSentence) {
  const Geometry g;
  const auto links = chain_links(
      g,
      "r1c3<>2: Turbot Fish (6 nodes): r1c3=2 -> r3c2<>2 -> r3c5=2 -> r8c5<>2 -> r8c3=2 -> "
      "r1c3<>2");
  ASSERT_EQ(links.size(), 5u);
  EXPECT_EQ(links[0].from_cell, g.cell(0, 2));
  EXPECT_EQ(links[0].to_cell, g.cell(2, 1));
  EXPECT_TRUE(links[0].from_on);
  EXPECT_FALSE(links[0].to_on);
  EXPECT_EQ(links[4].to_cell, g.cell(0, 2));
  EXPECT_EQ(links[4].to_value, 2);
  EXPECT_TRUE(chain_links(g, "r4c5=7: hidden single in box 5").empty());
  // Letters on 16x16; a node off the board is no link.
  const auto big = chain_links(Geometry(4, 4), "r16c1=G -> r16c2<>G -> r17c1=G");
  ASSERT_EQ(big.size(), 1u);
  EXPECT_EQ(big[0].to_value, 7);
}

struct SvgMark {
  std::string cls, cell;
  int value;
  auto operator<=>(const SvgMark&) const = default;
};

std::set<SvgMark> svg_marks(const std::string& svg) {
  std::set<SvgMark> marks;
  static const std::regex re(
      R"re(<rect class="(sf-[a-z]+)" data-cell="(r\d+c\d+)"(?: data-value="(\d+)")?)re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), re), end; it != end; ++it) {
    marks.insert({(*it)[1], (*it)[2], (*it)[3].matched ? std::stoi((*it)[3]) : 0});
  }
  return marks;
}

std::set<SvgMark> expected_marks(const Geometry& g, const StepMarks& s) {
  std::set<SvgMark> marks;
  for (int c : s.cells) marks.insert({"sf-pattern", g.cell_name(c), 0});
  for (auto [c, v] : s.eliminations) marks.insert({"sf-elim", g.cell_name(c), v});
  for (auto [c, v] : s.placements) marks.insert({"sf-place", g.cell_name(c), v});
  return marks;
}

// The SVG of every step of a puzzle names exactly the step's cells, eliminations and
// placements, and carries its sentence.
TEST(StepSvg, NamesTheStepsCells) {
  const Grid p = parse(kTurbot);
  const std::vector<StepMarks> steps = marks_of(grader::Grader().rate(p, true));
  const auto states = replay_steps(p, steps);
  ASSERT_GT(steps.size(), 11u);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    StepImageOptions o;
    o.number = static_cast<int>(k) + 1;
    const std::string svg = step_svg(p, states[k], steps[k], o);
    EXPECT_EQ(svg_marks(svg), expected_marks(p.geometry(), steps[k])) << k;
    EXPECT_NE(svg.find("data-step=\"" + std::to_string(k + 1) + "\""), std::string::npos);
    std::string desc = steps[k].sentence;  // as XML text
    desc = std::regex_replace(desc, std::regex("&"), "&amp;");
    desc = std::regex_replace(desc, std::regex("<"), "&lt;");
    desc = std::regex_replace(desc, std::regex(">"), "&gt;");
    EXPECT_NE(svg.find("<desc>" + desc + "</desc>"), std::string::npos) << k;
  }
  // The Turbot Fish: 4 pattern cells and its elimination, r1c3<>2.
  const auto turbot = svg_marks(step_svg(p, states[10], steps[10]));
  EXPECT_TRUE(turbot.count({"sf-elim", "r1c3", 2}));
  EXPECT_GE(turbot.size(), 5u);
}

TEST(StepSvg, PrefixesEveryIdForSharing) {
  const Grid p = parse(kTurbot);
  const std::vector<StepMarks> steps = marks_of(grader::Grader().rate(p, true));
  const auto states = replay_steps(p, steps);
  const std::string svg = step_svg(p, states[0], steps[0], {}, "s7-");
  std::smatch m;
  for (auto it = svg.cbegin();
       std::regex_search(it, svg.cend(), m, std::regex(R"re(\bid="([^"]*)")re"));
       it = m.suffix().first) {
    EXPECT_EQ(m[1].str().rfind("s7-", 0), 0u) << m[1];
  }
  for (auto it = svg.cbegin();
       std::regex_search(it, svg.cend(), m, std::regex(R"re(href="#([^"]*)")re"));
       it = m.suffix().first) {
    EXPECT_EQ(m[1].str().rfind("s7-", 0), 0u) << m[1];
  }
}

// PNG pixels: the pattern cells are shaded, the others not; the eliminated candidate sits
// on a pale red disc, a placed one on a pale green one.
struct Pixels {
  cairo_surface_t* s;
  explicit Pixels(const std::string& path) : s(cairo_image_surface_create_from_png(path.c_str())) {}
  ~Pixels() { cairo_surface_destroy(s); }
  std::array<int, 3> at(double x, double y) const {
    const unsigned char* row =
        cairo_image_surface_get_data(s) + static_cast<int>(y) * cairo_image_surface_get_stride(s);
    const std::uint32_t px = reinterpret_cast<const std::uint32_t*>(row)[static_cast<int>(x)];
    return {static_cast<int>((px >> 16) & 255), static_cast<int>((px >> 8) & 255),
            static_cast<int>(px & 255)};
  }
};

TEST(StepPng, ShadesThePatternAndMarksTheCandidates) {
  const Grid p = parse(kTurbot);
  const Geometry& g = p.geometry();
  const std::vector<StepMarks> steps = marks_of(grader::Grader().rate(p, true));
  const auto states = replay_steps(p, steps);
  const std::string path = (scratch() / "turbot.png").string();
  render_step(path, ImageFormat::kPng, p, states[10], steps[10]);
  const std::string png = slurp(path);
  ASSERT_EQ(png.substr(1, 3), "PNG");
  Pixels px(path);
  ASSERT_EQ(cairo_surface_status(px.s), CAIRO_STATUS_SUCCESS);
  const double cell = 56, margin = 28;
  const std::set<int> pattern(steps[10].cells.begin(), steps[10].cells.end());
  ASSERT_FALSE(pattern.empty());
  for (int c = 0; c < g.cell_count(); ++c) {
    // Left of the candidates 1 and 4, between them: background only (no candidate, digit
    // or link reaches there).
    const auto rgb = px.at(margin + g.col(c) * cell + 5, margin + g.row(c) * cell + cell / 3);
    if (pattern.count(c)) {
      EXPECT_TRUE(rgb[0] > 230 && rgb[1] > 200 && rgb[2] < 170) << g.cell_name(c);
    } else {
      EXPECT_TRUE(rgb[0] > 245 && rgb[1] > 245 && rgb[2] > 245) << g.cell_name(c);
    }
  }
  // r1c3<>2: candidate 2 is the top middle of the keypad; left of its glyph, on the disc.
  const double sub = cell / 3;
  const auto elim = px.at(margin + 2 * cell + 1.5 * sub - 0.36 * sub, margin + 0.5 * sub);
  EXPECT_TRUE(elim[0] > 235 && elim[0] - elim[1] > 25 && elim[0] - elim[2] > 25)
      << elim[0] << "," << elim[1] << "," << elim[2];

  // Step 12 places r8c3=2.
  ASSERT_EQ(steps[11].placements.size(), 1u);
  const auto [pc, pv] = steps[11].placements[0];
  render_step(path, ImageFormat::kPng, p, states[11], steps[11]);
  Pixels placed(path);
  const double cx = margin + g.col(pc) * cell + ((pv - 1) % 3 + 0.5) * sub;
  const double cy = margin + g.row(pc) * cell + ((pv - 1) / 3 + 0.5) * sub;
  const auto green = placed.at(cx - 0.36 * sub, cy);
  EXPECT_TRUE(green[1] > 180 && green[1] - green[0] > 30 && green[1] - green[2] > 30)
      << green[0] << "," << green[1] << "," << green[2];
}

TEST(StepPdf, OnePagePerStep) {
  if (!test::have_poppler()) GTEST_SKIP() << "poppler-utils (pdfinfo) not installed";
  const Grid p = parse(kTurbot);
  const std::vector<StepMarks> steps = marks_of(grader::Grader().rate(p, true));
  const std::string path = (scratch() / "steps.pdf").string();
  write_steps_pdf(path, p, steps, "Turbot");
  EXPECT_EQ(slurp(path).substr(0, 5), "%PDF-");
  EXPECT_EQ(test::pdf_pages(path), static_cast<int>(steps.size()));
  EXPECT_NE(test::pdf_text(path, 11, 11).find("Turbot Fish"), std::string::npos);
}

TEST(StepHtml, OneSelfContainedPage) {
  const Grid p = parse(kTurbot);
  const std::vector<StepMarks> steps = marks_of(grader::Grader().rate(p, true));
  const std::string html = steps_html(p, steps, "Turbot <fish>");
  EXPECT_NE(html.find("<title>Turbot &lt;fish&gt;</title>"), std::string::npos);
  std::size_t sections = 0;
  for (auto at = html.find("<section class=\"step\""); at != std::string::npos;
       at = html.find("<section class=\"step\"", at + 1)) {
    ++sections;
  }
  EXPECT_EQ(sections, steps.size());
  // Nothing from the network: no external script, style, image or link.
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("href=\"http"), std::string::npos);
  EXPECT_EQ(html.find("<?xml"), std::string::npos);
  // Step 11's own marks, under its own id prefix.
  EXPECT_NE(html.find("id=\"s11-sf-step\" data-step=\"11\""), std::string::npos);
}

// Every size and a variant board draws (the candidates' keypad, letters on 16x16, the
// variant's shadings), in every format.
TEST(StepPictures, EveryBoardSize) {
  grader::Grader grader;
  for (const Geometry& board : {Geometry(2, 2), Geometry(2, 3), Geometry(3, 4), Geometry(4, 4),
                                Variant::parse("x").apply(Geometry())}) {
    GeneratorOptions o;
    o.geometry = board;
    const Grid p = Generator(o).generate(3, 0)->puzzle;
    const grader::Rating r = grader.rate(p, true);
    const std::vector<StepMarks> steps = marks_of(r);
    const auto states = replay_steps(p, steps);
    const int k = std::max(0, first_beyond_singles(r));
    const std::string name = (scratch() / ("size" + std::to_string(board.size()))).string();
    for (ImageFormat f : {ImageFormat::kSvg, ImageFormat::kPng, ImageFormat::kPdf}) {
      EXPECT_NO_THROW(render_step(name + ".img", f, p, states[static_cast<std::size_t>(k)],
                                  steps[static_cast<std::size_t>(k)]))
          << board.size();
    }
    const std::string svg =
        step_svg(p, states[static_cast<std::size_t>(k)], steps[static_cast<std::size_t>(k)]);
    EXPECT_EQ(svg_marks(svg), expected_marks(p.geometry(), steps[static_cast<std::size_t>(k)]));
  }
}

}  // namespace
}  // namespace sudoforge::book
