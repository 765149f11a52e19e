// sudoforge db query and db export: the catalogue's puzzles matching the filters, on
// stdout or into a file written whole.
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cmd_db.h"
#include "printer.h"
#include "query_options.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/db/catalogue.h"

namespace sudoforge::cli {
namespace {

using db::Catalogue;
using db::PuzzleRecord;
using db::QueryFilter;

const std::string kQueryExamples = std::string(
    "  sudoforge db query --level hard --symmetry rot180 --unused --limit 60\n"
    "  sudoforge db query --min-rating 4 --max-rating 6 --order random --limit 10 -o csv\n"
    "  sudoforge db query --order random --seed 7 --limit 5      the same 5 every time\n"
    "  sudoforge db query --technique x-wing --technique 'naked pair' --clues 22-26\n"
    "  sudoforge db query --db other.db --size 16 -o json\n"
    "  sudoforge db query --variant x+windoku -o csv           one board's puzzles\n"
    "\n"
    "--level and --technique take any case and the usual spellings ('x wing', 'XY-Wing',\n"
    "'naked pairs'); an unknown one is a usage error (exit 2) that lists the known ones.\n"
    "CSV and JSON records end with the board: variant, and regions for a jigsaw (its map\n"
    "follows the givens in line and grid output, as solve prints it).\n") +
    kCatalogueNote;
const std::string kExportExamples = std::string(
    "  sudoforge db export -o hard.csv --level hard         format from the extension\n"
    "  sudoforge db export -o all.json                      .txt/.line, .grid, .csv, .json\n"
    "  sudoforge db export -o sample.txt --order random --seed 1 --limit 100\n"
    "  sudoforge db export -o x.out --as grid               --as when the extension says nothing\n"
    "  sudoforge db export -o jigsaw.csv --variant jigsaw   with variant and regions columns\n"
    "\n"
    "The file is written to FILE.part and renamed when complete: a failed export leaves\n"
    "neither FILE.part nor a half-written FILE.\n") +
    kCatalogueNote;


// Writes query results in one of the output formats.
void print_records(Catalogue& cat, QueryFilter filter, std::ostream& os, OutputFormat format) {
  Printer out(os, format);
  filter.with_techniques = format == OutputFormat::kJson;
  if (format == OutputFormat::kCsv) {
    out.csv_header(with_board_columns({"id", "puzzle", "solution", "rating", "rating_ep",
                                       "rating_ed", "level", "hardest", "clues", "symmetry",
                                       "source"}));
  }
  cat.query(filter, [&](const PuzzleRecord& r) {
    const TextStyle style = default_style(r.givens.geometry());
    const std::string solution = r.solution ? to_line(*r.solution, style) : "";
    if (format == OutputFormat::kCsv) {
      out.csv_row(with_board_fields(
          {std::to_string(r.id), to_line(r.givens, style), solution, rating_text(r.rating_er),
           rating_text(r.rating_ep), rating_text(r.rating_ed), r.level.value_or(""),
           r.hardest.value_or(""), std::to_string(r.clues()), r.symmetry, r.source},
          r.givens, style.alphabet));
    } else if (format == OutputFormat::kJson) {
      auto opt = [](const auto& v) -> nlohmann::ordered_json {
        if (v) return *v;
        return nullptr;
      };
      // Seeds and indices are unsigned 64-bit values stored as their signed bit pattern.
      auto unsigned_opt = [](const std::optional<std::int64_t>& v) -> nlohmann::ordered_json {
        if (v) return static_cast<std::uint64_t>(*v);
        return nullptr;
      };
      nlohmann::ordered_json j{{"id", r.id},
                {"puzzle", to_line(r.givens, style)},
                {"solution", r.solution ? nlohmann::ordered_json(solution) : nlohmann::ordered_json(nullptr)},
                {"rating", opt(r.rating_er)},
                {"rating_ep", opt(r.rating_ep)},
                {"rating_ed", opt(r.rating_ed)},
                {"level", opt(r.level)},
                {"hardest", opt(r.hardest)},
                {"clues", r.clues()},
                {"symmetry", r.symmetry},
                {"minimal", opt(r.minimal)},
                {"techniques", r.techniques},
                {"source", r.source},
                {"seed", unsigned_opt(r.seed)},
                {"index", unsigned_opt(r.gen_index)},
                {"created", r.created}};
      add_board_fields(j, r.givens, style.alphabet);
      out.json(j);
    } else {
      out.grid(r.givens, style);
    }
    return true;
  });
  out.finish();
}

}  // namespace

int db_query(const Invocation& inv, bool export_mode) {
  po::options_description o(export_mode ? "db export options" : "db query options");
  add_catalogue_options(o);
  add_filter_options(o, FilterOptionSet{.seed = true, .variant = true});
  if (export_mode) {
    o.add_options()
      ("out,o", po::value<std::string>(), "file to write (required)")
      ("as", po::value<std::string>(), "line, grid, csv or json (default: from the extension, else line)");
  } else {
    o.add_options()("output,o", po::value<std::string>()->default_value("line"), "line, grid, csv or json");
  }
  po::variables_map vm;
  const char* usage = export_mode ? "sudoforge db export -o FILE [FILTERS] [--db FILE]"
                                  : "sudoforge db query [FILTERS] [--db FILE]";
  if (!parse_options(inv, o, usage, export_mode ? kExportExamples : kQueryExamples, vm)) {
    return kOk;
  }
  const QueryFilter filter = filter_from(vm);
  const std::string path = resolve_db(vm);
  if (!export_mode) {
    const OutputFormat format = parse_output_format(vm["output"].as<std::string>());
    Catalogue cat(path, open_options(vm, true));
    print_records(cat, filter, std::cout, format);
    return kOk;
  }
  if (!vm.count("out")) throw UsageError("export needs -o FILE");
  const std::string out_path = vm["out"].as<std::string>();
  OutputFormat format = OutputFormat::kLine;
  if (vm.count("as")) {
    const std::string as = vm["as"].as<std::string>();
    try {
      format = parse_output_format(as);
    } catch (const UsageError&) {
      throw UsageError("bad --as '" + as + "': use line, grid, csv or json");
    }
  } else {
    std::string ext = std::filesystem::path(out_path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == ".csv") format = OutputFormat::kCsv;
    else if (ext == ".json") format = OutputFormat::kJson;
    else if (ext == ".grid") format = OutputFormat::kGrid;
  }
  Catalogue cat(path, open_options(vm, true));
  // Written to a temporary name first, so a failed export never leaves half a file; the
  // temporary file goes whatever fails (a catalogue error halfway included).
  const std::string tmp = out_path + ".part";
  struct RemovePart {
    const std::string& name;
    bool armed = true;
    ~RemovePart() {
      if (armed) std::remove(name.c_str());
    }
  } remove_part{tmp};
  {
    std::ofstream file(tmp, std::ios::binary);
    if (!file) throw IoError(out_path + ": cannot write");
    print_records(cat, filter, file, format);
    file.close();
    if (!file) throw IoError(out_path + ": write error");
  }
  if (std::rename(tmp.c_str(), out_path.c_str()) != 0) throw IoError(out_path + ": cannot write");
  remove_part.armed = false;
  std::cerr << "sudoforge db export: " << out_path << ": " << cat.count(filter) << " puzzles\n";
  return kOk;
}

}  // namespace sudoforge::cli
