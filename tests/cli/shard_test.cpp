// Sharded generation and resume (README, "Many machines"): shards of a run generated with
// scripts/shard-generate under GNU parallel and folded with `db merge` hold what one run
// holds; a run killed at any point and resumed with `generate --db --resume` holds what
// an uninterrupted run holds; the Slurm script runs the same shard script.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iomanip>
#include <map>
#include <sstream>
#include <thread>

#include "run_cli.h"
#include "sudoforge/db/catalogue.h"

namespace sudoforge {
namespace {

using testing::run_cli;
using testing::run_shell;
using testing::scratch_dir;

const std::string kBinary = SUDOFORGE_BINARY;
// The repository's scripts folder (the test data lives in tests/data).
const std::string kScripts =
    std::filesystem::canonical(std::string(SUDOFORGE_TEST_DATA) + "/../../scripts").string();

std::string fresh_dir(const std::string& name) {
  const auto dir = scratch_dir() / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

// A catalogue's puzzles by canonical key, each with everything stored about it but the
// row id, the insertion time and the random sampling key.
std::map<std::string, std::string> rows_of(const std::string& path) {
  db::OpenOptions ro;
  ro.read_only = true;
  db::Catalogue cat(path, ro);
  db::QueryFilter all;
  all.with_techniques = true;
  std::map<std::string, std::string> rows;
  cat.query(all, [&](const db::PuzzleRecord& r) {
    std::ostringstream s;
    s << std::setprecision(17) << db::grid_to_text(r.givens) << ' '
      << (r.solution ? db::grid_to_text(*r.solution) : "-") << ' ' << r.symmetry << ' '
      << (r.minimal ? int{*r.minimal} : -1) << ' ' << r.rating_er.value_or(-1) << ' '
      << r.rating_ep.value_or(-1) << ' ' << r.rating_ed.value_or(-1) << ' ' << r.level.value_or("-")
      << ' ' << r.hardest.value_or("-") << ' ' << r.source << ' ' << r.seed.value_or(-1) << ' '
      << r.gen_index.value_or(-1) << " [" << r.gen_options.value_or("-") << "]";
    for (const auto& t : r.techniques) s << ' ' << t;
    rows[r.canonical] = s.str();
    return true;
  });
  return rows;
}

long long count_rows(const std::string& path) {
  db::OpenOptions ro;
  ro.read_only = true;
  db::Catalogue cat(path, ro);
  return cat.count({});
}

// The catalogue of one uninterrupted run: `generate --db PATH OPTIONS`.
std::map<std::string, std::string> one_run(const std::string& name, const std::string& options) {
  const std::string path = (scratch_dir() / name).string();
  std::filesystem::remove(path);
  const auto r = run_cli("generate --db " + path + " --quiet " + options);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return rows_of(path);
}

bool have_gnu_parallel() {
  return std::system("parallel --version 2>/dev/null | grep -q 'GNU parallel'") == 0;
}

TEST(Resume, NeedsDbAndSeed) {
  const auto no_db = run_cli("generate --resume --seed 1 -n 2");
  EXPECT_EQ(no_db.exit_code, 2);
  EXPECT_NE(no_db.err.find("--resume needs --db"), std::string::npos) << no_db.err;
  const std::string db = (scratch_dir() / "resume_noseed.db").string();
  const auto no_seed = run_cli("generate --resume --db " + db + " -n 2");
  EXPECT_EQ(no_seed.exit_code, 2);
  EXPECT_NE(no_seed.err.find("--resume needs the --seed"), std::string::npos) << no_seed.err;
}

// Stored pieces of the run anywhere in its range (not only a prefix): --resume generates
// exactly the rest, and the catalogue is the one run's; a second resume has nothing to do.
TEST(Resume, FillsTheGapsOfARun) {
  const std::string options = "--seed 11 --symmetry rot180 -n 60";
  const auto reference = one_run("gaps_ref.db", options);
  ASSERT_EQ(reference.size(), 60u);
  const std::string db = (scratch_dir() / "gaps.db").string();
  ASSERT_EQ(
      run_cli("generate --db " + db + " --seed 11 --symmetry rot180 --start 10 -n 7").exit_code, 0);
  ASSERT_EQ(
      run_cli("generate --db " + db + " --seed 11 --symmetry rot180 --start 52 -n 8").exit_code, 0);
  const auto r = run_cli("generate --db " + db + " --resume " + options + " -o line");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("holds 15 of the 60 puzzles of this run; generating the other 45"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("added 45, duplicates 0"), std::string::npos) << r.err;
  EXPECT_EQ(testing::lines_of(r.out).size(), 45u);  // stdout: the puzzles generated now
  EXPECT_EQ(rows_of(db), reference);
  const auto again = run_cli("generate --db " + db + " --resume " + options);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("generating the other 0"), std::string::npos) << again.err;
  EXPECT_EQ(rows_of(db), reference);
}

// Puzzle i depends on the options too: a run with other options is not this run.
TEST(Resume, OtherOptionsAreAnotherRun) {
  const std::string db = (scratch_dir() / "other_options.db").string();
  ASSERT_EQ(run_cli("generate --db " + db + " --seed 5 -n 10 --symmetry mirror").exit_code, 0);
  const auto r = run_cli("generate --db " + db + " --resume --seed 5 -n 10");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("holds 0 of the 10"), std::string::npos) << r.err;
  EXPECT_EQ(count_rows(db), 20);
  const auto same = run_cli("generate --db " + db + " --resume --seed 5 -n 10 --size 3x3");
  EXPECT_NE(same.err.find("holds 10 of the 10"), std::string::npos) << same.err;
}

// A run killed after its first commit, by SIGTERM (it commits what it has) or SIGKILL (it
// loses the batch in flight), and resumed, holds what the uninterrupted run holds.
TEST(Resume, KilledRunResumesToTheUninterruptedCatalogue) {
  const std::string options = "--seed 99 -n 3000 --threads 2";
  const auto reference = one_run("killed_ref.db", options);
  ASSERT_EQ(reference.size(), 3000u);
  for (const int sig : {SIGTERM, SIGKILL}) {
    const std::string db = (scratch_dir() / ("killed" + std::to_string(sig) + ".db")).string();
    std::filesystem::remove(db);
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      const std::string cmd =
          "exec " + kBinary + " generate --db " + db + " --quiet " + options + " >/dev/null 2>&1";
      execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    // Kill it once a first batch is committed (or leave it be if it finished first).
    int status = 0;
    bool exited = false;
    for (int polls = 0; polls < 6000 && !exited; ++polls) {
      exited = waitpid(pid, &status, WNOHANG) == pid;
      if (exited) break;
      long long rows = 0;
      try {
        rows = count_rows(db);
      } catch (const std::exception&) {  // not created or not migrated yet
      }
      if (rows > 0) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!exited) {
      kill(pid, sig);
      ASSERT_EQ(waitpid(pid, &status, 0), pid);
    }
    const long long before = count_rows(db);
    if (sig == SIGTERM && WIFEXITED(status) && WEXITSTATUS(status) == 130) {
      EXPECT_LT(before, 3000);
    }
    const auto r = run_cli("generate --db " + db + " --resume " + options);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("holds " + std::to_string(before) + " of the 3000"), std::string::npos)
        << r.err;
    EXPECT_EQ(rows_of(db), reference) << "signal " << sig << ", " << before << " rows before";
  }
}

