"""Kozel's rules (rules.md §3a) on the trick core: 4-card hands, leads of 1 to 4 cards of
one suit, the 6S on top with ``six_spades_top``, partnerships pooling their tricks with 4
players, forfeits, no declarations or claims, and penalty points: the side that collects
``target`` first is the goat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cards import Card
from referee.games.base import FORFEITS, DealResult, Illegal, Line, MatchSoFar, Words
from referee.games.trick.deal import TrickDeal
from referee.games.trick.ruling import Outcome, Ruling, Standing, forfeit_outcome
from referee.games.trick.view import TrickView
from referee.messages import fact
from referee.params import Value
from referee.record import Deal, TrickEntry, side_map, side_names

SIX_SPADES = Card("6", "S")

if TYPE_CHECKING:
    pass


class KozelView(TrickView):
    """A Kozel deal shown: the trick core's view, that its points are penalties, and the
    ruling on a forfeit."""

    state: KozelDeal

    def notes(self) -> list[Line]:
        return [(fact("kozel.view.penalty"),)]

    def special(self, entry: TrickEntry) -> tuple[list[Words], Words | None]:
        side, points = self.state.side[entry.by], self.state.rules["penalty_none"]
        return [fact("kozel.explain.forfeit", side=side, points=points)], None


class KozelDeal(TrickDeal):
    game = "kozel"
    presenter = KozelView
    hand_size = 4
    deck_name = fact("kozel.deck")

    def __init__(
        self, players: list[str], rules: dict[str, Value], deal: Deal, index: int, carry: MatchSoFar
    ) -> None:
        super().__init__(players, rules, deal, index, carry)
        if rules["six_spades_top"]:
            self.top = SIX_SPADES  # [kozel.cards] beats every card, is beaten by none
        self.sides = side_names(players, rules)
        self.side = side_map(players, rules)

    # --- entries -----------------------------------------------------------------------

    def check_special(self, entry: TrickEntry, standing: Standing) -> Ruling:
        """[kozel.forfeit] The forfeiting player's side loses the deal, mid-trick too."""
        if entry.kind != "forfeit":
            raise Illegal("log.play", fact("trick.no-such-entry", game="kozel", kind=entry.kind))
        forfeit = forfeit_outcome(entry.by, entry.forfeit)
        return Ruling(entry, ("kozel.forfeit",), outcome=forfeit)

    def check_open(self, entry: TrickEntry, outcome: Outcome | None) -> None:
        if outcome is None and self.played_out and entry.kind == "forfeit":
            raise Illegal("kozel.forfeit", fact("kozel.forfeit.played-out"))
        super().check_open(entry, outcome)

    def closed_rule(self, outcome: Outcome) -> str:
        return "kozel.forfeit"

    # --- the end of the deal ----------------------------------------------------------

    def penalties(self) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
        """[kozel.score] Each side's penalty for the deal, and its card points and tricks."""
        points = dict.fromkeys(self.sides, 0)
        tricks = dict.fromkeys(self.sides, 0)
        for p in self.players:
            points[self.side[p]] += self.points[p]
            tricks[self.side[p]] += self.won_tricks[p]
        breakdown = {s: {"card_points": points[s], "tricks": tricks[s]} for s in self.sides}
        o = self.outcome
        if o is not None:  # a forfeit: that side scores penalty_none, every other side 0
            assert o.player is not None
            loser = self.side[o.player]
            score = {s: int(self.rules["penalty_none"]) if s == loser else 0 for s in self.sides}
            return score, breakdown
        top = max(points.values())
        score = {}
        for s in self.sides:
            if points[s] == top:
                score[s] = 0
            elif points[s] >= 31:
                score[s] = int(self.rules["penalty_31"])
            elif tricks[s]:
                score[s] = int(self.rules["penalty_low"])
            else:
                score[s] = int(self.rules["penalty_none"])
        return score, breakdown

    def result(self) -> DealResult:
        score, breakdown = self.penalties()
        o = self.outcome
        how = (
            fact("trick.how.by", player=self.side[o.player], how=o.how)
            if o is not None and o.player
            else ""
        )
        forfeited = {FORFEITS: {self.side[o.player]: 1}} if o is not None and o.player else None
        return DealResult(
            score, breakdown, self.next_player(self.dealer), how=how, tallies=forfeited
        )
