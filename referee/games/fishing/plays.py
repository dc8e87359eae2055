"""A fishing game's legal plays as values: a :class:`Play` (one card, the floor cards it
takes, whether that sweeps: what ``apply`` takes, as a ``FishPlay`` once a player is named),
a :class:`Capture` (one kind of play, standing for every choice among cards of equal
value: ``takes 2 of 5S/5H/5D`` is one kind of three plays), and :class:`CardPlays`, every
legal play of one card now: the one derivation of legality that the check, the listings,
their counts and the simulator all ask. ``options`` lists kinds, so a floor of 39 numerals
yields a few lines and never its millions of card sets."""

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations, islice, product
from math import comb, prod
from typing import TYPE_CHECKING, NamedTuple

from referee.cards import Card
from referee.games.fishing.captures import Vector, counts, expand, vector
from referee.messages import Fact, Joined, fact, joined
from referee.record import FishPlay

if TYPE_CHECKING:
    from referee.games.fishing.captures import Vectors

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
    def of(cls, play: Play) -> "Capture":
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
    shown: "tuple[Capture, ...]"
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


class CardPlays:
    """Every legal play of one card now, as python-chess's ``legal_moves`` is for a board:
    its kinds listed lazily, strongest first (sweeps, then the most cards, the trail last);
    counted without listing them; and a play tested for membership without listing either
    (:meth:`ruling`). The check asks this set, ``options`` lists and counts it, the
    simulator draws from it (:meth:`every`).

    A card that takes by sums gives its captures as value vectors, worked out when first
    asked (``by_sums``, the game's arithmetic: Basra's unions of groups, Pasur's single
    sets); any other card lists them (``listed``: a jack, a K or Q, a sweeping 7D). A card
    trails when it can capture nothing, or when the rules let a card that can capture trail
    too (``trail_capturer``). Whether taking the whole floor by sums sweeps is the game's
    ``sweep_of(card, floor)``, asked only of such a capture."""

    __slots__ = (
        "_counted",
        "_trail",
        "_vectors",
        "by_sums",
        "card",
        "floor",
        "listed",
        "sweep_of",
        "trail_capturer",
        "values",
    )

    def __init__(
        self,
        card: Card,
        floor: Sequence[Card],
        values: Mapping[Card, int],
        by_sums: "Callable[[], Vectors] | None" = None,
        listed: Sequence[Play] = (),
        trail_capturer: bool = False,
        sweep_of: Callable[[Card, tuple[Card, ...]], bool] | None = None,
    ) -> None:
        self.card = card
        self.floor = tuple(floor)
        self.values = values
        self.by_sums = by_sums
        self._vectors: Vectors | None = None
        self.listed = tuple(listed)
        self.trail_capturer = trail_capturer
        self.sweep_of = sweep_of
        self._counted: int | None = None
        self._trail: bool | None = None

    @property
    def vectors(self) -> "Vectors | None":
        """The captures by sums as value vectors (None: the card lists its captures),
        worked out when first asked (a trail may need none)."""
        if self._vectors is None and self.by_sums is not None:
            self._vectors = self.by_sums()
        return self._vectors

    @property
    def sweeps(self) -> bool:
        """Does the card's capture of the whole floor by sums sweep it?"""
        return (
            self.sweep_of is not None and bool(self.floor) and self.sweep_of(self.card, self.floor)
        )

    @property
    def trail(self) -> bool:
        """May the card be laid on the floor? (Asked only of a trail and of a listing: a
        capture is judged without it.)"""
        if self._trail is None:
            self._trail = self.trail_capturer or not self.captures()
        return self._trail

    def captures(self) -> bool:
        """Can the card take anything now? (Without counting what.)"""
        vectors = self.vectors
        return bool(self.listed) if vectors is None else bool(vectors)

    def ruling(self, takes: Sequence[Card]) -> Play | None:
        """The legal play of the card taking ``takes`` (in the order given), with whether it
        sweeps; None when it is not one of these plays."""
        if not takes:
            return Play(self.card) if self.trail else None
        taken = set(takes)
        if len(taken) != len(takes) or not taken <= set(self.floor):
            return None
        vectors = self.vectors
        if vectors is None:
            found = next((p for p in self.listed if set(p.takes) == taken), None)
            return None if found is None else Play(self.card, tuple(takes), found.sweep)
        if not taken <= self.values.keys():  # a card without a value takes by no sum
            return None
        if vector(takes, self.values) not in vectors:
            return None
        return Play(self.card, tuple(takes), len(taken) == len(self.floor) and self.sweeps)

    def __contains__(self, play: object) -> bool:
        """Is ``play`` (a :class:`Play` of this card) legal now?"""
        return (
            isinstance(play, Play)
            and play.card == self.card
            and self.ruling(play.takes) is not None
        )

    def __iter__(self) -> "Iterator[Capture]":
        """Each kind of play, strongest first, lazily: sweeps, then the most cards taken,
        the trail last. A kind stands for the captures that differ only in which card of
        a value is taken."""
        vectors = self.vectors
        if vectors is None:
            ways = sorted(self.listed, key=lambda o: (not o.sweep, -len(o.takes)))
            yield from (Capture.of(o) for o in ways)
        else:
            yield from self._by_value(vectors)
        if self.trail:
            yield Capture(self.card)

    def _by_value(self, vecs: "Vectors") -> "Iterator[Capture]":
        """The kinds of the captures by sums, the whole floor first when it sweeps."""
        numerals = [c for c in self.floor if c in self.values]
        whole = vector(self.floor, self.values) if len(numerals) == len(self.floor) else None
        sweeping = whole is not None and self.sweeps and whole in vecs
        by_value: dict[int, tuple[Card, ...]] = {}
        for c in numerals:
            value = self.values[c]
            by_value[value] = (*by_value.get(value, ()), c)
        place = {c: i for i, c in enumerate(numerals)}
        if sweeping:
            assert whole is not None
            yield kind_of(self.card, whole, by_value, place, True, self.values)
        for vec in vecs:
            if not (sweeping and vec == whole):
                yield kind_of(self.card, vec, by_value, place, False, self.values)

    def count(self) -> int:
        """How many kinds of play there are, counted without listing them."""
        if self._counted is None:
            vectors = self.vectors
            found = len(self.listed) if vectors is None else vectors.count()
            self._counted = found + self.trail
        return self._counted

    def first(self, limit: int) -> "tuple[tuple[Capture, ...], int]":
        """The strongest ``limit`` kinds, and how many kinds there are in all."""
        shown = tuple(islice(self, limit))
        return shown, len(shown) if len(shown) < limit else self.count()

    def every(self) -> Iterator[Play]:
        """Every legal play, one set of floor cards each (the simulator's choices; on a
        large floor there are millions): the captures by sums highest value first, each
        set in floor order, or the listed ones as listed; the trail last."""
        vectors = self.vectors
        if vectors is None:
            yield from self.listed
        else:
            numerals = [c for c in self.floor if c in self.values]
            for vec in sorted(vectors, reverse=True):
                for takes in expand(vec, numerals, self.values):
                    sweep = len(takes) == len(self.floor) and self.sweeps
                    yield Play(self.card, takes, sweep)
        if self.trail:
            yield Play(self.card)


def kind_of(
    card: Card,
    vec: Vector,
    by_value: dict[int, tuple[Card, ...]],
    place: dict[Card, int],
    sweep: bool,
    values: Mapping[Card, int],
) -> "Capture":
    """The kind of capture of ``card`` taking the numerals of ``vec`` (``by_value``: the
    floor's numerals of each value, in floor order; ``place``: each one's position;
    ``values``: the game's)."""
    takes: list[Card] = []
    choose: list[Choice] = []
    for value, n in enumerate(counts(vec), 1):
        if n:
            cards = by_value[value]
            if n == len(cards):
                takes.extend(cards)
            else:
                choose.append((n, cards))
    takes.sort(key=place.__getitem__)
    return Capture(card, tuple(takes), tuple(choose), sweep, by_value=True, values=values)
