"""Instruction counts of referee's costliest commands, with valgrind's callgrind: figures that
a busy machine does not move (its CPU times move by several percent from run to run). The
worst legal floors of bench/worst_floors.py (the 47-card Basra floor, the 28 lowest cards,
two costly floors), each also under ``capture = "maximal"``: ``options``, ``options --all
--json``, ``play --takes`` (the strongest capture), ``verify`` and ``explain`` of a log
ending in it, and of one ending in a capture that is no union; ``verify`` and ``show``
on long logs of every game, and the table commands that write (``play``, ``undo``,
``deal``, ``hand``) on bench/startup.py's logs. ``--compare BIN`` counts another
install's ``referee`` on the same commands (an older one, installed with ``pip install .``).

    python bench/instructions.py --compare /path/to/old/venv/bin/referee
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import long_match, referee_command
from startup import logs, next_play
from worst_floors import floors, strongest

from referee.cards import Card, format_cards
from referee.log.file import dumps
from referee.match import replay
from referee.record import FishPlay, Match

FLOORS = ("basra egyptian", "basra egyptian, 28 lowest", "basra egyptian, costly 4")
Command = tuple[list[str], Path | None]  # the arguments, and a log to copy to the work file


def collected(cmd: list[str], expected: int | None = None) -> int:
    """The instructions one run of ``cmd`` executes (hash seed fixed); with ``expected``,
    the run must exit with it (a table command measured on a refusal measures nothing)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if expected is not None and done.returncode != expected:
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr[-400:]}")
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no count for {cmd}: {done.stderr[-400:]}")
    return int(found.group(1))


def ending_in(match: Match, card: Card, takes: tuple[Card, ...], path: Path) -> Path:
    """``match`` with one more play, ``card`` taking ``takes``, written to ``path``."""
    state = replay(match).state
    assert state is not None
    played = copy.deepcopy(match)
    played.deals[0].plays.append(FishPlay(state.to_move() or "", card, takes))
    path.write_bytes(dumps(played))
    return path


def floor_commands(folder: Path) -> dict[str, Command]:
    """The commands on each chosen floor, under ``capture = any`` and ``maximal``."""
    out: dict[str, Command] = {}
    for name, (match, card, _) in floors().items():
        if name not in FLOORS:
            continue
        for mode in ("any", "maximal"):
            match.rules["capture"] = mode
            tag = f"{name} {mode}"
            log = folder / f"{len(out)}.toml"
            log.write_bytes(dumps(match))
            takes = strongest(match, card)
            state = replay(match).state
            assert state is not None
            lows = tuple(next(c for c in state.floor if c.value == v) for v in (1, 2))  # no 10
            legal = ending_in(match, card, takes, folder / f"{len(out)}-legal.toml")
            wrong = ending_in(match, card, lows, folder / f"{len(out)}-wrong.toml")
            at = str(len(match.deals[0].plays) + 1)
            c = str(card)
            out[f"{tag}: options"] = (["options", c, "-f", str(log)], None)
            out[f"{tag}: options --all --json"] = (
                ["options", c, "--all", "--json", "-f", str(log)],
                None,
            )
            out[f"{tag}: play --takes"] = (["play", c, "--takes", format_cards(takes)], log)
            out[f"{tag}: verify"] = (["verify", str(legal)], None)
            out[f"{tag}: explain"] = (["explain", str(legal), "--deal", "1", "--play", at], None)
            out[f"{tag}: explain, no union"] = (["explain", str(wrong), "-d", "1", "-p", at], None)
    return out


def long_commands(folder: Path) -> dict[str, Command]:
    """``verify`` and ``show`` on long logs (20 deals; Basra 10, Pasur 6) of every game."""
    out: dict[str, Command] = {}
    for game, deals in (("basra", 10), ("pasur", 6), ("bura", 20), ("kozel", 20)):
        log = folder / f"{game}-long.toml"
        log.write_bytes(dumps(long_match(game, deals)))
        out[f"{game}, {deals} deals: verify"] = (["verify", str(log)], None)
        out[f"{game}, {deals} deals: show"] = (["show", "-f", str(log)], None)
    return out


def table_commands(folder: Path) -> dict[str, Command]:
    """The table commands that write, on bench/startup.py's logs (Basra: 10 deals and an
    open one; Bura: 40 deals and an open one): each on a fresh copy of its log."""
    paths = logs(folder)
    basra, bura = paths["basra"], paths["bura"]
    return {
        "table, basra 10 deals: play": (next_play(basra), basra),
        "table, basra 10 deals: undo": (["undo"], basra),
        "table, basra 10 deals: deal": (["deal", "--floor", "5H 3C 9D KS"], paths["basra-done"]),
        "table, basra 10 deals: hand": (
            ["hand", "Ali", *paths["hand"].name.split()],
            paths["basra-bare"],
        ),
        "table, bura 40 deals: play": (next_play(bura), bura),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--compare", metavar="BIN", help="another referee, counted alike")
    parser.add_argument("--only", metavar="WORD", help="only the commands whose name has it")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="referee-instructions-"))
    commands = {**floor_commands(folder), **long_commands(folder), **table_commands(folder)}
    if args.only:
        commands = {k: v for k, v in commands.items() if args.only in k}
    installs = {"this": referee_command()}
    if args.compare:
        installs["other"] = [args.compare]
    work = folder / "work.toml"
    base = collected([sys.executable, "-c", "import typer"])
    print(f"python -c 'import typer': {base / 1e6:.1f} M instructions (hash seed 0)")
    print(f"{'command':58s} " + " ".join(f"{k:>9s}" for k in installs) + "  ratio")
    for name, (cmd, copied) in commands.items():
        counts = []
        for ref in installs.values():
            if copied is not None:  # a command that writes: on a fresh copy each time
                shutil.copyfile(copied, work)
                cmd = [*cmd, "-f", str(work)] if "-f" not in cmd else cmd
            counts.append(collected([*ref, *cmd], 0 if name.startswith("table,") else None))
        ratio = f"  {counts[0] / counts[1]:.3f}" if len(counts) > 1 else ""
        print(f"{name:58s} " + " ".join(f"{n / 1e6:8.1f}M" for n in counts) + ratio, flush=True)
    shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
