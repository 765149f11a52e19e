#pragma once
// Internal to the dynamic chains (chains_dynamic.cpp): a digit's templates, the ways to
// place it once in every row, column and region of the grid (each cell a candidate of
// the digit or holding it).
//
// Contract: find_digit_templates() sets `some` to cells each in some template found and
// `every` to the cells in every template found (cell sets of two words); false when
// none was found or the board is not covered (extra houses, above 9x9). Templates found
// are real ones, so a cell of `some` is in a template and a cell outside `every` is
// avoided by one; the search may stop before it has seen them all (at most about 16 k
// steps, or once every candidate cell is in `some` and none in `every`).
//
// Why (Nishio): a Nishio chaining of digit d from on(c, d) with c in a template T, or from
// off(c, d) with c outside T, meets no contradiction. By induction on its records, its
// "on" nodes are in T and its "off" ones are not: an "off" node is a unit peer of an
// "on" one, and T has one cell per unit; an "on" node is the last place left to d in a
// unit where its chaining grid (the step grid less the "off" nodes) held two, and that
// grid still holds T's cell of the unit. So no node is both.
#include <array>
#include <cstdint>
#include <vector>

#include "candidate_grid.h"

namespace sudoforge::grader::detail {

// A template as its cells (two words).
using DigitTemplate = std::array<std::uint64_t, 2>;

// `kept` (optional): templates of d found on an earlier grid, any grid of the board's
// shape. Those whose cells all still hold d or a candidate of it are templates of g, and
// count as found before the search, which runs only when they leave a candidate cell in
// no template or in all of them. On return, `kept` holds the templates that made the
// answer: each put a cell in `some` or left one out of `every` when it was met.
bool find_digit_templates(const CandidateGrid& g, int d, std::uint64_t* some, std::uint64_t* every,
                          std::vector<DigitTemplate>* kept = nullptr);

}  // namespace sudoforge::grader::detail
