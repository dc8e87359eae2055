"""Standings: match points, then the declared tie-breaks, with shared ranks (1, 1, 3).

Each tie-break is computed once, over the group tied on everything before it (only
``direct`` depends on the group); rows of one rank are ordered by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from referee.registry import GAMES
from referee.tournament.model import Tournament
from referee.tournament.results import Result, won_drawn_lost

Results = Mapping[tuple[int, int], Result | None]  # (round, table) -> its result


@dataclass
class Record:
    """One side's record over the rounds counted."""

    name: str
    match_points: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    game_points: int = 0
    game_difference: Fraction = Fraction(0)
    withdrawn: bool = False
    meetings: list[tuple[str, Fraction]] = field(default_factory=list)  # opponent, 1/½/0
    tables: list[Result] = field(default_factory=list)  # played tables only


@dataclass
class Row:
    """A line of the standings."""

    rank: int
    record: Record
    tiebreaks: dict[str, Fraction]


@dataclass
class Standings:
    after_round: int
    pending: int
    rows: list[Row]


def records(
    tournament: Tournament, results: Results, upto: int, everyone: bool = False
) -> dict[str, Record]:
    """Every side's record over rounds 1..``upto``: entrants who joined later are left out,
    unless ``everyone`` (the standings now: a late entrant shows with 0 from its ``add``)."""
    out = {e.name: Record(e.name) for e in tournament.entrants if everyone or e.joined <= upto}
    for e in tournament.entrants:
        if e.name in out:
            out[e.name].withdrawn = withdrawn_after(e.withdrawn, None if everyone else upto)
    for rnd in tournament.paired[:upto]:
        for name in rnd.byes:
            if name in out:
                out[name].byes += 1
                out[name].match_points += tournament.points.bye
        for table in rnd.tables:
            result = results.get((rnd.number, table.number))
            if result is not None:
                for side in table.sides:
                    if side in out:
                        _add(out[side], side, result)
    return out


def withdrawn_after(withdrawn: int | None, upto: int | None) -> bool:
    """Is a side whose first round not paired is ``withdrawn`` withdrawn after round
    ``upto`` (None: now)? After round N only if a round up to N was paired without it:
    a side that drops after round N's results is still in the standings after round N.

    >>> withdrawn_after(4, 3), withdrawn_after(3, 3), withdrawn_after(4, None)
    (False, True, True)
    """
    if withdrawn is None:
        return False
    return upto is None or withdrawn <= upto


def _add(rec: Record, side: str, result: Result) -> None:
    rec.match_points += result.match_points[side]
    rec.played += 1
    how = won_drawn_lost(result, side)
    rec.won += how == "won"
    rec.drawn += how == "drawn"
    rec.lost += how == "lost"
    if not result.met:
        return
    rec.tables.append(result)
    mine = result.places[side]
    for other, place in result.places.items():
        if other != side:
            factor = (
                Fraction(1) if mine < place else Fraction(1, 2) if mine == place else Fraction(0)
            )
            rec.meetings.append((other, factor))
    points = result.game_points
    if points:
        rec.game_points += points.get(side, 0)
        others = [v for k, v in points.items() if k != side]
        if others:
            rec.game_difference += points.get(side, 0) - Fraction(sum(others), len(others))


def plain_value(rec: Record, tiebreak: str, match_points: Mapping[str, int]) -> Fraction:
    """A tie-break that does not depend on the group: its value for ``rec``."""
    if tiebreak in ("buchholz", "buchholz-cut1"):
        terms = [match_points.get(o, 0) for o, _ in rec.meetings]
        total = sum(terms)
        if tiebreak == "buchholz-cut1" and len(terms) >= 2:
            total -= min(terms)
        return Fraction(total)
    if tiebreak == "sonneborn-berger":
        return sum((match_points.get(o, 0) * f for o, f in rec.meetings), Fraction(0))
    if tiebreak == "wins":
        return Fraction(rec.won)
    if tiebreak == "game-points":
        return Fraction(rec.game_points)
    if tiebreak == "game-difference":
        return rec.game_difference
    raise ValueError(tiebreak)


