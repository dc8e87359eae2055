"""At the table: the CPU time of every command a referee types, against the start-up of
`python -c "import typer"`, in one interleaved run. Target (issue 36): every table command
at most 1.3x, on the match's first deal (`--deals 0`) as on a long match: the 10-deal Basra
log (the default) and the 40-deal Bura log, where a command reads, checks and writes only
the last deal once the log's memo holds (referee/table/memo.py); `--no-memo` measures the
log read whole, as the first command on a long log (or after a hand edit) reads it.

    python bench/startup.py --rounds 21
    python bench/startup.py --rounds 21 --deals 0   # the Basra log's first deal in play
    python bench/startup.py --rounds 21 --no-memo   # every log read whole

Each command that writes runs on its own copy of its log (each table has its own file),
with the memo the table's earlier commands leave: the warm-up run makes it, and before
`deal` (a new deal moves the memo on) an untimed `show` of the copy makes it again.
CPU time (user + system of the child, from wait4) is what the machine spends; wall time,
also printed, adds the fsyncs of a write and the machine's other load. Medians."""

from __future__ import annotations

import argparse
import copy
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import long_match, referee_command

from referee.cards import format_cards
from referee.log.file import dumps, load
from referee.match import replay
from referee.record import Deal, FishPlay, Match
from referee.registry import variant_values

Setup = Callable[[], None] | None


