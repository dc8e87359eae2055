"""What ``referee serve`` serves, read from the files at every request: a tournament folder
(every round's tables, the current round's open to entries) or one match log.

Nothing is remembered that the files do not say: what is parsed and replayed is kept by
the SHA-256 of the bytes it came from (and, for a tournament's table, what the table
expects of its log), so a change on disk is seen at the next request, whoever made it.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.log.file import load_bytes, read_path
from referee.match import replay
from referee.problems import Problem, RefereeError
from referee.tournament.results import LogFacts
from referee.tournament.store import belongs, expected_rules, file_of, load, log_path, parse

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.record import Match
    from referee.tournament.model import Tournament
    from referee.tournament.results import LogFacts

CACHED = 512  # logs kept parsed and replayed (by digest): a tournament's rounds and more
MISSING = "-"  # the digest said of a file that is not there


@dataclass(frozen=True)
class Seat:
    """One table served: its round and number (None for a single match), its sides and
    players, its log, and whether it takes entries now (the current round of a tournament
    not yet closed; a single match always)."""

    round: int | None
    table: int | None
    sides: tuple[str, ...]
    players: tuple[str, ...]
    path: Path
    open: bool

    @property
    def name(self) -> str:
        """The seat's name in the key file: ``round/table``, or ``match``."""
        return "match" if self.round is None else f"{self.round}/{self.table}"


@dataclass(frozen=True)
class Log:
    """A log as read now: the digest of its bytes, its entries (each deal one, each entry
    of a deal one), the match and its replay when readable, its first problem (or why it is
    not the table's), and what a tournament counts of it."""

    digest: str
    entries: int
    match: Match | None
    replayed: Replay | None
    problem: Problem | None
    facts: LogFacts | None = None

    @property
    def usable(self) -> bool:
        """Readable, replayed without a problem, and the table's own."""
        return self.problem is None and self.match is not None and self.replayed is not None


def entries_of(match: Match) -> int:
    """The entries of a log as serve.md counts them: each deal one, each entry of a deal
    one (a change of the header counts none)."""
    return len(match.deals) + sum(len(d.plays) for d in match.deals)


def digest_of(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes now (:data:`MISSING` when it cannot be read)."""
    try:
        return digest_of(read_path(path))
    except RefereeError:
        return MISSING


_logs: OrderedDict[tuple[object, ...], Log] = OrderedDict()
_guard = threading.Lock()


def _remember(key: tuple[object, ...], log: Log) -> Log:
    with _guard:
        _logs[key] = log
        while len(_logs) > CACHED:
            _logs.popitem(last=False)
    return log


def _recalled(key: tuple[object, ...]) -> Log | None:
    with _guard:
        log = _logs.get(key)
        if log is not None:
            _logs.move_to_end(key)
        return log


Want = tuple[str, str, tuple[str, ...], tuple[tuple[str, Any], ...]]  # game, variant, players,
# rules: what a tournament's table expects of its log (None for a single match)


def read_log(path: Path, want: Want | None = None) -> Log:
    """The log at ``path`` as it is now (with ``want``, checked to be that table's)."""
    try:
        raw = read_path(path)
    except RefereeError as e:
        return Log(MISSING, 0, None, None, e.problems[0])
    digest = digest_of(raw)
    key = (str(path), digest, want)
    known = _recalled(key)
    if known is not None:
        return known
    return _remember(key, _replayed(raw, digest, want))


def _replayed(raw: bytes, digest: str, want: Want | None) -> Log:
    """A log's bytes read and replayed (what :func:`referee.tournament.store.read_log`
    counts of a table's log, from bytes already read)."""

    match, problems = load_bytes(raw)
    if match is None:
        facts = LogFacts(digest, problems[0], 0, {}, None, False) if want else None
        return Log(digest, 0, None, None, problems[0], facts)
    replayed = replay(match, problems)
    problem = replayed.problems[0] if replayed.problems else None
    facts = None
    if want is not None:
        why = None if problem else belongs(match, want[0], want[1], list(want[2]), dict(want[3]))
        if why is not None:
            problem = Problem("tournament.table", why)
        totals = dict(replayed.totals)
        facts = LogFacts(
            digest, problem, len(replayed.deals), totals, replayed.winner, replayed.complete
        )
    return Log(digest, entries_of(match), match, replayed, problem, facts)


class Served:
    """A tournament folder (``folder``) or a single match log (``log``): its seats, their
    logs, the tournament, and the files ``referee serve`` keeps beside them."""

    def __init__(self, folder: Path | None = None, log: Path | None = None) -> None:
        assert (folder is None) != (log is None)
        self.folder = folder
        self.log = log

    @property
    def single(self) -> bool:
        return self.log is not None

    def beside(self, name: str) -> Path:
        """A file of serve's own: ``referee-NAME`` in the tournament folder, or beside the
        single log as ``LOG.NAME``."""
        if self.log is not None:
            return self.log.parent / f"{self.log.name}.{name}"
        assert self.folder is not None
        return self.folder / f"referee-{name}"

    @property
    def keys_path(self) -> Path:
        return self.beside("serve-keys.json")

    @property
    def lock_path(self) -> Path:
        return self.beside("serve.lock")

    def watched(self) -> Path:
        """The file whose change changes the seats: the tournament file, or the log."""
        if self.log is not None:
            return self.log

        assert self.folder is not None
        return file_of(self.folder)

    def tournament(self) -> Tournament:
        """The tournament now (refused with its problems when the file has any)."""
        return self._event().t

    def _event(self) -> _Event:
        """The tournament file as read now, with what is derived from it alone (its seats,
        the rules its tables play), kept by the digest of its bytes."""

        assert self.folder is not None
        path = file_of(self.folder)
        if not path.exists():
            load(self.folder)  # says there is no tournament here
        raw = read_path(path)
        key = (str(path), digest_of(raw))
        with _guard:
            known = _events.get(key)
        if known is not None:
            return known
        t, problems = parse(raw)
        if t is None or problems:
            raise RefereeError(problems)
        event = _Event(t, self.folder)
        with _guard:
            _events.clear()
            _events[key] = event
        return event

    def seats(self) -> list[Seat]:
        """Every table served, round by round (a single match: its one table)."""
        if self.log is not None:
            log = read_log(self.log)
            sides = tuple(log.match.sides) if log.match is not None else ()
            players = tuple(log.match.players) if log.match is not None else ()
            return [Seat(None, None, sides, players, self.log, True)]
        return list(self._event().seats)

    def want(self, seat: Seat) -> Want | None:
        """What the seat's table expects of its log (None for a single match)."""
        if seat.round is None:
            return None
        event = self._event()
        return (event.t.game, event.t.variant, seat.players, event.rules)

    def read(self, seat: Seat) -> Log:
        return read_log(seat.path, self.want(seat))

    def tag(self, seats: list[Seat]) -> str:
        """A digest of every file a page of ``seats`` shows: it changes with any of them."""
        parts = [file_digest(self.watched()), *(file_digest(s.path) for s in seats)]
        return digest_of(" ".join(parts).encode())[:16]


class _Event:
    """A tournament file's values and what follows from them alone."""

    def __init__(self, tournament: Tournament, folder: Path) -> None:
        self.t = tournament
        self.rules = tuple(sorted(expected_rules(tournament).items()))
        self.seats = tuple(
            Seat(
                r.number,
                tb.number,
                tuple(tb.sides),
                tuple(tb.players),
                log_path(folder, tb.log),
                r.number == tournament.current and tournament.closed is None,
            )
            for r in tournament.paired
            for tb in r.tables
        )


_events: dict[tuple[str, str], _Event] = {}
