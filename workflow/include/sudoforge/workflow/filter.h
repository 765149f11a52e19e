#pragma once
// The catalogue filter as front ends spell it: each value arrives as text (a command-line
// option, an HTTP query parameter, a JSON field) and is checked and resolved here to what
// db::QueryFilter holds, so `db query` and `serve` accept and refuse exactly the same
// values. Every function throws FilterError, whose message names the value as the caller
// spells it (`name`: "--level" on the command line, "level" in the HTTP API).
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "sudoforge/db/catalogue.h"
#include "sudoforge/grader/grader.h"

namespace sudoforge::workflow {

class FilterError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A level in any case.
grader::Level parse_level(std::string_view name, const std::string& text);
// The level as the catalogue stores it ("hard").
std::string level_filter(std::string_view name, const std::string& text);
// A technique in any of its usual spellings, as the catalogue stores it.
std::string technique_filter(std::string_view name, const std::string& text);
// A clue count "A-B" or "A": (min, max).
std::pair<int, int> clues_filter(std::string_view name, const std::string& text);
// A symmetry name other than "random".
std::string symmetry_filter(std::string_view name, const std::string& text);
// A supported board size N.
int size_filter(std::string_view name, int size);
// A variant ("x+windoku", any order), as Variant::name spells it.
std::string variant_filter(std::string_view name, const std::string& text);
// id, rating, clues or random.
db::QueryFilter::Order order_filter(std::string_view name, const std::string& text);

}  // namespace sudoforge::workflow
