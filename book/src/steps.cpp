#include "sudoforge/book/steps.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

#include "drawing.h"
#include "sudoforge/core/alphabet.h"

namespace sudoforge::book {
using namespace detail;

namespace {

std::uint32_t all_values(int n) {
  return n >= 32 ? ~0u : (1u << n) - 1;
}

void check_cell_value(const Geometry& g, int cell, int value, std::size_t step) {
  if (cell < 0 || cell >= g.cell_count() || value < 1 || value > g.size()) {
    throw BookError("step " + std::to_string(step + 1) + ": cell " + std::to_string(cell) +
                    " value " + std::to_string(value) + " is not on the board");
  }
}

// Candidates laid out like a keypad: `cols` across, value 1 top left, in a box of the
// cell given as fractions of its edge. On a killer board the box stays inside the dashed
// cage outline and below the sum in the top-left corner, so neither covers a candidate.
struct Keypad {
  int cols, rows;
  double left = 0, top = 0, width = 1, height = 1;
  explicit Keypad(const Geometry& g) {
    const int n = g.size();
    cols = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    rows = (n + cols - 1) / cols;
    if (g.has_cages()) {
      left = 0.14;
      top = 0.26;
      width = 1 - 2 * left;
      height = 1 - top - 0.1;
    }
  }
  // The candidates' font size: the rows are closer than the columns in a cage's box, and
  // a digit's ink is lower than its box, so the rows may be filled a little more.
  double font(double cell) const {
    return std::min(sub_w(cell), sub_h(cell) * (top > 0 ? 1.15 : 1.0)) * 0.78;
  }
  double sub_w(double cell) const { return cell * width / cols; }
  double sub_h(double cell) const { return cell * height / rows; }
};

// Where one step picture's parts lie: the grid's corner and cell, the text under it.
struct PictureLayout {
  double cell = 0, margin = 0, side = 0, width = 0, height = 0;
  double text_size = 0;
  std::vector<std::string> heading, sentence;  // wrapped lines
};

double default_step_cell(int n) {
  return n <= 9 ? 56.0 : n <= 16 ? 48.0 : 40.0;
}

PictureLayout layout_picture(const Grid& givens, const StepMarks& step,
                             const StepImageOptions& options) {
  PictureLayout l;
  const int n = givens.size();
  l.cell = options.cell > 0 ? options.cell : default_step_cell(n);
  if (!(l.cell >= 8 && l.cell <= 400)) throw BookError("cell size must be between 8 and 400");
  l.margin = std::max(l.cell / 2, 8.0);
  l.side = l.cell * n;
  l.width = l.side + 2 * l.margin;
  l.height = l.side + 2 * l.margin;
  // Text about as large as a 9x9 picture's, whatever the board: it is read, not fitted.
  l.text_size = std::clamp(l.side / 36, 11.0, 16.0);
  if (options.sentence) {
    SurfacePtr scratch(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1));
    ContextPtr cr(cairo_create(scratch.get()));
    if (!step.heading.empty()) {
      set_font(cr.get(), true, l.text_size);
      l.heading = wrap_words(cr.get(), step.heading, l.side);
    }
    set_font(cr.get(), false, l.text_size);
    l.sentence = wrap_words(cr.get(), step.sentence, l.side);
    const auto lines = static_cast<double>(l.heading.size() + l.sentence.size());
    if (lines > 0) l.height += lines * l.text_size * 1.35;
  }
  return l;
}

// The centre of value v's place in `cell` of a grid at (x, y) with cells `cell` wide.
struct Point {
  double x, y;
};
Point candidate_centre(const Geometry& g, const Keypad& pad, double x, double y, double cell, int c,
                       int v) {
  return {x + (g.col(c) + pad.left) * cell + ((v - 1) % pad.cols + 0.5) * pad.sub_w(cell),
          y + (g.row(c) + pad.top) * cell + ((v - 1) / pad.cols + 0.5) * pad.sub_h(cell)};
}

void arrow(cairo_t* cr, Point a, Point b, double inset, double width, bool dashed) {
  const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
  if (len < 2 * inset + width) return;  // two candidates touching: nothing to draw between
  const double ux = dx / len, uy = dy / len;
  const Point from{a.x + ux * inset, a.y + uy * inset}, to{b.x - ux * inset, b.y - uy * inset};
  const double head = width * 4.5;
  cairo_set_line_width(cr, width);
  if (dashed) {
    const double dash[] = {width * 3, width * 2};
    cairo_set_dash(cr, dash, 2, 0);
  }
  cairo_move_to(cr, from.x, from.y);
  cairo_line_to(cr, to.x - ux * head * 0.8, to.y - uy * head * 0.8);
  cairo_stroke(cr);
  cairo_set_dash(cr, nullptr, 0, 0);
  cairo_move_to(cr, to.x, to.y);
  cairo_line_to(cr, to.x - ux * head - uy * head * 0.45, to.y - uy * head + ux * head * 0.45);
  cairo_line_to(cr, to.x - ux * head + uy * head * 0.45, to.y - uy * head - ux * head * 0.45);
  cairo_close_path(cr);
  cairo_fill(cr);
}

// Marks of one step, by (cell, value), for lookups while drawing the candidates.
enum class CandidateMark { kNone, kEliminated, kPlaced };

CandidateMark mark_of(const StepMarks& step, int c, int v) {
  for (const auto& [cell, value] : step.placements) {
    if (cell == c && value == v) return CandidateMark::kPlaced;
  }
  for (const auto& [cell, value] : step.eliminations) {
    if (cell == c && value == v) return CandidateMark::kEliminated;
  }
  return CandidateMark::kNone;
}

void draw_picture(cairo_t* cr, const PictureLayout& l, const Grid& givens,
                  const CandidateState& before, const StepMarks& step) {
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  draw_step_grid(cr, l.margin, l.margin, l.side, givens, before, step);
  double baseline = l.margin + l.side + l.text_size * 1.4;
  cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
  for (int pass = 0; pass < 2; ++pass) {
    set_font(cr, pass == 0, l.text_size);
    for (const std::string& line : pass == 0 ? l.heading : l.sentence) {
      cairo_move_to(cr, l.margin, baseline);
      cairo_show_text(cr, line.c_str());
      baseline += l.text_size * 1.35;
    }
  }
}

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

// Every occurrence of `from` in `text` replaced by `to`.
void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// The machine-readable marks of step_svg (see steps.h), for a grid at (x, y).
std::string svg_marks(const Geometry& g, double x, double y, double cell, const StepMarks& step,
                      int number) {
  const Keypad pad(g);
  const double sub_w = pad.sub_w(cell), sub_h = pad.sub_h(cell);
  std::string out = "<g id=\"sf-step\" data-step=\"" + std::to_string(number) +
                    "\" fill=\"none\" stroke=\"none\">\n";
  auto rect = [&](const std::string& cls, int c, double rx, double ry, double w, double h,
                  int value) {
    out += "<rect class=\"" + cls + "\" data-cell=\"" + g.cell_name(c) + "\"";
    if (value > 0) out += " data-value=\"" + std::to_string(value) + "\"";
    out += " x=\"" + fmt(rx) + "\" y=\"" + fmt(ry) + "\" width=\"" + fmt(w) + "\" height=\"" +
           fmt(h) + "\"/>\n";
  };
  for (int c : step.cells)
    rect("sf-pattern", c, x + g.col(c) * cell, y + g.row(c) * cell, cell, cell, 0);
  for (const auto& [list, cls] :
       {std::pair{&step.eliminations, "sf-elim"}, std::pair{&step.placements, "sf-place"}}) {
    for (const auto& [c, v] : *list) {
      const Point p = candidate_centre(g, pad, x, y, cell, c, v);
      rect(cls, c, p.x - sub_w / 2, p.y - sub_h / 2, sub_w, sub_h, v);
    }
  }
  return out + "</g>\n";
}

// Calls f(p) for each cell p sharing a house with `cell` (cell itself included): the
// cells a placed value leaves. Not Geometry::peers, which on a killer board adds the cage
// mates: the grader's candidates follow the houses alone (a cage's repeated digit goes
// by its combinations, a step of its own), and the pictures show the grader's view.
template <typename F>
void for_each_house_mate(const Geometry& g, int cell, F f) {
  for (int h : g.houses_of(cell)) {
    for (int p : g.house(h)) f(p);
  }
}

}  // namespace

