// Catalogue: dedupe by canonical key, every query filter, stats, merge, and the CLI's
// handling of a corrupt catalogue file.
#include "sudoforge/db/catalogue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "../cli/run_cli.h"
#include "db_test_util.h"
#include "sudoforge/core/canonical.h"
#include "sudoforge/db/statement.h"

namespace sudoforge::db {
namespace {

using testing::temp_db;

using testing::grid;

const char* kP1 = ".......1.4.........2...........5.6.4..8...3....1.9....3..4..2...5.1........8.7...";
const char* kP2 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const char* kP3 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

// kP1 with rows/columns permuted within bands/stacks, bands swapped, transposed, relabelled.
Grid isomorph(const Grid& p) {
  const int rows[9] = {5, 3, 4, 0, 2, 1, 8, 6, 7};
  const int cols[9] = {2, 0, 1, 6, 7, 8, 4, 3, 5};
  Grid q;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int v = p.at(cols[c], rows[r]);  // transposed
      q.set(r * 9 + c, v ? 10 - v : 0);
    }
  }
  return q;
}

PuzzleRecord rec(const Grid& g, const std::string& source) {
  PuzzleRecord r;
  r.givens = g;
  r.source = source;
  return r;
}

TEST(Catalogue, DedupesIsomorphicPuzzles) {
  Catalogue cat(temp_db("dedupe.db"));
  const Grid p1 = grid(kP1);
  ASSERT_NE(isomorph(p1), p1);
  std::vector<PuzzleRecord> batch = {rec(p1, "a"), rec(isomorph(p1), "b"), rec(grid(kP2), "a")};
  const AddResult r = cat.add(batch);
  EXPECT_EQ(r.added, 2);
  EXPECT_EQ(r.duplicates, 1);
  const AddResult again = cat.add(batch);
  EXPECT_EQ(again.added, 0);
  EXPECT_EQ(again.duplicates, 3);
  const auto rows = cat.query({});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].givens, p1);  // the first one seen is kept, as given
  EXPECT_EQ(rows[0].canonical, canonical_key(p1));
  EXPECT_EQ(rows[0].clues(), 17);
  EXPECT_EQ(rows[0].size(), 9);
  EXPECT_FALSE(rows[0].created.empty());
}

TEST(Catalogue, FailedBatchAddsNothing) {
  Catalogue cat(temp_db("atomic.db"));
  std::vector<PuzzleRecord> batch = {rec(grid(kP1), "a"), rec(grid(kP2), "a")};
  batch[1].givens.set(1, batch[1].givens[0]);  // conflicting givens: no canonical key
  EXPECT_THROW(cat.add(batch), std::invalid_argument);
  EXPECT_EQ(cat.count({}), 0);
}

