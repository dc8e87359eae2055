"""The director's commands as plain functions over a tournament folder (the edge): each
writing command locks ``tournament.toml``, counts every result it finds not yet counted,
changes the tournament and writes it atomically. A round's logs are written before the
tournament file that names them, so that a killed ``pair`` leaves the old tournament whole
(logs it does not name are not part of it, and the next ``pair`` writes them again)."""

from __future__ import annotations

import datetime as dt
import math
import os
import secrets
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from referee.messages import join, plural_sentence, sentence
from referee.problems import RefereeError
from referee.tournament.model import (
    DEFAULT_TIEBREAKS,
    Count,
    Decision,
    Entrant,
    Points,
    Round,
    Table,
    Tournament,
)
from referee.tournament.names import check_entrants, entrant, table_size_for
from referee.tournament.pairing import Pairing
from referee.tournament.reader import seating
from referee.tournament.results import LogFacts, table_result
from referee.tournament.store import (
    all_facts,
    dumps,
    file_of,
    file_problems,
    load,
    log_path,
    problem,
    read_all,
    save,
)
from referee.tournament.verify import standing_for
from referee.words.terms import when_said

Facts = dict[tuple[int, int], LogFacts | None]


def free_text(text: str, key: str) -> None:
    """Hold the tournament's name or a reason to the rule the tournament file is read by
    (:func:`referee.text.text_problem`): what a command writes, the file accepts."""
    from referee.text import text_problem

    if (why := text_problem(text)) is not None:
        raise problem("tournament.file", sentence("{key}: {why}", key=key, why=why))


def now() -> str:
    """The time of a record: UTC, to the second."""
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@contextmanager
def changing(folder: Path) -> Iterator[Tournament]:
    """Lock, read, yield the tournament to change, then write it (unless an error)."""
    from referee.logfile import locked

    with locked(file_of(folder)) as real:
        t = load(folder, real)
        yield t
        save(real, t)


def create(folder: Path, t: Tournament, rounds: int | None, size: int | None) -> Tournament:
    """Check a new tournament and write the folder's file (never over an existing one)."""
    from referee.logfile import write_new
    from referee.tournament.seats import layout

    if file_of(folder).exists() or file_of(folder).is_symlink():
        raise problem(
            "tournament.file",
            sentence(
                "{file} already holds a tournament; choose another folder",
                file=str(file_of(folder)),
            ),
        )
    free_text(t.name, "name")
    check_entrants(t.entrants)
    t.table_size = table_size_for(t.game, t.variant, t.rules, t.teams, size)
    n = len(t.entrants)
    if n < max(2, t.sides_per_table):
        raise unpairable(n, t.sides_per_table)
    if t.system == "round-robin":
        if t.sides_per_table != 2:
            raise problem("tournament.file", sentence("a round robin is for two sides a table"))
        need = n - 1 if n % 2 == 0 else n
        if rounds not in (None, need):
            raise problem(
                "tournament.file",
                plural_sentence(
                    "a round robin of {count} sides has {n} round, not {rounds}",
                    "a round robin of {count} sides has {n} rounds, not {rounds}",
                    need,
                    count=n,
                    rounds=rounds,
                ),
            )
        rounds = need
    if rounds is not None and rounds < 1:
        raise problem(
            "tournament.file", sentence("--rounds is at least 1, not {rounds}", rounds=rounds)
        )
    t.rounds = rounds or max(1, math.ceil(math.log2(n)))
    t.tiebreaks = t.tiebreaks or DEFAULT_TIEBREAKS[t.system]
    t.seed = t.seed or secrets.token_hex(8)
    if not layout(t, n)[0]:
        raise unpairable(n, t.sides_per_table)
    folder.mkdir(parents=True, exist_ok=True)
    write_new(file_of(folder), dumps(t))
    return t


