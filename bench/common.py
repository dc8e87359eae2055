"""Helpers for the benchmark scripts: a long match log, interleaved timing, medians."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from referee.log.file import dumps
from referee.match import replay
from referee.record import Match
from referee.registry import GAMES
from referee.table.simulate import simulate_match


def long_match(game: str = "basra", deals: int = 10, seed: int = 3) -> Match:
    """``deals`` complete deals and an open one half played (the target set out of reach)."""
    match = simulate_match(
        game,
        GAMES[game].default_variant,
        2,
        seed,
        overrides={"target": 100_000},
        deals=deals + 1,
    )
    last = match.deals[-1]
    last.plays = last.plays[: len(last.plays) // 2]
    last.score = None
    match.result_totals = None
    match.result_winner = None
    replayed = replay(match)
    assert not replayed.problems and replayed.state is not None and not replayed.state.finished
    match.result_totals = dict(replayed.totals)
    return match


def write_long_match(path: Path, game: str = "basra") -> Match:
    match = long_match(game)
    path.write_bytes(dumps(match))
    return match


def referee_command() -> list[str]:
    """The installed console script next to this interpreter, else ``python -m referee``;
    ``REFEREE_BIN`` names another (an older install, to compare)."""
    other = os.environ.get("REFEREE_BIN")
    if other:
        return [other]
    script = Path(sys.executable).with_name("referee")
    if script.exists():
        return [str(script)]
    found = shutil.which("referee")
    return [found] if found else [sys.executable, "-m", "referee"]


def run_once(cmd: list[str], before: Callable[[], None] | None = None) -> float:
    if before is not None:
        before()
    env = dict(os.environ)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def interleaved(
    commands: dict[str, tuple[list[str], Callable[[], None] | None]], rounds: int
) -> dict[str, list[float]]:
    """Run every command once per round, in turn, so that noise hits them alike."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for cmd, before in commands.values():  # warm the caches once
        run_once(cmd, before)
    for _ in range(rounds):
        for name, (cmd, before) in commands.items():
            times[name].append(run_once(cmd, before))
    return times


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000
