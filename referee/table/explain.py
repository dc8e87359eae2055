"""Explaining one recorded entry: the state before it, the rules that applied, the legal
alternatives and the ruling, in plain words with rule ids. The game's own rules module
judges; this only finds the state before the entry. Core: no printing, no files."""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.base import Explanation, present
from referee.match import replay
from referee.messages import sentence
from referee.problems import Problem, RefereeError
from referee.record import Deal, Match, describe_entry
from referee.table.dealwalk import Step, steps
from referee.words.rulings import problem_said
from referee.words.sentences import said_text


class Explained:
    """What ``explain`` reports about one entry: the entry in words, the state before it,
    and the game's ruling on it."""

    __slots__ = ("answer", "before", "entry", "legal", "lines", "more", "ok", "rules")

    def __init__(self, entry: str, before: Sequence[object], ruling: Explanation) -> None:

        self.entry = entry
        self.before = [said_text(x) for x in before]
        self.rules = ruling.rules
        self.lines = [said_text(x) for x in ruling.lines]
        self.legal = [said_text(play.as_fact()) for play in ruling.legal]
        if not ruling.legal and ruling.note is not None:  # why nothing is listed
            self.legal.append(said_text(ruling.note))
        self.ok = ruling.ok
        self.more = ruling.more
        self.answer = None if ruling.answer is None else said_text(ruling.answer)


def _deal(match: Match, deal_number: int) -> Deal:
    """Deal ``deal_number`` (from 1) of the match, or the error that names how many there are."""
    if not 1 <= deal_number <= len(match.deals):
        raise RefereeError(
            [
                Problem(
                    "log.deal",
                    sentence(
                        "the log has {count} deals; there is no deal {deal}",
                        count=len(match.deals),
                        deal=deal_number,
                    ),
                )
            ]
        )
    return match.deals[deal_number - 1]


def entries(match: Match, deal_number: int) -> list[Step]:
    """Every entry of a deal with its number and what it did (``explain --deal N``), so that
    a family can find the number ``explain --play`` and ``amend --play`` take."""
    _deal(match, deal_number)
    return steps(match, deal_number - 1)


def explain(match: Match, deal_number: int, play_number: int) -> Explained:
    """Replay up to the entry, describe the state, then judge the entry."""
    deal = _deal(match, deal_number)
    if not 1 <= play_number <= len(deal.plays):
        raise RefereeError(
            [
                Problem(
                    "log.play",
                    sentence(
                        "deal {deal} has {count} entries; there is no entry {play}",
                        deal=deal_number,
                        count=len(deal.plays),
                        play=play_number,
                    ),
                )
            ]
        )
    entry = deal.plays[play_number - 1]
    if entry is None:
        raise RefereeError(
            [
                Problem(
                    "log.play",
                    sentence(
                        "entry {play} of deal {deal} could not be read; run verify for the details",
                        play=play_number,
                        deal=deal_number,
                    ),
                )
            ]
        )
    replayed = replay(match.prefix(deal_number - 1, play_number - 1))
    if replayed.problems or replayed.state is None:
        first = replayed.problems[0] if replayed.problems else None
        why = (
            sentence(
                "the record goes wrong before this entry: {problem}", problem=problem_said(first)
            )
            if first
            else sentence("the record goes wrong before this entry")
        )
        raise RefereeError([Problem("log.play", why)])
    state = replayed.state
    shown = present(state)
    return Explained(describe_entry(entry), shown.describe(), shown.explain(entry))
