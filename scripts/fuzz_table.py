"""Feed generated arguments to the table commands and generated lines to ``live``, in-process,
on matches cut short in their first deal, and count every run that ends as a bug (exit 70, an
exception out of the command group, or an exit code other than 0, 1 and 2).

    python scripts/fuzz_table.py --inputs 1000000 --jobs 2 --mode args
    python scripts/fuzz_table.py --inputs 1000000 --jobs 2 --mode live

Arguments mix legal cards, cards in every notation people type (``♥10``, ``10 h``), near
misses, player names and near misses, Unicode (bidi controls, combining marks, astral
characters), control characters, lone surrogates (what ``argv`` holds for non-UTF-8 bytes),
and long words, under every table command and option. The logs live in a temporary folder
and are put back from their first bytes every few inputs, so that the matches stay early.
Deterministic for a seed. Prints the inputs run, the exit codes, and every crash (at most 20).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import multiprocessing
import random
import sys
import tempfile
import time
import tomllib
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tomli_w

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = (
    "play",
    "declare",
    "claim",
    "forfeit",
    "hand",
    "deal",
    "undo",
    "options",
    "explain",
    "show",
    "amend",
    "score",
)
LIVE_WORDS = (
    "play",
    "options",
    "show",
    "score",
    "undo",
    "hand",
    "deal",
    "declare",
    "claim",
    "forfeit",
    "help",
    "amend",
    "explain",
    "optoins",
    "-",
    "?",
    "trail",
    "takes",
)
ODD = (
    "",
    " ",
    "\u202e",
    "\u2066",
    "\u200b",
    "\ufeff",
    "\x1b[31m",
    "\x00",
    "\x7f",
    "\udce9",
    "\U0001f0a1",
    "\u0301",
    "10",
    "1S",
    "JD JD",
    "--",
    "-",
    "=",
    "&",
    "10\u2665",
    "\u266510",
    "10 h",
    "9♦",
    "٩D",
    "۷♣",
    "К♠",
    "Т♥",
    "0",
    "-1",
    "99999999999999999999",
)
OPTIONS = (
    "--takes",
    "--trail",
    "--by",
    "--note",
    "--dealer",
    "--floor",
    "--buried",
    "--returned",
    "--trump",
    "--hand",
    "--deal",
    "--play",
    "--before",
    "--delete",
    "--replace",
    "--json",
    "--all",
    "--ascii",
    "--lang",
    "--reason",
    "-t",
    "-h",
)


def early_logs(folder: Path) -> list[tuple[Path, bytes, list[str], list[str]]]:
    """Each sample cut inside its first deal (a random number of its plays kept): the file,
    its bytes, its players and the cards of its game."""
    from referee.log.file import dumps, load_bytes

    rng = random.Random(0)
    out = []
    for k, sample in enumerate(sorted((ROOT / "sample_games").glob("*.toml"))):
        data: dict[str, Any] = tomllib.loads(sample.read_text("utf-8"))
        deal = data["deals"][0]
        deal.pop("score", None)
        deal["plays"] = deal["plays"][: rng.randrange(len(deal["plays"]))]
        data["deals"] = [deal]
        for key in ("totals", "winner", "result"):
            data.pop(key, None)
        match, problems = load_bytes(tomli_w.dumps(data).encode())
        if match is None or problems:
            deal.pop("hands", None)
            match, problems = load_bytes(tomli_w.dumps(data).encode())
        assert match is not None and not problems, (sample, [p.message for p in problems])
        path = folder / f"m{k}.toml"
        raw = dumps(match)
        path.write_bytes(raw)
        cards = sorted({c for d in data["deals"] for p in d["plays"] for c in _cards(p)})
        out.append((path, raw, list(match.players), cards or ["7D"]))
    return out


def _cards(play: dict[str, Any]) -> list[str]:
    return [c for key in ("card", "cards", "takes") for c in str(play.get(key, "")).split()]


def word(rng: random.Random, players: list[str], cards: list[str]) -> str:
    """One argument: mostly plausible, sometimes hostile."""
    roll = rng.random()
    if roll < 0.35:
        return rng.choice(cards + [f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"][:20])
    if roll < 0.5:
        return " ".join(rng.sample(cards, min(len(cards), rng.randint(1, 4))))
    if roll < 0.65:
        name = rng.choice(players)
        return name if rng.random() < 0.6 else name.lower() + rng.choice(("", "x", " "))
    if roll < 0.85:
        return rng.choice(ODD) + rng.choice(ODD)
    if roll < 0.95:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randint(1, 12)))
    return rng.choice(cards) * rng.randint(100, 5000)  # a long word


Shape = tuple[list[str], list[tuple[str, bool, bool]], bool]  # arguments, options, -f


def shapes() -> dict[str, Shape]:
    """Each table command's positional arguments, its options (name, flag, required) and
    whether it takes ``-f``, read from the command group itself."""
    import typer.main

    import referee.cli as cli

    group = typer.main.get_command(cli.app)
    out: dict[str, Shape] = {}
    for name in COMMANDS:
        params = group.commands[name].params  # type: ignore[attr-defined]
        positional = [p.name for p in params if not p.opts[0].startswith("-")]
        options = [
            (p.opts[0], bool(getattr(p, "is_flag", False)), bool(p.required))
            for p in params
            if p.opts[0].startswith("-") and p.name not in ("help", "file")
        ]
        out[name] = (
            positional,
            options,
            any(p.name == "file" for p in params if p.opts[0] == "--file"),
        )
    return out


def table_args(
    rng: random.Random, shape: dict[str, Shape], path: Path, players: list[str], cards: list[str]
) -> list[str]:
    """One command line of a table command on ``path``: mostly of the command's own shape."""
    command = rng.choice(COMMANDS)
    positional, options, takes_f = shape[command]
    args = [command]
    for name in positional:
        if name == "file":
            args.append(str(path))
        elif rng.random() < 0.95:
            args.append(word(rng, players, cards))
    for opt, flag, required in options:
        if required or rng.random() < 0.3:
            args.append(opt)
            if not flag:
                number = opt in ("--deal", "--play") and rng.random() < 0.8
                args.append(str(rng.randint(0, 3)) if number else word(rng, players, cards))
    if rng.random() < 0.05:
        args.insert(rng.randrange(1, len(args) + 1), rng.choice(OPTIONS))
    if takes_f and rng.random() < 0.97:
        args += ["-f", str(path)]
    return args


