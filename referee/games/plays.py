"""A fishing game's legal plays as values: a :class:`Play` (one card, the floor cards it
takes, whether that sweeps: what ``apply`` takes, as a ``FishPlay`` once a player is named)
and a :class:`Capture` (one kind of play, standing for every choice among cards of equal
value: ``takes 2 of 5S/5H/5D`` is one kind of three plays). ``options`` lists kinds, so a
floor of 39 numerals yields a few lines and never its millions of card sets."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations, product
from math import comb, prod

from referee.cards import Card
from referee.games.facts import Fact, Joined, fact, joined
from referee.record import FishPlay
from referee.tuples import NamedTuple

Choice = tuple[int, tuple[Card, ...]]  # take this many of these cards (of one value)


class Play(NamedTuple):
    """One legal way to play ``card`` and the ruling on it: the floor cards it ``takes``
    (none: a trail) and whether that scores a ``sweep``."""

    card: Card
    takes: tuple[Card, ...] = ()
    sweep: bool = False

    @property
    def trail(self) -> bool:
        """Is the card laid on the floor, taking nothing?"""
        return not self.takes

    @property
    def taken(self) -> tuple[Card, ...]:
        """The floor cards taken (the name the simulator and the rulings use)."""
        return self.takes

    def entry(self, by: str) -> FishPlay:
        """The log entry of this play made by ``by``."""
        return FishPlay(by, self.card, self.takes)

    def as_fact(self) -> Fact:
        """The play as the words layer says it: a trail, or what it takes (and whether
        that sweeps)."""
        if not self.takes:
            return fact("fishing.play.trail")
        if self.sweep:
            return fact("fishing.play.sweep", cards=self.takes)
        return fact("fishing.play.takes", cards=self.takes)


class Capture(NamedTuple):
    """One kind of legal play of ``card``: it takes ``takes`` and, for each choice in
    ``choose``, that many of those cards (which ones is the player's to say), and sweeps or
    not. ``by_value`` kinds (numerals taken by sums) are said value by value, as a table
    reads them, by the game's ``values``."""

    card: Card
    takes: tuple[Card, ...] = ()
    choose: tuple[Choice, ...] = ()
    sweep: bool = False
    by_value: bool = False
    values: Mapping[Card, int] | None = None  # the game's card values (by_value kinds)

    @classmethod
    def of(cls, play: Play) -> Capture:
        """The kind that is this one play."""
        return cls(play.card, play.takes, (), play.sweep)

    @property
    def trail(self) -> bool:
        return not self.takes and not self.choose

    @property
    def ways(self) -> int:
        """How many plays (sets of floor cards) this kind stands for."""
        return prod(comb(len(cards), n) for n, cards in self.choose)

    def plays(self, floor: list[Card] | None = None) -> Iterator[Play]:
        """Each play of this kind, lazily, its cards in ``floor`` order when given."""
        if not self.choose:
            yield Play(self.card, self.takes, self.sweep)
            return
        place = {c: i for i, c in enumerate(floor or ())}
        for pick in product(*(combinations(cards, n) for n, cards in self.choose)):
            cards = (*self.takes, *(c for group in pick for c in group))
            if place:
                cards = tuple(sorted(cards, key=lambda c: place.get(c, len(place))))
            yield Play(self.card, cards, self.sweep)

    def first(self, floor: list[Card] | None = None) -> Play:
        """The first play of this kind."""
        return next(self.plays(floor))

    def as_fact(self) -> Fact:
        """The kind as a table reads it: ``takes 9D 4C``, ``takes 2 of 5S/5H/5D (3 ways)``."""
        if not self.by_value:
            return Play(self.card, self.takes, self.sweep).as_fact()
        taken = self.taken_by_value()
        if self.sweep:
            return fact("fishing.play.sweep", cards=taken)
        return fact("fishing.play.takes", cards=taken)

    def taken_by_value(self) -> Fact | Joined:
        """The cards of a by-value kind, value by value."""
        by_value: dict[int, tuple[Card, ...] | Fact] = {}
        values = self.values or {}
        for c in self.takes:
            key = values.get(c, 0)
            held = by_value.get(key, ())
            assert isinstance(held, tuple)
            by_value[key] = (*held, c)
        for n, cards in self.choose:
            by_value[values.get(cards[0], 0)] = fact(
                "fishing.play.choose", n=n, cards=joined(cards, "/")
            )
        parts = [by_value[k] for k in sorted(by_value)]
        ways = self.ways
        if ways == 1:
            return joined(parts, " ")
        return fact("fishing.play.ways", n=ways, parts=joined(parts))

    def as_json(self) -> dict[str, object]:
        """The kind for ``options --json`` (docs/log-format.md, "options --json")."""
        return {
            "card": str(self.card),
            "takes": [str(c) for c in self.takes],
            "choose": [{"count": n, "of": [str(c) for c in cards]} for n, cards in self.choose],
            "ways": self.ways,
            "sweep": self.sweep,
            "trail": self.trail,
        }


class Listing(NamedTuple):
    """The legal kinds of play for a card, strongest first: the ``shown`` ones (a limit
    keeps the work bounded) and how many there are in ``total``."""

    label: Fact  # what is listed: the card and the floor
    card: Card
    shown: tuple[Capture, ...]
    total: int
    note: Fact | None = None  # why there is nothing to list (the card was already played)

    def lines(self) -> list[Fact]:
        """The shown kinds as facts, one line each."""
        return [k.as_fact() for k in self.shown]

    def as_json(self) -> dict[str, object]:
        """``options --json`` for a fishing game (``for`` and ``note`` as facts, which the
        table says)."""
        out: dict[str, object] = {
            "for": self.label,
            "card": str(self.card),
            "options": [k.as_json() for k in self.shown],
            "total": self.total,
            "more": self.total - len(self.shown),
        }
        if self.note is not None:
            out["note"] = self.note
        return out
