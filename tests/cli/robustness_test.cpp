// End-to-end robustness of the catalogue behind the CLI: a generator killed with SIGKILL
// mid-run, two writers on one file at once, filters that look like SQL, and catalogue
// files that are unusable (not writable, locked, corrupt): a clear message, exit 3, and
// the file left byte for byte as it was. Every run goes through `timeout 60`, so a hang
// shows up as exit code 124 instead of a stuck test.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>

#include "run_cli.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/db/catalogue.h"

namespace sudoforge {
namespace {

namespace fs = std::filesystem;
using testing::CliResult;
using testing::data_file;
using testing::scratch_dir;
using testing::slurp;

const std::string kBin = SUDOFORGE_BINARY;

// Like run_cli, but under `timeout 60` (exit 124 = hang).
CliResult run(const std::string& args, const std::string& input = "") {
  return testing::run_cli(args, input, 60);
}

std::string fresh_path(const std::string& name) {
  const fs::path p = scratch_dir() / name;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(p.string() + suffix);
  return p.string();
}

// Starts `sh -c 'exec COMMAND'` and returns the pid of the sudoforge process itself.
pid_t spawn(const std::string& command) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string cmd = "exec " + command;
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

int wait_exit(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// A direct SQLite connection for checking what the CLI left behind.
class Db {
 public:
  explicit Db(const std::string& path, int flags = SQLITE_OPEN_READWRITE) {
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db_, flags, nullptr), SQLITE_OK) << path;
    sqlite3_busy_timeout(db_, 5000);
  }
  ~Db() { sqlite3_close(db_); }
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  // The first column of the first row as text ("" when there is none).
  std::string scalar(const std::string& sql) {
    sqlite3_stmt* st = nullptr;
    std::string value;
    const int rc = sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr);
    EXPECT_EQ(rc, SQLITE_OK) << sql << ": " << sqlite3_errmsg(db_);
    if (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
      value = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    return value;
  }
  long long count() { return std::stoll(scalar("SELECT count(*) FROM puzzles")); }
  int exec(const std::string& sql) { return sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr); }
  sqlite3* get() { return db_; }

 private:
  sqlite3* db_ = nullptr;
};

// Every row complete and sound: givens and solution consistent, graded (generated rows),
// a canonical key; the file passes integrity_check and foreign_key_check.
void expect_sound_catalogue(const std::string& path, bool graded) {
  Db db(path);
  EXPECT_EQ(db.scalar("PRAGMA integrity_check"), "ok");
  EXPECT_EQ(db.scalar("PRAGMA foreign_key_check"), "");
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db.get(),
                               "SELECT id, givens, solution, size, rating_er, level, canonical "
                               "FROM puzzles",
                               -1, &st, nullptr),
            SQLITE_OK);
  long long rows = 0;
  while (sqlite3_step(st) == SQLITE_ROW) {
    ++rows;
    const auto text = [&](int c) {
      const auto* p = sqlite3_column_text(st, c);
      return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
    };
    const long long id = sqlite3_column_int64(st, 0);
    ASSERT_NE(sqlite3_column_type(st, 2), SQLITE_NULL) << "row " << id << ": no solution";
    const Grid givens = db::grid_from_text(text(1), sqlite3_column_int(st, 3));
    const Grid solution = db::grid_from_text(text(2), sqlite3_column_int(st, 3));
    EXPECT_TRUE(is_solution_of(givens, solution)) << "row " << id;
    if (graded) {
      EXPECT_NE(sqlite3_column_type(st, 4), SQLITE_NULL) << "row " << id << ": no rating";
      EXPECT_NE(sqlite3_column_type(st, 5), SQLITE_NULL) << "row " << id << ": no level";
    }
    EXPECT_FALSE(text(6).empty()) << "row " << id << ": no canonical key";
  }
  sqlite3_finalize(st);
  EXPECT_EQ(rows, db.count());
}

// The "added N" of a `generate --db` / `db import` summary on stderr; -1 when missing.
long long added_of(const std::string& err) {
  std::smatch m;
  if (std::regex_search(err, m, std::regex("added (\\d+)"))) return std::stoll(m[1]);
  return -1;
}

