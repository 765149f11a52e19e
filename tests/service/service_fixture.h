#pragma once
// A catalogue for the service tests: the 500 puzzles of tests/data/grader/17clue_500.txt,
// each with a made-up rating that cycles through 1.0 .. 9.9 (and its level) and, for every
// tenth, the technique "X-Wing" — the service only reads what the catalogue holds.
#include <fstream>
#include <string>
#include <vector>

#include "sudoforge/core/record_reader.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/grader/grader.h"

namespace sudoforge::service::testing {

inline constexpr int kFixturePuzzles = 500;

inline double fixture_rating(int i) {
  return 1.0 + (i % 90) / 10.0;
}

inline void fill_catalogue(const std::string& path) {
  std::ifstream in(std::string(SUDOFORGE_TEST_DATA) + "/grader/17clue_500.txt");
  std::vector<db::PuzzleRecord> records;
  std::string line;
  for (int i = 0; std::getline(in, line) && i < kFixturePuzzles; ++i) {
    db::PuzzleRecord r;
    r.givens = parse_one(line.substr(0, 81)).grid;
    r.rating_er = fixture_rating(i);
    r.level = std::string(grader::level_name(grader::level_for(*r.rating_er)));
    if (i % 10 == 0) r.techniques = {"X-Wing"};
    r.source = "fixture";
    records.push_back(std::move(r));
  }
  db::Catalogue cat(path);
  cat.add(records);
}

}  // namespace sudoforge::service::testing
