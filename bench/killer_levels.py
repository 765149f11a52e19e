#!/usr/bin/env python3
"""Killer generation rates per level, next to sgt-solo's (not run by ctest).

For each level, `sudoforge generate --variant killer --level L -n N --seed S --threads 1`
runs in interleaved rounds (with --baseline, another sudoforge binary runs the same
commands in the same rounds), its rate taken in CPU seconds of the process (user +
system), so a loaded machine slows every program alike; the median round is printed. The
puzzles of the first round are graded again (`sudoforge grade`) to show the levels
delivered. When sgt-solo is installed (/usr/games/sgt-solo, Debian's sgt-puzzles, or
--solo), `sgt-solo --generate N 3x3kdX` runs in the same rounds for its levels b
(basic), i (intermediate), a (advanced), u (unreasonable) and e (extreme); else they are
skipped. Each run is bounded by --timeout seconds (a timed-out run prints "timeout").
Nothing external is read: the puzzles come from the seeds.

  bench/killer_levels.py --bin build/cli/sudoforge
  bench/killer_levels.py --bin build/cli/sudoforge --baseline /tmp/old/sudoforge --rounds 3
  bench/killer_levels.py --levels hard,expert,dihedral --rounds 3

A symmetric layout (dihedral) runs unleveled, its rate printed like a level's.
"""
import argparse
import collections
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

# Puzzles per run, by level: fewer where a puzzle takes longer.
SUDOFORGE_LEVELS = [("easy", 50), ("medium", 50), ("hard", 20), ("expert", 3),
                    ("diabolical", 5), ("extreme", 10)]
# Symmetric layouts (unleveled, cages 2-5): --levels names them as "dihedral" etc.
SYMMETRIES = [("dihedral", 10)]
SOLO_LEVELS = [("b", "basic", 30), ("i", "intermediate", 30), ("a", "advanced", 20),
               ("u", "unreasonable", 10), ("e", "extreme", 2)]


def run(cmd, timeout):
    """(stdout, CPU seconds) of the finished process; (None, None) past the timeout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {p.returncode}\n{p.stderr}")
    return p.stdout, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def delivered_levels(binary, puzzles):
    """Counts of the levels `sudoforge grade` gives the puzzles (lines of killer tokens)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(puzzles)
        name = f.name
    try:
        out = subprocess.run([binary, "grade", name], capture_output=True, text=True).stdout
    finally:
        os.unlink(name)
    return collections.Counter(line.split()[4] for line in out.splitlines() if line.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default="build/cli/sudoforge")
    ap.add_argument("--baseline", help="another sudoforge binary, measured in the same rounds")
    ap.add_argument("--solo", default=shutil.which("sgt-solo") or "/usr/games/sgt-solo")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies every count")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--levels",
                    default=",".join(l for l, _ in SUDOFORGE_LEVELS + SYMMETRIES))
    args = ap.parse_args()

    chosen = args.levels.split(",")
    jobs = []  # (label, level, count, command)
    programs = [("sudoforge", args.bin)] + ([("baseline", args.baseline)] if args.baseline else [])
    for level, count in SUDOFORGE_LEVELS:
        if level not in chosen:
            continue
        n = max(1, round(count * args.scale))
        for label, binary in programs:
            jobs.append((label, level, n, [binary, "generate", "--variant", "killer", "--level",
                                           level, "-n", str(n), "--seed", str(args.seed),
                                           "--threads", "1", "-q"]))
    for symmetry, count in SYMMETRIES:
        if symmetry not in chosen:
            continue
        n = max(1, round(count * args.scale))
        for label, binary in programs:
            jobs.append((label, symmetry, n, [binary, "generate", "--variant", "killer",
                                              "--symmetry", symmetry, "-n", str(n), "--seed",
                                              str(args.seed), "--threads", "1", "-q"]))
    if os.access(args.solo, os.X_OK):
        for code, name, count in SOLO_LEVELS:
            n = max(1, round(count * args.scale))
            jobs.append(("sgt-solo", f"3x3kd{code} ({name})", n,
                         [args.solo, "--generate", str(n), f"3x3kd{code}"]))
    else:
        print(f"sgt-solo not found at {args.solo}: its levels are skipped")

    times = collections.defaultdict(list)
    first_output = {}
    for r in range(args.rounds):
        for label, level, n, cmd in jobs:
            key = (label, level)
            out, cpu = run(cmd, args.timeout)
            times[key].append(cpu)
            first_output.setdefault(key, out)

    print(f"{'program':10} {'level':26} {'n':>3} {'ms/puzzle':>10} {'puzzles/s':>10}  delivered")
    for label, level, n, _ in jobs:
        key = (label, level)
        if any(t is None for t in times[key]):
            print(f"{label:10} {level:26} {n:>3} {'timeout':>10}")
            continue
        cpu = statistics.median(times[key])
        delivered = ""
        if label != "sgt-solo" and first_output[key]:
            binary = args.bin if label == "sudoforge" else args.baseline
            counts = delivered_levels(binary, first_output[key])
            delivered = " ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        print(f"{label:10} {level:26} {n:>3} {1000 * cpu / n:>10.1f} {n / cpu if cpu else 0:>10.2f}"
              f"  {delivered}")


if __name__ == "__main__":
    main()
