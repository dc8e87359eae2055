"""The one small interface every game's rules implement: a deal state that checks and
applies entries, lists legal options and scores itself when finished."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, cast

from referee.params import Value
from referee.problems import Problem, deal_path
from referee.record import Deal, Entry

if TYPE_CHECKING:
    from referee.games.bura import BuraDeal
    from referee.games.fishing import FishingDeal


class Illegal(Exception):
    """An entry that breaks a rule: the rule id, a plain sentence, the legal alternatives."""

    def __init__(self, rule: str, message: str, legal: list[str] | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.legal = legal or []


class Carry:
    """What one deal hands to the next: match totals before it, and game-specific carries
    (Basra's rolled-over majority award, the Bura pot before the antes)."""

    __slots__ = ("deal_number", "majority_carry", "pot", "totals")

    def __init__(self, totals: dict[str, int], majority_carry: int = 0, pot: int = 0,
                 deal_number: int = 1) -> None:
        self.totals = totals
        self.majority_carry = majority_carry
        self.pot = pot
        self.deal_number = deal_number


class DealResult:
    """A finished deal: points per side, their breakdown, and what passes to the next
    (Bura: the deal's winner, None when void or lost to a false claim, and payments)."""

    __slots__ = ("breakdown", "how", "majority_carry", "next_dealer", "payments", "pot_after",
                 "score", "winner")

    def __init__(self, score: dict[str, int], breakdown: dict[str, dict[str, int]],
                 next_dealer: str, winner: str | None = None, majority_carry: int = 0,
                 pot_after: int = 0, payments: dict[str, int] | None = None,
                 how: str = "") -> None:
        self.score = score
        self.breakdown = breakdown
        self.next_dealer = next_dealer
        self.winner = winner
        self.majority_carry = majority_carry
        self.pot_after = pot_after
        self.payments: dict[str, int] = payments or {}
        self.how = how  # how the deal ended, in words, where the score alone does not say


class DealState(ABC):
    """The state of one deal during replay. ``apply`` checks first and changes nothing
    when it raises :class:`Illegal`; replay, the CLI and the simulator all use it."""

    game: str

    def __init__(self, players: list[str], rules: dict[str, Value], deal: Deal, index: int,
                 carry: Carry) -> None:
        self.players = players
        self.n = len(players)
        self.rules = rules
        self.deal = deal
        self.index = index
        self.carry = carry
        self.dealer = deal.dealer
        self.entries = 0
        # Problems with the record itself that an entry brings to light (recorded hands
        # that contradict a draw): replay stops there, the table refuses the entry.
        self.record_problems: list[Problem] = []
        # What happened, in plain sentences, as a referee would announce it.
        self.events: list[str] = []

    def problem(self, rule: str, message: str, key: str | None = None,
                play: int | None = None, stage: int = 0) -> Problem:
        """A problem located in this deal (``play`` counts from 0 here)."""
        return Problem(rule, message, deal_path(self.index, key, play), self.index + 1,
                       None if play is None else play + 1, stage=stage)

    def next_player(self, name: str, step: int = 1) -> str:
        return self.players[(self.players.index(name) + step) % self.n]

    @abstractmethod
    def setup_problems(self) -> list[Problem]:
        """Problems with the deal's set-up (dealer, floor or trump, hands)."""

    @abstractmethod
    def apply(self, entry: Entry) -> None:
        """Check one entry and apply it; raise Illegal (state unchanged) if it breaks a rule."""

    @property
    @abstractmethod
    def finished(self) -> bool:
        """True once the deal is over and can be scored."""

    @abstractmethod
    def to_move(self) -> str | None:
        """Whose entry is expected next (None when the deal is over)."""

    def can_follow(self) -> bool:
        """True when the deal is finished as recorded but an entry may still follow it
        (Bura: another declaration before the same trick, a claim after the last trick)."""
        return False

    @abstractmethod
    def received(self, player: str) -> int:
        """How many cards ``player`` has received so far in this deal (dealt and drawn)."""

    def open_payments(self) -> dict[str, int]:
        """Money paid by each player into a pot for this deal while it is open (antes)."""
        return {}

    def open_pot(self) -> int:
        """The pot while this deal is open (0 in games without one)."""
        return 0

    @abstractmethod
    def end_problems(self) -> list[Problem]:
        """Problems found when the deal ends (conservation and the like)."""

    @abstractmethod
    def result(self) -> DealResult:
        """The finished deal's score."""


def as_fishing(state: DealState | None) -> FishingDeal | None:
    """The state as a fishing deal (Basra, Pasur), or None; no game module is imported."""
    if state is None or state.game == "bura":
        return None
    return cast("FishingDeal", state)


def as_bura(state: DealState | None) -> BuraDeal | None:
    """The state as a Bura deal, or None."""
    if state is None or state.game != "bura":
        return None
    return cast("BuraDeal", state)
