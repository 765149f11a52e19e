// sudoforge render: one puzzle as an SVG, PNG or PDF image (web pages, previews), with or
// without its solution.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "query_options.h"
#include "sudoforge/book/book.h"
#include "sudoforge/core/errors.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::cli {
namespace {

constexpr const char* kRenderUsage =
    "sudoforge render PUZZLE|FILE|--id N -o FILE [--format svg|png|pdf] [--solution]\n"
    "       [--variant V] [--rule]";
constexpr const char* kExamples =
    "  sudoforge render '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..' -o p.svg\n"
    "  sudoforge render --id 17 --solution -o answer17.png      from the catalogue (--db)\n"
    "  sudoforge render puzzle.txt --format pdf -o puzzle.pdf --caption 'Puzzle of the day'\n"
    "  sudoforge render --id 5 --cell 24 -o small.png            24-pixel cells\n"
    "  sudoforge render puzzle.txt --format png -o - > p.png      to stdout\n"
    "  sudoforge render xw.txt --variant x+windoku --rule -o xw.png   shaded diagonals, windows\n"
    "  sudoforge render jigsaw.txt --variant jigsaw --solution -o jigsaw.svg\n"
    "  sudoforge render 'killer:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=5,E=5,F=8,G=4,H=5' --rule -o k.png\n"
    "\n"
    "PUZZLE is the puzzle's text (any accepted layout), a file holding it (its first\n"
    "record), or '-' for stdin. The format is taken from -o's extension unless --format\n"
    "says; -o - writes the image to stdout (SVG unless --format says). With --solution\n"
    "the other cells show the solution in blue, lighter than the bold givens; the puzzle\n"
    "must then have exactly one solution (else exit 1).\n"
    "Variant boards (--variant, or a CSV variant column) carry their marks: X's diagonals\n"
    "and Windoku's four windows shaded, Disjoint Groups' place-in-box corner marks, the nine\n"
    "cells of Asterisk, Centre Dot and Girandola shaded (circled, hatched when two or three\n"
    "share a board), jigsaw regions outlined with heavy lines, killer cages as dashed lines\n"
    "inset in their cells with each sum in its cage's top-left corner. --rule adds the rule\n"
    "reminder line under the grid (e.g. 'X: each shaded diagonal also holds 1-9 once').\n"
    "Exit codes: 0 done; 1 bad puzzle (conflicting givens, or no unique solution for\n"
    "--solution, or no such --id); 2 usage error; 3 catalogue or file error.\n";

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  if (!ext.empty()) ext.erase(0, 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// A new empty file in the temporary directory, for an image bound for stdout.
std::string scratch_file() {
  std::string path = (std::filesystem::temp_directory_path() / "sudoforge-render-XXXXXX").string();
  const int fd = ::mkstemp(path.data());
  if (fd < 0) throw IoError(path + ": cannot create: " + std::strerror(errno));
  ::close(fd);
  return path;
}

bool copy_to_stdout(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::cout << in.rdbuf();
  std::cout.flush();
  return in && std::cout;
}

}  // namespace

int cmd_render(const Invocation& inv) {
  // --format is the image format here; the input layout is always detected.
  po::options_description visible("render options");
  add_catalogue_options(visible);
  visible.add_options()
    ("puzzle", po::value<std::string>(), "the puzzle text, a file, or '-' for stdin")
    ("id", po::value<long long>(), "the catalogue puzzle with this id (see --db)")
    ("out,o", po::value<std::string>(), "image file to write (required; '-' = stdout)")
    ("format", po::value<std::string>(),
     "svg, png or pdf (default: from -o's extension; svg for -o -)")
    ("solution", po::bool_switch(), "show the solution in the empty cells")
    ("cell", po::value<double>()->default_value(0), "cell edge in points/pixels (0: by board size)")
    ("caption", po::value<std::string>()->default_value(""), "a line of text under the grid")
    ("rule", po::bool_switch(), "the variant's rule reminder under the grid (none on classic boards)")
    ("alphabet", po::value<std::string>()->default_value("auto"),
     "symbols of boards above 9x9: auto, letters (A-P for 16x16) or digits (1-9 then A-G)");
  add_variant_option(visible);
  po::variables_map vm;
  if (!parse_options(inv, visible, kRenderUsage, kExamples, vm, "puzzle")) return kOk;

  if (!vm.count("out")) throw UsageError("render needs -o FILE (or -o - for stdout)");
  const std::string out = vm["out"].as<std::string>();
  const bool to_stdout = out == "-";
  const std::string format_text = vm.count("format") ? vm["format"].as<std::string>()
                                  : to_stdout        ? "svg"
                                                     : lower_extension(out);
  const auto format = book::parse_image_format(format_text);
  if (!format) {
    throw UsageError(vm.count("format") ? "bad --format '" + format_text + "': use svg, png or pdf"
                                        : "cannot tell the format from '" + out + "': use --format svg, png or pdf");
  }
  if (vm.count("puzzle") == vm.count("id")) throw UsageError("give either PUZZLE or --id N");
  book::RenderOptions options;
  options.cell = vm["cell"].as<double>();
  if (options.cell != 0 && (options.cell < 4 || options.cell > 400)) {
    throw UsageError("--cell must be 0 or between 4 and 400");
  }
  options.caption = vm["caption"].as<std::string>();
  options.rule = vm["rule"].as<bool>();
  const bool with_solution = vm["solution"].as<bool>();

  Grid givens;
  std::optional<Grid> solution;
  if (vm.count("id")) {
    const long long id = vm["id"].as<long long>();
    try {
      db::Catalogue cat(resolve_db(vm), open_options(vm, true));
      auto rec = cat.get(id);
      if (!rec) {
        std::cerr << "sudoforge render: no puzzle #" << id << " in " << cat.path() << '\n';
        return kRecordsFailed;
      }
      givens = rec->givens;
      solution = rec->solution;
    } catch (const db::CatalogueError& e) {
      std::cerr << "sudoforge render: " << e.what() << '\n';
      return kIo;
    }
  } else {
    std::string text = vm["puzzle"].as<std::string>();
    std::string source = "argument";
    if (text == "-") {
      // stdio, not the iostream: a read error (stdin redirected from a directory, EIO)
      // must be seen as one (exit 3), not as an empty input.
      text.clear();
      char buf[1 << 16];
      for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, stdin)) > 0;) text.append(buf, n);
      if (std::ferror(stdin)) throw IoError(std::string("-: read error: ") + std::strerror(errno));
      source = "-";
    } else if (std::error_code ec; !std::filesystem::is_regular_file(text, ec) &&
                                   text.find('/') != std::string::npos) {
      // No puzzle text holds a '/': this names a file that is missing (or not a file).
      // An I/O error (exit 3), not "a puzzle of 42 symbols" (exit 1).
      throw IoError(text + ": cannot open: " +
                    (std::filesystem::exists(text, ec) ? "not a regular file"
                                                       : "no such file"));
    } else if (std::filesystem::is_regular_file(text, ec)) {
      std::ifstream in(text, std::ios::binary);
      if (!in) throw IoError(text + ": cannot open");
      source = text;
      std::stringstream ss;
      ss << in.rdbuf();
      text = ss.str();
    }
    ReaderOptions ro;
    ro.variant = variant_from(vm);
    const std::string alphabet = vm["alphabet"].as<std::string>();
    if (alphabet == "letters") ro.alphabet = Alphabet::Kind::kStandard;
    else if (alphabet == "digits") ro.alphabet = Alphabet::Kind::kDigits;
    else if (alphabet != "auto") throw UsageError("bad --alphabet '" + alphabet + "'");
    std::istringstream in(text);
    RecordReader reader(in, ro);
    try {
      auto rec = reader.next();
      if (!rec) {
        std::cerr << "sudoforge render: " << source << ": no puzzle found\n";
        return kRecordsFailed;
      }
      givens = rec->grid;
    } catch (const ParseError& e) {
      std::cerr << source << ':' << e.line() << ": " << e.what() << '\n';
      return kRecordsFailed;
    }
  }
  if (const std::string conflict = describe_conflict(givens, Alphabet::standard(givens.size()));
      !conflict.empty()) {
    std::cerr << "sudoforge render: " << conflict << '\n';
    return kRecordsFailed;
  }
  if (with_solution && !solution) {
    SudokuSolver solver;
    std::uint64_t n = solver.enumerate(givens, [&](const Grid& s) {
      solution = s;
      return true;
    }, 2);
    if (n != 1) {
      std::cerr << "sudoforge render: the puzzle has " << (n == 0 ? "no solution" : "several solutions")
                << "; --solution needs exactly one\n";
      return kRecordsFailed;
    }
  }
  // Drawn into a scratch file first: the image reaches -o (renamed) or stdout (copied)
  // whole or not at all.
  const std::string part = to_stdout ? scratch_file() : out + ".part";
  try {
    book::render_puzzle(part, *format, givens, with_solution ? &*solution : nullptr, options);
  } catch (const book::BookError& e) {
    std::remove(part.c_str());
    throw IoError(out + ": " + e.what());
  }
  const bool moved = to_stdout ? copy_to_stdout(part) : std::rename(part.c_str(), out.c_str()) == 0;
  std::remove(part.c_str());
  if (!moved) throw IoError(to_stdout ? "-: cannot write to stdout" : out + ": cannot write");
  return kOk;
}

}  // namespace sudoforge::cli
