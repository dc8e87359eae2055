"""High card: a toy game defined only in the tests, to prove that a game of neither family is one
module and one registry line (``registry.add``). Two players; each deal a card is turned up (its
``trump``, for the record only) and each player gets two cards; the player after the dealer
leads one card, the other follows with one; the higher rank takes the trick (a tie: the leader)
and leads the next; two tricks make a deal, each worth a point; the first to ``target`` points
alone wins. Its rule ids are ``toy.*``; its words are its own table of sentences, added to the
built-in ones through ``referee.words.sentences.register`` as the README says a game defined
outside referee does."""

from __future__ import annotations

import random

from referee.cards import FULL_DECK, Card
from referee.games.base import (
    Cards,
    DealResult,
    DealState,
    Explanation,
    Illegal,
    MatchSoFar,
    Options,
    Presenter,
    View,
    Words,
)
from referee.games.events import Event, TrickTaken
from referee.games.spec import TRICK, GameSpec
from referee.messages import fact, sentence
from referee.params import p
from referee.problems import Problem
from referee.record import Deal, Entry, Match, TrickEntry
from referee.words.sentences import register

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
HAND = 2

# The toy's sentences: each fact it reports, by its code (the words layer says them).
SENTENCES = {
    "toy.deal.count": "{player} holds {count} cards; each gets 2",
    "toy.play.one": "a play is one card",
    "toy.over": "the deal is over",
    "toy.turn": "it is {player}'s turn",
    "toy.out": "{card} is already out",
    "toy.options": "any card",
    "toy.options.any": "any card not yet out",
    "toy.legal": "a card may be played",
    "toy.describe": "Deal {deal}; tricks {won}",
    "toy.view.deal": "Deal {deal}, turned up ",
    "toy.view.trick": "Trick: ",
}
register(SENTENCES)

SPEC = GameSpec(
    name="toy",
    title=sentence("High card"),
    players=(2, 2),
    params={"target": p("target", int, 3, "toy.match", "points that win the match", (), 1)},
    variants={"classic": {}},
    engine="tests.toygame:ToyDeal",
    deck=FULL_DECK,
    family=TRICK,
    setup=("trump",),
    one_card=("trump",),
    entries=("cards",),
    names=("Ada", "Ben"),
)


class ToyView(Presenter):
    """What a person sees of a deal of High card, in the toy's own registered words."""

    state: ToyDeal

    def legal_options(
        self, card: Card | None, player: str | None, limit: int | None = None
    ) -> Options:
        return Options(fact("toy.options"), [fact("toy.options.any")], 1)

    def explain(self, entry: Entry) -> Explanation:
        try:
            self.state.check(entry)
        except Illegal as err:
            return Explanation([err.rule], [err.message], [], False)
        return Explanation(["toy.play"], [fact("toy.legal")], [], True)

    def describe(self) -> list[Words]:
        return [fact("toy.describe", deal=self.state.index + 1, won=str(self.state.won))]

    def view(self) -> View:
        lines = (
            (
                fact("toy.view.deal", deal=self.state.index + 1),
                Cards(self.state.deal.cards("trump")),
            ),
            (fact("toy.view.trick"), Cards(tuple(c for _, c in self.state.trick))),
        )
        return View(lines, {"tricks": dict(self.state.won)})


class ToyDeal(DealState):
    """One deal of High card."""

    game = "toy"
    presenter = ToyView

    def __init__(self, players: list[str], rules: dict, deal: Deal, index: int, carry: MatchSoFar):  # type: ignore[type-arg]
        super().__init__(players, rules, deal, index, carry)
        self.leader = self.next_player(self.dealer)
        self.trick: list[tuple[str, Card]] = []
        self.played: set[Card] = set()
        self.won = dict.fromkeys(players, 0)
        self.plays_made = dict.fromkeys(players, 0)

    def setup_problems(self) -> list[Problem]:
        out = []
        for player, cards in (self.hands or {}).items():
            if len(cards) != HAND:
                said = fact("toy.deal.count", player=player, count=len(cards))
                out.append(self.problem("toy.deal", said, f"hands.{player}"))
        return out

    def to_move(self) -> str | None:
        if self.finished:
            return None
        return self.leader if not self.trick else self.next_player(self.leader)

    @property
    def finished(self) -> bool:
        return sum(self.plays_made.values()) == HAND * self.n

    def received(self, player: str) -> int:
        return HAND

    def check(self, entry: Entry) -> object:
        if not isinstance(entry, TrickEntry) or entry.kind != "cards" or len(entry.cards) != 1:
            raise Illegal("toy.play", fact("toy.play.one"))
        card = entry.cards[0]
        if self.finished:
            raise Illegal("hand.count", fact("toy.over"))
        if entry.by != self.to_move():
            raise Illegal("turn.order", fact("toy.turn", player=self.to_move()))
        if card in self.played or card == self.deal.card("trump"):
            raise Illegal("card.duplicate", fact("toy.out", card=card))
        held = (self.hands or {}).get(entry.by)
        if held is not None and card not in held:
            raise Illegal("hand.not-held", fact("hand.not-held", player=entry.by, card=card))
        if not self.trick:
            return None
        led = self.trick[0][1]
        return entry.by if RANKS.index(card.rank) > RANKS.index(led.rank) else self.leader

    def apply(self, entry: Entry) -> list[Event | str]:
        taker = self.check(entry)
        assert isinstance(entry, TrickEntry)
        card = entry.cards[0]
        self.played.add(card)
        self.plays_made[entry.by] += 1
        self.entries += 1
        if taker is None:
            self.trick.append((entry.by, card))
            return []
        assert isinstance(taker, str)
        self.trick = []
        self.won[taker] += 1
        self.leader = taker
        return [TrickTaken(taker, sum(self.won.values()))]

    def table_entry(
        self, by: str | None, cards: tuple[Card, ...], takes: tuple[Card, ...] | None, trail: bool
    ) -> Entry:
        return TrickEntry(by or self.to_move() or "", cards)

    def end_problems(self) -> list[Problem]:
        return []

    def result(self) -> DealResult:
        breakdown = {p: {"tricks": n} for p, n in self.won.items()}
        # what the toy carries on, by its own name (no caller knows it): the deals played
        played = self.carry.carried.get("played", 0) + 1
        return DealResult(
            dict(self.won), breakdown, self.next_player(self.dealer), carried={"played": played}
        )

    @classmethod
    def simulate_deal(
        cls, spec: GameSpec, match: Match, dealer: str, carry: MatchSoFar, rng: random.Random
    ) -> None:
        """Shuffle, turn a card up, deal two each (recorded), play legal cards at random."""
        from referee.match import start_deal

        deck = sorted(FULL_DECK)
        rng.shuffle(deck)
        trump = deck.pop()
        hands = {p: (deck.pop(), deck.pop()) for p in match.players}
        deal = Deal(dealer, {"trump": trump}, hands)
        match.deals.append(deal)
        state = start_deal(match, deal, len(match.deals) - 1, carry)
        while not state.finished:
            player = state.to_move()
            assert player is not None
            left = [c for c in hands[player] if c not in state.played]  # type: ignore[attr-defined]
            entry = TrickEntry(player, (rng.choice(left),))
            state.apply(entry)
            deal.plays.append(entry)
