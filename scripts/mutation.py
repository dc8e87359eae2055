"""Mutation testing of the rules and the tournament with mutmut (docs/mutation.md says why
and what the last run found). Runs ``mutmut run`` niced, with one worker and a time box,
over the modules whose dotted names match the patterns given (every module of
``referee.games`` and ``referee.tournament`` by default), then prints per module how many
mutants were generated, killed, survived, timed out, had no test or were not reached, and
each survivor's diff.

    python scripts/mutation.py                                  # everything (hours)
    python scripts/mutation.py --minutes 20 'referee.games.basra.*' 'referee.tournament.seats.*'
    python scripts/mutation.py --resume --minutes 20 'referee.tournament.*'  # the rest
    python scripts/mutation.py --report                         # the figures of the last runs

A pattern is matched (fnmatch) against mutant names such as
``referee.games.basra.rules.xǁBasraDealǁrefusal__mutmut_5`` (module, class, function,
number), so it follows the modules wherever they move inside the two packages. A mutant
already checked is checked again only when a pattern names it (``--resume`` names only
those of the patterns not yet checked, to go on after a time box); ``--report`` reads the
results mutmut keeps in ``mutants/``."""

from __future__ import annotations

import argparse
import json
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
COLUMNS = ["generated", "killed", "survived", "timeout", "no tests", "not reached", "other"]


def run(patterns: list[str], minutes: float) -> int:
    """``mutmut run`` with one worker at low priority; at the time box its whole process
    group is stopped (the results of the mutants checked so far are kept)."""
    command = ["nice", "-n", "10", sys.executable, "-m", "mutmut", "run", "--max-children", "1"]
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


def report(patterns: list[str]) -> None:
    """The figures per module and in all, then every survivor's diff."""
    rows, survivors, total = [], [], Counter[str]()
    for module, codes in results().items():
        picked = {k: v for k, v in codes.items() if any(fnmatch(k, p) for p in patterns)}
        if not picked:
            continue
        count = Counter(STATUS.get(v, "other") for v in picked.values())
        count["generated"] = len(picked)
        total.update(count)
        rows.append([module, *(count[c] for c in COLUMNS)])
        survivors += sorted(k for k, v in picked.items() if v == 0)
    rows.append(["all", *(total[c] for c in COLUMNS)])
    width = max(len(r[0]) for r in rows)
    print(f"{'module':<{width}}  " + "  ".join(f"{c:>11}" for c in COLUMNS))
    for name, *figures in rows:
        print(f"{name:<{width}}  " + "  ".join(f"{f:>11}" for f in figures))
    for name in survivors:
        print(f"\n## {name}")
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
    args = parser.parse_args()
    patterns = args.patterns or DEFAULT
    if args.resume:
        left = [k for codes in results().values() for k, v in codes.items() if v is None]
        names = [k for k in left if any(fnmatch(k, p) for p in patterns)]
        if names:  # none left: nothing to run (no names would mean every mutant)
            run(names, args.minutes)
    elif not args.report:
        run(patterns, args.minutes)
    report(patterns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
