// Stop requests: --time-limit, SIGINT and SIGTERM end every long computation, including
// one search or one grading in progress, and the commands report it (exit 130 for a
// signal). The 25x25 puzzle needs seconds of counting and grading, so a request after a
// fraction of a second arrives in the middle of that work; a command that ignored it
// would be killed after the grace period (exit code 137).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_cli.h"

namespace sudoforge::testing {
namespace {

std::string puzzle_25x25() {
  return data_file("solver/generated_25x25.txt");
}

TEST(StopRequests, GradeTimeLimitEndsAGradingInProgress) {
  const CliResult r = run_cli("grade --time-limit 0.5 " + puzzle_25x25(), "", 60);
  EXPECT_NE(r.exit_code, 124) << "ran past its time limit";
  EXPECT_NE(r.exit_code, 137) << "ran past its time limit";
  EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(StopRequests, GradeEndsOnSigtermWithExit130) {
  // 2 s: on a loaded machine a signal in the first half second can come before the
  // handler is installed (the default action ends the run with 130 and no message).
  const CliResult r = run_cli_signalled("grade " + puzzle_25x25(), "TERM", 2);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
}

TEST(StopRequests, SolveEndsOnSigintInsideOneSearch) {
  // Dancing links would take hours on this puzzle: the stop must come from inside it.
  const CliResult r = run_cli_signalled("solve --engine linked " + puzzle_25x25(), "INT", 2);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(StopRequests, GenerateToTheCatalogueEndsOnSigtermAndKeepsItUsable) {
  const auto db = scratch_dir() / "stop25.db";
  std::filesystem::remove(db);
  const CliResult r = run_cli_signalled(
      "generate --size 25 -n 1 --seed 7 --check-nodes 100000 --db " + db.string(), "TERM", 1);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
  const CliResult stats = run_cli("db stats --db " + db.string());
  EXPECT_EQ(stats.exit_code, 0) << stats.err;
}

TEST(StopRequests, DbImportEndsOnSigintWithExit130) {
  const auto db = scratch_dir() / "stop_import.db";
  std::filesystem::remove(db);
  const CliResult r =
      run_cli_signalled("db import --db " + db.string() + " " + puzzle_25x25(), "INT", 2);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  const CliResult stats = run_cli("db stats --db " + db.string());
  EXPECT_EQ(stats.exit_code, 0) << stats.err;
}

}  // namespace
}  // namespace sudoforge::testing
