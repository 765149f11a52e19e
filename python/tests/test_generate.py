import itertools

import pytest

import sudoforge
from conftest import cli, is_solution_of


def test_generated_puzzles_are_unique_and_solved():
    puzzles = sudoforge.generate(count=5, seed=11)
    assert len(puzzles) == 5
    for i, p in enumerate(puzzles):
        assert sudoforge.count(p.givens) == 1
        assert is_solution_of(p.givens, p.solution)
        assert p.seed == 11 and p.index == i
        assert p.rating is not None and p.rating.level == p.level
        assert p.rating.er >= p.rating.ep >= p.rating.ed > 0
        assert p.techniques and p.rating.techniques == p.techniques


def test_a_seed_gives_the_same_puzzles_on_any_thread_count():
    one = [p.givens for p in sudoforge.generate(count=6, seed=3, threads=1)]
    again = [p.givens for p in sudoforge.generate(count=6, seed=3, threads=1)]
    three = [p.givens for p in sudoforge.generate(count=6, seed=3, threads=3)]
    other = [p.givens for p in sudoforge.generate(count=6, seed=4)]
    assert one == again == three
    assert one != other


def test_puzzles_are_the_cli_ones():
    lines = cli("generate", "--count", "4", "--seed", "7").split()
    givens = [p.givens for p in sudoforge.generate(count=4, seed=7)]
    assert givens == lines


def test_level_symmetry_and_size():
    for p in sudoforge.generate(count=3, level="hard", seed=5, threads=2):
        assert p.level == "hard" and 2.8 < p.rating.er <= 4.4
    for p in sudoforge.generate(count=2, seed=5, symmetry="rot180"):
        assert p.symmetry == "rot180"
        assert all((p.givens[i] == ".") == (p.givens[80 - i] == ".") for i in range(81))
    small = sudoforge.generate(count=2, seed=5, size=6)
    assert all(p.size == 6 and is_solution_of(p.givens, p.solution) for p in small)


def test_rating_band():
    for p in sudoforge.generate(count=3, seed=9, min_rating=2.0, max_rating=4.0):
        assert 2.0 <= p.rating.er <= 4.0


def test_iter_generate_is_lazy_and_matches_generate():
    # A billion puzzles would never finish: taking three must only make the first chunk.
    it = sudoforge.iter_generate(count=10**9, seed=21)
    first = [p.givens for p in itertools.islice(it, 3)]
    assert first == [p.givens for p in sudoforge.generate(count=3, seed=21)]
    assert it.seed == 21
    assert next(it).index == 3
    big = sudoforge.generate(seed=2**64 - 1)[0]  # a seed above SQLite's signed range
    assert big.seed == 2**64 - 1


def test_iter_generate_ends():
    puzzles = list(sudoforge.iter_generate(count=5, seed=2, threads=2))
    assert [p.index for p in puzzles] == [0, 1, 2, 3, 4]
    assert list(sudoforge.iter_generate(count=0)) == []


def test_seed_drawn_when_none_is_given():
    p = sudoforge.generate()[0]
    assert p.seed is not None and p.seed >= 0
    assert sudoforge.generate(seed=p.seed)[0].givens == p.givens


def test_bad_arguments_are_value_errors():
    for kwargs in (
        {"level": "impossible"},
        {"symmetry": "spiral"},
        {"size": 7},
        {"threads": 0},
        {"min_rating": 5.0, "max_rating": 4.0},
        {"level": "easy", "min_rating": 7.0},
        {"size": 6, "symmetry": "rot90"},
    ):
        with pytest.raises(ValueError):
            sudoforge.generate(**kwargs)
        with pytest.raises(ValueError):
            sudoforge.iter_generate(**kwargs)
