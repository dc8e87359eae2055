"""An accepted entry said back at the table: the entry in one line, what followed from it,
and, when it ended the deal, the deal's score, the match totals and the winner. What
``play``, ``declare``, ``claim``, ``forfeit`` and ``live`` print before the state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.base import present
from referee.messages import join, sentence
from referee.render.style import styled
from referee.render.tables import line_text
from referee.words.events import outcome_said, said_back
from referee.words.sentences import said

if TYPE_CHECKING:
    from referee.render.tables import Style
    from referee.table.session import Recorded


def announce(recorded: Recorded, style: Style, confirm: str = "", page: bool = False) -> list[str]:
    """What an accepted entry did, as a referee says it: the entry said back in one line
    (or ``confirm``, a declaration's or claim's own verdict, in its place), what happened
    (a trick taken, a sweep, the residue), and when the entry ended the deal what that did
    to the match (:mod:`referee.games.outcomes`: the deal's score with its breakdown, the
    match totals and, once decided, the winner). What may still follow the deal is said
    too, except on a table's ``page``, whose state says it beside its form."""

    back, *followed = said_back(recorded.entry, recorded.events)
    first = styled(confirm, style) if confirm else styled(back, style)
    lines: list[object] = [*followed, *(outcome_said(o) for o in recorded.outcomes())]
    state = recorded.replayed.state
    still = state.may_follow() if state is not None and state.finished else None
    if still is not None and not page:  # the deal is over unless this follows: said at once
        lines.append(said(still))
    return [first, *(styled(line, style) for line in lines)]


def quietly(recorded: Recorded, style: Style, confirm: str = "") -> list[str]:
    """An accepted entry said back quietly, in at most three lines: the entry and what
    followed from it (a sweep, a trick taken) in one, then the floor or the trick and who
    is next (the deal's brief view). The whole state is ``show``'s (or ``--verbose``)."""

    back, *followed = said_back(recorded.entry, recorded.events)
    first: object = confirm or back
    if followed:
        first = sentence("{said} — {then}", said=first, then=join_said(followed))
    state = recorded.replayed.state
    brief = present(state).view().brief if state is not None and not state.finished else ()
    return [styled(first, style), *(line_text(line, style) for line in brief)]


def join_said(sentences: list[str]) -> object:
    """What followed from an entry, in one line."""

    return join(sentences, " ")


def claim_verdict(recorded: Recorded) -> str | None:
    """The ruling on a claim just recorded, in words (None if the deal is still open)."""
    by = recorded.entry.by
    done = recorded.finished_deal
    if done is None:
        return None
    result = done.result
    pts = result.breakdown[by]["card_points"]
    if result.winner == by:
        return sentence(
            "{player} claims 31 with {points} card points: upheld: wins the deal.",
            player=by,
            points=pts,
        )
    return sentence(
        "{player} claims 31 with {points} card points: not upheld: the pot is doubled and each "
        "opponent scores 2.",
        player=by,
        points=pts,
    )
