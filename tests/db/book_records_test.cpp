// Catalogue::get, record_book (one transaction, unused check, before_commit) and books().
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "db_test_util.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/schema.h"

namespace sudoforge::db {
namespace {

using testing::temp_db;

using testing::grid;

const char* kPuzzles[] = {
    ".......1.4.........2...........5.6.4..8...3....1.9....3..4..2...5.1........8.7...",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
};

std::vector<std::int64_t> fill(Catalogue& cat) {
  std::vector<PuzzleRecord> recs;
  for (const char* p : kPuzzles) {
    PuzzleRecord r;
    r.givens = grid(p);
    r.source = "test";
    r.level = "hard";
    r.techniques = {"X-Wing"};
    recs.push_back(r);
  }
  cat.add(recs);
  std::vector<std::int64_t> ids;
  for (const auto& r : cat.query(QueryFilter{})) ids.push_back(r.id);
  return ids;
}

TEST(CatalogueBooks, GetReturnsTheRecordOrNothing) {
  Catalogue cat(temp_db("get.db"));
  const auto ids = fill(cat);
  const auto r = cat.get(ids[1]);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->givens, grid(kPuzzles[1]));
  EXPECT_EQ(r->level, "hard");
  EXPECT_EQ(r->techniques, std::vector<std::string>{"X-Wing"});
  EXPECT_FALSE(cat.get(9999));
}

TEST(CatalogueBooks, RecordedPuzzlesAreNoLongerUnused) {
  Catalogue cat(temp_db("record.db"));
  const auto ids = fill(cat);
  const std::vector<std::int64_t> first{ids[2], ids[0]};
  const std::int64_t book = cat.record_book("Vol. 1", "vol1.pdf", first, true);
  QueryFilter unused;
  unused.unused = true;
  const auto left = cat.query(unused);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].id, ids[1]);
  const auto books = cat.books();
  ASSERT_EQ(books.size(), 1u);
  EXPECT_EQ(books[0].id, book);
  EXPECT_EQ(books[0].title, "Vol. 1");
  EXPECT_EQ(books[0].file, "vol1.pdf");
  EXPECT_EQ(books[0].puzzle_ids, first);  // page order kept
  EXPECT_EQ(cat.stats().in_books, 2);
}

TEST(CatalogueBooks, AnAlreadyPrintedPuzzleFailsTheWholeBookWhenUnusedIsRequired) {
  Catalogue cat(temp_db("conflict.db"));
  const auto ids = fill(cat);
  cat.record_book("A", "a.pdf", std::vector<std::int64_t>{ids[0]}, true);
  try {
    cat.record_book("B", "b.pdf", std::vector<std::int64_t>{ids[1], ids[0]}, true);
    FAIL() << "expected a constraint error";
  } catch (const CatalogueError& e) {
    EXPECT_EQ(e.category(), CatalogueError::Category::kConstraint);
  }
  EXPECT_EQ(cat.books().size(), 1u);  // nothing of B recorded
  QueryFilter unused;
  unused.unused = true;
  EXPECT_EQ(cat.count(unused), 2);
  // Reuse allowed: the same puzzle may go into a second book.
  cat.record_book("C", "c.pdf", std::vector<std::int64_t>{ids[1], ids[0]}, false);
  EXPECT_EQ(cat.books().size(), 2u);
}

TEST(CatalogueBooks, AFailingBeforeCommitRecordsNothing) {
  Catalogue cat(temp_db("rollback.db"));
  const auto ids = fill(cat);
  bool ran = false;
  EXPECT_THROW(cat.record_book("X", "x.pdf", ids, true, [&] {
    ran = true;
    throw std::runtime_error("rename failed");
  }), std::runtime_error);
  EXPECT_TRUE(ran);
  EXPECT_TRUE(cat.books().empty());
  QueryFilter unused;
  unused.unused = true;
  EXPECT_EQ(cat.count(unused), 3);
  // And a hook that succeeds runs once, inside, before the commit.
  int calls = 0;
  cat.record_book("Y", "y.pdf", ids, true, [&] { ++calls; });
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(cat.count(unused), 0);
}

TEST(CatalogueBooks, BadListsAreRefused) {
  Catalogue cat(temp_db("bad.db"));
  const auto ids = fill(cat);
  EXPECT_THROW(cat.record_book("E", "", std::vector<std::int64_t>{}, true), std::invalid_argument);
  EXPECT_THROW(cat.record_book("D", "", std::vector<std::int64_t>{ids[0], ids[0]}, true), std::invalid_argument);
  EXPECT_THROW(cat.record_book("M", "", std::vector<std::int64_t>{ids[0], 4242}, true), CatalogueError);
  EXPECT_TRUE(cat.books().empty());
}

std::int64_t scalar(Connection& c, const std::string& sql) {
  Statement st(c, sql);
  st.step();
  return st.column_int64(0);
}

