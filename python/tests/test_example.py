import json
import os
import subprocess
import sys

from conftest import is_solution_of

EXAMPLE = os.path.join(
    os.path.dirname(__file__), "..", "..", "examples", "python", "rated_dataset.py"
)


def test_rated_dataset_writes_json_lines(tmp_path):
    out = tmp_path / "rated.jsonl"
    subprocess.run(
        [sys.executable, EXAMPLE, "--count", "20", "--seed", "3", "--threads", "2", "--out", str(out)],
        check=True,
        capture_output=True,
    )
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 20
    assert len({row["givens"] for row in rows}) == 20
    for row in rows:
        assert set(row) == {"givens", "solution", "er", "ep", "ed", "level", "techniques"}
        assert is_solution_of(row["givens"], row["solution"])
        assert row["er"] >= row["ep"] >= row["ed"] > 0
        assert row["techniques"]
