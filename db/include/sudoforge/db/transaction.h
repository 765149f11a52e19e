#pragma once
// Transaction: BEGIN in the constructor, ROLLBACK in the destructor unless commit() was
// called, so an exception anywhere inside leaves the database as it was.
#include "sudoforge/db/connection.h"

namespace sudoforge::db {

class Transaction {
 public:
  enum class Mode {
    kDeferred,   // takes locks when first needed (reads)
    kImmediate,  // takes the write lock now (waits busy_timeout): use for every write, so
                 // two writers queue instead of failing on a lock upgrade
    kExclusive,
  };
  explicit Transaction(Connection& connection, Mode mode = Mode::kImmediate);
  ~Transaction();  // rolls back if still open; never throws
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit();
  void rollback();
  bool open() const { return open_; }

 private:
  Connection& connection_;
  bool open_ = false;
};

}  // namespace sudoforge::db
