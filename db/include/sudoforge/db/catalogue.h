#pragma once
// Catalogue: the puzzle collection in one SQLite file (schema in schema.h).
//
// Records come in and go out as plain PuzzleRecord structs: the catalogue knows no
// solver and no grader. Isomorphic puzzles are one puzzle: add() and merge() dedupe by
// the canonical key (core/canonical.h). Every write is one IMMEDIATE transaction (all of
// a batch or nothing); every value reaches SQL as a bound parameter.
//
// Concurrency: one Catalogue per thread. Several processes or threads may write the same
// file: WAL lets readers go on while one writer writes, and writers wait up to
// OpenOptions::busy_timeout_ms for each other before failing with kBusy.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/db/connection.h"
#include "sudoforge/db/error.h"
#include "sudoforge/db/statement.h"

namespace sudoforge::db {

// The puzzle a searched puzzle came from (schema.h, version 7).
struct ParentLink {
  Grid givens;            // the parent, in the child's orientation
  std::string canonical;  // its canonical key
  std::string move;       // "-1+1", "-2+2", ...
};

struct PuzzleRecord {
  std::int64_t id = 0;  // assigned by the catalogue; ignored by add()
  Grid givens;
  std::optional<Grid> solution;
  std::string symmetry = "none";
  std::optional<bool> minimal;
  std::optional<double> rating_er, rating_ep, rating_ed;  // NULL until graded
  std::optional<std::string> level, hardest;
  std::optional<std::int64_t> dlx_nodes, guesses;
  std::string source;
  std::optional<std::int64_t> seed;
  // Generated puzzles: the index in the run and the run's options (schema.h, version 4).
  std::optional<std::int64_t> gen_index;
  std::optional<std::string> gen_options;
  std::string created;    // read back; add(): empty = now
  std::string canonical;  // add(): empty = computed with canonical_key(givens)
  std::vector<std::string> techniques;
  // add() stores it in puzzle_parents; reads leave it empty (see Catalogue::parent_of).
  std::optional<ParentLink> parent;

  int size() const { return givens.size(); }
  int clues() const { return givens.clue_count(); }
  // The board is the givens' geometry (extra houses, jigsaw regions); stored as these two
  // (schema.h, version 6). variant(): the --variant spelling ("classic", "x+windoku",
  // "jigsaw", "killer"); regions(): a jigsaw board's region map in the standard alphabet
  // (region i as symbol i+1), a killer board's cages as MAP;SUMS (killer_text.h), "" on
  // other boards with boxes.
  std::string variant() const;
  std::string regions() const;
};

class Catalogue;

// One row of a listing as stored (Catalogue::query_rows): the fields a list of puzzles
// shows, read without building grids. The views point into SQLite's row: valid only
// during the visit.
class PuzzleRow {
 public:
  std::int64_t id = 0;
  std::string_view givens;  // the stored text (grid_to_text of the givens when written)
  int size = 0;
  std::optional<double> rating_er;
  std::optional<std::string_view> level;
  std::string_view variant;  // "classic" on files before version 6
  std::optional<std::string_view> regions;
  // The whole row as query() reads it (grids built; techniques not filled), read again
  // by id. Throws CatalogueError kCorrupt as query() does.
  PuzzleRecord record() const;

