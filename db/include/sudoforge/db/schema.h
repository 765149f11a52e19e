#pragma once
// The catalogue schema and its forward migrations.
//
// The version lives in `PRAGMA user_version` (0 = empty file). migrations()[i] is the SQL
// that takes a database from version i to i+1; migrate() runs the missing steps in one
// transaction, so a failed upgrade leaves the file at its old version.
//
// Version 1 (initial):
//   puzzles            one row per puzzle (isomorphic puzzles are one puzzle: `canonical`
//                      is UNIQUE and inserts use ON CONFLICT(canonical) DO NOTHING)
//     id          INTEGER PRIMARY KEY
//     givens      TEXT NOT NULL     N*N symbols, '.' empty (1-9, then A.. above 9)
//     solution    TEXT              same alphabet, NULL when not known
//     size        INTEGER NOT NULL  N (4, 6, 9, 12, 16, 25)
//     clues       INTEGER NOT NULL  number of givens
//     symmetry    TEXT NOT NULL     pattern symmetry: none, rot180, rot90, mirror, flip,
//                                   diagonal, antidiagonal, dihedral
//     minimal     INTEGER           1 minimal, 0 not, NULL unknown
//     rating_er   REAL              Sudoku Explainer ER/EP/ED; NULL when not graded
//     rating_ep   REAL
//     rating_ed   REAL
//     level       TEXT              easy, medium, hard, expert, diabolical, extreme; NULL
//     hardest     TEXT              name of the hardest technique used; NULL
//     dlx_nodes   INTEGER           search measure (nodes, guesses); NULL when unknown
//     guesses     INTEGER
//     source      TEXT NOT NULL     imported file name, or "generator"
//     seed        INTEGER           generator seed; NULL for imports
//     created     TEXT NOT NULL     UTC time of insertion, ISO 8601 (2024-05-01T12:00:00Z)
//     canonical   TEXT NOT NULL UNIQUE  canonical (minlex) key, see core/canonical.h
//   puzzle_techniques  (puzzle_id -> puzzles.id, technique TEXT): techniques a grading
//                      used, one row each; primary key (technique, puzzle_id)
//   books              (id, title, file, created): books produced from the catalogue
//   book_puzzles       (book_id -> books.id, puzzle_id -> puzzles.id, position): which
//                      puzzle went on which page, so a book never repeats a printed puzzle
//   indexes: puzzles(level, rating_er), puzzles(rating_er), puzzles(clues),
//            puzzle_techniques(puzzle_id), book_puzzles(puzzle_id)
// Version 2: index puzzles(source), index puzzles(size, clues).
// Version 3: random sampling without sorting (QueryFilter::Order::kRandom).
//     rnd         INTEGER NOT NULL  a random key, uniform over the signed 64-bit integers,
//                                   drawn once when the row is inserted (SQLite random())
//                                   and never changed; it means nothing else. The migration
//                                   draws it for the rows already there.
//   indexes: puzzles(rnd, rating_er), puzzles(level, rnd, rating_er) (rating_er so that
//            a rating range is tested in the index during a walk along rnd)
//   trigger puzzles_draw_rnd: a row inserted with rnd = 0 (the column default, i.e. by a
//     writer that does not know the column) gets a drawn value, so every row has one.
//   Random order no longer walks rnd (from a random key, a row came up with a chance
//   proportional to the gap before its key: far from uniform); the column, its indexes and
//   trigger stay as they are.
// Version 4: which puzzle of which generator run a row is (`generate --db --resume`).
//     gen_index   INTEGER           the puzzle's index i in its run (puzzle i of a seed is a
//                                   function of the seed, i and the options); stored as
//                                   the 64-bit pattern of the unsigned index, like seed.
//                                   NULL for imports and rows from older versions.
//     gen_options TEXT              the options that, with seed and gen_index, determine
//                                   the puzzle, as generate spells them ("--size 3x3
//                                   --symmetry none --level hard"); NULL with gen_index.
//   index: puzzles(seed, gen_index) WHERE gen_index IS NOT NULL
// Version 5: books keep their subtitle and an identity, so merge() tells books apart.
//   books.subtitle TEXT NOT NULL DEFAULT ''  the line under the title
//   books.uid      TEXT UNIQUE  32 random hex digits drawn when the book is recorded (the
//                               migration draws them for the books already there), kept
//                               by merge(); trigger books_draw_uid draws one for a book
//                               inserted without (by another writer)
// Version 6: variant boards (core/variant.h).
//     variant     TEXT NOT NULL DEFAULT 'classic'  the board's variant as --variant spells
//                                   it (Variant::name: classic, x, x+windoku, jigsaw ...);
//                                   the rows already there are classic
//     regions     TEXT              a jigsaw board's region map: N*N symbols of the
//                                   standard alphabet, region i (numbered by first cell)
//                                   written as symbol i+1 (core record_writer region_map);
//                                   a killer board's cages as MAP;SUMS (core killer_text.h
//                                   killer_layout; no schema change: killers came later);
//                                   NULL on other boards with boxes
//   The canonical key of a variant board names its variant (canonical.h), so the UNIQUE
//   key dedupes per variant; classic keys are unchanged.
//   index: puzzles(variant) WHERE variant <> 'classic'
// Version 7: draws, the puzzles `serve` handed out (Catalogue::draw).
//   draws              (consumer TEXT, puzzle_id -> puzzles.id ON DELETE CASCADE, drawn
//                      TEXT: UTC time, ISO 8601); primary key (consumer, puzzle_id), so a
//                      consumer is never given one puzzle twice; index draws(puzzle_id)
// Version 8: the parent of a puzzle found by neighbourhood search (generate --min-rating
//   9+, workflow/hard_search.h).
//   puzzle_parents     (puzzle_id -> puzzles.id PRIMARY KEY, parent TEXT NOT NULL: the
//                      parent's givens as stored in `givens`, in the child's orientation;
//                      parent_canonical TEXT NOT NULL: its canonical key, which finds it
//                      in the catalogue when it is there; move TEXT NOT NULL: the move,
//                      "-1+1", "-2+2", ... as drawn before the child was made minimal)
//   index: puzzle_parents(parent_canonical)
// Version 9: indices for a level's puzzles in id order and in clue order (the pages of
//   `db query --level L` and GET /v1/puzzles?level=L with --order id or clues), which
//   were sorted whole on every request.
//   index: puzzles(level)        (entries end in the rowid: id order within a level)
//   index: puzzles(level, clues)
#include <span>
#include <string_view>

#include "sudoforge/db/connection.h"

namespace sudoforge::db {

inline constexpr int kSchemaVersion = 9;

// The steps: element i takes version i to i+1.
std::span<const std::string_view> migrations();

// PRAGMA user_version.
int schema_version(Connection& connection);

// Runs the steps from the current version up to `target` (<= kSchemaVersion) in one
// IMMEDIATE transaction; returns the version reached. Throws CatalogueError kSchema when
// the file is newer than this program or is some other application's database (version 0
// with tables in it).
int migrate(Connection& connection, int target = kSchemaVersion);

}  // namespace sudoforge::db
