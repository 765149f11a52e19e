// Variant boards in the catalogue (schema version 6): the board stored with each puzzle
// and read back, dedup per variant and across a jigsaw's rotations, the variant filter
// and stats, merge, and the migration of a version-5 file.
#include "sudoforge/core/variant.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "db_test_util.h"
#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/error.h"
#include "sudoforge/db/schema.h"
#include "sudoforge/db/statement.h"

namespace sudoforge::db {
namespace {

using testing::temp_db;

constexpr const char* kGivens =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
// A 6x6 layout that no rotation or reflection keeps.
constexpr const char* kJigsawMap = "111222113222133344553344556664556664";

Grid on_board(const std::string& text, const Geometry& board) {
  Grid g(board);
  for (int i = 0; i < g.cell_count(); ++i) {
    const char c = text[static_cast<std::size_t>(i)];
    if (c >= '1' && c <= '9') g.set(i, c - '0');
  }
  return g;
}

Geometry jigsaw_board(const std::string& map) {
  std::vector<int> labels;
  for (char c : map) labels.push_back(c - '1');
  return Variant::parse("jigsaw").apply(Geometry::with_regions(6, labels));
}

PuzzleRecord record(const Grid& givens, const std::string& source = "test") {
  PuzzleRecord r;
  r.givens = givens;
  r.source = source;
  return r;
}

AddResult add(Catalogue& cat, std::vector<PuzzleRecord> records) {
  return cat.add(std::span<const PuzzleRecord>(records));
}

long long scalar(Connection& c, const std::string& sql) {
  Statement st(c, sql);
  st.step();
  return st.column_int64(0);
}

// The jigsaw puzzle's givens (on kJigsawMap).
constexpr const char* kJigsawGivens = "1......2.......3....4............5..";

TEST(CatalogueVariants, StoresTheBoardAndReadsItBack) {
  Catalogue cat(temp_db("variants.db"));
  const Grid x = on_board(kGivens, Variant::parse("x").apply(Geometry()));
  const Grid jig = on_board(kJigsawGivens, jigsaw_board(kJigsawMap));
  const AddResult r = add(cat, {record(on_board(kGivens, Geometry())), record(x), record(jig)});
  // The same givens on the classic and the X board are two puzzles.
  EXPECT_EQ(r.added, 3);
  EXPECT_EQ(r.duplicates, 0);
  const auto rows = cat.query({});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].variant(), "classic");
  EXPECT_TRUE(rows[0].givens.geometry() == Geometry());
  EXPECT_EQ(rows[1].variant(), "x");
  EXPECT_TRUE(rows[1].givens.geometry() == x.geometry());
  EXPECT_EQ(rows[1].canonical.rfind("x:", 0), 0u);
  EXPECT_EQ(rows[2].variant(), "jigsaw");
  EXPECT_EQ(rows[2].regions(), kJigsawMap);
  EXPECT_TRUE(rows[2].givens.geometry() == jig.geometry());
  EXPECT_EQ(grid_to_text(rows[2].givens), kJigsawGivens);
  Connection& c = cat.connection();
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM puzzles WHERE variant = 'jigsaw' AND regions = '" +
                          std::string(kJigsawMap) + "'"),
            1);
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM puzzles WHERE regions IS NULL"), 2);
}

