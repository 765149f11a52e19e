#include "sudoforge/db/error.h"

#include <sqlite3.h>

namespace sudoforge::db {

CatalogueError::Category CatalogueError::category_of(int sqlite_code) {
  switch (sqlite_code & 0xFF) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return Category::kBusy;
    case SQLITE_READONLY:
      return Category::kReadOnly;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return Category::kCorrupt;
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
    case SQLITE_FULL:
    case SQLITE_PERM:
      return Category::kIo;
    case SQLITE_CONSTRAINT:
      return Category::kConstraint;
    default:
      return Category::kOther;
  }
}

std::string_view CatalogueError::category_name(Category category) {
  switch (category) {
    case Category::kBusy: return "busy";
    case Category::kReadOnly: return "read-only";
    case Category::kCorrupt: return "corrupt";
    case Category::kIo: return "io";
    case Category::kConstraint: return "constraint";
    case Category::kSchema: return "schema";
    case Category::kOther: return "other";
  }
  return "other";
}

}  // namespace sudoforge::db
