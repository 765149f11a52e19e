#include "input.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli_common.h"
#include "json_input.h"
#include "sudoforge/core/errors.h"

namespace sudoforge::cli {

void Diagnostics::record_error(const std::string& source, int line, const std::string& message) {
  ++failed_;
  std::cerr << source << ':' << line << ": " << message << '\n';
}

void Diagnostics::warning(const std::string& source, int line, const std::string& message) {
  std::cerr << source << ':' << line << ": warning: " << message << '\n';
}

void Diagnostics::io_error(const std::string& message) {
  io_failed_ = true;
  std::cerr << "sudoforge: " << message << '\n';
}

void Diagnostics::unfinished(const std::string& source, int line) {
  record_error(source, line, "not finished within the time limit (nor any record after it)");
}

void Diagnostics::note_empty_input(const std::string& command) const {
  if (records_ == 0 && !io_failed_) std::cerr << "sudoforge " << command << ": no puzzles read\n";
}

int Diagnostics::exit_code() const {
  if (io_failed_) return kIo;
  if (failed_ > 0) return kRecordsFailed;
  return kOk;
}

std::optional<std::uint64_t> count_records(const std::vector<std::string>& files,
                                           const ReaderOptions& options) {
  if (files.empty()) return std::nullopt;
  std::uint64_t n = 0;
  for (const std::string& name : files) {
    if (std::error_code ec; name == "-" || !std::filesystem::is_regular_file(name, ec)) {
      return std::nullopt;
    }
    std::ifstream in(name, std::ios::binary);
    RecordReader reader(in, options);
    try {
      for (;; ++n) {
        try {
          if (!reader.next()) break;
        } catch (const ParseError&) {
        }
      }
    } catch (const std::ios_base::failure&) {
      return std::nullopt;  // reported when the records are read for real
    }
  }
  return n;
}

void for_each_record(const std::vector<std::string>& files, const ReaderOptions& options,
                     Diagnostics& diagnostics,
                     const std::function<bool(const Record&, const std::string&)>& on_record) {
  std::vector<std::string> names = files.empty() ? std::vector<std::string>{"-"} : files;
  for (const std::string& name : names) {
    std::ifstream file;
    std::istream* in = &std::cin;
    if (name != "-") {
      // A directory opens fine as an ifstream and fails only at the first read.
      if (std::error_code ec; std::filesystem::is_directory(name, ec)) {
        diagnostics.io_error(name + ": cannot read: is a directory");
        continue;
      }
      file.open(name, std::ios::binary);
      if (!file) {
        diagnostics.io_error(name + ": cannot open: " + std::strerror(errno));
        continue;
      }
      in = &file;
    }
    if (starts_json(*in)) {
      if (!for_each_json_record(*in, name, options, diagnostics, on_record)) return;
      if (in->bad()) diagnostics.io_error(name + ": read error");
      continue;
    }
    RecordReader reader(*in, options);
    bool read_failed = false;
    for (;;) {
      std::optional<Record> record;
      try {
        record = reader.next();
      } catch (const ParseError& e) {
        diagnostics.count_record();
        diagnostics.record_error(name, e.line(), e.what());
        continue;
      } catch (const std::ios_base::failure& e) {
        // The stream buffer throws on a read error (EISDIR on stdin, EIO...): an I/O
        // error of this file (exit 3); the other files are still read.
        diagnostics.io_error(name + ": read error: " + std::strerror(errno));
        read_failed = true;
        break;
      }
      if (!record) break;
      diagnostics.count_record();
      if (!on_record(*record, name)) return;
    }
    if (in->bad() && !read_failed) diagnostics.io_error(name + ": read error");
  }
}

bool skip_killer(const Record& rec, const std::string& source, const std::string& command,
                 Diagnostics& diagnostics) {
  if (!rec.grid.geometry().has_cages()) return false;
  diagnostics.record_error(source, rec.line, command + " does not handle killer puzzles yet");
  return true;
}

}  // namespace sudoforge::cli
