// BatchedStore: records reach the catalogue a whole batch at a time.
#include "sudoforge/workflow/store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "test_util.h"

namespace sudoforge::workflow {
namespace {

TEST(BatchedStore, CommitsFullBatchesAndTheRestOnRequest) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("workflow_store_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  {
    db::Catalogue cat(path.string());
    BatchedStore store(cat, 2, std::chrono::hours(1));
    const char* puzzles[] = {
        "....5.7.9..6.8..2.7.91....62.........37..2..4..8..7....6..91......6..5..9.1.7..38",
        "..3....8..5.78.1....91....52.......6..7....3.6...1.......2..9....16..3..9725...1.",
        "...4.6.......8....7.9.325...315.8.7.5.....9..9..6.4..2.4.8...97..........1...34.."};
    for (int i = 0; i < 3; ++i) {
      db::PuzzleRecord r;
      r.givens = test::grid_of(puzzles[i]);
      store.add(r);
      EXPECT_EQ(cat.count({}), i < 1 ? 0 : 2) << i;
    }
    EXPECT_EQ(store.stored().added, 2);
    store.commit();
    EXPECT_EQ(cat.count({}), 3);
    EXPECT_EQ(store.stored().added, 3);
    EXPECT_EQ(store.stored().duplicates, 0);
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace sudoforge::workflow
