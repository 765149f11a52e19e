#pragma once
// One function per subcommand, each in its own cmd_*.cpp. Each returns an exit code and
// may throw UsageError (exit 2) or IoError (exit 3); main() handles both.
#include "cli_common.h"

namespace sudoforge::cli {

int cmd_solve(const Invocation& inv);
int cmd_bench(const Invocation& inv);
int cmd_generate(const Invocation& inv);
int cmd_testset(const Invocation& inv);
int cmd_grade(const Invocation& inv);
int cmd_db(const Invocation& inv);
int cmd_canon(const Invocation& inv);
int cmd_book(const Invocation& inv);
int cmd_render(const Invocation& inv);
// In sudoforge-serve, the executable that links the HTTP layer (and with it libssl), so
// that only `sudoforge serve` pays for loading it.
int cmd_serve(const Invocation& inv);
// In sudoforge: replaces the process with sudoforge-serve (found next to the running
// executable) with the same arguments; returns only when it cannot (IoError).
int cmd_serve_launch(const Invocation& inv);

}  // namespace sudoforge::cli