// A level run cut short by --time-limit and resumed: the index of a delivered puzzle is
// its index in the run (the first candidate of index i that is of the level), so the
// resumed run is the uninterrupted one here too.
TEST(Resume, LevelRunCutByTimeLimitResumes) {
  const std::string options = "--seed 3 -n 300 --level hard";
  const auto reference = one_run("level_ref.db", options);
  ASSERT_EQ(reference.size(), 300u);
  const std::string db = (scratch_dir() / "level_cut.db").string();
  std::filesystem::remove(db);
  const auto cut = run_cli("generate --db " + db + " --quiet --time-limit 0.3 " + options);
  ASSERT_EQ(cut.exit_code, 0) << cut.err;
  const auto r = run_cli("generate --db " + db + " --resume --quiet " + options);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(rows_of(db), reference);
}

// The GNU parallel recipe of the README, locally: four shards, merged, against one run;
// plain 9x9 and a level run.
TEST(Shards, ParallelRecipeEqualsOneRun) {
  if (!have_gnu_parallel()) GTEST_SKIP() << "GNU parallel is not installed";
  struct Case {
    std::string options;
    int shard_size;
  };
  for (const Case& c : {Case{"", 50}, Case{"--level medium", 4}}) {
    const std::string dir = fresh_dir("parallel" + std::to_string(c.shard_size));
    const auto shards = run_shell("cd " + dir + " && SUDOFORGE=" + kBinary + " parallel -j 4 " +
                                  kScripts + "/shard-generate {} " + std::to_string(c.shard_size) +
                                  " 42 shards --quiet " + c.options + " ::: 0 1 2 3");
    ASSERT_EQ(shards.exit_code, 0) << shards.err;
    const auto merge = run_shell("cd " + dir + " && SUDOFORGE=" + kBinary + " " + kScripts +
                                 "/shard-generate --merge shards all.db");
    ASSERT_EQ(merge.exit_code, 0) << merge.err;
    EXPECT_NE(merge.out.find("shards/shard-3.db: added " + std::to_string(c.shard_size)),
              std::string::npos)
        << merge.out;
    const auto reference =
        one_run("parallel_ref" + std::to_string(c.shard_size) + ".db",
                "--seed 42 -n " + std::to_string(4 * c.shard_size) + " " + c.options);
    EXPECT_EQ(reference.size(), 4u * c.shard_size);
    EXPECT_EQ(rows_of(dir + "/all.db"), reference) << c.options;
  }
}

