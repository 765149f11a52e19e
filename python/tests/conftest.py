"""Shared helpers of the Python module's tests (run by ctest with PYTHONPATH set to the
build's python/ folder and SUDOFORGE_* variables naming the build)."""

import os
import subprocess

import pytest

# Puzzles with one solution each (9x9), used across the tests.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# top1465's first puzzle: rated 9.0 (dynamic forcing chains).
EXTREME = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def units(n):
    """Rows, columns and boxes of an n x n board, as lists of cell indices."""
    box_rows = {4: 2, 6: 2, 9: 3, 12: 3, 16: 4, 25: 5}[n]
    box_cols = n // box_rows
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = []
    for br in range(0, n, box_rows):
        for bc in range(0, n, box_cols):
            boxes.append([(br + r) * n + bc + c for r in range(box_rows) for c in range(box_cols)])
    return rows + cols + boxes


def is_solution_of(puzzle, solution):
    """True when `solution` fills every cell, keeps the puzzle's givens and holds every
    symbol once in each row, column and box: written here, independent of the solver."""
    n = int(round(len(puzzle) ** 0.5))
    if len(solution) != n * n or n * n != len(puzzle):
        return False
    if any(p not in ".0" and p.upper() != s.upper() for p, s in zip(puzzle, solution)):
        return False
    if any(s in ".0" for s in solution):
        return False
    return all(len({solution[c] for c in unit}) == n for unit in units(n))


def cli(*args, stdin=None):
    """Runs the sudoforge binary of this build; returns its stdout."""
    binary = os.environ.get("SUDOFORGE_BINARY")
    if not binary:
        pytest.skip("SUDOFORGE_BINARY is not set (run through ctest)")
    done = subprocess.run([binary, *args], input=stdin, capture_output=True, text=True, check=True)
    return done.stdout
