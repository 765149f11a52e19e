#pragma once
// Reading puzzle records from the files named on a command line, with per-record error
// reporting: a bad record becomes `FILE:LINE: message` on stderr and the rest go on.
#include <cstdint>
#include <functional>
#include <optional>
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
  // Under --time-limit, the first record not finished when the time ran out: a failed
  // record (exit 1), `FILE:LINE: not finished within the time limit`, which says too that
  // the records after it were not started. Every command with --time-limit that reads
  // records reports it this way.
  void unfinished(const std::string& source, int line);
  // Counts a record met in the input, good or bad (for_each_record does).
  void count_record() { ++records_; }
  long long records_read() const { return records_; }
  // `sudoforge COMMAND: no puzzles read` on stderr when the input held no record at all
  // (and no file failed to open). An empty input is no bad record: the exit code stays
  // as it is (0 when nothing else failed), the same for every command that reads puzzles.
  void note_empty_input(const std::string& command) const;
  int exit_code() const;
  long long failed_records() const { return failed_; }

 private:
  long long failed_ = 0;
  long long records_ = 0;
  bool io_failed_ = false;
};

// Calls on_record for every good record of `files` in order ("-" or no files: stdin).
// Bad records and unreadable files are reported through `diagnostics`.
// on_record returns false to stop early (e.g. after a time limit).
// How many records `files` hold (bad ones included), read without acting on them; nullopt
// when one of them is stdin or not a regular file (a pipe cannot be read twice). For
// progress lines, whose total is worth a cheap extra read of the input.
std::optional<std::uint64_t> count_records(const std::vector<std::string>& files,
                                           const ReaderOptions& options);

void for_each_record(const std::vector<std::string>& files, const ReaderOptions& options,
                     Diagnostics& diagnostics,
                     const std::function<bool(const Record&, const std::string& source)>& on_record);

// Commands that handle no killer board yet (grade, canon, db import: their
// techniques and canonical forms know no cages) skip a killer record with the
// record error `FILE:LINE: COMMAND does not handle killer puzzles yet`; true when `rec` is
// one (then it was reported).
bool skip_killer(const Record& rec, const std::string& source, const std::string& command,
                 Diagnostics& diagnostics);

}  // namespace sudoforge::cli
