// End-to-end bad input for every command that reads puzzles (solve, grade, canon,
// db import, bench, render): empty and blank input, CRLF, a byte-order mark, NUL bytes, a
// 10^6-character line, wrong sizes, repeated givens, unsolvable and non-unique puzzles,
// missing files, unwritable outputs and absurd numbers. Each gets a clear message, the
// documented exit code (0 ok, 1 some records failed, 2 usage, 3 IO), no crash and no hang
// (every run goes through `timeout 60`: exit 124 = hang); the good records around a bad
// one are still processed. Also: the runs that could go on for ever stop at their bound.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "run_cli.h"
#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/validate.h"

namespace sudoforge {
namespace {

using testing::lines_of;
namespace fs = std::filesystem;
using testing::CliResult;
using testing::data_file;
using testing::scratch_dir;
using testing::slurp;

// Like run_cli, but under `timeout 60`; also checks that it neither hung nor crashed.
CliResult run(const std::string& args, const std::string& input = "") {
  CliResult r = testing::run_cli(args, input, 60);
  EXPECT_NE(r.exit_code, 124) << "hung: " << args;
  EXPECT_LT(r.exit_code, 128) << "crashed: " << args << "\n" << r.err.substr(0, 2000);
  return r;
}

std::string write_file(const std::string& name, const std::string& bytes) {
  const std::string path = (scratch_dir() / name).string();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// Two easy unique puzzles (from grade_sample.txt) and bad records of every kind.
const std::string kGood1 =
    "...4.6.......8....7.9.325...315.8.7.5.....9..9..6.4..2.4.8...97..........1...34..";
const std::string kGood2 =
    "..3..6.8...6...1..789..2..62.1..8..48...4.....642...5.3...17.6..1....8.....82..3.";
const std::string kRepeated = "11" + std::string(79, '.');
// r1c9 can only be 9, but column 9 has a 9 already: no solution, no conflicting givens.
const std::string kUnsolvable = "12345678." + std::string("........9") + std::string(63, '.');
const std::string kNonUnique = std::string(81, '.');

Grid grid_of(const std::string& text) {
  const Geometry g = Geometry::for_size(9);
  const Alphabet a = Alphabet::standard(9);
  Grid grid(g);
  if (text.size() != 81) return grid;
  for (int i = 0; i < 81; ++i) {
    const int v = a.value(text[static_cast<std::size_t>(i)]);
    grid.set(i, v < 0 ? 0 : v);
  }
  return grid;
}

// The commands that read a stream of records, and how to tell that a good record was
// handled. `input` is stdin; the command reads it as '-'.
struct Reader {
  const char* name;
  std::string args;
  // How many good records the run reports as handled.
  std::function<int(const CliResult&)> handled;
};

int count_lines_starting(const std::string& out, const std::function<bool(const std::string&)>& ok) {
  int n = 0;
  for (const std::string& l : lines_of(out)) n += ok(l) ? 1 : 0;
  return n;
}

std::vector<Reader> readers() {
  static int db_counter = 0;
  std::vector<Reader> list;
  list.push_back({"solve", "solve -", [](const CliResult& r) {
                    return count_lines_starting(r.out, [](const std::string& l) {
                      return l.size() == 81 && (is_solution_of(grid_of(kGood1), grid_of(l)) ||
                                                is_solution_of(grid_of(kGood2), grid_of(l)));
                    });
                  }});
  list.push_back({"grade", "grade -", [](const CliResult& r) {
                    return count_lines_starting(r.out, [](const std::string& l) {
                      return l.starts_with(kGood1 + " ") || l.starts_with(kGood2 + " ");
                    });
                  }});
  list.push_back({"grade --threads 2", "grade --threads 2 -", [](const CliResult& r) {
                    return count_lines_starting(r.out, [](const std::string& l) {
                      return l.starts_with(kGood1 + " ") || l.starts_with(kGood2 + " ");
                    });
                  }});
  list.push_back({"canon", "canon -", [](const CliResult& r) {
                    return count_lines_starting(r.out, [](const std::string& l) {
                      return l.size() == 81 && grid_of(l).clue_count() > 0;
                    });
                  }});
  const std::string db = (scratch_dir() / ("bad_import" + std::to_string(++db_counter) + ".db")).string();
  list.push_back({"db import", "db import --db " + db + " -", [db](const CliResult& r) {
                    // Each case starts from a fresh file; "added N" is how many were stored.
                    const auto at = r.err.find("added ");
                    const int added = at == std::string::npos ? -1 : std::atoi(r.err.c_str() + at + 6);
                    fs::remove(db);
                    fs::remove(db + "-wal");
                    fs::remove(db + "-shm");
                    return added;
                  }});
  return list;
}

struct Case {
  const char* name;
  std::string input;
  int good;            // good records in the input
  int exit_code;       // expected
  const char* where;   // expected FILE:LINE prefix on stderr, "" for none
};

std::vector<Case> cases() {
  const std::string nul_line = kGood1.substr(0, 10) + std::string(1, '\0') + kGood1.substr(11);
  std::string long_line(1000000, '.');
  for (std::size_t i = 0; i < long_line.size(); i += 7) long_line[i] = static_cast<char>('1' + i % 9);
  return {
      {"empty", "", 0, 0, ""},
      {"whitespace only", "  \n\t\n   \n\n", 0, 0, ""},
      {"CRLF", kGood1 + "\r\n" + kGood2 + "\r\n", 2, 0, ""},
      {"byte-order mark", "\xEF\xBB\xBF" + kGood1 + "\n" + kGood2 + "\n", 2, 0, ""},
      {"NUL byte", kGood1 + "\n" + nul_line + "\n" + kGood2 + "\n", 2, 1, "-:2: "},
      {"10^6-character line", kGood1 + "\n" + long_line + "\n" + kGood2 + "\n", 2, 1, "-:2: "},
      {"80 cells", kGood1 + "\n" + kGood2.substr(0, 80) + "\n" + kGood2 + "\n", 2, 1, "-:2: "},
      {"82 cells", kGood1 + "\n" + kGood2 + "1\n" + kGood2 + "\n", 2, 1, "-:2: "},
      {"repeated givens", kGood1 + "\n" + kRepeated + "\n" + kGood2 + "\n", 2, 1, "-:2: "},
      {"unsolvable", kGood1 + "\n" + kUnsolvable + "\n" + kGood2 + "\n", 2, 1, "-:2: "},
  };
}

TEST(BadInput, EveryReaderHandlesEveryBadRecord) {
  for (const Reader& reader : readers()) {
    for (const Case& c : cases()) {
      // canon does not solve: an unsolvable puzzle without conflicts has a canonical form.
      const bool canon_unsolvable = std::string(reader.name) == "canon" && std::string(c.name) == "unsolvable";
      const CliResult r = run(reader.args, c.input);
      const std::string what = std::string(reader.name) + " / " + c.name;
      EXPECT_EQ(r.exit_code, canon_unsolvable ? 0 : c.exit_code) << what << "\n" << r.err.substr(0, 2000);
      EXPECT_EQ(reader.handled(r), c.good + (canon_unsolvable ? 1 : 0)) << what << "\n" << r.out.substr(0, 2000);
      if (*c.where && !canon_unsolvable) {
        EXPECT_NE(r.err.find(c.where), std::string::npos) << what << "\n" << r.err.substr(0, 2000);
      }
      EXPECT_LT(r.err.size(), 2000u) << what << ": the message should be short";
    }
  }
}

TEST(BadInput, NonUniquePuzzles) {
  const std::string input = kGood1 + "\n" + kNonUnique + "\n" + kGood2 + "\n";
  // grade and db import need a unique puzzle: a record error.
  for (const std::string& cmd : std::vector<std::string>{"grade -", "db import --db " + (scratch_dir() / "nonunique.db").string() + " -"}) {
    const CliResult r = run(cmd, input);
    EXPECT_EQ(r.exit_code, 1) << cmd << "\n" << r.err;
    EXPECT_NE(r.err.find("-:2: "), std::string::npos) << cmd << "\n" << r.err;
    EXPECT_NE(r.err.find("unique"), std::string::npos) << cmd << "\n" << r.err;
  }
  // A plain solve prints the first solution with a warning that names the record.
  const CliResult s = run("solve -", input);
  EXPECT_EQ(s.exit_code, 0) << s.err;
  EXPECT_EQ(lines_of(s.out).size(), 3u) << s.out;
  EXPECT_NE(s.err.find("-:2: warning: "), std::string::npos) << s.err;
  // solve --count reports 2 (capped) for it and 1 for the others.
  const CliResult c = run("solve --count -", input);
  EXPECT_EQ(lines_of(c.out).size(), 3u) << c.out << c.err;
  EXPECT_NE(c.out.find('2'), std::string::npos) << c.out;
}

TEST(BadInput, MissingFilesAreIoErrors) {
  const std::string missing = (scratch_dir() / "no-such-file.txt").string();
  const std::string good = write_file("good.txt", kGood1 + "\n");
  for (const std::string& cmd : std::vector<std::string>{"solve", "grade", "canon", "db import --db " +
                                     (scratch_dir() / "missing.db").string(), "bench"}) {
    const CliResult r = run(cmd + " " + missing + " " + good);
    EXPECT_EQ(r.exit_code, 3) << cmd << "\n" << r.err;
    EXPECT_NE(r.err.find(missing), std::string::npos) << cmd << "\n" << r.err;
    if (cmd == "solve" || cmd == "grade" || cmd == "canon") {
      EXPECT_EQ(lines_of(r.out).size(), 1u) << cmd << ": the readable file is still processed\n" << r.out;
    }
  }
  const CliResult r = run("render " + missing + " -o " + (scratch_dir() / "x.svg").string());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find(missing), std::string::npos) << r.err;

  // A directory where a file is expected: an I/O error naming it, not an internal error.
  const std::string dir = scratch_dir().string();
  for (const std::string& cmd : std::vector<std::string>{
           "solve", "grade", "canon", "bench",
           "db import --db " + (scratch_dir() / "dir_input.db").string()}) {
    const CliResult d = run(cmd + " " + dir + " " + good);
    EXPECT_EQ(d.exit_code, 3) << cmd << "\n" << d.err;
    EXPECT_NE(d.err.find(dir + ": "), std::string::npos) << cmd << "\n" << d.err;
    EXPECT_EQ(d.err.find("internal error"), std::string::npos) << cmd << "\n" << d.err;
    if (cmd == "solve" || cmd == "grade" || cmd == "canon") {
      EXPECT_EQ(lines_of(d.out).size(), 1u) << cmd << ": the readable file is still processed\n" << d.out;
    }
  }
  const CliResult rd = run("render " + dir + " -o " + (scratch_dir() / "x.svg").string());
  EXPECT_EQ(rd.exit_code, 3) << rd.err;
  // stdin redirected from a directory: a read error too, for every reader of stdin.
  // (run_cli supplies its own stdin, so the shell is called directly here.)
  const std::string err_file = (scratch_dir() / "stdin_dir.err").string();
  for (const std::string& cmd : std::vector<std::string>{
           "solve", "grade", "canon", "render -o " + (scratch_dir() / "y.svg").string() + " -"}) {
    const int status = std::system((std::string(SUDOFORGE_BINARY) + " " + cmd + " <" + dir +
                                    " >/dev/null 2>" + err_file)
                                       .c_str());
    ASSERT_TRUE(WIFEXITED(status)) << cmd;
    EXPECT_EQ(WEXITSTATUS(status), 3) << cmd;
    std::ifstream in(err_file);
    const std::string err((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(err.find("read error"), std::string::npos) << cmd << "\n" << err;
  }
}

TEST(BadInput, BenchAndRenderBadRecords) {
  const std::string mixed = write_file(
      "bench_mixed.txt", kGood1 + "\n" + kRepeated + "\n" + std::string(1000000, '7') + "\n" +
                             kGood2.substr(0, 80) + "\n" + kGood2 + "\n");
  const CliResult b = run("bench " + mixed);
  EXPECT_EQ(b.exit_code, 1) << b.err;
  // Line 2 (conflicting givens) is read fine and counted in the not_unique column.
  EXPECT_NE(b.err.find(mixed + ":3: "), std::string::npos) << b.err;
  EXPECT_NE(b.err.find(mixed + ":4: "), std::string::npos) << b.err;
  EXPECT_FALSE(b.out.empty()) << "the good puzzles are still measured";

  const CliResult empty = run("bench " + write_file("bench_empty.txt", ""));
  EXPECT_LT(empty.exit_code, 2) << empty.err;

  const std::string svg = (scratch_dir() / "r.svg").string();
  struct RenderCase {
    std::string input;
    int exit_code;
  };
  for (const RenderCase& c : std::vector<RenderCase>{
           {"", 1}, {"  \n \n", 1}, {kGood1 + "\r\n", 0}, {"\xEF\xBB\xBF" + kGood1 + "\n", 0},
           {kGood1.substr(0, 5) + std::string(1, '\0') + kGood1.substr(6) + "\n", 1},
           {std::string(1000000, '3') + "\n", 1}, {kGood1.substr(0, 80) + "\n", 1},
           {kRepeated + "\n", 1}}) {
    fs::remove(svg);
    const CliResult r = run("render - -o " + svg, c.input);
    EXPECT_EQ(r.exit_code, c.exit_code) << c.input.substr(0, 100) << "\n" << r.err;
    EXPECT_EQ(fs::exists(svg), c.exit_code == 0) << c.input.substr(0, 100);
    if (c.exit_code != 0) {
      EXPECT_FALSE(r.err.empty());
    }
  }
  // --solution needs a unique puzzle.
  for (const std::string& p : {kUnsolvable, kNonUnique}) {
    const CliResult r = run("render - --solution -o " + svg, p + "\n");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("solution"), std::string::npos) << r.err;
  }
}

TEST(BadInput, UnwritableOutputsAreIoErrors) {
  const std::string db = (scratch_dir() / "unwritable.db").string();
  ASSERT_EQ(run("db import --db " + db + " " + data_file("grade_sample.txt")).exit_code, 0);
  for (const std::string& cmd : std::vector<std::string>
       {"db export --db " + db + " -o /nonexistent/dir/x.csv",
        "book --db " + db + " --count 2 -o /nonexistent/x.pdf",
        "render - -o /nonexistent/x.png", "render --db " + db + " --id 1 -o /nonexistent/x.png"}) {
    const CliResult r = run(cmd, kGood1 + "\n");
    EXPECT_EQ(r.exit_code, 3) << cmd << "\n" << r.err;
    EXPECT_NE(r.err.find("/nonexistent/"), std::string::npos) << cmd << "\n" << r.err;
  }
  // A failed book records nothing: the same puzzles are still unused.
  const CliResult q = run("db query --db " + db + " --unused --output csv");
  EXPECT_EQ(lines_of(q.out).size(), 41u) << q.out;
}

TEST(BadInput, AbsurdNumbersAreUsageErrors) {
  const std::string db = (scratch_dir() / "absurd.db").string();
  ASSERT_EQ(run("db import --db " + db + " " + data_file("grade_sample.txt")).exit_code, 0);
  const std::string in = kGood1 + "\n";
  for (const std::string& args : std::vector<std::string>
       {"generate --count 10000000000", "generate --count -1", "generate --count 0",
        "generate --threads 100000", "generate --threads 0", "generate --time-limit -1",
        "generate --time-limit nan", "generate --count 1e3",
        "grade --threads 100000", "grade --threads -1", "grade --time-limit 0",
        "db import --threads 100000 --db " + db, "db import --batch 0 --db " + db,
        "db query --limit -1 --db " + db, "db query --limit 99999999999999999999 --db " + db,
        "db query --clues 30-20 --db " + db, "db query --size 1000000 --db " + db,
        "db query --busy-timeout -5 --db " + db,
        "generate --count 1 --seed 1 --busy-timeout -5 --db " + db,
        "book --per-page 5 --count 2 --dry-run --db " + db,
        "book --count 10000000000 --dry-run --db " + db, "book --count -1 --dry-run --db " + db,
        "solve --limit -1 -", "solve --limit 0 -", "solve --all --limit 99999999999999999999 -",
        "bench --max -1 -", "testset --count 10000000000",
        "render - --cell 1e308 -o /dev/null"}) {
    const CliResult r = run(args, in);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("--help"), std::string::npos) << args << "\n" << r.err;
  }
}

TEST(BoundedWork, SolveAllStopsAtTheLimit) {
  const std::string empty = std::string(81, '.') + "\n";
  const CliResult c = run("solve --count --limit 1000000 -", empty);
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_NE(c.out.find("1000000"), std::string::npos) << c.out;
  const CliResult all = run("solve --all --limit 1000000 -", empty);
  EXPECT_EQ(all.exit_code, 0) << all.err;
  std::size_t lines = 0;
  for (char ch : all.out) lines += ch == '\n';
  // 10^6 solutions, each a line of 81 digits (maybe with a separator line per puzzle).
  EXPECT_GE(lines, 1000000u);
  EXPECT_LE(lines, 1000002u);
}

TEST(BoundedWork, TimeLimitsEndRunsWithWhatIsFinished) {
  // Many copies of hard puzzles: far more than a second of grading.
  std::string hard;
  const std::string top = slurp(data_file("grader/top1465_300.txt"));
  for (int i = 0; i < 20; ++i) hard += top;
  const std::string file = write_file("hard_many.txt", hard);
  auto start = std::chrono::steady_clock::now();
  const CliResult g = run("grade --time-limit 1 " + file);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 10) << "grade --time-limit 1 ran " << seconds << " s";
  const auto graded = lines_of(g.out);
  EXPECT_LT(graded.size(), lines_of(hard).size()) << "the limit did not stop it";
  // The unfinished records are a failure the user must see: the first one named (one
  // record a line, so the line after the last one graded), exit 1.
  EXPECT_EQ(g.exit_code, 1) << g.err;
  EXPECT_NE(g.err.find(file + ":" + std::to_string(graded.size() + 1) +
                       ": not finished within the time limit"),
            std::string::npos)
      << g.err;
  EXPECT_TRUE(g.out.empty() || g.out.back() == '\n');
  for (const std::string& l : graded) {
    EXPECT_GE(l.size(), 81u + 8) << "incomplete line: " << l;
    EXPECT_EQ(lines_of(hard)[0].size() >= 81 ? l[81] : ' ', ' ') << l;
  }

