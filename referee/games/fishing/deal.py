"""The fishing-game core shared by Basra and Pasur: the plays (captures and trails, sweeps),
checked against the one set of a card's legal plays (:class:`.plays.CardPlays`) and
applied, on :class:`FishingBase` (set-up, rounds and turns, the end of the deal). Each
game supplies only its rules through a few hooks: its plays (``plays_of``), why a play
is refused (``refusal``), the rules behind a legal one, its sweeps and its scoring. What a
person sees is :mod:`referee.games.fishing.view`'s."""

from __future__ import annotations

from abc import abstractmethod
from itertools import islice
from typing import TYPE_CHECKING

from referee.cards import Card
from referee.games.base import (
    Illegal,
    Words,
    first_legal,
)
from referee.games.events import Captured, Event, Residue, Swept
from referee.games.fishing.plays import CardPlays, Play
from referee.games.fishing.state import FishingBase
from referee.games.fishing.state import deal_rounds as deal_rounds
from referee.messages import Fact, fact, joined
from referee.record import Entry, FishPlay

if TYPE_CHECKING:
    import random

    from referee.games.base import MatchSoFar
    from referee.games.spec import GameSpec
    from referee.record import Match

Option = Play  # the ruling on a legal play, and one legal play: the same value


SAY_WHICH = 20  # the ways a play typed without its capture lists when it could mean several


