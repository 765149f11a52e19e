#include "sudoforge/db/transaction.h"

#include <sqlite3.h>

namespace sudoforge::db {

Transaction::Transaction(Connection& connection, Mode mode) : connection_(connection) {
  switch (mode) {
    case Mode::kDeferred: connection_.exec("BEGIN DEFERRED"); break;
    case Mode::kImmediate: connection_.exec("BEGIN IMMEDIATE"); break;
    case Mode::kExclusive: connection_.exec("BEGIN EXCLUSIVE"); break;
  }
  open_ = true;
}

Transaction::~Transaction() {
  if (open_) {
    // Ignore the result: after some errors SQLite has already rolled back.
    sqlite3_exec(connection_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
}

void Transaction::commit() {
  connection_.exec("COMMIT");
  open_ = false;
}

void Transaction::rollback() {
  open_ = false;
  connection_.exec("ROLLBACK");
}

}  // namespace sudoforge::db