  start = std::chrono::steady_clock::now();
  const CliResult gen = run("generate --time-limit 1 --count 1000000000 --seed 5");
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(gen.exit_code, 0) << gen.err;
  EXPECT_LT(seconds, 10) << "generate --time-limit 1 ran " << seconds << " s";
  const auto puzzles = lines_of(gen.out);
  EXPECT_GT(puzzles.size(), 0u);
  EXPECT_TRUE(gen.out.empty() || gen.out.back() == '\n');
  for (const std::string& p : puzzles) ASSERT_EQ(p.size(), 81u) << "incomplete line: " << p;
}

// An input without a single record is no bad record (exit 0), but the user is told, the
// same way by every reader of puzzles; a file of only bad records is not "empty".
TEST(BadInput, EmptyInputSaysNoPuzzlesRead) {
  const std::string empty = write_file("nothing.txt", "# a comment only\n\n");
  for (const std::string cmd : {"solve", "grade", "canon", "bench"}) {
    for (const std::string& input : {std::string(""), std::string("  \n# x\n")}) {
      const CliResult r = cmd == "bench" ? run("bench " + empty) : run(cmd + " -", input);
      EXPECT_EQ(r.exit_code, 0) << cmd << "\n" << r.err;
      EXPECT_NE(r.err.find("no puzzles read"), std::string::npos) << cmd << "\n" << r.err;
    }
    const CliResult bad = run(cmd + " " + write_file("only_bad.txt", "123\n"));
    EXPECT_EQ(bad.exit_code, 1) << cmd << "\n" << bad.err;
    EXPECT_EQ(bad.err.find("no puzzles read"), std::string::npos) << cmd << "\n" << bad.err;
  }
  // db import too: nothing to store is no error either.
  const std::string db = (testing::scratch_dir() / "empty_import.db").string();
  const CliResult r = run("db import --db " + db + " -", "");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("no puzzles read"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace sudoforge
