"""Seat draws for three or more sides a table: the layout of tables (sizes and byes) and
the least-cost grouping: exact for up to :data:`EXACT` active sides (a search over subsets
with memo and pruning), above that the best a fixed amount of local search finds (a fixed
budget rather than a clock, so that every machine finds the same; well under a second)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations

from referee.registry import GAMES
from referee.tournament.model import History, Tournament

EXACT = 12
PASSES = 40  # rounds of improving swaps above EXACT
NEAR = 6  # tables (in match-point order) a table swaps sides with, besides the byes


def short_allowed(tournament: Tournament) -> bool:
    """Can a table have one side fewer than ``--table-size`` (individual entrants only)?"""
    low, _ = GAMES[tournament.game].player_range(tournament.variant)
    return not tournament.teams and tournament.table_size - 1 >= max(2, low)


def layout(tournament: Tournament, n: int) -> tuple[list[int], int]:
    """Table sizes (in sides, largest first) and the number of byes for ``n`` sides:
    tables of the size and one fewer when the game allows it, fewest byes first, then the
    fewest short tables.

    Seven at tables of three: 3 + 2 + 2; five at tables of four: 4 and a bye.
    """
    k = tournament.sides_per_table
    shorts_ok = short_allowed(tournament)
    for byes in range(n + 1):
        left = n - byes
        for shorts in range(0, (left // (k - 1) if shorts_ok else 0) + 1):
            rest = left - shorts * (k - 1)
            if rest >= 0 and rest % k == 0 and (rest or shorts):
                return [k] * (rest // k) + [k - 1] * shorts, byes
    return [], n


def multi_cost(
    tables: Iterable[Sequence[str]],
    byes: Sequence[str],
    match_points: dict[str, int],
    history: History,
) -> tuple[int, int, int, int]:
    """The spec's cost for three or more sides a table: pairs that have met, repeat byes,
    the sum of the spreads, the byes' match points."""
    tables = list(tables)
    return (
        sum(1 for g in tables for a, b in combinations(g, 2) if history.have_met(a, b)),
        sum(1 for s in byes if s in history.byes),
        sum(max(match_points[s] for s in g) - min(match_points[s] for s in g) for g in tables),
        sum(match_points[s] for s in byes),
    )


def round_one_groups(order: Sequence[str], sizes: list[int]) -> tuple[list[list[str]], list[str]]:
    """The seeded draw: tables filled in drawn order, the last drawn have the byes."""
    tables, k = [], 0
    for size in sizes:
        tables.append(list(order[k : k + size]))
        k += size
    return tables, list(order[k:])


def _weights(
    sizes: list[int], nbyes: int, match_points: dict[str, int], sides: Sequence[str]
) -> tuple[int, int, int]:
    top = max((match_points[s] for s in sides), default=0)
    spread = top - min((match_points[s] for s in sides), default=0)
    w3 = nbyes * top + 1
    w2 = w3 * (len(sizes) * spread + 1)
    w1 = w2 * (nbyes + 1)
    return w1, w2, w3


def least_cost_groups(
    sides: Sequence[str],
    sizes: list[int],
    nbyes: int,
    match_points: dict[str, int],
    history: History,
    rng: random.Random,
) -> tuple[list[list[str]], list[str]]:
    """Tables and byes of least cost (exact up to :data:`EXACT` sides)."""
    order = sorted(sides, key=lambda s: (-match_points[s], rng.random()))
    if len(order) <= EXACT:
        return exact_groups(order, sizes, nbyes, match_points, history)
    return searched_groups(order, sizes, nbyes, match_points, history)


