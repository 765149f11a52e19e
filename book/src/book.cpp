#include "sudoforge/book/book.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <memory>

#include "drawing.h"
#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/errors.h"

namespace sudoforge::book {
using namespace detail;

namespace detail {

void check(cairo_status_t status, const std::string& what) {
  if (status != CAIRO_STATUS_SUCCESS) {
    throw BookError(what + ": " + cairo_status_to_string(status));
  }
}

// ---- drawing ---------------------------------------------------------------------------

void set_font(cairo_t* cr, bool bold, double size) {
  cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

// Text centred horizontally on cx with its baseline at y.
void text_centred(cairo_t* cr, const std::string& text, double cx, double baseline) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  cairo_move_to(cr, cx - (e.x_bearing + e.width / 2), baseline);
  cairo_show_text(cr, text.c_str());
}

// Shrinks the current font until `text` fits `width`; returns the size used.
SurfacePtr image_surface(ImageFormat format, FileSink& sink, double width, double height) {
  SurfacePtr surface;
  switch (format) {
    case ImageFormat::kSvg:
      surface.reset(cairo_svg_surface_create_for_stream(&FileSink::write, &sink, width, height));
      break;
    case ImageFormat::kPdf:
      surface.reset(cairo_pdf_surface_create_for_stream(&FileSink::write, &sink, width, height));
      break;
    case ImageFormat::kPng:
      surface.reset(cairo_image_surface_create(CAIRO_FORMAT_RGB24,
                                               static_cast<int>(std::ceil(width)),
                                               static_cast<int>(std::ceil(height))));
      break;
  }
  check(cairo_surface_status(surface.get()), sink.path);
  return surface;
}

void finish_image(ImageFormat format, SurfacePtr surface, FileSink& sink) {
  if (format == ImageFormat::kPng) {
    cairo_surface_flush(surface.get());
    check(cairo_surface_write_to_png_stream(surface.get(), &FileSink::write, &sink), sink.path);
  } else {
    cairo_surface_finish(surface.get());
    check(cairo_surface_status(surface.get()), sink.path);
  }
  surface.reset();
  sink.close();
}

double fit_font(cairo_t* cr, const std::string& text, bool bold, double size, double width) {
  set_font(cr, bold, size);
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  if (e.x_advance > width && e.x_advance > 0) {
    size = size * width / e.x_advance;
    set_font(cr, bold, size);
  }
  return size;
}

}  // namespace detail

namespace {

// ---- variant marks --------------------------------------------------------------------

enum class MarkStyle { kShade, kRing, kHatch };

struct MarkedCells {
  MarkStyle style;
  std::vector<int> cells;
};

// What a board's variant adds to the plain grid (see book.h for the looks).
struct BoardMarks {
  Variant variant;
  std::vector<MarkedCells> sets;
  std::vector<int> group_place;  // Disjoint Groups: each cell's place in its box; else empty
};

// The extra houses of one variant on its own, on the 9x9 board with boxes, in
// Variant::apply's order (Windoku: the four windows first).
std::vector<std::vector<int>> houses_of_flag(Variant::Flag flag) {
  const Geometry g = Variant(flag).apply(Geometry());
  std::vector<std::vector<int>> houses;
  for (int h = 3 * g.size(); h < g.house_count(); ++h) {
    const auto cells = g.house(h);
    houses.emplace_back(cells.begin(), cells.end());
  }
  return houses;
}

Variant variant_of(const Geometry& board) {
  try {
    return Variant::of(board);
  } catch (const VariantError& e) {
    throw BookError(e.what());
  }
}

// The nine-cell variants, in the order their marks are handed out (shade, ring, hatch).
constexpr Variant::Flag kSingleHouse[] = {Variant::kAsterisk, Variant::kCentreDot,
                                          Variant::kGirandola};

MarkStyle single_house_style(Variant v, Variant::Flag flag) {
  int k = 0;
  for (Variant::Flag f : kSingleHouse) {
    if (f == flag) break;
    if (v.has(f)) ++k;
  }
  return k == 0 ? MarkStyle::kShade : k == 1 ? MarkStyle::kRing : MarkStyle::kHatch;
}

BoardMarks marks_of(const Geometry& board) {
  BoardMarks m;
  m.variant = variant_of(board);
  const int n = board.size();
  if (m.variant.has(Variant::kX)) {
    // The diagonals are defined on every size (the 9x9 houses_of_flag would not do).
    std::vector<int> cells;
    for (int i = 0; i < n; ++i) {
      cells.push_back(i * n + i);
      if (2 * i + 1 != n) cells.push_back(i * n + n - 1 - i);
    }
    m.sets.push_back({MarkStyle::kShade, std::move(cells)});
  }
  if (m.variant.has(Variant::kWindoku)) {
    const auto houses = houses_of_flag(Variant::kWindoku);
    std::vector<int> cells;
    for (int w = 0; w < 4; ++w) cells.insert(cells.end(), houses[w].begin(), houses[w].end());
    m.sets.push_back({MarkStyle::kShade, std::move(cells)});
  }
  if (m.variant.has(Variant::kDisjointGroups)) {
    m.group_place.assign(static_cast<std::size_t>(board.cell_count()), 0);
    const auto houses = houses_of_flag(Variant::kDisjointGroups);
    for (std::size_t k = 0; k < houses.size(); ++k) {
      for (int c : houses[k]) m.group_place[static_cast<std::size_t>(c)] = static_cast<int>(k);
    }
  }
  for (Variant::Flag f : kSingleHouse) {
    if (m.variant.has(f))
      m.sets.push_back({single_house_style(m.variant, f), houses_of_flag(f)[0]});
  }
  return m;
}

// Shading: translucent black, so overlapping houses darken and greyscale printing keeps it.
constexpr double kShadeAlpha = 0.17;

// The rule reminder's phrase for one variant's houses: its subject and whether it is plural.
struct Phrase {
  std::string subject;
  bool plural = false;
};

std::string display_name(Variant::Flag flag) {
  switch (flag) {
    case Variant::kX:
      return "X";
    case Variant::kWindoku:
      return "Windoku";
    case Variant::kDisjointGroups:
      return "Disjoint Groups";
    case Variant::kAsterisk:
      return "Asterisk";
    case Variant::kCentreDot:
      return "Centre Dot";
    case Variant::kGirandola:
      return "Girandola";
    case Variant::kJigsaw:
      return "Jigsaw";
    case Variant::kKiller:
      return "Killer";
  }
  return "";
}

std::string and_list(const std::vector<Phrase>& phrases) {
  std::string out;
  for (std::size_t i = 0; i < phrases.size(); ++i) {
    if (i > 0) out += i + 1 == phrases.size() ? " and " : ", ";
    out += phrases[i].subject;
  }
  return out;
}

void shade_cell(cairo_t* cr, double x, double y, double cell, const Geometry& g, int c) {
  cairo_rectangle(cr, x + g.col(c) * cell, y + g.row(c) * cell, cell, cell);
}

// Shadings and hatchings: under the lines and digits.
void draw_marks_under(cairo_t* cr, double x, double y, double cell, const Geometry& g,
                      const BoardMarks& m) {
  for (const MarkedCells& set : m.sets) {
    if (set.style == MarkStyle::kShade) {
      // One fill per set: a cell of two sets is covered twice and prints darker.
      cairo_set_source_rgba(cr, 0, 0, 0, kShadeAlpha);
      for (int c : set.cells) shade_cell(cr, x, y, cell, g, c);
      cairo_fill(cr);
    } else if (set.style == MarkStyle::kHatch) {
      cairo_save(cr);
      for (int c : set.cells) shade_cell(cr, x, y, cell, g, c);
      cairo_clip(cr);
      cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
      cairo_set_line_width(cr, std::max(0.3, cell * 0.03));
      const double side = cell * g.size();
      for (double d = -side; d < side; d += cell / 4) {
        cairo_move_to(cr, x + d, y + side);
        cairo_line_to(cr, x + d + side, y);
      }
      cairo_stroke(cr);
      cairo_restore(cr);
    }
  }
}

// Rings and the Disjoint Groups corner marks: over the lines, under the digits.
void draw_marks_over(cairo_t* cr, double x, double y, double cell, const Geometry& g,
                     const BoardMarks& m) {
  for (const MarkedCells& set : m.sets) {
    if (set.style != MarkStyle::kRing) continue;
    cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
    cairo_set_line_width(cr, std::max(0.5, cell * 0.05));
    for (int c : set.cells) {
      const double cx = x + (g.col(c) + 0.5) * cell, cy = y + (g.row(c) + 0.5) * cell;
      cairo_new_sub_path(cr);
      cairo_arc(cr, cx, cy, cell * 0.40, 0, 2 * M_PI);
    }
    cairo_stroke(cr);
  }
  if (!m.group_place.empty()) {
    // A small box in the top-left corner, the cell's place in its box filled in.
    const int br = g.box_rows(), bc = g.box_cols();
    // Above and left of the digit's ink (its top is about 0.27 cell down).
    const double inset = cell * 0.05, size = cell * 0.22;
    cairo_set_line_width(cr, std::max(0.3, cell * 0.015));
    for (int c = 0; c < g.cell_count(); ++c) {
      const double x0 = x + g.col(c) * cell + inset, y0 = y + g.row(c) * cell + inset;
      const int place = m.group_place[static_cast<std::size_t>(c)];
      cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
      cairo_rectangle(cr, x0 + (place % bc) * size / bc, y0 + (place / bc) * size / br, size / bc,
                      size / br);
      cairo_fill(cr);
      cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
      cairo_rectangle(cr, x0, y0, size, size);
      cairo_stroke(cr);
    }
  }
}

// ---- killer cages ------------------------------------------------------------------------
// The newspaper style: each cage outlined by a dashed line `inset` inside the cells, which
// follows the cage's outline around its corners (turning outwards at a concave corner, so
// an L-shaped cage keeps its inner corner), and crosses no cell line except between two
// cells of the same cage; the sum small in the top-left corner of the cage's first cell,
// on a white knock-out so no dash runs through it.

// Fractions of the cell edge, up to a print size: in large cells (a 4x4 on a page of its
// own) the sums and dashes stay the size a newspaper prints them.
constexpr double kCageInset = 0.09, kCageDash = 0.075, kCageGap = 0.055, kCageSum = 0.24;
constexpr double kCageMaxInset = 5.5, kCageMaxPeriod = 7.5, kCageMaxSum = 11;

bool same_cage(const Geometry& g, int cell, int r, int c) {
  const int n = g.size();
  return r >= 0 && r < n && c >= 0 && c < n && g.cage_of(g.cell(r, c)) == g.cage_of(cell);
}

// How far past the corner of a boundary edge its inset line runs, in units of the inset:
// -1 at a convex corner (the next cell along is in another cage), +1 at a concave one
// (it is in this cage and so is the cell diagonally outwards), 0 when the outline goes
// straight on. (dr, dc) points along the edge, (or, oc) outwards across it.
int corner_reach(const Geometry& g, int cell, int dr, int dc, int orow, int ocol) {
  const int r = g.row(cell), c = g.col(cell);
  if (!same_cage(g, cell, r + dr, c + dc)) return -1;
  return same_cage(g, cell, r + dr + orow, c + dc + ocol) ? 1 : 0;
}

// A dashed segment whose dashes line up with those of every segment on the same line
// (the dash phase is taken from the grid's origin), so straight runs read as one line.
void dashed_segment(cairo_t* cr, double x0, double y0, double x1, double y1, double along_from,
                    double period) {
  const double dashes[] = {period * kCageDash / (kCageDash + kCageGap),
                           period * kCageGap / (kCageDash + kCageGap)};
  cairo_set_dash(cr, dashes, 2, std::fmod(along_from, period));
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
  cairo_stroke(cr);
}

void draw_cages(cairo_t* cr, double x, double y, double cell, const Geometry& g) {
  const double d = std::min(cell * kCageInset, kCageMaxInset);
  const double period = std::min(cell * (kCageDash + kCageGap), kCageMaxPeriod);
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
  cairo_set_line_width(cr, std::clamp(cell * 0.028, 0.5, 1.2));
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  for (int cellno = 0; cellno < g.cell_count(); ++cellno) {
    const int r = g.row(cellno), c = g.col(cellno);
    const double left = x + c * cell, top = y + r * cell;
    const double right = left + cell, bottom = top + cell;
    if (!same_cage(g, cellno, r - 1, c)) {  // top edge
      const double a = left - d * corner_reach(g, cellno, 0, -1, -1, 0);
      const double b = right + d * corner_reach(g, cellno, 0, 1, -1, 0);
      dashed_segment(cr, a, top + d, b, top + d, a - x, period);
    }
    if (!same_cage(g, cellno, r + 1, c)) {  // bottom edge
      const double a = left - d * corner_reach(g, cellno, 0, -1, 1, 0);
      const double b = right + d * corner_reach(g, cellno, 0, 1, 1, 0);
      dashed_segment(cr, a, bottom - d, b, bottom - d, a - x, period);
    }
    if (!same_cage(g, cellno, r, c - 1)) {  // left edge
      const double a = top - d * corner_reach(g, cellno, -1, 0, 0, -1);
      const double b = bottom + d * corner_reach(g, cellno, 1, 0, 0, -1);
      dashed_segment(cr, left + d, a, left + d, b, a - y, period);
    }
    if (!same_cage(g, cellno, r, c + 1)) {  // right edge
      const double a = top - d * corner_reach(g, cellno, -1, 0, 0, 1);
      const double b = bottom + d * corner_reach(g, cellno, 1, 0, 0, 1);
      dashed_segment(cr, right - d, a, right - d, b, a - y, period);
    }
  }
  cairo_set_dash(cr, nullptr, 0, 0);
  // The sums: a white knock-out from just inside the cell lines to past the text, then
  // the text, above and left of where a centred digit's ink begins.
  set_font(cr, false, std::min(cell * kCageSum, kCageMaxSum));
  cairo_text_extents_t ref;
  cairo_text_extents(cr, "8", &ref);
  const double pad = std::min(cell * 0.035, 2.0), lines = std::max(0.5, cell * 0.04);
  for (const Cage& cage : g.cages()) {
    const int first = cage.cells.front();
    const double left = x + g.col(first) * cell, top = y + g.row(first) * cell;
    const std::string text = std::to_string(cage.sum);
    cairo_text_extents_t e;
    cairo_text_extents(cr, text.c_str(), &e);
    const double tx = left + d * 0.7, baseline = top + d * 0.7 + ref.height;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, left + lines, top + lines, tx + e.x_advance + pad - left - lines,
                    baseline + pad - top - lines);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_move_to(cr, tx, baseline);
    cairo_show_text(cr, text.c_str());
  }
  cairo_restore(cr);
}

}  // namespace