 private:
  friend class Catalogue;
  PuzzleRow(Catalogue& catalogue, const Statement& row);
  Catalogue* catalogue_;
};

struct AddResult {
  long long added = 0;
  long long duplicates = 0;  // already present (or earlier in the same batch)
};

struct QueryFilter {
  enum class Order { kId, kRating, kRandom, kClues };
  std::optional<std::string> level;
  std::optional<double> min_rating, max_rating;  // on rating_er; excludes ungraded rows
  std::vector<std::string> techniques;           // every one required
  std::optional<int> min_clues, max_clues;
  std::optional<std::string> symmetry;
  std::optional<int> size;
  bool unused = false;                           // in no book
  std::optional<std::string> source;
  std::optional<std::string> variant;  // the Variant::name spelling ("classic", "x+windoku")
  // Only puzzles never drawn by this consumer (draw()).
  std::optional<std::string> not_drawn_by;
  // rating: ER ascending, ties by id.
  // random: a uniformly random sample: every set of `limit` matching rows is about equally
  // likely (every row has the chance limit/matches), in random order. The same seed gives
  // the same sample again on an unchanged catalogue; no seed: a fresh one every query.
  // Every matching id is read (from an index where one serves the filter) and hashed, and
  // only the rows returned are read in full.
  Order order = Order::kId;
  std::optional<long long> limit;
  // Skip this many matching rows first (paging; with `limit`). For random order, the
  // pages of one seed on an unchanged catalogue are disjoint.
  std::optional<long long> offset;
  std::optional<std::uint64_t> seed;             // random order only
  bool with_techniques = false;                  // fill PuzzleRecord::techniques
};

struct CatalogueStats {
  long long total = 0;
  long long graded = 0;  // rows with a rating
  long long in_books = 0;
  std::vector<std::pair<std::string, long long>> by_level;      // "" = ungraded
  std::vector<std::pair<std::string, long long>> by_technique;  // most used first
  std::vector<std::pair<int, long long>> by_clues;              // ascending clues
  std::vector<std::pair<int, long long>> by_size;
  std::vector<std::pair<std::string, long long>> by_variant;  // most puzzles first
  long long draws = 0;      // rows of the draws table (draw())
  long long consumers = 0;  // distinct consumers in it
};

// A book produced from the catalogue and the puzzles printed in it, in page order.
struct BookRecord {
  std::int64_t id = 0;
  std::string title;
  std::string subtitle;  // "" when none (and for books of a schema before version 5)
  std::string uid;       // the book's identity across files (schema.h); "" before version 5
  std::optional<std::string> file;
  std::string created;
  std::vector<std::int64_t> puzzle_ids;
};

struct MergeResult {
  long long added = 0;
  long long duplicates = 0;
  long long books = 0;  // books copied (with their puzzle lists)
  long long draws = 0;  // draws copied (those of a consumer and puzzle already here are not)
};

class Catalogue {
 public:
  // Opens (creating when allowed) and migrates to the current schema. A read-only
  // catalogue is not migrated: it must be a sudoforge catalogue of this version or older.
  explicit Catalogue(const std::string& path, const OpenOptions& options = {});
  ~Catalogue();
  Catalogue(const Catalogue&) = delete;
  Catalogue& operator=(const Catalogue&) = delete;

  // Adds the records in one transaction. Throws CatalogueError (nothing added) on failure,
  // std::invalid_argument for a record with conflicting givens and no canonical key.
  AddResult add(std::span<const PuzzleRecord> records);

  // Calls visit for each matching record in order until it returns false.
  void query(const QueryFilter& filter, const std::function<bool(const PuzzleRecord&)>& visit);
  std::vector<PuzzleRecord> query(const QueryFilter& filter);
  // The rows query() visits, in its order, without building their records.
  void query_rows(const QueryFilter& filter, const std::function<bool(const PuzzleRow&)>& visit);
  long long count(const QueryFilter& filter);

  CatalogueStats stats();

  // Hands `consumer` up to `count` puzzles matching `filter` (its limit, offset and
  // not_drawn_by are replaced) that it was never handed before, and records them in
  // `draws`: the selection and the inserts are one IMMEDIATE transaction, so two draws
  // for one consumer, from any threads or processes, never return the same puzzle, and a
  // draw that returned is committed (durable as the connection's synchronous setting
  // makes it). Returns fewer (or none) when fewer are left. Throws CatalogueError
  // (nothing recorded), kReadOnly on a read-only catalogue.
  std::vector<PuzzleRecord> draw(const std::string& consumer, QueryFilter filter, long long count);
  // Several draws in one transaction, in order (a later one for the same consumer never
  // gets what an earlier one got): one commit, so one sync, for all of them. All or none
  // are recorded.
  struct DrawRequest {
    std::string consumer;
    QueryFilter filter;
    long long count = 1;
  };
  std::vector<std::vector<PuzzleRecord>> draw(std::span<const DrawRequest> requests);

  // The puzzle with this id (techniques filled), nullopt when there is none.
  std::optional<PuzzleRecord> get(std::int64_t id);

  // Records a book: one `books` row and one `book_puzzles` row per puzzle (position 1..n
  // in the order given), all in one IMMEDIATE transaction; returns the book's id.
  //  - require_unused: the puzzles must be in no book yet. Checked inside the transaction,
  //    so a puzzle another process printed after this one selected it is caught: throws
  //    CatalogueError kConstraint and records nothing.
  //  - before_commit, when set, runs inside the transaction after the rows are written
  //    and before COMMIT (the CLI renames the finished file into place there). If it
  //    throws, nothing is recorded and the exception propagates.
  // Throws std::invalid_argument for an empty list or a puzzle listed twice, and
  // CatalogueError kConstraint for an id that is not in the catalogue.
  // The book gets a fresh uid (BookRecord::uid).
  struct NewBook {
    std::string title, subtitle;
    std::string file;  // "" = none
    // Earlier books whose file this book's file overwrote: their `file` becomes NULL.
    std::vector<std::int64_t> overwrites;
  };
  std::int64_t record_book(const NewBook& book, std::span<const std::int64_t> puzzle_ids,
                           bool require_unused, const std::function<void()>& before_commit = {});
  std::int64_t record_book(const std::string& title, const std::string& file,
                           std::span<const std::int64_t> puzzle_ids, bool require_unused,
                           const std::function<void()>& before_commit = {}) {
    return record_book(NewBook{title, "", file}, puzzle_ids, require_unused, before_commit);
  }

