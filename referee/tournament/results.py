"""A table's result: the sides ranked by the match's outcome (from its log, as the replay
of ``referee score`` gives it) or by the director's decision, and the match points that
ranking gives. Pure values: the store hands over what the log says as :class:`LogFacts`."""

from __future__ import annotations

from dataclasses import dataclass

from referee.problems import Problem
from referee.registry import GAMES
from referee.tournament.model import Decision, Points, Table, Tournament


@dataclass(frozen=True)
class LogFacts:
    """What a table's log says: read and replayed by the store (``problem`` is the first
    problem found, or why the log does not belong to the table, as a value said only where
    it is shown; None when there is none)."""

    digest: str
    problem: Problem | None
    deals: int
    totals: dict[str, int]
    winner: str | None
    complete: bool
    dealt: int = 0  # the deals in the log, finished or in play (``deals``: finished only)


@dataclass(frozen=True)
class Result:
    """A table's result: each side's place (0 first, equal places level), match points,
    whether the sides met (a played table), and the game points of a played table."""

    kind: str  # "log", "forfeit", "time" or "points"
    places: dict[str, int]
    match_points: dict[str, int]
    met: bool
    game_points: dict[str, int]


def places_by(
    sides: tuple[str, ...], scores: dict[str, int], lower_better: bool, winner: str | None
) -> dict[str, int]:
    """Places from scores: the winner first, then by score, equal scores level.

    >>> places_by(("A", "B", "C"), {"A": 5, "B": 9, "C": 5}, False, None)
    {'A': 1, 'B': 0, 'C': 1}
    >>> places_by(("A", "B"), {"A": 5, "B": 9}, False, "A")
    {'A': 0, 'B': 1}
    """

    keys = {}
    for side in sides:
        value = scores.get(side, 0)
        keys[side] = (0 if side == winner else 1, value if lower_better else -value)
    return {s: sum(1 for o in sides if keys[o] < keys[s]) for s in sides}


def match_points(
    places: dict[str, int], points: Points, scoring: set[str] | None = None
) -> dict[str, int]:
    """For every other side: ``win`` if ahead of it, ``draw`` if level (only against the
    sides in ``scoring`` when given: a forfeit scores against the absent sides only)."""
    out = {}
    for side, place in places.items():
        total = 0
        for other, theirs in places.items():
            if other == side or (scoring is not None and other not in scoring):
                continue
            total += points.win if place < theirs else points.draw if place == theirs else 0
        out[side] = total
    return out


def from_log(
    tournament: Tournament, table: Table, totals: dict[str, int], winner: str | None
) -> Result:
    """A played match's result from its totals and winner."""
    places = places_by(table.sides, totals, GAMES[tournament.game].lower_wins, winner)
    return Result("log", places, match_points(places, tournament.points), True, dict(totals))


def from_decision(tournament: Tournament, table: Table, decision: Decision) -> Result:
    """The result a director's decision gives."""
    sides = table.sides
    if decision.kind == "forfeit":
        present = [s for s in sides if s not in decision.absent]
        if not present:  # a double forfeit: nobody scores, all lose
            return Result(
                "forfeit", dict.fromkeys(sides, len(sides)), dict.fromkeys(sides, 0), False, {}
            )
        places = {s: (0 if s in present else len(present)) for s in sides}
        scored = match_points(places, tournament.points, set(decision.absent))
        for s in decision.absent:
            scored[s] = 0
        return Result("forfeit", places, scored, False, {})
    if decision.kind == "time":
        places = places_by(sides, decision.totals, GAMES[tournament.game].lower_wins, None)
        return Result(
            "time", places, match_points(places, tournament.points), True, dict(decision.totals)
        )
    given = {s: decision.points.get(s, 0) for s in sides}
    places = places_by(sides, given, False, None)
    return Result("points", places, given, True, dict(decision.totals))


def table_result(
    tournament: Tournament, table: Table, facts: LogFacts | None, before: int | None = None
) -> Result | None:
    """The table's result: a standing decision, else its log as counted, else (now only)
    its log when the match is decided and the log verifies; None when it has none yet."""
    decision = table.decision(before)
    if decision is not None:
        return from_decision(tournament, table, decision)
    count = table.count(before)
    if count is not None:
        return from_log(tournament, table, count.totals, count.winner)
    if before is None and facts is not None and facts.problem is None and facts.complete:
        return from_log(tournament, table, facts.totals, facts.winner)
    return None


def table_state(table: Table, facts: LogFacts | None) -> str:
    """``problem``, ``decided``, ``changed``, ``finished``, ``playing`` (the log has a deal,
    finished or in play, and no result yet) or ``not-started`` (no deal at all)."""
    if facts is None or facts.problem is not None:
        return "problem"
    if table.decision() is not None:
        return "decided"
    count = table.count()
    if count is not None:
        return "changed" if count.digest != facts.digest else "finished"
    if facts.complete:
        return "finished"
    return "playing" if facts.dealt or facts.deals else "not-started"


def won_drawn_lost(result: Result, side: str) -> str:
    """``won`` (ahead of every other side), ``drawn`` (level at the top) or ``lost``."""
    place = result.places[side]
    if place != 0:  # a double forfeit places every side last
        return "lost"
    level = sum(1 for p in result.places.values() if p == 0)
    return "won" if level == 1 else "drawn"
