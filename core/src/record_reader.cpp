#include "sudoforge/core/record_reader.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "sudoforge/core/errors.h"
#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/solo_id.h"
#include "sudoforge/core/validate.h"

namespace sudoforge {
namespace {

bool is_blank(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); });
}

bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// s.find_first_of(" \t", from), without its search of the set for every character.
std::size_t find_blank(const std::string& s, std::size_t from) {
  if (from >= s.size()) return std::string::npos;
  const auto at = std::find_if(s.begin() + static_cast<std::ptrdiff_t>(from), s.end(),
                               [](char c) { return c == ' ' || c == '\t'; });
  return at == s.end() ? std::string::npos : static_cast<std::size_t>(at - s.begin());
}

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && is_space(s[b])) ++b;
  while (e > b && is_space(s[e - 1])) --e;
  return s.substr(b, e - b);
}

// The side length whose square is `cells`, when it is a supported size (any N from 4 to
// 16 on a jigsaw board).
std::optional<int> size_for_cells(std::size_t cells, bool jigsaw = false) {
  if (jigsaw) {
    for (int n = 4; n <= 16; ++n) {
      if (static_cast<std::size_t>(n * n) == cells) return n;
    }
    return std::nullopt;
  }
  for (int n : {4, 6, 9, 12, 16, 25}) {
    if (static_cast<std::size_t>(n * n) == cells) return n;
  }
  return std::nullopt;
}

// Each cell's region label 0..N-1 from a region map's characters (distinct characters
// numbered in order of first appearance); the board itself checks sizes and connectivity.
std::vector<int> region_labels(const std::string& map, int n, int line, int column) {
  std::vector<int> label_of(256, -1), labels;
  int next = 0;
  for (char c : map) {
    int& l = label_of[static_cast<unsigned char>(c)];
    if (l < 0) l = next++;
    labels.push_back(l);
  }
  if (next != n) {
    throw ParseError(line, column,
                     "region map draws " + std::to_string(next) + " regions; a " +
                         std::to_string(n) + "x" + std::to_string(n) + " jigsaw needs " +
                         std::to_string(n));
  }
  return labels;
}

std::string describe_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u == 0) return "a NUL byte";
  if (std::isprint(u)) return std::string("'") + c + "'";
  static const char* hex = "0123456789abcdef";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

// Picks the alphabet of a record of size n from its symbols: N > 9 boards are written in
// letters A.. unless a digit 1-9 appears, which means the 1-9-then-letters alphabet.
Alphabet pick_alphabet(int n, const std::string& symbols, const ReaderOptions& options) {
  if (options.alphabet) {
    return *options.alphabet == Alphabet::Kind::kDigits ? Alphabet::digits(n)
                                                        : Alphabet::letters(n);
  }
  if (n <= 9) return Alphabet::digits(n);
  const bool has_digit =
      std::any_of(symbols.begin(), symbols.end(), [](char c) { return c >= '1' && c <= '9'; });
  return has_digit ? Alphabet::digits(n) : Alphabet::letters(n);
}

void check_size(int n, const ReaderOptions& options, int line) {
  if (options.size && *options.size != n) {
    throw ParseError(line, 0,
                     "a " + std::to_string(n) + "x" + std::to_string(n) + " puzzle where " +
                         std::to_string(*options.size) + "x" + std::to_string(*options.size) +
                         " was asked for");
  }
}

// The values of one symbol per cell; `columns` gives each symbol's 1-based column on its
// line for error messages, `lines` its line number.
std::vector<std::uint8_t> fill_cells(int n, const std::string& symbols, const Alphabet& alphabet,
                                     const std::vector<int>& lines, const std::vector<int>& columns,
                                     const std::vector<int>& numeric_values) {
  std::vector<std::uint8_t> cells(n * n);
  for (int i = 0; i < n * n; ++i) {
    int v;
    if (!numeric_values.empty() && numeric_values[i] >= 0) {
      v = numeric_values[i];
    } else {
      v = alphabet.value(symbols[i]);
    }
    if (v < 0 || v > n) {
      throw ParseError(lines[i], columns[i],
                       "column " + std::to_string(columns[i]) + ": unknown symbol " +
                           describe_char(symbols[i]) + " for a " + std::to_string(n) + "x" +
                           std::to_string(n) + " puzzle");
    }
    cells[i] = static_cast<std::uint8_t>(v);
  }
  return cells;
}

