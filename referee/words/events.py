"""Events said: each value of :mod:`referee.games.events` as a sentence, and the one line
that says an accepted entry back at the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.games.events import (
    Captured,
    Claimed,
    Declared,
    Event,
    Followed,
    Forfeited,
    Led,
    Residue,
    Swept,
    TrickTaken,
)
from referee.messages import Msg, fact, join, sentence
from referee.record import Entry, describe_entry, forfeit_reason
from referee.text import cut
from referee.words.sentences import said, said_text
from referee.words.terms import breakdown_said, scores_said

if TYPE_CHECKING:
    from referee.games.outcomes import Outcome

FIRST = (Captured, Led, Followed, Declared, Claimed, Forfeited)  # events that say an entry


def floor_said(key: str) -> Msg:
    """A game's word for the cards in the middle."""
    return sentence("pool") if key == "pool" else sentence("floor")


def sweep_said(code: str, count: int) -> Msg:
    """A game's word for a sweep after a count (``code``, the fact its words give: 1 sweep,
    1 basra, 2 surs)."""
    out = said(fact(code, n=count))
    assert isinstance(out, Msg)
    return out


def entry_said(event: Event) -> Msg | None:
    """The say-back line of an entry's first event (None: the event follows from one)."""
    if isinstance(event, Captured):
        if not event.taken:
            return sentence("{player}: {card} trails", player=event.by, card=event.card)
        return sentence(
            "{player}: {card} takes {cards}", player=event.by, card=event.card, cards=event.taken
        )
    if isinstance(event, Led):
        return sentence("{player} leads {cards}", player=event.by, cards=event.cards)
    if isinstance(event, Followed):
        if event.holds:
            return sentence(
                "{player} plays {cards} and holds the trick", player=event.by, cards=event.cards
            )
        return sentence(
            "{player} plays {cards}, not beating {held}; {holder} holds the trick",
            player=event.by,
            cards=event.cards,
            held=event.held,
            holder=event.holder,
        )
    if isinstance(event, Declared):
        return sentence(
            "{player}: declares {name} showing {cards}",
            player=event.by,
            name=event.name,
            cards=event.cards,
        )
    if isinstance(event, Claimed):
        if event.upheld:
            return sentence(
                "{player}: claims 31 with {points} card points: upheld",
                player=event.by,
                points=event.points,
            )
        return sentence(
            "{player}: claims 31 with {points} card points: not upheld",
            player=event.by,
            points=event.points,
        )
    if isinstance(event, Forfeited):
        return sentence(
            "{player}: forfeits ({reason})", player=event.by, reason=forfeit_reason(event.reason)
        )
    return None


def event_said(event: Event | str) -> str:
    """What followed from an entry, as the referee announces it (a sentence a game added
    itself, as a game defined outside this package may, is said as it is)."""
    if isinstance(event, str):
        return event
    if isinstance(event, Swept):
        if event.side == event.by:  # the side is said only when it is not the player
            return sentence(
                "{player} sweeps the {floor}: a {sweep}.",
                player=event.by,
                floor=floor_said(event.floor),
                sweep=sweep_said(event.word, 1),
            )
        return sentence(
            "{player} sweeps the {floor}: a {sweep} for {side}.",
            player=event.by,
            floor=floor_said(event.floor),
            sweep=sweep_said(event.word, 1),
            side=event.side,
        )
    if isinstance(event, Residue):
        return sentence(
            "The cards left on the {floor} ({cards}) go to {side}, the last to capture.",
            floor=floor_said(event.floor),
            cards=event.cards,
            side=event.side,
        )
    if isinstance(event, TrickTaken):
        return sentence("{player} takes trick {trick}.", player=event.player, trick=event.trick)
    said = entry_said(event)
    assert said is not None
    return said


def said_back(entry: Entry, events: Sequence[Event | str]) -> list[str]:
    """An accepted entry said back in one line (from its first event, or from the entry
    when the game adds none), then what followed from it."""
    first = next((e for e in events if isinstance(e, FIRST)), None)
    line = entry_said(first) if first is not None else None
    out: list[str] = [line if line is not None else describe_entry(entry)]
    out.extend(event_said(e) for e in events if not isinstance(e, FIRST))
    return out


def outcome_said(outcome: Outcome) -> Msg:
    """What an entry that ended a deal did to the match, as the referee announces it: the
    deal's score with each side's breakdown, the totals against the target, the winner."""
    from referee.games.outcomes import DealScored, MatchTotals  # only when a deal ends

    if isinstance(outcome, DealScored):
        parts = []
        for side in outcome.sides:
            points = outcome.score.get(side, 0)
            detail = breakdown_said(outcome.game, outcome.breakdown.get(side, {}))
            parts.append(
                sentence("{side} {points} ({detail})", side=side, points=points, detail=detail)
                if detail
                else sentence("{side} {points}", side=side, points=points)
            )
        scores = join(parts, "; ")
        if outcome.how:
            return sentence(
                "Deal {deal} is over ({how}): {scores}.",
                deal=outcome.deal,
                how=cut(said_text(outcome.how), 200),
                scores=scores,
            )
        return sentence("Deal {deal} is over: {scores}.", deal=outcome.deal, scores=scores)
    if isinstance(outcome, MatchTotals):
        return sentence(
            "Match totals: {totals} (first to {target} loses)."
            if outcome.lower_wins
            else "Match totals: {totals} (target {target}).",
            totals=scores_said(list(outcome.sides), outcome.totals),
            target=outcome.target,
        )
    if outcome.winner:
        return sentence(
            "{side} win the match." if " & " in outcome.winner else "{side} wins the match.",
            side=outcome.winner,
        )
    return sentence("The match is over without a winner: the fewest points are shared.")
