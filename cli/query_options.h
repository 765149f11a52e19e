#pragma once
// The catalogue options shared by every command that reads the catalogue (db query,
// db export, book, render --id, testset --db): the catalogue file, the busy timeout, and
// the query filters, parsed into a db::QueryFilter.
#include <string>
#include <vector>

#include "cli_common.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/workflow/target.h"

namespace sudoforge::cli {

// --db, --busy-timeout.
void add_catalogue_options(po::options_description& options);
// --db, else $SUDOFORGE_DB, else ./sudoforge.db.
std::string resolve_db(const po::variables_map& vm);
db::OpenOptions open_options(const po::variables_map& vm, bool read_only);

struct FilterOptionSet {
  bool limit = true;                  // offer --limit
  bool unused = true;                 // offer --unused
  const char* default_order = "id";   // --order default
  bool seed = false;                  // offer --seed (for --order random)
  bool variant = false;               // offer --variant (the board's variant)
};
// --level --min-rating --max-rating --technique --clues --symmetry --size --source
// --order, and --unused / --limit / --seed as `set` says. A command with a --seed of its
// own (testset) leaves set.seed off; filter_from() takes its --seed all the same, and
// likewise a --variant that the command declared itself.
void add_filter_options(po::options_description& options, const FilterOptionSet& set = {});
// A --level value (any case) as the catalogue stores it; throws UsageError for others.
std::string parse_level_option(const std::string& text);
// The --technique values resolved to the grader's names, each once; throws UsageError
// (listing the known names) for an unknown one.
std::vector<std::string> techniques_from(const po::variables_map& vm);
// The filter the options describe (levels and technique names resolved to the names the
// catalogue stores); throws UsageError for bad values, unknown levels and techniques.
db::QueryFilter filter_from(const po::variables_map& vm);

// The difficulty target of --level, --min-rating and --max-rating, as generate and db
// import spell them (each command declares them with its own help); throws UsageError for
// an unknown level and for a target that can keep no puzzle.
workflow::Target target_from(const po::variables_map& vm);

}  // namespace sudoforge::cli
