#pragma once
// `sudoforge serve` as a child process on an ephemeral loopback port, for the tests that
// talk to it over HTTP (serve_test.cpp) or through a browser (serve_web_test.cpp).
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>

#include "run_cli.h"

namespace sudoforge::testing {

// `sudoforge serve --listen 127.0.0.1:0 ARGS` as a child process, its stderr in a file.
class ServeProcess {
 public:
  explicit ServeProcess(const std::string& args) {
    static int counter = 0;
    log_ = (scratch_dir() / ("serve" + std::to_string(++counter) + ".log")).string();
    // The port is read from this log: no earlier text may be in it when the child starts.
    std::filesystem::remove(log_);
    const std::string cmd = std::string("exec ") + SUDOFORGE_BINARY +
                            " serve --listen 127.0.0.1:0 " + args + " 2>" + log_ + " >/dev/null";
    pid_ = ::fork();
    if (pid_ == 0) {
      ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    const std::regex listening("listening on http://127\\.0\\.0\\.1:([0-9]+)");
    for (int i = 0; i < 3000 && port_ == 0; ++i) {
      std::smatch m;
      const std::string text = slurp(log_);
      if (std::regex_search(text, m, listening))
        port_ = std::stoi(m[1]);
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  ~ServeProcess() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  int port() const { return port_; }
  void signal(int sig) { ::kill(pid_, sig); }
  // The exit code, or 128 + the signal that ended it.
  int wait() {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    reaped_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  std::string log() const { return slurp(log_); }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60, 0);
    c.set_tcp_nodelay(true);
    return c;
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  bool reaped_ = false;
  std::string log_;
};

}  // namespace sudoforge::testing