def live_line(rng: random.Random, players: list[str], cards: list[str]) -> str:
    """One line typed at ``live``'s prompt."""
    head = rng.choice(LIVE_WORDS) if rng.random() < 0.6 else word(rng, players, cards)
    rest = [word(rng, players, cards) for _ in range(rng.randint(0, 4))]
    return " ".join([head, *rest])


def work(job: tuple[int, int, int, str]) -> tuple[int, collections.Counter[str], list[str]]:
    """Run ``count`` inputs from ``seed``: how many, the outcomes, the crashes."""
    seed, count, _, mode = job
    import typer.main

    import referee.cli as cli
    from referee.cli.commands.live import Live

    group = typer.main.get_command(cli.app)
    shape = shapes()
    rng = random.Random(seed)
    outcomes: collections.Counter[str] = collections.Counter()
    crashes: list[str] = []
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as t:
        logs = early_logs(Path(t))
        lives = {path: Live(path, lambda _s: None) for path, *_ in logs}
        for n in range(count):
            path, raw, players, cards = logs[rng.randrange(len(logs))]
            if n % 7 == 0:
                path.write_bytes(raw)
            out, err = io.StringIO(), io.StringIO()
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    if mode == "args":
                        args = table_args(rng, shape, path, players, cards)
                        try:
                            code = group.main(args, prog_name="referee", standalone_mode=True)
                        except SystemExit as done:
                            code = done.code
                    else:
                        args = [live_line(rng, players, cards)]
                        lives[path].handle(args[0])
                        code = 0
                said = err.getvalue()
                if code not in (0, 1, 2, None) or "Traceback" in said or "internal error" in said:
                    outcomes["crash"] += 1
                    if len(crashes) < 20:
                        crashes.append(f"{args!r}: exit {code}: {said[-600:]}")
                else:
                    outcomes[f"exit {code or 0}"] += 1
            except Exception:
                outcomes["crash"] += 1
                if len(crashes) < 20:
                    crashes.append(f"{args!r}: {traceback.format_exc()[-1200:]}")
    return count, outcomes, crashes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("args", "live"), default="args")
    args = parser.parse_args()
    chunk = 5_000
    jobs = [
        (args.seed * 1_000_003 + k, min(chunk, args.inputs - k * chunk), k, args.mode)
        for k in range((args.inputs + chunk - 1) // chunk)
    ]
    began = time.perf_counter()
    total, outcomes, crashes = 0, collections.Counter[str](), []
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for done, seen, found in pool.imap_unordered(work, jobs):
            total += done
            outcomes.update(seen)
            crashes += found
            if total % 100_000 < chunk:
                print(f"  {total} inputs, {time.perf_counter() - began:.0f} s", flush=True)
    took = time.perf_counter() - began
    print(
        f"{total} {args.mode} inputs in {took:.0f} s on {args.jobs} processes; "
        f"{outcomes['crash']} crashes"
    )
    for key, value in sorted(outcomes.items()):
        print(f"  {key:<10} {value}")
    for c in crashes[:20]:
        print("CRASH", c)
    sys.exit(1 if outcomes["crash"] else 0)


if __name__ == "__main__":
    main()
