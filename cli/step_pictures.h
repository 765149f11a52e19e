#pragma once
// The pictures of `grade --explain --output svg|png|pdf|html --out FILE`: each graded
// puzzle's steps drawn by the book library (book/steps.h), written under names made
// from FILE.
#include <optional>
#include <string>
#include <vector>

#include "sudoforge/book/steps.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/grader/grader.h"

namespace sudoforge::cli {

enum class PictureFormat { kSvg, kPng, kPdf, kHtml };

// "svg", "png", "pdf", "html" (case-insensitive); nullopt otherwise.
std::optional<PictureFormat> parse_picture_format(const std::string& text);
std::string extension_of(PictureFormat format);  // "svg", ...

// The file a picture goes to, from --out FILE (its extension, or the format's when FILE
// has none): `puzzle` is the puzzle's number in the input (1-based), 0 when the input
// holds one puzzle; `step` the step's number (SVG, PNG: one file per step), 0 for PDF and
// HTML (one file per puzzle); steps are zero-padded to at least 3 digits. From
// --out steps.svg: steps-001.svg (one puzzle), steps-2-001.svg (puzzle 2 of several);
// from --out steps.pdf: steps.pdf, steps-2.pdf.
std::string picture_path(const std::string& out, PictureFormat format, int puzzle, int step,
                         int steps);

// Draws the steps of `rating` (kept steps) for `givens` and writes them; returns the
// files written. Throws book::ReplayError when the steps do not replay on the givens'
// candidates (nothing written then), IoError when a file cannot be written.
std::vector<std::string> write_step_pictures(const std::string& out, PictureFormat format,
                                             int puzzle, const Grid& givens,
                                             const grader::Rating& rating,
                                             const std::string& title);

// A grader step as the book library draws it, with `heading` over its sentence.
book::StepMarks step_marks(const grader::Step& step, std::string heading = "");

// The hint of `rating` (kept steps) for a book's hints section: its first step that is
// not a single (full house, hidden or naked single) nor, on a killer, a Cage Sum or Cage
// Combinations step, on the candidates before it; no step when those alone solve the
// puzzle. Throws book::ReplayError.
book::BookHint first_hint(const Grid& givens, const grader::Rating& rating);

}  // namespace sudoforge::cli
