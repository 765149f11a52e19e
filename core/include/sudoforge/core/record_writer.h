#pragma once
// Writing grids as text in a TextStyle. These return strings; printing is the caller's.
#include <string>

#include "sudoforge/core/grid.h"
#include "sudoforge/core/text_style.h"

namespace sudoforge {

// N*N symbols, no newline.
std::string to_line(const Grid& grid, const TextStyle& style);
// N lines, each ending in '\n' (spaced or not, as the style says).
std::string to_grid(const Grid& grid, const TextStyle& style);
// to_line or to_grid by style.layout; a line gets its '\n' too. A jigsaw record carries
// its region map as record_reader.h reads it: after the givens on a line (one space
// between), or as N more rows after a grid. A killer grid is its killer token
// (killer_text.h) on one line in either layout.
std::string to_text(const Grid& grid, const TextStyle& style);
// A jigsaw board's region map: N*N symbols of `alphabet`, region i (numbered by first
// cell) written as symbol i + 1; empty on a board with boxes.
std::string region_map(const Geometry& geometry, const Alphabet& alphabet);
// A rating as "%.1f" writes it ("6.6", "10.0", "-0.0"); the common case, whole tenths,
// without printf.
std::string format_rating(double v);
// The default style for writing a grid of this size: line layout, '.', standard alphabet.
TextStyle default_style(const Geometry& geometry);

}  // namespace sudoforge
