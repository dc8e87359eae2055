"""A structure-aware fuzz of the tournament file through the commands that read it.

Each input is a real tournament's ``tournament.toml`` (random tournaments, rounds played,
decisions, withdrawals: scripts/tournament_robustness.py) with one change: a node of its
TOML tree replaced by an edge value, deleted, duplicated, or given a stranger beside it; or
its bytes edited. Every input goes through ``tournament status``, ``standings``, ``verify``
and ``pair`` in this process, each on the same folder. It counts, per command, the inputs
accepted and refused, and fails on any traceback or internal error, and on any file that a
refusing command changed (``pair`` that succeeds writes a round: the folder is restored).

    python scripts/fuzz_tournament.py --inputs 100000 --seed 1
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import hashlib
import io
import random
import shutil
import sys
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tomli_w
import typer

from referee.cli.commands import full_app
from referee.tournament import director
from referee.tournament.model import Points, Tournament
from scripts.tournament_robustness import GAMES_PLAYED, NAMES, play_rounds

COMMANDS = (
    ("tournament", "status", "--json"),
    ("tournament", "standings"),
    ("tournament", "verify", "--json"),
    ("tournament", "pair"),
)
EDGE_VALUES: tuple[Any, ...] = (
    0, -1, 1, 2, 3, 10**6, 2**63 - 1, -(2**63), 1.5, float("inf"), float("nan"), True, False,
    "", " ", "x" * 2000, "\x07", "\u202eevil", "round-1/../../etc.toml", "/etc/passwd",
    "round-9/table-9.toml", "2026-13-45T99:99:99", "forfeit", "time", "points", "swiss",
    "round-robin", "buchholz", "basra", "bura", "kozel", "A", "A & B", [], {}, [1, "a"],
    {"x": 1}, [{}], [[]],
)  # fmt: skip


def nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path in a parsed TOML tree (keys and list indices)."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from nodes(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from nodes(v, (*path, i))


def mutate_tree(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One change to a node of the tree: an edge value, deleted, duplicated, a stranger."""
    data = copy.deepcopy(data)
    paths = [p for p in nodes(data) if p]
    path = rng.choice(paths)
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    roll = rng.random()
    if roll < 0.55:
        parent[last] = copy.deepcopy(rng.choice(EDGE_VALUES))
    elif roll < 0.7:
        del parent[last]
    elif roll < 0.85 and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif isinstance(parent, dict):
        parent[f"stranger{rng.randrange(3)}"] = copy.deepcopy(rng.choice(EDGE_VALUES))
    else:
        parent.append(copy.deepcopy(rng.choice(EDGE_VALUES)))
    return data


def mutate_bytes(raw: bytes, rng: random.Random) -> bytes:
    """A few byte edits: flips, deletions, insertions of TOML's own characters."""
    out = bytearray(raw)
    for _ in range(rng.randint(1, 4)):
        if not out:
            break
        at = rng.randrange(len(out))
        roll = rng.random()
        if roll < 0.4:
            out[at] = rng.randrange(256)
        elif roll < 0.7:
            del out[at : at + rng.randint(1, 8)]
        else:
            out[at:at] = rng.choice([b"[", b"]", b"=", b'"', b"\n", b"[[round]]\n", b"\xff", b"0"])
    return bytes(out)


def mutant(base: bytes, data: dict[str, Any], rng: random.Random) -> bytes:
    if rng.random() < 0.8:
        try:
            return tomli_w.dumps(mutate_tree(data, rng)).encode()
        except (TypeError, ValueError):  # an edge value tomli-w cannot write (nan in a key)
            pass
    return mutate_bytes(base, rng)