def exact_groups(
    order: list[str], sizes: list[int], nbyes: int, match_points: dict[str, int], history: History
) -> tuple[list[list[str]], list[str]]:
    """The minimum over every grouping: a search over the sides not yet seated, the first
    of them placed at a bye or a table of each remaining size, with memo."""
    w1, w2, w3 = _weights(sizes, nbyes, match_points, order)
    n = len(order)

    def table_cost(idx: tuple[int, ...]) -> int:
        names = [order[i] for i in idx]
        met = sum(1 for a, b in combinations(names, 2) if history.have_met(a, b))
        pts = [match_points[s] for s in names]
        return w1 * met + w3 * (max(pts) - min(pts))

    def bye_cost(i: int) -> int:
        return w2 * (order[i] in history.byes) + match_points[order[i]]

    @cache
    def best(
        mask: int, left: tuple[int, ...], byes: int
    ) -> tuple[int, tuple[tuple[int, ...], ...]]:
        if mask == (1 << n) - 1:
            return 0, ()
        first = next(i for i in range(n) if not mask >> i & 1)
        free = [i for i in range(first + 1, n) if not mask >> i & 1]
        found: tuple[int, tuple[tuple[int, ...], ...]] | None = None
        if byes:
            cost, rest = best(mask | 1 << first, left, byes - 1)
            found = (cost + bye_cost(first), ((first,), *rest))
        for size in sorted(set(left), reverse=True):
            after = list(left)
            after.remove(size)
            for others in combinations(free, size - 1):
                here = table_cost((first, *others))
                if found is not None and here >= found[0]:
                    continue
                bits = mask | 1 << first
                for i in others:
                    bits |= 1 << i
                cost, rest = best(bits, tuple(after), byes)
                if found is None or here + cost < found[0]:
                    found = (here + cost, ((first, *others), *rest))
        assert found is not None
        return found

    _, groups = best(0, tuple(sorted(sizes, reverse=True)), nbyes)
    return _split(order, groups, nbyes)


def _split(
    order: list[str], groups: Iterable[tuple[int, ...]], nbyes: int
) -> tuple[list[list[str]], list[str]]:
    """Groups of indices as tables and byes (a group of one is a bye: tables have two or
    more sides)."""
    tables = [[order[i] for i in g] for g in groups if len(g) > 1]
    byes = [order[g[0]] for g in groups if len(g) == 1]
    assert len(byes) == nbyes
    return tables, byes


def searched_groups(
    order: list[str], sizes: list[int], nbyes: int, match_points: dict[str, int], history: History
) -> tuple[list[list[str]], list[str]]:
    """Many sides: fill the tables top down (byes to the lowest who have had none), then
    swap two sides between nearby tables, or a table and the byes, while that lowers the
    cost, for at most a fixed number of passes."""
    w1, w2, w3 = _weights(sizes, nbyes, match_points, order)
    fresh = [s for s in reversed(order) if s not in history.byes]
    byes = (fresh + [s for s in reversed(order) if s in history.byes])[:nbyes]
    seated = [s for s in order if s not in byes]
    groups: list[list[str]] = []
    k = 0
    for size in sizes:
        groups.append(seated[k : k + size])
        k += size
    groups.append(list(byes))  # the last group is the byes
    met_with: dict[str, set[str]] = {}  # who has met whom, looked up without a frozenset
    for pair in history.met:
        if len(pair) == 2:
            a, b = pair
            met_with.setdefault(a, set()).add(b)
            met_with.setdefault(b, set()).add(a)

    def cost(group: list[str], is_bye: bool) -> int:
        if is_bye:
            return sum(w2 * (s in history.byes) + match_points[s] for s in group)
        met = 0
        for i, a in enumerate(group):
            seen = met_with.get(a)
            if seen:
                met += sum(1 for b in group[i + 1 :] if b in seen)
        points = [match_points[s] for s in group]
        return w1 * met + w3 * (max(points) - min(points))

    last = len(groups) - 1
    for _ in range(PASSES):
        better = False
        for first in range(last):
            for second in [*range(first + 1, min(last, first + 1 + NEAR)), last]:
                better |= _improve(groups, first, second, cost, second == last)
        if not better:
            break
    return [g for g in groups[:last]], groups[last]


def _improve(
    groups: list[list[str]],
    first: int,
    second: int,
    cost: Callable[[list[str], bool], int],
    second_bye: bool,
) -> bool:
    """Swap sides between groups ``first`` and ``second`` (the byes' group when
    ``second_bye``) wherever that lowers their cost."""
    gx, gy = groups[first], groups[second]
    improved = False
    now = cost(gx, False) + cost(gy, second_bye)
    if now == 0:  # no swap can cost less than nothing
        return False
    for i in range(len(gx)):
        for j in range(len(gy)):
            gx[i], gy[j] = gy[j], gx[i]
            after = cost(gx, False) + cost(gy, second_bye)
            if after < now:
                now, improved = after, True
            else:
                gx[i], gy[j] = gy[j], gx[i]
    return improved
