"""What a person sees of a fishing deal (Basra, Pasur), apart from its rules: ``show``'s
view, the state for an explanation, the ruling on a play with its alternatives, and a
card's legal plays listed in words (``options``) and as objects (``options --json``). It
reads the deal through its public surface; every ruling is the deal's own (``check``,
``legal_plays``, ``rules_applied``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.cards import Card
from referee.games.base import (
    Cards,
    Explanation,
    Illegal,
    Line,
    Options,
    Presenter,
    View,
    Words,
)
from referee.games.fishing.plays import Listing
from referee.messages import Fact, Joined, fact, joined
from referee.record import Entry, FishPlay

if TYPE_CHECKING:
    from referee.games.fishing.deal import FishingDeal
    from referee.messages import LegalPlay

EXPLAINED = 40  # legal alternatives an explanation lists
LISTED = 200  # the most kinds of play any listing describes (--all, --json): bounded work


class FishingView(Presenter):
    """A fishing deal shown: the floor, the round, whose turn, the captures so far."""

    state: FishingDeal

    def listing(self, card: Card, limit: int | None = None) -> Listing:
        """The legal kinds of play of ``card``, strongest first: the first ``limit`` (at
        most :data:`LISTED`) described, all counted."""
        deal = self.state
        if card in deal.used:
            note = fact("fishing.options.used", card=card, where=deal.where_used(card))
            return Listing(self.label(card), card, (), 0, note)
        shown = LISTED if limit is None else min(limit, LISTED)
        kinds, total = deal.legal_plays(card).first(shown)
        return Listing(self.label(card), card, kinds, total)

    def label(self, card: Card) -> Fact:
        """What a listing of ``card``'s options is about: the card and the floor."""
        deal = self.state
        if not deal.floor:
            return fact("fishing.options.on-empty", card=card, floor=deal.floor_word)
        return fact("fishing.options.on", card=card, cards=tuple(deal.floor))

    def legal_options(
        self, card: Card | None, player: str | None, limit: int | None = None
    ) -> Options:
        assert card is not None, "a fishing play names its card"
        listing = self.listing(card, limit)
        if listing.note:
            return Options(listing.label, [listing.note], 0)
        return Options(listing.label, listing.lines(), listing.total)

    def plays_json(self, card: Card | None, player: str | None = None) -> dict[str, object] | None:
        """``options --json``: the plays of ``card`` as objects (README, "options --json")."""
        if card is None or self.state.finished:
            return None
        return self.listing(card).as_json()

    def explain(self, entry: Entry) -> Explanation:
        assert isinstance(entry, FishPlay)
        deal = self.state
        listing = self.listing(entry.card, EXPLAINED)
        legal: Sequence[LegalPlay] = listing.shown
        more = listing.total - len(legal)
        if entry.by != deal.to_move():
            legal, more = (), 0
        try:
            ruling = deal.check(entry)
        except Illegal as err:
            if err.legal:
                legal, more = err.legal, err.more
            return Explanation([err.rule], [err.message], legal, False, more)
        rules, lines = deal.rules_applied(entry.card, ruling)
        return Explanation(rules, lines, legal, True, more)

    def describe(self) -> list[Words]:
        deal = self.state
        return [
            fact("state.deal", deal=deal.index + 1, dealer=deal.dealer, entry=deal.entries + 1),
            fact(
                "fishing.describe.floor",
                floor_title=deal.floor_title,
                cards=tuple(deal.floor) or fact("fishing.empty"),
                round=deal.round + 1,
                rounds=len(deal.rounds),
                player=deal.to_move(),
            ),
            fact("fishing.captured", piles=self.captured()),
        ]

    def captured(self) -> Joined:
        """Each side's captured cards and sweeps so far (a sweep by the game's name)."""
        deal = self.state
        return joined(
            fact(
                "fishing.captured.side",
                n=deal.sweeps[s],
                side=s,
                cards=len(pile),
                sweeps=fact(deal.sweeps_fact, n=deal.sweeps[s]),
            )
            for s, pile in deal.piles.items()
        )

    def view(self) -> View:
        deal = self.state
        who = deal.to_move()
        floor: Line = (
            fact("fishing.view.floor", floor_title=deal.floor_title),
            Cards(tuple(deal.floor), fact("fishing.empty")),
        )
        turn: Line = (fact("fishing.view.to-play", player=who),)
        lines: list[Line] = [
            (
                fact(
                    "fishing.view.deal",
                    deal=deal.index + 1,
                    dealer=deal.dealer,
                    round=deal.round + 1,
                    rounds=len(deal.rounds),
                    play=deal.entries + 1,
                    plays=deal.total_plays,
                ),
            ),
            floor,
            turn,
        ]
        if who is not None:
            known = deal.round_cards(who)
            if known is not None:
                lines.append((fact("view.holds", player=who), Cards(known)))
        lines.append((fact("fishing.captured", piles=self.captured()),))
        unseen = tuple(deal.unseen())
        lines.append((fact("fishing.view.unseen", count=len(unseen)), Cards(unseen)))
        data: dict[str, object] = {
            "floor": [str(c) for c in deal.floor],
            "round": deal.round + 1,
            "rounds": len(deal.rounds),
            "unseen": [str(c) for c in unseen],
            "captured": {s: len(pile) for s, pile in deal.piles.items()},
            "sweeps": dict(deal.sweeps),
        }
        return View(tuple(lines), data, (floor, turn))
