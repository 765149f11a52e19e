// sudoforge db: the puzzle catalogue (init, import, query, stats, export, merge).
#include <algorithm>
#include <iomanip>
#include <iostream>

#include "cmd_db.h"
#include "commands.h"
#include "printer.h"
#include "query_options.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/schema.h"

namespace sudoforge::cli {

namespace {

using db::Catalogue;

constexpr const char* kDbUsage =
    "sudoforge db init | import FILE... | query [FILTERS] | stats | export -o FILE [FILTERS] | merge DB...";
const std::string kExamples = std::string(
    "  sudoforge db init                                  create ./sudoforge.db (or $SUDOFORGE_DB)\n"
    "  sudoforge db import puzzles.txt more.sdm           check, canonicalise, dedupe, store\n"
    "  sudoforge db query --level hard --symmetry rot180 --unused --limit 60\n"
    "  sudoforge db query --variant jigsaw -o csv         one board's puzzles, with their maps\n"
    "  sudoforge db stats\n"
    "  sudoforge db export -o hard.csv --level hard        format from the extension (or --as)\n"
    "  sudoforge db merge other.db third.db                fold other catalogues into --db\n") +
    kCatalogueNote;
const std::string kInitExamples = std::string(
    "  sudoforge db init                          create ./sudoforge.db (or $SUDOFORGE_DB)\n"
    "  sudoforge db init --db puzzles.db          create (or upgrade) puzzles.db\n") +
    kCatalogueNote;
const std::string kStatsExamples = std::string(
    "  sudoforge db stats                      counts by size, variant, level, clues, technique\n"
    "  sudoforge db stats --db other.db -o json\n") +
    kCatalogueNote;
const std::string kMergeExamples =
    std::string(
        "  sudoforge db merge other.db third.db              fold them into ./sudoforge.db\n"
        "  sudoforge db merge --db main.db laptop.db         fold laptop.db into main.db\n"
        "\n"
        "New puzzles are added (isomorphic ones are one puzzle; each keeps its variant and a\n"
        "jigsaw's regions) with their techniques; the other catalogue's books with their\n"
        "pages, so their puzzles stay used; and its draws (the puzzles serve handed to each\n"
        "consumer), so none is handed to that consumer again. A book already there (the same\n"
        "book, not merely the same title) is not added twice. A file cannot be merged into\n"
        "itself (exit 2).\n") +
    kCatalogueNote;

int db_init(const Invocation& inv) {
  po::options_description o("db init options");
  add_catalogue_options(o);
  po::variables_map vm;
  if (!parse_options(inv, o, "sudoforge db init [--db FILE]", kInitExamples, vm)) return kOk;
  const std::string path = resolve_db(vm);
  Catalogue cat(path, open_options(vm, false));
  std::cout << path << ": catalogue ready (schema version " << cat.schema_version() << ", "
            << cat.count({}) << " puzzles)\n";
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
  add_catalogue_options(o);
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
    j["by_variant"] = object(s.by_variant, text);
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
  print_table("variant", s.by_variant, s.total);
  print_table("level", levels, s.total);
  print_table("clues", clues, s.total);
  print_table("technique", s.by_technique, s.graded);
  return kOk;
}

int db_merge(const Invocation& inv) {
  po::options_description o("db merge options");
  add_catalogue_options(o);
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
              << r.books << ", draws " << r.draws << '\n';
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
  if (inv.args[0] == "--version") {
    print_version();
    return kOk;
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
  return run_command(rest, run);
}

}  // namespace sudoforge::cli