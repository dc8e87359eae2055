"""Capture arithmetic for the fishing games, on value counts rather than card subsets.

A floor's numerals are summarised as a count vector: how many cards of each value 1…10,
packed into one integer, five bits a value (at most four cards share a value, so bit 4 of
each field is free as a guard). Whether one vector fits inside another is then a single
subtraction: ``((have | GUARD) - want) & GUARD == GUARD`` means no field borrowed.

Checking a recorded capture is an exact-cover test on vectors (memoised); listing every
capture is a search over vectors, expanded to concrete cards only when asked. On a large
floor (up to 39 numerals when the players trail) that search is replaced by a table of
every union a card of each value can take from a full deck (:mod:`.unions`), filtered
by the floor: a union is counted, and the strongest listed, in a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from itertools import accumulate, combinations, compress, product
from math import prod
from typing import TYPE_CHECKING, Protocol, overload

from referee.cards import FULL_DECK, Card

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


# The numerals' face values (A=1 … 10=10), for callers that name no game (tests, benches):
# a game passes its own (``FishingBase.values``).
FACE_VALUES: Mapping[Card, int] = {c: c.value for c in FULL_DECK if c.value is not None}


def vector(cards: Iterable[Card], values: Mapping[Card, int] = FACE_VALUES) -> Vector:
    """The count vector of the numerals among ``cards`` (those ``values`` gives a value)."""
    vec = 0
    for c in cards:
        v = values.get(c)
        if v is not None:
            vec += 1 << (WIDTH * (v - 1))
    return vec


def fits(part: Vector, have: Vector) -> bool:
    """Does ``have`` hold at least the cards of ``part``, value by value?"""
    return ((have | GUARD) - part) & GUARD == GUARD


# bit k of every count (counts up to 15 in four bits): a vector's cards are four popcounts
_BIT = tuple(sum(1 << (WIDTH * i + k) for i in range(10)) for k in range(4))


def cards_in(vec: Vector) -> int:
    """How many cards the vector holds.

    >>> cards_in(unit(3) + unit(3) + unit(5) + unit(10))
    4
    """
    b0, b1, b2, b3 = _BIT
    return (
        (vec & b0).bit_count()
        + 2 * (vec & b1).bit_count()
        + 4 * (vec & b2).bit_count()
        + 8 * (vec & b3).bit_count()
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


def expand(
    vec: Vector, floor: Iterable[Card], values: Mapping[Card, int] = FACE_VALUES
) -> Iterator[tuple[Card, ...]]:
    """The concrete floor-card choices that realise a vector, in floor order."""
    floor = list(floor)
    position = {c: i for i, c in enumerate(floor)}
    by_value: dict[int, list[Card]] = {}
    for c in floor:
        v = values.get(c)
        if v is not None:
            by_value.setdefault(v, []).append(c)
    choices = [
        list(combinations(by_value.get(i + 1, []), n)) for i, n in enumerate(counts(vec)) if n
    ]
    for pick in product(*choices):
        yield tuple(sorted((c for group in pick for c in group), key=position.__getitem__))


# --- every union, counted and listed strongest first with bounded work ---------------------

DECK_COUNT = 4  # cards of each value in the deck: the table holds every union of them
SEARCHED = 2_048  # sub-vectors of a floor up to which its unions are searched for directly


def below(vec: Vector, total: int) -> Vector:
    """The cards of ``vec`` with values under ``total`` (the ones that combine in groups)."""
    return vec & ((1 << (WIDTH * (total - 1))) - 1)


def subvectors(vec: Vector) -> int:
    """How many vectors fit inside ``vec`` (the empty one included)."""
    return prod(n + 1 for n in counts(vec))


def deck_under(total: int) -> Vector:
    """Every card of the deck with a value under ``total``."""
    return sum(DECK_COUNT * unit(v) for v in range(1, total))


class UnionTable(Sequence[Sequence[Vector]]):
    """The precomputed unions for one total, by size (item ``k``: those of ``k`` cards, in
    increasing order), each size decoded when it is first read: a listing reads the
    largest sizes first and stops at its limit, and :attr:`sizes` counts without reading."""

    def __init__(self, total: int) -> None:
        from referee.games.fishing.unions import SIZES

        self.total = total
        self.sizes: list[int] = SIZES[total]
        self._read: dict[int, Sequence[Vector]] = {}

    def __len__(self) -> int:
        return len(self.sizes)

    @overload
    def __getitem__(self, size: int) -> Sequence[Vector]: ...

    @overload
    def __getitem__(self, size: slice) -> Sequence[Sequence[Vector]]: ...

    def __getitem__(self, size: int | slice) -> Sequence[Vector] | Sequence[Sequence[Vector]]:
        if isinstance(size, slice):
            return [self[k] for k in range(len(self))[size]]
        found = self._read.get(size)
        if found is None:
            from referee.games.fishing.unions import unions_of_size

            found = self._read[size] = unions_of_size(self.total, range(len(self))[size])
        return found

    def holds(self, vec: Vector, size: int) -> bool:
        """Is ``vec``, of ``size`` cards under the total and at most four of a value, one
        of the table's unions (a binary search of that size)?"""
        from bisect import bisect_left

        group = self[size] if size < len(self) else ()
        at = bisect_left(group, vec)
        return at < len(group) and group[at] == vec

    def first(self, size: int, n: int) -> Sequence[Vector]:
        """The first ``n`` unions of ``size`` cards, decoded no further than they reach."""
        found = self._read.get(size)
        if found is not None:
            return found[:n]
        from referee.games.fishing.unions import unions_of_size

        return unions_of_size(self.total, size, n)


