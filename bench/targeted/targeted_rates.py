#!/usr/bin/env python3
"""Rates of technique-targeted and pattern-constrained generation (not run by ctest).

Techniques: a reference run of plain minimal puzzles (generate, then grade in full on one
thread) gives each technique's frequency and the rate a blind filter would reach
(puzzles using it per second of generating + grading). Then, for every technique rated up
to --max-rating that appears in at least --min-frequency of them, `generate --technique T
--threads 1` runs for --seconds (or -n puzzles) and its rate is read from the summary line
on stderr for the count, its rate taken in CPU seconds of the process (one thread), so that
a loaded machine shows the same figures.

Patterns: `generate --pattern P` for each pattern file given with --pattern (the rate,
and how many puzzles were minimal), or its exit 1 when no puzzle fits.

  bench/targeted/targeted_rates.py --bin build/cli/sudoforge --reference 2000
  bench/targeted/targeted_rates.py --bin build/cli/sudoforge --reference-json graded.json \
      --reference-seconds 95.3 --pattern p24.txt --pattern p20.txt
"""
import argparse
import collections
import json
import resource
import subprocess
import sys


def run(cmd, timeout=None):
    """The finished process and the CPU seconds (user + system) it used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return p, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def reference(args):
    """Per technique: (frequency, blind-filter puzzles/s), and the number graded."""
    if args.reference_json:
        with open(args.reference_json) as f:
            graded = json.load(f)
        seconds = args.reference_seconds
    else:
        gen, t_gen = run([args.bin, "generate", "-n", str(args.reference), "--seed",
                          str(args.seed), "--quiet"])
        with open("/tmp/targeted_rates_ref.txt", "w") as f:
            f.write(gen.stdout)
        grade, t_grade = run([args.bin, "grade", "-o", "json", "/tmp/targeted_rates_ref.txt"])
        graded = json.loads(grade.stdout)
        seconds = t_gen + t_grade  # CPU seconds
    uses = collections.Counter()
    low = {}  # the lowest ER of a puzzle whose hardest step was the technique
    for g in graded:
        for t in set(g["techniques"]):
            uses[t] += 1
        low[g["hardest"]] = min(low.get(g["hardest"], 99), g["rating"])
    n = len(graded)
    return {t: (c / n, c / seconds, low.get(t, 0)) for t, c in uses.items()}, n


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="build/cli/sudoforge")
    ap.add_argument("--reference", type=int, default=2000, help="plain puzzles graded")
    ap.add_argument("--reference-json", help="a `grade -o json` of plain minimal puzzles")
    ap.add_argument("--reference-seconds", type=float, help="its generate + grade time")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=20, help="time limit per technique")
    ap.add_argument("-n", type=int, default=100, help="puzzles per technique at most")
    ap.add_argument("--max-rating", type=float, default=7.5)
    ap.add_argument("--min-frequency", type=float, default=1e-4)
    ap.add_argument("--hardest", action="store_true", help="also --technique-hardest")
    ap.add_argument("--pattern", action="append", default=[], help="a pattern file")
    ap.add_argument("--technique", action="append", default=[], help="only these")
    args = ap.parse_args()

    names = subprocess.run([args.bin, "generate", "--technique", "?"], capture_output=True,
                           text=True).stderr
    ladder = names.split("known techniques are: ", 1)[1].strip().split(", ")
    if args.technique:
        chosen = args.technique
        freq = {}
    else:
        freq, n = reference(args)
        print(f"reference: {n} plain minimal puzzles")
        chosen = [t for t in ladder if t in freq and freq[t][0] >= args.min_frequency
                  and freq[t][2] <= args.max_rating]
    print(f"{'technique':45} {'freq':>8} {'blind/s':>8} {'uses/s':>8} {'hardest/s':>9}")
    for t in chosen:
        row = [f"{t:45}"]
        f, blind, _ = freq.get(t, (0, 0, 0))
        row += [f"{f:8.4f}", f"{blind:8.2f}"]
        modes = [[]] + ([["--technique-hardest"]] if args.hardest else [])
        for extra in modes:
            p, cpu = run([args.bin, "generate", "--technique", t, *extra, "-n", str(args.n),
                          "--seed", str(args.seed), "--time-limit", str(args.seconds),
                          "--quiet"], timeout=args.seconds + 120)
            count = len(p.stdout.splitlines())
            row.append(f"{count / cpu:8.2f}" if p.returncode == 0 and cpu > 0 else "       -")
        print(" ".join(row), flush=True)
    for pattern in args.pattern:
        p, secs = run([args.bin, "generate", "--pattern", pattern, "-n", str(args.n), "--seed",
                       str(args.seed), "--time-limit", str(args.seconds), "-o", "csv"],
                      timeout=args.seconds + 600)
        rows = [l.split(",") for l in p.stdout.splitlines()[1:]]
        minimal = sum(1 for r in rows if r[6] == "true")
        status = f"exit {p.returncode}" + (": " + p.stderr.strip().splitlines()[-1]
                                          if p.returncode else "")
        print(f"pattern {pattern}: {len(rows)} puzzles ({minimal} minimal) in {secs:.1f} s CPU, "
              f"{len(rows) / max(secs, 1e-9):.2f}/s; {status}")


if __name__ == "__main__":
    sys.exit(main())
