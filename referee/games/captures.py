"""Capture arithmetic for the fishing games, on value counts rather than card subsets.

A floor's numerals are summarised as a count vector (how many cards of each value 1…10),
so that checking a recorded capture is an exact-cover test on at most 11^10 small states
(memoised), and listing every capture is a search over count vectors, expanded to
concrete cards only at the end. Both stay fast on floors of 20 cards and more.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from itertools import combinations, product
from math import comb

from referee.cards import Card

Vector = tuple[int, ...]  # index v-1 holds the number of cards of value v
ZERO: Vector = (0,) * 10


def vector(cards: Iterable[Card]) -> Vector:
    """How many numerals of each value 1…10 are among ``cards``."""
    counts = [0] * 10
    for c in cards:
        v = c.value
        if v is not None:
            counts[v - 1] += 1
    return tuple(counts)


@cache
def partitions(total: int, largest: int = 10) -> tuple[Vector, ...]:
    """Every multiset of values 1…10 adding up to ``total``, as count vectors."""
    if total == 0:
        return (ZERO,)
    out: list[Vector] = []
    for part in range(min(total, largest), 0, -1):
        for rest in partitions(total - part, part):
            counts = list(rest)
            counts[part - 1] += 1
            out.append(tuple(counts))
    return tuple(out)


def fits(part: Vector, available: Vector) -> bool:
    return all(p <= a for p, a in zip(part, available, strict=True))


def minus(a: Vector, b: Vector) -> Vector:
    return tuple(x - y for x, y in zip(a, b, strict=True))


@lru_cache(maxsize=16_384)
def splits_into(counts: Vector, total: int) -> bool:
    """Can these cards be split into groups that each add up to ``total``?

    Every group must hold the highest value present, so only groups containing it are
    tried: an exact cover without symmetric branching.
    """
    if counts == ZERO:
        return True
    if sum((i + 1) * c for i, c in enumerate(counts)) % total:
        return False
    top = max(i for i, c in enumerate(counts) if c)
    for part in partitions(total):
        if part[top] and fits(part, counts) and splits_into(minus(counts, part), total):
            return True
    return False


@lru_cache(maxsize=16_384)
def has_group(counts: Vector, total: int) -> bool:
    """Does some multiset of these cards add up to ``total``?"""
    return any(fits(part, counts) for part in partitions(total))


@lru_cache(maxsize=1_024)
def union_vectors(floor: Vector, total: int) -> frozenset[Vector]:
    """Every non-empty union of disjoint groups adding up to ``total`` each (Basra)."""
    groups = [p for p in partitions(total) if fits(p, floor)]
    seen: set[Vector] = set()
    frontier = [ZERO]
    while frontier:
        nxt: list[Vector] = []
        for base in frontier:
            left = minus(floor, base)
            for g in groups:
                if fits(g, left):
                    cand = tuple(x + y for x, y in zip(base, g, strict=True))
                    if cand not in seen:
                        seen.add(cand)
                        nxt.append(cand)
        frontier = nxt
    return frozenset(seen)


@lru_cache(maxsize=4_096)
def single_sets(floor: Vector, total: int) -> tuple[Vector, ...]:
    """Every single set of floor numerals adding up to ``total`` (Pasur)."""
    if total < 1:
        return ()
    return tuple(p for p in partitions(total) if fits(p, floor))


def expand(counts: Vector, floor: Iterable[Card]) -> Iterator[tuple[Card, ...]]:
    """The concrete floor-card choices that realise a count vector, in floor order."""
    floor = list(floor)
    position = {c: i for i, c in enumerate(floor)}
    by_value: dict[int, list[Card]] = {}
    for c in floor:
        v = c.value
        if v is not None:
            by_value.setdefault(v, []).append(c)
    choices = [list(combinations(by_value.get(i + 1, []), n)) for i, n in enumerate(counts) if n]
    for pick in product(*choices):
        yield tuple(sorted((c for group in pick for c in group), key=position.__getitem__))


def expansions(counts: Vector, floor: Vector) -> int:
    """How many concrete card sets realise ``counts`` on a floor of ``floor`` counts."""
    n = 1
    for want, have in zip(counts, floor, strict=True):
        n *= comb(have, want)
    return n