class Filters : public ::testing::Test {
 protected:
  void SetUp() override {
    cat_.emplace(temp_db("filters.db"));
    // Six synthetic rows with distinct keys and chosen columns.
    struct Row {
      const char* level;
      double er;
      int clues;
      const char* sym;
      const char* source;
      std::vector<std::string> techniques;
    };
    const std::vector<Row> rows = {
        {"easy", 1.2, 30, "rot180", "a.txt", {"hidden single"}},
        {"hard", 3.2, 24, "none", "b.txt", {"hidden single", "x-wing"}},
        {"hard", 4.0, 22, "rot180", "b.txt", {"x-wing", "naked pair"}},
        {"expert", 5.6, 21, "mirror", "it's; DROP TABLE puzzles; --", {"x-wing", "BUG"}},
        {"extreme", 9.1, 20, "none", "a.txt", {"x-wing", "naked pair", "forcing chain"}},
    };
    std::vector<PuzzleRecord> batch;
    int n = 0;
    for (const Row& row : rows) {
      PuzzleRecord r;
      // `clues` follows from the givens: fill the first row.clues cells consistently.
      const Grid sol = grid("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
      for (int c = 0; c < row.clues; ++c) r.givens.set(c, sol[c]);
      r.level = row.level;
      r.rating_er = row.er;
      r.symmetry = row.sym;
      r.source = row.source;
      r.techniques = row.techniques;
      r.canonical = "key" + std::to_string(n++);
      batch.push_back(r);
    }
    // And one ungraded 4x4 puzzle.
    PuzzleRecord small;
    small.givens = Grid(Geometry(2, 2));
    small.givens.set(0, 1);
    small.source = "a.txt";
    batch.push_back(small);
    ASSERT_EQ(cat_->add(batch).added, 6);
  }

  std::vector<double> ratings(const QueryFilter& f) {
    std::vector<double> out;
    for (const auto& r : cat_->query(f)) out.push_back(r.rating_er.value_or(-1));
    return out;
  }

  std::optional<Catalogue> cat_;
};

TEST_F(Filters, Level) {
  QueryFilter f;
  f.level = "hard";
  EXPECT_EQ(ratings(f), (std::vector<double>{3.2, 4.0}));
  f.level = "hard' OR '1'='1";
  EXPECT_TRUE(ratings(f).empty());
}

TEST_F(Filters, RatingRange) {
  QueryFilter f;
  f.min_rating = 3.2;
  f.max_rating = 5.6;
  EXPECT_EQ(ratings(f), (std::vector<double>{3.2, 4.0, 5.6}));
  f.max_rating.reset();
  f.min_rating = 9.0;
  EXPECT_EQ(ratings(f), (std::vector<double>{9.1}));
}

TEST_F(Filters, TechniquesAllRequired) {
  QueryFilter f;
  f.techniques = {"x-wing"};
  EXPECT_EQ(ratings(f).size(), 4u);
  f.techniques = {"x-wing", "naked pair"};
  EXPECT_EQ(ratings(f), (std::vector<double>{4.0, 9.1}));
  f.techniques = {"x-wing') OR 1=1 --"};
  EXPECT_TRUE(ratings(f).empty());
  f.techniques = {"x-wing"};
  f.with_techniques = true;
  const auto rows = cat_->query(f);
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0].techniques, (std::vector<std::string>{"hidden single", "x-wing"}));
}

TEST_F(Filters, Clues) {
  QueryFilter f;
  f.min_clues = 21;
  f.max_clues = 24;
  f.size = 9;
  EXPECT_EQ(ratings(f), (std::vector<double>{3.2, 4.0, 5.6}));
}

TEST_F(Filters, SymmetrySizeSource) {
  QueryFilter f;
  f.symmetry = "rot180";
  EXPECT_EQ(ratings(f), (std::vector<double>{1.2, 4.0}));
  QueryFilter s;
  s.size = 4;
  EXPECT_EQ(ratings(s), (std::vector<double>{-1}));
  QueryFilter src;
  src.source = "it's; DROP TABLE puzzles; --";
  EXPECT_EQ(ratings(src), (std::vector<double>{5.6}));
  EXPECT_EQ(cat_->count({}), 6);  // the table is still there
  src.source = "a.txt";
  EXPECT_EQ(ratings(src).size(), 3u);
}

TEST_F(Filters, UnusedExcludesBookPuzzles) {
  Connection& c = cat_->connection();
  c.exec("INSERT INTO books (title) VALUES ('vol 1')");
  Statement put(c, "INSERT INTO book_puzzles (book_id, puzzle_id, position) "
                   "SELECT 1, id, 1 FROM puzzles WHERE rating_er = 3.2");
  put.run();
  QueryFilter f;
  f.level = "hard";
  f.unused = true;
  EXPECT_EQ(ratings(f), (std::vector<double>{4.0}));
  EXPECT_EQ(cat_->stats().in_books, 1);
}

TEST_F(Filters, OrdersAndLimit) {
  QueryFilter f;
  f.size = 9;
  f.order = QueryFilter::Order::kClues;
  EXPECT_EQ(ratings(f), (std::vector<double>{9.1, 5.6, 4.0, 3.2, 1.2}));
  f.order = QueryFilter::Order::kRating;
  f.limit = 2;
  EXPECT_EQ(ratings(f), (std::vector<double>{1.2, 3.2}));
  f.order = QueryFilter::Order::kRandom;
  f.limit = 5;
  auto r = ratings(f);
  std::sort(r.begin(), r.end());
  EXPECT_EQ(r, (std::vector<double>{1.2, 3.2, 4.0, 5.6, 9.1}));
  f.order = QueryFilter::Order::kId;
  f.limit = 1;
  EXPECT_EQ(ratings(f), (std::vector<double>{1.2}));
  EXPECT_EQ(cat_->count(f), 1);
}