def direct_values(group: list[Record], points_win: int, points_draw: int) -> dict[str, Fraction]:
    """``direct`` over a tied group: the match points each scored against the others in
    the meetings between them, when every two have met; otherwise 0 for all."""
    names = {r.name for r in group}
    zero = {r.name: Fraction(0) for r in group}
    if len(group) < 2:
        return zero
    met = {(r.name, o) for r in group for o, _ in r.meetings if o in names}
    if any((a, b) not in met for a in names for b in names if a != b):
        return zero
    out = dict(zero)
    for r in group:
        for result in r.tables:
            if r.name not in result.places:
                continue
            inside = [s for s in result.places if s in names and s != r.name]
            if not inside:
                continue
            if result.kind == "points" and len(result.places) == 2:
                out[r.name] += result.match_points[r.name]
                continue
            mine = result.places[r.name]
            for other in inside:
                theirs = result.places[other]
                out[r.name] += points_win if mine < theirs else points_draw if mine == theirs else 0
    return out


def ranked(tournament: Tournament, recs: dict[str, Record]) -> list[Row]:
    """The rows in rank order, tie-breaks computed group by group."""
    mp = {name: r.match_points for name, r in recs.items()}
    lower = GAMES[tournament.game].lower_wins
    keys: dict[str, list[Fraction]] = {name: [Fraction(r.match_points)] for name, r in recs.items()}
    values: dict[str, dict[str, Fraction]] = {name: {} for name in recs}
    for tb in tournament.tiebreaks:
        if tb == "direct":
            groups: dict[tuple[Fraction, ...], list[Record]] = {}
            for name, r in recs.items():
                groups.setdefault(tuple(keys[name]), []).append(r)
            for group in groups.values():
                for name, v in direct_values(
                    group, tournament.points.win, tournament.points.draw
                ).items():
                    values[name][tb] = v
        else:
            for name, r in recs.items():
                values[name][tb] = plain_value(r, tb, mp)
        reverse = lower and tb in ("game-points", "game-difference")
        for name in recs:
            keys[name].append(-values[name][tb] if reverse else values[name][tb])
    order = sorted(recs, key=lambda n: ([-k for k in keys[n]], n.casefold(), n))
    rows: list[Row] = []
    for i, name in enumerate(order):
        rank = rows[-1].rank if rows and keys[order[i - 1]] == keys[name] else i + 1
        rows.append(Row(rank, recs[name], values[name]))
    return rows


def standings(
    tournament: Tournament, results: Results, after_round: int | None = None
) -> Standings:
    """The standings after round ``after_round``, or over every table with a result."""
    if after_round is None:
        upto = tournament.current
        done = 0
        for rnd in tournament.paired:
            if all(results.get((rnd.number, tb.number)) is not None for tb in rnd.tables):
                done = rnd.number
            else:
                break
    else:
        upto = done = min(after_round, tournament.current)
    pending = sum(
        1
        for rnd in tournament.paired[:upto]
        for tb in rnd.tables
        if results.get((rnd.number, tb.number)) is None
    )
    recs = records(tournament, results, upto, everyone=after_round is None)
    return Standings(done, pending, ranked(tournament, recs))


def points_before(tournament: Tournament, results: Results, round_number: int) -> dict[str, int]:
    """Every entrant's match points from the rounds before ``round_number`` (the match
    points of :func:`records`, added up without the rest of a record: pairing needs
    only these, every round)."""
    out = {e.name: 0 for e in tournament.entrants}
    for rnd in tournament.paired[: round_number - 1]:
        for name in rnd.byes:
            if name in out:
                out[name] += tournament.points.bye
        for table in rnd.tables:
            result = results.get((rnd.number, table.number))
            if result is not None:
                for side in table.sides:
                    if side in out:
                        out[side] += result.match_points[side]
    return out
