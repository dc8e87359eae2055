"""What a tournament's published pages show, as plain values: every round's tables with
their results, each entrant's matches round by round (with the match points it had after
each round, for its chart), and the crosstable of who met whom with what outcome.

Built from the same results and standings that ``tournament standings`` and ``status``
use (:func:`referee.tournament.verify.results`, :func:`standings.points_before`), so a
page can never disagree with the commands. No I/O, no words: the HTML edge says them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from referee.problems import Problem
from referee.tournament.model import Decision, Tournament
from referee.tournament.results import LogFacts, Result, table_state, won_drawn_lost
from referee.tournament.standings import Results, Row, Standings, points_before

Facts = dict[tuple[int, int], LogFacts | None]


@dataclass(frozen=True)
class TableView:
    """One table of one round: its sides and players, its state and result."""

    round: int
    number: int
    sides: tuple[str, ...]
    players: tuple[str, ...]
    log: str
    state: str  # as ``status`` says it: finished, playing, decided, problem, …
    problem: Problem | None  # said where the page shows it
    result: Result | None
    decision: Decision | None

    def points(self, side: str) -> int | None:
        """The side's match points at this table (None while it has no result)."""
        return None if self.result is None else self.result.match_points[side]

    def game(self, side: str) -> int | None:
        """The side's game points (the log's total), when the sides played."""
        if self.result is None or not self.result.game_points:
            return None
        return self.result.game_points.get(side)


@dataclass(frozen=True)
class RoundView:
    number: int
    tables: tuple[TableView, ...]
    byes: tuple[str, ...]


@dataclass(frozen=True)
class Game:
    """One round of one entrant: its table (None for a bye), how it went, the match points
    it got there and its total after the round."""

    round: int
    table: TableView | None
    outcome: str  # won, drawn, lost, bye, pending
    points: int | None
    total: int

    def opponents(self, side: str) -> tuple[str, ...]:
        """The other sides at this game's table."""
        return () if self.table is None else tuple(s for s in self.table.sides if s != side)


@dataclass(frozen=True)
class EntrantView:
    name: str
    members: tuple[str, ...]
    joined: int
    withdrawn: int | None
    games: tuple[Game, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Match points after each round (0 before the first), for the chart."""
        return (0, *(g.total for g in self.games))


@dataclass(frozen=True)
class Meeting:
    """One meeting of a crosstable's row side with its column side: the round and the
    row side's outcome (``won``, ``drawn``, ``lost``; ``forfeit-won``/``forfeit-lost``
    when they did not play; ``pending`` while the table has no result)."""

    round: int
    table: int
    outcome: str


@dataclass(frozen=True)
class Event:
    """Everything the publication shows."""

    tournament: Tournament
    standings: Standings
    rounds: tuple[RoundView, ...]
    entrants: dict[str, EntrantView]
    meetings: dict[tuple[str, str], tuple[Meeting, ...]]

    @cached_property
    def rows(self) -> dict[str, Row]:
        """The standings' rows by side."""
        return {row.record.name: row for row in self.standings.rows}

    def order(self) -> list[str]:
        """The entrants in standings order, then any not in the standings yet."""
        ranked = [row.record.name for row in self.standings.rows]
        return ranked + [e.name for e in self.tournament.entrants if e.name not in self.rows]


def rounds_of(tournament: Tournament, facts: Facts, results: Results) -> tuple[RoundView, ...]:
    out = []
    for rnd in tournament.paired:
        tables = []
        for tb in rnd.tables:
            f = facts.get((rnd.number, tb.number))
            state = table_state(tb, f)
            problem = None if f is None else f.problem
            result = results.get((rnd.number, tb.number))
            view = TableView(
                rnd.number, tb.number, tb.sides, tb.players, tb.log, state, problem, result,
                tb.decision(),
            )  # fmt: skip
            tables.append(view)
        out.append(RoundView(rnd.number, tuple(tables), rnd.byes))
    return tuple(out)


def _outcome(result: Result | None, side: str) -> str:
    return "pending" if result is None else won_drawn_lost(result, side)


def entrants_of(
    tournament: Tournament, rounds: tuple[RoundView, ...], results: Results
) -> dict[str, EntrantView]:
    after = [points_before(tournament, results, r.number + 1) for r in rounds]
    seat = {(r.number, s): tb for r in rounds for tb in r.tables for s in tb.sides}
    out = {}
    for e in tournament.entrants:
        games = []
        for r in rounds:
            tb = seat.get((r.number, e.name))
            total = after[r.number - 1][e.name]
            if tb is not None:
                games.append(
                    Game(r.number, tb, _outcome(tb.result, e.name), tb.points(e.name), total)
                )
            elif e.name in r.byes:
                games.append(Game(r.number, None, "bye", tournament.points.bye, total))
        out[e.name] = EntrantView(e.name, e.members, e.joined, e.withdrawn, tuple(games))
    return out


def meetings_of(rounds: tuple[RoundView, ...]) -> dict[tuple[str, str], tuple[Meeting, ...]]:
    """For every ordered pair of sides that shared a table: their meetings, in order."""
    found: dict[tuple[str, str], list[Meeting]] = {}
    for r in rounds:
        for tb in r.tables:
            for a in tb.sides:
                for b in tb.sides:
                    if a != b:
                        found.setdefault((a, b), []).append(
                            Meeting(r.number, tb.number, _between(tb.result, a, b))
                        )
    return {k: tuple(v) for k, v in found.items()}


def _between(result: Result | None, a: str, b: str) -> str:
    """``a``'s outcome against ``b`` at one table (its places compared)."""
    if result is None:
        return "pending"
    mine, theirs = result.places[a], result.places[b]
    how = "won" if mine < theirs else "drawn" if mine == theirs else "lost"
    if not result.met:
        return "forfeit-" + ("won" if how == "won" else "lost")
    return how


def event(tournament: Tournament, facts: Facts, results: Results, standings: Standings) -> Event:
    """The publication's values from the tournament, its logs' facts and its results."""
    rounds = rounds_of(tournament, facts, results)
    return Event(
        tournament, standings, rounds, entrants_of(tournament, rounds, results), meetings_of(rounds)
    )