namespace detail {

std::vector<std::string> wrap_words(cairo_t* cr, const std::string& text, double width) {
  std::vector<std::string> lines;
  std::istringstream words(text);
  std::string word, line;
  while (words >> word) {
    const std::string wider = line.empty() ? word : line + " " + word;
    cairo_text_extents_t e;
    cairo_text_extents(cr, wider.c_str(), &e);
    if (e.x_advance > width && !line.empty()) {
      lines.push_back(line);
      line = word;
    } else {
      line = wider;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

void draw_step_grid(cairo_t* cr, double x, double y, double side, const Grid& givens,
                    const CandidateState& before, const StepMarks& step) {
  const Geometry& g = givens.geometry();
  const int n = g.size();
  const double cell = side / n;
  const Keypad pad(g);
  const double sub = std::min(pad.sub_w(cell), pad.sub_h(cell));
  const double font = pad.font(cell);
  const Alphabet alphabet = Alphabet::standard(n);
  cairo_save(cr);

  // The pattern: pale yellow, a light grey in greyscale, under the variant's shadings.
  cairo_set_source_rgb(cr, 1.0, 0.90, 0.50);
  for (int c : step.cells)
    cairo_rectangle(cr, x + g.col(c) * cell, y + g.row(c) * cell, cell, cell);
  cairo_fill(cr);

  GridStyle st = style_for_cell(cell);
  st.answer_colour = true;
  draw_grid(cr, x, y, side, g, givens, &before.values, st);

  // Candidates, centred on their ink like the grid's digits (one reference glyph).
  cairo_text_extents_t ref;
  set_font(cr, false, font);
  cairo_text_extents(cr, n <= 9 ? "8" : "H", &ref);
  const double dy = -(ref.y_bearing + ref.height / 2);
  char text[2] = {0, 0};
  for (int c = 0; c < g.cell_count(); ++c) {
    if (before.values[c] != 0) continue;
    for (int v = 1; v <= n; ++v) {
      if (!before.has(c, v)) continue;
      const CandidateMark mark = mark_of(step, c, v);
      const Point p = candidate_centre(g, pad, x, y, cell, c, v);
      text[0] = alphabet.symbol(v);
      // A new path: cairo_arc would join the disc to the last text's end point.
      cairo_new_path(cr);
      if (mark == CandidateMark::kPlaced) {
        cairo_arc(cr, p.x, p.y, sub * 0.48, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 0.62, 0.88, 0.62);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.0, 0.38, 0.0);
        cairo_set_line_width(cr, std::max(0.6, sub * 0.08));
        cairo_stroke(cr);
      } else if (mark == CandidateMark::kEliminated) {
        cairo_arc(cr, p.x, p.y, sub * 0.48, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 1.0, 0.82, 0.82);
        cairo_fill(cr);
      }
      set_font(cr, mark != CandidateMark::kNone, font);
      if (mark == CandidateMark::kPlaced) {
        cairo_set_source_rgb(cr, 0.0, 0.32, 0.0);
      } else if (mark == CandidateMark::kEliminated) {
        cairo_set_source_rgb(cr, 0.80, 0.0, 0.0);
      } else {
        cairo_set_source_rgb(cr, 0.30, 0.30, 0.30);
      }
      cairo_text_extents_t e;
      cairo_text_extents(cr, text, &e);
      cairo_move_to(cr, p.x - (e.x_bearing + e.width / 2), p.y + dy);
      cairo_show_text(cr, text);
      if (mark == CandidateMark::kEliminated) {
        // The strike keeps an elimination readable in greyscale, where red is just grey.
        cairo_set_line_width(cr, std::max(0.8, sub * 0.09));
        cairo_move_to(cr, p.x - sub * 0.38, p.y + sub * 0.38);
        cairo_line_to(cr, p.x + sub * 0.38, p.y - sub * 0.38);
        cairo_stroke(cr);
      }
    }
  }

  // Chain links, over everything but never hiding a digit for long: a thin translucent blue.
  const std::vector<ChainLink> links = chain_links(g, step.sentence);
  cairo_set_source_rgba(cr, 0.10, 0.30, 0.85, 0.75);
  for (const ChainLink& link : links) {
    arrow(cr, candidate_centre(g, pad, x, y, cell, link.from_cell, link.from_value),
          candidate_centre(g, pad, x, y, cell, link.to_cell, link.to_value), sub * 0.5,
          std::max(0.7, sub * 0.08), !link.to_on);
  }
  cairo_restore(cr);
}

}  // namespace detail

CandidateState initial_candidates(const Grid& givens) {
  const Geometry& g = givens.geometry();
  CandidateState s{givens, std::vector<std::uint32_t>(static_cast<std::size_t>(g.cell_count()),
                                                      all_values(g.size()))};
  for (int c = 0; c < g.cell_count(); ++c) {
    if (givens[c] != 0) {
      s.candidates[static_cast<std::size_t>(c)] = 0;
      continue;
    }
    for_each_house_mate(g, c, [&](int p) {
      if (givens[p] != 0) s.candidates[static_cast<std::size_t>(c)] &= ~(1u << (givens[p] - 1));
    });
  }
  return s;
}

std::vector<CandidateState> replay_steps(const Grid& givens, std::span<const StepMarks> steps) {
  const Geometry& g = givens.geometry();
  std::vector<CandidateState> states{initial_candidates(givens)};
  states.reserve(steps.size() + 1);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    CandidateState next = states.back();
    const auto fail = [&](const std::string& what) {
      throw ReplayError(static_cast<int>(k), "step " + std::to_string(k + 1) + ": " + what);
    };
    // Every mark is checked against the state before the step (the grader's view).
    for (const auto& [c, v] : steps[k].eliminations) {
      check_cell_value(g, c, v, k);
      if (!states.back().has(c, v)) {
        fail(g.cell_name(c) + "<>" + std::to_string(v) + " removes a candidate that is not there");
      }
      next.candidates[static_cast<std::size_t>(c)] &= ~(1u << (v - 1));
    }
    for (const auto& [c, v] : steps[k].placements) {
      check_cell_value(g, c, v, k);
      if (!states.back().has(c, v)) {
        fail(g.cell_name(c) + "=" + std::to_string(v) + " places a value that is not a candidate");
      }
      next.values.set(c, v);
      const std::uint32_t bit = 1u << (v - 1);
      for_each_house_mate(g, c,
                          [&](int p) { next.candidates[static_cast<std::size_t>(p)] &= ~bit; });
      next.candidates[static_cast<std::size_t>(c)] = 0;
    }
    states.push_back(std::move(next));
  }
  return states;
}

std::vector<ChainLink> chain_links(const Geometry& board, const std::string& sentence) {
  // A node: "r<row>c<col>" then "=" or "<>" then one symbol, ending the token.
  struct Node {
    int cell, value;
    bool on;
  };
  const Alphabet alphabet = Alphabet::standard(board.size());
  const auto parse_node = [&](const std::string& token) -> std::optional<Node> {
    int row = 0, col = 0, used = 0;
    if (std::sscanf(token.c_str(), "r%dc%d%n", &row, &col, &used) != 2) return std::nullopt;
    std::string rest = token.substr(static_cast<std::size_t>(used));
    bool on;
    if (rest.rfind("<>", 0) == 0) {
      on = false;
      rest.erase(0, 2);
    } else if (rest.rfind("=", 0) == 0) {
      on = true;
      rest.erase(0, 1);
    } else {
      return std::nullopt;
    }
    if (rest.size() != 1 || row < 1 || col < 1 || row > board.size() || col > board.size()) {
      return std::nullopt;
    }
    const int value = alphabet.value(rest[0]);
    if (value < 1) return std::nullopt;
    return Node{board.cell(row - 1, col - 1), value, on};
  };
  std::vector<ChainLink> links;
  std::istringstream words(sentence);
  std::string token;
  std::optional<Node> last;
  bool arrow_seen = false;
  while (words >> token) {
    if (token == "->") {
      arrow_seen = last.has_value();
      continue;
    }
    // A node may end a clause ("r1c3<>2,", "r1c3<>2:"): the punctuation is not its.
    while (!token.empty() && (token.back() == ',' || token.back() == ':' || token.back() == ';' ||
                              token.back() == ')')) {
      token.pop_back();
    }
    const std::optional<Node> node = parse_node(token);
    if (node && arrow_seen) {
      links.push_back({last->cell, last->value, node->cell, node->value, last->on, node->on});
    }
    last = node;
    arrow_seen = false;
  }
  return links;
}

void render_step(const std::string& path, ImageFormat format, const Grid& givens,
                 const CandidateState& before, const StepMarks& step,
                 const StepImageOptions& options) {
  if (format == ImageFormat::kSvg) {
    const std::string svg = step_svg(givens, before, step, options);
    FileSink sink(path);
    if (std::fwrite(svg.data(), 1, svg.size(), sink.file) != svg.size()) sink.failed = true;
    sink.close();
    return;
  }
  const PictureLayout l = layout_picture(givens, step, options);
  FileSink sink(path);
  SurfacePtr surface = image_surface(format, sink, l.width, l.height);
  ContextPtr cr(cairo_create(surface.get()));
  draw_picture(cr.get(), l, givens, before, step);
  check(cairo_status(cr.get()), path);
  cr.reset();
  finish_image(format, std::move(surface), sink);
}

std::string step_svg(const Grid& givens, const CandidateState& before, const StepMarks& step,
                     const StepImageOptions& options, const std::string& id_prefix) {
  const PictureLayout l = layout_picture(givens, step, options);
  std::string svg;
  {
    SurfacePtr surface(
        cairo_svg_surface_create_for_stream(&append_to_string, &svg, l.width, l.height));
    check(cairo_surface_status(surface.get()), "SVG");
    ContextPtr cr(cairo_create(surface.get()));
    draw_picture(cr.get(), l, givens, before, step);
    check(cairo_status(cr.get()), "SVG");
    cr.reset();
    cairo_surface_finish(surface.get());
    check(cairo_surface_status(surface.get()), "SVG");
  }
  if (!id_prefix.empty()) {
    replace_all(svg, "id=\"", "id=\"" + id_prefix);
    replace_all(svg, "href=\"#", "href=\"#" + id_prefix);
    replace_all(svg, "url(#", "url(#" + id_prefix);
  }
  const auto open_end = svg.find('>', svg.find("<svg"));
  const auto close = svg.rfind("</svg>");
  if (open_end == std::string::npos || close == std::string::npos) {
    throw BookError("SVG: unexpected output from Cairo");
  }
  std::string marks =
      svg_marks(givens.geometry(), l.margin, l.margin, l.cell, step, options.number);
  if (!id_prefix.empty()) replace_all(marks, "id=\"", "id=\"" + id_prefix);
  svg.insert(close, marks);
  svg.insert(open_end + 1, "\n<desc>" + xml_escape(step.sentence) + "</desc>");
  return svg;
}

void write_steps_pdf(const std::string& path, const Grid& givens, std::span<const StepMarks> steps,
                     const std::string& title) {
  const std::vector<CandidateState> states = replay_steps(givens, steps);
  std::vector<StepMarks> pages(steps.begin(), steps.end());
  if (pages.empty()) pages.push_back({{}, {}, {}, "No steps: the grid is already solved.", ""});
  FileSink sink(path);
  const PictureLayout first = layout_picture(givens, pages[0], {});
  SurfacePtr surface(
      cairo_pdf_surface_create_for_stream(&FileSink::write, &sink, first.width, first.height));
  check(cairo_surface_status(surface.get()), path);
  if (!title.empty()) {
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, title.c_str());
  }
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "sudoforge");
  ContextPtr cr(cairo_create(surface.get()));
  for (std::size_t k = 0; k < pages.size(); ++k) {
    const PictureLayout l = layout_picture(givens, pages[k], {});
    cairo_pdf_surface_set_size(surface.get(), l.width, l.height);
    draw_picture(cr.get(), l, givens, states[std::min(k, states.size() - 1)], pages[k]);
    cairo_show_page(cr.get());
  }
  check(cairo_status(cr.get()), path);
  cr.reset();
  finish_image(ImageFormat::kPdf, std::move(surface), sink);
}