class FishingDeal(FishingBase):
    """One deal of a fishing game. Subclasses give the capture rules and the scoring."""

    # --- plays -------------------------------------------------------------------------

    def apply(self, entry: Entry) -> list[Event]:
        assert isinstance(entry, FishPlay)
        ruling = self.check(entry)
        self.used[entry.card] = (entry.by, self.entries + 1)
        side = self.side[entry.by]
        events: list[Event] = [Captured(entry.by, entry.card, ruling.taken, ruling.sweep)]
        if ruling.taken:
            taken = set(ruling.taken)
            self.floor = [c for c in self.floor if c not in taken]
            self.piles[side].extend((entry.card, *ruling.taken))
            self.last_capturer = side
            if ruling.sweep:
                self.record_sweep(side)
                events.append(Swept(entry.by, side, self.sweeps_fact, self.floor_key))
        else:
            self.floor.append(entry.card)
        self.entries += 1
        if self.finished:
            residue = tuple(self.floor)
            if self.last_capturer is not None:
                self.piles[self.last_capturer].extend(residue)
                self.floor = []
                if residue:
                    events.append(Residue(self.last_capturer, residue, self.floor_key))
        return events

    def check(self, entry: Entry) -> Play:
        """Judge a play in the current state without changing anything: what it takes. The
        play is legal when it is one of the card's legal plays (:meth:`legal_plays`, the
        set the listings and the simulator ask too)."""
        play = entry
        assert isinstance(play, FishPlay)
        self.check_turn(play)
        card, takes = play.card, play.takes
        missing = [c for c in takes if c not in self.floor]
        if missing:
            raise self.refused(
                self.capture_rule(card),
                fact(
                    "fishing.not-on-floor",
                    n=len(missing),
                    cards=tuple(missing),
                    floor=self.floor_word,
                    floor_cards=tuple(self.floor) or fact("fishing.empty"),
                ),
                self.legal_plays(card),
            )
        return self.rule_capture(card, takes)

    def rule_capture(self, card: Card, takes: tuple[Card, ...]) -> Play:
        """The capture rules alone: the ruling on ``card`` taking ``takes`` (floor cards) if
        that is one of its legal plays, else the game's refusal naming the rule it breaks."""
        plays = self.legal_plays(card)
        ruling = plays.ruling(takes)
        if ruling is None:
            raise self.refusal(card, takes, plays)
        return ruling

    def check_turn(self, play: FishPlay) -> None:
        """The checks before the capture rules: the deal not over, the player's turn, the
        card not yet played and held, a card set aside not played in the first round."""
        if self.finished:
            raise Illegal(
                "hand.count",
                fact("fishing.all-played", count=self.total_plays),
            )
        expected = self.to_move()
        if play.by != expected:
            raise Illegal("turn.order", fact("fishing.turn", player=expected, by=play.by))
        card = play.card
        if card in self.used:
            raise Illegal(
                "card.duplicate",
                fact("card.used", card=card, where=self.where_used(card)),
            )
        takes = play.takes
        if len(set(takes)) != len(takes):
            raise Illegal("card.duplicate", fact("card.named-twice", cards=takes))
        if self.hands is not None and play.by in self.hands and not self.holds(play.by, card):
            held = self.round_cards(play.by) or ()
            raise Illegal(
                "hand.not-held",
                fact("fishing.not-held.holds", player=play.by, card=card, cards=held)
                if held
                else fact("hand.not-held", player=play.by, card=card),
            )
        if self.round == 0 and card in self.deferred:
            raise Illegal(
                self.floor_rule,
                fact(
                    "fishing.set-aside.first-round",
                    card=card,
                    key=self.deferred_key,
                    floor=self.floor_word,
                ),
            )

    def legal_plays(self, card: Card) -> CardPlays:
        """Every legal play of ``card`` now (:meth:`plays_of`), the last one asked for kept:
        a command asks the same card's plays several times (to fill in a capture, to check
        it, to list the alternatives)."""
        key = (self.entries, tuple(self.floor), card)
        if self._plays is None or self._plays[0] != key:
            self._plays = (key, self.plays_of(card))
        return self._plays[1]

    @abstractmethod
    def plays_of(self, card: Card) -> CardPlays:
        """The game's capture rules: every legal play of ``card`` on the floor now."""

    @abstractmethod
    def refusal(self, card: Card, takes: tuple[Card, ...], plays: CardPlays) -> Illegal:
        """Why ``card`` taking ``takes`` (floor cards, not one of ``plays``) is refused: the
        rule it breaks and the fact, with the legal plays (:meth:`refused`)."""

    def refused(self, rule: str, message: Fact, plays: CardPlays) -> Illegal:
        """A refusal that shows the strongest legal plays of the card, as values."""
        return Illegal(rule, message, *first_legal(plays, plays.count))

    @classmethod
    def simulate_deal(
        cls, spec: GameSpec, match: Match, dealer: str, carry: MatchSoFar, rng: random.Random
    ) -> None:
        """The fishing core's simulated player (:mod:`referee.games.fishing.sim`)."""
        from referee.games.fishing.sim import play_fishing_deal  # only when simulating

        play_fishing_deal(cls, match, dealer, carry, rng)

    def options(self, card: Card) -> list[Play]:
        """Every legal way to play ``card`` now, one set of floor cards each (the
        simulator's choices; on a large floor there are millions: the table commands list
        kinds, :meth:`legal_plays`)."""
        return list(self.legal_plays(card).every())

    @abstractmethod
    def record_sweep(self, side: str) -> None:
        """Count a sweep for ``side`` (Pasur may cancel instead)."""

    @abstractmethod
    def capture_rule(self, card: Card) -> str:
        """The rule that governs what ``card`` may take (cited when it takes a card that is
        not on the floor)."""

    @abstractmethod
    def rules_applied(self, card: Card, ruling: Play) -> tuple[list[str], list[Words]]:
        """The rule ids behind a legal play's ruling, and the ruling in plain words."""

    # --- a play typed at the table ---------------------------------------------------------

    def table_entry(
        self, by: str | None, cards: tuple[Card, ...], takes: tuple[Card, ...] | None, trail: bool
    ) -> Entry:
        card = cards[0]
        player = by or self.to_move()
        assert player is not None
        chosen: tuple[Card, ...] = ()
        if takes is not None:
            chosen = takes
        elif not trail and player == self.to_move() and card not in self.used:
            chosen = self.only_way(card)
            if not chosen:  # its one legal play is a trail: never inferred (decisions.md)
                raise Illegal(
                    f"{self.game}.trail",
                    fact("fishing.trail.unsaid", card=card),
                )
        return FishPlay(player, card, chosen)

    def only_way(self, card: Card) -> tuple[Card, ...]:
        """What ``card`` takes when it can be played one way only; Illegal naming the first
        ways (from the strongest few, never all of them) when it can be played several."""
        kinds, total = self.legal_plays(card).first(SAY_WHICH)
        lines = [k.as_fact() for k in kinds]
        if total == 1:  # one kind of capture: is it one set of cards?
            plays = list(islice(kinds[0].plays(self.floor), SAY_WHICH))
            lines = [p.as_fact() for p in plays]
        if len(lines) > 1:
            raise Illegal(
                self.choice_rule,
                fact("fishing.choice", card=card, ways=joined(lines[:SAY_WHICH], "; ")),
            )
        return kinds[0].first(self.floor).takes if kinds else ()