char first_empty_char(const std::string& symbols, char fallback) {
  for (char c : symbols) {
    if (Alphabet::is_empty_char(c)) return c;
  }
  return fallback;
}

std::vector<std::string> split_csv(const std::string& line) {
  // Plain CSV: fields separated by commas, optionally double-quoted ("" inside quotes).
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

// A line worth reading as a CSV header in auto mode: one with a comma, or a lone `puzzle`
// column (quoted or not). No puzzle record looks like either: records hold no commas, and
// the letters of "puzzle" are no symbols of a 6x6 row.
bool may_be_csv_header(const std::string& trimmed) {
  return trimmed.find(',') != std::string::npos || trimmed == "puzzle" || trimmed == "\"puzzle\"";
}

// The grid on its board: the classic one of size n, or the one whose regions are
// `labels` (one per cell), with the variant's extra houses. Board errors become
// ParseErrors at (line, column).
Grid make_board_on(int n, std::vector<std::uint8_t> cells, Variant variant,
                   const std::vector<int>* labels, int line, int column) {
  try {
    const Geometry base = labels ? Geometry::with_regions(n, *labels) : Geometry::for_size(n);
    // Regions that happen to be the boxes make the classic board (see with_regions).
    if (labels && base.has_boxes()) variant = Variant(variant.flags() & ~Variant::kJigsaw);
    return Grid(variant.is_classic() ? base : variant.apply(base), std::move(cells));
  } catch (const GeometryError& e) {
    throw ParseError(line, column, std::string("region map: ") + e.what());
  } catch (const VariantError& e) {
    throw ParseError(line, 0, e.what());
  }
}

// make_board_on with the regions drawn by a region map's characters.
Grid make_board(int n, std::vector<std::uint8_t> cells, Variant variant, const std::string* regions,
                int line, int column) {
  if (!regions) return make_board_on(n, std::move(cells), variant, nullptr, line, column);
  if (regions->size() != cells.size()) {
    throw ParseError(line, column,
                     "region map of " + std::to_string(regions->size()) + " characters; expected " +
                         std::to_string(cells.size()));
  }
  const auto labels = region_labels(*regions, n, line, column);
  return make_board_on(n, std::move(cells), variant, &labels, line, column);
}

// Runs `make` (which builds a killer board) turning its errors into ParseErrors at `line`;
// a KillerTextError's index is a 0-based position in the text that starts at 1-based
// column `column` (0: no column).
template <class Make>
Grid killer_board(int line, int column, Make make) {
  Grid grid;
  try {
    grid = make();
  } catch (const KillerTextError& e) {
    const int at = column && e.index() >= 0 ? column + e.index() : 0;
    throw ParseError(line, at,
                     (at ? "column " + std::to_string(at) + ": " : std::string()) + e.what());
  } catch (const CageError& e) {
    throw ParseError(line, 0, std::string("cage: ") + e.what());
  } catch (const VariantError& e) {
    throw ParseError(line, 0, e.what());
  } catch (const GeometryError& e) {
    throw ParseError(line, 0, e.what());
  }
  // Givens no cage can hold are a record error, as malformed cages are.
  if (const std::string bad = describe_cage_violation(grid); !bad.empty()) {
    throw ParseError(line, 0, bad);
  }
  return grid;
}

}  // namespace

Variant RecordReader::record_variant(const Line& line, const std::string* column) const {
  if (!column || trim(*column).empty()) return options_.variant.value_or(Variant());
  Variant v;
  try {
    v = Variant::parse(trim(*column));
  } catch (const VariantError& e) {
    throw ParseError(line.number, 0, e.what());
  }
  if (options_.variant && !(*options_.variant == v)) {
    throw ParseError(
        line.number, 0,
        "variant " + v.name() + " where " + options_.variant->name() + " was asked for");
  }
  return v;
}

RecordReader::RecordReader(std::istream& in, ReaderOptions options) : in_(in), options_(options) {}

