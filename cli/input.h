#pragma once
// Reading puzzle records from the files named on a command line, with per-record error
// reporting: a bad record becomes `FILE:LINE: message` on stderr and the rest go on.
#include <functional>
#include <string>
#include <vector>

#include "sudoforge/core/record_reader.h"

namespace sudoforge::cli {

// Collects what went wrong during a run and turns it into the documented exit code.
class Diagnostics {
 public:
  // `FILE:LINE: message` for one bad record (exit 1 at the end).
  void record_error(const std::string& source, int line, const std::string& message);
  // A record that is fine but deserves a note; does not change the exit code.
  void warning(const std::string& source, int line, const std::string& message);
  // A file that cannot be read or written (exit 3 at the end).
  void io_error(const std::string& message);
  int exit_code() const;
  long long failed_records() const { return failed_; }

 private:
  long long failed_ = 0;
  bool io_failed_ = false;
};

// Calls on_record for every good record of `files` in order ("-" or no files: stdin).
// Bad records and unreadable files are reported through `diagnostics`.
// on_record returns false to stop early (e.g. after a time limit).
void for_each_record(const std::vector<std::string>& files, const ReaderOptions& options,
                     Diagnostics& diagnostics,
                     const std::function<bool(const Record&, const std::string& source)>& on_record);

}  // namespace sudoforge::cli
