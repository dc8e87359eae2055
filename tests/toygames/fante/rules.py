"""Fante's rules on the trick core: its hand, its deck's name and its score."""

from __future__ import annotations

from referee.games.base import DealResult
from referee.games.trick.deal import TrickDeal
from referee.games.trick.view import TrickView
from referee.messages import fact


class FanteDeal(TrickDeal):
    """One deal of Fante."""

    game = "fante"
    presenter = TrickView
    hand_size = 3
    deck_name = fact("fante.deck")

    def result(self) -> DealResult:
        breakdown = {
            p: {"card_points": self.points[p], "tricks": self.won_tricks[p]} for p in self.players
        }
        return DealResult(dict(self.points), breakdown, self.next_player(self.dealer))
