"""A trick game's legal plays as values: a :class:`TrickPlay` (the cards of a lead or a
follow, and whether a follow takes the trick over) and :class:`HandPlays`, every legal play
of one player now, the one derivation of legality the check, the listings and the simulator
all ask: iterated from the player's recorded hand, counted, and a play tested for membership
(``play in plays``, as python-chess's ``move in board.legal_moves``) without the hand."""

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import NamedTuple

from referee.cards import Card
from referee.games.trick.cards import set_beats
from referee.messages import Fact, fact


class TrickPlay(NamedTuple):
    """One legal lead or follow: its ``cards``, and for a follow whether they take the trick
    over (``beats``; None for a lead, which has nothing to beat)."""

    cards: tuple[Card, ...]
    beats: bool | None = None

    def as_fact(self) -> Fact:
        """The play as the words layer says it: its cards."""
        return fact("trick.option", cards=self.cards)

    def as_json(self) -> dict[str, object]:
        """The play for ``options --json`` (README, "options --json")."""
        return {"cards": [str(c) for c in self.cards], "beats": self.beats}


class HandPlays:
    """Every legal play of one player now: a lead of 1 to ``hand_size`` cards of one suit,
    or a follow of as many cards as were led (``led``), those that beat the cards holding
    the trick (``held``) first. Iterating needs the player's cards (``hand_of()``, asked
    only then; None when the record does not give them: nothing to list); testing a play
    does not."""

    __slots__ = ("_follows", "_hand", "hand_of", "hand_size", "held", "led", "top", "trump")

    def __init__(
        self,
        hand_of: Callable[[], tuple[Card, ...] | None],
        hand_size: int,
        led: int | None = None,
        held: tuple[Card, ...] = (),
        trump: str = "",
        top: Card | None = None,
    ) -> None:
        self.hand_of = hand_of
        self._hand: tuple[tuple[Card, ...] | None] | None = None
        self.hand_size = hand_size
        self.led = led  # cards to follow with; None: the player leads
        self.held = held  # the cards holding the trick
        self.trump = trump
        self.top = top  # a card that beats every other (Kozel's 6S)
        self._follows: list[TrickPlay] | None = None

    @property
    def hand(self) -> tuple[Card, ...] | None:
        """The player's cards in hand, when the record gives them (asked once)."""
        if self._hand is None:
            self._hand = (self.hand_of(),)
        return self._hand[0]

    @property
    def leads(self) -> bool:
        """Is this a lead (nothing to beat)?"""
        return self.led is None

    def ruling(self, cards: tuple[Card, ...]) -> TrickPlay | None:
        """The legal play of these cards (whether they beat the trick), or None: cards held
        and not yet played (what the check asks first) are tested for their number and
        suits, the hand itself unneeded."""
        if self.led is None:
            if 1 <= len(cards) <= self.hand_size and len({c.suit for c in cards}) == 1:
                return TrickPlay(cards)
            return None
        if len(cards) != self.led:
            return None
        return TrickPlay(cards, set_beats(cards, self.held, self.trump, self.top))

    def __contains__(self, cards: object) -> bool:
        """Is this (a tuple of held cards) a legal play?"""
        return isinstance(cards, tuple) and self.ruling(cards) is not None

    def __iter__(self) -> Iterator[TrickPlay]:
        """Each legal play from the recorded hand: leads by size, or the follows that beat
        the trick and then the rest, each in the hand's order."""
        hand = self.hand
        if hand is None:
            return
        if self.led is None:
            for k in range(1, min(self.hand_size, len(hand)) + 1):
                for cards in combinations(hand, k):
                    if len({c.suit for c in cards}) == 1:
                        yield TrickPlay(cards)
            return
        yield from self.follows()

    def follows(self) -> list[TrickPlay]:
        """Every follow from the hand, those that beat first (worked out once)."""
        if self._follows is None:
            hand = self.hand
            assert hand is not None and self.led is not None
            plays = [self.ruling(c) for c in combinations(hand, self.led)]
            found = [p for p in plays if p is not None]
            self._follows = [p for p in found if p.beats] + [p for p in found if not p.beats]
        return self._follows

    def beating(self) -> list[tuple[Card, ...]]:
        """The cards of every follow that takes the trick over (the hand's order)."""
        if self.hand is None or self.led is None:
            return []
        return [p.cards for p in self.follows() if p.beats]

    def count(self) -> int:
        """How many legal plays the hand has."""
        return sum(1 for _ in self)