def count_new(t: Tournament, facts: Facts) -> None:
    """Record the digest of every result found not yet counted (decided tables too)."""
    for rnd in t.paired:
        for tb in rnd.tables:
            f = facts.get((rnd.number, tb.number))
            if f is None or f.problem is not None or tb.count() is not None:
                continue
            decided = tb.decision() is not None
            if not (f.complete or decided) or (tb.counts and tb.counts[-1].digest == f.digest):
                continue
            tb.counts.append(
                Count(f.digest, dict(f.totals), f.winner, t.current, now(), None, f.complete)
            )


def uncounted(t: Tournament) -> set[tuple[int, int]]:
    """The tables whose logs a writing command must read: not counted, or the current round."""
    return {
        (r.number, tb.number)
        for r in t.paired
        for tb in r.tables
        if tb.count() is None or r.number == t.current
    }


def add(folder: Path, text: str) -> Entrant:
    """A late entrant, paired from the next round with 0 match points."""
    with changing(folder) as t:
        refuse_closed(t)
        e = entrant(text, False)
        if t.teams != bool(e.members):
            raise problem(
                "tournament.file", sentence("entrants are all teams or all players, not both")
            )
        check_entrants([*t.entrants, e])
        if t.system == "round-robin":
            if t.current:
                raise problem(
                    "tournament.round", sentence("a round robin takes no entrant once it has begun")
                )
            n = len(t.entrants) + 1
            t.rounds = n - 1 if n % 2 == 0 else n
        e.joined = t.current + 1
        count_new(t, all_facts(folder, t, uncounted(t)))
        t.entrants.append(e)
    return e


def drop(folder: Path, name: str) -> Entrant:
    """A withdrawal: not paired from the next round; earlier results stand."""
    with changing(folder) as t:
        refuse_closed(t)
        e = t.entrant(name)
        if e is None:
            raise problem(
                "tournament.file",
                sentence(
                    "{name} is not an entrant ({names})",
                    name=repr(name),
                    names=join(x.name for x in t.entrants),
                ),
            )
        if e.withdrawn is not None:
            raise problem(
                "tournament.file", sentence("{name} has already withdrawn", name=repr(name))
            )
        e.withdrawn = t.current + 1
        count_new(t, all_facts(folder, t, uncounted(t)))
    return e


def unpairable(count: int, size: int) -> Exception:
    """The entrants cannot be seated at tables of ``size``."""
    return problem(
        "tournament.file",
        plural_sentence(
            "{n} side cannot be paired at tables of {size}",
            "{n} sides cannot be paired at tables of {size}",
            count,
            size=size,
        ),
    )


def refuse_closed(t: Tournament) -> None:
    if t.closed is not None:
        raise problem(
            "tournament.round",
            sentence("the tournament was closed at {time}", time=when_said(t.closed)),
        )


def pending(t: Tournament, facts: Facts) -> list[int]:
    """The tables of the current round without a result."""
    if not t.paired:
        return []
    rnd = t.paired[-1]
    return [
        tb.number
        for tb in rnd.tables
        if table_result(t, tb, facts.get((rnd.number, tb.number))) is None
    ]


def count_all_in(folder: Path, t: Tournament) -> None:
    """Count every result of the current round not yet counted (its digest recorded), or
    refuse while a table has none (``tournament.pending``)."""
    facts = all_facts(folder, t, uncounted(t))
    waiting = pending(t, facts)
    if waiting:
        said = (
            sentence(
                "round {round}: no result yet at tables {tables} and {last}",
                round=t.current,
                tables=join(waiting[:-1]),
                last=waiting[-1],
            )
            if len(waiting) > 1
            else sentence(
                "round {round}: no result yet at table {table}", round=t.current, table=waiting[0]
            )
        )
        raise problem("tournament.pending", said)
    count_new(t, facts)


