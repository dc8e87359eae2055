"""The fishing-game core's state shared by Basra and Pasur, apart from the plays: the
set-up checks, the rounds and turns, known hands, and the end of the deal (the residue, the
card counts that scoring starts from). :mod:`referee.games.fishing.deal` adds the plays."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar

from referee.cards import RANKS, Card, sort_key
from referee.games.base import DealResult, DealState, MatchSoFar
from referee.games.fishing.plays import CardPlays, Play
from referee.messages import Fact, fact, joined
from referee.params import Value
from referee.problems import Problem
from referee.record import Deal, side_map, side_names

if TYPE_CHECKING:
    import random


def deal_rounds(players: int, stock: int, hand_size: int) -> list[int]:
    """Cards each player gets per round; a short last round is shared out equally."""
    rounds: list[int] = []
    while stock > 0:
        k = min(hand_size, stock // players)
        if k == 0:
            break
        rounds.append(k)
        stock -= k * players
    return rounds


def face_values(deck: Iterable[Card]) -> dict[Card, int]:
    """The numerals of ``deck`` at their face value (A=1 … 10=10), as Basra and Pasur add
    them up; jacks, queens and kings have none."""
    return {c: RANKS.index(c.rank) + 1 for c in deck if c.rank in RANKS[:10]}


class FishingBase(DealState):
    """One deal of a fishing game: its set-up, rounds and turns, and its end (what is
    left, the counts that scoring starts from). :class:`FishingDeal` adds the plays."""

    floor_rule = ""  # the opening-floor rule id
    deferred_key = ""  # 'buried' or 'returned'
    floor_key = "floor"  # the game's name for the cards in the middle (Pasur's: pool)
    floor_word = fact("fishing.floor")  # that name as the words layer says it
    sweeps_fact = "fishing.sweeps"  # the game's name for its sweeps after a count: 1 sweep,
    # 2 sweeps (a game's own: 1 basra, 2 surs)
    floor_title = fact("fishing.floor.title")
    choice_rule = ""  # cited when a play typed without its capture could mean several
    # What the game is played with, as each game declares it: its deck (in display order),
    # how many cards its opening floor holds, the cards it scores one by one (each card's
    # breakdown key) and the numerals' values for the sums (a card without one, such as a
    # jack, takes by its rank).
    deck: ClassVar[tuple[Card, ...]]
    floor_size: ClassVar[int] = 4
    counted: ClassVar[Mapping[Card, str]]
    values: ClassVar[Mapping[Card, int]]

    def __init__(
        self, players: list[str], rules: dict[str, Value], deal: Deal, index: int, carry: MatchSoFar
    ) -> None:
        super().__init__(players, rules, deal, index, carry)
        self.sides = side_names(players, rules)
        self.side = side_map(players, rules)
        self.floor: list[Card] = list(deal.cards("floor"))
        self.used: dict[Card, tuple[str, int] | None] = dict.fromkeys(self.floor)
        self.rounds = deal_rounds(self.n, len(self.deck) - len(self.floor), self.hand_size())
        self.total_plays = self.n * sum(self.rounds)
        self.round_ends = [self.n * sum(self.rounds[: r + 1]) for r in range(len(self.rounds))]
        self._round = 0
        self._round_at = 0
        self.first = self.next_player(deal.dealer) if deal.dealer in players else players[0]
        self.order = [self.next_player(self.first, k) for k in range(self.n)]
        self.piles: dict[str, list[Card]] = {s: [] for s in self.sides}
        self.sweeps: dict[str, int] = dict.fromkeys(self.sides, 0)
        self.last_capturer: str | None = None
        self.deferred: tuple[Card, ...] = deal.cards(self.deferred_key)
        # the last card's legal plays asked for, and when (FishingDeal.legal_plays)
        self._plays: tuple[tuple[int, tuple[Card, ...], Card], CardPlays] | None = None

    def hand_size(self) -> int:
        """Cards dealt to each player per round."""
        return self.round_size(self.rules)

    @classmethod
    def round_size(cls, rules: dict[str, Value]) -> int:
        """Cards dealt to each player per round under these rules."""
        return 4

    @abstractmethod
    def options(self, card: Card) -> list[Play]:
        """Every legal way to play ``card`` now (the simulated player's choices)."""

    @classmethod
    @abstractmethod
    def open_floor(
        cls, deck: list[Card], rng: random.Random, rules: dict[str, Value]
    ) -> tuple[list[Card], list[Card]] | None:
        """Lay the opening floor from the top of a shuffled ``deck`` (its end) by the game's
        rule: the final floor and the cards set aside (buried, returned), or None when the
        rule calls for a redeal. Used by the simulator."""

    # --- turns and rounds -------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.entries >= self.total_plays

    def to_move(self) -> str | None:
        if self.finished:
            return None
        return self.order[self.entries % self.n]

    def received(self, player: str) -> int:
        return sum(self.rounds[: self.round + 1])

    def round_of(self, play: int) -> int:
        """The round (from 0) in which the ``play``-th play (from 0) falls."""
        for r, end in enumerate(self.round_ends):
            if play < end:
                return r
        return len(self.rounds) - 1

    @property
    def round(self) -> int:
        """The current round, from 0: moved on as plays are made (a jump back, which only
        a test makes, is recomputed)."""
        if self._round_at != self.entries:
            r = self._round
            if self.entries < self._round_at:
                r = self.round_of(self.entries)
            ends = self.round_ends
            while r < len(ends) - 1 and self.entries >= ends[r]:
                r += 1
            self._round, self._round_at = r, self.entries
        return self._round

    @property
    def last_round(self) -> bool:
        return self.round == len(self.rounds) - 1

    def in_hand(self, player: str) -> tuple[Card, ...] | None:
        return self.round_cards(player)

    def round_cards(self, player: str) -> tuple[Card, ...] | None:
        """The player's cards of the current round (those not yet played), when known."""
        if self.hands is None or player not in self.hands:
            return None
        start, end = self.round_span()
        return tuple(c for c in self.hands[player][start:end] if c not in self.used)

    def holds(self, player: str, card: Card) -> bool:
        """Is ``card`` among the player's unplayed cards of this round (hands known)?"""
        assert self.hands is not None
        start, end = self.round_span()
        pos = self.listed[player].get(card, -1)
        return start <= pos < end and card not in self.used

    def round_span(self) -> tuple[int, int]:
        """Positions in a hand list of the current round's cards."""
        r = self.round
        end = self.round_ends[r] // self.n
        return end - self.rounds[r], end

    def where_used(self, card: Card) -> Fact:
        """Where ``card`` went already: the opening floor, or a play."""
        seen = self.used[card]
        if seen is None:
            return fact("fishing.used.opening", floor=self.floor_word)
        return fact("fishing.used.played", player=seen[0], play=seen[1])

    def unseen(self) -> list[Card]:
        """Cards of the deck not yet on the floor, played, or known to be held this round,
        by suit then rank."""
        held = {c for p in self.players for c in self.round_cards(p) or ()}
        return sorted(set(self.deck) - set(self.used) - held, key=sort_key)

    # --- set-up ------------------------------------------------------------------------

    def setup_problems(self) -> list[Problem]:
        out: list[Problem] = []
        deal = self.deal
        if len(deal.cards("floor")) != self.floor_size:
            out.append(
                self.problem(
                    self.floor_rule,
                    fact(
                        "fishing.floor.count",
                        floor=self.floor_word,
                        count=len(deal.cards("floor")),
                        cards=deal.cards("floor"),
                    ),
                    "floor",
                )
            )
        seen: set[Card] = set()
        for c in deal.cards("floor"):
            if c in seen:
                out.append(
                    self.problem(
                        "card.duplicate",
                        fact("fishing.floor.twice", card=c, floor=self.floor_word),
                        "floor",
                    )
                )
            seen.add(c)
        out.extend(self.check_floor())
        named: set[Card] = set()
        for c in self.deferred:
            if c in seen:
                out.append(
                    self.problem(
                        "card.duplicate",
                        fact(
                            "fishing.set-aside.on-floor",
                            card=c,
                            key=self.deferred_key,
                            floor=self.floor_word,
                        ),
                        self.deferred_key,
                    )
                )
            elif c in named:
                out.append(
                    self.problem(
                        "card.duplicate",
                        fact(
                            "fishing.set-aside.twice",
                            card=c,
                            key=self.deferred_key,
                        ),
                        self.deferred_key,
                    )
                )
            named.add(c)
        out.extend(self.check_set_aside())  # after card.duplicate: rules.md §0's order
        if self.hands is not None:
            out.extend(self.check_hands(seen))
        return out

    @abstractmethod
    def check_floor(self) -> list[Problem]:
        """The game's opening-floor rule on the final floor (Basra's jacks and 7D, Pasur's
        jack and queens or kings)."""

    @abstractmethod
    def check_set_aside(self) -> list[Problem]:
        """The game's rule on the cards set aside (Basra's buried, Pasur's returned jack),
        checked once the common card checks have passed them."""

    def check_hands(self, seen: set[Card]) -> list[Problem]:
        out: list[Problem] = []
        assert self.hands is not None
        boundaries = [sum(self.rounds[:k]) for k in range(len(self.rounds) + 1)]
        owner: dict[Card, str] = {}
        first_round = self.rounds[0] if self.rounds else 0
        for player, cards in self.hands.items():
            key = f"hands.{player}"
            if len(cards) not in boundaries:
                counts = boundaries[1:]  # none: the opening floor left too few cards
                n = len(cards)
                said = (
                    fact("fishing.hand.rounds", n=n, player=player, counts=joined(counts))
                    if counts
                    else fact("fishing.hand.no-round", n=n, player=player, floor=self.floor_word)
                )
                out.append(self.problem("hand.count", said, key))
            for pos, c in enumerate(cards):
                if c in seen:
                    out.append(
                        self.problem(
                            "card.duplicate",
                            fact(
                                "fishing.hand.on-floor",
                                card=c,
                                player=player,
                                floor=self.floor_word,
                            ),
                            key,
                        )
                    )
                elif c in owner:
                    out.append(self.dealt_twice(c, owner[c], player, key))
                owner[c] = player
                if pos < first_round and c in self.deferred:
                    out.append(
                        self.problem(
                            self.floor_rule,
                            fact(
                                "fishing.hand.set-aside",
                                card=c,
                                key=self.deferred_key,
                                floor=self.floor_word,
                            ),
                            key,
                        )
                    )
        return out

    # --- the end of the deal ----------------------------------------------------------

    def end_problems(self) -> list[Problem]:
        if not self.finished:
            early = fact("fishing.end.early", count=self.entries, total=self.total_plays)
            return [self.conservation(early)]
        out: list[Problem] = []
        if self.hands is not None:
            full = sum(self.rounds)
            for player, cards in self.hands.items():
                if len(cards) != full:
                    found = fact("fishing.end.hand", n=len(cards), player=player, full=full)
                    out.append(self.conservation(found, player))
        missing = set(self.deck) - set(self.used)
        if missing:
            out.append(self.conservation(fact("fishing.end.missing", cards=tuple(sorted(missing)))))
        return out

    def counts(self) -> dict[str, dict[str, int]]:
        """Per side: cards captured, clubs, the game's counted cards, aces and jacks."""
        out: dict[str, dict[str, int]] = {}
        for side, pile in self.piles.items():
            taken = set(pile)
            out[side] = {
                "cards": len(pile),
                "clubs": sum(1 for c in pile if c.suit == "C"),
                **{key: int(card in taken) for card, key in self.counted.items()},
                "aces": sum(1 for c in pile if c.rank == "A"),
                "jacks": sum(1 for c in pile if c.rank == "J"),
            }
        return out

    def result(self) -> DealResult:
        breakdown, carry = self.score_sides()
        score = {s: sum(b.values()) for s, b in breakdown.items()}
        return DealResult(
            score,
            breakdown,
            self.next_player(self.dealer),
            carried={"majority": carry},
            tallies={"sweeps": dict(self.sweeps)},
        )

    @abstractmethod
    def score_sides(self) -> tuple[dict[str, dict[str, int]], int]:
        """Each side's breakdown, and any award rolled over to the next deal."""
