"""The match record as plain values: the entries of a deal, a deal, a match, and its sides.
No TOML here: ``referee.log.format`` reads and writes these values."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import NamedTuple

from referee.cards import Card
from referee.messages import sentence
from referee.params import Value
from referee.text import cut, visible


class FishPlay(NamedTuple):
    """A Basra or Pasur play: the card and the floor cards it takes (none: a trail)."""

    by: str
    card: Card
    takes: tuple[Card, ...] = ()
    note: str | None = None


class TrickEntry(NamedTuple):
    """A Bura or Kozel entry: a lead or follow (cards), a declaration, a claim or a
    forfeit."""

    by: str
    cards: tuple[Card, ...] = ()
    declares: str | None = None
    claim: bool = False
    forfeit: str | None = None
    note: str | None = None

    @property
    def kind(self) -> str:
        """``cards``, ``declare``, ``claim`` or ``forfeit``."""
        if self.declares is not None:
            return "declare"
        if self.claim:
            return "claim"
        if self.forfeit is not None:
            return "forfeit"
        return "cards"


Entry = FishPlay | TrickEntry


Setup = Card | tuple[Card, ...]  # one set-up value: a turned-up card, or a list of cards


class Deal:
    """One deal as recorded: its dealer, its set-up as one mapping keyed by the set-up keys
    its game declares (``GameSpec.setup``: the opening floor, a turned-up trump, cards set
    aside), the hands, the entries, a note and a stored score. ``plays`` holds None where an
    entry could not be read; ``broken`` says the deal's set-up could not be read. The
    entries of a deal that a log's memo kept are read when first asked (``read_plays``)."""

    __slots__ = ("_plays", "broken", "dealer", "hands", "note", "score", "setup")
    FIELDS = ("broken", "dealer", "hands", "note", "plays", "score", "setup")

    def __init__(
        self,
        dealer: str,
        setup: dict[str, Setup] | None = None,
        hands: dict[str, tuple[Card, ...]] | None = None,
        plays: list[Entry | None] | None = None,
        note: str | None = None,
        score: dict[str, int] | None = None,
        broken: bool = False,
    ) -> None:
        self.dealer = dealer
        self.setup: dict[str, Setup] = {} if setup is None else setup
        self.hands = hands
        self._plays: list[Entry | None] | Callable[[], list[Entry | None]] = (
            [] if plays is None else plays
        )
        self.note = note
        self.score = score
        self.broken = broken

    @classmethod
    def kept(
        cls,
        dealer: str,
        setup: dict[str, Setup],
        hands: dict[str, tuple[Card, ...]] | None,
        read_plays: Callable[[], list[Entry | None]],
        note: str | None,
        score: dict[str, int] | None,
    ) -> Deal:
        """A finished deal as a log's memo kept it: its entries read when first asked (a
        table command seldom asks for those of a deal before the last)."""
        deal = cls(dealer, setup, hands, None, note, score)
        deal._plays = read_plays
        return deal

    @property
    def plays(self) -> list[Entry | None]:
        plays = self._plays
        if not isinstance(plays, list):
            plays = self._plays = plays()
        return plays

    @plays.setter
    def plays(self, plays: list[Entry | None]) -> None:
        self._plays = plays

    def unread(self) -> Callable[[], list[Entry | None]] | None:
        """What reads the entries of a kept deal not asked for yet (None: they are read)."""
        plays = self._plays
        return None if isinstance(plays, list) else plays

    def cards(self, key: str) -> tuple[Card, ...]:
        """The cards of set-up key ``key`` (none when the deal does not give it)."""
        value = self.setup.get(key, ())
        return (value,) if isinstance(value, Card) else value

    def card(self, key: str) -> Card | None:
        """The one card of set-up key ``key`` (None when the deal does not give it)."""
        value = self.setup.get(key)
        return value if isinstance(value, Card) else None

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, k) for k in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{k}={getattr(self, k)!r}"
            for k in self.FIELDS
            if getattr(self, k) not in (None, (), [], {}, False)
        )
        return f"Deal({shown})"

    def prefix(self, entries: int) -> Deal:
        """This deal as it stood after its first ``entries`` entries (no stored score)."""
        return Deal(
            self.dealer,
            dict(self.setup),
            self.hands,
            self.plays[:entries],
            self.note,
            None,
            self.broken,
        )


