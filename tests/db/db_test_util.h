#pragma once
#include <unistd.h>

#include <filesystem>
#include <string>

namespace sudoforge::db::testing {

// A fresh file name in a per-process scratch folder (removed with the folder's content of
// earlier runs of the same pid; files are small).
inline std::string temp_db(const std::string& name) {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("sudoforge-db-test-" + std::to_string(::getpid()));
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

}  // namespace sudoforge::db::testing
