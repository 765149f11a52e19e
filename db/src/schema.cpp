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

// rnd: ALTER TABLE ADD COLUMN cannot take a non-constant default such as (random()), and
// rebuilding `puzzles` instead would cascade-delete its techniques (foreign keys are on and
// cannot be switched off inside the migration's transaction). So the column defaults to 0,
// every insert path of the catalogue draws the value itself, and the trigger redraws a 0
// left by any other writer (the sqlite3 shell, an older script), so random sampling stays
// uniform whoever inserts. The existing rows are drawn before the indexes are built (one
// sort instead of a million index updates). rating_er rides along in both indexes so a
// walk along rnd tests a rating range in the index and reads only the matching rows
// (db/PERF_NOTES.md).
constexpr std::string_view kVersion3 = R"sql(
ALTER TABLE puzzles ADD COLUMN rnd INTEGER NOT NULL DEFAULT 0;
UPDATE puzzles SET rnd = random();
CREATE INDEX puzzles_by_rnd ON puzzles(rnd, rating_er);
CREATE INDEX puzzles_by_level_rnd ON puzzles(level, rnd, rating_er);
CREATE TRIGGER puzzles_draw_rnd AFTER INSERT ON puzzles WHEN NEW.rnd = 0
BEGIN
  UPDATE puzzles SET rnd = random() WHERE id = NEW.id;
END;
)sql";

// Where a generated puzzle came from, so `generate --db --resume` can tell which puzzles
// of a run are stored (schema.h, version 4). The index is partial: imports (gen_index
// NULL) cost it nothing, and SQLite uses it for any range test on gen_index.
constexpr std::string_view kVersion4 = R"sql(
ALTER TABLE puzzles ADD COLUMN gen_index INTEGER;
ALTER TABLE puzzles ADD COLUMN gen_options TEXT;
CREATE INDEX puzzles_by_generation ON puzzles(seed, gen_index) WHERE gen_index IS NOT NULL;
)sql";

// Books get their subtitle and an identity. The books already there draw their uid here,
// each file on its own, so merge() also takes a book with the same title, time, file and
// pages for the same book (two copies of one old file, migrated separately).
constexpr std::string_view kVersion5 = R"sql(
ALTER TABLE books ADD COLUMN subtitle TEXT NOT NULL DEFAULT '';
ALTER TABLE books ADD COLUMN uid TEXT;
UPDATE books SET uid = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX books_by_uid ON books(uid);
CREATE TRIGGER books_draw_uid AFTER INSERT ON books WHEN NEW.uid IS NULL
BEGIN
  UPDATE books SET uid = lower(hex(randomblob(16))) WHERE id = NEW.id;
END;
)sql";

// Variant boards. ADD COLUMN with a constant default fills the existing rows without
// rewriting them; they are all classic. The index is partial: a catalogue of classic
// puzzles pays nothing for it, and `--variant x` finds the few X rows of a large one
// (the query names 'classic' literally, see build_where, so the planner may use it).
constexpr std::string_view kVersion6 = R"sql(
ALTER TABLE puzzles ADD COLUMN variant TEXT NOT NULL DEFAULT 'classic';
ALTER TABLE puzzles ADD COLUMN regions TEXT;
CREATE INDEX puzzles_by_variant ON puzzles(variant) WHERE variant <> 'classic';
)sql";

// Draws: which puzzles `serve` handed to which consumer (schema.h, version 7). The key is
// (consumer, puzzle_id), so a consumer can never be recorded twice for one puzzle, and
// "not drawn by C" is one probe of it per candidate row; the second index serves the
// cascade when a puzzle goes.
constexpr std::string_view kVersion7 = R"sql(
CREATE TABLE draws (
  consumer  TEXT NOT NULL,
  puzzle_id INTEGER NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
  drawn     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  PRIMARY KEY (consumer, puzzle_id)
) WITHOUT ROWID;
CREATE INDEX draws_by_puzzle ON draws(puzzle_id);
)sql";

// Where a searched puzzle came from (schema.h, version 8). A table of its own rather than
// columns of puzzles: only searched puzzles have a parent, and the parent need not be in
// the catalogue (a puzzle of a --from file), so it is kept by its givens and key.
constexpr std::string_view kVersion8 = R"sql(
CREATE TABLE puzzle_parents (
  puzzle_id INTEGER PRIMARY KEY REFERENCES puzzles(id),
  parent TEXT NOT NULL,
  parent_canonical TEXT NOT NULL,
  move TEXT NOT NULL
);
CREATE INDEX puzzle_parents_by_parent ON puzzle_parents(parent_canonical);
)sql";

// A level's puzzles in the orders that otherwise sort every match (schema.h, version 9):
// a page of a large level cost a sort of the whole level.
constexpr std::string_view kVersion9 = R"sql(
CREATE INDEX puzzles_by_level ON puzzles(level);
CREATE INDEX puzzles_by_level_clues ON puzzles(level, clues);
)sql";

constexpr std::array<std::string_view, kSchemaVersion> kSteps = {kVersion1, kVersion2, kVersion3,
                                                                 kVersion4, kVersion5, kVersion6,
                                                                 kVersion7, kVersion8, kVersion9};

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
  // A file someone ran ANALYZE on has statistics for the old indexes only. The planner
  // takes an index without them for far more selective than it is (db/PERF_NOTES.md), so
  // refresh them all (about 1 s per million rows). A file never analyzed stays so: there
  // every index is estimated alike.
  {
    Statement analyzed(connection,
                       "SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat1'");
    analyzed.step();
    if (analyzed.column_int64(0) > 0) connection.exec("ANALYZE");
  }
  // PRAGMA takes no bound parameters; the value is our own integer.
  connection.exec("PRAGMA user_version = " + std::to_string(target));
  tx.commit();
  return target;
}

}  // namespace sudoforge::db
