"""What a finished deal did to the match, as values: the deal scored, the match totals
after it, and the match decided. The table reports them after the entry that ended a deal
(:meth:`referee.table.session.Recorded.outcomes`); the words layer says them
(:func:`referee.words.events.event_said`). A module of its own: only an entry that ends a
deal needs it, and every table command would pay for its classes."""

from typing import NamedTuple

from referee.messages import Fact


class DealScored(NamedTuple):
    """Deal ``deal`` of a match of ``game`` scored: each side's points and breakdown (in
    the sides' order), and how it ended where the score alone does not say."""

    game: str
    deal: int
    sides: tuple[str, ...]
    score: dict[str, int]
    breakdown: dict[str, dict[str, int]]
    how: str | Fact = ""


class MatchTotals(NamedTuple):
    """The match totals after a deal, against the target (``lower_wins``: the first to
    reach it loses)."""

    sides: tuple[str, ...]
    totals: dict[str, int]
    target: object
    lower_wins: bool = False


class MatchDecided(NamedTuple):
    """The match is over: ``winner`` (a side; None: the fewest points are shared)."""

    winner: str | None


Outcome = DealScored | MatchTotals | MatchDecided
