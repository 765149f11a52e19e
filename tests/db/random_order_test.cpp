// QueryFilter::Order::kRandom: every filter still applies, samples have the asked size and
// no repeats, every matching row comes up, draws are uniform and a seed repeats its draw;
// the rnd key of schema version 3 (the v2 -> v3 migration, older read-only files, merge).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "db_test_util.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/schema.h"
#include "sudoforge/db/statement.h"

namespace sudoforge::db {
namespace {

using testing::temp_db;
using Order = QueryFilter::Order;

const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// A synthetic 9x9 row: the first `clues` cells of kSolution, a distinct canonical key.
PuzzleRecord row(int n, const std::string& level, double er, int clues, const std::string& sym,
                 const std::string& source, std::vector<std::string> techniques) {
  PuzzleRecord r;
  for (int c = 0; c < clues; ++c) {
    r.givens.set(c, static_cast<std::uint8_t>(kSolution[static_cast<std::size_t>(c)] - '0'));
  }
  r.level = level;
  r.rating_er = er;
  r.symmetry = sym;
  r.source = source;
  r.techniques = std::move(techniques);
  r.canonical = "key" + std::to_string(n);
  return r;
}

std::vector<std::int64_t> ids_of(const std::vector<PuzzleRecord>& rows) {
  std::vector<std::int64_t> out;
  for (const auto& r : rows) out.push_back(r.id);
  return out;
}

std::int64_t scalar(Connection& c, const std::string& sql) {
  Statement st(c, sql);
  st.step();
  return st.column_int64(0);
}

// 60 rows over every filtered column: 3 levels, ratings, clue counts, symmetries, sources,
// techniques, a few in a book, and four 4x4 rows.
class RandomOrder : public ::testing::Test {
 protected:
  void SetUp() override {
    cat_.emplace(temp_db("random.db"));
    const char* levels[] = {"easy", "hard", "expert"};
    const char* syms[] = {"none", "rot180", "mirror"};
    std::vector<PuzzleRecord> batch;
    for (int n = 0; n < 56; ++n) {
      std::vector<std::string> t = {"hidden single"};
      if (n % 2 == 0) t.push_back("x-wing");
      if (n % 5 == 0) t.push_back("swordfish");
      batch.push_back(row(n, levels[n % 3], 1.0 + 0.15 * n, 20 + n % 7,
                          syms[n % 3 == 1 ? n % 2 : 2], n % 4 == 0 ? "a.txt" : "b.txt", t));
    }
    for (int n = 56; n < 60; ++n) {
      PuzzleRecord small;
      small.givens = Grid(Geometry(2, 2));
      small.givens.set(n - 56, 1);
      small.source = "a.txt";
      small.canonical = "small" + std::to_string(n);
      batch.push_back(small);
    }
    ASSERT_EQ(cat_->add(batch).added, 60);
    cat_->connection().exec("INSERT INTO books (title) VALUES ('vol 1')");
    cat_->connection().exec(
        "INSERT INTO book_puzzles (book_id, puzzle_id, position) "
        "SELECT 1, id, id FROM puzzles WHERE id % 6 = 1");
  }

  // Checks a random query of `f` against the same filter in id order: the rows satisfy the
  // filter (they are among its matches), none repeats, and there are min(limit, matches).
  void check(QueryFilter f, const std::string& what) {
    f.order = Order::kId;
    f.limit.reset();
    const auto all = ids_of(cat_->query(f));
    const std::set<std::int64_t> matching(all.begin(), all.end());
    ASSERT_FALSE(matching.empty()) << what;
    f.order = Order::kRandom;
    for (long long limit : {1LL, 3LL, static_cast<long long>(all.size()) - 1,
                            static_cast<long long>(all.size()), 1000LL, -1LL}) {
      if (limit == 0) continue;
      f.limit = limit;
      const auto got = ids_of(cat_->query(f));
      const std::set<std::int64_t> distinct(got.begin(), got.end());
      EXPECT_EQ(distinct.size(), got.size()) << what << " limit " << limit << ": a row repeats";
      const auto want =
          limit < 0 ? all.size() : std::min(all.size(), static_cast<std::size_t>(limit));
      EXPECT_EQ(got.size(), want) << what << " limit " << limit;
      for (std::int64_t id : got) EXPECT_TRUE(matching.count(id)) << what << ": row " << id;
    }
    f.limit.reset();  // no limit: every match once
    const auto every = ids_of(cat_->query(f));
    EXPECT_EQ(std::set<std::int64_t>(every.begin(), every.end()), matching) << what;
    EXPECT_EQ(every.size(), matching.size()) << what;
  }

