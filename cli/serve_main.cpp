// sudoforge-serve: `sudoforge serve` (cmd_serve.cpp) as an executable of its own, which
// sudoforge runs for that command (serve_launch.cpp); its arguments are those after
// "serve".
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return sudoforge::cli::run_command({"serve", std::vector<std::string>(argv + 1, argv + argc)},
                                     sudoforge::cli::cmd_serve);
}
