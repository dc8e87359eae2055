"""Pairing a round: a seeded draw for round 1, then the spec's least-cost pairing (two sides
a table: a minimum-cost perfect matching, networkx's blossom algorithm; three or more: the
search in :mod:`referee.tournament.seats`), or the seeded circle of a round robin.

Costs compare term by term; they are encoded exactly as one integer whose digits, in mixed
radix, are the terms, so that a matching that minimises the integer minimises the terms in
their order. Ties go by the seeded draw (the order the sides are given to the algorithm):
the same file and seed give the same pairing on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee.tournament.model import History, Tournament
from referee.tournament.seats import layout, least_cost_groups, round_one_groups
from referee.tournament.swiss import least_cost_two


@dataclass(frozen=True)
class Pairing:
    """A round's tables (sides in seating order, by table number) and its byes."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]


def rng_for(seed: str, round_number: int, what: str = "") -> random.Random:
    """The round's random source: the same on any machine (a string seed is hashed with
    SHA-512 by :class:`random.Random`, never with Python's salted ``hash``)."""
    return random.Random(f"{seed}:{round_number}{what}")


def two_cost(
    tables: Iterable[Sequence[str]],
    byes: Sequence[str],
    match_points: dict[str, int],
    history: History,
) -> tuple[int, int, int, int]:
    """The spec's cost of a two-sides pairing: repeat meetings, repeat byes, the sum of the
    match-point differences, the bye's match points."""
    tables = list(tables)
    return (
        sum(1 for a, b in tables if history.have_met(a, b)),
        sum(1 for s in byes if s in history.byes),
        sum(abs(match_points[a] - match_points[b]) for a, b in tables),
        sum(match_points[s] for s in byes),
    )


def draw(sides: Sequence[str], rng: random.Random) -> list[str]:
    """The sides in the order the seed draws them."""
    order = list(sides)
    rng.shuffle(order)
    return order


def swiss_two(
    sides: Sequence[str], match_points: dict[str, int], past: History, rng: random.Random
) -> Pairing:
    """A least-cost pairing of two sides a table (one bye when the count is odd): the
    sides in match-point order, the seeded draw within a score
    (:func:`referee.tournament.swiss.least_cost_two`: exact, and fast for large fields)."""

    order = sorted(
        draw(sides, rng), key=lambda s: match_points[s]
    )  # stable: the draw within a score
    pairs, byes = least_cost_two(order, match_points, past)
    return Pairing(tuple(pairs), tuple(byes))


def circle(order: Sequence[str], round_number: int) -> list[tuple[str | None, str | None]]:
    """Round ``round_number`` (from 1) of the circle method over ``order`` (None: the bye).

    >>> circle(["A", "B", "C", "D"], 1)
    [('A', 'D'), ('B', 'C')]
    """
    items: list[str | None] = list(order)
    if len(items) % 2:
        items.append(None)
    n = len(items)
    fixed, rest = items[0], items[1:]
    k = (round_number - 1) % (n - 1)
    turned = rest[-k:] + rest[:-k] if k else rest
    line = [fixed, *turned]
    return [(line[i], line[n - 1 - i]) for i in range(n // 2)]


def round_robin(tournament: Tournament, round_number: int, sides: Sequence[str]) -> Pairing:
    """The round's meetings of the seeded circle; a withdrawn side's opponent has a bye."""
    order = draw(
        [e.name for e in tournament.entrants if e.joined == 1], rng_for(tournament.seed, 0, "robin")
    )
    active = set(sides)
    pairs: list[tuple[str, str]] = []
    byes: list[str] = []
    for a, b in circle(order, round_number):
        if a in active and b in active:
            assert a is not None and b is not None
            pairs.append((a, b))
        else:
            byes.extend(s for s in (a, b) if s is not None and s in active)
    return Pairing(tuple(pairs), tuple(byes))


def history(tournament: Tournament, before: int, met: Iterable[frozenset[str]]) -> History:
    """The history for pairing round ``before`` (meetings given by the results)."""
    byes = frozenset(s for r in tournament.paired[: before - 1] for s in r.byes)
    first: dict[str, int] = {}
    for r in tournament.paired[: before - 1]:
        for tb in r.tables:
            first[tb.sides[0]] = first.get(tb.sides[0], 0) + 1
    return History(frozenset(met), byes, first)


def seat(sides: Sequence[str], past: History, rng: random.Random) -> tuple[str, ...]:
    """Seating order: who has sat first least often sits first (ties by the seed)."""
    keyed = [(past.first.get(s, 0), rng.random(), s) for s in sides]
    return tuple(s for _, _, s in sorted(keyed))


def numbered(
    groups: Iterable[Sequence[str]], match_points: dict[str, int], past: History, rng: random.Random
) -> tuple[tuple[str, ...], ...]:
    """Tables seated and numbered: the highest match points at table 1."""
    seated = [seat(g, past, rng) for g in groups]
    seated.sort(
        key=lambda g: (-max(match_points[s] for s in g), -sum(match_points[s] for s in g), g)
    )
    return tuple(seated)


def pair(
    tournament: Tournament, round_number: int, match_points: dict[str, int], past: History
) -> Pairing:
    """Pair round ``round_number`` of the active sides by their ``match_points``."""
    sides = tournament.active(round_number)
    rng = rng_for(tournament.seed, round_number)
    if tournament.system == "round-robin":
        p = round_robin(tournament, round_number, sides)
        return Pairing(numbered(p.tables, match_points, past, rng), p.byes)
    if tournament.sides_per_table == 2:
        if round_number == 1:
            order = draw(sides, rng)
            groups = [order[i : i + 2] for i in range(0, len(order) - 1, 2)]
            return Pairing(
                numbered(groups, match_points, past, rng), tuple(order[len(groups) * 2 :])
            )
        p = swiss_two(sides, match_points, past, rng)
        return Pairing(numbered(p.tables, match_points, past, rng), tuple(sorted(p.byes)))
    sizes, nbyes = layout(tournament, len(sides))
    if round_number == 1:
        tables, byes = round_one_groups(draw(sides, rng), sizes)
    else:
        tables, byes = least_cost_groups(sides, sizes, nbyes, match_points, past, rng)
    return Pairing(numbered(tables, match_points, past, rng), tuple(sorted(byes)))