class Fitting:
    """The table's unions that fit inside a room, by size (item ``k``: those of ``k`` cards,
    in increasing order): counted from a bitmask of the table (bit ``i``: its ``i``-th
    union fits) without decoding a union, each size listed when first read, decoded only
    as far as its last union that fits."""

    def __init__(self, table: UnionTable, mask: int) -> None:
        self.table = table
        self.mask = mask
        self._starts = list(accumulate(table.sizes, initial=0))
        self.sizes = [self._bits(k).bit_count() for k in range(len(table))]
        self._read: dict[int, list[Vector]] = {}

    def _bits(self, size: int) -> int:
        """The mask's bits for the unions of ``size`` cards (bit 0: the first of them)."""
        return (self.mask >> self._starts[size]) & ((1 << self.table.sizes[size]) - 1)

    def __len__(self) -> int:
        return len(self.table)

    def __getitem__(self, size: int) -> Sequence[Vector]:
        found = self._read.get(size)
        if found is None:
            bits = self._bits(size)
            run = self.table.first(size, bits.bit_length())
            flags = format(bits, "b")[::-1].encode("ascii").translate(_FLAGS)  # bit i: byte i
            found = self._read[size] = list(compress(run, flags))
        return found


_FLAGS = bytes.maketrans(b"01", b"\0\1")


@cache
def union_table(total: int) -> UnionTable:
    """Every union of groups adding up to ``total`` each that a full deck's cards of values
    under ``total`` can form (the empty one included), by size (item ``k``: ``k`` cards),
    each size in increasing order: the precomputed :mod:`.unions`, as
    :func:`unions_of_deck` makes it."""
    return UnionTable(total)


def unions_of_deck(total: int) -> list[Vector]:
    """What :func:`union_table` holds, in one list, computed (to write the table and to
    check it): most cards first, then the higher values."""
    found = set(union_vectors(deck_under(total), total)) | {ZERO}
    return sorted(found, key=lambda u: (cards_in(u), u), reverse=True)


@lru_cache(maxsize=64)
def _fitting(room: Vector, total: int) -> UnionTable | Fitting:
    """The table's unions that fit inside ``room``, by size: all of them when ``room``
    holds every card of the deck under ``total`` (a floor of them all, the worst one),
    otherwise those that the masks of the values it lacks cards of all keep."""
    from referee.games.fishing.unions import fitting_mask

    table = union_table(total)
    mask = -1
    for value in range(1, total):
        have = count(room, value)
        if have < DECK_COUNT:
            mask &= fitting_mask(total, value, have)
    return table if mask == -1 else Fitting(table, mask)


def splittable(vec: Vector, total: int) -> bool:
    """:func:`splits_into`, looked up in the table when ``vec`` is large."""
    if vec == ZERO:
        return True
    if total_of(vec) % total:
        return False
    rest = vec - count(vec, total) * unit(total)
    if rest != below(rest, total):
        return False  # a card above the total is in no group
    size = cards_in(rest)
    if size > 12 and max(counts(rest)) <= DECK_COUNT:
        return union_table(total).holds(rest, size)
    return splits_into(vec, total)


def leftovers(room: Vector, total: int) -> list[Vector]:
    """Every vector inside ``room`` (values under ``total``) that holds no group adding up
    to ``total`` and leaves the rest of ``room`` a multiple of ``total``: what a maximal
    capture may leave behind."""
    limits = counts(room)
    full = 1 << total
    keep = (full << 1) - 1
    residue = total_of(room) % total
    out: list[Vector] = []

    def walk(value: int, sums: int, vec: Vector, held: int) -> None:
        if value == total:
            if held % total == residue:
                out.append(vec)
            return
        step = unit(value)
        for _ in range(limits[value - 1] + 1):
            walk(value + 1, sums, vec, held)
            sums = (sums | sums << value) & keep
            if sums & full:
                return
            vec += step
            held += value

    walk(1, 1, ZERO, 0)
    return out


