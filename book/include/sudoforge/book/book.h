#pragma once
// sudoforge::book: print-ready layout of puzzles with Cairo — whole books (PDF) and single
// puzzles (SVG, PNG, PDF).
//
// The layout knows no grader and no catalogue: callers hand it plain records (givens,
// solution, the caption text). It never prints; failures throw BookError.
//
// Book layout (write_book):
//  - page 1: the title page (title, subtitle, the info lines, e.g. level and count);
//  - puzzle pages: `per_page` puzzles (1, 2, 4 or 6: 1x1, 1x2, 2x2, 2x3 slots), each a
//    square grid as large as its slot allows, thin cell lines, heavier box lines and a
//    heavier border, givens centred in bold; the caption (e.g. "#12 · hard · 3.4")
//    centred under each grid; the book title small at the top, the page number at the
//    bottom centre (the title page counts as page 1 but shows no number);
//  - answer pages: smaller grids, several per page (by board size: 12 for 9x9 and below,
//    6 for 12x12 and 16x16, 2 for 25x25), the givens in bold black and the answers in a
//    lighter weight and colour, each labelled with its puzzle's label ("#12").
// Symbols follow the standard alphabet (1-9; letters A.. above 9x9). Any supported
// geometry lays out, and puzzles of different sizes and variants may share a book.
//
// Variant boards (every page, answer and image) carry marks that print in black and white:
// shadings are translucent grey, so where two overlap the cell is darker (X + Windoku:
// the diagonal cells inside a window), and digits stay black on them.
//  - X: the cells of both diagonals shaded;
//  - Windoku: the four windows (rows and columns 2-4 and 6-8) shaded; the five groups
//    they imply are not marked;
//  - Disjoint Groups: a small box in each cell's top-left corner with the cell's place in
//    its box filled in (the cells with the same mark form a group);
//  - Asterisk, Centre Dot, Girandola: their nine cells shaded; when two or three of them
//    share a board, the second's cells are circled and the third's hatched instead;
//  - Jigsaw: the irregular regions replace the boxes: heavy lines wherever two
//    neighbouring cells lie in different regions.
// With variants in a book, each puzzle's caption is followed by a one-line rule reminder
// (rule_reminder); a classic puzzle's slot leaves that line empty.
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/core/variant.h"

namespace sudoforge::book {

// A layout or output failure (unwritable file, Cairo error, bad options).
class BookError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class Paper { kA4, kLetter };
// "a4", "letter" (case-insensitive); nullopt otherwise.
std::optional<Paper> parse_paper(const std::string& text);
// Page size in PostScript points (1/72 inch): A4 595.28 x 841.89, letter 612 x 792.
std::pair<double, double> paper_size(Paper paper);

// One step of a solution path, as the grader reports it.
struct StepMarks {
  std::vector<int> cells;                         // the pattern's cells
  std::vector<std::pair<int, int>> placements;    // (cell, value 1..N)
  std::vector<std::pair<int, int>> eliminations;  // (cell, value 1..N)
  std::string sentence;                           // e.g. "r4c5=7: hidden single in box 5"
  std::string heading;                            // optional line over it, e.g. "Step 3 of 40"
};

// The board at one moment of a solution: values (0 = open) and each open cell's
// candidates (bit v-1 for value v; 0 for a solved cell).
struct CandidateState {
  Grid values;
  std::vector<std::uint32_t> candidates;
  bool has(int cell, int value) const {
    return (candidates[static_cast<std::size_t>(cell)] >> (value - 1)) & 1u;
  }
};

// A book hint (BookOptions::hints): the puzzle's first step that needs more than singles,
// drawn as a step picture (steps.h) on the candidates `before` it; no step: singles alone
// solve the puzzle.
struct BookHint {
  std::optional<StepMarks> step;
  CandidateState before;
};

struct BookPuzzle {
  // The board drawn is the givens' geometry: its variant houses and jigsaw regions come
  // with it (as the record reader builds them).
  Grid givens;
  // For a record that keeps its variant beside a classic grid: when set and the givens'
  // board has boxes and no extra houses, the variant's houses are added before drawing
  // (a jigsaw variant cannot be added: its regions must come with the board). Unset: the
  // board's own variant (Variant::of).
  std::optional<Variant> variant;
  std::optional<Grid> solution;  // required when BookOptions::answers
  std::string caption;           // under the puzzle, e.g. "#12 · hard · 3.4" (UTF-8)
  std::string label;             // over its answer, e.g. "#12"
  std::optional<BookHint> hint;  // required when BookOptions::hints
};

struct BookOptions {
  std::string title = "Sudoku";
  std::string subtitle;
  std::vector<std::string> info;  // further title-page lines ("Level: hard", "60 puzzles")
  Paper paper = Paper::kA4;
  int per_page = 4;     // 1, 2, 4 or 6
  bool answers = true;  // answer pages at the end
  bool hints = false;   // hint pages between the puzzles and the answers
};

struct BookLayout {
  int pages = 0;  // in all, title page included
  int puzzle_pages = 0;
  int hint_pages = 0;
  int first_hint_page = 0;  // 1-based; 0 without hints
  int answer_pages = 0;
  int first_answer_page = 0;  // 1-based; 0 without answers
  double smallest_cell = 0;   // points: the smallest puzzle cell printed (readability)
  int reminders = 0;          // puzzles printed with a rule reminder (the variant ones)
};

// The page plan for `puzzles` without drawing anything (the same numbers write_book
// returns). Throws BookError for bad options (per_page not 1, 2, 4 or 6).
BookLayout plan_book(std::span<const BookPuzzle> puzzles, const BookOptions& options);

// The board a book puzzle is drawn on: givens' geometry, with `variant` applied when the
// record brings it separately (see BookPuzzle). Throws BookError when it does not fit.
Geometry board_of(const BookPuzzle& puzzle);

// The one-line rule reminder of a variant board, naming its marks, e.g. "X: each shaded
// diagonal also holds 1-9 once"; "" on a classic board. Throws BookError on a board
// with an extra house of no known variant.
std::string rule_reminder(const Geometry& board);

// Answer grids per answer page for boards of N symbols.
int answers_per_page(int n);

// Writes the book as a PDF to `path` (created or replaced). Throws BookError (the file
// may then be partial: callers write to a temporary name and rename on success).
BookLayout write_book(const std::string& path, std::span<const BookPuzzle> puzzles,
                      const BookOptions& options);

enum class ImageFormat { kSvg, kPng, kPdf };
// "svg", "png", "pdf" (case-insensitive); nullopt otherwise.
std::optional<ImageFormat> parse_image_format(const std::string& text);

struct RenderOptions {
  // Cell edge in points (SVG, PDF) or pixels (PNG). 0 = by size: 40 for 9x9 and below,
  // 32 for 12x12 and 16x16, 26 for 25x25.
  double cell = 0;
  std::string caption;  // optional line under the grid
  bool rule = false;    // the variant's rule reminder (rule_reminder) under the grid/caption
};

// One puzzle as an image: the givens in bold black; with `solution`, the other cells'
// digits in a lighter weight and blue; the variant marks of the givens' board (see
// above). A margin of half a cell surrounds the grid.
// Throws BookError (unwritable path, solution of another geometry).
void render_puzzle(const std::string& path, ImageFormat format, const Grid& givens,
                   const Grid* solution = nullptr, const RenderOptions& options = {});

}  // namespace sudoforge::book
