// The generation columns (schema version 4): which rows are puzzle i of run (seed,
// options), across the signed storage of 64-bit indices, through merge and migration.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "db_test_util.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/schema.h"
#include "sudoforge/db/statement.h"

namespace sudoforge::db {
namespace {

using testing::temp_db;
using Indices = std::vector<std::uint64_t>;

// A distinct puzzle per call (the catalogue dedupes by canonical key, given here).
PuzzleRecord generated(std::uint64_t seed, std::uint64_t index, const std::string& options) {
  static int serial = 0;
  PuzzleRecord r;
  r.givens.set(0, 1);
  r.canonical = "k" + std::to_string(++serial);
  r.source = "generator";
  r.seed = static_cast<std::int64_t>(seed);
  r.gen_index = static_cast<std::int64_t>(index);
  r.gen_options = options;
  return r;
}

std::int64_t scalar(Connection& c, const std::string& sql) {
  Statement st(c, sql);
  st.step();
  return st.column_int64(0);
}

// A version-3 file (before the generation columns) with one generated puzzle of seed 9.
void make_v3(const std::string& path) {
  Connection c(path);
  migrate(c, 3);
  c.exec("INSERT INTO puzzles (givens, size, clues, canonical, source, seed) VALUES ('1" +
         std::string(80, '.') + "', 9, 1, 'old', 'generator', 9)");
}

TEST(Generation, IndicesOfOneRunOnly) {
  Catalogue cat(temp_db("gen_indices.db"));
  const std::string a = "--size 3x3 --symmetry none", b = a + " --level hard";
  PuzzleRecord import = generated(42, 0, a);
  import.source = "file.txt";
  import.gen_index.reset();
  import.gen_options.reset();
  const std::vector<PuzzleRecord> rows = {generated(42, 5, a),
                                          generated(42, 0, a),
                                          generated(42, 3, a),
                                          generated(42, 1, a),
                                          generated(42, 2, b),
                                          generated(7, 4, a),
                                          import};
  ASSERT_EQ(cat.add(rows).added, 7);
  EXPECT_EQ(cat.generated_indices(42, a, 0, 6), (Indices{0, 1, 3, 5}));
  EXPECT_EQ(cat.generated_indices(42, a, 1, 3), (Indices{1, 3}));
  EXPECT_EQ(cat.generated_indices(42, b, 0, 100), (Indices{2}));
  EXPECT_EQ(cat.generated_indices(7, a, 0, 100), (Indices{4}));
  EXPECT_EQ(cat.generated_indices(8, a, 0, 100), Indices{});
  EXPECT_EQ(cat.generated_indices(42, a, 6, 1000), Indices{});
  // Read back as stored.
  const auto back = cat.query({});
  ASSERT_EQ(back.size(), 7u);
  EXPECT_EQ(back[0].gen_index, 5);
  EXPECT_EQ(back[0].gen_options, a);
  EXPECT_FALSE(back[6].gen_index);
  EXPECT_FALSE(back[6].gen_options);
}

// Indices and seeds at and past 2^63 are stored as negative numbers: a range across 2^63
// still comes back whole and in unsigned order.
TEST(Generation, IndicesAcrossTwoToTheSixtyThird) {
  Catalogue cat(temp_db("gen_wrap.db"));
  const std::uint64_t top = std::uint64_t{1} << 63, seed = UINT64_MAX;
  const std::string o = "--size 3x3 --symmetry none";
  const std::vector<PuzzleRecord> rows = {generated(seed, top + 1, o), generated(seed, top - 1, o),
                                          generated(seed, top, o), generated(seed, 3, o),
                                          generated(seed, UINT64_MAX, o)};
  cat.add(rows);
  EXPECT_EQ(cat.generated_indices(seed, o, top - 2, 4), (Indices{top - 1, top, top + 1}));
  EXPECT_EQ(cat.generated_indices(seed, o, top, 2), (Indices{top, top + 1}));
  EXPECT_EQ(cat.generated_indices(seed, o, 0, top), (Indices{3, top - 1}));
  EXPECT_EQ(cat.generated_indices(seed, o, UINT64_MAX, 1), (Indices{UINT64_MAX}));
}

// The lookup is a range scan of the generation index, not a scan of every puzzle.
TEST(Generation, LookupUsesTheGenerationIndex) {
  Catalogue cat(temp_db("gen_plan.db"));
  Statement plan(cat.connection(),
                 "EXPLAIN QUERY PLAN SELECT gen_index FROM puzzles WHERE seed = 1 AND gen_index "
                 "BETWEEN 0 AND 9 AND gen_options = 'x' ORDER BY gen_index");
  std::string text;
  while (plan.step()) text += plan.column_text(3) + "\n";
  EXPECT_NE(text.find("puzzles_by_generation"), std::string::npos) << text;
}

// Merging keeps the generation columns (a merged catalogue can be resumed); from a file
// of an older version they are NULL. An old file migrates with NULLs.
TEST(Generation, MergeKeepsTheColumnsAndOldFilesMigrate) {
  const std::string o = "--size 3x3 --symmetry rot180";
  const std::string src = temp_db("gen_src.db"), dst = temp_db("gen_dst.db");
  {
    Catalogue cat(src);
    const std::vector<PuzzleRecord> rows = {generated(9, 0, o), generated(9, 1, o)};
    cat.add(rows);
  }
  const std::string old = temp_db("gen_v3.db");
  make_v3(old);
  Catalogue cat(dst);
  EXPECT_EQ(cat.merge(src).added, 2);
  EXPECT_EQ(cat.merge(old).added, 1);
  EXPECT_EQ(cat.generated_indices(9, o, 0, 10), (Indices{0, 1}));
  EXPECT_EQ(scalar(cat.connection(), "SELECT count(*) FROM puzzles WHERE gen_index IS NULL"), 1);
  EXPECT_EQ(
      scalar(cat.connection(), "SELECT count(*) FROM puzzles WHERE gen_options = '" + o + "'"), 2);
  Catalogue migrated(old);
  EXPECT_EQ(migrated.schema_version(), kSchemaVersion);
  EXPECT_EQ(migrated.generated_indices(9, o, 0, 10), Indices{});
  EXPECT_EQ(scalar(migrated.connection(),
                   "SELECT count(*) FROM sqlite_schema WHERE name = 'puzzles_by_generation'"),
            1);
}

// A read-only file older than version 4 still reads (without the columns).
TEST(Generation, ReadOnlyOldFileReadsWithoutTheColumns) {
  const std::string old = temp_db("gen_v3_ro.db");
  make_v3(old);
  OpenOptions ro;
  ro.read_only = true;
  Catalogue cat(old, ro);
  const auto rows = cat.query({});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].gen_index);
  EXPECT_EQ(cat.generated_indices(9, "x", 0, 10), Indices{});
}

}  // namespace
}  // namespace sudoforge::db
