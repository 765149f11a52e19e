#pragma once
// Internal to sudoforge::book: the Cairo helpers that the book pages (book.cpp) and the
// step pictures (steps.cpp) share. Everything here throws BookError on failure.
#include <cairo.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "sudoforge/book/book.h"
#include "sudoforge/book/steps.h"

namespace sudoforge::book::detail {

inline constexpr const char* kFont = "DejaVu Sans";

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
  FileSink(const FileSink&) = delete;
  FileSink& operator=(const FileSink&) = delete;
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

void check(cairo_status_t status, const std::string& what);

// A surface of `format` writing into `sink`, width x height points (pixels for PNG).
SurfacePtr image_surface(ImageFormat format, FileSink& sink, double width, double height);
// Finishes the image (PNG: encodes it) and closes the sink.
void finish_image(ImageFormat format, SurfacePtr surface, FileSink& sink);

void set_font(cairo_t* cr, bool bold, double size);
// Text centred horizontally on cx with its baseline at y.
void text_centred(cairo_t* cr, const std::string& text, double cx, double baseline);
// Shrinks the current font until `text` fits `width`; returns the size used.
double fit_font(cairo_t* cr, const std::string& text, bool bold, double size, double width);

struct GridStyle {
  double thin = 0.5, thick = 2.0, border = 2.5;
  double digit_scale = 0.62;   // font size / cell edge
  bool answer_colour = false;  // solution digits in blue (else dark grey)
  bool cages = true;           // a killer board's cages and sums (the answer key leaves them out)
};

GridStyle style_for_cell(double cell);

// The grid of `board` with its top-left corner at (x, y), `side` points wide, with the
// board's variant marks. Givens bold black; with `solution`, the remaining cells hold its
// digits in the normal weight, coloured.
void draw_grid(cairo_t* cr, double x, double y, double side, const Geometry& board,
               const Grid& givens, const Grid* solution, const GridStyle& st);

// `text` broken at spaces into lines no wider than `width` in the current font (a word
// wider than `width` keeps a line of its own).
std::vector<std::string> wrap_words(cairo_t* cr, const std::string& text, double width);

// One step drawn as in a step picture (steps.h): the candidate grid `before` the step
// with the step's marks, its top-left corner at (x, y), `side` wide. No sentence.
void draw_step_grid(cairo_t* cr, double x, double y, double side, const Grid& givens,
                    const CandidateState& before, const StepMarks& step);

}  // namespace sudoforge::book::detail
