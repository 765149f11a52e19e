// Reads every record of a text, collecting parse errors instead of stopping at them (the
// way the CLI reads a file: report the bad record, go on with the next).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"

namespace sudoforge::test {

struct ReadAll {
  std::vector<Record> records;
  std::vector<ParseError> errors;
};

inline ReadAll read_all(const std::string& text, ReaderOptions options = {}) {
  std::istringstream in(text);
  RecordReader reader(in, options);
  ReadAll out;
  for (;;) {
    try {
      auto r = reader.next();
      if (!r) break;
      out.records.push_back(*r);
    } catch (const ParseError& e) {
      out.errors.push_back(e);
    }
  }
  return out;
}

}  // namespace sudoforge::test
