// sudoforge: generate, solve, grade and catalogue Sudoku puzzles.
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"

namespace {

using sudoforge::cli::Invocation;

struct CommandInfo {
  const char* name;
  int (*run)(const Invocation&);
  const char* summary;
};

const std::vector<CommandInfo>& commands() {
  static const std::vector<CommandInfo> list = {
      {"solve", sudoforge::cli::cmd_solve, "solve puzzles, count solutions, target score"},
      {"generate", sudoforge::cli::cmd_generate, "generate unique minimal puzzles"},
      {"grade", sudoforge::cli::cmd_grade, "rate puzzles on the Sudoku Explainer scale"},
      {"db", sudoforge::cli::cmd_db, "catalogue: init, import, query, stats, export, merge"},
      {"book", sudoforge::cli::cmd_book, "print-ready PDF puzzle book with answers"},
      {"render", sudoforge::cli::cmd_render, "one puzzle as SVG, PNG or PDF"},
      {"serve", sudoforge::cli::cmd_serve_launch, "HTTP JSON API over the catalogue"},
      {"testset", sudoforge::cli::cmd_testset, "solver test sets with expected answers"},
      {"canon", sudoforge::cli::cmd_canon, "canonical (minlex) form of puzzles"},
      {"bench", sudoforge::cli::cmd_bench, "measure solver speed on puzzle files"},
  };
  return list;
}

void print_help(std::ostream& out) {
  out << "usage: sudoforge COMMAND [OPTIONS] [FILE...]\n\n"
         "sudoforge generates Sudoku puzzles, solves them and grades how hard they are.\n\n"
         "commands:\n";
  for (const auto& c : commands()) {
    out << "  " << c.name << std::string(12 - std::string(c.name).size(), ' ') << c.summary
        << '\n';
  }
  out << "\nRun 'sudoforge COMMAND --help' for the options of one command and\n"
         "'sudoforge --version' for the version.\n"
         "example:\n  echo "
         "'..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'"
         " | sudoforge solve\n"
         "exit codes: 0 ok, 1 some records failed, 2 usage error, 3 catalogue/IO error\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2) {
    print_help(std::cerr);
    return sudoforge::cli::kUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_help(std::cout);
    return 0;
  }
  if (name == "--version") {
    sudoforge::cli::print_version();
    return 0;
  }
  for (const auto& c : commands()) {
    if (name != c.name) continue;
    return sudoforge::cli::run_command(
        Invocation{name, std::vector<std::string>(argv + 2, argv + argc)}, c.run);
  }
  std::cerr << "sudoforge: unknown command '" << name << "'\n\n";
  print_help(std::cerr);
  return sudoforge::cli::kUsage;
}