TEST(CatalogueVariants, KillersKeepTheirCages) {
  Catalogue cat(temp_db("killers.db"));
  // Two killers with the same (no) givens and different cages are two puzzles; the same
  // killer again is a duplicate.
  const Grid a = parse_killer_text("killer:AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=5,E=5,F=8,G=4,H=5");
  const Grid b = parse_killer_text("killer+x:AABBCCDDEEFFGGHH;A=3,B=7,C=7,D=3,E=5,F=5,G=5,H=5");
  const AddResult r = add(cat, {record(a), record(b), record(a)});
  EXPECT_EQ(r.added, 2);
  EXPECT_EQ(r.duplicates, 1);
  const auto rows = cat.query({});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].variant(), "killer");
  EXPECT_TRUE(rows[0].givens.geometry() == a.geometry());
  EXPECT_EQ(rows[0].regions(), "AABCDEBCDEFFGHHF;A=3,B=4,C=6,D=5,E=5,F=8,G=4,H=5");
  EXPECT_EQ(rows[1].variant(), "killer+x");
  EXPECT_TRUE(rows[1].givens.geometry() == b.geometry());
  QueryFilter f;
  f.variant = "killer+x";
  EXPECT_EQ(cat.query(f).size(), 1u);
  // Cages that are no cages in the file: a corrupt row, not a crash.
  Connection& c = cat.connection();
  Statement(c, "UPDATE puzzles SET regions = 'AB' WHERE variant = 'killer'").step();
  EXPECT_THROW(cat.query({}), CatalogueError);
}

TEST(CatalogueVariants, ARotatedJigsawWithItsMapIsADuplicate) {
  Catalogue cat(temp_db("jigsaw_dups.db"));
  const Grid jig = on_board(kJigsawGivens, jigsaw_board(kJigsawMap));
  ASSERT_EQ(add(cat, {record(jig)}).added, 1);
  std::string map(36, '?');
  Grid turned_givens(Geometry(2, 3));
  for (int cell = 0; cell < 36; ++cell) {
    const int to = transform_cell(Geometry(2, 3), Transform::kRot90, cell);
    map[static_cast<std::size_t>(to)] = kJigsawMap[cell];
    turned_givens.set(to, jig[cell]);
  }
  const Grid turned(jigsaw_board(map), std::vector<std::uint8_t>(turned_givens.cells().begin(),
                                                                 turned_givens.cells().end()));
  const Grid turned_givens_only(
      jig.geometry(),
      std::vector<std::uint8_t>(turned_givens.cells().begin(), turned_givens.cells().end()));
  const AddResult r = add(cat, {record(turned), record(turned_givens_only)});
  EXPECT_EQ(r.duplicates, 1);  // the map turned with the givens
  EXPECT_EQ(r.added, 1);       // the givens turned on the old map: another puzzle
}

TEST(CatalogueVariants, FiltersAndCountsByVariant) {
  Catalogue cat(temp_db("variant_filter.db"));
  add(cat, {record(on_board(kGivens, Geometry())),
            record(on_board(kGivens, Variant::parse("x").apply(Geometry()))),
            record(on_board(kGivens, Variant::parse("windoku+x").apply(Geometry()))),
            record(on_board(kJigsawGivens, jigsaw_board(kJigsawMap)))});
  QueryFilter f;
  for (const auto& [variant, n] : std::vector<std::pair<std::string, long long>>{
           {"classic", 1}, {"x", 1}, {"x+windoku", 1}, {"jigsaw", 1}, {"dg", 0}}) {
    f.variant = variant;
    EXPECT_EQ(cat.count(f), n) << variant;
    for (const PuzzleRecord& r : cat.query(f)) EXPECT_EQ(r.variant(), variant);
  }
  const CatalogueStats s = cat.stats();
  ASSERT_EQ(s.by_variant.size(), 4u);
  for (const auto& [variant, n] : s.by_variant) EXPECT_EQ(n, 1) << variant;
  EXPECT_EQ(s.by_variant[0].first, "classic");  // ties by name
}

TEST(CatalogueVariants, MergeCarriesVariantAndRegions) {
  const std::string src_path = temp_db("variant_merge_src.db");
  {
    Catalogue src(src_path);
    add(src, {record(on_board(kGivens, Variant::parse("x").apply(Geometry()))),
              record(on_board(kJigsawGivens, jigsaw_board(kJigsawMap)))});
  }
  Catalogue dst(temp_db("variant_merge_dst.db"));
  add(dst, {record(on_board(kGivens, Geometry()))});
  const MergeResult m = dst.merge(src_path);
  EXPECT_EQ(m.added, 2);
  const auto rows = dst.query({});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].variant(), "x");
  EXPECT_EQ(rows[2].variant(), "jigsaw");
  EXPECT_EQ(rows[2].regions(), kJigsawMap);
  EXPECT_EQ(dst.merge(src_path).duplicates, 2);
}

