#pragma once
// Typed errors thrown by the library. Library code never prints; the CLI turns these
// into `FILE:LINE: message` lines and exit codes.
#include <stdexcept>
#include <string>

namespace sudoforge {

// An unsupported board shape or size.
class GeometryError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A malformed record. line is 1-based within its source; column is 1-based, 0 when the
// problem is the record as a whole.
class ParseError : public std::runtime_error {
 public:
  ParseError(int line, int column, const std::string& what)
      : std::runtime_error(what), line_(line), column_(column) {}
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  int line_;
  int column_;
};

}  // namespace sudoforge
