// db_bench [17clue.txt] [top1465.txt] [--big PATH] [--rows N]
//
// 1. Canonical form: puzzles/s on each file (thread CPU time and wall time, one thread).
// 2. Import: validate (conflicts, uniqueness with the solver), canonicalise and add the
//    first file to a fresh catalogue in /tmp: puzzles/s. (Grading is not included.)
// 3. Queries: builds (or reuses) a catalogue of N synthetic graded rows (default
//    1,000,000) at --big (default /tmp/sudoforge_bench_big.db) and times filtered queries
//    returning 100 rows: median and worst of 20 runs, in ms. A catalogue of an older schema
//    is migrated first (timed).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "sudoforge/bench/harness.h"
#include "sudoforge/core/canonical.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/schema.h"
#include "sudoforge/solver/sudoku_solver.h"

using namespace sudoforge;

namespace {

double cpu_seconds() { return bench::thread_cpu_us() * 1e-6; }
double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}


void bench_canon(const std::string& name, const std::vector<Grid>& puzzles) {
  if (puzzles.empty()) return;
  std::size_t sink = 0;
  const double c0 = cpu_seconds(), w0 = wall_seconds();
  for (const Grid& p : puzzles) sink += static_cast<std::size_t>(canonical_key(p)[80]);
  const double cpu = cpu_seconds() - c0, wall = wall_seconds() - w0;
  const double n = static_cast<double>(puzzles.size());
  std::printf("canon   %-12s %7zu puzzles  %9.0f puzzles/s (cpu)  %9.0f puzzles/s (wall)  %.1f us/puzzle  [%zu]\n",
              name.c_str(), puzzles.size(), n / cpu, n / wall, 1e6 * cpu / n, sink % 10);
}

void bench_import(const std::vector<Grid>& puzzles) {
  const std::string path = "/tmp/sudoforge_bench_import.db";
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(path + s);
  db::Catalogue cat(path);
  SudokuSolver solver;
  const double c0 = cpu_seconds(), w0 = wall_seconds();
  std::vector<db::PuzzleRecord> batch;
  long long added = 0;
  for (const Grid& p : puzzles) {
    if (find_conflict(p)) continue;
    std::optional<Grid> solution;
    if (solver.enumerate(p, [&](const Grid& s) {
          if (!solution) solution = s;
          return true;
        }, 2) != 1) {
      continue;
    }
    db::PuzzleRecord r;
    r.givens = p;
    r.solution = solution;
    r.source = "bench";
    batch.push_back(std::move(r));
    if (batch.size() == 20000) {
      added += cat.add(batch).added;
      batch.clear();
    }
  }
  added += cat.add(batch).added;
  const double cpu = cpu_seconds() - c0, wall = wall_seconds() - w0;
  std::printf("import  %7zu puzzles (%lld added): %.0f puzzles/s (cpu, this thread) %.0f puzzles/s (wall)\n",
              puzzles.size(), added, static_cast<double>(puzzles.size()) / cpu,
              static_cast<double>(puzzles.size()) / wall);
}

void build_big(const std::string& path, long long rows, const std::vector<Grid>& source) {
  {
    // A file from an older sudoforge is migrated on open (v3 draws rnd for every row and
    // builds two indexes): timed, since it is a one-off cost users will see.
    int old_version = 0;
    if (std::filesystem::exists(path)) {
      db::Connection probe(path);
      old_version = db::schema_version(probe);
    }
    const double m0 = wall_seconds();
    db::Catalogue cat(path);
    if (old_version > 0 && old_version < db::kSchemaVersion) {
      std::printf("big catalogue %s: migrated from schema %d to %d in %.1f s\n", path.c_str(),
                  old_version, db::kSchemaVersion, wall_seconds() - m0);
    }
    const long long have = cat.count({});
    if (have >= rows) {
      std::printf("big catalogue %s: %lld rows (reused)\n", path.c_str(), have);
      return;
    }
  }
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(path + s);
  db::Catalogue cat(path);
  std::mt19937_64 rng(42);
  const char* levels[] = {"easy", "medium", "hard", "expert", "diabolical", "extreme"};
  const double lo[] = {1.0, 1.6, 2.9, 4.5, 6.3, 9.0}, hi[] = {1.5, 2.8, 4.4, 6.2, 8.9, 11.9};
  const char* techniques[] = {"hidden single", "naked single", "pointing", "claiming", "naked pair",
                              "x-wing", "hidden pair", "swordfish", "xy-wing", "forcing chain"};
  const char* symmetries[] = {"none", "none", "none", "rot180", "mirror", "diagonal"};
  const double w0 = wall_seconds();
  std::vector<db::PuzzleRecord> batch;
  for (long long i = 0; i < rows; ++i) {
    db::PuzzleRecord r;
    r.givens = source[static_cast<std::size_t>(i) % source.size()];
    const int level = static_cast<int>(rng() % 6);
    r.level = levels[level];
    r.rating_er = lo[level] + (hi[level] - lo[level]) * static_cast<double>(rng() % 1000) / 1000.0;
    r.symmetry = symmetries[rng() % 6];
    r.source = "bench" + std::to_string(rng() % 4);
    r.canonical = "synthetic-" + std::to_string(i);  // distinct rows
    const int nt = 1 + level / 2 + static_cast<int>(rng() % 2);
    for (int t = 0; t < nt; ++t) r.techniques.push_back(techniques[(level + rng() % 5) % 10]);
    std::sort(r.techniques.begin(), r.techniques.end());
    r.techniques.erase(std::unique(r.techniques.begin(), r.techniques.end()), r.techniques.end());
    batch.push_back(std::move(r));
    if (batch.size() == 50000) {
      cat.add(batch);
      batch.clear();
    }
  }
  cat.add(batch);
  // Some puzzles used in books, for --unused.
  cat.connection().exec("INSERT INTO books (title) VALUES ('bench book')");
  cat.connection().exec("INSERT INTO book_puzzles (book_id, puzzle_id, position) "
                        "SELECT 1, id, id FROM puzzles WHERE id % 10 = 0");
  cat.connection().exec("ANALYZE");
  std::printf("big catalogue %s: %lld rows built in %.1f s\n", path.c_str(), rows, wall_seconds() - w0);
}