TEST_F(Filters, Stats) {
  const CatalogueStats s = cat_->stats();
  EXPECT_EQ(s.total, 6);
  EXPECT_EQ(s.graded, 5);
  auto find = [](const auto& v, const auto& key) {
    for (const auto& [k, n] : v) if (k == key) return n;
    return -1LL;
  };
  EXPECT_EQ(find(s.by_level, std::string("hard")), 2);
  EXPECT_EQ(find(s.by_level, std::string("")), 1);
  EXPECT_EQ(find(s.by_technique, std::string("x-wing")), 4);
  EXPECT_EQ(s.by_technique.front().first, "x-wing");  // most used first
  EXPECT_EQ(find(s.by_clues, 22), 1);
  EXPECT_EQ(find(s.by_size, 4), 1);
  EXPECT_EQ(find(s.by_size, 9), 5);
}

TEST(Catalogue, MergeFoldsPuzzlesTechniquesAndBooks) {
  const std::string a_path = temp_db("merge_a.db"), b_path = temp_db("merge_b.db");
  Catalogue a(a_path);
  std::vector<PuzzleRecord> ra = {rec(grid(kP1), "a")};
  a.add(ra);
  {
    Catalogue b(b_path);
    std::vector<PuzzleRecord> rb = {rec(isomorph(grid(kP1)), "b"), rec(grid(kP2), "b"), rec(grid(kP3), "b")};
    rb[1].techniques = {"x-wing"};
    rb[1].rating_er = 3.2;
    b.add(rb);
    b.connection().exec("INSERT INTO books (title, created) VALUES ('b book', '2024-01-01T00:00:00Z')");
    b.connection().exec("INSERT INTO book_puzzles (book_id, puzzle_id, position) VALUES (1, 1, 1), (1, 2, 2)");
  }
  const MergeResult m = a.merge(b_path);
  EXPECT_EQ(m.added, 2);
  EXPECT_EQ(m.duplicates, 1);
  EXPECT_EQ(m.books, 1);
  EXPECT_EQ(a.count({}), 3);
  QueryFilter xw;
  xw.techniques = {"x-wing"};
  const auto rows = a.query(xw);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].givens, grid(kP2));
  EXPECT_EQ(rows[0].rating_er, 3.2);
  // Both book pages map to a's puzzles: b's first puzzle is a's kP1 (isomorphic).
  QueryFilter unused;
  unused.unused = true;
  const auto left = a.query(unused);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].givens, grid(kP3));
  // Merging again adds nothing, not even the book.
  const MergeResult again = a.merge(b_path);
  EXPECT_EQ(again.added, 0);
  EXPECT_EQ(again.duplicates, 3);
  EXPECT_EQ(again.books, 0);
  // A garbage file is refused by name and a stays as it was.
  const std::string bad = temp_db("merge_bad.db");
  std::ofstream(bad, std::ios::binary) << std::string(2048, 'z');
  EXPECT_THROW(a.merge(bad), CatalogueError);
  EXPECT_EQ(a.count({}), 3);
}

TEST(Cli, CorruptCatalogueExits3) {
  const std::string path = temp_db("cli_corrupt.db");
  const std::string garbage(4096, 'q');
  std::ofstream(path, std::ios::binary) << garbage;
  for (const std::string cmd : {"query", "stats", "init"}) {
    const auto r = sudoforge::testing::run_cli("db " + cmd + " --db " + path);
    EXPECT_EQ(r.exit_code, 3) << cmd << ": " << r.err;
    EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
  }
  const auto imp = sudoforge::testing::run_cli("db import --db " + path + " -", std::string(kP1) + "\n");
  EXPECT_EQ(imp.exit_code, 3) << imp.err;
  std::ifstream in(path, std::ios::binary);
  const std::string after((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(after, garbage);
}

}  // namespace
}  // namespace sudoforge::db
