// sudoforge db import: puzzles read from files, checked, graded, canonicalised, filtered
// by an optional level or rating band, deduplicated and stored.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cmd_db.h"
#include "input.h"
#include "query_options.h"
#include "stop_request.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/workflow/import.h"

namespace sudoforge::cli {
namespace {

const std::string kImportExamples =
    std::string(
        "  sudoforge db import puzzles.txt more.sdm           check, grade, canonicalise, dedupe, "
        "store\n"
        "  sudoforge db import --db hard.db --source top95 top95.txt\n"
        "  sudoforge db import --level hard puzzles.txt       store only the hard ones\n"
        "  sudoforge db import --min-rating 4 --max-rating 6 puzzles.txt\n"
        "  cat *.txt | sudoforge db import -                  from stdin\n"
        "  sudoforge db import --variant x x-puzzles.txt      X puzzles (any --variant)\n"
        "  sudoforge db import jigsaws.csv                    CSV with variant, regions columns\n"
        "\n"
        "Each bad record is reported as FILE:LINE (exit 1); the others are stored. When no\n"
        "named file can be opened, nothing is done and no catalogue is created (exit 3).\n"
        "--level, --min-rating and --max-rating keep only the puzzles that `sudoforge generate`\n"
        "with the same options would keep (a puzzle whose rating is incomplete never matches);\n"
        "the others are skipped and counted in the summary line, which is no error (exit 0).\n"
        "Each puzzle is stored with its board (variant, and a jigsaw's region map); isomorphic\n"
        "puzzles are one puzzle per variant (README: The catalogue). A record whose variant\n"
        "does not fit it, or a jigsaw record without its region map, is a bad record.\n") +
    kCatalogueNote;

}  // namespace

int db_import(const Invocation& inv) {
  po::options_description o("db import options");
  add_catalogue_options(o);
  o.add_options()("files", po::value<std::vector<std::string>>()->multitoken(),
                  "input files ('-' = stdin)")("source", po::value<std::string>(),
                                               "source name to store (default: the file name)")(
      "threads,t", po::value<int>()->default_value(default_threads()),
      "grading threads (default: one per core)")("batch", po::value<int>()->default_value(5000),
                                                 "records per transaction")(
      "level", po::value<std::string>(),
      "store only puzzles of this level: easy, medium, hard, expert, diabolical, extreme")(
      "min-rating", po::value<double>(), "store only puzzles rated at least this (SE scale)")(
      "max-rating", po::value<double>(), "store only puzzles rated at most this (SE scale)");
  add_input_options(o);
  add_variant_option(o);
  po::variables_map vm;
  if (!parse_options(inv, o, "sudoforge db import FILE... [--db FILE]", kImportExamples, vm,
                     "files")) {
    return kOk;
  }
  const auto files = input_files(vm);
  workflow::ImportOptions options;
  const int batch_size = vm["batch"].as<int>();
  if (batch_size < 1 || batch_size > 1000000) throw UsageError("--batch must be 1..1000000");
  options.batch_records = static_cast<std::size_t>(batch_size);
  options.threads = vm["threads"].as<int>();
  if (options.threads < 1 || options.threads > 256) {
    throw UsageError("--threads must be between 1 and 256");
  }
  options.target = target_from(vm);
  if (vm.count("source")) options.source = vm["source"].as<std::string>();
  const std::string path = resolve_db(vm);
  Diagnostics diag;
  // When no named file can be opened there is nothing to import: report them and leave
  // the catalogue alone (not even created).
  if (!files.empty() && std::none_of(files.begin(), files.end(), [](const std::string& f) {
        std::error_code ec;
        return f == "-" || (!std::filesystem::is_directory(f, ec) && std::ifstream(f).is_open());
      })) {
    for_each_record(files, reader_options_from(vm), diag,
                    [](const Record&, const std::string&) { return true; });
    std::cerr << "sudoforge db import: no input file could be read: nothing imported\n";
    return diag.exit_code();
  }
  db::Catalogue cat(path, open_options(vm, false));  // fails before reading input if unusable
  // Ctrl-C / SIGTERM: the batches analysed so far are stored whole, the rest dropped.
  StopRequest stop;
  options.stop = stop.flag();
  workflow::Importer importer(
      cat, options, [&diag](const std::string& source, int line, const std::string& error) {
        diag.record_error(source, line, error);
      });
  for_each_record(files, reader_options_from(vm), diag,
                  [&](const Record& rec, const std::string& src) {
                    importer.add(rec, src);
                    return !stop.requested();
                  });
  importer.finish();
  diag.note_empty_input("db import");
  const workflow::ImportCounts& n = importer.counts();
  std::cerr << "sudoforge db import: " << path << ": added " << n.added << ", duplicates "
            << n.duplicates << ", invalid " << diag.failed_records();
  if (options.target.filters()) {
    std::cerr << ", skipped " << n.skipped << " (not " << workflow::describe(options.target) << ")";
  }
  std::cerr << '\n';
  if (stop.interrupted()) {
    std::cerr << "sudoforge db import: interrupted; the puzzles counted as added are stored\n";
    return kInterrupted;
  }
  return diag.exit_code();
}

}  // namespace sudoforge::cli
