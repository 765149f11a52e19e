#!/usr/bin/env python3
"""Compare sudoforge's ratings with SukakuExplainer's (Sudoku Explainer's fork) per variant.

For each variant: generate puzzles with `sudoforge generate --variant V`, grade them with
`sudoforge grade --variant V -o csv` and with SukakuExplainer's serate (the 1.2.1
technique set, the variant's flag on), and print the agreement of ER, EP and ED. Every
disagreement is written to DIR/disagreements.tsv with both ratings and techniques.

SukakuExplainer is not part of sudoforge: build it yourself (bench/se_compare/README.md)
and pass its class folder or jar with --se.
"""
import argparse
import concurrent.futures
import csv
import io
import json
import os
import subprocess
import sys

# sudoforge's --variant name -> serate's switch.
SE_FLAGS = {
    "x": "--isX=1",
    "windoku": "--isWindows=1",
    "dg": "--isDG=1",
    "asterisk": "--isAsterisk=1",
    "centre-dot": "--isCD=1",
    "girandola": "--isGirandola=1",
}

# serate's techniques that Sudoku Explainer 1.2.1 does not have (Settings.init121 leaves
# them out); every other technique stays on. The names are serate's own (`--techs=`).
NOT_IN_121 = {
    "Generalized Intersections", "Scraper, Kite, Turbot", "3 Strong-linked Fishes",
    "4 Strong-Linked Fishes", "5 Strong-Linked Fishes", "6 Strong-Linked Fishes",
    "WXYZ-Wing", "VWXYZ-Wing", "UVWXYZ-Wing", "TUVWXYZ-Wing", "Generalized Naked Pair",
    "Generalized Naked Triplet", "Generalized Naked Quad", "Generalized Naked Quintuplet",
    "Generalized Naked Sextuplet",
}

SERATE = "diuf.sudoku.test.serate"
FIELDS = "%g\t%r\t%p\t%d\t%R\t%P\t%D"


def se_techs(java, classpath):
    """The --techs string of the 1.2.1 set, from serate's own list (its order may change)."""
    p = subprocess.run([java, "-cp", classpath, SERATE, "--techs="], capture_output=True,
                       text=True)
    names = []
    for line in p.stderr.splitlines():
        head, _, rest = line.partition(": ")
        if head.isdigit() and rest[:2] in ("0 ", "1 "):
            names.append(rest[2:].strip())
    if not names:
        sys.exit("se_compare: serate printed no technique list:\n" + p.stderr)
    return "".join("0" if n in NOT_IN_121 else "1" for n in names)


def se_args(variant):
    args = []
    if variant != "classic":
        for part in variant.split("+"):
            if part not in SE_FLAGS:
                sys.exit(f"se_compare: no serate switch for variant '{part}'")
            args.append(SE_FLAGS[part])
    return args


def run_se(java, classpath, techs, variant, puzzle, timeout, extra):
    cmd = [java, "-Xss64m", "-cp", classpath, SERATE, f"--techs={techs}",
           f"--format={FIELDS}"] + extra + se_args(variant) + [puzzle]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"er": "timeout", "ep": "", "ed": "", "er_t": "", "ep_t": "", "ed_t": ""}
    for line in p.stdout.splitlines():
        f = line.split("\t")
        if len(f) == 7 and f[0] == puzzle:
            return dict(zip(("er", "ep", "ed", "er_t", "ep_t", "ed_t"), f[1:]))
    return {"er": "error", "ep": "", "ed": "", "er_t": p.stderr.strip()[-200:], "ep_t": "",
            "ed_t": ""}


def sudoforge_csv(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"se_compare: {' '.join(cmd)} failed ({p.returncode}):\n{p.stderr}")
    return list(csv.DictReader(io.StringIO(p.stdout)))


