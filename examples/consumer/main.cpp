// Counts the solutions of a puzzle, generates one puzzle from a seed and grades it on the
// Sudoku Explainer scale, through the installed sudoforge library.
#include <iostream>

#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/version.h"
#include "sudoforge/generator/generator.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

int main() {
  using namespace sudoforge;
  std::cout << "sudoforge " << version() << '\n';

  const Grid puzzle =
      parse_one("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
          .grid;
  std::cout << "solutions: " << count_solutions(puzzle, 2) << '\n';

  Generator generator(GeneratorOptions{});
  const auto generated = generator.generate(/*seed=*/42, /*index=*/0);
  const Grid& made = generated->puzzle;
  std::cout << "generated: " << to_line(made, default_style(made.geometry())) << '\n';

  const grader::Rating rating = grader::Grader().rate(made);
  std::cout << "grade: ER " << rating.er << ", EP " << rating.ep << ", ED " << rating.ed << ", "
            << grader::level_name(rating.level) << " (" << rating.hardest << ")\n";
}