namespace detail {

GridStyle style_for_cell(double cell) {
  GridStyle s;
  s.thin = std::clamp(cell * 0.02, 0.3, 1.0);
  s.thick = std::clamp(cell * 0.075, 1.0, 3.2);
  s.border = s.thick * 1.25;
  return s;
}

// The grid of `board` with its top-left corner at (x, y), `side` points wide, with the
// board's variant marks. Givens bold black; with `solution`, the remaining cells hold its
// digits in the normal weight, coloured.
void draw_grid(cairo_t* cr, double x, double y, double side, const Geometry& board,
               const Grid& givens, const Grid* solution, const GridStyle& st) {
  const Geometry& g = board;
  const int n = g.size();
  const double cell = side / n;
  const Alphabet alphabet = Alphabet::standard(n);
  const BoardMarks marks = marks_of(board);

  cairo_save(cr);
  draw_marks_under(cr, x, y, cell, g, marks);
  // Thin cell lines first, then the region lines over them, then the border.
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
  cairo_set_line_width(cr, st.thin);
  for (int i = 1; i < n; ++i) {
    if (!g.has_boxes() || i % g.box_cols() != 0) {
      cairo_move_to(cr, x + i * cell, y);
      cairo_line_to(cr, x + i * cell, y + side);
    }
    if (!g.has_boxes() || i % g.box_rows() != 0) {
      cairo_move_to(cr, x, y + i * cell);
      cairo_line_to(cr, x + side, y + i * cell);
    }
  }
  cairo_stroke(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, st.thick);
  if (g.has_boxes()) {
    for (int i = g.box_cols(); i < n; i += g.box_cols()) {
      cairo_move_to(cr, x + i * cell, y);
      cairo_line_to(cr, x + i * cell, y + side);
    }
    for (int i = g.box_rows(); i < n; i += g.box_rows()) {
      cairo_move_to(cr, x, y + i * cell);
      cairo_line_to(cr, x + side, y + i * cell);
    }
  } else {
    // Jigsaw: one heavy segment per cell edge between two regions; square caps close
    // the corners where segments meet.
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const int here = g.box(g.cell(r, c));
        if (c + 1 < n && g.box(g.cell(r, c + 1)) != here) {
          cairo_move_to(cr, x + (c + 1) * cell, y + r * cell);
          cairo_line_to(cr, x + (c + 1) * cell, y + (r + 1) * cell);
        }
        if (r + 1 < n && g.box(g.cell(r + 1, c)) != here) {
          cairo_move_to(cr, x + c * cell, y + (r + 1) * cell);
          cairo_line_to(cr, x + (c + 1) * cell, y + (r + 1) * cell);
        }
      }
    }
  }
  cairo_stroke(cr);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_width(cr, st.border);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, x, y, side, side);
  cairo_stroke(cr);
  draw_marks_over(cr, x, y, cell, g, marks);
  if (g.has_cages() && st.cages) draw_cages(cr, x, y, cell, g);

  // Digits, centred on their ink box (each symbol measured once per weight).
  const double font_size = cell * st.digit_scale;
  for (int pass = 0; pass < 2; ++pass) {
    const bool bold = pass == 0;
    const Grid* source = bold ? &givens : solution;
    if (!source) continue;
    set_font(cr, bold, font_size);
    if (bold) {
      cairo_set_source_rgb(cr, 0, 0, 0);
    } else if (st.answer_colour) {
      cairo_set_source_rgb(cr, 0.10, 0.32, 0.78);
    } else {
      cairo_set_source_rgb(cr, 0.30, 0.30, 0.30);
    }
    // Vertical placement from one reference glyph ("8" or "H"), so every symbol of a row
    // shares a baseline (a "Q" or "J" centred on its own ink would ride higher).
    cairo_text_extents_t ref;
    cairo_text_extents(cr, n <= 9 ? "8" : "H", &ref);
    const double dy = -(ref.y_bearing + ref.height / 2);
    std::vector<cairo_text_extents_t> extents(static_cast<std::size_t>(n) + 1);
    std::vector<bool> measured(static_cast<std::size_t>(n) + 1, false);
    char text[2] = {0, 0};
    for (int c = 0; c < g.cell_count(); ++c) {
      if (!bold && givens[c] != 0) continue;
      const int v = (*source)[c];
      if (v == 0) continue;
      text[0] = alphabet.symbol(v);
      auto& e = extents[static_cast<std::size_t>(v)];
      if (!measured[static_cast<std::size_t>(v)]) {
        cairo_text_extents(cr, text, &e);
        measured[static_cast<std::size_t>(v)] = true;
      }
      const double cx = x + (g.col(c) + 0.5) * cell;
      const double cy = y + (g.row(c) + 0.5) * cell;
      cairo_move_to(cr, cx - (e.x_bearing + e.width / 2), cy + dy);
      cairo_show_text(cr, text);
    }
  }
  cairo_restore(cr);
}

}  // namespace detail

