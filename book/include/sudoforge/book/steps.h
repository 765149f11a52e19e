#pragma once
// sudoforge::book step pictures: one step of a solution drawn on its candidate grid, for
// explanations people can see (grade --explain --output svg|png|pdf|html, book hints).
//
// Like the rest of the book library it knows no grader: callers hand it each step's
// marks (the fields of grader::Step) and the givens. It never prints; failures throw
// BookError.
//
// A step picture shows the candidate grid BEFORE the step (replay_steps):
//  - givens bold black, digits placed by earlier steps in the normal weight, blue;
//  - the open cells' candidates small and grey, laid out like a keypad (1 top left);
//  - the step's pattern cells (StepMarks::cells) shaded pale yellow (light grey in print);
//  - each eliminated candidate red and struck through (the stroke survives greyscale);
//  - each placed candidate bold dark green on a green disc with a dark ring;
//  - chain links named in the sentence ("r1c3=2 -> r3c2<>2 -> ...", chain_links) as
//    arrows between the candidates, dashed into an "off" node ("<>"), solid into an "on";
//  - the variant's marks as render_puzzle draws them;
//  - the sentence under the grid, wrapped.
// SVG pictures (and the HTML page's) carry machine-readable marks over the drawing, all
// with no paint: <g id="sf-step" data-step="K"> holding <rect class="sf-pattern"
// data-cell="r4c5">, <rect class="sf-elim" data-cell="r4c5" data-value="7"> and
// <rect class="sf-place" data-cell="r4c5" data-value="7"> (the candidate's box), and the
// sentence as the picture's <desc>.
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sudoforge/book/book.h"
#include "sudoforge/core/grid.h"

namespace sudoforge::book {

// A step that does not fit the state the earlier steps leave: an elimination of a
// candidate that is already gone, or a placement whose value is not a candidate of an
// open cell. step is 0-based.
class ReplayError : public BookError {
 public:
  ReplayError(int step, const std::string& what) : BookError(what), step_(step) {}
  int step() const { return step_; }

 private:
  int step_;
};

// The candidates of the givens: every value that no given in a house of the cell holds.
// Houses only, as the grader sees them: on a killer board a given leaves its cage mates'
// candidates to the cage steps.
CandidateState initial_candidates(const Grid& givens);

// The state before each step: result[0] = initial_candidates(givens), result[k + 1] =
// result[k] after step k (a placement sets the value and removes it from the candidates
// of the cells sharing a house with it; an elimination removes the candidate). steps.size() + 1 states.
// Throws ReplayError for the first step that does not fit (see there); BookError for a
// cell or value outside the board.
std::vector<CandidateState> replay_steps(const Grid& givens, std::span<const StepMarks> steps);

// A chain link read from a sentence: from one candidate node to the next ("rXcY=V" is
// "on", "rXcY<>V" is "off").
struct ChainLink {
  int from_cell = 0, from_value = 0, to_cell = 0, to_value = 0;
  bool from_on = false, to_on = false;
};

// The links of the chains written out in `sentence`: each " -> " between two nodes of
// the board (cells and values outside the board are skipped). Empty when the sentence
// names no chain (the dynamic chains' sentences give only their ends).
std::vector<ChainLink> chain_links(const Geometry& board, const std::string& sentence);

struct StepImageOptions {
  // Cell edge in points (SVG, PDF) or pixels (PNG). 0 = by size: 56 for 9x9 and below,
  // 48 for 12x12 and 16x16, 40 for 25x25 (room for the candidates).
  double cell = 0;
  bool sentence = true;  // the heading and the sentence under the grid
  int number = 0;        // the SVG marks' data-step (the step's number, 1-based)
};

// One step picture (see above) written to `path`; an SVG carries the marks of step_svg.
// Throws BookError.
void render_step(const std::string& path, ImageFormat format, const Grid& givens,
                 const CandidateState& before, const StepMarks& step,
                 const StepImageOptions& options = {});

// The SVG text of one step picture, with the machine-readable marks. With `id_prefix`,
// every id in the SVG starts with it (so several pictures can share one HTML page).
std::string step_svg(const Grid& givens, const CandidateState& before, const StepMarks& step,
                     const StepImageOptions& options = {}, const std::string& id_prefix = "");

// Every step as one PDF page (each page as large as its picture). Throws BookError
// (ReplayError when the steps do not replay).
void write_steps_pdf(const std::string& path, const Grid& givens, std::span<const StepMarks> steps,
                     const std::string& title = "");

// One self-contained HTML page (inline SVG, CSS and script; no network) that steps
// through `steps`: one picture and sentence at a time, Previous/Next buttons and the
// left/right arrow keys, "Step K of N" between them. Each step is a
// <section class="step" data-step="K"> holding its SVG (step_svg's marks) and
// <p class="sentence">; only the current one is shown. Throws ReplayError.
std::string steps_html(const Grid& givens, std::span<const StepMarks> steps,
                       const std::string& title);

}  // namespace sudoforge::book
