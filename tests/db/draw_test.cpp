// Catalogue::draw (schema version 7): puzzles handed out per consumer, never twice, and
// the query paging (QueryFilter::offset) the service builds on.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <thread>

#include "db_test_util.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/schema.h"

namespace sudoforge::db {
namespace {

using testing::temp_db;

// The first n puzzles of the 17-clue fixture, rated 1, 2, 3, ... so that filters differ.
std::vector<PuzzleRecord> puzzles(int n) {
  std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/grader/17clue_500.txt");
  std::vector<PuzzleRecord> out;
  std::string line;
  while (static_cast<int>(out.size()) < n && std::getline(in, line)) {
    PuzzleRecord r;
    r.givens = parse_one(line.substr(0, 81)).grid;
    r.rating_er = static_cast<double>(out.size() % 9 + 1);
    out.push_back(std::move(r));
  }
  return out;
}

long long draws_of(Catalogue& cat, const std::string& consumer) {
  Statement st(cat.connection(), "SELECT count(*) FROM draws WHERE consumer = ?1");
  st.bind(1, consumer);
  st.step();
  return st.column_int64(0);
}

TEST(Draw, NeverHandsAConsumerThePuzzleTwice) {
  Catalogue cat(temp_db("draw.db"));
  ASSERT_EQ(cat.add(puzzles(10)).added, 10);
  std::set<std::int64_t> seen;
  for (long long want : {4, 4, 2, 0}) {
    const auto got = cat.draw("alice", {}, 4);
    EXPECT_EQ(static_cast<long long>(got.size()), want);
    for (const auto& r : got) EXPECT_TRUE(seen.insert(r.id).second) << r.id;
  }
  EXPECT_EQ(draws_of(cat, "alice"), 10);
  // Each consumer has its own history, and the filter applies.
  QueryFilter high;
  high.min_rating = 8;
  const auto bob = cat.draw("bob", high, 100);
  EXPECT_EQ(bob.size(), 2u);
  for (const auto& r : bob) EXPECT_GE(*r.rating_er, 8);
  EXPECT_EQ(cat.stats().draws, 12);
  EXPECT_EQ(cat.stats().consumers, 2);
}

// Draws in id order start after a mark (the consumer has every matching puzzle up to it);
// each must still be the smallest matching puzzle the consumer lacks, also once a puzzle
// below the mark comes to match, by another connection's write or by this one's.
TEST(Draw, EachDrawIsTheSmallestMissingEvenWhenAPuzzleComesToMatch) {
  const std::string path = temp_db("marks.db");
  Catalogue cat(path);
  ASSERT_EQ(cat.add(puzzles(30)).added, 30);
  QueryFilter high;
  high.min_rating = 5;
  std::set<std::int64_t> mine;
  auto expect_smallest_missing = [&](const QueryFilter& f, long long count) {
    std::vector<std::int64_t> want;
    for (const auto& r : cat.query(f)) {
      if (!mine.count(r.id) && static_cast<long long>(want.size()) < count) want.push_back(r.id);
    }
    std::vector<std::int64_t> got;
    for (const auto& r : cat.draw("alice", f, count)) got.push_back(r.id);
    EXPECT_EQ(got, want);
    mine.insert(got.begin(), got.end());
    return got;
  };
  expect_smallest_missing(high, 3);
  const std::vector<std::int64_t> second = expect_smallest_missing(high, 3);
  ASSERT_EQ(second.size(), 3u);
  // Puzzles below the last one handed out that did not match (rated under 5).
  std::vector<std::int64_t> low;
  for (const auto& r : cat.query({})) {
    if (r.id < second.back() && *r.rating_er < 5) low.push_back(r.id);
  }
  ASSERT_GE(low.size(), 2u);
  {
    Catalogue other(path);  // another connection's write
    Statement st(other.connection(), "UPDATE puzzles SET rating_er = 9 WHERE id = ?1");
    st.bind(1, low[0]);
    st.run();
  }
  EXPECT_EQ(expect_smallest_missing(high, 1), std::vector<std::int64_t>{low[0]});
  {
    Statement st(cat.connection(), "UPDATE puzzles SET rating_er = 9 WHERE id = ?1");
    st.bind(1, low[1]);
    st.run();
  }
  EXPECT_EQ(expect_smallest_missing(high, 1), std::vector<std::int64_t>{low[1]});
  expect_smallest_missing(high, 2);
  // Another filter of the same consumer keeps its own place: from the first puzzle.
  expect_smallest_missing({}, 4);
  // Several draws of one group: the second starts after the first's puzzles.
  Catalogue::DrawRequest r1{"alice", high, 2}, r2{"alice", high, 2};
  std::vector<std::int64_t> want;
  for (const auto& r : cat.query(high)) {
    if (!mine.count(r.id) && want.size() < 4) want.push_back(r.id);
  }
  const std::vector<Catalogue::DrawRequest> group{r1, r2};
  const auto got = cat.draw(group);
  std::vector<std::int64_t> ids;
  for (const auto& g : got) {
    for (const auto& r : g) ids.push_back(r.id);
  }
  EXPECT_EQ(ids, want);
}

TEST(Draw, ConcurrentDrawsFromManyConnectionsNeverCollide) {
  const std::string path = temp_db("draw-threads.db");
  {
    Catalogue cat(path);
    ASSERT_EQ(cat.add(puzzles(120)).added, 120);
  }
  std::vector<std::vector<std::int64_t>> got(8);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < got.size(); ++t) {
    threads.emplace_back([&, t] {
      OpenOptions o;
      o.busy_timeout_ms = 60000;
      Catalogue cat(path, o);
      for (;;) {
        const auto drawn = cat.draw("shared", {}, 3);
        if (drawn.empty()) return;
        for (const auto& r : drawn) got[t].push_back(r.id);
      }
    });
  }
  for (auto& th : threads) th.join();
  std::set<std::int64_t> all;
  std::size_t total = 0;
  for (const auto& ids : got) {
    total += ids.size();
    all.insert(ids.begin(), ids.end());
  }
  EXPECT_EQ(total, 120u);
  EXPECT_EQ(all.size(), 120u);
  Catalogue cat(path);
  EXPECT_EQ(draws_of(cat, "shared"), 120);
}

TEST(Draw, AVersion6CatalogueUpgradesAndDraws) {
  const std::string path = temp_db("v6.db");
  {
    Connection c(path);
    for (int v = 0; v < 6; ++v) c.exec(migrations()[static_cast<std::size_t>(v)]);
    c.exec("PRAGMA user_version = 6");
  }
  {
    // A read-only opening leaves it at 6, and filters by consumer as if nothing was drawn.
    OpenOptions ro;
    ro.read_only = true;
    Catalogue old(path, ro);
    EXPECT_EQ(old.schema_version(), 6);
    QueryFilter f;
    f.not_drawn_by = "x";
    EXPECT_EQ(old.count(f), 0);
  }
  Catalogue cat(path);
  EXPECT_EQ(cat.schema_version(), kSchemaVersion);
  cat.add(puzzles(3));
  EXPECT_EQ(cat.draw("x", {}, 5).size(), 3u);
}

std::set<std::string> givens_of(const std::vector<PuzzleRecord>& records) {
  std::set<std::string> out;
  for (const auto& r : records) out.insert(grid_to_text(r.givens));
  return out;
}

// merge() copies the other file's draws, mapped to this file's puzzles by canonical key
// and deduplicated: a consumer given a puzzle in either file is not given it again, and a
// second merge copies nothing. The other file may be of version 7 (draws, no parents).
TEST(Draw, MergeCopiesTheDrawsOnce) {
  const std::string src = temp_db("draw-merge-src.db"), dst = temp_db("draw-merge-dst.db");
  std::set<std::string> alice;
  long long overlap = 0;
  {
    Catalogue from(src);
    ASSERT_EQ(from.add(puzzles(6)).added, 6);
    alice = givens_of(from.draw("alice", {}, 3));
    ASSERT_EQ(from.draw("bob", {}, 2).size(), 2u);
  }
  {
    // As a version-7 file has it: no parents table.
    Connection c(src);
    c.exec("DROP TABLE puzzle_parents; PRAGMA user_version = 7");
  }
  Catalogue cat(dst);
  ASSERT_EQ(cat.add(puzzles(6)).added, 6);
  for (const std::string& g : givens_of(cat.draw("alice", {}, 2))) {
    overlap += alice.count(g);
    alice.insert(g);
  }
  const MergeResult m = cat.merge(src);
  EXPECT_EQ(m.added, 0);
  EXPECT_EQ(m.draws, 3 + 2 - overlap);
  EXPECT_EQ(draws_of(cat, "alice"), static_cast<long long>(alice.size()));
  EXPECT_EQ(draws_of(cat, "bob"), 2);
  EXPECT_EQ(cat.merge(src).draws, 0);
  const auto rest = cat.draw("alice", {}, 10);
  EXPECT_EQ(rest.size(), 6 - alice.size());
  for (const auto& g : givens_of(rest)) EXPECT_EQ(alice.count(g), 0u) << g;
}

// A page of one level in id or clue order (db query --level, GET /v1/puzzles?level=) is read
// from an index in that order, not sorted whole on every request (schema version 9).
TEST(Query, ALevelsPageInIdOrClueOrderNeedsNoSort) {
  Catalogue cat(temp_db("level-order.db"));
  for (const char* order : {"p.id", "p.clues, p.id"}) {
    Statement plan(cat.connection(), std::string("EXPLAIN QUERY PLAN SELECT p.* FROM puzzles p "
                                                 "WHERE p.level = ?1 ORDER BY ") +
                                         order + " LIMIT ?2 OFFSET ?3");
    std::string text;
    while (plan.step()) text += plan.column_text(3) + "\n";
    EXPECT_EQ(text.find("TEMP B-TREE"), std::string::npos) << order << "\n" << text;
  }
}

TEST(Query, OffsetPagesThroughTheMatches) {
  Catalogue cat(temp_db("offset.db"));
  cat.add(puzzles(20));
  for (auto order :
       {QueryFilter::Order::kId, QueryFilter::Order::kRating, QueryFilter::Order::kRandom}) {
    QueryFilter all;
    all.order = order;
    all.seed = 5;
    std::vector<std::int64_t> whole;
    for (const auto& r : cat.query(all)) whole.push_back(r.id);
    std::vector<std::int64_t> paged;
    for (long long offset = 0; offset < 20; offset += 6) {
      QueryFilter page = all;
      page.limit = 6;
      page.offset = offset;
      for (const auto& r : cat.query(page)) paged.push_back(r.id);
    }
    EXPECT_EQ(paged, whole);
  }
  QueryFilter tail;
  tail.offset = 15;
  EXPECT_EQ(cat.count(tail), 5);
  EXPECT_EQ(cat.query(tail).size(), 5u);
}

}  // namespace
}  // namespace sudoforge::db