namespace {

// ---- book pages --------------------------------------------------------------------------

struct Slots {
  int cols, rows;
};

Slots puzzle_slots(int per_page) {
  switch (per_page) {
    case 1:
      return {1, 1};
    case 2:
      return {1, 2};
    case 4:
      return {2, 2};
    case 6:
      return {2, 3};
    default:
      throw BookError("puzzles per page must be 1, 2, 4 or 6, not " + std::to_string(per_page));
  }
}

Slots answer_slots(int n) {
  if (n <= 9) return {3, 4};
  if (n <= 16) return {2, 3};
  return {1, 2};
}

struct PageFrame {
  double width, height, margin, top, bottom;  // content from `top` to `bottom`
};

PageFrame frame_for(Paper paper) {
  const auto [w, h] = paper_size(paper);
  PageFrame f{w, h, 0.07 * w, 0, 0};
  f.top = f.margin + 22;         // below the running head
  f.bottom = h - f.margin - 16;  // above the page number
  return f;
}

struct SlotGeometry {
  double slot_w, slot_h, side, caption_size;
  double rule_size = 0;  // the rule reminder's font size
  int rule_lines = 0;    // lines reserved for it under the caption (0: no reminders)
};

// The rule reminder line is as tall as `caption_size` allows for, a little smaller.
constexpr double kRuleScale = 0.85, kRuleLead = 1.35;

// The reminder in the italic face, as one line when it fits `width` at `size`, else as two
// broken after the comma nearest the middle (or the space, without one).
std::vector<std::string> rule_text_lines(cairo_t* cr, const std::string& rule, double size,
                                         double width) {
  if (rule.empty()) return {};
  cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_ITALIC, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t e;
  cairo_text_extents(cr, rule.c_str(), &e);
  if (e.x_advance <= width) return {rule};
  const auto nearest_middle = [&](const std::string& what) {
    std::size_t best = std::string::npos;
    for (auto at = rule.find(what); at != std::string::npos; at = rule.find(what, at + 1)) {
      const auto distance = [&](std::size_t a) {
        return a > rule.size() / 2 ? a - rule.size() / 2 : rule.size() / 2 - a;
      };
      if (best == std::string::npos || distance(at) < distance(best)) best = at;
    }
    return best;
  };
  // A killer reminder joins two rules with "; ": the natural place to break when both
  // halves fit (else the cages' long sentence would be shrunk: break nearer the middle).
  const auto fits = [&](const std::string& line) {
    cairo_text_extents(cr, line.c_str(), &e);
    return e.x_advance <= width;
  };
  std::size_t cut = nearest_middle("; ");
  bool mark_ends_line = cut != std::string::npos;  // the ';' or ',' ends the first line
  if (mark_ends_line && !(fits(rule.substr(0, cut + 1)) && fits(rule.substr(cut + 2)))) {
    cut = nearest_middle(" ");
    mark_ends_line = false;
  }
  if (cut == std::string::npos) {
    cut = nearest_middle(", ");
    mark_ends_line = cut != std::string::npos;
  }
  if (cut == std::string::npos) cut = nearest_middle(" ");
  if (cut == std::string::npos) return {rule};
  if (mark_ends_line) ++cut;
  const std::size_t next = rule.find_first_not_of(' ', cut);
  return {rule.substr(0, cut), rule.substr(next == std::string::npos ? rule.size() : next)};
}

// The lines `rule` takes at `size` in `width` (0 for none), measured before any page
// exists (on a scratch surface).
int rule_line_count(const std::string& rule, double size, double width) {
  if (rule.empty()) return 0;
  SurfacePtr scratch(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1));
  ContextPtr cr(cairo_create(scratch.get()));
  return static_cast<int>(rule_text_lines(cr.get(), rule, size, width).size());
}

