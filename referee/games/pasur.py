"""Pasur's rules (rules.md §2) on top of the fishing-game core."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cards import FULL_DECK, Card
from referee.games.base import MatchSoFar, Words, sole_leader
from referee.games.captures import Ranked, expand, single_sets, vector
from referee.games.facts import Fact, fact
from referee.games.fishing import FishingDeal
from referee.games.fishing_base import face_values
from referee.games.plays import Play
from referee.params import Value
from referee.problems import Problem
from referee.record import Deal

if TYPE_CHECKING:
    import random

DECK = tuple(sorted(FULL_DECK))  # the 52 cards, in display order
# the cards scored one by one (rules.md §2), by their breakdown key
COUNTED = {Card("10", "D"): "ten_diamonds", Card("2", "C"): "two_clubs"}


class PasurDeal(FishingDeal):
    game = "pasur"
    floor_rule = "pasur.deal.pool"
    deferred_key = "returned"
    choice_rule = "pasur.capture.forced"
    floor_key = "pool"
    floor_word = fact("pasur.pool")
    sweep_word = "sur"
    floor_title = fact("pasur.pool.title")
    deck = DECK
    counted = COUNTED
    values = face_values(DECK)

    def __init__(
        self, players: list[str], rules: dict[str, Value], deal: Deal, index: int, carry: MatchSoFar
    ) -> None:
        super().__init__(players, rules, deal, index, carry)
        cutoff = int(rules["sur_cutoff"])
        # [pasur.sur.cutoff]: these sides' sweeps are ignored entirely in this deal
        self.no_surs = {s for s in self.sides if cutoff and carry.totals.get(s, 0) >= cutoff}

    @classmethod
    def open_floor(
        cls, deck: list[Card], rng: random.Random, rules: dict[str, Value]
    ) -> tuple[list[Card], list[Card]] | None:
        """[pasur.deal.pool] One jack goes back into the deck and is replaced; two jacks, a
        jack as the replacement, or (with qk_redeal) three queens or kings: a redeal."""
        floor = [deck.pop() for _ in range(cls.floor_size)]
        jacks = [c for c in floor if c.rank == "J"]
        if len(jacks) > 1:
            return None
        if jacks:
            floor.remove(jacks[0])
            deck.insert(rng.randrange(len(deck) + 1), jacks[0])
            floor.append(deck.pop())
            if floor[-1].rank == "J":
                return None
        if rules["qk_redeal"] and any(sum(1 for c in floor if c.rank == r) >= 3 for r in "QK"):
            return None
        return floor, jacks

    def check_floor(self) -> list[Problem]:
        out = []
        floor = self.deal.cards("floor")
        jacks = [c for c in floor if c.rank == "J"]
        if jacks:
            out.append(
                self.problem(
                    "pasur.deal.pool",
                    fact("pasur.pool.jack", cards=jacks),
                    "floor",
                )
            )
        if self.rules["qk_redeal"]:
            for rank, redeal in (("Q", fact("pasur.pool.queens")), ("K", fact("pasur.pool.kings"))):
                if sum(1 for c in floor if c.rank == rank) >= 3:
                    out.append(self.problem("pasur.deal.pool", redeal, "floor"))
        return out

    def check_set_aside(self) -> list[Problem]:
        """[pasur.deal.pool] At most one card is returned, and it is a jack."""
        out = []
        returned = self.deferred
        if len(returned) > 1 or any(c.rank != "J" for c in returned):
            out.append(
                self.problem(
                    "pasur.deal.pool",
                    fact("pasur.returned.wrong", cards=returned),
                    "returned",
                )
            )
        return out

    def jack_takes(self) -> tuple[Card, ...]:
        return tuple(c for c in self.floor if c.rank == "J" or c in self.values)

    def captures(self, card: Card) -> list[tuple[Card, ...]]:
        """Every set ``card`` can take: one set only, so these are alternatives."""
        if card.rank == "J":
            takes = self.jack_takes()
            return [takes] if takes else []
        if card.rank in ("K", "Q"):
            return [(c,) for c in self.floor if c.rank == card.rank]
        value = self.values.get(card)
        assert value is not None
        numerals = [c for c in self.floor if c in self.values]
        out: list[tuple[Card, ...]] = []
        for counts in single_sets(vector(numerals, self.values), 11 - value):
            out.extend(expand(counts, numerals, self.values))
        return out

    def capture_kinds(self, card: Card) -> Ranked | None:
        value = self.values.get(card)
        if value is None:
            return None
        return Ranked(single_sets(vector(self.floor, self.values), 11 - value))

    def may_trail(self, card: Card, can_capture: bool) -> bool:
        return not can_capture

    def can_capture(self, card: Card) -> bool:
        """Does ``card`` have any capture on the pool now? (Cheaper than listing them.)"""
        if card.rank == "J":
            return any(c.rank == "J" or c in self.values for c in self.floor)
        value = self.values.get(card)
        if value is None:
            return any(c.rank == card.rank for c in self.floor)
        return bool(single_sets(vector(self.floor, self.values), 11 - value))

    def sweep_of(self, card: Card, takes: tuple[Card, ...]) -> bool:
        """A capture emptying the pool is a sur, except by a jack or in the last round."""
        return (
            bool(takes)
            and len(takes) == len(self.floor)
            and card.rank != "J"
            and not self.last_round
        )

    def options(self, card: Card) -> list[Play]:
        caps = self.captures(card)
        if not caps:
            return [Play(card, (), False)]
        return [Play(card, t, self.sweep_of(card, t)) for t in caps]

    def rule_capture(self, card: Card, takes: tuple[Card, ...]) -> Play:
        if not takes:
            if self.can_capture(card):
                raise self.illegal(
                    "pasur.capture.forced",
                    fact("pasur.forced", card=card),
                    card,
                )
            return Play(card, (), False)
        if card.rank == "J":
            if set(takes) != set(self.jack_takes()):
                raise self.illegal(
                    "pasur.capture.jack",
                    fact("pasur.jack.all", cards=self.jack_takes()),
                    card,
                )
        elif card.rank in ("K", "Q"):
            if len(takes) != 1 or takes[0].rank != card.rank:
                raise self.illegal(
                    "pasur.capture.face",
                    fact("pasur.face.one", rank=card.rank, cards=takes),
                    card,
                )
        else:
            value = self.values.get(card)
            assert value is not None
            total = sum(self.values.get(c, 0) for c in takes)
            if not all(c in self.values for c in takes) or total + value != 11:
                raise self.illegal(
                    "pasur.capture.eleven",
                    fact("pasur.eleven", card=card, cards=takes),
                    card,
                )
        return Play(card, takes, self.sweep_of(card, takes))

    def capture_rule(self, card: Card) -> str:
        if card.rank == "J":
            return "pasur.capture.jack"
        return "pasur.capture.eleven" if card in self.values else "pasur.capture.face"

    def rules_applied(self, card: Card, ruling: Play) -> tuple[list[str], list[Words]]:
        taken = ruling.taken
        empties = bool(ruling.taken) and len(ruling.taken) == len(self.floor)
        if not ruling.taken:
            return ["pasur.trail"], [fact("pasur.trail", card=card)]
        if card.rank == "J":
            rules = ["pasur.capture.jack"] + (["pasur.sur.jack"] if empties else [])
            return rules, [
                fact("pasur.jack.empties" if empties else "pasur.jack.takes", cards=taken)
            ]
        rule = "pasur.capture.face" if card not in self.values else "pasur.capture.eleven"
        rules = [rule, "pasur.capture.forced"]
        line = fact("pasur.takes", card=card, cards=taken)
        if ruling.sweep:
            rules.append("pasur.sur")
            line = fact("pasur.sur", card=card, cards=taken)
        elif empties:
            rules.append("pasur.sur.last-round")
            line = fact("pasur.sur.last-round", card=card, cards=taken)
        return rules, [line]

    def sweep_plural(self, count: int) -> Fact:
        return fact("pasur.sweeps", n=count)

    def record_sweep(self, side: str) -> None:
        if side in self.no_surs:
            return
        if self.rules["sur_cancel"]:
            victim = self.cancel_target(side)
            if victim is not None:
                self.sweeps[victim] -= 1
                return
        self.sweeps[side] += 1

    def cancel_target(self, side: str) -> str | None:
        """The opponent whose sur is cancelled: most surs, ties to the earliest after us."""
        start = self.sides.index(side)
        order = [self.sides[(start + k) % len(self.sides)] for k in range(1, len(self.sides))]
        best = max((self.sweeps[s] for s in order), default=0)
        if best <= 0:
            return None
        return next(s for s in order if self.sweeps[s] == best)

    def score_sides(self) -> tuple[dict[str, dict[str, int]], int]:
        counts = self.counts()
        r = self.rules
        clubs = {s: c["clubs"] for s, c in counts.items()}
        award = {s: 0 for s in self.sides}
        mode = r["clubs"]

        def prize(side: str) -> int:
            if mode == "per_club":
                return min(clubs[side], 7)
            return 13 if mode == "majority13" else 7

        leader = sole_leader(clubs)
        if leader is not None:
            award[leader] = prize(leader)
        elif len(self.sides) == 3 and r["club_tie"] == "third_player":
            top = max(clubs.values())
            others = [s for s in self.sides if clubs[s] != top]
            if len(others) == 1:
                award[others[0]] = prize(others[0])
        out: dict[str, dict[str, int]] = {}
        for side, c in counts.items():
            out[side] = {
                "clubs": award[side],
                "ten_diamonds": c["ten_diamonds"] * int(r["ten_diamonds_points"]),
                "two_clubs": c["two_clubs"] * int(r["two_clubs_points"]),
                "aces": c["aces"],
                "jacks": c["jacks"],
                "surs": self.sweeps[side] * int(r["sur_points"]),
            }
        return out, 0