bool RecordReader::read_line(Line& out) {
  if (pushed_back_) {
    out = std::move(*pushed_back_);
    pushed_back_.reset();
    return true;
  }
  out.text.clear();
  out.too_long = false;
  // Read by hand so a huge line cannot exhaust memory: past the limit we keep scanning
  // for the newline but stop storing.
  std::streambuf* buf = in_.rdbuf();
  bool any = false;
  for (;;) {
    const int ch = buf->sbumpc();
    if (ch == std::char_traits<char>::eof()) break;
    any = true;
    if (ch == '\n') break;
    if (out.text.size() < options_.max_line_length) {
      out.text.push_back(static_cast<char>(ch));
    } else {
      out.too_long = true;
    }
  }
  if (!any) return false;
  out.number = ++line_number_;
  if (!out.text.empty() && out.text.back() == '\r') out.text.pop_back();
  if (out.number == 1 && out.text.rfind("\xEF\xBB\xBF", 0) == 0) out.text.erase(0, 3);
  return true;
}

bool RecordReader::peek_line(Line& out) {
  if (!read_line(out)) return false;
  pushed_back_ = out;
  return true;
}

void RecordReader::unread(Line line) {
  pushed_back_ = std::move(line);
}

std::optional<Record> RecordReader::next() {
  Line line;
  while (!done_) {
    if (!read_line(line)) {
      done_ = true;
      break;
    }
    if (line.too_long) {
      throw ParseError(
          line.number, 0,
          "line longer than " + std::to_string(options_.max_line_length) + " characters");
    }
    const std::string t = trim(line.text);
    if (t.empty() || t[0] == '#') continue;
    if (t == "end" || t == "END") {
      done_ = true;
      break;
    }
    if (in_csv_) return parse_csv_record(line);

    const std::string_view first = std::string_view(t).substr(0, find_blank(t, 0));
    if (options_.format != FormatHint::kCsv && looks_like_solo_id(first)) {
      return parse_solo_record(line);
    }
    if (options_.format != FormatHint::kCsv && looks_like_killer_text(first)) {
      return parse_killer_record(line);
    }
    // A line that is only a killer variant's name ("killer", "killer+x") opens a block.
    if (options_.format != FormatHint::kCsv && looks_like_killer_text(t + ":")) {
      return parse_killer_block(line);
    }
    if (options_.format == FormatHint::kCsv ||
        (options_.format == FormatHint::kAuto && may_be_csv_header(t))) {
      const auto header = split_csv(t);
      const auto it = std::find_if(header.begin(), header.end(),
                                   [](const std::string& f) { return trim(f) == "puzzle"; });
      if (it != header.end()) {
        in_csv_ = true;
        csv_puzzle_column_ = static_cast<int>(it - header.begin());
        const auto column = [&](const char* name) {
          const auto at = std::find_if(header.begin(), header.end(),
                                       [&](const std::string& f) { return trim(f) == name; });
          return at == header.end() ? -1 : static_cast<int>(at - header.begin());
        };
        csv_variant_column_ = column("variant");
        csv_regions_column_ = column("regions");
        continue;
      }
      if (options_.format == FormatHint::kCsv) {
        throw ParseError(line.number, 0, "CSV input needs a header line with a 'puzzle' column");
      }
    }

    const std::size_t b = line.text.find_first_not_of(" \t");
    const std::size_t e = find_blank(line.text, b);
    const std::string token = line.text.substr(b, e == std::string::npos ? e : e - b);
    const std::string trailer = e == std::string::npos ? "" : trim(line.text.substr(e));
    if (options_.format == FormatHint::kLine) return parse_line_record(line, token, trailer);
    if (options_.format == FormatHint::kGrid) return parse_grid_record(line);

    const bool jigsaw = options_.variant && options_.variant->has(Variant::kJigsaw);
    auto n = size_for_cells(token.size(), jigsaw);
    if (n && *n == 4) {
      // 16 symbols: a whole 4x4 puzzle, or the first row of a 16x16 grid.
      const bool small = std::all_of(token.begin(), token.end(), [](char c) {
        return (c >= '1' && c <= '4') || Alphabet::is_empty_char(c);
      });
      if (options_.size ? *options_.size == 16 : !small) n.reset();
    }
    // A single token longer than any row can only be meant as a line record.
    if (n || token.size() > 25) return parse_line_record(line, token, trailer);
    return parse_grid_record(line);
  }
  return std::nullopt;
}

