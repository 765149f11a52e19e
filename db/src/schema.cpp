#include "sudoforge/db/schema.h"

#include <array>
#include <string>

#include "sudoforge/db/error.h"
#include "sudoforge/db/statement.h"
#include "sudoforge/db/transaction.h"

namespace sudoforge::db {
namespace {

constexpr std::string_view kVersion1 = R"sql(
CREATE TABLE puzzles (
  id        INTEGER PRIMARY KEY,
  givens    TEXT NOT NULL,
  solution  TEXT,
  size      INTEGER NOT NULL,
  clues     INTEGER NOT NULL,
  symmetry  TEXT NOT NULL DEFAULT 'none',
  minimal   INTEGER,
  rating_er REAL,
  rating_ep REAL,
  rating_ed REAL,
  level     TEXT,
  hardest   TEXT,
  dlx_nodes INTEGER,
  guesses   INTEGER,
  source    TEXT NOT NULL DEFAULT '',
  seed      INTEGER,
  created   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  canonical TEXT NOT NULL UNIQUE
);
CREATE TABLE puzzle_techniques (
  puzzle_id INTEGER NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
  technique TEXT NOT NULL,
  PRIMARY KEY (technique, puzzle_id)
) WITHOUT ROWID;
CREATE INDEX puzzle_techniques_by_puzzle ON puzzle_techniques(puzzle_id);
CREATE TABLE books (
  id      INTEGER PRIMARY KEY,
  title   TEXT NOT NULL,
  file    TEXT,
  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE book_puzzles (
  book_id   INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
  position  INTEGER NOT NULL,
  PRIMARY KEY (book_id, position)
);
CREATE INDEX book_puzzles_by_puzzle ON book_puzzles(puzzle_id);
CREATE INDEX puzzles_by_level_rating ON puzzles(level, rating_er);
CREATE INDEX puzzles_by_rating ON puzzles(rating_er);
CREATE INDEX puzzles_by_clues ON puzzles(clues);
)sql";

constexpr std::string_view kVersion2 = R"sql(
CREATE INDEX puzzles_by_source ON puzzles(source);
CREATE INDEX puzzles_by_size_clues ON puzzles(size, clues);
)sql";

constexpr std::array<std::string_view, kSchemaVersion> kSteps = {kVersion1, kVersion2};

}  // namespace

std::span<const std::string_view> migrations() { return kSteps; }

int schema_version(Connection& connection) {
  Statement st(connection, "PRAGMA user_version");
  st.step();
  return st.column_int(0);
}

int migrate(Connection& connection, int target) {
  if (target > kSchemaVersion) target = kSchemaVersion;
  // Up to date: no write lock needed (another connection may be writing right now).
  if (const int v = schema_version(connection); v >= target && v <= kSchemaVersion && v > 0) {
    return v;
  }
  // Checked again inside the write transaction, in case another process migrates first.
  Transaction tx(connection, Transaction::Mode::kImmediate);
  const int version = schema_version(connection);
  if (version > kSchemaVersion) {
    throw CatalogueError(CatalogueError::Category::kSchema, 0,
                         connection.path() + ": catalogue schema version " +
                             std::to_string(version) + " is newer than this program's (" +
                             std::to_string(kSchemaVersion) + ")");
  }
  if (version == 0) {
    Statement tables(connection, "SELECT count(*) FROM sqlite_schema");
    tables.step();
    if (tables.column_int64(0) > 0) {
      throw CatalogueError(CatalogueError::Category::kSchema, 0,
                           connection.path() + ": not a sudoforge catalogue (tables exist "
                                               "but user_version is 0)");
    }
  }
  if (version >= target) return version;
  for (int v = version; v < target; ++v) connection.exec(kSteps[static_cast<std::size_t>(v)]);
  // PRAGMA takes no bound parameters; the value is our own integer.
  connection.exec("PRAGMA user_version = " + std::to_string(target));
  tx.commit();
  return target;
}

}  // namespace sudoforge::db
