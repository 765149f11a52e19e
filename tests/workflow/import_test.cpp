// Importer: records analysed, filtered by the target's one acceptance predicate, stored
// in batches; invalid ones reported in input order.
#include "sudoforge/workflow/import.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "test_util.h"

namespace sudoforge::workflow {
namespace {

// Rated 1.2 (easy), 2.0 (medium) and 7.2 (diabolical) by the grader.
const char* const kEasy =
    "...4.6.......8....7.9.325...315.8.7.5.....9..9..6.4..2.4.8...97..........1...34..";
const char* const kMedium =
    ".2..5...94....9..378.1........6...95..7.98.1......3...3...7.2.45.........1....6.8";
const char* const kDiabolical =
    "..3..6.8...6...1..789..2..62.1..8..48...4.....642...5.3...17.6..1....8.....82..3.";

Record record_of(const std::string& text, int line) {
  Record r;
  r.grid = test::grid_of(text);
  r.line = line;
  return r;
}

struct Imported {
  ImportCounts counts;
  std::vector<std::string> levels;  // stored, in id order
  std::vector<std::pair<int, std::string>> invalid;
};

Imported import(const std::vector<std::string>& puzzles, const ImportOptions& options) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("workflow_import_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  Imported out;
  {
    db::Catalogue cat(path.string());
    Importer importer(cat, options, [&](const std::string&, int line, const std::string& e) {
      out.invalid.emplace_back(line, e);
    });
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      importer.add(record_of(puzzles[i], static_cast<int>(i) + 1), "test");
    }
    importer.finish();
    out.counts = importer.counts();
    cat.query({}, [&](const db::PuzzleRecord& r) {
      out.levels.push_back(r.level.value_or("?") + "/" + r.source);
      return true;
    });
  }
  std::filesystem::remove(path);
  return out;
}

TEST(Importer, StoresOnlyWhatTheTargetAcceptsAndCountsTheRest) {
  std::string bad = kEasy;
  bad[0] = bad[1] = '1';  // two 1s in a row
  const std::vector<std::string> puzzles{kEasy, kDiabolical, bad, kMedium, kEasy};
  ImportOptions options;
  options.batch_records = 2;  // several batches through the pipeline
  options.threads = 2;
  options.target.level = grader::Level::kEasy;
  const Imported level = import(puzzles, options);
  EXPECT_EQ(level.levels, (std::vector<std::string>{"easy/test"}));
  EXPECT_EQ(level.counts.added, 1);
  EXPECT_EQ(level.counts.duplicates, 1);
  EXPECT_EQ(level.counts.skipped, 2);
  ASSERT_EQ(level.invalid.size(), 1u);
  EXPECT_EQ(level.invalid[0].first, 3);

  options.target = {};
  options.target.min_rating = 1.5;
  options.target.max_rating = 8;
  options.source = "band";
  const Imported band = import(puzzles, options);
  EXPECT_EQ(band.levels, (std::vector<std::string>{"diabolical/band", "medium/band"}));
  EXPECT_EQ(band.counts.skipped, 2);

  options.target = {};
  const Imported all = import(puzzles, options);
  EXPECT_EQ(all.counts.added, 3);
  EXPECT_EQ(all.counts.duplicates, 1);
  EXPECT_EQ(all.counts.skipped, 0);
}

TEST(Importer, AfterAStopNothingMoreIsStored) {
  std::atomic<bool> stop{true};
  ImportOptions options;
  options.stop = &stop;
  const Imported none = import({kEasy, kMedium}, options);
  EXPECT_TRUE(none.levels.empty());
  EXPECT_EQ(none.counts.added, 0);
  EXPECT_TRUE(none.invalid.empty());
}

}  // namespace
}  // namespace sudoforge::workflow
