// The progress line of long runs: generate, grade and testset draw the same one on stderr
// ("sudoforge CMD: DONE/TOTAL puzzles, RATE/s, ETA M:SS") when stderr is a terminal, and
// nothing when it is not. The terminal is a pseudo-terminal from script(1).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <regex>
#include <string>

#include "run_cli.h"

namespace sudoforge {
namespace {

using testing::data_file;
using testing::run_cli;

// Runs `args` with stderr on a pseudo-terminal (stdout to /dev/null), with `env` ("NAME=VALUE
// ...") set; returns what the terminal showed, or nullopt when script(1) is not installed.
std::optional<std::string> on_a_terminal(const std::string& args, const std::string& env = "") {
  if (std::system("command -v script >/dev/null 2>&1") != 0) return std::nullopt;
  const std::string stdin_from = args.find('<') == std::string::npos ? " </dev/null" : "";
  const std::string inner = (env.empty() ? "" : "env " + env + " ") +
                            std::string(SUDOFORGE_BINARY) + " " + args + stdin_from + " >/dev/null";
  const std::string cmd = "script -qec '" + inner + "' /dev/null 2>&1";
  std::FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return std::nullopt;
  std::string shown;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) shown.append(buf, n);
  ::pclose(pipe);
  return shown;
}

TEST(CliProgress, GenerateGradeAndTestsetShareOneLine) {
  const std::string sample = data_file("grade_sample.txt");
  const struct {
    std::string args, command, total;
  } runs[] = {
      {"generate --count 3 --seed 4", "generate", "3"},
      {"grade " + sample + " " + sample, "grade", "80"},
      {"testset --count 4 --seed 2 --levels easy", "testset", "4"},
  };
  for (const auto& run : runs) {
    const auto shown = on_a_terminal(run.args);
    if (!shown) GTEST_SKIP() << "script(1) is not installed";
    const std::regex line("sudoforge " + run.command + ": " + run.total + "/" + run.total +
                          " puzzles, [0-9]+\\.[0-9]/s, ETA [0-9]+:[0-9][0-9]");
    EXPECT_TRUE(std::regex_search(*shown, line)) << run.args << "\n" << *shown;
    // Not a terminal: no progress line at all.
    const auto piped = run_cli(run.args);
    EXPECT_EQ(piped.err.find('\r'), std::string::npos) << run.args << "\n" << piped.err;
    EXPECT_EQ(piped.err.find('\033'), std::string::npos) << run.args << "\n" << piped.err;
    EXPECT_EQ(piped.out.find('\033'), std::string::npos) << run.args;
  }
}

// NO_COLOR (https://no-color.org) set and not empty: the progress line is still drawn on a
// terminal, erased with spaces instead of the ANSI erase-line sequence; an empty NO_COLOR
// is as if unset.
TEST(CliProgress, NoColorDrawsWithoutEscapeSequences) {
  const std::string args = "grade " + data_file("grade_sample.txt");
  const std::regex line("sudoforge grade: 40/40 puzzles, [0-9]+\\.[0-9]/s");
  const auto decorated = on_a_terminal(args, "NO_COLOR=");
  if (!decorated) GTEST_SKIP() << "script(1) is not installed";
  EXPECT_TRUE(std::regex_search(*decorated, line)) << *decorated;
  EXPECT_NE(decorated->find("\033[K"), std::string::npos) << *decorated;

  const auto plain = on_a_terminal(args, "NO_COLOR=1");
  ASSERT_TRUE(plain);
  EXPECT_TRUE(std::regex_search(*plain, line)) << *plain;
  EXPECT_NE(plain->find('\r'), std::string::npos) << *plain;
  EXPECT_EQ(plain->find('\033'), std::string::npos) << *plain;
}

// Read from a pipe the total is not known: the count and rate only.
TEST(CliProgress, UnknownTotalShowsCountAndRate) {
  const auto shown = on_a_terminal("grade - < " + data_file("grade_sample.txt"));
  if (!shown) GTEST_SKIP() << "script(1) is not installed";
  EXPECT_TRUE(
      std::regex_search(*shown, std::regex("sudoforge grade: 40 puzzles, [0-9]+\\.[0-9]/s")))
      << *shown;
}

}  // namespace
}  // namespace sudoforge