TEST(CatalogueVariants, AStoredBoardThatIsNoBoardIsCorrupt) {
  Catalogue cat(temp_db("variant_corrupt.db"));
  add(cat, {record(on_board(kGivens, Geometry()))});
  cat.connection().exec("UPDATE puzzles SET variant = 'hyper'");
  try {
    cat.query({});
    FAIL() << "no exception";
  } catch (const CatalogueError& e) {
    EXPECT_EQ(e.category(), CatalogueError::Category::kCorrupt) << e.what();
  }
}

// A version-5 file as the previous sudoforge wrote it: one puzzle with a technique, in a
// book.
void make_v5(const std::string& path) {
  Connection c(path);
  ASSERT_EQ(migrate(c, 5), 5);
  c.exec("INSERT INTO puzzles (givens, size, clues, canonical, source, rnd) VALUES ('" +
         std::string(kGivens) + "', 9, 17, 'old-key', 'old', 7)");
  c.exec("INSERT INTO puzzle_techniques (puzzle_id, technique) VALUES (1, 'X-Wing')");
  c.exec("INSERT INTO books (title, uid) VALUES ('Old', 'abc')");
  c.exec("INSERT INTO book_puzzles (book_id, puzzle_id, position) VALUES (1, 1, 1)");
}

TEST(CatalogueVariants, AVersionFiveFileUpgradesInPlaceWithClassicRows) {
  const std::string path = temp_db("v5.db");
  make_v5(path);
  {
    // Read-only: not migrated, and read as classic.
    OpenOptions ro;
    ro.read_only = true;
    Catalogue old(path, ro);
    EXPECT_EQ(old.schema_version(), 5);
    QueryFilter f;
    f.variant = "classic";
    EXPECT_EQ(old.count(f), 1);
    f.variant = "x";
    EXPECT_EQ(old.count(f), 0);
    ASSERT_EQ(old.stats().by_variant.size(), 1u);
    EXPECT_EQ(old.query({})[0].variant(), "classic");
  }
  Catalogue cat(path);
  EXPECT_EQ(cat.schema_version(), kSchemaVersion);
  Connection& c = cat.connection();
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM puzzles WHERE variant = 'classic' AND regions IS NULL"),
            1);
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM sqlite_schema WHERE name = 'puzzles_by_variant'"), 1);
  const auto rows = cat.query({});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].canonical, "old-key");  // keys untouched
  EXPECT_EQ(rows[0].variant(), "classic");
  EXPECT_EQ(cat.get(1)->techniques, std::vector<std::string>{"X-Wing"});
  EXPECT_EQ(cat.books().size(), 1u);
  // The X puzzle with the same givens is a new puzzle there.
  EXPECT_EQ(add(cat, {record(on_board(kGivens, Variant::parse("x").apply(Geometry())))}).added, 1);
}

// The step to version 6 runs in the upgrade's one transaction: when it fails (here an
// index of the user's own already has the name), the file stays a version-5 file with
// its rows, no column half added.
TEST(CatalogueVariants, AFailedUpgradeLeavesTheVersionFiveFile) {
  const std::string path = temp_db("v5_fail.db");
  make_v5(path);
  {
    Connection c(path);
    c.exec("CREATE INDEX puzzles_by_variant ON puzzles(source)");
  }
  EXPECT_THROW(Catalogue cat(path), CatalogueError);
  Connection c(path);
  EXPECT_EQ(schema_version(c), 5);
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM pragma_table_info('puzzles') WHERE name = 'variant'"),
            0);
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM puzzles"), 1);
}

}  // namespace
}  // namespace sudoforge::db
