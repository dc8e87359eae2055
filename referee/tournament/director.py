"""The director's commands as plain functions over a tournament folder (the edge): each
writing command locks ``tournament.toml``, counts every result it finds not yet counted,
changes the tournament and writes it atomically. A round's logs are written before the
tournament file that names them, so that a killed ``pair`` leaves the old tournament whole
(logs it does not name are not part of it, and the next ``pair`` writes them again)."""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from referee.log.file import locked, write_new
from referee.messages import join, plural_sentence, sentence
from referee.text import text_problem
from referee.tournament.commands import decide_commands, tables_said, tournament_command
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
from referee.tournament.results import LogFacts, table_result
from referee.tournament.rounds import next_round, now, round_of, write_logs
from referee.tournament.seats import layout
from referee.tournament.store import (
    all_facts,
    dumps,
    file_of,
    file_problems,
    load,
    problem,
    read_all,
    save,
)
from referee.words.rulings import problem_said
from referee.words.terms import when_said

Facts = dict[tuple[int, int], LogFacts | None]


@dataclass
class Done:
    """What a writing command left, for the caller to say the next step: the tournament
    as written and the facts of the logs it read (the current round's among them)."""

    tournament: Tournament | None = None
    facts: Facts = field(default_factory=dict)

    def keep(self, tournament: Tournament, facts: Facts) -> None:
        self.tournament, self.facts = tournament, facts


def free_text(text: str, key: str) -> None:
    """Hold the tournament's name or a reason to the rule the tournament file is read by
    (:func:`referee.text.text_problem`): what a command writes, the file accepts."""

    if (why := text_problem(text)) is not None:
        raise problem("tournament.file", sentence("{key}: {why}", key=key, why=why))


@contextmanager
def changing(folder: Path) -> Iterator[Tournament]:
    """Lock, read, yield the tournament to change, then write it (unless an error)."""

    with locked(file_of(folder)) as real:
        t = load(folder, real)
        yield t
        save(real, t)


def create(
    folder: Path, tournament: Tournament, rounds: int | None, size: int | None
) -> Tournament:
    """Check a new tournament and write the folder's file (never over an existing one)."""

    if file_of(folder).exists() or file_of(folder).is_symlink():
        raise problem(
            "tournament.file",
            sentence(
                "{file} already holds a tournament; choose another folder",
                file=str(file_of(folder)),
            ),
        )
    free_text(tournament.name, "name")
    check_entrants(tournament.entrants)
    tournament.table_size = table_size_for(
        tournament.game, tournament.variant, tournament.rules, tournament.teams, size
    )
    n = len(tournament.entrants)
    if n < max(2, tournament.sides_per_table):
        raise unpairable(n, tournament.sides_per_table)
    if tournament.system == "round-robin":
        if tournament.sides_per_table != 2:
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
    tournament.rounds = rounds or max(1, math.ceil(math.log2(n)))
    tournament.tiebreaks = tournament.tiebreaks or DEFAULT_TIEBREAKS[tournament.system]
    tournament.seed = tournament.seed or secrets.token_hex(8)
    if not layout(tournament, n)[0]:
        raise unpairable(n, tournament.sides_per_table)
    folder.mkdir(parents=True, exist_ok=True)
    write_new(file_of(folder), dumps(tournament))
    return tournament


def count_new(tournament: Tournament, facts: Facts) -> None:
    """Record the digest of every result found not yet counted (decided tables too)."""
    for rnd in tournament.paired:
        for tb in rnd.tables:
            f = facts.get((rnd.number, tb.number))
            if f is None or f.problem is not None or tb.count() is not None:
                continue
            decided = tb.decision() is not None
            if not (f.complete or decided) or (tb.counts and tb.counts[-1].digest == f.digest):
                continue
            tb.counts.append(
                Count(
                    f.digest, dict(f.totals), f.winner, tournament.current, now(), None, f.complete
                )
            )


