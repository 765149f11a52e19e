#include "sudoforge/core/solo_id.h"

#include <algorithm>
#include <numeric>

namespace sudoforge {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}

// Reads a decimal number at `at` (advancing it); -1 when there is none or it is huge.
int read_number(std::string_view s, std::size_t& at) {
  if (at >= s.size() || !is_digit(s[at])) return -1;
  int v = 0;
  while (at < s.size() && is_digit(s[at])) {
    if (v > 1000) return -1;
    v = v * 10 + (s[at++] - '0');
  }
  return v;
}

struct Params {
  int c = 0, r = 0;
  bool x = false, killer = false;
};

Params decode_params(std::string_view p) {
  Params out;
  std::size_t at = 0;
  out.c = out.r = read_number(p, at);
  if (out.c < 0) throw SoloIdError(0, "parameters must start with the box size");
  bool seen_r = false, jigsaw = false;
  if (at < p.size() && p[at] == 'x' && at + 1 < p.size() && is_digit(p[at + 1])) {
    ++at;
    out.r = read_number(p, at);
    seen_r = true;
  }
  while (at < p.size()) {
    const std::size_t letter = at;
    const char ch = p[at++];
    if (ch == 'j') {
      if (seen_r) out.c *= out.r;
      out.r = 1;
      jigsaw = true;
    } else if (ch == 'x') {
      out.x = true;
    } else if (ch == 'k') {
      out.killer = true;
    } else if (ch == 'a') {
      // no symmetry
    } else if (ch == 'r' || ch == 'm') {
      if (ch == 'm' && at < p.size() && p[at] == 'd') ++at;
      if (read_number(p, at) < 0) {
        throw SoloIdError(static_cast<int>(letter),
                          std::string("symmetry '") + ch + "' needs a number");
      }
    } else if (ch == 'd') {
      if (at >= p.size() || std::string_view("tbiaeu").find(p[at]) == std::string_view::npos) {
        throw SoloIdError(static_cast<int>(letter), "difficulty 'd' needs one of t b i a e u");
      }
      ++at;
    } else {
      throw SoloIdError(static_cast<int>(letter),
                        std::string("unknown Solo parameter '") + ch + "'");
    }
  }
  if (jigsaw && out.killer)
    throw SoloIdError(-1, "killer jigsaw IDs ('j' and 'k') are not supported");
  if (!jigsaw && out.r == 1) throw SoloIdError(-1, "boxes of one column need 'j' (jigsaw)");
  const int n = out.c * out.r;
  if (n < 4 || n > 25 || (!jigsaw && (out.c < 2 || out.r < 2))) {
    throw SoloIdError(-1, "a board of " + std::to_string(n) + "x" + std::to_string(n) +
                              " cells; supported: 4x4 to 25x25 with boxes of at least 2x2");
  }
  return out;
}

// The givens part; `at` is its first index in the ID, and ends on the ',' or the end.
std::vector<std::uint8_t> decode_givens(std::string_view id, std::size_t& at, int n) {
  const int area = n * n;
  std::vector<std::uint8_t> cells;
  cells.reserve(area);
  while (at < id.size() && id[at] != ',') {
    const std::size_t start = at;
    const char ch = id[at];
    if (is_lower(ch)) {
      cells.insert(cells.end(), ch - 'a' + 1, 0);
      ++at;
    } else if (ch == '_') {
      ++at;
    } else if (ch >= '1' && ch <= '9') {
      const int v = read_number(id, at);
      if (v < 1 || v > n) {
        throw SoloIdError(static_cast<int>(start), "given " +
                                                       std::string(id.substr(start, at - start)) +
                                                       " out of range 1.." + std::to_string(n));
      }
      cells.push_back(static_cast<std::uint8_t>(v));
    } else {
      throw SoloIdError(static_cast<int>(start),
                        std::string("unexpected character '") + ch + "' in the givens");
    }
    if (static_cast<int>(cells.size()) > area) {
      throw SoloIdError(static_cast<int>(start),
                        "givens run past the " + std::to_string(area) + " cells of the board");
    }
  }
  if (static_cast<int>(cells.size()) < area) {
    throw SoloIdError(-1, "givens describe " + std::to_string(cells.size()) + " of " +
                              std::to_string(area) + " cells");
  }
  return cells;
}

