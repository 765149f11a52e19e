// End-to-end tests of `sudoforge db` and the catalogue options every reading command
// shares: level and technique spellings, --seed, read-only folders, book files and
// merges, export formats, import of missing files, per-subcommand help and errors, JSON.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "run_cli.h"
#include "sudoforge/db/catalogue.h"

namespace sudoforge {
namespace {

using testing::CliResult;
using testing::data_file;
using testing::lines_of;
using testing::run_cli;
using testing::scratch_dir;
using testing::slurp;

std::string fresh_path(const std::string& name) {
  const std::string p = (scratch_dir() / name).string();
  for (const char* s : {"", "-wal", "-shm", ".part"}) std::filesystem::remove(p + s);
  return p;
}

// A fresh catalogue holding the 40 puzzles of grade_sample.txt.
std::string fresh_catalogue(const std::string& name) {
  const std::string db = fresh_path(name);
  const CliResult r = run_cli("db import --db " + db + " " + data_file("grade_sample.txt"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return db;
}

std::size_t rows(const CliResult& r) {
  return lines_of(r.out).size();
}

nlohmann::json stats_of(const std::string& db) {
  const CliResult r = run_cli("db stats --db " + db + " -o json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

// A technique the sample uses, respelled: lower case, spaces for hyphens.
std::string respelled(std::string name) {
  for (char& c : name)
    c = c == '-' ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

TEST(CliDb, TechniquesMatchInAnySpellingAndUnknownOnesAreRejected) {
  const std::string db = fresh_catalogue("tech.db");
  const nlohmann::json stats = stats_of(db);
  ASSERT_FALSE(stats["by_technique"].empty());
  int checked = 0;
  for (const auto& [name, count] : stats["by_technique"].items()) {
    const CliResult exact = run_cli("db query --db " + db + " --technique '" + name + "'");
    const CliResult loose =
        run_cli("db query --db " + db + " --technique '" + respelled(name) + "'");
    EXPECT_EQ(exact.exit_code, 0) << exact.err;
    EXPECT_EQ(loose.exit_code, 0) << loose.err;
    EXPECT_EQ(rows(exact), count.get<std::size_t>()) << name;
    EXPECT_EQ(rows(loose), rows(exact)) << respelled(name);
    ++checked;
  }
  EXPECT_GT(checked, 2);
  for (const std::string& cmd :
       {"db query --db " + db, "db export -o " + fresh_path("t.txt") + " --db " + db,
        "book --count 1 --dry-run --db " + db}) {
    const CliResult bad = run_cli(cmd + " --technique 'x-wang'");
    EXPECT_EQ(bad.exit_code, 2) << cmd << "\n" << bad.err;
    EXPECT_NE(bad.err.find("x-wang"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find("X-Wing"), std::string::npos) << "lists the known names\n" << bad.err;
  }
}

TEST(CliDb, LevelsAreCaseInsensitiveAndUnknownOnesRejectedEverywhere) {
  const std::string db = fresh_catalogue("level.db");
  const nlohmann::json stats = stats_of(db);
  std::string level;
  for (const auto& [name, count] : stats["by_level"].items()) {
    if (name != "ungraded") level = name;
  }
  ASSERT_FALSE(level.empty());
  std::string upper = level;
  upper[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(upper[0])));
  const CliResult lower = run_cli("db query --db " + db + " --level " + level);
  const CliResult capital = run_cli("db query --db " + db + " --level " + upper);
  EXPECT_EQ(capital.exit_code, 0) << capital.err;
  EXPECT_GT(rows(lower), 0u);
  EXPECT_EQ(rows(capital), rows(lower));
  for (const std::string& cmd :
       {"db query --db " + db, "db export -o " + fresh_path("l.txt") + " --db " + db,
        "book --count 1 -o " + fresh_path("l.pdf") + " --db " + db,
        "testset --count 1 --db " + db}) {
    const CliResult bad = run_cli(cmd + " --level foo");
    EXPECT_EQ(bad.exit_code, 2) << cmd << "\n" << bad.err;
    EXPECT_NE(bad.err.find("--level 'foo'"), std::string::npos) << bad.err;
  }
  const CliResult q = run_cli("db query --db " + db + " --level foo");
  EXPECT_NE(q.err.find("sudoforge db query: "), std::string::npos) << "names the subcommand\n"
                                                                   << q.err;
  EXPECT_NE(q.err.find("sudoforge db query --help"), std::string::npos) << q.err;
}

TEST(CliDb, ASeedRepeatsARandomDraw) {
  const std::string db = fresh_catalogue("seed.db");
  const std::string q = "db query --db " + db + " --order random --limit 5 --seed ";
  const CliResult a = run_cli(q + "7"), b = run_cli(q + "7"), c = run_cli(q + "8");
  EXPECT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(rows(a), 5u);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
}

// Runs the binary with `args` as the user nobody (setpriv), the shell's redirections made
// as us; nullopt when that is not possible (not root, no setpriv).
std::optional<CliResult> run_as_nobody(const std::string& args) {
  if (::geteuid() != 0 || std::system("command -v setpriv >/dev/null 2>&1") != 0)
    return std::nullopt;
  const std::string out = fresh_path("nobody.out"), err = fresh_path("nobody.err");
  const std::string cmd = std::string("setpriv --reuid=65534 --regid=65534 --clear-groups ") +
                          SUDOFORGE_BINARY + " " + args + " </dev/null >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

// No -wal or -shm file next to `db`.
void expect_no_side_files(const std::string& db, const std::string& what) {
  EXPECT_FALSE(std::filesystem::exists(db + "-wal")) << what;
  EXPECT_FALSE(std::filesystem::exists(db + "-shm")) << what;
}

// The reading commands as a user who may not write the folder (chmod 555), and as one who
// may write the folder but not the file (someone else's catalogue): they read it, and
// leave no -wal/-shm behind (files that would belong to the reader).
TEST(CliDb, ReadingCommandsWorkWhereTheyMayNotWrite) {
  if (!run_as_nobody("--version")) GTEST_SKIP() << "needs root and setpriv to act as nobody";
  const auto dir = scratch_dir() / "ro";
  std::filesystem::create_directories(dir);
  ::chmod(dir.c_str(), 0755);
  const std::string db = (dir / "cat.db").string();
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db + s);
  ASSERT_EQ(run_cli("db import --db " + db + " " + data_file("grade_sample.txt")).exit_code, 0);
  expect_no_side_files(db, "after import");
  const std::string svg = fresh_path("ro.svg");
  ::chmod(scratch_dir().c_str(), 0777);  // nobody writes the image there
  const std::vector<std::string> reads = {
      "db query --db " + db + " --limit 3", "db stats --db " + db,
      "db export --db " + db + " -o " + fresh_path("ro.csv"),
      "testset --db " + db + " --count 3 --seed 1", "render --db " + db + " --id 1 -o " + svg};
  for (mode_t mode : {mode_t{0555}, mode_t{0777}}) {
    ::chmod(dir.c_str(), mode);
    for (const std::string& cmd : reads) {
      const auto r = run_as_nobody(cmd);
      ASSERT_TRUE(r);
      EXPECT_EQ(r->exit_code, 0) << "folder " << std::oct << mode << ": " << cmd << "\n" << r->err;
      EXPECT_FALSE(r->out.empty() && cmd.rfind("db query", 0) == 0) << cmd;
      expect_no_side_files(db, cmd);
    }
  }
  ::chmod(dir.c_str(), 0755);
  ::chmod(scratch_dir().c_str(), 0755);
  // A writer still writes afterwards (no file of nobody's is in its way).
  EXPECT_EQ(run_cli("db import --db " + db + " " + data_file("grade_sample.txt")).exit_code, 0);
}

TEST(CliDb, BookRefusesToOverwriteAnEarlierBooksFileUnlessForced) {
  const std::string db = fresh_catalogue("overwrite.db");
  const std::string pdf = fresh_path("hard1.pdf");
  ASSERT_EQ(run_cli("book --db " + db + " --count 2 --title One -o " + pdf).exit_code, 0);
  const std::string first = slurp(pdf);
  const CliResult again = run_cli("book --db " + db + " --count 2 --title Two -o " + pdf);
  EXPECT_EQ(again.exit_code, 2) << again.err;
  EXPECT_NE(again.err.find("--force"), std::string::npos) << again.err;
  EXPECT_EQ(slurp(pdf), first);
  {
    db::Catalogue cat(db);
    EXPECT_EQ(cat.books().size(), 1u);
  }
  const CliResult forced = run_cli("book --db " + db + " --count 2 --title Two --force -o " + pdf);
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(slurp(pdf), first);
  db::Catalogue cat(db);
  const auto books = cat.books();
  ASSERT_EQ(books.size(), 2u);
  EXPECT_FALSE(books[0].file) << "the first book's file was overwritten";
  EXPECT_EQ(books[1].file, pdf);
}

// Two volumes of one title (made in the same second here) stay two books through a merge,
// so the second volume's puzzles stay used.
TEST(CliDb, MergeKeepsBooksOfTheSameTitleApart) {
  const std::string a = fresh_catalogue("vol_a.db"), b = fresh_path("vol_b.db");
  ASSERT_EQ(run_cli("book --db " + a + " --count 3 --title Hard --subtitle 'Volume 1' -o " +
                    fresh_path("v1.pdf"))
                .exit_code,
            0);
  ASSERT_EQ(run_cli("book --db " + a + " --count 3 --title Hard --subtitle 'Volume 2' -o " +
                    fresh_path("v2.pdf"))
                .exit_code,
            0);
  { db::Catalogue(a).connection().exec("UPDATE books SET created = '2024-05-01T12:00:00Z'"); }
  const CliResult m = run_cli("db merge --db " + b + " " + a);
  EXPECT_EQ(m.exit_code, 0) << m.err;
  EXPECT_NE(m.out.find("books 2"), std::string::npos) << m.out;
  EXPECT_EQ(rows(run_cli("db query --db " + b + " --unused")), 34u);
  const CliResult again = run_cli("db merge --db " + b + " " + a);
  EXPECT_NE(again.out.find("books 0"), std::string::npos) << again.out;
  db::Catalogue cat(b);
  const auto books = cat.books();
  ASSERT_EQ(books.size(), 2u);
  EXPECT_EQ(books[0].subtitle, "Volume 1");
  EXPECT_EQ(books[1].subtitle, "Volume 2");
}

TEST(CliDb, MergingAFileIntoItselfIsRefusedAtOnce) {
  const std::string db = fresh_catalogue("self.db");
  const std::string link = fresh_path("self-link.db");
  std::filesystem::create_hard_link(db, link);
  for (const std::string& other : {db, link}) {
    const CliResult r = run_cli("db merge --busy-timeout 60000 --db " + db + " " + other, "", 30);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("into itself"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("sudoforge db merge: "), std::string::npos) << r.err;
  }
  std::filesystem::remove(link);
}

TEST(CliDb, ExportFormatsAndFailures) {
  const std::string db = fresh_catalogue("export.db");
  const std::string grid = fresh_path("x.grid");
  ASSERT_EQ(run_cli("db export --db " + db + " --limit 2 -o " + grid).exit_code, 0);
  EXPECT_GE(lines_of(slurp(grid)).size(), 18u) << "grid layout, 9 lines a puzzle\n" << slurp(grid);
  const CliResult xml = run_cli("db export --db " + db + " --as xml -o " + fresh_path("x.xml"));
  EXPECT_EQ(xml.exit_code, 2);
  EXPECT_NE(xml.err.find("--as 'xml'"), std::string::npos) << xml.err;
  EXPECT_EQ(xml.err.find("--output"), std::string::npos) << xml.err;
  // A stored grid broken behind the catalogue's back: the export fails half-way (exit 3)
  // and leaves neither the file nor FILE.part.
  { db::Catalogue(db).connection().exec("UPDATE puzzles SET givens = 'xx' WHERE id = 5"); }
  const std::string out = fresh_path("broken.txt");
  const CliResult broken = run_cli("db export --db " + db + " -o " + out);
  EXPECT_EQ(broken.exit_code, 3) << broken.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_FALSE(std::filesystem::exists(out + ".part"));
}

TEST(CliDb, JsonCarriesEveryStoredField) {
  const std::string db = fresh_catalogue("json.db");
  const CliResult r = run_cli("db query --db " + db + " --limit 3 -o json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto array = nlohmann::json::parse(r.out);
  ASSERT_EQ(array.size(), 3u) << r.out;
  for (const auto& j : array) {
    for (const char* key : {"techniques", "seed", "minimal", "created"}) {
      EXPECT_TRUE(j.contains(key)) << key << " in " << j.dump();
    }
    EXPECT_TRUE(j["techniques"].is_array());
    EXPECT_FALSE(j["techniques"].empty()) << j.dump();
  }
  const nlohmann::json stats = stats_of(db);
  EXPECT_EQ(stats["puzzles"], 40);
  EXPECT_EQ(stats["by_size"]["9"], 40);
}

TEST(CliDb, ImportOfMissingFilesCreatesNoCatalogue) {
  const std::string db = fresh_path("never.db");
  const CliResult r = run_cli("db import --db " + db + " /nonexistent/puzzles.txt");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("/nonexistent/puzzles.txt"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(db));
}

TEST(CliDb, EachSubcommandHasItsOwnExamplesAndABareDbMeansTheDefault) {
  const CliResult query = run_cli("db query --help"), merge = run_cli("db merge --help");
  EXPECT_NE(query.out.find("sudoforge db query --"), std::string::npos) << query.out;
  EXPECT_EQ(query.out.find("sudoforge db merge other.db"), std::string::npos) << query.out;
  EXPECT_NE(merge.out.find("sudoforge db merge "), std::string::npos) << merge.out;
  EXPECT_EQ(merge.out.find("sudoforge db query"), std::string::npos) << merge.out;
  for (const char* sub : {"init", "import", "query", "stats", "export", "merge"}) {
    const CliResult h = run_cli(std::string("db ") + sub + " --help");
    EXPECT_EQ(h.exit_code, 0);
    EXPECT_NE(h.out.find(std::string("sudoforge db ") + sub), std::string::npos) << sub << "\n"
                                                                                 << h.out;
  }
  const std::string db = fresh_catalogue("bare.db");
  ::setenv("SUDOFORGE_DB", db.c_str(), 1);
  const CliResult bare = run_cli("db query --db --limit 2");
  ::unsetenv("SUDOFORGE_DB");
  EXPECT_EQ(bare.exit_code, 0) << bare.err;
  EXPECT_EQ(rows(bare), 2u) << bare.out << bare.err;
}

// The puzzles of a catalogue matching `filters`, as their lines.
std::set<std::string> puzzles_of(const std::string& db, const std::string& filters = "") {
  const CliResult r = run_cli("db query --db " + db + " " + filters);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  return {lines.begin(), lines.end()};
}

// db import --level / --min-rating / --max-rating store exactly the puzzles the same
// target keeps in generate (workflow::accepts): here, those an unfiltered import rates so.
TEST(CliDb, ImportFilterStoresOnlyTheTargetsPuzzles) {
  const std::string all = fresh_catalogue("import_all.db");
  const std::set<std::string> hard = puzzles_of(all, "--level hard");
  const std::set<std::string> band = puzzles_of(all, "--min-rating 2 --max-rating 4");
  const std::size_t total = puzzles_of(all).size();
  ASSERT_FALSE(hard.empty());
  ASSERT_FALSE(band.empty());

  const std::string db = fresh_path("import_hard.db");
  const CliResult r =
      run_cli("db import --level Hard --db " + db + " " + data_file("grade_sample.txt"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(puzzles_of(db), hard);
  EXPECT_NE(r.err.find("added " + std::to_string(hard.size()) + ", duplicates 0, invalid 0, skipped " +
                       std::to_string(total - hard.size()) + " (not level hard)"),
            std::string::npos)
      << r.err;

  const std::string db2 = fresh_path("import_band.db");
  const CliResult r2 = run_cli("db import --min-rating 2 --max-rating 4 --db " + db2 + " " +
                               data_file("grade_sample.txt"));
  EXPECT_EQ(r2.exit_code, 0) << r2.err;
  EXPECT_EQ(puzzles_of(db2), band);
  EXPECT_NE(r2.err.find("skipped " + std::to_string(total - band.size())), std::string::npos)
      << r2.err;
}

TEST(CliDb, ImportFilterCountsBadRecordsApartAndRejectsImpossibleTargets) {
  const std::string easy = "...4.6.......8....7.9.325...315.8.7.5.....9..9..6.4..2.4.8...97..........1...34..";
  const std::string db = fresh_path("import_mixed.db");
  const CliResult r = run_cli("db import --level diabolical --db " + db + " -",
                              easy + "\n11" + easy.substr(2) + "\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the bad record, not the skipped one
  EXPECT_NE(r.err.find("-:2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("added 0, duplicates 0, invalid 1, skipped 1 (not level diabolical)"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(puzzles_of(db).empty());

  const std::string none = fresh_path("import_none.db");
  for (const std::string bad : {"--level impossible", "--min-rating 5 --max-rating 4",
                                "--max-rating 0.5", "--level easy --min-rating 8"}) {
    const CliResult u = run_cli("db import " + bad + " --db " + none + " -", easy + "\n");
    EXPECT_EQ(u.exit_code, 2) << bad << ": " << u.err;
    EXPECT_FALSE(std::filesystem::exists(none)) << bad;
  }
  const CliResult help = run_cli("db import --help");
  EXPECT_NE(help.out.find("sudoforge db import --level hard"), std::string::npos) << help.out;
}

}  // namespace
}  // namespace sudoforge
