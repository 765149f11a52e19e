"""sudoforge: generate, solve, grade and catalogue Sudoku puzzles.

The functions run sudoforge's C++ library (the same generator, grader and catalogue as the
``sudoforge`` command): puzzle ``i`` of a seed is the puzzle ``sudoforge generate --seed``
prints as number ``i``, and ratings are the Sudoku Explainer ratings ``sudoforge grade``
prints. Long calls release the GIL and stop on Ctrl-C.

    import sudoforge
    p = sudoforge.generate(count=1, level="hard", seed=7)[0]
    print(p.givens, p.rating.er, p.level, sudoforge.count(p.givens))
"""

from ._sudoforge import (
    AddResult,
    Catalogue,
    CatalogueError,
    Puzzle,
    PuzzleIterator,
    Rating,
    Step,
    __version__,
    count,
    generate,
    grade,
    iter_generate,
    solve,
)

__all__ = [
    "AddResult",
    "Catalogue",
    "CatalogueError",
    "Puzzle",
    "PuzzleIterator",
    "Rating",
    "Step",
    "__version__",
    "count",
    "generate",
    "grade",
    "iter_generate",
    "solve",
]
