#pragma once
// generate --pattern: the mask of given positions, from a file or the option's text.
#include <string>
#include <vector>

#include "sudoforge/core/geometry.h"

namespace sudoforge::cli {

// `spec` names a file when one exists at that path, else it is the pattern itself. The
// pattern is N*N cells of `board` in reading order, in one line or in rows (whitespace and
// '|' are skipped; in a file, lines starting with '#' too): a given is 'x', 'X', '*' or
// any symbol (so a puzzle's givens define its pattern), an empty cell '.', '0', '-' or
// '_'. Throws UsageError naming the problem (unreadable file, bad character, wrong cell
// count, no given at all).
std::vector<bool> parse_pattern(const std::string& spec, const Geometry& board);

}  // namespace sudoforge::cli