// A small graded catalogue made by `db import`.
std::string make_catalogue(const std::string& name) {
  const std::string path = fresh_path(name);
  const CliResult r = run("db import --db " + path + " " + data_file("grade_sample.txt"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return path;
}

std::string file_bytes(const std::string& path) { return slurp(path); }

TEST(CatalogueRobustness, KillDuringGenerateLeavesSoundCatalogue) {
  const std::string path = fresh_path("killed.db");
  const pid_t pid = spawn(kBin + " generate --db " + path +
                          " --count 100000 --seed 7 --quiet >/dev/null 2>/dev/null");
  ASSERT_GT(pid, 0);
  // Let it run a while and commit at least one batch (it commits every 500 puzzles or 2 s),
  // then kill it while it is in the middle of the next one.
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  for (int i = 0; i < 100; ++i) {
    if (fs::exists(path)) {
      Db probe(path, SQLITE_OPEN_READONLY);
      if (probe.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'puzzles'") == "1" &&
          probe.count() > 0) {
        break;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  EXPECT_EQ(wait_exit(pid), 128 + SIGKILL) << "the run ended before the kill";

  long long before = 0;
  {
    Db db(path);
    before = db.count();
  }
  EXPECT_GT(before, 0) << "no batch was committed before the kill";
  expect_sound_catalogue(path, true);

  // A second run adds to it without errors.
  const CliResult again = run("generate --db " + path + " --count 20 --seed 8");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err.find("error"), std::string::npos) << again.err;
  const long long added = added_of(again.err);
  EXPECT_GT(added, 0) << again.err;
  {
    Db db(path);
    EXPECT_EQ(db.count(), before + added);
  }
  expect_sound_catalogue(path, true);
}

TEST(CatalogueRobustness, TwoWritersAtOnceLoseNoRows) {
  // A fresh file: both also race to create the schema.
  const std::string path = fresh_path("two_writers.db");
  const std::string err_a = (scratch_dir() / "writer_a.err").string();
  const std::string err_b = (scratch_dir() / "writer_b.err").string();
  const std::string common = " generate --db " + path + " --count 600 ";
  const pid_t a = spawn("timeout 60 " + kBin + common + "--seed 101 >/dev/null 2>" + err_a);
  const pid_t b = spawn("timeout 60 " + kBin + common + "--seed 202 >/dev/null 2>" + err_b);
  const int code_a = wait_exit(a), code_b = wait_exit(b);
  const std::string ea = slurp(err_a), eb = slurp(err_b);
  EXPECT_EQ(code_a, 0) << ea;
  EXPECT_EQ(code_b, 0) << eb;
  EXPECT_EQ(ea.find("error"), std::string::npos) << ea;
  EXPECT_EQ(eb.find("error"), std::string::npos) << eb;
  const long long added_a = added_of(ea), added_b = added_of(eb);
  EXPECT_GT(added_a, 0) << ea;
  EXPECT_GT(added_b, 0) << eb;
  Db db(path);
  EXPECT_EQ(db.count(), added_a + added_b);
  EXPECT_EQ(db.scalar("PRAGMA integrity_check"), "ok");
}

TEST(CatalogueRobustness, FiltersAreNeverSql) {
  const std::string path = make_catalogue("inject.db");
  long long before = 0;
  {
    Db db(path);
    before = db.count();
  }
  ASSERT_GT(before, 0);
  for (const std::string filter :
       {"--source \"x' OR 1=1 --\"", "--technique \"'; DROP TABLE puzzles; --\"",
        "--level \"easy' OR '1'='1\"", "--symmetry \"none' OR 1=1 --\""}) {
    const CliResult r = run("db query --db " + path + " " + filter);
    // --symmetry, --technique and --level are checked against the known names: a usage
    // error; --source matches nothing.
    if (!filter.starts_with("--source")) {
      EXPECT_EQ(r.exit_code, 2) << filter << "\n" << r.err;
    } else {
      EXPECT_EQ(r.exit_code, 0) << filter << "\n" << r.err;
    }
    EXPECT_EQ(r.out, "") << filter;
  }
  const CliResult exported =
      run("db export --db " + path + " -o " + (scratch_dir() / "inject.csv").string() +
          " --source \"x' OR 1=1 --\"");
  EXPECT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_NE(exported.err.find(": 0 puzzles"), std::string::npos) << exported.err;
  Db db(path);
  EXPECT_EQ(db.count(), before);
  EXPECT_EQ(db.scalar("PRAGMA integrity_check"), "ok");
}

// Each write command on an unusable catalogue: exit 3 with a message naming the file.
void expect_refused(const std::string& path, const std::string& extra, const char* what) {
  const std::string sample = data_file("grade_sample.txt");
  const std::vector<std::string> commands = {
      "db init --db " + path + extra,
      "db import --db " + path + extra + " " + sample,
      "generate --db " + path + extra + " --count 3 --seed 1",
      "db query --db " + path + extra,
      "db stats --db " + path + extra,
      "db merge --db " + path + extra + " " + path,
  };
  for (const std::string& c : commands) {
    const CliResult r = run(c);
    EXPECT_EQ(r.exit_code, 3) << what << ": " << c << "\n" << r.err;
    EXPECT_NE(r.err.find(path), std::string::npos) << what << ": " << c << "\n" << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << what << ": " << c << "\n" << r.err;
  }
}

TEST(CatalogueRobustness, UnwritableCatalogueIsRefused) {
  // As root a chmod does not stop writes: a directory where the file should be does.
  const std::string dir = fresh_path("dir.db");
  fs::remove_all(dir);
  fs::create_directories(dir);
  expect_refused(dir, "", "directory");
  EXPECT_TRUE(fs::is_directory(dir));
  EXPECT_TRUE(fs::is_empty(dir));

  // A catalogue in a folder that does not exist is not created.
  const std::string missing = (scratch_dir() / "no-such-dir" / "x.db").string();
  const CliResult r = run("db init --db " + missing);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_FALSE(fs::exists(missing));

  // Reading a catalogue that does not exist: exit 3, and it is not created.
  const std::string absent = fresh_path("absent.db");
  for (const std::string c : {"db query", "db stats", "db export -o /dev/null"}) {
    const CliResult q = run(c + " --db " + absent);
    EXPECT_EQ(q.exit_code, 3) << c << "\n" << q.err;
    EXPECT_FALSE(fs::exists(absent)) << c;
  }

  if (::geteuid() != 0) {  // a write-protected file stops only non-root users
    const std::string path = make_catalogue("readonly.db");
    fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    const std::string before = file_bytes(path);
    const CliResult w = run("db import --db " + path + " " + data_file("grade_sample.txt"));
    EXPECT_EQ(w.exit_code, 3) << w.err;
    EXPECT_EQ(file_bytes(path), before);
  }
}

TEST(CatalogueRobustness, ImmutableCatalogueIsReadOnlyEvenForRoot) {
  // chmod does not stop root; the immutable attribute does (ext4 and most disk file
  // systems; not tmpfs, and not without CAP_LINUX_IMMUTABLE: then there is nothing to test).
  const std::string path = make_catalogue("immutable.db");
  {
    Db checkpoint(path);  // everything in the main file, which is what gets protected
    checkpoint.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  const std::string before = file_bytes(path);
  if (std::system(("chattr +i " + path + " 2>/dev/null").c_str()) != 0) {
    GTEST_SKIP() << "chattr +i is not available here";
  }
  struct Unprotect {  // whatever fails below, the scratch file must stay removable
    std::string path;
    ~Unprotect() { (void)std::system(("chattr -i " + path).c_str()); }
  } unprotect{path};
  const std::string sample = data_file("grade_sample.txt");
  for (const std::string& c : {"db import --db " + path + " " + sample,
                               "generate --db " + path + " --count 3 --seed 1",
                               "db merge --db " + path + " " + path}) {
    const CliResult r = run(c);
    EXPECT_EQ(r.exit_code, 3) << c << "\n" << r.err;
    EXPECT_NE(r.err.find(path), std::string::npos) << c << "\n" << r.err;
    EXPECT_NE(r.err.find("read-only"), std::string::npos) << c << "\n" << r.err;
  }
  // Reading still works, and not a byte changed.
  const CliResult q = run("db query --db " + path + " --limit 1");
  EXPECT_EQ(q.exit_code, 0) << q.err;
  EXPECT_FALSE(q.out.empty());
  EXPECT_EQ(file_bytes(path), before);
}

TEST(CatalogueRobustness, LockedCatalogueIsRefusedAfterBusyTimeout) {
  const std::string path = make_catalogue("locked.db");
  {
    Db checkpoint(path);  // fold the WAL in, so the main file holds everything
    checkpoint.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  const std::string before = file_bytes(path);
  {
    // Exclusive locking mode (no shared memory): readers are locked out as well as writers.
    Db locker(path);
    ASSERT_EQ(locker.exec("PRAGMA locking_mode=EXCLUSIVE"), SQLITE_OK);
    ASSERT_EQ(locker.exec("BEGIN EXCLUSIVE"), SQLITE_OK);
    ASSERT_EQ(locker.exec("UPDATE puzzles SET source = source WHERE id = 1"), SQLITE_OK);
    const auto start = std::chrono::steady_clock::now();
    expect_refused(path, " --busy-timeout 100", "locked");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 30) << "--busy-timeout 100 was not honoured";
    locker.exec("ROLLBACK");
  }
  EXPECT_EQ(file_bytes(path), before);
  // Unlocked again, the same file works.
  const CliResult r = run("db query --db " + path + " --limit 1");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(r.out.empty());
}

TEST(CatalogueRobustness, CorruptCatalogueIsRefusedAndLeftAlone) {
  // Garbage bytes, and a real SQLite header followed by garbage pages.
  std::string garbage(8192, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    garbage[i] = static_cast<char>((i * 2654435761u) >> 13);
  }
  std::string header_then_garbage = garbage;
  const std::string good = file_bytes(make_catalogue("template.db"));
  ASSERT_GT(good.size(), 100u);
  header_then_garbage.replace(0, 100, good.substr(0, 100));
  int n = 0;
  for (const std::string& bytes : {garbage, header_then_garbage}) {
    const std::string path = fresh_path("corrupt" + std::to_string(++n) + ".db");
    std::ofstream(path, std::ios::binary) << bytes;
    expect_refused(path, "", n == 1 ? "garbage" : "header then garbage");
    EXPECT_EQ(file_bytes(path), bytes) << "file " << n << " was changed";
    EXPECT_FALSE(fs::exists(path + "-wal")) << n;
    EXPECT_FALSE(fs::exists(path + "-journal")) << n;
  }
}

}  // namespace
}  // namespace sudoforge
