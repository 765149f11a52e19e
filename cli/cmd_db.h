#pragma once
// The subcommands of `sudoforge db`, one file each (cmd_db*.cpp); cmd_db dispatches.
#include <string>

#include "cli_common.h"

namespace sudoforge::cli {

// The paragraph on the catalogue file that ends every db subcommand's --help.
inline constexpr const char* kCatalogueNote =
    "\n"
    "The catalogue file is --db, else $SUDOFORGE_DB, else ./sudoforge.db (a bare --db means\n"
    "that default). A catalogue that is read-only, locked by another program for longer\n"
    "than --busy-timeout, corrupt, or of a newer schema is reported and exit code 3 is\n"
    "returned; the file is left as it was. Reading commands (query, export, stats) also\n"
    "read a catalogue in a folder they may not write to.\n";

int db_import(const Invocation& inv);
// `db query` prints to stdout; `db export` (export_mode) writes a file.
int db_query(const Invocation& inv, bool export_mode);

}  // namespace sudoforge::cli