// The reminder lines the slots of `puzzles` need: 0 without variant puzzles, 2 when one
// reminder does not fit on a line of `width` at `size`.
int rule_lines_needed(std::span<const BookPuzzle> puzzles, double size, double width) {
  int lines = 0;
  for (const BookPuzzle& p : puzzles) {
    lines = std::max(lines, rule_line_count(rule_reminder(board_of(p)), size, width));
  }
  return lines;
}

SlotGeometry slot_geometry(const PageFrame& f, Slots s, double caption_size, double gutter,
                           std::span<const BookPuzzle> rules = {}) {
  SlotGeometry g;
  g.slot_w = (f.width - 2 * f.margin) / s.cols;
  g.slot_h = (f.bottom - f.top) / s.rows;
  g.caption_size = caption_size;
  g.rule_size = caption_size * kRuleScale;
  g.rule_lines = rules.empty() ? 0 : rule_lines_needed(rules, g.rule_size, g.slot_w - 4);
  g.side = std::min(g.slot_w - gutter, g.slot_h - gutter - caption_size * 2.0 -
                                           g.rule_size * kRuleLead * g.rule_lines);
  return g;
}

int max_size(std::span<const BookPuzzle> puzzles) {
  int n = 4;
  for (const BookPuzzle& p : puzzles) n = std::max(n, p.givens.size());
  return n;
}