Record RecordReader::parse_line_record(const Line& line, const std::string& token,
                                       std::string trailer, const std::string* variant_column,
                                       const std::string* regions_column) {
  const Variant variant = record_variant(line, variant_column);
  if (variant.has(Variant::kKiller)) {
    return parse_killer_cells(line, token, std::move(trailer), variant, regions_column);
  }
  const bool jigsaw = variant.has(Variant::kJigsaw);
  const auto n = size_for_cells(token.size(), jigsaw);
  if (!n) {
    throw ParseError(line.number, 0,
                     "a puzzle of " + std::to_string(token.size()) + " symbols; expected " +
                         (jigsaw ? std::string("N*N for a jigsaw of N = 4 to 16")
                                 : std::string("16, 36, 81, 144, 256 or 625 (N*N for N = 4, 6, "
                                               "9, 12, 16, 25)")));
  }
  check_size(*n, options_, line.number);
  const std::size_t offset = line.text.find(token);
  std::vector<int> lines(token.size(), line.number), columns(token.size());
  for (std::size_t i = 0; i < token.size(); ++i) columns[i] = static_cast<int>(offset + i + 1);
  Record r;
  r.style.alphabet = pick_alphabet(*n, token, options_);
  auto cells = fill_cells(*n, token, r.style.alphabet, lines, columns, {});
  std::string regions;
  int regions_at = 0;  // 1-based column of the map's first character (0: a CSV field)
  if (jigsaw) {
    if (regions_column) {
      regions = trim(*regions_column);
    } else {
      // GIVENS REGIONS [trailer]
      const std::size_t b = trailer.find_first_not_of(" \t");
      if (b != std::string::npos) {
        const std::size_t e = trailer.find_first_of(" \t", b);
        regions = trailer.substr(b, e == std::string::npos ? e : e - b);
        trailer = e == std::string::npos ? "" : trim(trailer.substr(e));
        regions_at = static_cast<int>(line.text.find(regions, offset + token.size())) + 1;
      }
    }
    if (regions.empty()) {
      throw ParseError(line.number, 0, "a jigsaw record needs its region map after the givens");
    }
  }
  r.grid = make_board(*n, std::move(cells), variant, jigsaw ? &regions : nullptr, line.number,
                      regions_at);
  r.style.layout = Layout::kLine;
  r.style.empty = first_empty_char(token, '.');
  r.line = line.number;
  r.trailer = std::move(trailer);
  return r;
}

Record RecordReader::parse_killer_record(const Line& line) {
  const std::size_t b = line.text.find_first_not_of(" \t");
  const std::size_t e = line.text.find_first_of(" \t", b);
  const std::string token = line.text.substr(b, e == std::string::npos ? e : e - b);
  Record r;
  r.grid =
      killer_board(line.number, static_cast<int>(b) + 1, [&] { return parse_killer_text(token); });
  const Variant v = Variant::of(r.grid.geometry());
  if (options_.variant && !(v == *options_.variant)) {
    throw ParseError(
        line.number, 0,
        "variant " + v.name() + " where " + options_.variant->name() + " was asked for");
  }
  check_size(r.grid.size(), options_, line.number);
  r.style.alphabet = Alphabet::standard(r.grid.size());
  r.style.layout = Layout::kLine;
  r.line = line.number;
  r.trailer = e == std::string::npos ? "" : trim(line.text.substr(e));
  return r;
}

