#include "cli_common.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "sudoforge/core/version.h"
#include "sudoforge/db/error.h"

namespace sudoforge::cli {

bool parse_options(const Invocation& inv, po::options_description& options,
                   const std::string& usage, const std::string& examples,
                   po::variables_map& vm, const char* positional) {
  options.add_options()("help,h", "show this help")("version", "print the version and exit");
  po::positional_options_description pos;
  if (positional) pos.add(positional, -1);
  try {
    auto parser = po::command_line_parser(inv.args).options(options);
    if (positional) parser.positional(pos);
    po::store(parser.run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  if (vm.count("help")) {
    std::cout << "usage: " << usage << "\n\n" << options << "\nexamples:\n" << examples;
    return false;
  }
  if (vm.count("version")) {
    print_version();
    return false;
  }
  return true;
}

void print_version() {
  std::cout << "sudoforge " << version() << '\n';
}

int run_command(const Invocation& inv, int (*run)(const Invocation&)) {
  const std::string& name = inv.command;
  try {
    return run(inv);
  } catch (const UsageError& e) {
    std::cerr << "sudoforge " << name << ": " << e.what() << "\n(see 'sudoforge " << name
              << " --help')\n";
    return kUsage;
  } catch (const IoError& e) {
    std::cerr << "sudoforge " << name << ": " << e.what() << '\n';
    return kIo;
  } catch (const db::CatalogueError& e) {
    // A catalogue that cannot be used (missing folder, locked past --busy-timeout,
    // corrupt, read-only...) is an I/O error, not an internal one: commands that open
    // the catalogue without catching (generate --db, testset --db) end up here.
    std::cerr << "sudoforge " << name << ": " << e.what() << " ["
              << db::CatalogueError::category_name(e.category()) << "]\n";
    return kIo;
  } catch (const std::exception& e) {
    std::cerr << "sudoforge " << name << ": internal error: " << e.what() << '\n';
    return kIo;
  }
}

void add_input_options(po::options_description& options) {
  options.add_options()
    ("format", po::value<std::string>()->default_value("auto"),
     "input layout: auto, line, grid or csv (auto detects it per record; Simon Tatham's "
     "Solo game IDs such as 9j:GIVENS,BLOCKS or 3x3x:GIVENS are read in auto and line)")
    ("alphabet", po::value<std::string>()->default_value("auto"),
     "symbols of boards above 9x9: auto, letters (A-P for 16x16) or digits (1-9 then A-G)");
}

void add_variant_option(po::options_description& options) {
  options.add_options()
    ("variant", po::value<std::string>(),
     "board of every record: classic, or killer, x, windoku, dg, asterisk, centre-dot, "
     "girandola, jigsaw joined with '+' (a jigsaw record carries its region map, a killer "
     "record its cages: README, Variants and Killer Sudoku); "
     "default: classic, or a CSV variant column");
}

std::optional<Variant> variant_from(const po::variables_map& vm) {
  if (!vm.count("variant")) return std::nullopt;
  try {
    return Variant::parse(vm["variant"].as<std::string>());
  } catch (const VariantError& e) {
    throw UsageError(std::string("bad --variant: ") + e.what());
  }
}

ReaderOptions reader_options_from(const po::variables_map& vm) {
  ReaderOptions options;
  options.variant = variant_from(vm);
  const std::string format = vm["format"].as<std::string>();
  if (format == "auto") options.format = FormatHint::kAuto;
  else if (format == "line") options.format = FormatHint::kLine;
  else if (format == "grid") options.format = FormatHint::kGrid;
  else if (format == "csv") options.format = FormatHint::kCsv;
  else throw UsageError("bad --format '" + format + "': use auto, line, grid or csv");
  const std::string alphabet = vm["alphabet"].as<std::string>();
  if (alphabet == "letters") options.alphabet = Alphabet::Kind::kStandard;
  else if (alphabet == "digits") options.alphabet = Alphabet::Kind::kDigits;
  else if (alphabet != "auto") {
    throw UsageError("bad --alphabet '" + alphabet + "': use auto, letters or digits");
  }
  return options;
}

std::vector<std::string> input_files(const po::variables_map& vm) {
  return vm.count("files") ? vm["files"].as<std::vector<std::string>>()
                           : std::vector<std::string>{};
}

std::optional<double> time_limit_from(const po::variables_map& vm, double max_seconds) {
  if (!vm.count("time-limit")) return std::nullopt;
  const double seconds = vm["time-limit"].as<double>();
  if (!(seconds > 0) || seconds > max_seconds) {
    throw UsageError("--time-limit must be a positive number of seconds");
  }
  return seconds;
}

std::uint64_t parse_u64(const std::string& text, const char* option) {
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end) {
    throw UsageError(std::string("--") + option + " needs a whole number from 0 to " +
                     std::to_string(UINT64_MAX) + ", not '" + text + "'");
  }
  return v;
}

std::uint64_t parse_ranged(const std::string& text, const char* option, std::uint64_t lo,
                           std::uint64_t hi) {
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end || v < lo || v > hi) {
    throw UsageError(std::string("--") + option + " must be a whole number from " +
                     std::to_string(lo) + " to " + std::to_string(hi) + ", not '" + text + "'");
  }
  return v;
}

OutputFormat parse_output_format(const std::string& text, bool allow_grid) {
  if (text == "line") return OutputFormat::kLine;
  if (text == "grid" && allow_grid) return OutputFormat::kGrid;
  if (text == "csv") return OutputFormat::kCsv;
  if (text == "json") return OutputFormat::kJson;
  throw UsageError("bad --output '" + text + "': use line" + (allow_grid ? ", grid" : "") +
                   ", csv or json");
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::string count_of(unsigned long long n, const std::string& noun, const std::string& plural) {
  return std::to_string(n) + ' ' + (n == 1 ? noun : plural.empty() ? noun + 's' : plural);
}

bool stderr_is_tty() { return isatty(STDERR_FILENO) == 1; }

bool no_color() {
  const char* value = std::getenv("NO_COLOR");
  return value != nullptr && value[0] != '\0';
}

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();  // 0 when unknown
  return n == 0 ? 1 : static_cast<int>(std::min(n, 256u));
}

}  // namespace sudoforge::cli