int ceil_div(int a, int b) {
  return (a + b - 1) / b;
}

void running_head(cairo_t* cr, const PageFrame& f, const std::string& text, bool bold) {
  cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
  fit_font(cr, text, bold, 10, f.width - 2 * f.margin);
  cairo_move_to(cr, f.margin, f.margin + 6);
  cairo_show_text(cr, text.c_str());
  cairo_set_line_width(cr, 0.4);
  cairo_move_to(cr, f.margin, f.margin + 11);
  cairo_line_to(cr, f.width - f.margin, f.margin + 11);
  cairo_stroke(cr);
}

void page_number(cairo_t* cr, const PageFrame& f, int page) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  set_font(cr, false, 10);
  text_centred(cr, std::to_string(page), f.width / 2, f.height - f.margin * 0.6);
}

// The rule reminder centred on cx, the first line's baseline at `baseline`, in at most
// `max_lines` lines (rule_text_lines), each shrunk to fit `width`; nothing for a classic
// board.
void rule_line(cairo_t* cr, const std::string& rule, double cx, double baseline, double size,
               double width, int max_lines) {
  std::vector<std::string> lines = rule_text_lines(cr, rule, size, width);
  if (static_cast<int>(lines.size()) > max_lines) lines = {rule};
  // One size for every line: the widest one's fit.
  double fitted = size;
  for (const std::string& line : lines) {
    cairo_text_extents_t e;
    cairo_text_extents(cr, line.c_str(), &e);
    if (e.x_advance > width) fitted = std::min(fitted, size * width / e.x_advance);
  }
  cairo_set_font_size(cr, fitted);
  cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
  for (const std::string& line : lines) {
    text_centred(cr, line, cx, baseline);
    baseline += size * kRuleLead;
  }
}

// Grids in `slots` on one page; `solutions` selects the answer style.
void grid_page(cairo_t* cr, const PageFrame& f, Slots slots, const SlotGeometry& sg,
               std::span<const BookPuzzle> items, bool answers) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    const BookPuzzle& p = items[i];
    const int col = static_cast<int>(i) % slots.cols;
    const int row = static_cast<int>(i) / slots.cols;
    const double block_h =
        sg.side + sg.caption_size * 1.9 + sg.rule_size * kRuleLead * sg.rule_lines;
    const double x = f.margin + col * sg.slot_w + (sg.slot_w - sg.side) / 2;
    const double y = f.top + row * sg.slot_h + (sg.slot_h - block_h) / 2;
    const Geometry board = board_of(p);
    const double cell = sg.side / p.givens.size();
    GridStyle st = style_for_cell(cell);
    if (answers) {
      st.answer_colour = true;
      st.digit_scale = 0.66;
      // The answer key is checked digit by digit: the cages would only crowd its small
      // grids (the solution satisfies them).
      st.cages = false;
    }
    const Grid* solution = answers && p.solution ? &*p.solution : nullptr;
    draw_grid(cr, x, y, sg.side, board, p.givens, solution, st);
    const std::string& text = answers ? p.label : p.caption;
    const double baseline = y + sg.side + sg.caption_size * 1.45;
    if (!text.empty()) {
      cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
      fit_font(cr, text, answers, sg.caption_size, sg.slot_w - 4);
      text_centred(cr, text, x + sg.side / 2, baseline);
    }
    if (sg.rule_lines > 0) {
      rule_line(cr, rule_reminder(board), x + sg.side / 2, baseline + sg.rule_size * kRuleLead,
                sg.rule_size, sg.slot_w - 4, sg.rule_lines);
    }
  }
}