Record RecordReader::parse_killer_block(const Line& first) {
  const auto fail = [&](int line, const std::string& what) {
    throw ParseError(line, 0, "killer block: " + what);
  };
  std::string map;
  std::size_t n = 0;
  Line l;
  while (n == 0 || map.size() < n * n) {
    if (!read_line(l)) fail(first.number, "the input ends inside the cage map");
    const std::string row = trim(l.text);
    if (n == 0) {
      n = row.size();
      if (n != 4 && n != 6 && n != 9) {
        fail(l.number,
             "a cage map row of " + std::to_string(n) + " characters; expected 4, 6 or 9");
      }
    } else if (row.size() != n) {
      fail(l.number, "a cage map row of " + std::to_string(row.size()) + " characters; expected " +
                         std::to_string(n));
    }
    map += row;
  }
  if (!read_line(l)) fail(first.number, "no sums after the cage map");
  const std::string sums = trim(l.text);
  // Givens: N rows of symbols and empties right after the sums; a blank line ends the
  // block without them.
  const auto givens_row = [&](const std::string& row) {
    return row.size() == n && std::all_of(row.begin(), row.end(), [](char c) {
             return (c >= '0' && c <= '9') || Alphabet::is_empty_char(c);
           });
  };
  std::string givens;
  for (std::size_t row = 0; row < n; ++row) {
    if (!peek_line(l) || !givens_row(trim(l.text))) {
      if (row == 0) break;
      read_line(l);  // the bad row is the record's: the next record starts after it
      fail(l.number, "a row of givens of " + std::to_string(trim(l.text).size()) +
                         " symbols; expected " + std::to_string(n) + " rows of " +
                         std::to_string(n));
    }
    read_line(l);
    givens += trim(l.text);
  }
  const std::string token =
      trim(first.text) + ":" + map + ";" + sums + (givens.empty() ? "" : ";" + givens);
  Record r;
  r.grid = killer_board(first.number, 0, [&] { return parse_killer_text(token); });
  const Variant v = Variant::of(r.grid.geometry());
  if (options_.variant && !(v == *options_.variant)) {
    fail(first.number,
         "variant " + v.name() + " where " + options_.variant->name() + " was asked for");
  }
  check_size(r.grid.size(), options_, first.number);
  r.style.alphabet = Alphabet::standard(r.grid.size());
  r.style.layout = Layout::kLine;
  r.line = first.number;
  return r;
}

Record RecordReader::parse_killer_cells(const Line& line, const std::string& token,
                                        std::string trailer, const Variant& variant,
                                        const std::string* layout) {
  if (!layout || trim(*layout).empty()) {
    throw ParseError(line.number, 0,
                     "a killer record needs its cages: the killer text form (README: Killer "
                     "Sudoku) or a CSV regions column");
  }
  Record r;
  r.grid = killer_board(line.number, 0, [&] {
    const Geometry board = parse_killer_layout(variant, trim(*layout));
    if (static_cast<int>(token.size()) != board.cell_count()) {
      throw KillerTextError(-1, "a puzzle of " + std::to_string(token.size()) +
                                    " symbols on a board of " + std::to_string(board.cell_count()) +
                                    " cells");
    }
    const Alphabet alphabet = Alphabet::standard(board.size());
    Grid grid(board);
    for (int cell = 0; cell < board.cell_count(); ++cell) {
      const char c = token[cell];
      const int v = Alphabet::is_empty_char(c) ? 0 : alphabet.value(c);
      if (v < 0) throw KillerTextError(-1, std::string("'") + c + "' is no symbol of the board");
      grid.set(cell, v);
    }
    return grid;
  });
  check_size(r.grid.size(), options_, line.number);
  r.style.alphabet = Alphabet::standard(r.grid.size());
  r.style.layout = Layout::kLine;
  r.style.empty = first_empty_char(token, '.');
  r.line = line.number;
  r.trailer = std::move(trailer);
  return r;
}

