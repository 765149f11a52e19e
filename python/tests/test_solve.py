import pytest

import sudoforge
from conftest import EASY, EXTREME, is_solution_of


def test_solve_returns_a_valid_solution():
    for puzzle in (EASY, EXTREME):
        solution = sudoforge.solve(puzzle)
        assert is_solution_of(puzzle, solution)


def test_validator_rejects_a_broken_solution():
    solution = sudoforge.solve(EASY)
    swapped = solution[1] + solution[0] + solution[2:]
    assert not is_solution_of(EASY, swapped)


def test_solve_reads_other_sizes_and_layouts():
    four = "1...\n..3.\n.4..\n...2\n"  # grid layout, 4x4
    solution = sudoforge.solve(four)
    assert is_solution_of(four.replace("\n", ""), solution)


def test_solve_without_solution_is_none():
    # Consistent givens, yet r1c9 can hold nothing: 1-8 in its row, 9 in its column.
    puzzle = "12345678." + "........9" + "." * 63
    assert sudoforge.solve(puzzle) is None
    assert sudoforge.count(puzzle) == 0


def test_count_stops_at_the_limit():
    assert sudoforge.count(EASY) == 1
    assert sudoforge.count("." * 81) == 2
    assert sudoforge.count("." * 81, limit=1000) == 1000


def test_bad_puzzles_are_value_errors():
    with pytest.raises(ValueError):
        sudoforge.solve("123")
    with pytest.raises(ValueError, match="conflicting"):
        sudoforge.solve("11" + "." * 79)
    with pytest.raises(ValueError):
        sudoforge.count(EASY, limit=0)
    with pytest.raises(TypeError):
        sudoforge.solve(None)