def uncounted(tournament: Tournament) -> set[tuple[int, int]]:
    """The tables whose logs a writing command must read: not counted, or the current round."""
    return {
        (r.number, tb.number)
        for r in tournament.paired
        for tb in r.tables
        if tb.count() is None or r.number == tournament.current
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


def refuse_closed(tournament: Tournament) -> None:
    if tournament.closed is not None:
        raise problem(
            "tournament.round",
            sentence("the tournament was closed at {time}", time=when_said(tournament.closed)),
        )


def pending(tournament: Tournament, facts: Facts) -> list[int]:
    """The tables of the current round without a result."""
    if not tournament.paired:
        return []
    rnd = tournament.paired[-1]
    return [
        tb.number
        for tb in rnd.tables
        if table_result(tournament, tb, facts.get((rnd.number, tb.number))) is None
    ]


def count_all_in(folder: Path, tournament: Tournament) -> Facts:
    """Count every result of the current round not yet counted (its digest recorded), or
    refuse while a table has none (``tournament.pending``)."""

    facts = all_facts(folder, tournament, uncounted(tournament))
    waiting = pending(tournament, facts)
    if waiting:
        decide = decide_commands(waiting[0], folder)
        said = (
            sentence(
                "round {round}: no result yet at tables {tables}; each table finishes its "
                "match, or the director decides it: {decide}",
                round=tournament.current,
                tables=tables_said(waiting),
                decide=decide,
            )
            if len(waiting) > 1
            else sentence(
                "round {round}: no result yet at table {table}; the table finishes its "
                "match, or the director decides it: {decide}",
                round=tournament.current,
                table=waiting[0],
                decide=decide,
            )
        )
        raise problem("tournament.pending", said)
    count_new(tournament, facts)
    return facts


def pair(folder: Path, done: Done | None = None) -> Round:
    """Pair the next round, start its tables' logs, record it."""

    with locked(file_of(folder)) as real:
        t = load(folder, real)
        refuse_closed(t)
        if t.current >= t.rounds:
            raise problem(
                "tournament.round",
                sentence("every round has been paired ({rounds})", rounds=t.rounds),
            )
        facts = count_all_in(folder, t)
        rnd = next_round(t)
        write_logs(folder, t, rnd)
        t.paired.append(rnd)
        save(real, t)
    if done is not None:
        done.keep(t, facts)
    return rnd


def find_table(
    tournament: Tournament, number: int, round_number: int | None
) -> tuple[Round, Table]:
    r = round_number or tournament.current
    if not 1 <= r <= tournament.current:
        raise problem("tournament.round", sentence("round {round} has not been paired", round=r))
    rnd = tournament.paired[r - 1]
    tb = rnd.table(number)
    if tb is None:
        raise problem(
            "tournament.table",
            sentence("round {round} has no table {table}", round=r, table=number),
        )
    return rnd, tb


def decide(
    folder: Path,
    number: int,
    make: Callable[[Tournament, Table, LogFacts | None], Decision | None],
    done: Done | None = None,
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
    if done is not None:
        done.keep(t, facts)
    return tb, d


def decision(
    kind: str, reason: str, absent: list[str], points: dict[str, int]
) -> Callable[[Tournament, Table, LogFacts | None], Decision]:
    """A maker of the decision ``kind`` for :func:`decide`, its sides checked."""
    free_text(reason, "reason")

    def make(tournament: Tournament, table: Table, facts: LogFacts | None) -> Decision:
        for s in [*absent, *points]:
            if s not in table.sides:
                raise problem(
                    "tournament.table",
                    sentence(
                        "{side} is not at table {table} ({sides})",
                        side=repr(s),
                        table=table.number,
                        sides=join(table.sides),
                    ),
                )
        totals = dict(facts.totals) if facts is not None and facts.problem is None else {}
        if kind == "time" and (facts is None or facts.problem is not None):
            raise problem(
                "tournament.table",
                sentence(
                    "{log}: time cannot be called on a log that does not verify: {problem}",
                    log=table.log,
                    problem=problem_said(facts.problem)
                    if facts and facts.problem
                    else sentence("the log is missing"),
                ),
            )
        return Decision(
            kind,
            reason,
            tournament.current,
            now(),
            tuple(dict.fromkeys(absent)),
            dict(points),
            totals,
        )

    return make


def recount(
    folder: Path, number: int, round_number: int | None, reason: str, done: Done | None = None
) -> Count:
    """Accept a log that changed after it was counted, with the reason. Without a round,
    the round whose table ``number`` has a changed log (none or several: refused, several
    naming each ``--round``)."""
    free_text(reason, "reason")
    with changing(folder) as t:
        which = uncounted(t) | {(round_number or t.current, number)}
        if round_number is None:
            which |= {(r.number, number) for r in t.paired if r.table(number) is not None}
        facts = all_facts(folder, t, which)
        if round_number is None:
            round_number = changed_round(t, number, facts, folder)
        rnd, tb = find_table(t, number, round_number)
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
                else problem_said(f.problem)
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
    if done is not None:
        done.keep(t, facts)
    return c


def changed_round(tournament: Tournament, number: int, facts: Facts, folder: Path) -> int:
    """The round whose table ``number`` has a log changed since it was counted; none or
    several are refused (several with the command for each)."""

    found = []
    for rnd in tournament.paired:
        tb = rnd.table(number)
        f = facts.get((rnd.number, number))
        if tb is None or f is None or tb.decision() is not None:
            continue
        count = tb.count()
        if count is not None and count.digest != f.digest:
            found.append(rnd.number)
    if len(found) > 1:
        commands = (
            tournament_command(f"recount {number} --round {r} --reason TEXT", folder) for r in found
        )
        raise problem(
            "tournament.changed",
            sentence(
                "table {table} has a changed log in rounds {rounds}; say which: {commands}",
                table=number,
                rounds=join(found),
                commands=join(commands, "; "),
            ),
        )
    if not found:
        raise problem(
            "tournament.changed",
            sentence(
                "table {table}: no log of it has changed since it was counted; nothing to recount",
                table=number,
            ),
        )
    return found[0]


def close(folder: Path, done: Done | None = None) -> Tournament:
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
        facts = count_all_in(folder, t)
        t.closed = now()
    if done is not None:
        done.keep(t, facts)
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
    "round_of",
]