  // Every book, oldest first, with its puzzle ids in page order.
  std::vector<BookRecord> books();

  // Folds another catalogue file into this one (ATTACH): new puzzles with their
  // techniques, the other's draws (deduplicated by consumer and puzzle), and its books with their
  // subtitles and uids (mapped to this file's puzzle ids). A book is there already when this file
  // has one with its uid, or one with its title, creation time, file and the same puzzles on the
  // same pages (books of files migrated from before version 5 separately drew different uids);
  // never by title and time alone. The other file may be of an older schema; the puzzles added draw
  // new random keys (rnd). Throws std::invalid_argument when the other file is this one (the same
  // file by device and inode, whatever the name).
  MergeResult merge(const std::string& other_path);

  // The indices of run (seed, options) in first .. first+count-1 that have a row, in
  // ascending (unsigned) order: puzzles stored by generate with those gen_options. A
  // puzzle of the run that was a duplicate of an earlier row has none. Precondition:
  // first + count does not wrap past 2^64.
  std::vector<std::uint64_t> generated_indices(std::uint64_t seed, const std::string& options,
                                               std::uint64_t first, std::uint64_t count);

  // The parent of puzzle `id`, nullopt when it has none (or the file predates version 7).
  std::optional<ParentLink> parent_of(std::int64_t id);

  int schema_version();
  Connection& connection() { return connection_; }
  const std::string& path() const { return connection_.path(); }

 private:
  // The columns read after kColumns: the generation columns (NULLs before version 4) and
  // the board columns (a classic board before version 6).
  std::string gen_columns() const;

  // query(filter, visit), only rows with an id above after_id when given.
  void query_records(const QueryFilter& filter,
                     const std::function<bool(const PuzzleRecord&)>& visit,
                     std::optional<std::int64_t> after_id);
  // The rows matching `filter` (all columns, in its order) to visit until it returns false.
  // `columns`: the SELECT's list (its first is p.id); after_id: only rows with a larger id
  // (draw()'s marks, below).
  void visit_rows(const QueryFilter& filter, const std::string& columns,
                  const std::function<bool(const Statement&)>& visit,
                  std::optional<std::int64_t> after_id = std::nullopt);

  // A prepared statement of the cache below, given back (reset) when the lease ends.
  class Lease;

  Connection connection_;
  int version_ = 0;  // schema version seen at open (a read-only file may be older)
  std::optional<Statement> insert_puzzle_, insert_technique_, insert_parent_;
  // Idle prepared statements of the reads (query, get), by their SQL: a server runs the
  // same few SELECTs thousands of times a second, and preparing one cost about a tenth
  // of a listing (service/PERF_NOTES.md). A statement in use is out of the cache, so a
  // query nested in a visit prepares its own. Destroyed before connection_ (declared after).
  std::vector<Statement> idle_;
  // Draw marks: for a (consumer, filter) drawn in id order, an id at or below which this
  // consumer has been handed every matching puzzle, so that the next draw starts after it
  // instead of probing the whole drawn prefix again (each draw cost grew with the
  // consumer's earlier draws). Valid while the catalogue changes only by this object's
  // draws: cleared when another connection committed (PRAGMA data_version) or this one
  // wrote anything else (total changes since the last draw).
  std::unordered_map<std::string, std::int64_t> draw_marks_;
  std::int64_t marks_data_version_ = -1;
  std::int64_t marks_total_changes_ = -1;
};

// The text of a grid as stored: N*N symbols of the standard alphabet, '.' empty.
std::string grid_to_text(const Grid& grid);
// Inverse of grid_to_text; throws CatalogueError kCorrupt for text that does not fit.
// The first builds a classic board of that size.
Grid grid_from_text(const std::string& text, int size);
Grid grid_from_text(const std::string& text, const Geometry& board);

}  // namespace sudoforge::db
