#pragma once
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "sudoforge/core/grid.h"

namespace sudoforge::db::testing {

// A fresh file name in a per-process scratch folder (removed with the folder's content of
// earlier runs of the same pid; files are small).
inline std::string temp_db(const std::string& name) {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() /
             ("sudoforge-db-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
  }();
  const auto p = dir / name;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::filesystem::remove(p.string() + suffix);
  }
  return p.string();
}

// A 9x9 grid from 81 characters: 1-9 given, anything else empty.
inline Grid grid(const std::string& text) {
  std::vector<std::uint8_t> cells;
  for (char c : text)
    cells.push_back(c >= '1' && c <= '9' ? static_cast<std::uint8_t>(c - '0') : 0);
  return Grid(Geometry(), cells);
}

}  // namespace sudoforge::db::testing