  std::optional<Catalogue> cat_;
};

TEST_F(RandomOrder, EveryFilterApplies) {
  check({}, "no filter");
  QueryFilter f;
  f.level = "hard";
  check(f, "level");
  f.min_rating = 3.0;
  f.max_rating = 6.0;
  check(f, "level + rating");
  QueryFilter r;
  r.min_rating = 2.0;
  r.max_rating = 5.0;
  check(r, "rating");
  QueryFilter t;
  t.techniques = {"x-wing", "swordfish"};
  check(t, "techniques");
  t.level = "expert";
  check(t, "level + techniques");
  QueryFilter c;
  c.min_clues = 22;
  c.max_clues = 24;
  check(c, "clues");
  QueryFilter s;
  s.symmetry = "rot180";
  check(s, "symmetry");
  QueryFilter z;
  z.size = 4;
  check(z, "size");
  QueryFilter u;
  u.unused = true;
  u.level = "easy";
  check(u, "unused + level");
  QueryFilter src;
  src.source = "a.txt";
  check(src, "source");
}

TEST_F(RandomOrder, NoMatchAndZeroLimitReturnNothing) {
  QueryFilter f;
  f.order = Order::kRandom;
  f.level = "extreme";
  f.limit = 5;
  EXPECT_TRUE(cat_->query(f).empty());
  f.level = "hard";
  f.limit = 0;
  EXPECT_TRUE(cat_->query(f).empty());
}

TEST_F(RandomOrder, VisitorCanStopEarly) {
  QueryFilter f;
  f.order = Order::kRandom;
  int seen = 0;
  cat_->query(f, [&](const PuzzleRecord&) { return ++seen < 4; });
  EXPECT_EQ(seen, 4);
}

TEST_F(RandomOrder, WithTechniquesFillsThem) {
  QueryFilter f;
  f.order = Order::kRandom;
  f.techniques = {"swordfish"};
  f.with_techniques = true;
  f.limit = 4;
  const auto rows = cat_->query(f);
  ASSERT_EQ(rows.size(), 4u);
  for (const auto& r : rows) {
    EXPECT_NE(std::find(r.techniques.begin(), r.techniques.end(), "swordfish"), r.techniques.end());
  }
}

// Over many queries every matching row comes up, and samples differ. A start that was not
// random (or a broken wrap-around) leaves rows out. A given row is missed by all 1000
// samples of 5 out of 19 with probability about 1e-8.
TEST_F(RandomOrder, EveryMatchingRowComesUp) {
  QueryFilter f;
  f.level = "hard";
  f.order = Order::kRandom;
  f.limit = 5;
  const long long matches = cat_->count(QueryFilter{.level = "hard"});
  ASSERT_EQ(matches, 19);
  std::map<std::int64_t, int> seen;
  std::set<std::vector<std::int64_t>> samples;
  for (int q = 0; q < 1000; ++q) {
    const auto got = ids_of(cat_->query(f));
    ASSERT_EQ(got.size(), 5u);
    ASSERT_EQ(std::set<std::int64_t>(got.begin(), got.end()).size(), 5u);
    for (std::int64_t id : got) ++seen[id];
    samples.insert(got);
  }
  EXPECT_EQ(static_cast<long long>(seen.size()), matches);
  EXPECT_GT(samples.size(), 1u);
}

// A catalogue of `n` synthetic rows, all level "hard".
std::string make_rows(const std::string& name, int n) {
  const std::string path = temp_db(name);
  Catalogue cat(path);
  std::vector<PuzzleRecord> batch;
  for (int i = 0; i < n; ++i) batch.push_back(row(i, "hard", 3.0, 20 + i % 7, "none", "u", {}));
  EXPECT_EQ(cat.add(batch).added, n);
  return path;
}

// Pearson's chi-square statistic of `counts` against equal expected counts.
double chi_square(const std::map<std::int64_t, int>& counts, int cells, int draws) {
  const double expected = static_cast<double>(draws) / cells;
  double chi = 0;
  for (const auto& [k, c] : counts) chi += (c - expected) * (c - expected) / expected;
  chi += (cells - static_cast<double>(counts.size())) * expected;  // cells never drawn
  return chi;
}

// Uniformity, by counting (EveryMatchingRowComesUp only asks that each row comes up at
// all: the old walk from a random key along rnd passed it while it drew one row of 264
// five times too often and 24 never). Seeded, so the counts are the same every run; the
// bounds are the chi-square quantiles at p = 1e-4, far above what a uniform draw gives.
TEST(RandomUniform, SinglePicksAreUniform) {
  Catalogue cat(make_rows("uniform264.db", 264));
  QueryFilter f;
  f.order = Order::kRandom;
  f.limit = 1;
  std::map<std::int64_t, int> counts;
  const int draws = 2640;
  for (int s = 0; s < draws; ++s) {
    f.seed = static_cast<std::uint64_t>(s);
    const auto got = cat.query(f);
    ASSERT_EQ(got.size(), 1u);
    ++counts[got[0].id];
  }
  EXPECT_LT(chi_square(counts, 264, draws), 350.0);  // 263 degrees of freedom
  EXPECT_EQ(counts.size(), 264u);
}

TEST(RandomUniform, FewRowsAndPairsAreUniform) {
  Catalogue cat(make_rows("uniform6.db", 6));
  QueryFilter f;
  f.order = Order::kRandom;
  f.max_clues = 22;  // 3 of the 6 rows
  f.limit = 1;
  std::map<std::int64_t, int> singles;
  for (int s = 0; s < 600; ++s) {
    f.seed = static_cast<std::uint64_t>(s) + 1000;
    ++singles[cat.query(f).at(0).id];
  }
  EXPECT_LT(chi_square(singles, 3, 600), 18.4);  // 2 degrees of freedom
  f.max_clues.reset();
  f.limit = 2;
  std::map<std::int64_t, int> pairs;  // key: the pair's ids, smaller * 100 + larger
  for (int s = 0; s < 1500; ++s) {
    f.seed = static_cast<std::uint64_t>(s) + 5000;
    const auto got = ids_of(cat.query(f));
    ASSERT_EQ(got.size(), 2u);
    ++pairs[std::min(got[0], got[1]) * 100 + std::max(got[0], got[1])];
  }
  EXPECT_LT(chi_square(pairs, 15, 1500), 36.1);  // 15 pairs, 14 degrees of freedom
}

TEST(RandomUniform, ASeedRepeatsItsDraw) {
  Catalogue cat(make_rows("seeded.db", 50));
  QueryFilter f;
  f.order = Order::kRandom;
  f.limit = 10;
  f.seed = 42;
  const auto first = ids_of(cat.query(f));
  EXPECT_EQ(ids_of(cat.query(f)), first);
  f.seed = 43;
  EXPECT_NE(ids_of(cat.query(f)), first);
  f.seed.reset();  // fresh draws: two of them agree with chance 1 / (50*49*...*41)
  EXPECT_NE(ids_of(cat.query(f)), ids_of(cat.query(f)));
}

TEST_F(RandomOrder, EveryRowHasAKeyWhoeverInsertsIt) {
  Connection& c = cat_->connection();
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM puzzles WHERE rnd = 0"), 0);
  EXPECT_EQ(scalar(c, "SELECT count(DISTINCT rnd) FROM puzzles"), 60);
  // A writer that does not know the column (the sqlite3 shell, say): the trigger draws one.
  c.exec(
      "INSERT INTO puzzles (givens, size, clues, canonical) VALUES "
      "('1' || replace(hex(zeroblob(40)), '0', '.'), 9, 1, 'raw')");
  EXPECT_NE(scalar(c, "SELECT rnd FROM puzzles WHERE canonical = 'raw'"), 0);
}

// A version-2 file as sudoforge 2 wrote it, with `n` rows (levels easy/hard alternating).
void make_v2(const std::string& path, int n, const std::string& prefix) {
  Connection c(path);
  c.exec(migrations()[0]);
  c.exec(migrations()[1]);
  c.exec("PRAGMA user_version = 2");
  // hex(zeroblob(40)) is 80 zeros: 80 empty cells after the given 1.
  Statement rows(c,
                 "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?1) "
                 "INSERT INTO puzzles (givens, size, clues, level, rating_er, source, canonical) "
                 "SELECT '1' || replace(hex(zeroblob(40)), '0', '.'), 9, 1, "
                 "CASE i % 2 WHEN 0 THEN 'easy' ELSE 'hard' END, i / 10.0, 'old', ?2 || i FROM k");
  rows.bind(1, n).bind(2, prefix);
  rows.run();
}

TEST(RandomSchema, MigratesFromVersionTwo) {
  const std::string path = temp_db("v2.db");
  make_v2(path, 40, "v2-");
  Catalogue cat(path);
  EXPECT_EQ(cat.schema_version(), kSchemaVersion);
  Connection& c = cat.connection();
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM puzzles"), 40);
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM puzzles WHERE rnd = 0"), 0);
  EXPECT_EQ(scalar(c, "SELECT count(DISTINCT rnd) FROM puzzles"), 40);
  EXPECT_EQ(scalar(c,
                   "SELECT count(*) FROM sqlite_schema WHERE name IN "
                   "('puzzles_by_rnd', 'puzzles_by_level_rnd', 'puzzles_draw_rnd')"),
            3);
  QueryFilter f;
  f.level = "hard";
  f.order = Order::kRandom;
  f.limit = 7;
  const auto rows = cat.query(f);
  ASSERT_EQ(rows.size(), 7u);
  for (const auto& r : rows) EXPECT_EQ(r.level, "hard");
  f.limit = 50;
  EXPECT_EQ(cat.query(f).size(), 20u);
  // New rows after the migration get keys too.
  PuzzleRecord r;
  r.givens.set(0, 2);
  r.canonical = "new";
  cat.add(std::span<const PuzzleRecord>(&r, 1));
  EXPECT_NE(scalar(c, "SELECT rnd FROM puzzles WHERE canonical = 'new'"), 0);
}

// Statistics for only the old indexes would make the planner overrate the new ones: a
// file that was analyzed gets statistics for every index, one that was not gets none.
TEST(RandomSchema, MigrationKeepsStatisticsComplete) {
  const std::string analyzed = temp_db("v2an.db"), plain = temp_db("v2plain.db");
  make_v2(analyzed, 30, "an-");
  make_v2(plain, 30, "pl-");
  { Connection(analyzed).exec("ANALYZE"); }
  {
    Catalogue cat(analyzed);
    EXPECT_EQ(scalar(cat.connection(),
                     "SELECT count(*) FROM sqlite_stat1 WHERE idx IN "
                     "('puzzles_by_rnd', 'puzzles_by_level_rnd')"),
              2);
  }
  Catalogue cat(plain);
  EXPECT_EQ(
      scalar(cat.connection(), "SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat1'"),
      0);
}

// A read-only file is never migrated: random order still works there (by sorting) and
// the file stays at version 2.
TEST(RandomSchema, ReadOnlyVersionTwoStillShuffles) {
  const std::string path = temp_db("v2ro.db");
  make_v2(path, 12, "ro-");
  {
    OpenOptions ro;
    ro.read_only = true;
    Catalogue cat(path, ro);
    QueryFilter f;
    f.level = "easy";
    f.order = Order::kRandom;
    f.limit = 4;
    const auto rows = cat.query(f);
    EXPECT_EQ(rows.size(), 4u);
    for (const auto& r : rows) EXPECT_EQ(r.level, "easy");
    f.limit.reset();
    EXPECT_EQ(cat.query(f).size(), 6u);
  }
  Connection c(path);
  EXPECT_EQ(schema_version(c), 2);
}

TEST(RandomSchema, MergeFromVersionTwoDrawsKeys) {
  const std::string src = temp_db("merge_v2_src.db"), dst = temp_db("merge_v2_dst.db");
  make_v2(src, 10, "m-");
  Catalogue cat(dst);
  const MergeResult m = cat.merge(src);
  EXPECT_EQ(m.added, 10);
  Connection& c = cat.connection();
  EXPECT_EQ(scalar(c, "SELECT count(*) FROM puzzles WHERE rnd = 0"), 0);
  EXPECT_EQ(scalar(c, "SELECT count(DISTINCT rnd) FROM puzzles"), 10);
  QueryFilter f;
  f.order = Order::kRandom;
  f.limit = 3;
  EXPECT_EQ(cat.query(f).size(), 3u);
}

}  // namespace
}  // namespace sudoforge::db
