#include "printer.h"

#include "sudoforge/core/record_writer.h"

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
  if (style.layout == Layout::kGrid) {
    if (any_grid_) text += '\n';
    text += to_grid(g, style);
    if (!suffix.empty()) text += suffix + '\n';
  } else {
    text = to_line(g, style) + suffix + '\n';
  }
  any_grid_ = true;
  out_ << text;
}

void Printer::line(const std::string& text) { out_ << text << '\n'; }

void Printer::csv_header(const std::vector<std::string>& columns) { csv_row(columns); }

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

}  // namespace sudoforge::cli