// Two volumes of one title, recorded in the same second (set so here): a merge copies
// both, with their subtitles and uids, and a second merge copies neither again.
TEST(CatalogueBooks, MergeTellsBooksApartByIdentityNotByTitleAndTime) {
  const std::string src = temp_db("vol_src.db"), dst = temp_db("vol_dst.db");
  {
    Catalogue a(src);
    const auto ids = fill(a);
    a.record_book(Catalogue::NewBook{"Hard", "Volume 1", "v1.pdf", {}},
                  std::vector<std::int64_t>{ids[0]}, true);
    a.record_book(Catalogue::NewBook{"Hard", "Volume 2", "v2.pdf", {}},
                  std::vector<std::int64_t>{ids[1], ids[2]}, true);
    a.connection().exec("UPDATE books SET created = '2024-05-01T12:00:00Z'");
  }
  Catalogue b(dst);
  EXPECT_EQ(b.merge(src).books, 2);
  EXPECT_EQ(b.merge(src).books, 0);
  const auto books = b.books();
  ASSERT_EQ(books.size(), 2u);
  EXPECT_EQ(books[0].subtitle, "Volume 1");
  EXPECT_EQ(books[1].subtitle, "Volume 2");
  EXPECT_EQ(books[1].puzzle_ids.size(), 2u);
  EXPECT_EQ(books[0].uid, Catalogue(src).books()[0].uid);
  EXPECT_EQ(books[0].uid.size(), 32u);
  EXPECT_NE(books[0].uid, books[1].uid);
  QueryFilter unused;
  unused.unused = true;
  EXPECT_EQ(b.count(unused), 0);
}

TEST(CatalogueBooks, OldCataloguesMigrateAndCopiesMergeOnce) {
  const std::string v3 = temp_db("books_v3.db"), copy = temp_db("books_v3_copy.db");
  {
    Connection c(v3);
    migrate(c, 3);
    c.exec(
        "INSERT INTO puzzles (givens, size, clues, canonical, rnd) VALUES "
        "('1' || replace(hex(zeroblob(40)), '0', '.'), 9, 1, 'k1', 1), "
        "('2' || replace(hex(zeroblob(40)), '0', '.'), 9, 1, 'k2', 2);"
        "INSERT INTO books (title, file, created) VALUES "
        "('Hard', 'a.pdf', '2024-01-01T00:00:00Z'), ('Hard', 'a.pdf', '2024-01-01T00:00:00Z');"
        "INSERT INTO book_puzzles VALUES (1, 1, 1), (2, 2, 1);");
    EXPECT_EQ(schema_version(c), 3);
  }
  std::filesystem::copy_file(v3, copy);
  {
    // Read-only, an old file is read as it is: no subtitles, no uids.
    OpenOptions ro;
    ro.read_only = true;
    Catalogue old(v3, ro);
    ASSERT_EQ(old.books().size(), 2u);
    EXPECT_EQ(old.books()[0].uid, "");
  }
  Catalogue cat(v3);
  EXPECT_EQ(cat.schema_version(), kSchemaVersion);
  const auto books = cat.books();
  ASSERT_EQ(books.size(), 2u);
  EXPECT_EQ(books[0].subtitle, "");
  EXPECT_EQ(books[0].uid.size(), 32u);
  EXPECT_NE(books[0].uid, books[1].uid);
  // The copy, migrated on its own, drew other uids for the same books: they are still
  // the same books (title, time, file and pages), and the two of one title stay two.
  { Catalogue other(copy); }
  EXPECT_EQ(cat.merge(copy).books, 0);
  EXPECT_EQ(cat.books().size(), 2u);
  // A writer that leaves uid out gets one drawn.
  cat.connection().exec("INSERT INTO books (title) VALUES ('raw')");
  EXPECT_EQ(scalar(cat.connection(), "SELECT count(*) FROM books WHERE uid IS NULL"), 0);
}

TEST(CatalogueBooks, AFileCannotBeMergedIntoItself) {
  const std::string path = temp_db("self.db");
  const std::string link = temp_db("self_link.db");
  Catalogue cat(path);
  fill(cat);
  std::filesystem::create_hard_link(path, link);
  EXPECT_THROW(cat.merge(path), std::invalid_argument);
  EXPECT_THROW(cat.merge(link), std::invalid_argument);  // another name, the same file
  EXPECT_EQ(cat.count({}), 3);
}

TEST(CatalogueBooks, OverwritingABooksFileForgetsItInTheOlderRecord) {
  Catalogue cat(temp_db("forget.db"));
  const auto ids = fill(cat);
  const std::int64_t first = cat.record_book("A", "a.pdf", std::vector<std::int64_t>{ids[0]}, true);
  cat.record_book(Catalogue::NewBook{"B", "", "a.pdf", {first}}, std::vector<std::int64_t>{ids[1]},
                  true);
  const auto books = cat.books();
  ASSERT_EQ(books.size(), 2u);
  EXPECT_FALSE(books[0].file);
  EXPECT_EQ(books[1].file, "a.pdf");
}

}  // namespace
}  // namespace sudoforge::db
