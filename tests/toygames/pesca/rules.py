"""Pesca's rules on the fishing core."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from referee.cards import Card
from referee.games.base import Illegal, Words, sole_leader
from referee.games.fishing.deal import FishingDeal
from referee.games.fishing.plays import CardPlays, Play
from referee.games.fishing.state import face_values
from referee.games.fishing.view import FishingView
from referee.messages import fact
from referee.problems import Problem

from . import SPEC

if TYPE_CHECKING:
    import random

    from referee.params import Value

DECK = tuple(sorted(SPEC.deck))


class PescaDeal(FishingDeal):
    """One deal of Pesca."""

    presenter = FishingView
    game = "pesca"
    floor_rule = "pesca.deal"
    deferred_key = "set_aside"
    sweeps_fact = "pesca.sweeps"
    choice_rule = "pesca.capture"
    deck = DECK
    counted: ClassVar[Mapping[Card, str]] = {}  # no card scored by itself
    values = face_values(DECK)

    @classmethod
    def round_size(cls, rules: dict[str, Value]) -> int:
        return 3

    @classmethod
    def open_floor(
        cls, deck: list[Card], rng: random.Random, rules: dict[str, Value]
    ) -> tuple[list[Card], list[Card]] | None:
        return [deck.pop() for _ in range(cls.floor_size)], []

    def check_floor(self) -> list[Problem]:
        return []

    def check_set_aside(self) -> list[Problem]:
        return []

    def plays_of(self, card: Card) -> CardPlays:
        same = tuple(Play(card, (c,), self.sweep_of(card, (c,))) for c in self.floor)
        listed = tuple(p for p in same if p.takes[0].rank == card.rank)
        return CardPlays(card, self.floor, self.values, listed=listed)

    def sweep_of(self, card: Card, takes: tuple[Card, ...]) -> bool:
        return len(takes) == len(self.floor) and not self.last_round

    def refusal(self, card: Card, takes: tuple[Card, ...], plays: CardPlays) -> Illegal:
        if not takes:
            return self.refused("pesca.capture", fact("pesca.forced", card=card), plays)
        said = fact("pesca.same-rank", rank=card.rank, cards=takes)
        return self.refused("pesca.capture", said, plays)

    def capture_rule(self, card: Card) -> str:
        return "pesca.capture"

    def rules_applied(self, card: Card, ruling: Play) -> tuple[list[str], list[Words]]:
        if not ruling.taken:
            return ["pesca.capture"], [fact("pesca.trail", card=card)]
        if ruling.sweep:
            return ["pesca.capture", "pesca.sweep"], [
                fact("pesca.sweep", card=card, cards=ruling.taken)
            ]
        return ["pesca.capture"], [fact("pesca.takes", card=card, cards=ruling.taken)]

    def record_sweep(self, side: str) -> None:
        self.sweeps[side] += 1

    def score_sides(self) -> tuple[dict[str, dict[str, int]], int]:
        cards = {s: len(pile) for s, pile in self.piles.items()}
        most = sole_leader(cards)
        return {s: {"pesche": self.sweeps[s], "most_cards": int(s == most)} for s in self.sides}, 0
