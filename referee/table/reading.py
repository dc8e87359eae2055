"""A log read for the table: clean or refused, and a long one through its memo.

Every table command starts here. A log of ``LONG_LOG`` bytes or more is read through its
memo (table/memo.py) when one holds for its bytes: the deals before its last come from the
memo, and only the deals after them are read and replayed. ``verify`` reads every log
whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from referee.log.file import load, load_bytes, read_path, real_path
from referee.match import Replay, replay
from referee.problems import Problem, RefereeError
from referee.record import Match

LONG_LOG = 8192  # bytes from which a log's memo saves more than it costs (bench/README.md)


class Opened(NamedTuple):
    """A clean log as read: its match, its replay, its bytes, and how many of them (the
    canonical bytes before a deal) came through its memo, with the deals they hold; both
    None when it was read whole."""

    match: Match
    replayed: Replay
    raw: bytes
    head: int | None
    kept: int | None = None


def open_log(path: Path, label: Path | None = None, keep: bool = True, memo: bool = True) -> Opened:
    """Read and replay a log; any problem at all is raised (a table command needs a clean
    log to build on). With ``memo``, a long log is read through its memo where one holds
    for its bytes, and ``keep`` keeps one when it was read whole. Messages name ``label``
    (the path as typed) when given."""
    raw = read_path(path, label)
    long = memo and len(raw) >= LONG_LOG
    if long:
        from referee.table.memo import recall  # the memo's code: for a long log only

        found = recall(real_path(path), raw)
        if found is not None:
            return Opened(found[0], found[1], raw, found[2], found[3])
    match, problems = load_bytes(raw)
    if match is None:
        raise RefereeError(problems)
    replayed = replay(match, problems)
    if replayed.problems:
        raise RefereeError(replayed.problems)
    if long and keep:
        from referee.table.memo import remember

        remember(real_path(path), raw, match, replayed, written=False)
    return Opened(match, replayed, raw, None)


def open_match(path: Path, label: Path | None = None) -> tuple[Match, Replay]:
    """The match and replay of a clean log (``open_log``)."""
    opened = open_log(path, label)
    return opened.match, opened.replayed


def check_log(path: Path) -> tuple[Match | None, Replay | None, list[Problem]]:
    """Verify one log, read whole: every problem found, never raised except for an
    unreadable file."""
    try:
        match, problems = load(path)
    except RefereeError as err:
        return None, None, err.problems
    if match is None:
        return None, None, problems
    replayed = replay(match, problems)
    return match, replayed, replayed.problems
