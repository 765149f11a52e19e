#include "sudoforge/book/book.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <memory>

#include "sudoforge/core/alphabet.h"

namespace sudoforge::book {
namespace {

constexpr const char* kFont = "DejaVu Sans";

// ---- output streams -----------------------------------------------------------------

// A FILE* that Cairo writes through, remembering any write error (Cairo's own status
// only says "write error" after the fact, and nothing for a failed fclose).
struct FileSink {
  std::FILE* file = nullptr;
  bool failed = false;
  std::string path;

  explicit FileSink(const std::string& p) : path(p) {
    file = std::fopen(p.c_str(), "wb");
    if (!file) throw BookError(p + ": cannot write");
  }
  ~FileSink() {
    if (file) std::fclose(file);
  }
  static cairo_status_t write(void* closure, const unsigned char* data, unsigned int length) {
    auto* self = static_cast<FileSink*>(closure);
    if (std::fwrite(data, 1, length, self->file) != length) {
      self->failed = true;
      return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
  }
  void close() {
    const bool bad = std::fclose(file) != 0;
    file = nullptr;
    if (bad || failed) throw BookError(path + ": write error");
  }
};

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using ContextPtr = std::unique_ptr<cairo_t, ContextDeleter>;

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

struct GridStyle {
  double thin = 0.5, thick = 2.0, border = 2.5;
  double digit_scale = 0.62;  // font size / cell edge
  bool answer_colour = false;  // solution digits in blue (else dark grey)
};

GridStyle style_for_cell(double cell) {
  GridStyle s;
  s.thin = std::clamp(cell * 0.02, 0.3, 1.0);
  s.thick = std::clamp(cell * 0.075, 1.0, 3.2);
  s.border = s.thick * 1.25;
  return s;
}

// The grid with its top-left corner at (x, y), `side` points wide. Givens bold black;
// with `solution`, the remaining cells hold its digits in the normal weight, coloured.
void draw_grid(cairo_t* cr, double x, double y, double side, const Grid& givens,
               const Grid* solution, const GridStyle& st) {
  const Geometry& g = givens.geometry();
  const int n = g.size();
  const double cell = side / n;
  const Alphabet alphabet = Alphabet::standard(n);

  cairo_save(cr);
  // Thin cell lines first, then the box lines over them, then the border.
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
  cairo_set_line_width(cr, st.thin);
  for (int i = 1; i < n; ++i) {
    if (i % g.box_cols() != 0) {
      cairo_move_to(cr, x + i * cell, y);
      cairo_line_to(cr, x + i * cell, y + side);
    }
    if (i % g.box_rows() != 0) {
      cairo_move_to(cr, x, y + i * cell);
      cairo_line_to(cr, x + side, y + i * cell);
    }
  }
  cairo_stroke(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, st.thick);
  for (int i = g.box_cols(); i < n; i += g.box_cols()) {
    cairo_move_to(cr, x + i * cell, y);
    cairo_line_to(cr, x + i * cell, y + side);
  }
  for (int i = g.box_rows(); i < n; i += g.box_rows()) {
    cairo_move_to(cr, x, y + i * cell);
    cairo_line_to(cr, x + side, y + i * cell);
  }
  cairo_stroke(cr);
  cairo_set_line_width(cr, st.border);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, x, y, side, side);
  cairo_stroke(cr);

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

// ---- book pages --------------------------------------------------------------------------

struct Slots {
  int cols, rows;
};

Slots puzzle_slots(int per_page) {
  switch (per_page) {
    case 1: return {1, 1};
    case 2: return {1, 2};
    case 4: return {2, 2};
    case 6: return {2, 3};
    default: throw BookError("puzzles per page must be 1, 2, 4 or 6, not " + std::to_string(per_page));
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
  f.top = f.margin + 22;             // below the running head
  f.bottom = h - f.margin - 16;      // above the page number
  return f;
}

struct SlotGeometry {
  double slot_w, slot_h, side, caption_size;
};

SlotGeometry slot_geometry(const PageFrame& f, Slots s, double caption_size, double gutter) {
  SlotGeometry g;
  g.slot_w = (f.width - 2 * f.margin) / s.cols;
  g.slot_h = (f.bottom - f.top) / s.rows;
  g.caption_size = caption_size;
  g.side = std::min(g.slot_w - gutter, g.slot_h - gutter - caption_size * 2.0);
  return g;
}

int max_size(std::span<const BookPuzzle> puzzles) {
  int n = 4;
  for (const BookPuzzle& p : puzzles) n = std::max(n, p.givens.size());
  return n;
}

int ceil_div(int a, int b) { return (a + b - 1) / b; }

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

// Grids in `slots` on one page; `solutions` selects the answer style.
void grid_page(cairo_t* cr, const PageFrame& f, Slots slots, const SlotGeometry& sg,
               std::span<const BookPuzzle> items, bool answers) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    const BookPuzzle& p = items[i];
    const int col = static_cast<int>(i) % slots.cols;
    const int row = static_cast<int>(i) / slots.cols;
    const double block_h = sg.side + sg.caption_size * 1.9;
    const double x = f.margin + col * sg.slot_w + (sg.slot_w - sg.side) / 2;
    const double y = f.top + row * sg.slot_h + (sg.slot_h - block_h) / 2;
    const double cell = sg.side / p.givens.size();
    GridStyle st = style_for_cell(cell);
    if (answers) {
      st.answer_colour = true;
      st.digit_scale = 0.66;
    }
    const Grid* solution = answers && p.solution ? &*p.solution : nullptr;
    draw_grid(cr, x, y, sg.side, p.givens, solution, st);
    const std::string& text = answers ? p.label : p.caption;
    if (!text.empty()) {
      cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
      fit_font(cr, text, answers, sg.caption_size, sg.slot_w - 4);
      text_centred(cr, text, x + sg.side / 2, y + sg.side + sg.caption_size * 1.45);
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

int answers_per_page(int n) {
  const Slots s = answer_slots(n);
  return s.cols * s.rows;
}

namespace {
constexpr double kPuzzleCaptionSmall = 10, kPuzzleCaptionLarge = 12, kAnswerCaption = 8;
double puzzle_caption_size(int per_page) { return per_page <= 2 ? kPuzzleCaptionLarge : kPuzzleCaptionSmall; }
}  // namespace

BookLayout plan_book(std::span<const BookPuzzle> puzzles, const BookOptions& options) {
  const Slots slots = puzzle_slots(options.per_page);
  const PageFrame f = frame_for(options.paper);
  BookLayout layout;
  const int n = static_cast<int>(puzzles.size());
  layout.puzzle_pages = ceil_div(n, options.per_page);
  if (options.answers && n > 0) {
    layout.answer_pages = ceil_div(n, answers_per_page(max_size(puzzles)));
    layout.first_answer_page = 2 + layout.puzzle_pages;
  }
  layout.pages = 1 + layout.puzzle_pages + layout.answer_pages;
  const SlotGeometry sg = slot_geometry(f, slots, puzzle_caption_size(options.per_page), 24);
  layout.smallest_cell = sg.side / max_size(puzzles);
  return layout;
}

BookLayout write_book(const std::string& path, std::span<const BookPuzzle> puzzles,
                      const BookOptions& options) {
  const BookLayout layout = plan_book(puzzles, options);
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
  SurfacePtr surface(cairo_pdf_surface_create_for_stream(&FileSink::write, &sink, f.width, f.height));
  check(cairo_surface_status(surface.get()), path);
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, options.title.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "sudoforge");
  ContextPtr cr(cairo_create(surface.get()));
  cairo_t* c = cr.get();

  title_page(c, f, options);
  cairo_show_page(c);

  int page = 2;
  const Slots slots = puzzle_slots(options.per_page);
  const SlotGeometry sg = slot_geometry(f, slots, puzzle_caption_size(options.per_page), 24);
  for (std::size_t i = 0; i < puzzles.size(); i += static_cast<std::size_t>(options.per_page), ++page) {
    const std::size_t k = std::min(puzzles.size() - i, static_cast<std::size_t>(options.per_page));
    running_head(c, f, options.title, false);
    grid_page(c, f, slots, sg, puzzles.subspan(i, k), false);
    page_number(c, f, page);
    cairo_show_page(c);
  }
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
  const double caption_h = options.caption.empty() ? 0 : caption_size * 1.8;
  const double width = side + 2 * margin;
  const double height = side + 2 * margin + caption_h;

  FileSink sink(path);
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
  check(cairo_surface_status(surface.get()), path);
  ContextPtr cr(cairo_create(surface.get()));
  cairo_t* c = cr.get();
  cairo_set_source_rgb(c, 1, 1, 1);
  cairo_paint(c);
  GridStyle st = style_for_cell(cell);
  st.answer_colour = true;
  draw_grid(c, margin, margin, side, givens, solution, st);
  if (!options.caption.empty()) {
    cairo_set_source_rgb(c, 0.15, 0.15, 0.15);
    fit_font(c, options.caption, false, caption_size, side);
    text_centred(c, options.caption, width / 2, margin + side + caption_size * 1.4);
  }
  check(cairo_status(c), path);
  cr.reset();
  if (format == ImageFormat::kPng) {
    cairo_surface_flush(surface.get());
    check(cairo_surface_write_to_png_stream(surface.get(), &FileSink::write, &sink), path);
  } else {
    cairo_surface_finish(surface.get());
    check(cairo_surface_status(surface.get()), path);
  }
  surface.reset();
  sink.close();
}

}  // namespace sudoforge::book
