#pragma once
// Runs the built sudoforge binary as a user would: arguments through a shell, optional
// stdin text, stdout/stderr/exit code captured. For end-to-end tests of the CLI contract.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace sudoforge::testing {

struct CliResult {
  int exit_code = -1;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A fresh scratch directory per test process, removed when the process exits. Fresh
// even when a directory of that name is left over: pids are reused, and a directory left
// by an earlier process (one that crashed, or from before the cleanup at exit) would hand
// this one its files, such as a server log announcing another server's port.
inline std::filesystem::path scratch_dir() {
  struct Dir {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("sudoforge-test-" + std::to_string(::getpid()));
    Dir() {
      std::filesystem::remove_all(path);
      std::filesystem::create_directories(path);
    }
    ~Dir() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Dir dir;
  return dir.path;
}

// `command` is passed to /bin/sh verbatim (quote as needed). `input` becomes stdin. With
// `timeout_seconds` the run is wrapped in timeout(1): exit code 124 then means it hung.
inline CliResult run_shell(const std::string& command, const std::string& input = "",
                           int timeout_seconds = 0) {
  static int counter = 0;
  const auto base = scratch_dir() / ("run" + std::to_string(++counter));
  const std::string in = base.string() + ".in", out = base.string() + ".out",
                    err = base.string() + ".err";
  std::ofstream(in, std::ios::binary) << input;
  const std::string prefix =
      timeout_seconds > 0 ? "timeout " + std::to_string(timeout_seconds) + " " : "";
  const std::string cmd = prefix + command + " <" + in + " >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(in);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

// Runs the sudoforge binary with `args`, as run_shell runs a command.
inline CliResult run_cli(const std::string& args, const std::string& input = "",
                         int timeout_seconds = 0) {
  return run_shell(std::string(SUDOFORGE_BINARY) + " " + args, input, timeout_seconds);
}

// Runs like run_cli, and sends `signal` ("INT", "TERM") after `after_seconds`; a run still
// alive `grace_seconds` later is killed (exit code 137: it ignored the request). The exit
// code is the program's own otherwise (timeout --preserve-status).
inline CliResult run_cli_signalled(const std::string& args, const std::string& signal,
                                   double after_seconds, int grace_seconds = 30) {
  return run_shell("timeout --preserve-status -k " + std::to_string(grace_seconds) + " -s " +
                   signal + " " + std::to_string(after_seconds) + " " + SUDOFORGE_BINARY + " " +
                   args);
}

// The lines of a command's output, without their '\n'.
// The fields of a CSV line without quotes (sudoforge quotes none of its own fields).
inline std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',')
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The stdout lines of a run that must succeed; another exit code is a test failure that
// shows stderr.
inline std::vector<std::string> ok_lines(const std::string& args) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.exit_code, 0) << args << ": " << r.err;
  return lines_of(r.out);
}

// The argument lists among `runs` whose exit code is not `code` (empty when all are).
inline std::vector<std::string> exits_other_than(int code, const std::vector<std::string>& runs) {
  std::vector<std::string> others;
  for (const std::string& args : runs) {
    if (run_cli(args).exit_code != code) others.push_back(args);
  }
  return others;
}

inline std::string data_file(const std::string& name) {
  return std::string(SUDOFORGE_TEST_DATA) + "/" + name;
}

}  // namespace sudoforge::testing
