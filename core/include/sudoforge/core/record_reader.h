#pragma once
// RecordReader: reads puzzles from text, one record at a time, detecting the layout of
// each record (line, grid, or CSV with a `puzzle` column) unless told.
//
// Accepted input:
//  - line: N*N symbols on one line; text after the first whitespace is kept as the
//    record's `trailer` (ratings, comments). A 16-character token made only of 1-4 and
//    empties is a 4x4 puzzle; any other is the first row of a 16x16 grid.
//  - grid: N lines of N symbols, spaced or not (spaced tokens may also be the numbers
//    1..N, 0 for empty); consecutive records may or may not be separated by blank lines.
//  - csv: a header line naming a `puzzle` column, then one record per line.
//  - solo: a Simon Tatham's Solo game ID (`9j:GIVENS,BLOCKS`, `3x3x:GIVENS`; solo_id.h),
//    read in the auto and line layouts; the ID brings its board (boxes, jigsaw regions,
//    X diagonals), which must agree with ReaderOptions::variant when that is set.
//  - killer: a killer token (`killer:MAP;SUMS[;GIVENS]`, `killer+x:...`; killer_text.h), in
//    the auto and line layouts; or a killer block: a line `killer` (or `killer+x`), the
//    cage map's N rows, the sums line, then optionally N rows of givens right after it (a
//    blank line ends a block without givens: a grid record straight after one would be
//    read as its givens). A CSV record of variant killer carries MAP;SUMS in its
//    `regions` column. Cages that cannot be (killer.h) and givens their cage cannot hold
//    (validate.h describe_cage_violation) are record errors.
//  Lines starting with `#` are skipped; a line `end` ends the input; CRLF line ends and a
//  UTF-8 byte-order mark are accepted.
//
// Variants (variant.h). Every record is classic unless ReaderOptions::variant says
// otherwise or a CSV `variant` column names the record's variant (a record's column and
// the option must then agree). A jigsaw record carries its region map: N*N characters,
// one per cell, each region drawn with its own character (any N distinct non-space
// characters, N cells each, every region orthogonally connected; the board's alphabet,
// 1-9 on 9x9, is the usual choice). Where it goes:
//  - line: the token after the givens (`GIVENS REGIONS [trailer]`);
//  - grid: N rows of region characters right after the N rows of givens (a blank line
//    between them is allowed);
//  - csv: a `regions` column.
// A jigsaw board may have any size N from 4 to 16 (line and csv layouts: N*N symbols).
//
// Error contract: next() throws ParseError (with the 1-based line and column) for a
// malformed record after consuming it, so the caller can report it and call next() again
// to go on with the following records.
#include <istream>
#include <optional>
#include <string>

#include "sudoforge/core/grid.h"
#include "sudoforge/core/text_style.h"
#include "sudoforge/core/variant.h"

namespace sudoforge {

struct Record {
  Grid grid;
  TextStyle style;
  int line = 0;         // first line of the record, 1-based
  std::string trailer;  // line/csv layouts: what followed the puzzle on its line
};

enum class FormatHint { kAuto, kLine, kGrid, kCsv };

struct ReaderOptions {
  FormatHint format = FormatHint::kAuto;
  // When set, every record must have this size; it also settles the 4x4-or-16x16 question.
  std::optional<int> size;
  // When set, symbols are read in this alphabet kind instead of being detected.
  std::optional<Alphabet::Kind> alphabet;
  // Longest line accepted; longer lines are a record error (and are skipped whole).
  std::size_t max_line_length = 1 << 16;
  // The variant of every record (see above); unset: classic, or a CSV `variant` column.
  std::optional<Variant> variant;
};

class RecordReader {
 public:
  explicit RecordReader(std::istream& in, ReaderOptions options = {});

  // The next record, or nullopt at the end of input. Throws ParseError for a bad record
  // (already skipped: calling next() again continues after it).
  std::optional<Record> next();

 private:
  struct Line {
    std::string text;
    int number = 0;
    bool too_long = false;
  };
  bool read_line(Line& out);
  bool peek_line(Line& out);
  void unread(Line line);
  // `variant_column` and `regions_column`: a CSV record's fields, when it has them.
  Record parse_line_record(const Line& line, const std::string& token, std::string trailer,
                           const std::string* variant_column = nullptr,
                           const std::string* regions_column = nullptr);
  Record parse_grid_record(const Line& first);
  // A Simon Tatham's Solo game ID (solo_id.h) and its trailer.
  Record parse_solo_record(const Line& line);
  // A killer token (killer_text.h) and its trailer.
  Record parse_killer_record(const Line& line);
  // A killer block: `first` names the variant, then the map's N rows, the sums, optional
  // givens rows.
  Record parse_killer_block(const Line& first);
  // Givens of a killer variant whose cages come from `layout` (MAP;SUMS: a CSV regions
  // column).
  Record parse_killer_cells(const Line& line, const std::string& token, std::string trailer,
                            const Variant& variant, const std::string* layout);
  Record parse_csv_record(const Line& line);
  // The variant a record is read as: the option, else `column` (a CSV record's), else
  // classic. Throws ParseError when both are given and differ or the column is bad.
  Variant record_variant(const Line& line, const std::string* column) const;

  std::istream& in_;
  ReaderOptions options_;
  std::optional<Line> pushed_back_;
  int line_number_ = 0;
  bool done_ = false;
  bool in_csv_ = false;
  int csv_puzzle_column_ = -1;
  int csv_variant_column_ = -1, csv_regions_column_ = -1;
};

// Parses exactly one puzzle from a string in any accepted layout (convenience for tests
// and the CLI's positional arguments). Throws ParseError if there is not exactly one.
Record parse_one(const std::string& text, ReaderOptions options = {});

}  // namespace sudoforge
