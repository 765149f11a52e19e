#pragma once
// Connection: one open SQLite database (RAII: closed in the destructor).
//
// Opening applies the options below and reads the file header at once (journal mode, or
// a trivial read for read-only connections), so a file that is not a database, or a
// database that cannot be written when writing was asked for, fails here with a
// CatalogueError and nothing in the file is changed.
#include <cstdint>
#include <string>
#include <string_view>

struct sqlite3;

namespace sudoforge::db {

struct OpenOptions {
  // SQLITE_OPEN_READONLY; otherwise read-write. A read-only connection never creates a
  // file: a WAL file this user may not write, or in a folder it may not write to, without
  // -shm and -wal files (so with no connection open on it) is opened as immutable.
  bool read_only = false;
  bool create = true;          // create the file when missing (read-write only)
  int busy_timeout_ms = 5000;  // wait this long for another connection's lock
  bool wal = true;             // journal_mode=WAL (read-write only; persistent in the file)
  bool foreign_keys = true;    // PRAGMA foreign_keys=ON
};

class Connection {
 public:
  // Throws CatalogueError (kIo when it cannot be opened, kCorrupt for a non-database,
  // kReadOnly when read-write was asked and the file or its folder is read-only).
  explicit Connection(const std::string& path, const OpenOptions& options = {});
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;

  // Runs SQL text without parameters (schema statements, PRAGMAs). Never pass values
  // through this: use a Statement with bound parameters.
  void exec(std::string_view sql);

  std::int64_t last_insert_rowid() const;
  // Rows changed by the last INSERT/UPDATE/DELETE.
  std::int64_t changes() const;
  bool read_only() const { return read_only_; }
  const std::string& path() const { return path_; }
  sqlite3* handle() const { return db_; }

  // Throws a CatalogueError for result code `rc` with this connection's message and
  // `context` (e.g. the statement) in front.
  [[noreturn]] void fail(int rc, std::string_view context) const;

 private:
  // PRAGMA journal_mode=WAL, retried while another connection holds the lock, for up to
  // timeout_ms; throws as exec() does.
  void enable_wal(int timeout_ms);

  sqlite3* db_ = nullptr;
  std::string path_;
  bool read_only_ = false;
};

}  // namespace sudoforge::db
