"""What the trick games' ``check`` finds and ``apply`` carries out: how a deal ends, the
state an entry meets, and the ruling on one entry, as plain immutable values (named tuples:
every trick-game command imports them, and frozen dataclasses cost 2 ms to create)."""

from enum import Enum
from typing import NamedTuple

from referee.games.trick.cards import Played
from referee.messages import Fact, fact
from referee.problems import Problem
from referee.record import FORFEIT_REASON, TrickEntry
from referee.text import cut, visible


class Ending(Enum):
    """How a deal ended for its scoring: someone won it, someone lost it (a false claim, a
    forfeit), or nobody did."""

    WIN = "win"
    LOST = "lost"
    VOID = "void"


class Reason(Enum):
    """What ended a deal; each value is the code of the fact that says it."""

    DECLARED_FIRST = "trick.reason.declared-first"
    DECLARED = "trick.reason.declared"
    CLAIM = "trick.reason.claim"
    FORFEIT = "trick.reason.forfeit"
    PLAYED_OUT = "trick.reason.played-out"


class Outcome(NamedTuple):
    """How a deal ended: the kind, the player concerned, why, and the ruling (a fact)."""

    kind: Ending
    player: str | None
    reason: Reason
    how: Fact


class Standing(NamedTuple):
    """What an entry meets: how the deal has ended (None: it is open), who must lead the
    next trick instead of the last trick's winner, whether that trick is a duel of Buras,
    and whether Bura's pending declarations are settled first (the entry is not one)."""

    outcome: Outcome | None = None
    must_lead: str | None = None
    duel: bool = False
    settle: bool = False


class Draw(NamedTuple):
    """[*.draw] The draw after a trick: ``k`` cards each, or ``stop`` (the stock cannot go
    round); who draws the turned-up trump when the stock empties; and the problems the
    recorded hands show with it."""

    k: int
    stop: bool = False
    trump_to: str | None = None
    problems: tuple[Problem, ...] = ()


class Ruling(NamedTuple):
    """The ruling on one legal entry: the rule ids that decided it and the facts ``apply``
    carries out. For cards: whether they lead, which cards hold the trick after them, who
    takes the trick they complete and the draw after it. ``outcome``: how the deal stands
    ended once the entry is recorded (a declaration's: as judged if nothing follows)."""

    entry: TrickEntry
    rules: tuple[str, ...]
    settle: bool = False
    lead: bool = False
    holder: Played | None = None
    winner: str | None = None
    draw: Draw | None = None
    outcome: Outcome | None = None


def forfeit_outcome(by: str, reason: str | None) -> Outcome:
    """[*.forfeit] ``by`` loses the deal by forfeit; ``reason`` as the log records it."""
    said = (
        fact("trick.forfeit.default")
        if reason == FORFEIT_REASON
        else visible(cut(reason or "", 200))
    )
    return Outcome(Ending.LOST, by, Reason.FORFEIT, fact("trick.forfeit", reason=said))