def pair(folder: Path) -> Round:
    """Pair the next round, start its tables' logs, record it."""
    from referee.logfile import locked

    with locked(file_of(folder)) as real:
        t = load(folder, real)
        refuse_closed(t)
        if t.current >= t.rounds:
            raise problem(
                "tournament.round",
                sentence("every round has been paired ({rounds})", rounds=t.rounds),
            )
        count_all_in(folder, t)
        rnd = next_round(t)
        write_logs(folder, t, rnd)
        t.paired.append(rnd)
        save(real, t)
    return rnd


def next_round(t: Tournament) -> Round:
    """The next round as pairing gives it (its logs not yet written)."""
    from referee.tournament.pairing import pair as pair_round
    from referee.tournament.seats import layout

    r = t.current + 1
    mp, hist = standing_for(t, r)
    active = t.active(r)
    if len(active) < 2 or not layout(t, len(active))[0]:
        raise problem(
            "tournament.round",
            plural_sentence(
                "{n} active side cannot be paired at tables of {size}",
                "{n} active sides cannot be paired at tables of {size}",
                len(active),
                size=t.sides_per_table,
            ),
        )
    return round_of(t, r, pair_round(t, r, mp, hist), mp)


def round_of(t: Tournament, r: int, p: Pairing, mp: Mapping[str, int]) -> Round:
    """Round ``r`` from its pairing: tables numbered, players seated, logs named."""
    tables = []
    for i, sides in enumerate(p.tables, 1):
        players = seating([t.entrant(s) or Entrant(s) for s in sides])
        tables.append(Table(i, tuple(sides), tuple(players), f"round-{r}/table-{i}.toml"))
    paired = [s for x in p.tables for s in x] + list(p.byes)
    return Round(r, tables, p.byes, {s: mp[s] for s in paired}, now())


def write_logs(folder: Path, t: Tournament, rnd: Round) -> None:
    """Start every table's log; a leftover of a killed ``pair`` (this round and table's
    event, no deal: its players may differ if entrants changed since) is written again,
    anything else at that path is refused."""
    from referee.lang import LANGUAGES, plain
    from referee.logfile import dumps as log_bytes
    from referee.logfile import load, write_atomic, write_new
    from referee.logformat import new_match

    for tb in rnd.tables:
        said = sentence(
            "{name}, round {round}, table {table}", name=t.name, round=rnd.number, table=tb.number
        )
        event = plain(said)  # in the director's language: the table's referees read it
        match, problems = new_match(
            t.game, list(tb.players), t.variant, dict(t.rules), event, dt.date.today()
        )
        if match is None or problems:
            raise RefereeError(problems)
        path = log_path(folder, tb.log)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not _within(path, folder):
            raise problem(
                "tournament.round",
                sentence(
                    "{log} leads outside the tournament's folder (a symbolic link); move the "
                    "link away",
                    log=tb.log,
                ),
            )
        if path.exists() or path.is_symlink():
            try:
                old, _ = load(path)
            except RefereeError:
                old = None
            if old is None or old.deals or old.event not in {plain(said, c) for c in LANGUAGES}:
                raise problem(
                    "tournament.round",
                    sentence(
                        "{log} exists and is not part of the tournament; move it away", log=tb.log
                    ),
                )
            write_atomic(path, log_bytes(match))
        else:
            write_new(path, log_bytes(match))


def _within(path: Path, folder: Path) -> bool:
    """Is ``path`` inside ``folder`` once every link on the way is followed? (A round's
    folder or log that is a link would send the logs elsewhere.)"""
    top = os.path.realpath(folder)
    return os.path.realpath(path).startswith(top.rstrip(os.sep) + os.sep) and not path.is_symlink()


def find_table(t: Tournament, number: int, round_number: int | None) -> tuple[Round, Table]:
    r = round_number or t.current
    if not 1 <= r <= t.current:
        raise problem("tournament.round", sentence("round {round} has not been paired", round=r))
    rnd = t.paired[r - 1]
    tb = rnd.table(number)
    if tb is None:
        raise problem(
            "tournament.table",
            sentence("round {round} has no table {table}", round=r, table=number),
        )
    return rnd, tb


