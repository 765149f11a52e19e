import os

import pytest

import sudoforge
from conftest import EASY, MEDIUM, cli


def test_round_trip(tmp_path):
    path = tmp_path / "c.db"
    made = sudoforge.generate(count=4, seed=8)
    with sudoforge.Catalogue(path) as catalogue:
        stored = catalogue.add(made)
        assert (stored.added, stored.duplicates) == (4, 0)
        again = catalogue.add(made[0])
        assert (again.added, again.duplicates) == (0, 1)
        texts = catalogue.add([EASY, MEDIUM])
        assert texts.added == 2
    assert catalogue.closed

    back = sudoforge.Catalogue(str(path), read_only=True).query()
    assert [p.givens for p in back] == [p.givens for p in made] + [EASY, MEDIUM]
    for original, read in zip(made, back):
        assert read.solution == original.solution
        assert read.rating.er == original.rating.er
        assert read.level == original.level
        assert sorted(read.techniques) == sorted(original.techniques)
        assert read.seed == 8 and read.index == original.index
        assert read.id is not None
    assert back[-1].rating.er == sudoforge.grade(MEDIUM).er


def test_query_filters(tmp_path):
    catalogue = sudoforge.Catalogue(tmp_path / "c.db")
    catalogue.add(sudoforge.generate(count=6, seed=1) + [EASY, MEDIUM])
    assert len(catalogue.query(limit=3)) == 3
    medium = catalogue.query(level="medium")
    assert medium and all(p.level == "medium" for p in medium)
    assert catalogue.count(level="medium") == len(medium)
    band = catalogue.query(min_rating=1.5, max_rating=3.0)
    assert all(1.5 <= p.rating.er <= 3.0 for p in band)
    pointing = catalogue.query(technique="Pointing")
    assert pointing and all("Pointing" in p.techniques for p in pointing)
    assert catalogue.get(medium[0].id).givens == medium[0].givens
    assert catalogue.get(10**9) is None
    with pytest.raises(ValueError):
        catalogue.query(level="impossible")


def test_the_cli_reads_what_python_stored(tmp_path):
    path = tmp_path / "c.db"
    with sudoforge.Catalogue(path) as catalogue:
        catalogue.add(sudoforge.generate(count=3, seed=4))
    listed = cli("db", "query", "--db", str(path), "--output", "line").split("\n")
    assert [line.split()[0] for line in listed if line] == [
        p.givens for p in sudoforge.generate(count=3, seed=4)
    ]


def test_errors(tmp_path):
    with pytest.raises(sudoforge.CatalogueError) as error:
        sudoforge.Catalogue(tmp_path / "missing" / "c.db")
    assert isinstance(error.value, OSError)
    assert error.value.category == "io"

    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is no database" * 100)
    with pytest.raises(sudoforge.CatalogueError) as error:
        sudoforge.Catalogue(junk).query()
    assert error.value.category == "corrupt"

    catalogue = sudoforge.Catalogue(tmp_path / "c.db")
    with pytest.raises(ValueError):
        catalogue.add(["." * 81])  # not unique: nothing is stored
    with pytest.raises(TypeError):
        catalogue.add([42])
    assert catalogue.count() == 0
    catalogue.close()
    with pytest.raises(ValueError, match="closed"):
        catalogue.query()
