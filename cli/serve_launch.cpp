// sudoforge serve, as sudoforge runs it: the HTTP layer (cpp-httplib, and through it
// libssl and libcrypto) lives in the sudoforge-serve executable, so that every other
// command starts without loading it.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "commands.h"

namespace sudoforge::cli {

int cmd_serve_launch(const Invocation& inv) {
  // Next to the running executable, in the build tree and once installed alike; never
  // looked up on PATH, so a sudoforge runs its own server.
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw IoError("cannot find the running executable: " + ec.message());
  const std::string server = (self.parent_path() / "sudoforge-serve").string();
  std::vector<char*> argv;
  std::string name = "sudoforge-serve";
  argv.push_back(name.data());
  std::vector<std::string> args = inv.args;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  // The same process (its pid, signals and exit code are the server's).
  ::execv(server.c_str(), argv.data());
  throw IoError("cannot run " + server + ": " + std::strerror(errno));
}

}  // namespace sudoforge::cli