Record RecordReader::parse_solo_record(const Line& line) {
  const std::size_t b = line.text.find_first_not_of(" \t");
  const std::size_t e = line.text.find_first_of(" \t", b);
  const std::string id = line.text.substr(b, e == std::string::npos ? e : e - b);
  SoloPuzzle solo;
  try {
    solo = decode_solo_id(id);
  } catch (const SoloIdError& err) {
    const int column = err.index() < 0 ? 0 : static_cast<int>(b) + err.index() + 1;
    throw ParseError(line.number, column,
                     (column ? "column " + std::to_string(column) + ": " : std::string()) +
                         "Solo game ID: " + err.what());
  }
  check_size(solo.n, options_, line.number);
  std::uint32_t flags = Variant::kJigsaw;  // dropped again when the regions are the boxes
  if (solo.x) flags |= Variant::kX;
  Record r;
  if (solo.killer) {
    r.grid = killer_board(line.number, 0, [&] {
      const Variant v(Variant::kKiller | (solo.x ? Variant::kX : 0u));
      return Grid(v.apply(Geometry::for_size(solo.n).with_cages(solo.cages)), solo.givens);
    });
  } else {
    r.grid = make_board_on(solo.n, std::move(solo.givens), Variant(flags), &solo.region_of_cell,
                           line.number, 0);
  }
  if (options_.variant && !(Variant::of(r.grid.geometry()) == *options_.variant)) {
    throw ParseError(line.number, 0,
                     "Solo game ID of variant " + Variant::of(r.grid.geometry()).name() +
                         " where " + options_.variant->name() + " was asked for");
  }
  r.style.alphabet = pick_alphabet(solo.n, "", options_);
  r.style.layout = Layout::kLine;
  r.style.empty = '.';
  r.line = line.number;
  r.trailer = e == std::string::npos ? "" : trim(line.text.substr(e));
  return r;
}