int find_root(std::vector<int>& parent, int a) {
  while (parent[a] != a) a = parent[a] = parent[parent[a]];
  return a;
}

// The block structure from `at` to `end`: each cell's block label (blocks numbered by
// first cell) and the blocks' sizes.
std::vector<int> decode_blocks(std::string_view id, std::size_t at, std::size_t end, int n,
                               std::vector<int>& size) {
  const int area = n * n, edges = 2 * n * (n - 1);
  std::vector<int> parent(area);
  std::iota(parent.begin(), parent.end(), 0);
  int pos = 0;
  for (; at < end; ++at) {
    const char ch = id[at];
    int open;
    if (ch == '_') {
      open = 0;
    } else if (is_lower(ch)) {
      open = ch - 'a' + 1;
    } else {
      throw SoloIdError(static_cast<int>(at),
                        std::string("unexpected character '") + ch + "' in the block structure");
    }
    for (int k = 0; k < open; ++k, ++pos) {
      if (pos >= edges) {
        throw SoloIdError(static_cast<int>(at), "block structure runs past the " +
                                                    std::to_string(edges) + " inner edges");
      }
      int a, b;
      if (pos < n * (n - 1)) {  // vertical edge: row pos/(n-1), between two columns
        a = (pos / (n - 1)) * n + pos % (n - 1);
        b = a + 1;
      } else {  // horizontal edge: column, then between two rows
        const int q = pos - n * (n - 1);
        a = (q % (n - 1)) * n + q / (n - 1);
        b = a + n;
      }
      parent[find_root(parent, a)] = find_root(parent, b);
    }
    if (open != 26) ++pos;  // the wall after the run
  }
  if (pos != edges + 1) {
    throw SoloIdError(-1, "block structure describes " + std::to_string(pos) + " of " +
                              std::to_string(edges + 1) + " edges");
  }
  std::vector<int> label_of_root(area, -1), labels(area);
  size.clear();
  for (int cell = 0; cell < area; ++cell) {
    int& l = label_of_root[find_root(parent, cell)];
    if (l < 0) {
      l = static_cast<int>(size.size());
      size.push_back(0);
    }
    labels[cell] = l;
    ++size[l];
  }
  return labels;
}

// The jigsaw regions of the block structure from `at` to the end of the ID.
std::vector<int> decode_regions(std::string_view id, std::size_t at, int n) {
  std::vector<int> size;
  std::vector<int> labels = decode_blocks(id, at, id.size(), n, size);
  if (static_cast<int>(size.size()) != n ||
      std::any_of(size.begin(), size.end(), [&](int s) { return s != n; })) {
    std::string sizes;
    for (int s : size) sizes += (sizes.empty() ? "" : " ") + std::to_string(s);
    throw SoloIdError(-1, "block structure draws " + std::to_string(size.size()) + " regions of " +
                              sizes + " cells; a " + std::to_string(n) + "x" + std::to_string(n) +
                              " jigsaw needs " + std::to_string(n) + " regions of " +
                              std::to_string(n));
  }
  return labels;
}