void title_page(cairo_t* cr, const PageFrame& f, const BookOptions& o) {
  const double width = f.width - 2 * f.margin;
  double y = f.height * 0.36;
  cairo_set_source_rgb(cr, 0, 0, 0);
  fit_font(cr, o.title, true, 34, width);
  text_centred(cr, o.title, f.width / 2, y);
  y += 18;
  cairo_set_line_width(cr, 1.5);
  cairo_move_to(cr, f.width / 2 - 60, y);
  cairo_line_to(cr, f.width / 2 + 60, y);
  cairo_stroke(cr);
  y += 34;
  if (!o.subtitle.empty()) {
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    fit_font(cr, o.subtitle, false, 18, width);
    text_centred(cr, o.subtitle, f.width / 2, y);
    y += 40;
  }
  cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
  for (const std::string& line : o.info) {
    fit_font(cr, line, false, 13, width);
    text_centred(cr, line, f.width / 2, y);
    y += 22;
  }
}

}  // namespace

std::optional<Paper> parse_paper(const std::string& text) {
  std::string t;
  for (char c : text) t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "a4") return Paper::kA4;
  if (t == "letter") return Paper::kLetter;
  return std::nullopt;
}

std::pair<double, double> paper_size(Paper paper) {
  if (paper == Paper::kLetter) return {612.0, 792.0};
  return {595.28, 841.89};
}

Geometry board_of(const BookPuzzle& puzzle) {
  const Geometry& g = puzzle.givens.geometry();
  if (!puzzle.variant || puzzle.variant->is_classic() || g.extra_house_count() != 0 ||
      !g.has_boxes()) {
    return g;
  }
  try {
    return puzzle.variant->apply(g);
  } catch (const VariantError& e) {
    throw BookError(e.what());
  }
}

namespace {

// The reminder for the houses `v` adds or replaces (no cages) on a board of n symbols.
std::string houses_rule(Variant v, int n) {
  if (v.is_classic()) return "";
  const Alphabet alphabet = Alphabet::standard(n);
  const std::string symbols =
      std::string(1, alphabet.symbol(1)) + "-" + std::string(1, alphabet.symbol(n));
  std::string names;
  for (std::uint32_t bit = 1; bit <= Variant::kJigsaw; bit <<= 1) {
    if (!v.has(static_cast<Variant::Flag>(bit))) continue;
    if (!names.empty()) names += " + ";
    names += display_name(static_cast<Variant::Flag>(bit));
  }
  // The jigsaw regions come first (they replace the boxes), then the extra houses.
  std::vector<Phrase> phrases;
  if (v.has(Variant::kX)) phrases.push_back({"each shaded diagonal"});
  if (v.has(Variant::kWindoku)) phrases.push_back({"each shaded window"});
  if (v.has(Variant::kDisjointGroups))
    phrases.push_back({"each group of cells with the same corner mark"});
  for (Variant::Flag f : kSingleHouse) {
    if (!v.has(f)) continue;
    const MarkStyle style = single_house_style(v, f);
    phrases.push_back({style == MarkStyle::kShade  ? "the shaded cells"
                       : style == MarkStyle::kRing ? "the circled cells"
                                                   : "the hatched cells",
                       true});
  }
  std::string rule = names + ": ";
  if (v.has(Variant::kJigsaw)) {
    rule += "each outlined region holds " + symbols + " once";
  } else {
    const Phrase first = phrases.front();
    phrases.erase(phrases.begin());
    rule += first.subject + " also " + (first.plural ? "hold " : "holds ") + symbols + " once";
  }
  if (!phrases.empty()) {
    const bool plural = phrases.size() > 1 || phrases.front().plural;
    rule += std::string(", and so ") + (plural ? "do " : "does ") + and_list(phrases);
  }
  return rule;
}

}  // namespace

std::string rule_reminder(const Geometry& board) {
  const Variant v = variant_of(board);
  if (!v.has(Variant::kKiller)) return houses_rule(v, board.size());
  const std::string cages =
      "Cages: the digits in each dashed cage add up to its sum and do not repeat.";
  const std::string houses = houses_rule(Variant(v.flags() & ~Variant::kKiller), board.size());
  return houses.empty() ? cages : houses + "; " + cages;
}

int answers_per_page(int n) {
  const Slots s = answer_slots(n);
  return s.cols * s.rows;
}

