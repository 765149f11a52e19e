#pragma once
// The catalogue options shared by every command that reads the catalogue (db query,
// db export, book, render --id, testset --db): the catalogue file, the busy timeout, and
// the query filters, parsed into a db::QueryFilter.
#include <string>

#include "cli_common.h"
#include "sudoforge/db/catalogue.h"

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
};
// --level --min-rating --max-rating --technique --clues --symmetry --size --source
// --order, and --unused / --limit as `set` says.
void add_filter_options(po::options_description& options, const FilterOptionSet& set = {});
// The filter the options describe; throws UsageError for bad values.
db::QueryFilter filter_from(const po::variables_map& vm);

}  // namespace sudoforge::cli
