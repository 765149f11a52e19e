#include "sudoforge/db/statement.h"

#include <sqlite3.h>

#include <utility>

#include "sudoforge/db/connection.h"
#include "sudoforge/db/error.h"

namespace sudoforge::db {

Statement::Statement(Connection& connection, std::string_view sql)
    : connection_(&connection), sql_(sql) {
  const int rc = sqlite3_prepare_v3(connection.handle(), sql_.data(), static_cast<int>(sql_.size()),
                                    SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
  if (rc != SQLITE_OK) connection.fail(rc, sql_.substr(0, 80));
}

Statement::~Statement() {
  if (stmt_) sqlite3_finalize(stmt_);
}

Statement::Statement(Statement&& other) noexcept
    : connection_(other.connection_), stmt_(std::exchange(other.stmt_, nullptr)),
      sql_(std::move(other.sql_)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    if (stmt_) sqlite3_finalize(stmt_);
    connection_ = other.connection_;
    stmt_ = std::exchange(other.stmt_, nullptr);
    sql_ = std::move(other.sql_);
  }
  return *this;
}

void Statement::check_bind(int rc, int index) {
  if (rc != SQLITE_OK) {
    connection_->fail(rc, "binding parameter " + std::to_string(index) + " of " + sql_.substr(0, 60));
  }
}

Statement& Statement::bind(int index, std::int64_t value) {
  check_bind(sqlite3_bind_int64(stmt_, index, value), index);
  return *this;
}

Statement& Statement::bind(int index, double value) {
  check_bind(sqlite3_bind_double(stmt_, index, value), index);
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  check_bind(sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT,
                                 SQLITE_UTF8),
             index);
  return *this;
}

Statement& Statement::bind_null(int index) {
  check_bind(sqlite3_bind_null(stmt_, index), index);
  return *this;
}

int Statement::index_of(std::string_view name) const {
  const std::string n(name);
  const int index = sqlite3_bind_parameter_index(stmt_, n.c_str());
  if (index == 0) {
    throw CatalogueError(CatalogueError::Category::kOther, SQLITE_RANGE,
                         "no parameter " + n + " in " + sql_.substr(0, 60));
  }
  return index;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  sqlite3_reset(stmt_);
  connection_->fail(rc, sql_.substr(0, 80));
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

int Statement::column_count() const { return sqlite3_column_count(stmt_); }

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::column_int64(int column) const { return sqlite3_column_int64(stmt_, column); }

double Statement::column_double(int column) const { return sqlite3_column_double(stmt_, column); }

std::string Statement::column_text(int column) const {
  const auto* p = sqlite3_column_text(stmt_, column);
  if (!p) return {};
  return std::string(reinterpret_cast<const char*>(p),
                     static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::string_view Statement::column_view(int column) const {
  const auto* p = sqlite3_column_text(stmt_, column);
  if (!p) return {};
  return {reinterpret_cast<const char*>(p),
          static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))};
}

std::optional<std::int64_t> Statement::column_optional_int64(int column) const {
  if (is_null(column)) return std::nullopt;
  return column_int64(column);
}

std::optional<double> Statement::column_optional_double(int column) const {
  if (is_null(column)) return std::nullopt;
  return column_double(column);
}

std::optional<std::string> Statement::column_optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return column_text(column);
}

}  // namespace sudoforge::db