def decide(
    folder: Path, number: int, make: Callable[[Tournament, Table, LogFacts | None], Decision | None]
) -> tuple[Table, Decision | None]:
    """Record a decision for a table of the current round (``make`` builds it; None: the
    last decision taken back)."""
    with changing(folder) as t:
        refuse_closed(t)
        rnd, tb = find_table(t, number, None)
        facts = all_facts(folder, t, uncounted(t))
        d = make(t, tb, facts.get((rnd.number, tb.number)))
        if d is None:
            last = tb.decision()
            if last is None:
                raise problem(
                    "tournament.table",
                    sentence("table {table} has no decision to take back", table=number),
                )
            last.undone, last.undone_during = now(), t.current
        else:
            tb.decisions.append(d)
        count_new(t, facts)
    return tb, d


def decision(
    kind: str, reason: str, absent: list[str], points: dict[str, int]
) -> Callable[[Tournament, Table, LogFacts | None], Decision]:
    """A maker of the decision ``kind`` for :func:`decide`, its sides checked."""
    free_text(reason, "reason")

    def make(t: Tournament, tb: Table, f: LogFacts | None) -> Decision:
        for s in [*absent, *points]:
            if s not in tb.sides:
                raise problem(
                    "tournament.table",
                    sentence(
                        "{side} is not at table {table} ({sides})",
                        side=repr(s),
                        table=tb.number,
                        sides=join(tb.sides),
                    ),
                )
        totals = dict(f.totals) if f is not None and f.problem is None else {}
        if kind == "time" and (f is None or f.problem is not None):
            raise problem(
                "tournament.table",
                sentence(
                    "{log}: time cannot be called on a log that does not verify: {problem}",
                    log=tb.log,
                    problem=f.problem.said() if f and f.problem else sentence("the log is missing"),
                ),
            )
        return Decision(
            kind, reason, t.current, now(), tuple(dict.fromkeys(absent)), dict(points), totals
        )

    return make


def recount(folder: Path, number: int, round_number: int | None, reason: str) -> Count:
    """Accept a log that changed after it was counted, with the reason."""
    free_text(reason, "reason")
    with changing(folder) as t:
        rnd, tb = find_table(t, number, round_number)
        facts = all_facts(folder, t, uncounted(t) | {(rnd.number, tb.number)})
        f = facts.get((rnd.number, tb.number))
        last = tb.count()
        if last is None:
            raise problem(
                "tournament.table",
                sentence("{log} has not been counted yet; nothing to recount", log=tb.log),
            )
        if f is None or f.problem is not None or not f.complete:
            why = (
                sentence("the log is missing")
                if f is None
                else f.problem.said()
                if f.problem
                else sentence("the match is not decided")
            )
            raise problem(
                "tournament.table",
                sentence("{log} cannot be counted: {problem}", log=tb.log, problem=why),
            )
        if f.digest == last.digest:
            raise problem(
                "tournament.changed",
                sentence("{log} has not changed since it was counted", log=tb.log),
            )
        count_new(t, facts)
        c = Count(f.digest, dict(f.totals), f.winner, t.current, now(), reason)
        tb.counts.append(c)
    return c


def close(folder: Path) -> Tournament:
    """After the last round: count its results and end the tournament."""
    with changing(folder) as t:
        refuse_closed(t)
        if t.current < t.rounds:
            raise problem(
                "tournament.round",
                sentence(
                    "round {round} of {rounds} is the last paired; pair every round first",
                    round=t.current,
                    rounds=t.rounds,
                ),
            )
        count_all_in(folder, t)
        t.closed = now()
    return t


__all__ = [
    "Points",
    "Tournament",
    "add",
    "all_facts",
    "close",
    "create",
    "decide",
    "drop",
    "entrant",
    "file_problems",
    "pair",
    "read_all",
    "recount",
]