void time_query(db::Catalogue& cat, const char* name, const db::QueryFilter& f) {
  std::vector<double> ms;
  std::size_t n = 0;
  for (int run = 0; run < 20; ++run) {
    const double w0 = wall_seconds();
    n = cat.query(f).size();
    ms.push_back(1e3 * (wall_seconds() - w0));
  }
  std::sort(ms.begin(), ms.end());
  std::printf("query   %-52s %4zu rows  median %7.2f ms  worst %7.2f ms\n", name, n, ms[ms.size() / 2], ms.back());
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  std::string big = "/tmp/sudoforge_bench_big.db";
  long long rows = 1000000;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--big" && i + 1 < argc) big = argv[++i];
    else if (a == "--rows" && i + 1 < argc) rows = std::stoll(argv[++i]);
    else files.push_back(a);
  }
  if (files.empty()) files = {"../shared/data/17clue.txt", "../shared/data/top1465.txt"};
  std::vector<std::vector<Grid>> sets;
  for (const auto& f : files) sets.push_back(bench::read_line_puzzles(f));
  for (std::size_t i = 0; i < files.size(); ++i) {
    bench_canon(std::filesystem::path(files[i]).filename().string(), sets[i]);
  }
  if (sets.empty() || sets[0].empty()) return 1;
  bench_import(sets[0]);
  build_big(big, rows, sets[0]);
  db::OpenOptions ro;
  ro.read_only = true;
  db::Catalogue cat(big, ro);
  using O = db::QueryFilter::Order;
  db::QueryFilter f;
  f.limit = 100;
  f.level = "hard";
  f.order = O::kRating;
  time_query(cat, "--level hard --order rating", f);
  f.min_rating = 3.5;
  f.max_rating = 4.0;
  time_query(cat, "--level hard --min-rating 3.5 --max-rating 4 --order rating", f);
  db::QueryFilter g;
  g.limit = 100;
  g.min_rating = 5.0;
  g.max_rating = 6.0;
  g.order = O::kRating;
  time_query(cat, "--min-rating 5 --max-rating 6 --order rating", g);
  db::QueryFilter t;
  t.limit = 100;
  t.level = "expert";
  t.techniques = {"x-wing", "swordfish"};
  time_query(cat, "--level expert --technique x-wing --technique swordfish", t);
  db::QueryFilter u;
  u.limit = 100;
  u.level = "diabolical";
  u.symmetry = "rot180";
  u.unused = true;
  u.order = O::kRating;
  time_query(cat, "--level diabolical --symmetry rot180 --unused --order rating", u);
  db::QueryFilter c;
  c.limit = 100;
  c.min_clues = 17;
  c.max_clues = 17;
  c.source = "bench2";
  time_query(cat, "--clues 17 --source bench2 (order id)", c);
  db::QueryFilter r;
  r.limit = 100;
  r.level = "hard";
  r.order = O::kRandom;
  time_query(cat, "--level hard --order random", r);
  r.min_rating = 3.5;
  r.max_rating = 4.0;
  time_query(cat, "--level hard --min-rating 3.5 --max-rating 4 --order random", r);
  db::QueryFilter ra;
  ra.limit = 100;
  ra.order = O::kRandom;
  time_query(cat, "--order random", ra);
  ra.min_rating = 5.0;
  ra.max_rating = 6.0;
  time_query(cat, "--min-rating 5 --max-rating 6 --order random", ra);
  ra.min_rating = 9.0;
  ra.max_rating = 9.05;
  time_query(cat, "--min-rating 9 --max-rating 9.05 --order random", ra);
  t.order = O::kRandom;
  time_query(cat, "--level expert --technique x-wing --technique swordfish --order random", t);
  u.order = O::kRandom;
  time_query(cat, "--level diabolical --symmetry rot180 --unused --order random", u);
  c.order = O::kRandom;
  time_query(cat, "--clues 17 --source bench2 --order random", c);
  return 0;
}