Record RecordReader::parse_grid_record(const Line& first) {
  // Rows are tokenised one of two ways: spaced (whitespace-separated tokens, each one
  // symbol or a decimal number) or packed (every non-space character is a symbol).
  std::string symbols;
  std::vector<int> lines, columns, numbers;
  bool spaced = false, numeric = false;
  int n = 0, rows = 0;
  Line line = first;
  const Variant variant = record_variant(first, nullptr);
  const bool jigsaw = variant.has(Variant::kJigsaw);

  auto fail_and_skip = [&](int at_line, int col, const std::string& msg) {
    // Skip what is left of this record: up to n rows in all, or to a blank line.
    Line skip;
    for (int r = rows + 1; r < std::max(n, 1); ++r) {
      if (!read_line(skip)) break;
      if (is_blank(skip.text) || trim(skip.text) == "end") {
        unread(skip);
        break;
      }
    }
    throw ParseError(at_line, col, msg);
  };

  for (;;) {
    std::vector<std::pair<std::string, int>> tokens;  // token, 1-based column
    const std::string& s = line.text;
    bool row_spaced = false;
    for (std::size_t i = 0; i < s.size();) {
      if (is_space(s[i])) {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < s.size() && !is_space(s[j])) ++j;
      tokens.emplace_back(s.substr(i, j - i), static_cast<int>(i + 1));
      i = j;
    }
    row_spaced = tokens.size() > 1;
    std::vector<std::pair<std::string, int>> cells;
    if (row_spaced) {
      cells = tokens;
    } else if (!tokens.empty()) {
      for (std::size_t k = 0; k < tokens[0].first.size(); ++k) {
        cells.emplace_back(std::string(1, tokens[0].first[k]),
                           tokens[0].second + static_cast<int>(k));
      }
    }
    if (rows == 0) {
      n = static_cast<int>(cells.size());
      spaced = row_spaced;
      if (!(jigsaw ? n >= 4 && n <= 16 : Geometry::is_supported_size(n))) {
        const int got = n;
        n = 0;
        fail_and_skip(line.number, 0,
                      "a row of " + std::to_string(got) +
                          " symbols: not a supported size (rows of 4, 6, 9, 12, 16 or 25 "
                          "symbols, or one line of N*N symbols)");
      }
      try {
        check_size(n, options_, line.number);
      } catch (const ParseError& e) {
        fail_and_skip(line.number, 0, e.what());
      }
    } else if (static_cast<int>(cells.size()) != n) {
      fail_and_skip(line.number, 0,
                    "row " + std::to_string(rows + 1) + " has " + std::to_string(cells.size()) +
                        " symbols; expected " + std::to_string(n));
    }
    for (auto& [tok, col] : cells) {
      int value = -1;
      if (tok.size() == 1) {
        symbols += tok[0];
      } else {
        // A multi-character token must be a number 0..N (spaced numeric layout).
        const bool digits =
            std::all_of(tok.begin(), tok.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits || tok.size() > 2 || std::stoi(tok) > n) {
          fail_and_skip(line.number, col,
                        "column " + std::to_string(col) + ": unknown symbol '" + tok + "'");
        }
        value = std::stoi(tok);
        numeric = true;
        symbols += '0';
      }
      numbers.push_back(value);
      lines.push_back(line.number);
      columns.push_back(col);
    }
    ++rows;
    if (rows == n) break;
    if (!read_line(line) || is_blank(line.text) || trim(line.text) == "end") {
      if (line.number > first.number && (is_blank(line.text) || trim(line.text) == "end")) {
        unread(line);
      }
      throw ParseError(
          first.number, 0,
          "grid record ends after " + std::to_string(rows) + " of " + std::to_string(n) + " rows");
    }
    if (line.too_long) fail_and_skip(line.number, 0, "line too long");
  }

  Record r;
  r.style.alphabet = pick_alphabet(n, symbols, options_);
  if (numeric) {
    // Symbols written as single characters in a numeric record are digits 0..9.
    for (std::size_t i = 0; i < numbers.size(); ++i) {
      if (numbers[i] < 0) {
        const char c = symbols[i];
        if (c >= '0' && c <= '9')
          numbers[i] = c - '0';
        else if (Alphabet::is_empty_char(c))
          numbers[i] = 0;
      }
    }
  }
  // A jigsaw's region map: N rows right after the givens (a blank line between allowed).
  std::string regions;
  int regions_line = 0;
  std::optional<ParseError> bad_row;
  if (jigsaw) {
    for (int row = 0; row < n; ++row) {
      Line map_line;
      bool got = read_line(map_line);
      if (got && row == 0 && is_blank(map_line.text)) got = read_line(map_line);
      if (!got || is_blank(map_line.text) || trim(map_line.text) == "end") {
        if (got) unread(map_line);
        throw ParseError(first.number, 0,
                         "jigsaw record ends after " + std::to_string(row) + " of " +
                             std::to_string(n) + " region map rows");
      }
      if (row == 0) regions_line = map_line.number;
      std::string packed;
      for (char c : map_line.text) {
        if (!is_space(c)) packed += c;
      }
      if (static_cast<int>(packed.size()) != n && !bad_row) {
        // Reported once the map's rows are consumed, so the next record starts clean.
        bad_row = ParseError(map_line.number, 0,
                             "region map row " + std::to_string(row + 1) + " has " +
                                 std::to_string(packed.size()) + " characters; expected " +
                                 std::to_string(n));
      }
      regions += packed;
    }
    if (bad_row) throw *bad_row;
  }
  // The whole record was consumed already: errors below leave the reader at the next one.
  auto cells = fill_cells(n, symbols, r.style.alphabet, lines, columns,
                          numeric ? numbers : std::vector<int>{});
  r.grid = make_board(n, std::move(cells), variant, jigsaw ? &regions : nullptr,
                      jigsaw ? regions_line : first.number, 0);
  r.style.layout = Layout::kGrid;
  r.style.spaced = spaced;
  r.style.numeric = numeric;
  r.style.empty = first_empty_char(symbols, '.');
  r.line = first.number;
  return r;
}

Record RecordReader::parse_csv_record(const Line& line) {
  const auto fields = split_csv(line.text);
  if (csv_puzzle_column_ >= static_cast<int>(fields.size())) {
    throw ParseError(line.number, 0, "CSV row has no 'puzzle' field");
  }
  const std::string token = trim(fields[csv_puzzle_column_]);
  const auto field = [&](int column) -> const std::string* {
    return column >= 0 && column < static_cast<int>(fields.size()) ? &fields[column] : nullptr;
  };
  Record r =
      parse_line_record(line, token, "", field(csv_variant_column_), field(csv_regions_column_));
  r.trailer = trim(line.text);
  return r;
}

Record parse_one(const std::string& text, ReaderOptions options) {
  std::istringstream in(text);
  RecordReader reader(in, options);
  auto first = reader.next();
  if (!first) throw ParseError(1, 0, "no puzzle found");
  if (reader.next()) throw ParseError(1, 0, "more than one puzzle found");
  return *first;
}

}  // namespace sudoforge
