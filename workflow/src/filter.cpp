#include "sudoforge/workflow/filter.h"

#include <sstream>

#include "sudoforge/core/geometry.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/grader/techniques.h"

namespace sudoforge::workflow {

grader::Level parse_level(std::string_view name, const std::string& text) {
  const auto level = grader::parse_level(text);
  if (!level) {
    throw FilterError("bad " + std::string(name) + " '" + text +
                      "': use easy, medium, hard, expert, diabolical or extreme");
  }
  return *level;
}

std::string level_filter(std::string_view name, const std::string& text) {
  return std::string(grader::level_name(parse_level(name, text)));
}

std::string technique_filter(std::string_view name, const std::string& text) {
  const auto canonical = grader::resolve_technique(text);
  if (!canonical) {
    std::string known;
    for (std::string_view n : grader::technique_names()) {
      known.append(known.empty() ? "" : ", ").append(n);
    }
    throw FilterError("unknown " + std::string(name) + " '" + text +
                      "'; the known techniques are: " + known);
  }
  return std::string(*canonical);
}

std::pair<int, int> clues_filter(std::string_view name, const std::string& text) {
  int a = 0, b = 0;
  char dash = 0, extra = 0;
  std::istringstream in(text);
  if ((in >> a) && !(in >> dash)) {
    b = a;
  } else if (!(dash == '-' && (in >> b) && !(in >> extra)) || a > b || a < 0) {
    throw FilterError("bad " + std::string(name) + " '" + text + "': use A-B or A");
  }
  return {a, b};
}

std::string symmetry_filter(std::string_view name, const std::string& text) {
  try {
    if (parse_symmetry(text) != Symmetry::kRandom) return text;
  } catch (const SymmetryError&) {
  }
  throw FilterError("bad " + std::string(name) + " '" + text + "'");
}

int size_filter(std::string_view name, int size) {
  if (!Geometry::is_supported_size(size)) {
    throw FilterError("bad " + std::string(name) + " " + std::to_string(size));
  }
  return size;
}

std::string variant_filter(std::string_view name, const std::string& text) {
  try {
    return Variant::parse(text).name();
  } catch (const VariantError& e) {
    throw FilterError("bad " + std::string(name) + ": " + e.what());
  }
}

db::QueryFilter::Order order_filter(std::string_view name, const std::string& text) {
  using Order = db::QueryFilter::Order;
  if (text == "id") return Order::kId;
  if (text == "rating") return Order::kRating;
  if (text == "clues") return Order::kClues;
  if (text == "random") return Order::kRandom;
  throw FilterError("bad " + std::string(name) + " '" + text +
                    "': use id, rating, clues or random");
}

}  // namespace sudoforge::workflow