namespace {

// ---- hint pages --------------------------------------------------------------------------
// Each puzzle whose hint has a step gets a slot: its step picture (candidates and marks),
// under it "#12 · X-Wing (3.2)" in bold and the sentence, wrapped. 4 slots a page (2x2)
// for boards up to 9x9 (killers 2, 1x2), 1 for larger ones (their candidates need the room). The
// labels of the puzzles singles alone solve follow on pages of their own, as one wrapped paragraph.

constexpr double kHintText = 8.5, kHintLead = 1.3, kSinglesText = 11;

// Killers 2 a page (1x2) up to 9x9: their candidates share the cells with the cage
// outlines and sums, so they need the larger picture to stay readable.
Slots hint_slots(int n, bool cages) {
  return n > 9 ? Slots{1, 1} : cages ? Slots{1, 2} : Slots{2, 2};
}

std::string hint_title(const BookPuzzle& p) {
  return p.label + " \u00b7 " + p.hint->step->heading;
}

std::string singles_text(std::span<const BookPuzzle> puzzles) {
  std::string labels;
  bool cages = false;  // a killer's hint also passes over its cage sums and combinations
  for (const BookPuzzle& p : puzzles) {
    if (p.hint && !p.hint->step) {
      labels += (labels.empty() ? "" : ", ") + p.label;
      cages = cages || p.givens.geometry().has_cages();
    }
  }
  if (labels.empty()) return "";
  return (cages ? "Singles, cage sums and cage combinations alone solve "
                : "Singles alone solve ") +
         labels + ": no hint needed.";
}

struct HintPlan {
  std::vector<const BookPuzzle*> drawn;  // the puzzles with a hint step, in order
  Slots slots{2, 2};
  double slot_w = 0, slot_h = 0, side = 0;
  int text_lines = 0;                // lines under each picture (the most any needs)
  std::vector<std::string> singles;  // the singles paragraph's lines
  int singles_per_page = 1;
  int pages = 0;
};

HintPlan plan_hints(std::span<const BookPuzzle> puzzles, const PageFrame& f) {
  HintPlan h;
  int n = 4;
  bool cages = false;
  for (const BookPuzzle& p : puzzles) {
    if (p.hint && p.hint->step) {
      h.drawn.push_back(&p);
      n = std::max(n, p.givens.size());
      cages = cages || p.givens.geometry().has_cages();
    }
  }
  h.slots = hint_slots(n, cages);
  h.slot_w = (f.width - 2 * f.margin) / h.slots.cols;
  h.slot_h = (f.bottom - f.top) / h.slots.rows;
  SurfacePtr scratch(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1));
  ContextPtr cr(cairo_create(scratch.get()));
  for (const BookPuzzle* p : h.drawn) {
    set_font(cr.get(), true, kHintText);
    int lines = static_cast<int>(wrap_words(cr.get(), hint_title(*p), h.slot_w - 12).size());
    set_font(cr.get(), false, kHintText);
    lines += static_cast<int>(wrap_words(cr.get(), p->hint->step->sentence, h.slot_w - 12).size());
    h.text_lines = std::max(h.text_lines, lines);
  }
  h.side = std::min(h.slot_w - 12, h.slot_h - 16 - h.text_lines * kHintText * kHintLead);
  const int per = h.slots.cols * h.slots.rows;
  h.pages = ceil_div(static_cast<int>(h.drawn.size()), per);
  set_font(cr.get(), false, kSinglesText);
  h.singles = wrap_words(cr.get(), singles_text(puzzles), f.width - 2 * f.margin);
  h.singles_per_page =
      std::max(1, static_cast<int>((f.bottom - f.top) / (kSinglesText * kHintLead)));
  h.pages += ceil_div(static_cast<int>(h.singles.size()), h.singles_per_page);
  return h;
}

// Draws the hint pages from page number `page` on; returns the next page's number.
int hint_pages(cairo_t* cr, const PageFrame& f, std::span<const BookPuzzle> puzzles, int page) {
  const HintPlan h = plan_hints(puzzles, f);
  const std::size_t per = static_cast<std::size_t>(h.slots.cols * h.slots.rows);
  for (std::size_t i = 0; i < h.drawn.size(); i += per, ++page) {
    running_head(cr, f, "Hints", true);
    for (std::size_t k = 0; k < per && i + k < h.drawn.size(); ++k) {
      const BookPuzzle& p = *h.drawn[i + k];
      const int col = static_cast<int>(k) % h.slots.cols, row = static_cast<int>(k) / h.slots.cols;
      const double tx = f.margin + col * h.slot_w + 6;
      const double x = f.margin + col * h.slot_w + (h.slot_w - h.side) / 2;
      const double y = f.top + row * h.slot_h + 4;
      draw_step_grid(cr, x, y, h.side, p.givens, p.hint->before, *p.hint->step);
      double baseline = y + h.side + kHintText * 1.5;
      cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
      for (int pass = 0; pass < 2; ++pass) {
        set_font(cr, pass == 0, kHintText);
        const std::string& text = pass == 0 ? hint_title(p) : p.hint->step->sentence;
        for (const std::string& line : wrap_words(cr, text, h.slot_w - 12)) {
          cairo_move_to(cr, tx, baseline);
          cairo_show_text(cr, line.c_str());
          baseline += kHintText * kHintLead;
        }
      }
    }
    page_number(cr, f, page);
    cairo_show_page(cr);
  }
  for (std::size_t i = 0; i < h.singles.size();
       i += static_cast<std::size_t>(h.singles_per_page), ++page) {
    running_head(cr, f, "Hints", true);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    set_font(cr, false, kSinglesText);
    double baseline = f.top + kSinglesText * 1.5;
    for (std::size_t k = i;
         k < h.singles.size() && k < i + static_cast<std::size_t>(h.singles_per_page); ++k) {
      cairo_move_to(cr, f.margin, baseline);
      cairo_show_text(cr, h.singles[k].c_str());
      baseline += kSinglesText * kHintLead;
    }
    page_number(cr, f, page);
    cairo_show_page(cr);
  }
  return page;
}

}  // namespace

namespace {
constexpr double kPuzzleCaptionSmall = 10, kPuzzleCaptionLarge = 12, kAnswerCaption = 8;
double puzzle_caption_size(int per_page) {
  return per_page <= 2 ? kPuzzleCaptionLarge : kPuzzleCaptionSmall;
}
}  // namespace

BookLayout plan_book(std::span<const BookPuzzle> puzzles, const BookOptions& options) {
  const Slots slots = puzzle_slots(options.per_page);
  const PageFrame f = frame_for(options.paper);
  BookLayout layout;
  const int n = static_cast<int>(puzzles.size());
  layout.puzzle_pages = ceil_div(n, options.per_page);
  if (options.hints && n > 0) {
    layout.hint_pages = plan_hints(puzzles, f).pages;
    layout.first_hint_page = 2 + layout.puzzle_pages;
  }
  if (options.answers && n > 0) {
    layout.answer_pages = ceil_div(n, answers_per_page(max_size(puzzles)));
    layout.first_answer_page = 2 + layout.puzzle_pages + layout.hint_pages;
  }
  layout.pages = 1 + layout.puzzle_pages + layout.hint_pages + layout.answer_pages;
  for (const BookPuzzle& p : puzzles) {
    if (!rule_reminder(board_of(p)).empty()) ++layout.reminders;
  }
  const SlotGeometry sg = slot_geometry(f, slots, puzzle_caption_size(options.per_page), 24,
                                        layout.reminders > 0 ? puzzles : decltype(puzzles){});
  layout.smallest_cell = sg.side / max_size(puzzles);
  return layout;
}

