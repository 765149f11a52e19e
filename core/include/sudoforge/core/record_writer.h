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
// to_line or to_grid by style.layout; a line gets its '\n' too.
std::string to_text(const Grid& grid, const TextStyle& style);
// The default style for writing a grid of this size: line layout, '.', standard alphabet.
TextStyle default_style(const Geometry& geometry);

}  // namespace sudoforge