std::string steps_html(const Grid& givens, std::span<const StepMarks> steps,
                       const std::string& title) {
  const std::vector<CandidateState> states = replay_steps(givens, steps);
  std::vector<StepMarks> shown(steps.begin(), steps.end());
  if (shown.empty()) shown.push_back({{}, {}, {}, "No steps: the grid is already solved.", ""});
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
      xml_escape(title) +
      "</title>\n<style>\n"
      "body{font-family:'DejaVu Sans',sans-serif;margin:1em auto;max-width:44em;padding:0 1em;"
      "color:#111}\n"
      "h1{font-size:1.2em;font-weight:600}\n"
      "nav{display:flex;gap:1em;align-items:center;margin:.6em 0}\n"
      "nav button{font-size:1em;padding:.3em 1em}\n"
      "section.step svg{max-width:100%;height:auto;display:block}\n"
      "p.heading{font-weight:bold;margin:.4em 0 0}\n"
      "p.sentence{font-size:1.1em;margin:.3em 0 1em;min-height:2.5em}\n"
      "p.legend{font-size:.85em;color:#444}\n"
      "</style>\n</head>\n<body>\n<h1>" +
      xml_escape(title) +
      "</h1>\n<nav><button id=\"prev\" type=\"button\">&#9664; Previous</button>"
      "<span id=\"counter\">Step 1 of " +
      std::to_string(shown.size()) +
      "</span><button id=\"next\" type=\"button\">Next &#9654;</button></nav>\n";
  StepImageOptions options;
  options.sentence = false;
  for (std::size_t k = 0; k < shown.size(); ++k) {
    const int number = static_cast<int>(k) + 1;
    options.number = number;
    html += "<section class=\"step\" data-step=\"" + std::to_string(number) + "\"" +
            (k == 0 ? "" : " hidden") + ">\n";
    std::string svg = step_svg(givens, states[std::min(k, states.size() - 1)], shown[k], options,
                               "s" + std::to_string(number) + "-");
    svg.erase(0, svg.find("<svg"));  // the XML declaration has no place inside HTML
    html += svg;
    if (!shown[k].heading.empty()) {
      html += "<p class=\"heading\">" + xml_escape(shown[k].heading) + "</p>\n";
    }
    html += "<p class=\"sentence\">" + xml_escape(shown[k].sentence) + "</p>\n</section>\n";
  }
  html +=
      "<p class=\"legend\">Yellow cells: the step's pattern. Red, struck: candidates it "
      "eliminates. Green, circled: the value it places. Blue arrows: the chain's links "
      "(dashed into a candidate that is off). Bold digits are givens, blue ones placed by "
      "earlier steps.</p>\n"
      "<script>\n"
      "(function () {\n"
      "  var steps = document.querySelectorAll('section.step');\n"
      "  var prev = document.getElementById('prev'), next = document.getElementById('next');\n"
      "  var counter = document.getElementById('counter');\n"
      "  var k = 0;\n"
      "  function show(i) {\n"
      "    if (i < 0 || i >= steps.length) return;\n"
      "    steps[k].hidden = true;\n"
      "    k = i;\n"
      "    steps[k].hidden = false;\n"
      "    counter.textContent = 'Step ' + (k + 1) + ' of ' + steps.length;\n"
      "    prev.disabled = k === 0;\n"
      "    next.disabled = k === steps.length - 1;\n"
      "  }\n"
      "  prev.addEventListener('click', function () { show(k - 1); });\n"
      "  next.addEventListener('click', function () { show(k + 1); });\n"
      "  document.addEventListener('keydown', function (e) {\n"
      "    if (e.key === 'ArrowRight') show(k + 1);\n"
      "    else if (e.key === 'ArrowLeft') show(k - 1);\n"
      "  });\n"
      "  show(0);\n"
      "})();\n"
      "</script>\n</body>\n</html>\n";
  return html;
}

}  // namespace sudoforge::book
