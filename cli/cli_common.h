#pragma once
// Shared pieces of the command-line front end: exit codes, usage errors, option parsing
// with Boost.Program_options, and the output-format switch. Only cli/ prints.
#include <boost/program_options.hpp>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoforge/core/record_reader.h"

namespace sudoforge::cli {

namespace po = boost::program_options;

// The documented exit codes.
enum ExitCode : int {
  kOk = 0,
  kRecordsFailed = 1,  // some records were bad; each reported as FILE:LINE: message
  kUsage = 2,          // bad option or value
  kIo = 3,             // catalogue or file I/O error
  kInterrupted = 130,  // stopped by SIGINT or SIGTERM; what was printed or stored is whole
};

// A bad option or value; main() prints it with a pointer to --help and exits 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An input or output file that cannot be used; exit 3.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a command was invoked with: its name (for messages) and its arguments.
struct Invocation {
  std::string command;
  std::vector<std::string> args;
};

// Parses args against `options` (+ positional `files` when `positional` names one).
// Throws UsageError on unknown options or bad values. Returns false when --help or
// --version was given (the help or "sudoforge VERSION" already printed to stdout).
bool parse_options(const Invocation& inv, po::options_description& options,
                   const std::string& usage, const std::string& examples,
                   po::variables_map& vm, const char* positional = nullptr);

// Runs one command as main() does: its exit code, or the code of the error it throws
// (UsageError 2, IoError and catalogue errors 3, anything else 3 as an internal error),
// said on stderr as "sudoforge COMMAND: message". Shared by sudoforge and sudoforge-serve.
int run_command(const Invocation& inv, int (*run)(const Invocation&));

// "sudoforge VERSION\n" on stdout, for --version at the top and after any command.
void print_version();

// The reader options shared by every command that reads puzzles (--format, --alphabet,
// --size when it is a reading filter).
void add_input_options(po::options_description& options);
// --variant, for the commands that handle every board (reader_options_from reads it).
void add_variant_option(po::options_description& options);
ReaderOptions reader_options_from(const po::variables_map& vm);
// --variant when given (commands with a --format of their own read it alone); throws
// UsageError for a bad spelling.
std::optional<Variant> variant_from(const po::variables_map& vm);

// The positional input files (none: stdin).
std::vector<std::string> input_files(const po::variables_map& vm);

// --time-limit in seconds when given: a positive number up to `max_seconds`; throws
// UsageError for others.
std::optional<double> time_limit_from(const po::variables_map& vm, double max_seconds);

// A whole number of --`option`, 0 to 2^64-1 / from lo to hi; throws UsageError naming the
// option and the range (negative and huge values included).
std::uint64_t parse_u64(const std::string& text, const char* option);
std::uint64_t parse_ranged(const std::string& text, const char* option, std::uint64_t lo,
                           std::uint64_t hi);

enum class OutputFormat { kInKind, kLine, kGrid, kCsv, kJson };
// "line", "grid", "csv", "json"; throws UsageError.
OutputFormat parse_output_format(const std::string& text, bool allow_grid = true);

// A CSV field, quoted when it needs to be.
std::string csv_field(const std::string& s);

// "1 puzzle", "0 puzzles", "2 puzzles": a count with its noun in the right number
// (`plural` for nouns not made plural by an 's').
std::string count_of(unsigned long long n, const std::string& noun, const std::string& plural = "");

// True when stderr is a terminal (progress bars are shown only then).
bool stderr_is_tty();

// True when the NO_COLOR environment variable is set and not empty (https://no-color.org):
// output meant for a terminal then carries no escape sequences.
bool no_color();

// Worker threads for bulk jobs when the user does not say: one per core, 1..256.
int default_threads();

}  // namespace sudoforge::cli