class Match:
    """A whole match record: header, rules (every parameter), deals and stored result."""

    __slots__ = (
        "date",
        "deals",
        "event",
        "game",
        "players",
        "result_totals",
        "result_winner",
        "rules",
        "variant",
    )

    def __init__(
        self,
        game: str,
        variant: str,
        players: list[str],
        rules: dict[str, Value],
        event: str | None = None,
        date: dt.date | dt.datetime | None = None,
    ) -> None:
        self.game = game
        self.variant = variant
        self.players = players
        self.rules = rules
        self.event = event
        self.date = date
        self.deals: list[Deal] = []
        self.result_totals: dict[str, int] | None = None
        self.result_winner: str | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Match) and all(
            getattr(self, k) == getattr(other, k) for k in self.__slots__
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Match({self.game!r}, {self.variant!r}, {self.players!r}, deals={len(self.deals)})"

    @property
    def sides(self) -> list[str]:
        """Side names in playing order: players, or two partnerships with four players."""
        return side_names(self.players, self.rules)

    def prefix(self, deals: int, entries: int) -> Match:
        """The match as it stood before entry ``entries`` (from 0) of deal ``deals`` (from
        0): earlier deals whole, that deal cut, no stored result."""
        cut = Match(self.game, self.variant, self.players, self.rules, self.event, self.date)
        cut.deals = [*self.deals[:deals], self.deals[deals].prefix(entries)]
        return cut


def side_groups(players: list[str], rules: dict[str, Value]) -> list[list[str]]:
    """The sides as lists of players, in playing order: four players of a game whose rules
    say ``partnerships`` play 1 and 3 against 2 and 4; otherwise each player alone."""
    if len(players) == 4 and rules.get("partnerships") is True:
        return [[players[0], players[2]], [players[1], players[3]]]
    return [[name] for name in players]


def side_names(players: list[str], rules: dict[str, Value]) -> list[str]:
    """Side names: a player's name, or two partners' names joined by `` & ``."""
    return [" & ".join(g) for g in side_groups(players, rules)]


def side_map(players: list[str], rules: dict[str, Value]) -> dict[str, str]:
    """Each player's side name."""
    return {p: " & ".join(g) for g in side_groups(players, rules) for p in g}


FORFEIT_REASON = "drew out of turn"  # what a forfeit records when no reason is given


def forfeit_reason(text: str) -> str:
    """A forfeit's reason as shown: the log's own text, except that the default reason
    is said in the reader's language (the log keeps it in English)."""
    return sentence("drew out of turn") if text == FORFEIT_REASON else visible(cut(text, 200))


def describe_entry(entry: Entry) -> str:
    """An entry in plain words, as the table would say it (``Ali 8S takes 5H 3C``)."""
    if isinstance(entry, FishPlay):
        if entry.takes:
            return sentence(
                "{player} {card} takes {cards}", player=entry.by, card=entry.card, cards=entry.takes
            )
        return sentence("{player} {card} (trail)", player=entry.by, card=entry.card)
    kind = entry.kind
    if kind == "declare":
        return sentence(
            "{player} declares {name} showing {cards}",
            player=entry.by,
            name=entry.declares,
            cards=entry.cards,
        )
    if kind == "claim":
        return sentence("{player} claims 31", player=entry.by)
    if kind == "forfeit":
        return sentence(
            "{player} forfeits ({reason})",
            player=entry.by,
            reason=forfeit_reason(entry.forfeit or ""),
        )
    return sentence("{player} plays {cards}", player=entry.by, cards=entry.cards)
