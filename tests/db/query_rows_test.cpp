// Catalogue::query_rows (a listing's stored fields without building records) and the
// prepared statements a catalogue keeps for its reads: the same answers as query() and as a
// fresh connection, whatever the order of the filters, with nested queries and rows added
// by another connection; a kept statement holds no read open.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "db_test_util.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/statement.h"

namespace sudoforge::db {
namespace {

using testing::temp_db;

constexpr const char* kGivens[] = {
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
    "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
};

std::vector<PuzzleRecord> fixture() {
  std::vector<PuzzleRecord> out;
  const char* levels[] = {"easy", "hard", "easy", "diabolical", "hard", "easy"};
  for (int i = 0; i < 6; ++i) {
    PuzzleRecord r;
    r.givens = testing::grid(kGivens[i]);
    r.source = "rows";
    if (i != 5) {
      r.rating_er = 1.5 + i;
      r.level = levels[i];
    }
    if (i % 2 == 0) r.techniques = {"X-Wing"};
    out.push_back(std::move(r));
  }
  // The same givens on an X board: another puzzle, another variant.
  PuzzleRecord x;
  const Grid classic = testing::grid(kGivens[0]);
  x.givens = Grid(Variant::parse("x").apply(Geometry()),
                  std::vector<std::uint8_t>(classic.cells().begin(), classic.cells().end()));
  x.source = "rows";
  out.push_back(std::move(x));
  return out;
}

std::vector<QueryFilter> filters() {
  std::vector<QueryFilter> out(7);
  out[1].level = "easy";
  out[2].level = "hard";
  out[2].order = QueryFilter::Order::kRating;
  out[3].techniques = {"X-Wing"};
  out[3].limit = 2;
  out[3].offset = 1;
  out[4].order = QueryFilter::Order::kRandom;
  out[4].seed = 7;
  out[4].limit = 3;
  out[5].variant = "x";
  out[6].min_rating = 2.0;
  out[6].order = QueryFilter::Order::kClues;
  return out;
}

std::vector<std::int64_t> ids_of(Catalogue& cat, const QueryFilter& f) {
  std::vector<std::int64_t> ids;
  cat.query_rows(f, [&](const PuzzleRow& row) {
    ids.push_back(row.id);
    return true;
  });
  return ids;
}

TEST(QueryRows, RowsCarryTheStoredFieldsOfTheRecords) {
  const std::string path = temp_db("rows.db");
  Catalogue cat(path);
  cat.add(fixture());
  for (const QueryFilter& f : filters()) {
    const std::vector<PuzzleRecord> records = cat.query(f);
    std::size_t i = 0;
    cat.query_rows(f, [&](const PuzzleRow& row) {
      EXPECT_LT(i, records.size());
      if (i >= records.size()) return false;
      const PuzzleRecord& r = records[i++];
      EXPECT_EQ(row.id, r.id);
      EXPECT_EQ(row.givens, grid_to_text(r.givens));
      EXPECT_EQ(row.size, r.size());
      EXPECT_EQ(row.rating_er, r.rating_er);
      EXPECT_EQ(row.level.has_value(), r.level.has_value());
      if (row.level && r.level) EXPECT_EQ(*row.level, *r.level);
      EXPECT_EQ(row.variant, r.variant());
      EXPECT_EQ(row.regions.has_value(), !r.regions().empty());
      const PuzzleRecord whole = row.record();
      EXPECT_EQ(whole.id, r.id);
      EXPECT_EQ(whole.givens, r.givens);
      return true;
    });
    EXPECT_EQ(i, records.size());
  }
}

TEST(QueryRows, KeptStatementsFollowChangingFiltersNestingAndNewRows) {
  const std::string path = temp_db("kept.db");
  Catalogue cat(path);
  cat.add(fixture());
  const std::vector<QueryFilter> fs = filters();
  std::vector<std::vector<std::int64_t>> fresh;
  for (const QueryFilter& f : fs) {
    Catalogue other(path);
    fresh.push_back(ids_of(other, f));
  }
  // Every filter again, in two orders, on the one catalogue that keeps its statements.
  for (int round = 0; round < 2; ++round) {
    for (std::size_t k = 0; k < fs.size(); ++k) {
      const std::size_t i = round == 0 ? k : fs.size() - 1 - k;
      EXPECT_EQ(ids_of(cat, fs[i]), fresh[i]) << "filter " << i << ", round " << round;
    }
  }
  // The same SQL inside a visit of itself: the inner query has its own statement.
  std::vector<std::int64_t> outer, inner;
  cat.query_rows(fs[1], [&](const PuzzleRow& row) {
    outer.push_back(row.id);
    if (inner.empty()) inner = ids_of(cat, fs[1]);
    return true;
  });
  EXPECT_EQ(outer, fresh[1]);
  EXPECT_EQ(inner, fresh[1]);

  // A query stopped after its first row holds no read: another connection can then
  // checkpoint the whole WAL (it could not while a read was open on it).
  int seen = 0;
  cat.query_rows({}, [&](const PuzzleRow&) { return ++seen < 1; });
  EXPECT_EQ(seen, 1);
  {
    Catalogue writer(path);
    PuzzleRecord added;
    added.givens = testing::grid(
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1");
    added.rating_er = 1.0;
    added.level = "easy";
    added.source = "rows";
    writer.add(std::span<const PuzzleRecord>(&added, 1));
    Statement checkpoint(writer.connection(), "PRAGMA wal_checkpoint(TRUNCATE)");
    ASSERT_TRUE(checkpoint.step());
    EXPECT_EQ(checkpoint.column_int64(0), 0) << "a kept statement still holds a read";
  }
  // The kept statement sees the row the other connection added.
  const std::vector<std::int64_t> easy = ids_of(cat, fs[1]);
  ASSERT_EQ(easy.size(), fresh[1].size() + 1);
  EXPECT_GT(easy.back(), fresh[1].back());
}

}  // namespace
}  // namespace sudoforge::db
