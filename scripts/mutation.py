"""Mutation testing of the rules and the tournament with mutmut (docs/mutation.md says why
and what the last run found). Runs ``mutmut run`` niced, with one worker and a time box,
over the modules whose dotted names match the patterns given (every module of
``referee.games`` and ``referee.tournament`` by default), then prints per module how many
mutants were generated, sampled, killed, survived, timed out, had no test or were not
reached, and each survivor's diff.

    python scripts/mutation.py                                  # everything (hours)
    python scripts/mutation.py --minutes 20 'referee.games.basra.*' 'referee.tournament.seats.*'
    python scripts/mutation.py --resume --minutes 20 'referee.tournament.*'  # the rest
    python scripts/mutation.py --sample 10 --children 2 --minutes 60 'referee.games.*'
    python scripts/mutation.py --report                         # the figures of the last runs

A pattern is matched (fnmatch) against mutant names such as
``referee.games.basra.rules.xǁBasraDealǁrefusal__mutmut_5`` (module, class, function,
number), so it follows the modules wherever they move inside the two packages. A mutant
already checked is checked again only when a pattern names it (``--resume`` names only
those of the patterns not yet checked, to go on after a time box); ``--sample K`` names
about one in K of each module's mutants not yet checked (the ceiling of a K-th of them, so a
module of few mutants gets one), those whose SHA-256 of the name comes first: the same tree
and results give the same sample, and every module is represented however slow its tests
are. The sample is kept in ``mutants/sample.json`` for the report. ``--children N`` runs N
workers (mutmut's ``--max-children``). ``--report`` reads the results mutmut keeps in
``mutants/``."""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import signal
import subprocess
import sys
from collections import Counter
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ["referee.games.*", "referee.tournament.*"]
STATUS = {  # mutmut's exit codes (mutmut.stats.status_by_exit_code), folded
    None: "not reached",
    0: "survived",
    1: "killed",
    3: "killed",
    33: "no tests",
    5: "no tests",
    34: "skipped",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
    37: "killed",  # caught by a type check
}
COLUMNS = [
    "generated",
    "sampled",
    "killed",
    "survived",
    "timeout",
    "no tests",
    "not reached",
    "not sampled",
    "other",
]
SAMPLE = ROOT / "mutants" / "sample.json"


def run(patterns: list[str], minutes: float, children: int = 1) -> int:
    """``mutmut run`` with ``children`` workers at low priority; at the time box its whole
    process group is stopped (the results of the mutants checked so far are kept)."""
    command = ["nice", "-n", "10", sys.executable, "-m", "mutmut", "run"]
    command += ["--max-children", str(children)]
    with subprocess.Popen([*command, *patterns], cwd=ROOT, start_new_session=True) as child:
        try:
            return child.wait(timeout=minutes * 60)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGTERM)
            child.wait()
            print(f"\nstopped at the time box ({minutes:g} minutes)", file=sys.stderr)
            return 0


def results() -> dict[str, dict[str, int | None]]:
    """Each mutated module's mutants and their exit codes, as mutmut keeps them."""
    found = {}
    for meta in sorted((ROOT / "mutants").rglob("*.py.meta")):
        module = ".".join(meta.relative_to(ROOT / "mutants").with_suffix("").with_suffix("").parts)
        found[module] = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
    return found


def unchecked(patterns: list[str]) -> dict[str, list[str]]:
    """Each module's mutants of the patterns that mutmut has not checked yet."""
    left = {}
    for module, codes in results().items():
        names = [k for k, v in codes.items() if v is None and any(fnmatch(k, p) for p in patterns)]
        if names:
            left[module] = names
    return left


def sample(patterns: list[str], one_in: int) -> list[str]:
    """About one in ``one_in`` of each module's unchecked mutants (at least one), chosen by
    the SHA-256 of their names, not by random state; kept in ``mutants/sample.json``."""
    drawn = json.loads(SAMPLE.read_text("utf-8")) if SAMPLE.exists() else {}
    for module, names in unchecked(patterns).items():
        names.sort(key=lambda name: hashlib.sha256(name.encode("utf-8")).hexdigest())
        drawn[module] = sorted(names[: math.ceil(len(names) / one_in)])
    SAMPLE.write_text(json.dumps(drawn, indent=1, sort_keys=True), "utf-8")
    return [name for names in drawn.values() for name in names]


def report(patterns: list[str]) -> None:
    """The figures per module and in all, then every survivor's diff. Where a module was
    sampled, "not reached" counts its sample's mutants the time box left unchecked and
    "not sampled" the others never checked."""
    rows: list[tuple[str, list[int]]] = []
    survivors: list[tuple[str, str]] = []
    total = Counter[str]()
    drawn = json.loads(SAMPLE.read_text("utf-8")) if SAMPLE.exists() else {}
    for module, codes in results().items():
        picked = {k: v for k, v in codes.items() if any(fnmatch(k, p) for p in patterns)}
        if not picked:
            continue
        count = Counter(STATUS.get(v, "other") for v in picked.values())
        count["generated"] = len(picked)
        if module in drawn:
            in_sample = set(drawn[module])
            count["sampled"] = len(in_sample & set(picked))
            left = [k for k, v in picked.items() if v is None]
            count["not reached"] = sum(k in in_sample for k in left)
            count["not sampled"] = len(left) - count["not reached"]
        total.update(count)
        rows.append((module, [count[c] for c in COLUMNS]))
        survivors += sorted(
            (k, STATUS[v]) for k, v in picked.items() if STATUS.get(v) in ("survived", "no tests")
        )
    rows.append(("all", [total[c] for c in COLUMNS]))
    width = max(len(r[0]) for r in rows)
    print(f"{'module':<{width}}  " + "  ".join(f"{c:>11}" for c in COLUMNS))
    for name, figures in rows:
        print(f"{name:<{width}}  " + "  ".join(f"{f:>11}" for f in figures))
    for name, status in survivors:
        print(f"\n## {name}" + (" (no tests)" if status == "no tests" else ""))
        shown = subprocess.run(
            [sys.executable, "-m", "mutmut", "show", name],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        print(shown.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("patterns", nargs="*", help="mutant names (fnmatch); default: all")
    parser.add_argument("--minutes", type=float, default=60, help="the time box")
    parser.add_argument("--report", action="store_true", help="only print the last figures")
    parser.add_argument("--resume", action="store_true", help="only mutants not yet checked")
    parser.add_argument(
        "--sample", type=int, metavar="K", help="about 1 in K of each module's unchecked mutants"
    )
    parser.add_argument("--children", type=int, default=1, help="workers (default 1)")
    args = parser.parse_args()
    patterns = args.patterns or DEFAULT
    if args.report:
        pass
    elif args.sample or args.resume:
        if args.sample:
            names = sample(patterns, args.sample)
        else:
            names = [k for left in unchecked(patterns).values() for k in left]
        if names:  # none left: nothing to run (no names would mean every mutant)
            run(names, args.minutes, args.children)
    else:
        run(patterns, args.minutes, args.children)
    report(patterns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
