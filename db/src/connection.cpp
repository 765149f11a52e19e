#include "sudoforge/db/connection.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>
#include <utility>

#include "sudoforge/db/error.h"

namespace sudoforge::db {
namespace {

// True for a WAL-mode database file (header bytes 18 and 19 are 2).
bool is_wal_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char header[20] = {};
  return in.read(header, sizeof header) && header[18] == 2 && header[19] == 2;
}

// A reader of a WAL file takes part in its locking through the -shm file (SQLite creates
// it, and the -wal, when missing). Where this process may not create them (a read-only
// folder, or someone else's file that this user may not write: files made there would
// belong to the reader and lock its owner out), and neither exists, no connection has the
// file open in WAL mode now (each keeps a -shm while open), so it is read as immutable:
// no locks, no files made. The catch: a writer that opens the file while it is read this
// way is not seen, so read-only commands keep their reads short.
bool read_as_immutable(const std::string& path) {
  std::error_code ec;
  if (!is_wal_file(path) || std::filesystem::exists(path + "-shm", ec) ||
      std::filesystem::exists(path + "-wal", ec)) {
    return false;
  }
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  return ::access(dir.c_str(), W_OK) != 0 || ::access(path.c_str(), W_OK) != 0;
}

// `path` as an SQLite URI filename with `query` ("immutable=1").
std::string uri_of(const std::string& path, const char* query) {
  std::string uri = "file:";
  for (char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '%' || c == '?' || c == '#' || u < 0x21 || u > 0x7e) {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", u);
      uri += hex;
    } else {
      uri += c;
    }
  }
  return uri + "?" + query;
}

}  // namespace

Connection::Connection(const std::string& path, const OpenOptions& options)
    : path_(path), read_only_(options.read_only) {
  int flags = SQLITE_OPEN_NOMUTEX;  // one connection per thread
  std::string name = path;
  if (options.read_only) {
    flags |= SQLITE_OPEN_READONLY;
    if (read_as_immutable(path)) {
      flags |= SQLITE_OPEN_URI;
      name = uri_of(path, "immutable=1");
    }
  } else {
    flags |= SQLITE_OPEN_READWRITE;
    if (options.create) flags |= SQLITE_OPEN_CREATE;
  }
  const int rc = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    const std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw CatalogueError(CatalogueError::category_of(rc), rc, path + ": cannot open: " + msg);
  }
  sqlite3_extended_result_codes(db_, 1);
  try {
    sqlite3_busy_timeout(db_, options.busy_timeout_ms);
    // Reads the header: a garbage file fails here, before anything is written.
    exec("SELECT count(*) FROM sqlite_schema");
    if (!options.read_only) {
      // SQLite silently opens a write-protected file read-only: say so now.
      if (sqlite3_db_readonly(db_, "main") == 1) {
        throw CatalogueError(CatalogueError::Category::kReadOnly, SQLITE_READONLY,
                             path + ": the database file is read-only");
      }
      if (options.wal) enable_wal(options.busy_timeout_ms);
    }
    if (options.foreign_keys) exec("PRAGMA foreign_keys=ON");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

void Connection::enable_wal(int timeout_ms) {
  // The switch to WAL is the one write that SQLite's busy handler does not always cover:
  // the statement reads first, then wants the write lock, and when two connections do
  // that on one file at once SQLite fails one of them at once rather than deadlock. Two
  // processes creating the same catalogue met this now and then (CatalogueRobustness.
  // TwoWritersAtOnceLoseNoRows), so the switch is retried, with back-off, for as long as
  // the busy timeout allows; once the other connection made the file WAL, the statement
  // has nothing left to change and succeeds.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  auto pause = std::chrono::milliseconds(1);
  for (;;) {
    const int rc = sqlite3_exec(db_, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK) return;
    if ((rc & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() >= deadline) {
      fail(rc, "PRAGMA journal_mode=WAL");
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
  }
}

Connection::~Connection() {
  if (db_) sqlite3_close_v2(db_);
}

Connection::Connection(Connection&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)),
      read_only_(other.read_only_) {}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    if (db_) sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
    path_ = std::move(other.path_);
    read_only_ = other.read_only_;
  }
  return *this;
}

void Connection::exec(std::string_view sql) {
  char* err = nullptr;
  const std::string text(sql);
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &err);
  if (rc != SQLITE_OK) {
    sqlite3_free(err);
    fail(rc, text.substr(0, 60));
  }
}

std::int64_t Connection::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

std::int64_t Connection::changes() const { return sqlite3_changes64(db_); }

void Connection::fail(int rc, std::string_view context) const {
  std::string msg = path_ + ": ";
  msg += db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  if (!context.empty()) {
    msg += " (in: ";
    msg += context;
    msg += ")";
  }
  auto category = CatalogueError::category_of(rc);
  throw CatalogueError(category, rc, msg);
}

}  // namespace sudoforge::db
