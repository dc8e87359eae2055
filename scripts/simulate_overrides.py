"""Simulated matches under random rule overrides of every parameter of every game, made as
a user makes them (`referee simulate GAME --variant V --players N --seed S --rule K=V ...`,
in this process): each log must verify clean (`referee verify --json`), replay to the
scores it stores (deal by deal, and `referee score --json` the same), and read and write
back byte for byte. Prints what it covered and what it found; the logs of any finding are
kept. Run from the repository root:

    python scripts/simulate_overrides.py --matches 3000 [--seed 1] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.cli import app
from referee.log.file import dumps, load, load_bytes
from referee.match import replay
from referee.params import Param, Value
from referee.registry import GAMES, variant_values
from tests.conftest import invoke

HUGE = 1_000_000  # the largest value of an integer parameter (rules.md §4)


def draw_value(param: Param, default: Value, rng: random.Random) -> Value:
    """A value for ``param``: any choice or truth value; an integer near its default most
    of the time, at its minimum or 0 now and then, and sometimes anything up to 1,000,000
    (a target that high rarely: its match runs until the log is full)."""
    if param.kind is bool:
        return rng.random() < 0.5
    if param.kind is str:
        return rng.choice(param.choices)
    assert isinstance(default, int)
    low = param.minimum
    roll = rng.random()
    huge = 0.01 if param.name == "target" else 0.1
    if roll < huge:
        return rng.choice((HUGE, rng.randint(low, HUGE)))
    if roll < huge + 0.15:
        return rng.choice((low, low + 1, 0 if low == 0 else low))
    if param.name == "target" and roll < 0.5:
        return rng.randint(low, max(low, default // 3))  # short matches: more of them end
    return rng.randint(low, 2 * default + 2)


def draw_case(rng: random.Random) -> tuple[str, str, int, dict[str, Value], int]:
    """A game, variant and player count, and every parameter overridden (each with
    probability 3/4; the others keep the variant's value)."""
    game = rng.choice(list(GAMES))
    spec = GAMES[game]
    variant = rng.choice(list(spec.variants))
    low, high = spec.player_range(variant)
    n = rng.randint(low, high)
    base = variant_values(game, variant)
    rules = {
        name: draw_value(param, base[name], rng)
        for name, param in sorted(spec.params.items())
        if rng.random() < 0.75
    }
    return game, variant, n, rules, rng.randint(1, 10**6)


def cli(*args: str) -> tuple[int, str, str, BaseException | None]:
    """One referee command in this process: exit code, stdout, stderr, and any exception
    that escaped it (a crash)."""
    result = invoke(app, args)
    escaped = result.exception if not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.stdout, result.stderr, escaped


def rule_args(rules: dict[str, Value]) -> list[str]:
    return [f"--rule={k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in rules.items()]


def check(log: Path, rules: dict[str, Value]) -> tuple[list[str], dict[str, Any]]:
    """What is wrong with one simulated log (nothing, we hope), and its figures."""
    found: list[str] = []
    code, out, err, escaped = cli("verify", "--json", str(log))
    verdict = json.loads(out) if out.strip() else {"ok": False, "problems": [err]}
    if escaped is not None or code != 0 or not verdict["ok"]:
        found.append(f"verify: exit {code}: {verdict['problems'][:2]} {escaped!r}")
    raw = log.read_bytes()
    match, problems = load_bytes(raw)
    if match is None or problems:
        return [*found, f"read: {problems[:2]}"], {}
    if dumps(match) != raw:
        found.append("read and written back: other bytes")
    for name, value in rules.items():
        if match.rules[name] != value:
            found.append(f"[rules] {name} = {match.rules[name]!r}, asked {value!r}")
    stored = [d.score for d in match.deals]
    totals, winner = match.result_totals, match.result_winner
    again = replay(load(log)[0])  # type: ignore[arg-type]
    if again.problems:
        found.append(f"replay: {again.problems[0].rule}: {again.problems[0].message}")
    if [d.result.score for d in again.deals] != stored or again.totals != totals:
        found.append("replay: other scores than the log stores")
    if again.winner != winner:
        found.append(f"replay: winner {again.winner!r}, the log stores {winner!r}")
    code, out, err, escaped = cli("score", "--json", str(log))
    if code != 0 or escaped is not None:
        found.append(f"score --json: exit {code} {err.strip()[:200]} {escaped!r}")
    else:
        scored = json.loads(out)
        if scored["totals"] != totals or [d["score"] for d in scored["deals"]] != stored:
            found.append("score --json: other scores than the log stores")
    figures = {
        "deals": len(match.deals),
        "entries": sum(len(d.plays) for d in match.deals),
        "complete": again.complete,
    }
    return found, figures


def simulate_one(
    folder: Path, case: tuple[str, str, int, dict[str, Value], int]
) -> tuple[list[str], dict[str, Any], list[str]]:
    """Simulate one match of ``case`` through the CLI and check it."""
    game, variant, n, rules, seed = case
    args = [game, "--variant", variant, "--players", str(n), "--seed", str(seed)]
    args += rule_args(rules)
    code, out, err, escaped = cli("simulate", *args, "--out", str(folder))
    if code != 0 or escaped is not None:
        return [f"simulate: exit {code}: {err.strip()[:300]} {escaped!r}"], {}, args
    (log,) = sorted(folder.glob("*.toml"))
    found, figures = check(log, rules)
    figures["undecided"] = "undecided" in out
    return found, figures, args


def covered(values: dict[tuple[str, str], Counter[Value]]) -> list[str]:
    """Each game's parameters and the values the run gave them."""
    lines = []
    for game, spec in GAMES.items():
        parts = []
        for name, param in sorted(spec.params.items()):
            seen = values[(game, name)]
            if param.kind is int:
                ints = [int(v) for v in seen]
                said = f"{len(seen)} values {min(ints)}..{max(ints)}" if ints else "none"
            else:
                said = "/".join(f"{v}:{c}" for v, c in sorted(seen.items(), key=str))
            parts.append(f"{name} ({said})")
        lines.append(f"  {game}: " + "; ".join(parts))
    return lines


def scratch() -> str | None:
    """Memory for the logs where Linux offers it (every write is fsynced: on a disk the
    flushes, not the rules, would take the time), else the system's temporary folder."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=Path("simulate-overrides-findings"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="referee-overrides-", dir=scratch()))
    start = time.perf_counter()
    configs: Counter[tuple[str, str, int]] = Counter()
    values: dict[tuple[str, str], Counter[Value]] = defaultdict(Counter)
    totals: Counter[str] = Counter()
    findings: list[tuple[list[str], list[str]]] = []
    for k in range(args.matches):
        case = draw_case(rng)
        game, variant, n, rules, _ = case
        configs[(game, variant, n)] += 1
        for name, value in rules.items():
            values[(game, name)][value] += 1
        folder = work / f"{k:05d}"
        found, figures, cli_args = simulate_one(folder, case)
        for key in ("deals", "entries", "complete", "undecided"):
            totals[key] += int(figures.get(key, 0))
        if found:
            findings.append((found, cli_args))
            args.keep.mkdir(parents=True, exist_ok=True)
            shutil.copytree(folder, args.keep / folder.name, dirs_exist_ok=True)
        shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(work, ignore_errors=True)
    seconds = time.perf_counter() - start
    print(
        f"matches: {args.matches} through `referee simulate --rule` (seed {args.seed}), "
        f"{totals['deals']} deals, {totals['entries']} entries, {seconds:.0f} s"
    )
    print(
        f"  complete: {totals['complete']}; left undecided when the log was full: "
        f"{totals['undecided']}"
    )
    every = [
        (g, v, n)
        for g, spec in GAMES.items()
        for v in spec.variants
        for n in range(spec.player_range(v)[0], spec.player_range(v)[1] + 1)
    ]
    print(f"configurations (game, variant, players): {len(configs)} of {len(every)}")
    per_game = Counter({g: 0 for g in GAMES})
    for (g, _, _), count in configs.items():
        per_game[g] += count
    print("matches per game: " + ", ".join(f"{g} {c}" for g, c in per_game.items()))
    print("parameters overridden, and the values given:")
    print("\n".join(covered(values)))
    print(f"findings: {len(findings)}")
    for found, cli_args in findings[:20]:
        print("  referee simulate " + " ".join(cli_args) + " --out DIR")
        for line in found:
            print(f"    {line}")
    if findings:
        print(f"  the logs are kept in {args.keep}/")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
