#include "pattern_option.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_common.h"

namespace sudoforge::cli {

std::vector<bool> parse_pattern(const std::string& spec, const Geometry& board) {
  std::string text = spec;
  std::string where = "--pattern";
  std::error_code ec;
  if (std::filesystem::is_regular_file(spec, ec)) {
    std::ifstream in(spec);
    if (!in) throw UsageError("--pattern: cannot read " + spec);
    text.clear();
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty() && line[0] == '#') continue;
      text += line + '\n';
    }
    where = spec;
  }
  std::vector<bool> mask;
  int line = 1;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') ++line;
    if (std::isspace(u) || c == '|') continue;
    if (c == '.' || c == '0' || c == '-' || c == '_') {
      mask.push_back(false);
    } else if (std::isalnum(u) || c == '*') {
      mask.push_back(true);
    } else {
      throw UsageError(where + ":" + std::to_string(line) + ": bad character '" +
                       std::string(1, c) +
                       "' in the pattern: use x for a given and . for an empty cell");
    }
  }
  const int cells = board.cell_count();
  if (static_cast<int>(mask.size()) != cells) {
    throw UsageError(where + ": the pattern has " + std::to_string(mask.size()) + " cells; a " +
                     std::to_string(board.size()) + "x" + std::to_string(board.size()) +
                     " board needs " + std::to_string(cells));
  }
  bool any = false;
  for (bool given : mask) any = any || given;
  if (!any) throw UsageError(where + ": the pattern has no given");
  return mask;
}

}  // namespace sudoforge::cli
