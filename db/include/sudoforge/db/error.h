#pragma once
// CatalogueError: every failure of the catalogue, with SQLite's message and a category the
// CLI can act on (all of them are exit code 3 there).
#include <stdexcept>
#include <string>
#include <string_view>

namespace sudoforge::db {

class CatalogueError : public std::runtime_error {
 public:
  enum class Category {
    kBusy,        // SQLITE_BUSY / SQLITE_LOCKED: another connection holds the lock too long
    kReadOnly,    // SQLITE_READONLY, or a write through a read-only connection
    kCorrupt,     // SQLITE_CORRUPT / SQLITE_NOTADB: not a (sound) database file
    kIo,          // SQLITE_IOERR / SQLITE_CANTOPEN / SQLITE_FULL / SQLITE_PERM
    kConstraint,  // SQLITE_CONSTRAINT
    kSchema,      // a schema newer than this program, or not a sudoforge catalogue
    kOther,       // anything else (misuse, out of memory...)
  };

  // `sqlite_code` is SQLite's (extended) result code, 0 when the error is not SQLite's.
  CatalogueError(Category category, int sqlite_code, const std::string& message)
      : std::runtime_error(message), category_(category), sqlite_code_(sqlite_code) {}

  Category category() const { return category_; }
  int sqlite_code() const { return sqlite_code_; }

  // The category of an SQLite result code (primary or extended).
  static Category category_of(int sqlite_code);
  // "busy", "read-only", "corrupt", "io", "constraint", "schema", "other".
  static std::string_view category_name(Category category);

 private:
  Category category_;
  int sqlite_code_;
};

}  // namespace sudoforge::db
