#include "json_input.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "sudoforge/core/errors.h"
#include "sudoforge/core/killer.h"
#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/variant.h"

namespace sudoforge::cli {
namespace {

// The line form of one object (killer token, `GIVENS REGIONS`, or the givens) and the
// reader options that read it. Throws std::exception with the message for the user.
std::string line_form(const nlohmann::json& object, ReaderOptions& options) {
  if (!object.is_object()) throw std::invalid_argument("not a JSON object");
  if (!object.contains("puzzle") || !object["puzzle"].is_string()) {
    throw std::invalid_argument("no \"puzzle\" string");
  }
  const std::string puzzle = object["puzzle"];
  Variant variant;
  if (object.contains("variant")) variant = Variant::parse(object["variant"].get<std::string>());
  if (!variant.has(Variant::kKiller)) {
    if (options.variant && !(*options.variant == variant)) {
      throw std::invalid_argument("variant " + variant.name() + ", not --variant " +
                                  options.variant->name());
    }
    options.variant = variant;
    if (!object.contains("regions")) return puzzle;
    return puzzle + " " + object["regions"].get<std::string>();
  }
  if (!object.contains("cages") || !object["cages"].is_array()) {
    throw std::invalid_argument("a killer without a \"cages\" list");
  }
  const int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(puzzle.size()))));
  if (n * n != static_cast<int>(puzzle.size()) || n < 4 || n > kMaxKillerSize) {
    throw std::invalid_argument("a killer puzzle of " + std::to_string(puzzle.size()) +
                                " cells; expected 16, 36 or 81");
  }
  std::vector<Cage> cages;
  for (const auto& c : object["cages"]) {
    cages.push_back({c.at("sum").get<int>(), c.at("cells").get<std::vector<int>>()});
  }
  const Geometry base = Variant(variant.flags() & ~Variant::kKiller).apply(Geometry::for_size(n));
  return variant.name() + ":" + killer_layout(base.with_cages(std::move(cages))) + ";" + puzzle;
}

}  // namespace

bool starts_json(std::istream& in) {
  const int c = in.peek();
  return c == '[' || c == '{';
}

bool for_each_json_record(std::istream& in, const std::string& name, const ReaderOptions& options,
                          Diagnostics& diagnostics,
                          const std::function<bool(const Record&, const std::string&)>& on_record) {
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == ',')) {
      line.pop_back();
    }
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line == "[" || line == "]" || line == "[]") continue;
    diagnostics.count_record();
    ReaderOptions one = options;
    one.format = FormatHint::kLine;
    std::string text;
    try {
      text = line_form(nlohmann::json::parse(line.substr(start)), one);
    } catch (const std::exception& e) {
      diagnostics.record_error(name, number, e.what());
      continue;
    }
    std::istringstream form(text);
    RecordReader reader(form, one);
    try {
      std::optional<Record> record = reader.next();
      if (!record) throw ParseError(1, 1, "an empty puzzle");
      record->line = number;
      if (!on_record(*record, name)) return false;
    } catch (const ParseError& e) {
      diagnostics.record_error(name, number, e.what());
    }
  }
  return true;
}

}  // namespace sudoforge::cli
