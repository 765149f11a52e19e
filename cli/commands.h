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
int cmd_serve(const Invocation& inv);

}  // namespace sudoforge::cli