@lru_cache(maxsize=256)
def maximal_unions(room: Vector, tops: int, total: int) -> tuple[Vector, ...]:
    """The unions that leave no group behind (Basra's ``capture = maximal``), strongest
    first, with ``tops`` cards of the total's own value: worked out once for a floor and
    shared by its count, its listing and the check of a capture (each builds a
    :class:`Unions`)."""
    top = tops * unit(total)
    table = union_table(total) if max(counts(room)) <= DECK_COUNT else None
    found: list[Vector] = []
    for w in leftovers(room, total):  # each leaves a rest whose total divides by ``total``
        rest = room - w
        if not rest:
            if top:
                found.append(top)
            continue
        size = cards_in(rest)
        if table is not None and size > 12:  # a union of the deck's cards: in the table
            if table.holds(rest, size):
                found.append(top + rest)
        elif splits_into(rest, total):
            found.append(top + rest)
    return tuple(sorted(found, key=lambda u: (cards_in(u), u), reverse=True))


if TYPE_CHECKING:  # a type only: a Protocol class costs 0.6 M instructions to build

    class Vectors(Protocol):
        """The capture vectors of a card on a floor: counted, listed strongest first, and
        tested one by one (:class:`Unions`, :class:`Ranked`)."""

        def count(self) -> int: ...

        def __bool__(self) -> bool: ...

        def __iter__(self) -> Iterator[Vector]: ...

        def __contains__(self, vec: object) -> bool: ...


class Unions:
    """The unions of groups adding up to ``total`` each that a floor allows (Basra): how
    many there are, and each in turn strongest first (the most cards, then the higher
    values), with bounded work on any floor. ``maximal``: only those that leave no group."""

    def __init__(self, floor: Vector, total: int, maximal: bool = False) -> None:
        self.total = total
        self.maximal = maximal
        self.floor = floor
        shift = WIDTH * (total - 1)  # a check builds one per play: below() and count() inline
        self.room = floor & ((1 << shift) - 1)  # the cards that combine with others
        self.tops = (floor >> shift) & MASK  # cards of the total's own value: groups alone
        self._all: list[Vector] | None = None  # every union, where that list is short

    @property
    def searched(self) -> bool:
        """Are the floor's unions searched for (few sub-vectors, or more cards of a value
        than a deck holds) rather than read from the table? (A check asks neither.)"""
        room = self.room
        return subvectors(room) <= SEARCHED or max(counts(room)) > DECK_COUNT

    def _listed(self) -> list[Vector]:
        """Every union, strongest first, where that list is small (searched or maximal)."""
        if self._all is None:
            if self.maximal:
                self._all = list(maximal_unions(self.room, self.tops, self.total))
            else:
                found = list(union_vectors(self.floor, self.total))
                self._all = sorted(found, key=lambda u: (cards_in(u), u), reverse=True)
        return self._all

    def __bool__(self) -> bool:
        """Is there any union? (One group is enough, even under ``maximal``: a union that
        nothing can be added to leaves no group.)"""
        return has_group(self.floor, self.total)

    def count(self) -> int:
        """How many unions there are."""
        if self.searched or self.maximal:
            return len(self._listed())
        kept = sum(_fitting(self.room, self.total).sizes)
        return (self.tops + 1) * kept - 1

    def __iter__(self) -> Iterator[Vector]:
        """Each union, strongest first (lazily where the floor is large)."""
        if self.searched or self.maximal:
            yield from self._listed()
            return
        by_size = _fitting(self.room, self.total)
        top = unit(self.total)
        for size in range(self.tops + len(by_size) - 1, 0, -1):
            for j in range(min(self.tops, size), -1, -1):
                if size - j < len(by_size):
                    for u in reversed(by_size[size - j]):
                        yield u + j * top

    def __contains__(self, vec: object) -> bool:
        """Is ``vec`` one of the unions (without listing them)?"""
        if not isinstance(vec, int) or vec == ZERO or not fits(vec, self.floor):
            return False
        if self.maximal and has_group(self.floor - vec, self.total):
            return False
        return splittable(vec, self.total)


class Ranked:
    """Capture vectors already found (a short list, such as Pasur's single sets), strongest
    first: the most cards, ties in the order given."""

    def __init__(self, vecs: Iterable[Vector]) -> None:
        self.vecs = sorted(vecs, key=cards_in, reverse=True)

    def __bool__(self) -> bool:
        return bool(self.vecs)

    def count(self) -> int:
        return len(self.vecs)

    def __iter__(self) -> Iterator[Vector]:
        return iter(self.vecs)

    def __contains__(self, vec: object) -> bool:
        return vec in self.vecs
