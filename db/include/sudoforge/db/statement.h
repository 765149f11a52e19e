#pragma once
// Statement: one prepared SQL statement (RAII: finalized in the destructor). Prepare once,
// bind parameters by index (1-based) or name (":name"), step through rows, reset, bind
// again. Values only ever reach SQL through bind(): never through the SQL text.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3_stmt;

namespace sudoforge::db {

class Connection;

class Statement {
 public:
  Statement(Connection& connection, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&& other) noexcept;

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view text);  // copied (SQLITE_TRANSIENT)
  Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
  Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
  Statement& bind_null(int index);
  template <class T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }
  // ":name", "@name" or "$name" as written in the SQL. Throws CatalogueError if absent.
  int index_of(std::string_view name) const;
  template <class T>
  Statement& bind(std::string_view name, const T& value) {
    return bind(index_of(name), value);
  }

  // Runs to the next row: true when a row is available, false when done. Throws
  // CatalogueError on failure (the statement is reset then).
  bool step();
  // Runs a statement that returns no rows (or ignores them): step until done.
  void run();
  // Ready to run again; bindings are cleared.
  void reset();

  int column_count() const;
  bool is_null(int column) const;
  std::int64_t column_int64(int column) const;
  int column_int(int column) const { return static_cast<int>(column_int64(column)); }
  double column_double(int column) const;
  std::string column_text(int column) const;
  // The column's text without a copy: valid until the next step, reset or column call
  // that converts this column.
  std::string_view column_view(int column) const;
  std::optional<std::int64_t> column_optional_int64(int column) const;
  std::optional<double> column_optional_double(int column) const;
  std::optional<std::string> column_optional_text(int column) const;

  const std::string& sql() const { return sql_; }

 private:
  void check_bind(int rc, int index);
  Connection* connection_;
  sqlite3_stmt* stmt_ = nullptr;
  std::string sql_;
};

}  // namespace sudoforge::db
