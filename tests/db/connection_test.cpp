// The RAII layer: statements, transactions, errors, migrations, concurrency.
#include "sudoforge/db/connection.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <latch>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "db_test_util.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/error.h"
#include "sudoforge/db/schema.h"
#include "sudoforge/db/statement.h"
#include "sudoforge/db/transaction.h"

namespace sudoforge::db {
namespace {

using testing::temp_db;

long long count_rows(Connection& c, const std::string& table) {
  Statement st(c, "SELECT count(*) FROM " + table);
  st.step();
  return st.column_int64(0);
}

TEST(Connection, OpensInWalWithForeignKeys) {
  Connection c(temp_db("wal.db"));
  Statement mode(c, "PRAGMA journal_mode");
  ASSERT_TRUE(mode.step());
  EXPECT_EQ(mode.column_text(0), "wal");
  Statement fk(c, "PRAGMA foreign_keys");
  ASSERT_TRUE(fk.step());
  EXPECT_EQ(fk.column_int(0), 1);
}

TEST(Statement, BindsByIndexAndNameAndReuses) {
  Connection c(temp_db("stmt.db"));
  c.exec("CREATE TABLE t (a INTEGER, b TEXT, c REAL)");
  Statement ins(c, "INSERT INTO t VALUES (:a, :b, :c)");
  for (int i = 0; i < 3; ++i) {
    ins.reset();
    ins.bind(":a", i).bind(":b", std::string("x'; DROP TABLE t; --")).bind(":c", std::optional<double>());
    ins.run();
  }
  Statement sel(c, "SELECT a, b, c FROM t WHERE b = ?1 ORDER BY a");
  sel.bind(1, "x'; DROP TABLE t; --");
  int n = 0;
  while (sel.step()) {
    EXPECT_EQ(sel.column_int(0), n);
    EXPECT_TRUE(sel.is_null(2));
    EXPECT_FALSE(sel.column_optional_double(2).has_value());
    ++n;
  }
  EXPECT_EQ(n, 3);
  EXPECT_THROW(ins.index_of(":nope"), CatalogueError);
  EXPECT_THROW(Statement(c, "SELEKT 1"), CatalogueError);
}

TEST(Transaction, RollsBackUnlessCommitted) {
  Connection c(temp_db("tx.db"));
  c.exec("CREATE TABLE t (a INTEGER)");
  try {
    Transaction tx(c);
    c.exec("INSERT INTO t VALUES (1)");
    throw std::runtime_error("boom");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(count_rows(c, "t"), 0);
  {
    Transaction tx(c);
    c.exec("INSERT INTO t VALUES (2)");
    tx.commit();
  }
  EXPECT_EQ(count_rows(c, "t"), 1);
  {
    Transaction tx(c);
    c.exec("INSERT INTO t VALUES (3)");
    tx.rollback();
    EXPECT_FALSE(tx.open());
  }
  EXPECT_EQ(count_rows(c, "t"), 1);
}

TEST(Error, ConstraintViolationHasCategory) {
  Connection c(temp_db("constraint.db"));
  c.exec("CREATE TABLE t (a INTEGER UNIQUE)");
  c.exec("INSERT INTO t VALUES (1)");
  try {
    c.exec("INSERT INTO t VALUES (1)");
    FAIL() << "no exception";
  } catch (const CatalogueError& e) {
    EXPECT_EQ(e.category(), CatalogueError::Category::kConstraint);
    EXPECT_NE(std::string(e.what()).find("UNIQUE"), std::string::npos);
  }
}

TEST(Error, GarbageFileIsCorruptAndUntouched) {
  const std::string path = temp_db("garbage.db");
  const std::string garbage(4096, 'x');
  std::ofstream(path, std::ios::binary) << garbage;
  try {
    Catalogue cat(path);
    FAIL() << "no exception";
  } catch (const CatalogueError& e) {
    EXPECT_EQ(e.category(), CatalogueError::Category::kCorrupt) << e.what();
  }
  std::ifstream in(path, std::ios::binary);
  const std::string after((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(after, garbage);
}

TEST(Error, MissingFileReadOnlyIsIo) {
  OpenOptions ro;
  ro.read_only = true;
  try {
    Connection c(temp_db("missing.db"), ro);
    FAIL() << "no exception";
  } catch (const CatalogueError& e) {
    EXPECT_EQ(e.category(), CatalogueError::Category::kIo) << e.what();
  }
}

// Tests run as root, where chmod 444 does not stop writes; a read-only connection stands
// in for a read-only file (the CLI opens read-only for query/stats/export).
TEST(Error, WriteThroughReadOnlyConnectionIsReadOnly) {
  const std::string path = temp_db("ro.db");
  { Catalogue create(path); }
  OpenOptions ro;
  ro.read_only = true;
  Catalogue cat(path, ro);
  EXPECT_EQ(cat.schema_version(), kSchemaVersion);
  PuzzleRecord r;
  r.givens.set(0, 1);
  try {
    cat.add(std::span<const PuzzleRecord>(&r, 1));
    FAIL() << "no exception";
  } catch (const CatalogueError& e) {
    EXPECT_EQ(e.category(), CatalogueError::Category::kReadOnly) << e.what();
  }
  EXPECT_EQ(cat.count({}), 0);
}

TEST(Schema, MigratesFromVersionOne) {
  const std::string path = temp_db("v1.db");
  {
    // A version-1 file as an older sudoforge wrote it, with one puzzle.
    Connection c(path);
    c.exec(migrations()[0]);
    c.exec("PRAGMA user_version = 1");
    c.exec("INSERT INTO puzzles (givens, size, clues, canonical, source) VALUES "
           "('1" + std::string(80, '.') + "', 9, 1, '" + std::string(80, '0') + "1', 'old')");
  }
  Catalogue cat(path);
  EXPECT_EQ(cat.schema_version(), kSchemaVersion);
  Statement idx(cat.connection(),
                "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'puzzles_by_source'");
  idx.step();
  EXPECT_EQ(idx.column_int(0), 1);
  const auto rows = cat.query({});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].source, "old");
  EXPECT_EQ(rows[0].givens[0], 1);
}

TEST(Schema, PartialMigrationStopsAtTarget) {
  Connection c(temp_db("partial.db"));
  EXPECT_EQ(migrate(c, 1), 1);
  EXPECT_EQ(schema_version(c), 1);
  EXPECT_EQ(migrate(c), kSchemaVersion);
  EXPECT_EQ(migrate(c), kSchemaVersion);  // idempotent
}

TEST(Schema, RefusesNewerAndForeignFiles) {
  const std::string newer = temp_db("newer.db");
  {
    Connection c(newer);
    c.exec("PRAGMA user_version = 99");
  }
  try {
    Catalogue cat(newer);
    FAIL();
  } catch (const CatalogueError& e) {
    EXPECT_EQ(e.category(), CatalogueError::Category::kSchema);
  }
  const std::string foreign = temp_db("foreign.db");
  {
    Connection c(foreign);
    c.exec("CREATE TABLE accounts (x)");
  }
  EXPECT_THROW(Catalogue cat(foreign), CatalogueError);
  Connection c(foreign);
  EXPECT_EQ(count_rows(c, "accounts"), 0);  // untouched
}

TEST(Concurrency, TwoWritersWithBusyTimeoutLoseNothing) {
  const std::string path = temp_db("concurrent.db");
  { Catalogue init(path); }
  constexpr int kBatches = 40, kPerBatch = 25;
  auto writer = [&](int who, int* errors) {
    try {
      Catalogue cat(path);
      for (int b = 0; b < kBatches; ++b) {
        std::vector<PuzzleRecord> batch;
        for (int i = 0; i < kPerBatch; ++i) {
          PuzzleRecord r;
          r.givens.set(0, 1);
          r.source = std::string("writer") += std::to_string(who);
          // Distinct synthetic keys: each row is its own puzzle.
          r.canonical = std::string("w") += std::to_string(who);
          r.canonical += '-';
          r.canonical += std::to_string(b);
          r.canonical += '-';
          r.canonical += std::to_string(i);
          batch.push_back(r);
        }
        const AddResult res = cat.add(batch);
        if (res.added != kPerBatch) ++*errors;
      }
    } catch (const std::exception&) {
      ++*errors;
    }
  };
  int e1 = 0, e2 = 0;
  std::thread t1(writer, 1, &e1), t2(writer, 2, &e2);
  t1.join();
  t2.join();
  EXPECT_EQ(e1, 0);
  EXPECT_EQ(e2, 0);
  Catalogue cat(path);
  EXPECT_EQ(cat.count({}), 2 * kBatches * kPerBatch);
}

// Switching a file to WAL takes a lock that SQLite's busy handler does not always wait
// for: when two connections switch the same new file at once, both hold a read lock and
// want the write lock, and SQLite fails one at once rather than deadlock. The Connection
// retries within its busy timeout. (Two `generate --db` runs creating one catalogue used
// to fail here now and then.)
TEST(Concurrency, TwoOpenersSwitchingToWalBothSucceed) {
  constexpr int kTrials = 40;
  int failures = 0;
  std::mutex mu;
  std::string first_error;
  for (int t = 0; t < kTrials; ++t) {
    const std::string path = temp_db("switch" + std::to_string(t) + ".db");
    std::latch go(2);
    std::atomic<int> failed{0};
    auto open = [&] {
      go.arrive_and_wait();
      try {
        Connection c(path);
        Statement mode(c, "PRAGMA journal_mode");
        if (!mode.step() || mode.column_text(0) != "wal") ++failed;
      } catch (const CatalogueError& e) {
        const std::lock_guard<std::mutex> lock(mu);
        if (first_error.empty()) first_error = e.what();
        ++failed;
      }
    };
    std::thread a(open), b(open);
    a.join();
    b.join();
    failures += failed;
  }
  EXPECT_EQ(failures, 0) << first_error;
}

TEST(Concurrency, LockHeldPastTimeoutIsBusy) {
  const std::string path = temp_db("busy.db");
  { Catalogue init(path); }
  Connection holder(path);
  Transaction hold(holder, Transaction::Mode::kImmediate);
  OpenOptions quick;
  quick.busy_timeout_ms = 50;
  Catalogue cat(path, quick);
  PuzzleRecord r;
  r.canonical = "k";
  try {
    cat.add(std::span<const PuzzleRecord>(&r, 1));
    FAIL();
  } catch (const CatalogueError& e) {
    EXPECT_EQ(e.category(), CatalogueError::Category::kBusy) << e.what();
  }
}

}  // namespace
}  // namespace sudoforge::db
