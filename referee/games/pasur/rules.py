"""Pasur's rules (rules.md §2) on top of the fishing-game core."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cards import Card
from referee.games.base import Illegal, MatchSoFar, Words, sole_leader
from referee.games.fishing.captures import Ranked, single_sets, vector
from referee.games.fishing.deal import FishingDeal
from referee.games.fishing.plays import CardPlays, Play
from referee.games.fishing.state import face_values
from referee.games.fishing.view import FishingView
from referee.games.pasur import SPEC
from referee.messages import fact
from referee.params import Value
from referee.problems import Problem
from referee.record import Deal

if TYPE_CHECKING:
    import random


DECK = tuple(sorted(SPEC.deck))  # the 52 cards, in display order
# the cards scored one by one (rules.md §2), by their breakdown key
COUNTED = {Card("10", "D"): "ten_diamonds", Card("2", "C"): "two_clubs"}


class PasurDeal(FishingDeal):
    presenter = FishingView
    game = "pasur"
    floor_rule = "pasur.deal.pool"
    deferred_key = "returned"
    sweeps_fact = "pasur.sweeps"
    choice_rule = "pasur.capture.forced"
    floor_key = "pool"
    floor_word = fact("pasur.pool")
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

    def plays_of(self, card: Card) -> CardPlays:
        """[pasur.capture.jack] A jack takes every numeral and jack on the pool;
        [pasur.capture.face] a K or Q one card of its rank; [pasur.capture.eleven] a numeral
        one set of numerals adding up to 11 with it; [pasur.capture.forced] a card trails
        only when it cannot capture."""
        floor, values = self.floor, self.values
        if card.rank == "J":
            takes = self.jack_takes()
            listed: tuple[Play, ...] = ()
            if takes:
                listed = (Play(card, takes, self.sweep_of(card, takes)),)
        elif card.rank in ("K", "Q"):
            same = [(c,) for c in floor if c.rank == card.rank]
            listed = tuple(Play(card, t, self.sweep_of(card, t)) for t in same)
        else:

            def sets() -> Ranked:
                return Ranked(single_sets(vector(floor, values), 11 - values[card]))

            return CardPlays(card, floor, values, sets, sweep_of=self.sweep_of)
        return CardPlays(card, floor, values, listed=listed)  # a capturer never trails

    def sweep_of(self, card: Card, takes: tuple[Card, ...]) -> bool:
        """A capture emptying the pool is a sur, except by a jack or in the last round."""
        return (
            bool(takes)
            and len(takes) == len(self.floor)
            and card.rank != "J"
            and not self.last_round
        )

    def refusal(self, card: Card, takes: tuple[Card, ...], plays: CardPlays) -> Illegal:
        """The rule a play that is not among the card's legal plays breaks: a trail of a
        card that can capture, or the capture rule of its rank."""
        if not takes:
            return self.refused("pasur.capture.forced", fact("pasur.forced", card=card), plays)
        if card.rank == "J":
            every = fact("pasur.jack.all", cards=self.jack_takes())
            return self.refused("pasur.capture.jack", every, plays)
        if card.rank in ("K", "Q"):
            one = fact("pasur.face.one", rank=card.rank, cards=takes)
            return self.refused("pasur.capture.face", one, plays)
        return self.refused(
            "pasur.capture.eleven", fact("pasur.eleven", card=card, cards=takes), plays
        )

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