def run_once(cmd: list[str], before: Setup) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``cmd``."""
    if before is not None:
        before()
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        return float("nan"), float("nan")  # a command this install does not have
    return usage.ru_utime + usage.ru_stime, wall


def exit_code(cmd: list[str], before: Setup) -> int:
    """The exit code of one run of ``cmd`` (a benchmark of a refusal measures nothing)."""
    if before is not None:
        before()
    return subprocess.run(cmd, capture_output=True, check=False).returncode


def wide_floor(folder: Path) -> Path:
    """A Basra deal whose floor holds 28 low cards, every one of them laid down in turn."""
    values = variant_values("basra", "egyptian")
    match = Match("basra", "egyptian", ["Ali", "Omar"], values)
    low = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6") for s in "SHDC"]
    cards = [*low, "7S", "7H", "7C", "8S"]
    from referee.cards import Card

    deal = Deal("Omar", {"floor": tuple(Card.parse(c) for c in cards[:4])})
    for k, c in enumerate(cards[4:]):
        deal.plays.append(FishPlay(("Ali", "Omar")[k % 2], Card.parse(c)))
    match.deals.append(deal)
    replayed = replay(match)
    assert not replayed.problems and replayed.state is not None
    path = folder / "wide.toml"
    path.write_bytes(dumps(match))
    return path


def logs(folder: Path, deals: int = 10) -> dict[str, Path]:
    """The logs the commands run on: each as a file, and a few variants of it; the Basra
    log has ``deals`` finished deals before the one in play."""
    out: dict[str, Path] = {}
    basra = long_match("basra", deals=deals)
    out["basra"] = folder / "basra.toml"
    out["basra"].write_bytes(dumps(basra))
    done = copy.deepcopy(basra)  # its open deal taken back: the next deal is due
    done.deals.pop()
    done.result_totals = dict(replay(done).totals)
    out["basra-done"] = folder / "basra-done.toml"
    out["basra-done"].write_bytes(dumps(done))
    bare = copy.deepcopy(basra)  # the open deal without hands: `hand` adds Ali's, as
    state = replay(basra).state  # far as he has received them (the rounds dealt so far)
    assert state is not None and bare.deals[-1].hands is not None
    received = bare.deals[-1].hands["Ali"][: state.received("Ali")]
    bare.deals[-1].hands = None
    out["basra-bare"] = folder / "basra-bare.toml"
    out["basra-bare"].write_bytes(dumps(bare))
    out["hand"] = Path(format_cards(received))  # the cards, carried in a Path's name
    bura = long_match("bura", deals=40)
    out["bura"] = folder / "bura.toml"
    out["bura"].write_bytes(dumps(bura))
    out["wide"] = wide_floor(folder)
    return out


def next_play(path: Path) -> list[str]:
    """The arguments of a legal play on the log's open deal."""
    match, _ = load(path)
    state = replay(match).state
    who = state.to_move()
    if match.game == "bura":
        known = state.known_cards(who)
        k = len(state.trick[0][1]) if state.trick else 1
        return ["play", *map(str, (state.options(who) or [known[:k]])[0])]
    card = state.round_cards(who)[0]
    taken = state.options(card)[0].taken
    return ["play", str(card), *(["--takes", format_cards(taken)] if taken else ["--trail"])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument(
        "--compare",
        metavar="BIN",
        help="another referee (an older install) run on the same commands, interleaved",
    )
    parser.add_argument(
        "--only",
        nargs="+",
        metavar="NAME",
        help="run only the commands whose names are given (the baseline always runs)",
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=10,
        metavar="N",
        help="finished deals in the Basra log before the deal in play (0: its first deal, "
        "and `deal` makes the first deal)",
    )
    parser.add_argument(
        "--no-memo",
        action="store_true",
        help="every log read whole, as without a memo (REFEREE_CACHE=off)",
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    paths = logs(folder, args.deals)
    ref = referee_command()
    if args.no_memo:
        os.environ["REFEREE_CACHE"] = "off"  # the children read every log whole
    works: dict[str, Path] = {}

    def work(name: str) -> Path:
        """The copy a writing command works on: one a command, as one a table."""
        return works.setdefault(name, folder / f"work-{len(works)}.toml")

    def copy_of(source: Path, name: str, read: bool = False) -> Setup:
        def setup() -> None:
            shutil.copyfile(source, work(name))
            if read:  # the memo the table's last command left (untimed)
                subprocess.run([*ref, "show", "-f", str(work(name))], capture_output=True)

        return setup

    b, bura = paths["basra"], paths["bura"]
    commands: dict[str, tuple[list[str], Setup]] = {
        "python -c 'import typer'": ([sys.executable, "-c", "import typer"], None),
        "show": ([*ref, "show", "-f", str(b)], None),
        "score": ([*ref, "score", str(b)], None),
        "verify": ([*ref, "verify", str(b)], None),
        "options": ([*ref, "options", str(replay_card(b)), "-f", str(b)], None),
        "play": ([*ref, *next_play(b), "-f", str(work("play"))], copy_of(b, "play")),
        "undo": ([*ref, "undo", "-f", str(work("undo"))], copy_of(b, "undo")),
        "deal": (
            [*ref, "deal", *first_dealer(b), "--floor", "5H 3C 9D KS", "-f", str(work("deal"))],
            copy_of(paths["basra-done"], "deal", read=True),
        ),
        "hand": (
            [*ref, "hand", "Ali", *paths["hand"].name.split(), "-f", str(work("hand"))],
            copy_of(paths["basra-bare"], "hand"),
        ),
        "bura show (40 deals)": ([*ref, "show", "-f", str(bura)], None),
        "bura score (40 deals)": ([*ref, "score", str(bura)], None),
        "bura play (40 deals)": (
            [*ref, *next_play(bura), "-f", str(work("bura play"))],
            copy_of(bura, "bura play"),
        ),
        "options, 28-card floor": ([*ref, "options", "10D", "-f", str(paths["wide"])], None),
        # translated: the catalog is read at the first sentence
        "show --lang ru": ([*ref, "--lang", "ru", "show", "-f", str(b)], None),
        "score --lang ar": ([*ref, "--lang", "ar", "score", str(b)], None),
        "play --lang fa": (
            [*ref, "--lang", "fa", *next_play(b), "-f", str(work("play fa"))],
            copy_of(b, "play fa"),
        ),
        "refused play --lang ru": (
            [*ref, "--lang", "ru", "play", "KS", "--takes", "KS", "-f", str(b)],
            None,
        ),
        "bura show --lang ru": ([*ref, "--lang", "ru", "show", "-f", str(bura)], None),
    }
    if args.only:
        commands = {k: v for i, (k, v) in enumerate(commands.items()) if i == 0 or k in args.only}
    if args.compare:  # the same commands with the other install, in the same rounds
        # (an install without --lang shows nan for the translated ones)
        for name, (cmd, before) in list(commands.items())[1:]:
            commands[f"  {name} (other)"] = ([args.compare, *cmd[len(ref) :]], before)
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    wall: dict[str, list[float]] = {name: [] for name in commands}
    for name, (cmd, before) in commands.items():  # warm the caches once, and check
        expected = 1 if "refused" in name else 0  # that each command does what it says
        if exit_code(cmd, before) != expected and not name.startswith("  "):
            raise SystemExit(f"{name}: {' '.join(cmd)} did not exit {expected}")
    for _ in range(args.rounds):
        for name, (cmd, before) in commands.items():
            c, w = run_once(cmd, before)
            cpu[name].append(c)
            wall[name].append(w)
    base = statistics.median(cpu["python -c 'import typer'"])
    wbase = statistics.median(wall["python -c 'import typer'"])
    plays = sum(len(d.plays) for d in long_match("basra", deals=args.deals).deals)
    print(
        f"logs: Basra {args.deals} deals + 1 open ({plays} plays), Bura 40 deals + 1 open; "
        f"{args.rounds} interleaved rounds, medians"
        + ("; every log read whole (no memo)" if args.no_memo else "")
    )
    print(f"{'command':28s} {'CPU ms':>8s} {'ratio':>6s}   {'wall ms':>8s} {'ratio':>6s}")
    for name in commands:
        c, w = statistics.median(cpu[name]) * 1000, statistics.median(wall[name]) * 1000
        print(f"{name:28s} {c:8.1f} {c / base / 1000:6.2f}x  {w:8.1f} {w / wbase / 1000:6.2f}x")
    shutil.rmtree(folder)
    return 0


def first_dealer(path: Path) -> list[str]:
    """``--dealer`` for the log's first deal when ``deal`` makes it (no deal finished)."""
    match, _ = load(path)
    return ["--dealer", match.deals[0].dealer] if len(match.deals) == 1 else []


def replay_card(path: Path) -> str:
    """A card the player to move holds, for `options`."""
    return next_play(path)[1]


if __name__ == "__main__":
    sys.exit(main())