def write_results(out, seed, techs, se_arg, rows, disagreements):
    """DIR/disagreements.tsv and DIR/summary.md for the variants finished so far."""
    with open(os.path.join(out, "disagreements.tsv"), "w") as f:
        f.write("variant\tpuzzle\tsf_er\tsf_ep\tsf_ed\tse_er\tse_ep\tse_ed\tsf_hardest"
                "\tse_er_technique\tse_ep_technique\tse_ed_technique\n")
        for d in disagreements:
            f.write("\t".join(map(str, d)) + "\n")
    table = ["| variant | puzzles | ER % | EP % | ED % | all three % |",
             "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        table.append(f"| {r[0]} | {r[1]} | {r[2]:.1f} | {r[3]:.1f} | {r[4]:.1f} | {r[5]:.1f} |")
    text = "\n".join(table) + "\n"
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write(f"seed {seed}, SE --techs={techs} {' '.join(se_arg)}\n\n" + text)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sudoforge", required=True, help="the sudoforge binary")
    ap.add_argument("--se", required=True, help="SukakuExplainer classpath (classes dir or jar)")
    ap.add_argument("--java", default="java")
    ap.add_argument("--variants", default="classic,x,windoku,dg,asterisk,centre-dot,girandola,"
                    "x+windoku", help="comma-separated sudoforge --variant names")
    ap.add_argument("-n", "--count", type=int, default=100, help="puzzles per variant")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--jobs", type=int, default=2, help="processes at once (default 2)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per SE rating")
    ap.add_argument("--se-arg", action="append", default=[],
                    help="extra serate option, e.g. --se-arg=--islkSudokuBUG=0 (repeatable)")
    ap.add_argument("--out", default="se_compare_out", help="folder for results and SE cache")
    a = ap.parse_args()

    os.makedirs(a.out, exist_ok=True)
    techs = se_techs(a.java, a.se)
    # SE ratings are cached per (options, variant, puzzle): a rerun with another sudoforge
    # binary rates only the new puzzles with SE.
    cache_path = os.path.join(a.out, "se_cache.jsonl")
    cache = {}
    if os.path.exists(cache_path):
        with open(cache_path) as f:
            for line in f:
                r = json.loads(line)
                cache[(r["key"], r["variant"], r["puzzle"])] = r["se"]
    key = techs + " " + " ".join(a.se_arg)

    rows = []
    disagreements = []
    for variant in a.variants.split(","):
        gen = sudoforge_csv([a.sudoforge, "generate", "--variant", variant, "-n", str(a.count),
                             "--seed", a.seed, "-o", "csv", "-q", "--threads", str(a.jobs)])
        puzzles = [r["puzzle"] for r in gen]
        graded = sudoforge_csv([a.sudoforge, "grade", "--variant", variant, "-o", "csv", "-q",
                                "--threads", str(a.jobs)], "\n".join(puzzles) + "\n")
        sf = {r["puzzle"]: r for r in graded}
        todo = [p for p in puzzles if (key, variant, p) not in cache]
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool, \
                open(cache_path, "a") as cf:
            futs = {pool.submit(run_se, a.java, a.se, techs, variant, p, a.timeout, a.se_arg): p
                    for p in todo}
            for i, fut in enumerate(concurrent.futures.as_completed(futs), 1):
                p = futs[fut]
                cache[(key, variant, p)] = fut.result()
                cf.write(json.dumps({"key": key, "variant": variant, "puzzle": p,
                                     "se": fut.result()}) + "\n")
                cf.flush()
                print(f"\r{variant}: SE {i}/{len(todo)}", end="", file=sys.stderr, flush=True)
        if todo:
            print(file=sys.stderr)
        agree = {"er": 0, "ep": 0, "ed": 0, "all": 0}
        for p in puzzles:
            s = cache[(key, variant, p)]
            f = sf[p]
            ours = {"er": f["rating"], "ep": f["rating_ep"], "ed": f["rating_ed"]}
            same = {k: ours[k] == s[k] for k in ("er", "ep", "ed")}
            for k in same:
                agree[k] += same[k]
            agree["all"] += all(same.values())
            if not all(same.values()):
                disagreements.append([variant, p, ours["er"], ours["ep"], ours["ed"], s["er"],
                                      s["ep"], s["ed"], f["hardest"], s["er_t"], s["ep_t"],
                                      s["ed_t"]])
        n = len(puzzles)
        rows.append([variant, n] + [100.0 * agree[k] / n if n else 0.0
                                    for k in ("er", "ep", "ed", "all")])
        print("{}: {} puzzles, ER {:.1f}%, EP {:.1f}%, ED {:.1f}%, all three {:.1f}%".format(
            *rows[-1]), file=sys.stderr, flush=True)
        write_results(a.out, a.seed, techs, a.se_arg, rows, disagreements)

    text = write_results(a.out, a.seed, techs, a.se_arg, rows, disagreements)
    print(text, end="")
    print(f"{len(disagreements)} disagreements in {os.path.join(a.out, 'disagreements.tsv')}")


if __name__ == "__main__":
    main()
