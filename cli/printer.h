#pragma once
// Printer: writes a command's results to stdout in the chosen output format. Grid records
// are separated by a blank line; JSON is one array streamed object by object; every record
// is written whole, so an interrupted run never leaves half a line.
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli_common.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/core/text_style.h"

namespace sudoforge::cli {

class Printer {
 public:
  Printer(std::ostream& out, OutputFormat format) : out_(out), format_(format) {}
  ~Printer() { finish(); }

  OutputFormat format() const { return format_; }
  bool structured() const {
    return format_ == OutputFormat::kCsv || format_ == OutputFormat::kJson;
  }

  // The layout a grid is written in: the input's own for kInKind, else the chosen one.
  TextStyle style_for(const TextStyle& input) const;
  // A grid in text form, with `suffix` after a line record (e.g. " nodes=5 guesses=0")
  // or on its own line after a grid record.
  void grid(const Grid& grid, const TextStyle& input_style, const std::string& suffix = "");
  // A plain line (counts, scores).
  void line(const std::string& text);
  void csv_header(const std::vector<std::string>& columns);
  void csv_row(const std::vector<std::string>& fields);
  void json(const nlohmann::ordered_json& object);
  // Closes the JSON array (idempotent); flushes.
  void finish();

 private:
  std::ostream& out_;
  OutputFormat format_;
  bool any_grid_ = false;
  bool json_open_ = false;
  bool finished_ = false;
};

// A rating to one decimal ("4.5"), empty when unknown: every rating column's text.
std::string rating_text(const std::optional<double>& rating);

// The board of a puzzle in machine-readable output (README: Variants). Every CSV record of
// a puzzle ends with the columns `variant` (the --variant spelling: classic, x, x+windoku,
// jigsaw ...) and `regions` (a jigsaw's region map in the record's alphabet, empty on a
// board with boxes; on a killer board its cages as MAP;SUMS, killer_text.h); every JSON
// object carries "variant", "regions" on a jigsaw board, and on a killer board "cages": a
// list of {"sum": S, "cells": [...]} with 0-based row-major cell indices, by first cell.
// `header` followed by the board columns.
std::vector<std::string> with_board_columns(std::vector<std::string> header);
std::vector<std::string> board_fields(const Grid& grid, const Alphabet& alphabet);
void add_board_fields(nlohmann::ordered_json& object, const Grid& grid, const Alphabet& alphabet);
// `row` followed by the board fields of `grid`.
std::vector<std::string> with_board_fields(std::vector<std::string> row, const Grid& grid,
                                           const Alphabet& alphabet);

// A column of a table of results: the value `key` of each row (a JSON object) under
// `header`, right-aligned in `width` characters with `precision` digits after the point;
// kWhole for a whole number, kText for text aligned left (cut at its start to fit).
struct TableColumn {
  static constexpr int kWhole = -1, kText = -2;
  const char* key;
  const char* header;
  int width;
  int precision;
};

// `rows` as a table of `columns` under a `title` line (kLine), or as a JSON array of the
// rows whole (kJson: every key, in or out of the table).
void print_rows(std::ostream& out, OutputFormat format, const std::string& title,
                const std::vector<TableColumn>& columns,
                const std::vector<nlohmann::ordered_json>& rows);

}  // namespace sudoforge::cli
