#include "sudoforge/core/record_writer.h"

#include <cmath>
#include <cstdio>

#include "sudoforge/core/killer_text.h"

namespace sudoforge {
namespace {

void append_cell(std::string& out, const Grid& grid, int cell, const TextStyle& style) {
  const int v = grid[cell];
  if (style.numeric) {
    out += std::to_string(v);
  } else {
    out += v == 0 ? style.empty : style.alphabet.symbol(v);
  }
}

}  // namespace

std::string to_line(const Grid& grid, const TextStyle& style) {
  // One character per cell, even for a numeric style: the line record's form.
  std::string out(static_cast<std::size_t>(grid.cell_count()), style.empty);
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    const int v = grid[cell];
    if (v != 0) out[static_cast<std::size_t>(cell)] = style.alphabet.symbol(v);
  }
  return out;
}

std::string format_rating(double v) {
  // For v == t / 10.0 with t whole, "%.1f" prints t's digits with a point before the last:
  // the double nearest t/10 is far closer to it than to any other one-decimal number.
  if (v >= 0 && v < 1e9 && !std::signbit(v)) {
    const long long t = std::llround(v * 10);
    if (static_cast<double>(t) / 10.0 == v) {
      std::string s = std::to_string(t / 10);
      s += '.';
      s += static_cast<char>('0' + t % 10);
      return s;
    }
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string to_grid(const Grid& grid, const TextStyle& style) {
  const int n = grid.size();
  std::string out;
  out.reserve(static_cast<std::size_t>(n) * (2 * n + 1));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c > 0 && (style.spaced || style.numeric)) out += ' ';
      append_cell(out, grid, grid.geometry().cell(r, c), style);
    }
    out += '\n';
  }
  return out;
}

std::string region_map(const Geometry& geometry, const Alphabet& alphabet) {
  if (geometry.has_boxes()) return "";
  std::string out;
  out.reserve(geometry.cell_count());
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    out += alphabet.symbol(geometry.box(cell) + 1);
  }
  return out;
}

std::string to_text(const Grid& grid, const TextStyle& style) {
  // A killer grid is its killer token in every layout: the cages need the token's form.
  if (grid.geometry().has_cages()) return killer_text(grid) + '\n';
  const std::string map = region_map(grid.geometry(), style.alphabet);
  if (style.layout != Layout::kGrid) {
    return map.empty() ? to_line(grid, style) + '\n' : to_line(grid, style) + ' ' + map + '\n';
  }
  std::string out = to_grid(grid, style);
  const int n = grid.size();
  for (std::size_t row = 0; row < map.size(); row += n) {
    out.append(map, row, n);
    out += '\n';
  }
  return out;
}

TextStyle default_style(const Geometry& geometry) {
  TextStyle style;
  style.alphabet = Alphabet::standard(geometry.size());
  return style;
}

}  // namespace sudoforge