BookLayout write_book(const std::string& path, std::span<const BookPuzzle> puzzles,
                      const BookOptions& options) {
  const BookLayout layout = plan_book(puzzles, options);
  if (options.hints) {
    for (const BookPuzzle& p : puzzles) {
      if (!p.hint) throw BookError("hint pages need every puzzle's hint");
    }
  }
  if (options.answers) {
    for (const BookPuzzle& p : puzzles) {
      if (!p.solution) throw BookError("answer pages need every puzzle's solution");
      if (!(p.solution->geometry() == p.givens.geometry())) {
        throw BookError("a solution does not fit its puzzle's board");
      }
    }
  }
  const PageFrame f = frame_for(options.paper);
  FileSink sink(path);
  SurfacePtr surface(
      cairo_pdf_surface_create_for_stream(&FileSink::write, &sink, f.width, f.height));
  check(cairo_surface_status(surface.get()), path);
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, options.title.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "sudoforge");
  ContextPtr cr(cairo_create(surface.get()));
  cairo_t* c = cr.get();

  title_page(c, f, options);
  cairo_show_page(c);

  int page = 2;
  const Slots slots = puzzle_slots(options.per_page);
  const SlotGeometry sg = slot_geometry(f, slots, puzzle_caption_size(options.per_page), 24,
                                        layout.reminders > 0 ? puzzles : decltype(puzzles){});
  for (std::size_t i = 0; i < puzzles.size();
       i += static_cast<std::size_t>(options.per_page), ++page) {
    const std::size_t k = std::min(puzzles.size() - i, static_cast<std::size_t>(options.per_page));
    running_head(c, f, options.title, false);
    grid_page(c, f, slots, sg, puzzles.subspan(i, k), false);
    page_number(c, f, page);
    cairo_show_page(c);
  }
  if (options.hints && !puzzles.empty()) page = hint_pages(c, f, puzzles, page);
  if (options.answers && !puzzles.empty()) {
    const Slots as = answer_slots(max_size(puzzles));
    const SlotGeometry ag = slot_geometry(f, as, kAnswerCaption, 14);
    const std::size_t per = static_cast<std::size_t>(as.cols * as.rows);
    for (std::size_t i = 0; i < puzzles.size(); i += per, ++page) {
      const std::size_t k = std::min(puzzles.size() - i, per);
      running_head(c, f, "Answers", true);
      grid_page(c, f, as, ag, puzzles.subspan(i, k), true);
      page_number(c, f, page);
      cairo_show_page(c);
    }
  }
  check(cairo_status(c), path);
  cr.reset();
  cairo_surface_finish(surface.get());
  check(cairo_surface_status(surface.get()), path);
  surface.reset();
  sink.close();
  return layout;
}

std::optional<ImageFormat> parse_image_format(const std::string& text) {
  std::string t;
  for (char c : text) t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "svg") return ImageFormat::kSvg;
  if (t == "png") return ImageFormat::kPng;
  if (t == "pdf") return ImageFormat::kPdf;
  return std::nullopt;
}

void render_puzzle(const std::string& path, ImageFormat format, const Grid& givens,
                   const Grid* solution, const RenderOptions& options) {
  const int n = givens.size();
  if (solution && !(solution->geometry() == givens.geometry())) {
    throw BookError("the solution does not fit the puzzle's board");
  }
  const double cell = options.cell > 0 ? options.cell : (n <= 9 ? 40.0 : n <= 16 ? 32.0 : 26.0);
  if (!(cell >= 4 && cell <= 400)) throw BookError("cell size must be between 4 and 400");
  const double margin = std::max(cell / 2, 8.0);
  const double side = cell * n;
  const double caption_size = std::max(10.0, cell * 0.35);
  const std::string rule = options.rule ? rule_reminder(givens.geometry()) : "";
  const double rule_size = caption_size * kRuleScale;
  const double width = side + 2 * margin;
  const int rule_lines = rule_line_count(rule, rule_size, width - margin);
  const double caption_h =
      (options.caption.empty() ? 0 : caption_size * 1.8) +
      (rule.empty() ? 0 : rule_size * kRuleLead * rule_lines + caption_size * 0.45);
  const double height = side + 2 * margin + caption_h;

  FileSink sink(path);
  SurfacePtr surface = image_surface(format, sink, width, height);
  ContextPtr cr(cairo_create(surface.get()));
  cairo_t* c = cr.get();
  cairo_set_source_rgb(c, 1, 1, 1);
  cairo_paint(c);
  GridStyle st = style_for_cell(cell);
  st.answer_colour = true;
  draw_grid(c, margin, margin, side, givens.geometry(), givens, solution, st);
  double baseline = margin + side + caption_size * 1.4;
  if (!options.caption.empty()) {
    cairo_set_source_rgb(c, 0.15, 0.15, 0.15);
    fit_font(c, options.caption, false, caption_size, side);
    text_centred(c, options.caption, width / 2, baseline);
    baseline += rule_size * kRuleLead;
  }
  rule_line(c, rule, width / 2, baseline, rule_size, width - margin, rule_lines);
  check(cairo_status(c), path);
  cr.reset();
  finish_image(format, std::move(surface), sink);
}

}  // namespace sudoforge::book
