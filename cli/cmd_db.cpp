// sudoforge db: the puzzle catalogue (init, import, query, stats, export, merge).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "commands.h"
#include "input.h"
#include "printer.h"
#include "query_options.h"
#include "stop_request.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/schema.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "sudoforge/workflow/analysis.h"
#include "sudoforge/workflow/record.h"

namespace sudoforge::cli {
namespace {

using db::Catalogue;
using db::CatalogueError;
using db::PuzzleRecord;
using db::QueryFilter;
using workflow::AnalysisJob;
using workflow::PuzzleAnalysis;
using workflow::PuzzleAnalyzer;

constexpr const char* kDbUsage =
    "sudoforge db init | import FILE... | query [FILTERS] | stats | export -o FILE [FILTERS] | merge DB...";
constexpr const char* kCatalogueNote =
    "\n"
    "The catalogue file is --db, else $SUDOFORGE_DB, else ./sudoforge.db (a bare --db means\n"
    "that default). A catalogue that is read-only, locked by another program for longer\n"
    "than --busy-timeout, corrupt, or of a newer schema is reported and exit code 3 is\n"
    "returned; the file is left as it was. Reading commands (query, export, stats) also\n"
    "read a catalogue in a folder they may not write to.\n";
const std::string kExamples = std::string(
    "  sudoforge db init                                  create ./sudoforge.db (or $SUDOFORGE_DB)\n"
    "  sudoforge db import puzzles.txt more.sdm           check, canonicalise, dedupe, store\n"
    "  sudoforge db query --level hard --symmetry rot180 --unused --limit 60\n"
    "  sudoforge db stats\n"
    "  sudoforge db export -o hard.csv --level hard        format from the extension (or --as)\n"
    "  sudoforge db merge other.db third.db                fold other catalogues into --db\n") +
    kCatalogueNote;
const std::string kInitExamples = std::string(
    "  sudoforge db init                          create ./sudoforge.db (or $SUDOFORGE_DB)\n"
    "  sudoforge db init --db puzzles.db          create (or upgrade) puzzles.db\n") +
    kCatalogueNote;
const std::string kImportExamples = std::string(
    "  sudoforge db import puzzles.txt more.sdm           check, grade, canonicalise, dedupe, store\n"
    "  sudoforge db import --db hard.db --source top95 top95.txt\n"
    "  cat *.txt | sudoforge db import -                  from stdin\n"
    "\n"
    "Each bad record is reported as FILE:LINE (exit 1); the others are stored. When no\n"
    "named file can be opened, nothing is done and no catalogue is created (exit 3).\n") +
    kCatalogueNote;
const std::string kQueryExamples = std::string(
    "  sudoforge db query --level hard --symmetry rot180 --unused --limit 60\n"
    "  sudoforge db query --min-rating 4 --max-rating 6 --order random --limit 10 -o csv\n"
    "  sudoforge db query --order random --seed 7 --limit 5      the same 5 every time\n"
    "  sudoforge db query --technique x-wing --technique 'naked pair' --clues 22-26\n"
    "  sudoforge db query --db other.db --size 16 -o json\n"
    "\n"
    "--level and --technique take any case and the usual spellings ('x wing', 'XY-Wing',\n"
    "'naked pairs'); an unknown one is a usage error (exit 2) that lists the known ones.\n") +
    kCatalogueNote;
const std::string kExportExamples = std::string(
    "  sudoforge db export -o hard.csv --level hard         format from the extension\n"
    "  sudoforge db export -o all.json                      .txt/.line, .grid, .csv, .json\n"
    "  sudoforge db export -o sample.txt --order random --seed 1 --limit 100\n"
    "  sudoforge db export -o x.out --as grid               --as when the extension says nothing\n"
    "\n"
    "The file is written to FILE.part and renamed when complete: a failed export leaves\n"
    "neither FILE.part nor a half-written FILE.\n") +
    kCatalogueNote;
const std::string kStatsExamples = std::string(
    "  sudoforge db stats                      counts by size, level, clues and technique\n"
    "  sudoforge db stats --db other.db -o json\n") +
    kCatalogueNote;
const std::string kMergeExamples = std::string(
    "  sudoforge db merge other.db third.db              fold them into ./sudoforge.db\n"
    "  sudoforge db merge --db main.db laptop.db         fold laptop.db into main.db\n"
    "\n"
    "New puzzles are added (isomorphic ones are one puzzle) with their techniques, and the\n"
    "other catalogue's books with their pages, so their puzzles stay used. A book already\n"
    "there (the same book, not merely the same title) is not added twice. A file cannot be\n"
    "merged into itself (exit 2).\n") +
    kCatalogueNote;

void add_common(po::options_description& o) { add_catalogue_options(o); }
void add_filters(po::options_description& o) { add_filter_options(o, FilterOptionSet{.seed = true}); }

std::string rating_text(const std::optional<double>& r) {
  if (!r) return "";
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << *r;
  return s.str();
}

// Writes query results in one of the output formats.
void print_records(Catalogue& cat, QueryFilter filter, std::ostream& os, OutputFormat format) {
  Printer out(os, format);
  filter.with_techniques = format == OutputFormat::kJson;
  if (format == OutputFormat::kCsv) {
    out.csv_header({"id", "puzzle", "solution", "rating", "rating_ep", "rating_ed", "level",
                    "hardest", "clues", "symmetry", "source"});
  }
  cat.query(filter, [&](const PuzzleRecord& r) {
    const TextStyle style = default_style(r.givens.geometry());
    const std::string solution = r.solution ? to_line(*r.solution, style) : "";
    if (format == OutputFormat::kCsv) {
      out.csv_row({std::to_string(r.id), to_line(r.givens, style), solution,
                   rating_text(r.rating_er), rating_text(r.rating_ep), rating_text(r.rating_ed),
                   r.level.value_or(""), r.hardest.value_or(""), std::to_string(r.clues()),
                   r.symmetry, r.source});
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
      out.json({{"id", r.id},
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
                {"created", r.created}});
    } else {
      out.grid(r.givens, style);
    }
    return true;
  });
  out.finish();
}

int db_init(const Invocation& inv) {
  po::options_description o("db init options");
  add_common(o);
  po::variables_map vm;
  if (!parse_options(inv, o, "sudoforge db init [--db FILE]", kInitExamples, vm)) return kOk;
  const std::string path = resolve_db(vm);
  Catalogue cat(path, open_options(vm, false));
  std::cout << path << ": catalogue ready (schema version " << cat.schema_version() << ", "
            << cat.count({}) << " puzzles)\n";
  return kOk;
}

int db_import(const Invocation& inv) {
  po::options_description o("db import options");
  add_common(o);
  o.add_options()
    ("files", po::value<std::vector<std::string>>()->multitoken(), "input files ('-' = stdin)")
    ("source", po::value<std::string>(), "source name to store (default: the file name)")
    ("threads,t", po::value<int>()->default_value(default_threads()), "grading threads (default: one per core)")
    ("batch", po::value<int>()->default_value(5000), "records per transaction");
  add_input_options(o);
  po::variables_map vm;
  if (!parse_options(inv, o, "sudoforge db import FILE... [--db FILE]", kImportExamples, vm,
                     "files")) {
    return kOk;
  }
  const auto files = vm.count("files") ? vm["files"].as<std::vector<std::string>>()
                                       : std::vector<std::string>{};
  const int batch_size = vm["batch"].as<int>();
  if (batch_size < 1 || batch_size > 1000000) throw UsageError("--batch must be 1..1000000");
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 256) throw UsageError("--threads must be between 1 and 256");
  const std::string path = resolve_db(vm);
  Diagnostics diag;
  // When no named file can be opened there is nothing to import: report them and leave
  // the catalogue alone (not even created).
  if (!files.empty() && std::none_of(files.begin(), files.end(), [](const std::string& f) {
        std::error_code ec;
        return f == "-" || (!std::filesystem::is_directory(f, ec) && std::ifstream(f).is_open());
      })) {
    for_each_record(files, reader_options_from(vm), diag, [](const Record&, const std::string&) {
      return true;
    });
    std::cerr << "sudoforge db import: no input file could be read: nothing imported\n";
    return diag.exit_code();
  }
  Catalogue cat(path, open_options(vm, false));  // fails before reading input if unusable
  // Ctrl-C / SIGTERM: the batches analysed so far are stored whole, the rest dropped.
  StopRequest stop;
  std::vector<PuzzleAnalyzer> analyzers = workflow::make_analyzers(threads, {}, stop.flag());
  struct Pending {
    Record record;
    std::string source;
  };
  struct Analysed {
    std::vector<Pending> pending;
    std::vector<PuzzleAnalysis> results;
  };
  std::vector<Pending> pending;
  db::AddResult total;
  // Stores one analysed batch in one transaction: a killed import keeps every batch
  // committed before the kill, never half of one. Errors are reported here, in input order.
  auto store = [&](Analysed a) {
    std::vector<PuzzleRecord> batch;
    for (std::size_t i = 0; i < a.pending.size(); ++i) {
      PuzzleAnalysis& r = a.results[i];
      if (!r.done) break;  // abandoned on a stop request, and so is every later one
      if (!r.error.empty()) {
        diag.record_error(a.pending[i].source, a.pending[i].record.line, r.error);
        continue;
      }
      PuzzleRecord rec = workflow::record_from(a.pending[i].record.grid, r);
      rec.canonical = std::move(r.canonical);
      rec.source = vm.count("source") ? vm["source"].as<std::string>() : a.pending[i].source;
      batch.push_back(std::move(rec));
    }
    const db::AddResult r = cat.add(batch);
    total.added += r.added;
    total.duplicates += r.duplicates;
  };
  // A pipeline of two: the workers validate, grade and canonicalise batch k+1 while this
  // thread stores batch k and reads on.
  std::future<Analysed> inflight;
  auto flush = [&] {
    if (pending.empty()) return;
    // One batch in the workers at a time: they share the analyzers.
    std::optional<Analysed> done;
    if (inflight.valid()) done = inflight.get();
    inflight = std::async(std::launch::async, [&analyzers, &stop, p = std::move(pending)]() mutable {
      std::vector<AnalysisJob> jobs;
      jobs.reserve(p.size());
      for (const Pending& x : p) jobs.push_back({&x.record.grid, &x.record.style.alphabet, true});
      Analysed a;
      a.results =
          workflow::analyze_all(jobs, analyzers, false, [&stop] { return !stop.requested(); });
      a.pending = std::move(p);
      return a;
    });
    pending.clear();
    if (done) store(std::move(*done));
  };
  for_each_record(files, reader_options_from(vm), diag, [&](const Record& rec, const std::string& src) {
    pending.push_back({rec, src});
    if (static_cast<int>(pending.size()) >= batch_size) flush();
    return !stop.requested();
  });
  if (!stop.requested()) flush();
  if (inflight.valid()) store(inflight.get());
  diag.note_empty_input("db import");
  std::cerr << "sudoforge db import: " << path << ": added " << total.added << ", duplicates "
            << total.duplicates << ", invalid " << diag.failed_records() << '\n';
  if (stop.interrupted()) {
    std::cerr << "sudoforge db import: interrupted; the puzzles counted as added are stored\n";
    return kInterrupted;
  }
  return diag.exit_code();
}

int db_query(const Invocation& inv, bool export_mode) {
  po::options_description o(export_mode ? "db export options" : "db query options");
  add_common(o);
  add_filters(o);
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

void print_table(const std::string& title, const std::vector<std::pair<std::string, long long>>& rows,
                 long long total) {
  if (rows.empty()) return;
  std::size_t width = title.size();
  for (const auto& [k, n] : rows) width = std::max(width, k.size());
  std::cout << '\n' << std::left << std::setw(static_cast<int>(width)) << title << "  "
            << std::right << std::setw(9) << "count" << "  share\n";
  for (const auto& [k, n] : rows) {
    std::cout << std::left << std::setw(static_cast<int>(width)) << k << "  " << std::right
              << std::setw(9) << n << "  " << std::fixed << std::setprecision(1) << std::setw(5)
              << (total ? 100.0 * static_cast<double>(n) / static_cast<double>(total) : 0.0) << "%\n";
  }
}

int db_stats(const Invocation& inv) {
  po::options_description o("db stats options");
  add_common(o);
  o.add_options()("output,o", po::value<std::string>()->default_value("text"), "text or json");
  po::variables_map vm;
  if (!parse_options(inv, o, "sudoforge db stats [--db FILE] [-o json]", kStatsExamples, vm)) {
    return kOk;
  }
  const std::string output = vm["output"].as<std::string>();
  if (output != "text" && output != "json") {
    throw UsageError("bad --output '" + output + "': use text or json");
  }
  const std::string path = resolve_db(vm);
  Catalogue cat(path, open_options(vm, true));
  const db::CatalogueStats s = cat.stats();
  if (output == "json") {
    auto object = [](const auto& rows, auto key) {
      nlohmann::ordered_json j = nlohmann::ordered_json::object();
      for (const auto& [k, n] : rows) j[key(k)] = n;
      return j;
    };
    auto text = [](const std::string& k) { return k; };
    auto number = [](int k) { return std::to_string(k); };
    nlohmann::ordered_json j = {{"catalogue", path},
                                {"schema_version", cat.schema_version()},
                                {"puzzles", s.total},
                                {"graded", s.graded},
                                {"in_books", s.in_books}};
    j["by_size"] = object(s.by_size, number);
    nlohmann::ordered_json levels = nlohmann::ordered_json::object();
    for (const auto& [k, n] : s.by_level) levels[k.empty() ? "ungraded" : k] = n;
    j["by_level"] = levels;
    j["by_clues"] = object(s.by_clues, number);
    j["by_technique"] = object(s.by_technique, text);
    std::cout << j.dump(2) << '\n';
    return kOk;
  }
  std::cout << "catalogue " << path << " (schema version " << cat.schema_version() << ")\n"
            << "puzzles " << s.total << ", graded " << s.graded << ", in books " << s.in_books << '\n';
  std::vector<std::pair<std::string, long long>> levels, sizes, clues;
  for (const auto& [k, n] : s.by_level) levels.emplace_back(k.empty() ? "(ungraded)" : k, n);
  for (const auto& [k, n] : s.by_size) sizes.emplace_back(std::to_string(k) + "x" + std::to_string(k), n);
  for (const auto& [k, n] : s.by_clues) clues.emplace_back(std::to_string(k), n);
  print_table("size", sizes, s.total);
  print_table("level", levels, s.total);
  print_table("clues", clues, s.total);
  print_table("technique", s.by_technique, s.graded);
  return kOk;
}

int db_merge(const Invocation& inv) {
  po::options_description o("db merge options");
  add_common(o);
  o.add_options()("files", po::value<std::vector<std::string>>()->multitoken(), "catalogues to fold in");
  po::variables_map vm;
  if (!parse_options(inv, o, "sudoforge db merge DB... [--db FILE]", kMergeExamples, vm, "files")) {
    return kOk;
  }
  if (!vm.count("files")) throw UsageError("merge needs at least one catalogue file");
  const std::string path = resolve_db(vm);
  Catalogue cat(path, open_options(vm, false));
  for (const std::string& other : vm["files"].as<std::vector<std::string>>()) {
    db::MergeResult r;
    try {
      r = cat.merge(other);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    std::cout << other << ": added " << r.added << ", duplicates " << r.duplicates << ", books "
              << r.books << '\n';
  }
  return kOk;
}

}  // namespace

int cmd_db(const Invocation& inv) {
  if (inv.args.empty() || inv.args[0] == "--help" || inv.args[0] == "-h") {
    (inv.args.empty() ? std::cerr : std::cout)
        << "usage: " << kDbUsage << "\n\nRun 'sudoforge db SUBCOMMAND --help' for its options.\n\nexamples:\n"
        << kExamples;
    return inv.args.empty() ? static_cast<int>(ExitCode::kUsage) : static_cast<int>(kOk);
  }
  const std::string sub = inv.args[0];
  const Invocation rest{inv.command + " " + sub, std::vector<std::string>(inv.args.begin() + 1, inv.args.end())};
  int (*run)(const Invocation&) = nullptr;
  if (sub == "init") run = db_init;
  else if (sub == "import") run = db_import;
  else if (sub == "query") run = [](const Invocation& i) { return db_query(i, false); };
  else if (sub == "export") run = [](const Invocation& i) { return db_query(i, true); };
  else if (sub == "stats") run = db_stats;
  else if (sub == "merge") run = db_merge;
  else throw UsageError("unknown subcommand '" + sub + "': use init, import, query, stats, export or merge");
  // Errors name the subcommand ("sudoforge db query: ..."), and usage errors point to its
  // own --help.
  const std::string who = "sudoforge db " + sub;
  try {
    return run(rest);
  } catch (const UsageError& e) {
    std::cerr << who << ": " << e.what() << "\n(see '" << who << " --help')\n";
    return kUsage;
  } catch (const IoError& e) {
    std::cerr << who << ": " << e.what() << '\n';
    return kIo;
  } catch (const CatalogueError& e) {
    std::cerr << who << ": " << e.what() << " [" << CatalogueError::category_name(e.category())
              << "]\n";
    return kIo;
  }
}

}  // namespace sudoforge::cli
