"""A deal walked entry by entry: what each entry did (its events, or the rule it broke), and
after an amendment the later plays given to the player whose turn it then is. In a fishing
game the turn leaves no choice; in a trick game it follows from who took each trick. A
declaration, claim or forfeit keeps its player: it is nobody's turn. Core: no printing, no
files."""

from __future__ import annotations

from typing import NamedTuple

from referee.games.base import DealState, Illegal
from referee.games.events import Event, Swept
from referee.match import illegal_problem, replay
from referee.messages import sentence
from referee.problems import Problem, RefereeError
from referee.record import Entry, FishPlay, Match, TrickEntry


class Step(NamedTuple):
    """One entry of a deal as replayed: its number (from 1), what it did, or the problem
    it has (the first entry that has one); ``judged`` is False for the entries after that
    one (the record goes wrong before them)."""

    number: int
    entry: Entry | None
    events: tuple[Event | str, ...] = ()
    problem: Problem | None = None
    judged: bool = True

    @property
    def sweep(self) -> Swept | None:
        """The sweep this entry scored, if it did."""
        return next((e for e in self.events if isinstance(e, Swept)), None)


class Moved(NamedTuple):
    """A later play given to another player by an amendment: its number after the
    amendment (from 1), the entry before and after."""

    number: int
    before: Entry
    after: Entry


class CannotFollow(Exception):
    """A later entry that cannot follow an amendment: its index in the amended deal (from
    0), the entry as it would then stand, who it was recorded for before (None: it kept
    its player), and the problem it would have."""

    def __init__(self, index: int, entry: Entry, was: str | None, problem: Problem) -> None:
        super().__init__(problem.rule)
        self.index = index
        self.entry = entry
        self.was = was
        self.problem = problem


def takes_turn(entry: Entry) -> bool:
    """Is ``entry`` a play made in turn (a fishing play, a lead or follow), rather than a
    declaration, claim or forfeit, which anyone may make?"""
    return isinstance(entry, FishPlay) or (isinstance(entry, TrickEntry) and entry.kind == "cards")


def state_before(match: Match, index: int, entries: int) -> DealState:
    """The state of deal ``index`` (from 0) before its entry ``entries`` (from 0); a record
    that goes wrong before that point is refused."""
    before = replay(match.prefix(index, entries))
    if before.problems or before.state is None:
        raise RefereeError(
            before.problems or [Problem("log.deal", sentence("deal {deal}", deal=index + 1))]
        )
    return before.state


def steps(match: Match, index: int) -> list[Step]:
    """Every entry of deal ``index`` (from 0) with what it did; after the first entry that
    breaks a rule (or a deal whose record goes wrong before it) the entries are listed
    unjudged."""
    deal = match.deals[index]
    try:
        state: DealState | None = state_before(match, index, 0)
    except RefereeError:
        state = None
    out: list[Step] = []
    for j, entry in enumerate(deal.plays):
        if state is None or entry is None:
            out.append(Step(j + 1, entry, judged=False))
            state = None
            continue
        try:
            events = state.apply(entry)
        except Illegal as err:
            out.append(Step(j + 1, entry, problem=illegal_problem(err, index, j)))
            state = None
            continue
        if state.record_problems:
            out.append(Step(j + 1, entry, problem=state.record_problems[0]))
            state = None
            continue
        out.append(Step(j + 1, entry, tuple(events)))
    return out


def follow_turns(match: Match, index: int, start: int) -> list[Moved]:
    """Give each play of deal ``index`` from entry ``start`` (from 0) on to the player
    whose turn it then is, in place, keeping its cards and what it takes; raise
    :class:`CannotFollow` at the first entry that then breaks a rule (a recorded hand
    that does not hold the card, a capture that no longer fits the floor)."""
    state = state_before(match, index, start)
    deal = match.deals[index]
    moved: list[Moved] = []
    for j in range(start, len(deal.plays)):
        entry = deal.plays[j]
        assert entry is not None  # a table log is clean
        was = None
        who = state.to_move()
        if takes_turn(entry) and who is not None and who != entry.by:
            was, entry = entry.by, entry._replace(by=who)
            moved.append(Moved(j + 1, deal.plays[j], entry))  # type: ignore[arg-type]
            deal.plays[j] = entry
        try:
            state.apply(entry)
        except Illegal as err:
            raise CannotFollow(j, entry, was, illegal_problem(err, index, j)) from None
        if state.record_problems:
            raise CannotFollow(j, entry, was, state.record_problems[0])
    return moved
