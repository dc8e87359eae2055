"""Nothing recorded is ever lost: SIGKILL during writes, concurrent writers, undo after a
crash. These run the real command in subprocesses."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from referee.log.file import dumps, load_bytes
from referee.match import replay
from referee.record import FishPlay
from referee.table.simulate import simulate_match

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and flock")
REFEREE = [sys.executable, "-m", "referee"]


def opening(tmp_path: Path) -> tuple[Path, list[FishPlay]]:
    """A match file holding one deal with no plays yet, and the plays to come."""
    full = simulate_match("basra", "egyptian", 2, 5)
    plays = [e for e in full.deals[0].plays if isinstance(e, FishPlay)]
    start = simulate_match("basra", "egyptian", 2, 5)
    start.deals = start.deals[:1]
    start.deals[0].plays = []
    start.deals[0].score = None
    start.result_totals = start.result_winner = None
    path = tmp_path / "match.toml"
    path.write_bytes(dumps(start))
    return path, plays


def play_args(path: Path, e: FishPlay) -> list[str]:
    args = [*REFEREE, "play", str(e.card), "--by", e.by, "-f", str(path)]
    return args + (["--takes", " ".join(map(str, e.takes))] if e.takes else ["--trail"])


def entries(data: bytes) -> int:
    match, problems = load_bytes(data)
    assert match is not None and problems == [], problems
    assert replay(match).problems == []
    return len(match.deals[0].plays)


def kill_runs(
    path: Path, plays: list[FishPlay], kills: int, rng: random.Random, max_runs: int = 10_000
) -> tuple[int, int, int]:
    """Run `referee play` for the plays in turn and SIGKILL it at random moments; after
    every run the log must be whole: the old one, or the old one plus the play. The deal is
    started again when it is complete. Returns (kills, plays recorded, plays in the log)."""
    start = path.read_bytes()
    killed = done = recorded = 0
    for _ in range(max_runs):
        if killed >= kills:
            break
        if done == len(plays):
            path.write_bytes(start)
            done = 0
        before = path.read_bytes()
        proc = subprocess.Popen(
            play_args(path, plays[done]), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(rng.uniform(0.0, 0.3))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            killed += 1
        proc.wait()
        after = path.read_bytes()
        now = entries(after)  # always a complete, valid log
        assert after == before or now == done + 1, "a torn or lost write"
        recorded += now - done
        done = now
    return killed, recorded, done


def test_sigkill_leaves_the_old_log_or_the_new_one(tmp_path: Path) -> None:
    path, plays = opening(tmp_path)
    kills, _, done = kill_runs(path, plays, 8, random.Random(7), max_runs=60)
    assert kills >= 5, "the kills should land during the runs"
    (tmp_path / f".{path.name}.99999.1.tmp").write_bytes(b"a killed writer's leftover")
    # the lock died with the process: the next writer and undo work
    result = subprocess.run(
        [*REFEREE, "undo", "-f", str(path)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert not list(tmp_path.glob("*.tmp")), "leftovers of killed writers are cleared"
    match, problems = load_bytes(path.read_bytes())
    assert match is not None and not problems
    if done:  # the last play is taken back
        assert entries(path.read_bytes()) == done - 1
    else:  # no play yet: the empty deal is taken back
        assert match.deals == []


def test_two_writers_never_lose_an_entry(tmp_path: Path) -> None:
    """Writer A holds the log for a while to add one play; writer B, started meanwhile,
    must wait and add the next play on top, not overwrite A's."""
    path, plays = opening(tmp_path)
    first, second = plays[0], plays[1]
    slow = textwrap.dedent(f"""
        import time
        from pathlib import Path
        from referee.cards import Card, parse_cards
        from referee.record import FishPlay
        from referee.table.session import Table
        def change(match, replayed):
            state = replayed.state
            entry = FishPlay({first.by!r}, Card.parse({str(first.card)!r}),
                             parse_cards({" ".join(map(str, first.takes))!r}))
            state.apply(entry)
            match.deals[-1].plays.append(entry)
            time.sleep(1.0)
            return None, None
        Table(Path({str(path)!r})).change(change)
    """)
    a = subprocess.Popen([sys.executable, "-c", slow])
    time.sleep(0.4)  # A has the lock now
    b = subprocess.run(play_args(path, second), capture_output=True, text=True, timeout=60)
    assert a.wait(timeout=60) == 0
    assert b.returncode == 0, b.stderr
    assert entries(path.read_bytes()) == 2


def test_unreadable_file_is_never_replaced(tmp_path: Path) -> None:
    path = tmp_path / "match.toml"
    path.write_bytes(b"\x00\xff garbage")
    result = subprocess.run(
        [*REFEREE, "play", "7D", "-f", str(path)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert path.read_bytes() == b"\x00\xff garbage"


def test_newer_version_is_refused_not_overwritten(tmp_path: Path) -> None:
    path, plays = opening(tmp_path)
    text = path.read_text().replace("version = 1", "version = 2")
    path.write_text(text)
    result = subprocess.run(play_args(path, plays[0]), capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "version 2" in result.stderr
    assert path.read_text() == text


def test_write_is_atomic_in_the_same_folder(tmp_path: Path) -> None:
    from referee.log.file import write_atomic

    path = tmp_path / "m.toml"
    path.write_bytes(b"old")
    path.chmod(0o600)
    write_atomic(path, b"new")
    assert path.read_bytes() == b"new"
    assert path.stat().st_mode & 0o777 == 0o600  # the log keeps its permissions
    leftovers = [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    assert leftovers == []
