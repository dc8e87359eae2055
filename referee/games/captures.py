"""Capture arithmetic for the fishing games, on value counts rather than card subsets.

A floor's numerals are summarised as a count vector: how many cards of each value 1…10,
packed into one integer, five bits a value (at most four cards share a value, so bit 4 of
each field is free as a guard). Whether one vector fits inside another is then a single
subtraction: ``((have | GUARD) - want) & GUARD == GUARD`` means no field borrowed.

Checking a recorded capture is an exact-cover test on vectors (memoised); listing every
capture is a search over vectors, expanded to concrete cards only when asked. Both stay
fast on floors of 20 cards and more.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from itertools import combinations, product
from math import comb

from referee.cards import Card
from referee.messages import Msg, join, m, mn

Vector = int  # five bits per value: bits 5(v-1) … 5(v-1)+3 count the cards of value v
WIDTH = 5
MASK = 0b1111
GUARD = sum(1 << (WIDTH * i + 4) for i in range(10))
ZERO: Vector = 0


def unit(value: int) -> Vector:
    """The vector of one card of ``value``."""
    return 1 << (WIDTH * (value - 1))


def count(vec: Vector, value: int) -> int:
    """How many cards of ``value`` the vector holds."""
    return (vec >> (WIDTH * (value - 1))) & MASK


def counts(vec: Vector) -> tuple[int, ...]:
    """The vector as ten counts, for values 1…10."""
    return tuple((vec >> (WIDTH * i)) & MASK for i in range(10))


def vector(cards: Iterable[Card]) -> Vector:
    """The count vector of the numerals among ``cards``."""
    vec = 0
    for c in cards:
        v = c.value
        if v is not None:
            vec += 1 << (WIDTH * (v - 1))
    return vec


def fits(part: Vector, have: Vector) -> bool:
    """Does ``have`` hold at least the cards of ``part``, value by value?"""
    return ((have | GUARD) - part) & GUARD == GUARD


# cards in every 10-bit slice of a vector (two fields): five lookups count a vector
_PAIR_COUNT = tuple((k & MASK) + ((k >> WIDTH) & MASK) for k in range(1 << (2 * WIDTH)))


def cards_in(vec: Vector) -> int:
    """How many cards the vector holds.

    >>> cards_in(unit(3) + unit(3) + unit(5) + unit(10))
    4
    """
    t = _PAIR_COUNT
    return (
        t[vec & 1023]
        + t[(vec >> 10) & 1023]
        + t[(vec >> 20) & 1023]
        + t[(vec >> 30) & 1023]
        + t[(vec >> 40) & 1023]
    )


def total_of(vec: Vector) -> int:
    """The sum of the values of the cards in the vector."""
    return sum((i + 1) * ((vec >> (WIDTH * i)) & MASK) for i in range(10))


@cache
def partitions(total: int, largest: int = 10) -> tuple[Vector, ...]:
    """Every multiset of values 1…10 adding up to ``total``, as vectors."""
    if total == 0:
        return (ZERO,)
    out: list[Vector] = []
    for part in range(min(total, largest), 0, -1):
        out.extend(rest + unit(part) for rest in partitions(total - part, part))
    return tuple(out)


@cache
def _with_top(total: int, top: int) -> tuple[Vector, ...]:
    """The partitions of ``total`` that hold at least one card of value ``top``."""
    return tuple(p for p in partitions(total) if count(p, top))


@lru_cache(maxsize=16_384)
def splits_into(vec: Vector, total: int) -> bool:
    """Can these cards be split into groups that each add up to ``total``?

    Every group must hold the highest value present, so only groups containing it are
    tried: an exact cover without symmetric branching.
    """
    if vec == ZERO:
        return True
    if total_of(vec) % total:
        return False
    top = (vec.bit_length() - 1) // WIDTH + 1
    return any(fits(part, vec) and splits_into(vec - part, total) for part in _with_top(total, top))


@lru_cache(maxsize=16_384)
def has_group(vec: Vector, total: int) -> bool:
    """Does some multiset of these cards add up to ``total``?"""
    return any(fits(part, vec) for part in partitions(total))


@lru_cache(maxsize=1_024)
def union_vectors(floor: Vector, total: int) -> frozenset[Vector]:
    """Every non-empty union of disjoint groups adding up to ``total`` each (Basra).

    A knapsack over the groups: each group in turn is added, as many times as the floor
    allows, to every union reached so far. The fit test is inlined (it runs hundreds of
    thousands of times on a floor of 28 low cards).
    """
    groups = [p for p in partitions(total) if fits(p, floor)]
    room = floor | GUARD
    reach: set[Vector] = {ZERO}
    for g in groups:
        frontier = reach
        while frontier:  # one more copy of g on everything the last copy reached
            frontier = {c for b in frontier if (room - (c := b + g)) & GUARD == GUARD}
            reach.update(frontier)
    reach.discard(ZERO)
    return frozenset(reach)


@lru_cache(maxsize=4_096)
def single_sets(floor: Vector, total: int) -> tuple[Vector, ...]:
    """Every single set of floor numerals adding up to ``total`` (Pasur)."""
    if total < 1:
        return ()
    return tuple(p for p in partitions(total) if fits(p, floor))


def expand(vec: Vector, floor: Iterable[Card]) -> Iterator[tuple[Card, ...]]:
    """The concrete floor-card choices that realise a vector, in floor order."""
    floor = list(floor)
    position = {c: i for i, c in enumerate(floor)}
    by_value: dict[int, list[Card]] = {}
    for c in floor:
        v = c.value
        if v is not None:
            by_value.setdefault(v, []).append(c)
    choices = [
        list(combinations(by_value.get(i + 1, []), n)) for i, n in enumerate(counts(vec)) if n
    ]
    for pick in product(*choices):
        yield tuple(sorted((c for group in pick for c in group), key=position.__getitem__))


def describe(vecs: Iterable[Vector], floor: Iterable[Card]) -> list[Msg]:
    """Vectors as a table reads them: the cards when there is one way, else the values and
    the cards to choose from (``2 of 5S/5H/5D (3 ways)``)."""
    floor = list(floor)
    names: dict[int, list[Card]] = {}
    for c in floor:
        if c.value is not None:
            names.setdefault(c.value, []).append(c)
    have = counts(vector(floor))
    out = []
    for vec in vecs:
        want = counts(vec)
        ways = 1
        parts: list[object] = []
        for value, (n, k) in enumerate(zip(want, have, strict=True), 1):
            if not n:
                continue
            ways *= comb(k, n)
            cards = names[value]
            parts.append(
                tuple(cards) if n == k else m("{n} of {cards}", n=n, cards=join(cards, "/"))
            )
        if ways == 1:
            out.append(join(parts, " "))
        else:
            out.append(mn("{parts} ({n} way)", "{parts} ({n} ways)", ways, parts=join(parts)))
    return out
