"""A rated Sudoku data set as JSON Lines, the way machine-learning reasoning benchmarks
are built: one puzzle per line with its solution, its Sudoku Explainer ratings (ER, EP,
ED), its level and the techniques a human needs.

    PYTHONPATH=build/python python3 examples/python/rated_dataset.py --count 100000 \
        --threads 8 --seed 2026 --out sudoku-rated.jsonl

Cells marked `# %%` run one by one in editors that take a script as a notebook.
"""

# %% Options
import argparse
import collections
import json
import sys

import sudoforge

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--count", type=int, default=100_000, help="puzzles to write")
parser.add_argument("--seed", type=int, default=2026, help="run seed (same seed, same file)")
parser.add_argument("--threads", type=int, default=4, help="worker threads")
parser.add_argument("--level", default=None, help="only this level (easy .. extreme)")
parser.add_argument("--out", default="sudoku-rated.jsonl", help="output file")
args = parser.parse_args()

# %% Generate and write, a few puzzles at a time (memory stays flat for any count)
levels = collections.Counter()
with open(args.out, "w") as out:
    for i, p in enumerate(
        sudoforge.iter_generate(
            count=args.count, seed=args.seed, threads=args.threads, level=args.level
        )
    ):
        r = p.rating
        row = {
            "givens": p.givens,
            "solution": p.solution,
            "er": r.er,
            "ep": r.ep,
            "ed": r.ed,
            "level": p.level,
            "techniques": p.techniques,
        }
        out.write(json.dumps(row) + "\n")
        levels[p.level] += 1
        if (i + 1) % 1000 == 0:
            print(f"{i + 1} puzzles", file=sys.stderr)

# %% What the set holds
print(f"{sum(levels.values())} puzzles in {args.out} (seed {args.seed})")
for level, n in levels.most_common():
    print(f"  {level:<11} {n}")