// A killer ID's `,CAGES,SUMS` after the givens (at: the ','): the cages' walls as a block
// structure, then the sums written like givens, one number on one cell of each cage.
void decode_cages(std::string_view id, std::size_t at, SoloPuzzle& out) {
  const int n = out.n, area = n * n;
  if (at >= id.size()) throw SoloIdError(-1, "a killer ID needs ',' and its cage structure");
  const std::size_t sums_at = id.find(',', at + 1);
  if (sums_at == std::string_view::npos) {
    throw SoloIdError(-1, "a killer ID needs ',' and its cage sums after the cages");
  }
  std::vector<int> size;
  const std::vector<int> cage_of = decode_blocks(id, at + 1, sums_at, n, size);
  out.killer = true;
  out.cages.assign(size.size(), {});
  for (int cell = 0; cell < area; ++cell) out.cages[cage_of[cell]].cells.push_back(cell);
  std::vector<bool> has_sum(size.size(), false);
  int cell = 0;
  for (std::size_t i = sums_at + 1; i < id.size();) {
    const std::size_t start = i;
    const char ch = id[i];
    if (is_lower(ch)) {
      cell += ch - 'a' + 1;
      ++i;
      continue;
    }
    if (ch == '_') {
      ++i;
      continue;
    }
    const int v = read_number(id, i);
    if (v < 1) {
      throw SoloIdError(static_cast<int>(start),
                        std::string("unexpected character '") + ch + "' in the cage sums");
    }
    if (cell >= area) {
      throw SoloIdError(static_cast<int>(start),
                        "cage sums run past the " + std::to_string(area) + " cells of the board");
    }
    const int cage = cage_of[cell];
    if (has_sum[cage]) {
      throw SoloIdError(static_cast<int>(start), "two sums in one cage");
    }
    has_sum[cage] = true;
    out.cages[cage].sum = v;
    ++cell;
  }
  if (cell != area) {
    throw SoloIdError(-1, "cage sums describe " + std::to_string(cell) + " of " +
                              std::to_string(area) + " cells");
  }
  if (std::find(has_sum.begin(), has_sum.end(), false) != has_sum.end()) {
    throw SoloIdError(-1, "a cage without a sum");
  }
}

}  // namespace

bool looks_like_solo_id(std::string_view token) {
  const std::size_t colon = token.find(':');
  // Solo's parameters are short ("3x3xr4dt"); a longer run of digits before a colon is a
  // puzzle written with 0 for empty cells and something after it ("PUZZLE:COUNT").
  if (colon == std::string_view::npos || colon == 0 || colon > 12 || colon + 1 == token.size()) {
    return false;
  }
  if (!is_digit(token[0])) return false;
  const auto params_ok = std::all_of(token.begin(), token.begin() + colon,
                                     [](char c) { return is_digit(c) || is_lower(c); });
  const auto desc_ok = std::all_of(token.begin() + colon + 1, token.end(), [](char c) {
    return is_digit(c) || is_lower(c) || c == '_' || c == ',';
  });
  return params_ok && desc_ok;
}

SoloPuzzle decode_solo_id(std::string_view id) {
  const std::size_t colon = id.find(':');
  if (colon == std::string_view::npos) throw SoloIdError(-1, "no ':' after the parameters");
  const Params params = decode_params(id.substr(0, colon));
  SoloPuzzle out;
  out.n = params.c * params.r;
  out.x = params.x;
  out.jigsaw = params.r == 1;
  std::size_t at = colon + 1;
  out.givens = decode_givens(id, at, out.n);
  if (out.jigsaw) {
    if (at >= id.size()) throw SoloIdError(-1, "a jigsaw ID needs ',' and its block structure");
    out.region_of_cell = decode_regions(id, at + 1, out.n);
  } else {
    if (params.killer) {
      decode_cages(id, at, out);
    } else if (at < id.size()) {
      throw SoloIdError(static_cast<int>(at),
                        "a block structure after the givens of a boxed board");
    }
    out.region_of_cell.resize(out.n * out.n);
    for (int cell = 0; cell < out.n * out.n; ++cell) {
      const int y = cell / out.n, x = cell % out.n;
      out.region_of_cell[cell] = (y / params.c) * params.c + x / params.r;
    }
  }
  return out;
}

}  // namespace sudoforge
