#include "printer.h"

#include <cstdio>

#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/variant.h"

namespace sudoforge::cli {

TextStyle Printer::style_for(const TextStyle& input) const {
  TextStyle style = input;
  if (format_ == OutputFormat::kLine) style.layout = Layout::kLine;
  if (format_ == OutputFormat::kGrid) {
    if (style.layout != Layout::kGrid) style.spaced = false;
    style.layout = Layout::kGrid;
  }
  return style;
}

void Printer::grid(const Grid& g, const TextStyle& input_style, const std::string& suffix) {
  const TextStyle style = style_for(input_style);
  std::string text;
  // to_text: a jigsaw's region map goes with its grid, as the reader reads it back.
  if (style.layout == Layout::kGrid) {
    if (any_grid_) text += '\n';
    text += to_text(g, style);
    if (!suffix.empty()) text += suffix + '\n';
  } else {
    text = to_text(g, style);
    text.insert(text.size() - 1, suffix);
  }
  any_grid_ = true;
  out_ << text;
}

void Printer::line(const std::string& text) {
  out_ << text << '\n';
}

void Printer::csv_header(const std::vector<std::string>& columns) {
  csv_row(columns);
}

void Printer::csv_row(const std::vector<std::string>& fields) {
  std::string text;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) text += ',';
    text += csv_field(fields[i]);
  }
  out_ << text << '\n';
}

void Printer::json(const nlohmann::ordered_json& object) {
  out_ << (json_open_ ? ",\n" : "[\n") << object.dump();
  json_open_ = true;
}

void Printer::finish() {
  if (finished_) return;
  finished_ = true;
  if (format_ == OutputFormat::kJson) out_ << (json_open_ ? "\n]\n" : "[]\n");
  out_.flush();
}

void print_rows(std::ostream& stream, OutputFormat format, const std::string& title,
                const std::vector<TableColumn>& columns,
                const std::vector<nlohmann::ordered_json>& rows) {
  Printer out(stream, format);
  if (format == OutputFormat::kJson) {
    for (const auto& row : rows) out.json(row);
    return;
  }
  // One line of the table: the headers for no row.
  auto line_of = [&](const nlohmann::ordered_json* row) {
    std::string line;
    for (const TableColumn& c : columns) {
      char buf[256];
      const bool text = c.precision == TableColumn::kText;
      if (!row || text) {
        std::string s = row ? (*row)[c.key].get<std::string>() : c.header;
        const auto width = static_cast<std::size_t>(c.width);
        if (s.size() > width) s = "..." + s.substr(s.size() - (width - 3));
        std::snprintf(buf, sizeof buf, text ? "%-*s" : "%*s", c.width, s.c_str());
      } else if (c.precision == TableColumn::kWhole) {
        std::snprintf(buf, sizeof buf, "%*llu", c.width, (*row)[c.key].get<unsigned long long>());
      } else {
        std::snprintf(buf, sizeof buf, "%*.*f", c.width, c.precision, (*row)[c.key].get<double>());
      }
      line += (line.empty() ? "" : " ") + std::string(buf);
    }
    return line;
  };
  out.line(title);
  out.line(line_of(nullptr));
  for (const auto& row : rows) out.line(line_of(&row));
}

std::string rating_text(const std::optional<double>& rating) {
  if (!rating) return "";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", *rating);
  return text;
}

std::vector<std::string> with_board_columns(std::vector<std::string> header) {
  header.insert(header.end(), {"variant", "regions"});
  return header;
}

std::vector<std::string> board_fields(const Grid& grid, const Alphabet& alphabet) {
  const Geometry& g = grid.geometry();
  return {Variant::of(g).name(), g.has_cages() ? killer_layout(g) : region_map(g, alphabet)};
}

void add_board_fields(nlohmann::ordered_json& object, const Grid& grid, const Alphabet& alphabet) {
  const Geometry& g = grid.geometry();
  object["variant"] = Variant::of(g).name();
  const std::string regions = region_map(g, alphabet);
  if (!regions.empty()) object["regions"] = regions;
  if (!g.has_cages()) return;
  nlohmann::ordered_json cages = nlohmann::ordered_json::array();
  for (const Cage& cage : g.cages()) {
    nlohmann::ordered_json c;
    c["sum"] = cage.sum;
    c["cells"] = cage.cells;
    cages.push_back(std::move(c));
  }
  object["cages"] = std::move(cages);
}

std::vector<std::string> with_board_fields(std::vector<std::string> row, const Grid& grid,
                                           const Alphabet& alphabet) {
  for (std::string& field : board_fields(grid, alphabet)) row.push_back(std::move(field));
  return row;
}

}  // namespace sudoforge::cli
