// sudoforge canon: the canonical (minlex) form of each puzzle.
#include <iostream>
#include <optional>

#include "commands.h"
#include "input.h"
#include "printer.h"
#include "sudoforge/core/canonical.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/validate.h"

namespace sudoforge::cli {
namespace {

constexpr const char* kCanonUsage = "sudoforge canon [FILE...] [OPTIONS]";
constexpr const char* kExamples =
    "  sudoforge canon puzzles.txt             one canonical form per puzzle, as the input is laid out\n"
    "  sudoforge canon --key puzzles.txt       the catalogue key: '0' for empty cells\n"
    "  sudoforge canon -o csv puzzles.txt      CSV: puzzle, canonical\n"
    "  sort -u <(sudoforge canon --key a.txt)  count the non-isomorphic puzzles of a file\n"
    "\n"
    "The canonical form of a 9x9 (also 4x4, 6x6) puzzle is the lexicographically smallest\n"
    "string (empty < 1 < ... < 9, read row by row) over all row/column permutations within\n"
    "bands/stacks, band/stack permutations, transposition and relabelling of the symbols:\n"
    "isomorphic puzzles have the same form. 12x12 and larger boards use relabelling and\n"
    "the box-preserving reflections and rotations only. A variant board (--variant) uses\n"
    "the moves that keep its houses; a jigsaw's regions turn with its givens. Keys of\n"
    "variant boards start with the variant (x:..., jigsaw:GIVENS:REGIONS).\n";

}  // namespace

int cmd_canon(const Invocation& inv) {
  po::options_description options("canon options");
  options.add_options()
    ("files", po::value<std::vector<std::string>>()->multitoken(), "input files ('-' = stdin)")
    ("key", po::bool_switch(), "print the catalogue key ('0' empty, one line each)")
    ("output,o", po::value<std::string>(), "line, grid, csv or json (default: as the input)");
  add_input_options(options);
  add_variant_option(options);
  po::variables_map vm;
  if (!parse_options(inv, options, kCanonUsage, kExamples, vm, "files")) return kOk;
  const bool key_mode = vm["key"].as<bool>();
  const OutputFormat format = vm.count("output")
                                  ? parse_output_format(vm["output"].as<std::string>())
                                  : (key_mode ? OutputFormat::kLine : OutputFormat::kInKind);
  const auto files = input_files(vm);
  Diagnostics diag;
  Printer out(std::cout, format);
  if (format == OutputFormat::kCsv) {
    std::vector<std::string> header{"puzzle", "canonical"};
    out.csv_header(with_board_columns(std::move(header)));
  }
  for_each_record(files, reader_options_from(vm), diag, [&](const Record& rec, const std::string& src) {
    if (const std::string conflict = describe_conflict(rec.grid, rec.style.alphabet);
        !conflict.empty()) {
      diag.record_error(src, rec.line, conflict);
      return true;
    }
    // The key names a variant board's variant (and a jigsaw's regions): canonical.h.
    const std::optional<Grid> canon =
        key_mode ? std::nullopt : std::optional<Grid>(canonical_form(rec.grid));
    const std::string text = key_mode ? canonical_key(rec.grid) : to_line(*canon, rec.style);
    if (format == OutputFormat::kCsv) {
      out.csv_row(with_board_fields({to_line(rec.grid, rec.style), text}, rec.grid,
                                    rec.style.alphabet));
    } else if (format == OutputFormat::kJson) {
      nlohmann::ordered_json j{{"puzzle", to_line(rec.grid, rec.style)}, {"canonical", text}};
      add_board_fields(j, rec.grid, rec.style.alphabet);
      out.json(j);
    } else if (key_mode) {
      out.line(text);
    } else {
      out.grid(*canon, rec.style);
    }
    return true;
  });
  out.finish();
  diag.note_empty_input("canon");
  return diag.exit_code();
}

}  // namespace sudoforge::cli
