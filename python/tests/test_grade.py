import json

import pytest

import sudoforge
from conftest import EASY, EXTREME, MEDIUM, cli


@pytest.mark.parametrize("puzzle", [EASY, MEDIUM, EXTREME])
def test_grade_equals_the_cli_rating(puzzle):
    expected = json.loads(cli("grade", "--output", "json", stdin=puzzle + "\n"))[0]
    rating = sudoforge.grade(puzzle)
    assert (rating.er, rating.ep, rating.ed) == (
        expected["rating"],
        expected["rating_ep"],
        expected["rating_ed"],
    )
    assert rating.level == expected["level"]
    assert rating.hardest == expected["hardest"]
    assert rating.techniques == expected["techniques"]
    assert rating.complete
    assert rating.steps == []  # kept only when asked


def test_explain_steps_are_the_solution_path_in_order():
    rating = sudoforge.grade(EXTREME, explain=True)
    solution = sudoforge.solve(EXTREME)
    assert rating.steps
    grid = list(EXTREME)
    for step in rating.steps:
        assert step.technique and step.explanation
        assert step.placements or step.eliminations
        for cell, value in step.placements:
            assert grid[cell] == "."  # placed once, after the steps before it
            assert str(value) == solution[cell]
            grid[cell] = str(value)
        for cell, value in step.eliminations:
            assert str(value) != solution[cell]
    assert "".join(grid) == solution
    assert max(s.rating for s in rating.steps) == rating.er
    assert rating.steps[0].rating == rating.ed
    assert rating.steps[0].technique == rating.techniques[0]


def test_grading_needs_exactly_one_solution():
    with pytest.raises(ValueError, match="not unique"):
        sudoforge.grade("." * 81)
    with pytest.raises(ValueError, match="no solution"):
        sudoforge.grade("12345678." + "........9" + "." * 63)
    with pytest.raises(ValueError, match="conflicting"):
        sudoforge.grade("1.1" + "." * 78)
    with pytest.raises(ValueError):
        sudoforge.grade("not a puzzle")
