// The parents of searched puzzles (schema version 7): stored with the puzzle, read back by
// id, carried by merge, absent for puzzles without one and on files migrated from 6.
#include <gtest/gtest.h>

#include "db_test_util.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/schema.h"
#include "sudoforge/db/statement.h"

namespace sudoforge::db {
namespace {

using testing::temp_db;

PuzzleRecord with_clue(int cell, const std::string& key) {
  PuzzleRecord r;
  r.givens.set(cell, 1);
  r.canonical = key;
  r.source = "search";
  return r;
}

ParentLink parent_at(int cell) {
  Grid g;
  g.set(cell, 2);
  return ParentLink{g, "parent-key", "-2+2"};
}

std::int64_t id_of(Catalogue& cat, const std::string& key) {
  for (const PuzzleRecord& r : cat.query(QueryFilter{})) {
    if (r.canonical == key) return r.id;
  }
  return 0;
}

TEST(Parents, StoredWithThePuzzleAndReadBack) {
  Catalogue cat(temp_db("parents.db"));
  PuzzleRecord child = with_clue(3, "child");
  child.parent = parent_at(7);
  const std::vector<PuzzleRecord> records{child, with_clue(4, "orphan")};
  EXPECT_EQ(cat.add(records).added, 2);
  const auto link = cat.parent_of(id_of(cat, "child"));
  ASSERT_TRUE(link);
  EXPECT_EQ(link->givens, parent_at(7).givens);
  EXPECT_EQ(link->canonical, "parent-key");
  EXPECT_EQ(link->move, "-2+2");
  EXPECT_FALSE(cat.parent_of(id_of(cat, "orphan")));
}

TEST(Parents, DuplicateChildKeepsTheFirstParent) {
  Catalogue cat(temp_db("parents_dup.db"));
  PuzzleRecord a = with_clue(3, "same");
  a.parent = parent_at(7);
  PuzzleRecord b = a;
  b.parent = parent_at(8);
  const std::vector<PuzzleRecord> records{a, b};
  const AddResult r = cat.add(records);
  EXPECT_EQ(r.added, 1);
  EXPECT_EQ(r.duplicates, 1);
  EXPECT_EQ(cat.parent_of(id_of(cat, "same"))->givens, parent_at(7).givens);
}

TEST(Parents, MergeCarriesThem) {
  const std::string from = temp_db("parents_from.db"), into = temp_db("parents_into.db");
  {
    Catalogue src(from);
    PuzzleRecord child = with_clue(5, "merged-child");
    child.parent = parent_at(9);
    src.add(std::vector<PuzzleRecord>{child});
  }
  Catalogue dst(into);
  dst.add(std::vector<PuzzleRecord>{with_clue(1, "already")});
  EXPECT_EQ(dst.merge(from).added, 1);
  const auto link = dst.parent_of(id_of(dst, "merged-child"));
  ASSERT_TRUE(link);
  EXPECT_EQ(link->givens, parent_at(9).givens);
  EXPECT_FALSE(dst.parent_of(id_of(dst, "already")));
}

TEST(Parents, MigrationFromVersion6AddsTheTable) {
  const std::string path = temp_db("parents_v6.db");
  {
    Connection c(path);
    migrate(c, 6);
    c.exec("INSERT INTO puzzles (givens, size, clues, canonical, source) VALUES ('1" +
           std::string(80, '.') + "', 9, 1, 'old', 'f.txt')");
  }
  Catalogue cat(path);
  EXPECT_EQ(cat.schema_version(), kSchemaVersion);
  EXPECT_FALSE(cat.parent_of(id_of(cat, "old")));
  PuzzleRecord child = with_clue(2, "new");
  child.parent = parent_at(3);
  cat.add(std::vector<PuzzleRecord>{child});
  EXPECT_TRUE(cat.parent_of(id_of(cat, "new")));
}

}  // namespace
}  // namespace sudoforge::db