TEST(Shards, ShardScriptUsageErrorsExitTwo) {
  const std::string script = "SUDOFORGE=" + kBinary + " " + kScripts + "/shard-generate";
  for (const std::string args :
       {"", "1 2 3", "x 10 42 d", "1 -5 42 d", "1 10 4.2 d", "99999999999 99999999999 42 d",
        "--merge onlyone", "--merge /nonexistent/dir out.db"}) {
    const auto r = run_shell(script + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_FALSE(r.err.empty()) << args;
  }
  // sudoforge's own usage errors come through.
  const auto bad = run_shell(script + " 0 10 42 " + fresh_dir("shard_bad") + " --level nope");
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
}

// The Slurm script cannot run here without Slurm, but it parses, and one array task run
// by hand (the variables Slurm would set) writes its shard: the run's puzzles 40..59.
TEST(Shards, SlurmScriptRunsOneShard) {
  const std::string sbatch = kScripts + "/slurm-generate.sbatch";
  EXPECT_EQ(run_shell("bash -n " + sbatch).exit_code, 0);
  EXPECT_EQ(run_shell("bash -n " + kScripts + "/shard-generate").exit_code, 0);
  const std::string dir = fresh_dir("slurm");
  const std::string env = "cd " + dir + " && SUDOFORGE=" + kBinary +
                          " SLURM_SUBMIT_DIR=" + kScripts + "/.. SLURM_CPUS_PER_TASK=2 ";
  const auto no_task = run_shell(env + "bash " + sbatch + " 20 42 shards");
  EXPECT_NE(no_task.exit_code, 0);
  EXPECT_NE(no_task.err.find("not an array task"), std::string::npos) << no_task.err;
  const auto r = run_shell(env + "SLURM_ARRAY_TASK_ID=2 bash " + sbatch + " 20 42 shards --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(rows_of(dir + "/shards/shard-2.db"),
            one_run("slurm_ref.db", "--seed 42 --start 40 -n 20"));
}

}  // namespace
}  // namespace sudoforge
