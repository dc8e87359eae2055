"""What the rest of referee knows of a game without playing it: its :class:`GameSpec`
(parameters and named variants, player counts, deck, the keys of its deals and entries, how
sides are formed, how a match is won) and where its rules and words are, loaded by name
only when that game is played or said. Each game's package defines its ``SPEC``;
:mod:`referee.registry` lists them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.cards import Card
from referee.params import Param, Value, p
from referee.record import side_groups

FISHING = "fishing"  # the game family whose plays are a card and the cards it takes
TRICK = "trick"  # the game family whose entries are cards led or followed, and the like


class GameSpec(NamedTuple):
    """One game, as the registry knows it."""

    name: str
    title: str  # the game's name in a sentence (a catalog entry: each language spells it)
    players: tuple[int, int]  # fewest and most players [game.players]
    params: dict[str, Param]  # every rule parameter (rules.md §4)
    variants: dict[str, dict[str, Value]]  # named variants: parameters that differ; first is
    # the default
    engine: str  # "module:Class" of the DealState subclass that rules a deal (imported
    # by referee.games.base.deal_rules on first use)
    deck: frozenset[Card]  # the cards of the game's deck
    family: str  # FISHING or TRICK: the shape of its entries and of its table's input
    setup: tuple[str, ...]  # a deal's keys beside dealer, hands, plays, note, score
    entries: tuple[str, ...]  # the keys an entry may have beside by and note
    words: tuple[str, ...] = ()  # modules whose ``SENTENCES`` say the game's facts, its
    # breakdown, sweep and variant words (read by the words layer when a sentence needs them)
    partnerships: bool = False  # with 4 players and `partnerships`, 1 & 3 against 2 & 4
    pot: bool = False  # money in a pot: balances and the pot are reported
    lower_wins: bool = False  # match totals are penalty points: the fewest wins
    variant_players: tuple[tuple[str, tuple[int, int]], ...] = ()  # variants played by
    # fewer player counts than the game, as (variant, (fewest, most))
    declarations: tuple[str, ...] = ()  # the names a `declares` entry may give
    sweeps: bool = False  # the game scores sweeps (a basra, a sur): standings count them
    one_card: tuple[str, ...] = ()  # the set-up keys that hold one card (a turned-up trump)
    names: tuple[str, ...] = ("Ali", "Omar", "Hoda", "Samir", "Leila", "Karim")  # the
    # simulator's players

    @property
    def default_variant(self) -> str:
        return next(iter(self.variants))

    def player_range(self, variant: str) -> tuple[int, int]:
        return dict(self.variant_players).get(variant, self.players)

    def sides(self, players: Sequence[str], rules: dict[str, Value]) -> list[list[str]]:
        """The sides as lists of players, in playing order."""
        return side_groups(list(players), rules)


PARTNERSHIPS = p(
    "partnerships",
    bool,
    True,
    "game.players",
    "four players play as two partnerships (1 and 3 against 2 and 4)",
)


def params(*given: Param) -> dict[str, Param]:
    """A game's parameters by name, in alphabetical order."""
    return {x.name: x for x in sorted(given, key=lambda x: x.name)}
