"""Basra's rules (rules.md §1) on top of the fishing-game core."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cards import Card
from referee.games.base import Illegal, Words, sole_leader
from referee.games.basra import SPEC
from referee.games.fishing.captures import Unions, vector
from referee.games.fishing.deal import FishingDeal
from referee.games.fishing.plays import CardPlays, Play
from referee.games.fishing.state import face_values
from referee.games.fishing.view import FishingView
from referee.messages import Fact, fact
from referee.params import Value
from referee.problems import Problem

if TYPE_CHECKING:
    import random


SEVEN_DIAMONDS = Card("7", "D")
DECK = tuple(sorted(SPEC.deck))  # the 52 cards, in display order
# the cards scored one by one (rules.md §1), by their breakdown key
COUNTED = {Card("10", "D"): "ten_diamonds", Card("2", "C"): "two_clubs"}


def to_bury(card: Card) -> bool:
    """[basra.deal.floor] A jack or the 7D: buried when it turns up on the opening floor."""
    return card.rank == "J" or card == SEVEN_DIAMONDS


class BasraDeal(FishingDeal):
    presenter = FishingView
    game = "basra"
    floor_rule = "basra.deal.floor"
    deferred_key = "buried"
    sweeps_fact = "basra.sweeps"
    choice_rule = "basra.capture.choice"
    deck = DECK
    counted = COUNTED
    values = face_values(DECK)

    @classmethod
    def round_size(cls, rules: dict[str, Value]) -> int:
        return int(rules["hand_size"])

    @classmethod
    def open_floor(
        cls, deck: list[Card], rng: random.Random, rules: dict[str, Value]
    ) -> tuple[list[Card], list[Card]] | None:
        """[basra.deal.floor] Jacks and the 7D are replaced from the top until none is left;
        then they go into the middle of the stock, so none comes back as a replacement. A
        stock too short to replace them (hands so large that the first round takes nearly
        every card) calls for a redeal: no record of that deal could be legal."""
        floor = [deck.pop() for _ in range(cls.floor_size)]
        buried: list[Card] = []
        while any(to_bury(c) for c in floor):
            bad = [c for c in floor if to_bury(c)]
            if len(bad) > len(deck):
                return None
            floor = [c for c in floor if c not in bad]
            buried.extend(bad)
            floor.extend(deck.pop() for _ in bad)
        for c in buried:
            deck.insert(rng.randrange(len(deck) + 1), c)
        return floor, buried

    def check_floor(self) -> list[Problem]:
        """[basra.deal.floor] No jack and no 7D on the opening floor."""
        bad = [c for c in self.deal.cards("floor") if to_bury(c)]
        return self.floor_problems("basra.floor.bad", bad, "floor")

    def check_set_aside(self) -> list[Problem]:
        """[basra.deal.floor] Only jacks and the 7D are buried."""
        wrong = [c for c in self.deferred if not to_bury(c)]
        return self.floor_problems("basra.buried.wrong", wrong, "buried")

    def floor_problems(self, name: str, cards: list[Card], key: str) -> list[Problem]:
        """[basra.deal.floor] ``cards`` on the wrong side of the burial, said as ``name``
        at the set-up key ``key`` (none: no problem)."""
        if not cards:
            return []
        found = fact(name, seven=SEVEN_DIAMONDS, cards=cards)
        return [self.problem("basra.deal.floor", found, key)]

    def seven_sweeps(self) -> bool | None:
        """Whether a 7D now must take the whole floor: None if it is an ordinary 7,
        else whether that sweep scores a basra."""
        mode = self.rules["seven_diamonds"]
        if mode == "plain" or not self.floor:
            return None
        total = sum(self.values.get(c, 0) for c in self.floor)
        if mode == "sweep_if_10":
            return True if total <= 10 else None
        return all(c in self.values for c in self.floor) and total <= 10

    def plain_seven_total(self, card: Card) -> int | None:
        """[basra.seven-diamonds] The floor's numeral sum when ``card`` is the 7D and, under
        sweep_if_10, that sum makes it an ordinary 7 (the fact a dispute turns on)."""
        if card != SEVEN_DIAMONDS or self.rules["seven_diamonds"] != "sweep_if_10":
            return None
        if not self.floor or self.seven_sweeps() is not None:
            return None
        return sum(self.values.get(c, 0) for c in self.floor)

    def jack_scores(self) -> bool:
        mode = self.rules["jack_basra"]
        if mode == "lone_card":
            return len(self.floor) == 1
        if mode == "one_or_two":
            return len(self.floor) <= 2
        return False

    def whole_floor(self, card: Card) -> bool | None:
        """For a card that takes the whole floor or nothing (a jack, a 7D that sweeps):
        whether taking it scores a basra; None for any other card."""
        if card.rank == "J":
            return self.jack_scores()
        return self.seven_sweeps() if card == SEVEN_DIAMONDS else None

    def plays_of(self, card: Card) -> CardPlays:
        """[basra.jack] [basra.seven-diamonds] A jack, or a 7D that sweeps, takes the whole
        floor (on an empty one it is trailed); [basra.capture.group] [basra.capture.union]
        a K or Q takes cards of its rank, a numeral any union of groups adding up to its
        value ([basra.capture.choice] under ``maximal``: only those leaving no group);
        [basra.trail] a card trails when it cannot capture, or with may_trail_capturer."""
        floor, values, rank = self.floor, self.values, card.rank
        whole = self.whole_floor(card) if rank == "J" or card == SEVEN_DIAMONDS else None
        if whole is not None:
            listed: tuple[Play, ...] = (Play(card, tuple(floor), whole),) if floor else ()
            return CardPlays(card, floor, values, listed=listed)  # trailed on an empty floor
        maximal = self.rules["capture"] == "maximal"
        trail_capturer = bool(self.rules["may_trail_capturer"])  # a card that cannot capture
        if rank in ("K", "Q"):  # always trails
            same = [c for c in floor if c.rank == rank]
            sets = [
                tuple(c for i, c in enumerate(same) if mask >> i & 1)
                for mask in range(1, 1 << len(same))
                if not maximal or mask == (1 << len(same)) - 1  # maximal: no K (Q) left
            ]
            listed = tuple(Play(card, t, self.sweep_of(card, t)) for t in sets)
            return CardPlays(card, floor, values, listed=listed, trail_capturer=trail_capturer)

        def unions() -> Unions:
            return Unions(vector(floor, values), values[card], maximal)

        return CardPlays(card, floor, values, unions, (), trail_capturer, self.sweep_of)

    def sweep_of(self, card: Card, takes: tuple[Card, ...]) -> bool:
        """[basra.sweep] Does taking ``takes`` with ``card`` empty the floor for a basra (by
        sum, or with every card of its rank)?"""
        if len(takes) != len(self.floor) or not takes:
            return False
        return bool(self.rules["basra_by_sum"]) or all(c.rank == card.rank for c in takes)

    def refusal(self, card: Card, takes: tuple[Card, ...], plays: CardPlays) -> Illegal:
        """The rule a play that is not among the card's legal plays breaks, in rules.md's
        order: the whole floor for a jack or a sweeping 7D, the trail, the group (a union
        at all, asked of every union the floor allows), and last the maximal capture."""
        if card.rank == "J":
            return self.refused(
                "basra.jack", fact("basra.jack.part", cards=tuple(self.floor)), plays
            )
        if card == SEVEN_DIAMONDS and self.seven_sweeps() is not None:
            part = fact("basra.seven.part", seven=SEVEN_DIAMONDS, cards=tuple(self.floor))
            return self.refused("basra.seven-diamonds", part, plays)
        if not takes:
            return self.refused("basra.trail", fact("basra.trail.capturer", card=card), plays)
        if card.rank in ("K", "Q"):
            if any(c.rank != card.rank for c in takes):
                face = fact("basra.face.group", rank=card.rank, cards=takes)
                return self.refused("basra.capture.group", face, plays)
        elif not self.is_union(card, takes):
            return self.refused("basra.capture.group", self.no_group(card, takes), plays)
        return self.refused(
            "basra.capture.choice", fact("basra.maximal", card=card, cards=takes), plays
        )

    def is_union(self, card: Card, takes: tuple[Card, ...]) -> bool:
        """[basra.capture.union] Are ``takes`` (floor cards) one of the unions of groups the
        numeral ``card`` can take, maximal or not?"""
        if not all(c in self.values for c in takes):
            return False
        unions = Unions(vector(self.floor, self.values), self.values[card])
        return vector(takes, self.values) in unions

    def no_group(self, card: Card, takes: tuple[Card, ...]) -> Fact:
        """[basra.capture.group] Why ``takes`` is no union for ``card``; a 7D says why it
        did not sweep (the floor's sum)."""
        if (total := self.plain_seven_total(card)) is not None:
            return fact("basra.seven.no-group", cards=takes, seven=SEVEN_DIAMONDS, total=total)
        code = {"A": "basra.no-group.ace", "8": "basra.no-group.an"}.get(
            card.rank, "basra.no-group.a"
        )
        return fact(code, cards=takes, rank=card.rank)

    def capture_rule(self, card: Card) -> str:
        if card.rank == "J":
            return "basra.jack"
        if card == SEVEN_DIAMONDS and self.seven_sweeps() is not None:
            return "basra.seven-diamonds"
        return "basra.capture.group"

    def rules_applied(self, card: Card, ruling: Play) -> tuple[list[str], list[Words]]:
        taken = ruling.taken
        sweep = ruling.sweep
        if card.rank == "J":
            if not ruling.taken:
                return ["basra.jack"], [fact("basra.jack.empty")]
            return ["basra.jack", "basra.sweep.jack"], [
                fact(
                    "basra.jack.sweep" if sweep else "basra.jack.takes",
                    cards=taken,
                    mode=self.rules["jack_basra"],
                )
            ]
        if card == SEVEN_DIAMONDS and self.seven_sweeps() is not None:
            return ["basra.seven-diamonds"], [
                fact(
                    "basra.seven.sweep" if sweep else "basra.seven.takes",
                    mode=self.rules["seven_diamonds"],
                    seven=SEVEN_DIAMONDS,
                    cards=taken,
                )
            ]
        rules, lines = self.plain_rules(card, ruling, sweep, taken)
        if (total := self.plain_seven_total(card)) is not None:  # why this 7D is a plain 7
            rules.insert(0, "basra.seven-diamonds")
            lines.insert(
                0,
                fact("basra.seven.plain", seven=SEVEN_DIAMONDS, total=total),
            )
        return rules, lines

    def plain_rules(
        self, card: Card, ruling: Play, sweep: bool, taken: tuple[Card, ...]
    ) -> tuple[list[str], list[Words]]:
        """The rules behind a numeral's, K's or Q's legal play (a capture or a trail)."""
        if not ruling.taken:
            return ["basra.trail"], [fact("basra.trail", card=card)]
        rules = ["basra.capture.group", "basra.capture.union", "basra.capture.choice"]
        if ruling.sweep or len(ruling.taken) == len(self.floor):
            rules.append("basra.sweep")
        return rules, [
            fact("basra.union.sweep" if sweep else "basra.union", card=card, cards=taken)
        ]

    def record_sweep(self, side: str) -> None:
        self.sweeps[side] += 1

    def score_sides(self) -> tuple[dict[str, dict[str, int]], int]:
        counts = self.counts()
        r = self.rules
        award = int(r["majority_points"]) + self.carry.carried.get("majority", 0)
        leader = sole_leader({s: c["cards"] for s, c in counts.items()})
        carry = 0
        if leader is None and r["majority_tie"] == "rollover":
            carry = award
        out: dict[str, dict[str, int]] = {}
        for side, c in counts.items():
            out[side] = {
                "cards": award if side == leader else 0,
                "ten_diamonds": c["ten_diamonds"] * int(r["ten_diamonds_points"]),
                "two_clubs": c["two_clubs"] * int(r["two_clubs_points"]),
                "aces": c["aces"] * int(r["ace_points"]),
                "jacks": c["jacks"] * int(r["jack_points"]),
                "basras": self.sweeps[side] * int(r["basra_points"]),
            }
        return out, carry