def digest(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        h.update(str(p.relative_to(folder)).encode())
        if p.is_file():
            h.update(p.read_bytes())
    return h.hexdigest()


def invoke(command: Any, args: list[str]) -> tuple[int, str]:
    """Run one command in this process; its exit code and what it said on stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = command.main(args=args, prog_name="referee", standalone_mode=False)
        except SystemExit as e:
            code = e.code
        except Exception as e:  # a traceback: what the fuzz is looking for
            return -1, f"{type(e).__name__}: {e}"
    return (code if isinstance(code, int) else 0), err.getvalue()


SHORT = {"basra": 20, "pasur": 15, "bura": 5, "kozel": 4}  # targets of short matches


def small_tournament(folder: Path, rng: random.Random) -> None:
    """A tournament of a few entrants whose matches are short (a low target), so that the
    commands read real, finished logs quickly."""
    game, variant, sizes, teams_ok = rng.choice(GAMES_PLAYED)
    teams = teams_ok and rng.random() < 0.2
    size = 4 if teams else rng.choice(sizes)
    system = "round-robin" if size == 2 and rng.random() < 0.25 else "swiss"
    n = rng.randint(max(2, size), 6)
    names = rng.sample(NAMES, 2 * n)
    entrants = [
        director.entrant(f"{names[2 * k]} & {names[2 * k + 1]}" if teams else names[k], teams)
        for k in range(n)
    ]
    t = Tournament("Fuzz Cup", game, variant, {"target": SHORT[game]}, "2026-12-04", system,
                   0, 0, str(rng.getrandbits(32)), Points(), (), entrants)  # fmt: skip
    director.create(folder, t, None if system == "round-robin" else 3, None if teams else size)


def base_folders(root: Path, count: int, seed: int) -> list[Path]:
    """Real tournaments to mutate: random systems, games, rounds, decisions."""
    made: list[Path] = []
    rng = random.Random(seed)
    stats: Counter[str] = Counter()  # what happened, as tournament_robustness counts it
    while len(made) < count:
        folder = root / f"base{len(made)}"
        folder.mkdir()
        small_tournament(folder, rng)
        play_rounds(folder, rng, stats, most=rng.randint(0, 2))
        made.append(folder)
    return made


def run(inputs: int, seed: int, bases: int, report_every: int = 0) -> Counter[str]:
    """Fuzz ``inputs`` mutated tournament files; the counts. Raises on a finding."""
    rng = random.Random(seed)
    command = typer.main.get_command(full_app())
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        folders = base_folders(root, bases, seed)
        originals = [(f / "tournament.toml").read_bytes() for f in folders]
        parsed = [tomllib.loads(b.decode()) for b in originals]
        work = root / "work"
        started = time.monotonic()
        for n in range(inputs):
            k = rng.randrange(len(folders))
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(folders[k], work)
            raw = mutant(originals[k], parsed[k], rng)
            (work / "tournament.toml").write_bytes(raw)
            for args in COMMANDS:
                before = digest(work)
                code, said = invoke(command, [*args, "-d", str(work)])
                name = args[1]
                if code not in (0, 1, 2) or "internal error" in said or "Traceback" in said:
                    keep = root.parent / f"fuzz-tournament-finding-{seed}-{n}.toml"
                    keep.write_bytes(raw)
                    raise AssertionError(f"{name}: exit {code}: {said[:500]} (input in {keep})")
                if code != 0 and digest(work) != before:
                    raise AssertionError(f"{name} refused (exit {code}) but changed a file")
                counts[f"{name}:{'accepted' if code == 0 else 'refused'}"] += 1
            counts["inputs"] += 1
            if report_every and (n + 1) % report_every == 0:
                rate = (n + 1) / (time.monotonic() - started)
                print(f"{n + 1} inputs, {rate:.0f}/s: {dict(sorted(counts.items()))}", flush=True)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inputs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bases", type=int, default=12, help="real tournaments to mutate")
    options = parser.parse_args()
    started = time.monotonic()
    counts = run(options.inputs, options.seed, options.bases, report_every=1000)
    print(f"{counts['inputs']} inputs in {time.monotonic() - started:.0f} s, 0 tracebacks, 0 files")
    print("changed by a refusing command;", dict(sorted(counts.items())))


if __name__ == "__main__":
    main()
