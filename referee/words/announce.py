"""An accepted entry said back at the table: the entry in one line, what followed from it,
and, when it ended the deal, the deal's score, the match totals and the winner. What
``play``, ``declare``, ``claim``, ``forfeit`` and ``live`` print before the state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.messages import join, localized, sentence
from referee.registry import GAMES
from referee.text import cut
from referee.words.sentences import said_text

if TYPE_CHECKING:
    from referee.render import Style
    from referee.session import Recorded


def announce(recorded: Recorded, style: Style, confirm: str = "") -> list[str]:
    """What an accepted entry did, as a referee says it: the entry said back in one line
    (or ``confirm``, a declaration's or claim's own verdict, in its place), what happened
    (a trick taken, a sweep, the residue), and when the entry ended the deal its score
    line with the breakdown, the match totals and, once decided, the winner."""
    from referee.render import breakdown_said, scores_said
    from referee.words.events import said_back
    from referee.words.style import styled

    match, replayed = recorded.match, recorded.replayed
    back, *followed = said_back(recorded.entry, recorded.events)
    first = style.text(localized(confirm)) if confirm else styled(back, style)
    lines: list[str] = list(followed)
    done = recorded.finished_deal
    if done is not None:
        result = done.result
        parts = []
        for side in match.sides:
            points = result.score.get(side, 0)
            detail = breakdown_said(result.breakdown.get(side, {}))
            parts.append(
                sentence("{side} {points} ({detail})", side=side, points=points, detail=detail)
                if detail
                else sentence("{side} {points}", side=side, points=points)
            )
        scores = join(parts, "; ")
        if result.how:
            said = sentence(
                "Deal {deal} is over ({how}): {scores}.",
                deal=done.number,
                how=cut(said_text(result.how), 200),
                scores=scores,
            )
        else:
            said = sentence("Deal {deal} is over: {scores}.", deal=done.number, scores=scores)
        lines.append(said)
        lines.append(
            sentence(
                "Match totals: {totals} (first to {target} loses)."
                if GAMES[match.game].lower_wins
                else "Match totals: {totals} (target {target}).",
                totals=scores_said(match.sides, replayed.totals),
                target=match.rules["target"],
            )
        )
        if replayed.over:
            lines.append(
                sentence(
                    "{side} win the match."
                    if " & " in replayed.winner
                    else "{side} wins the match.",
                    side=replayed.winner,
                )
                if replayed.winner
                else sentence("The match is over without a winner: the fewest points are shared.")
            )
    return [first, *(style.text(localized(line)) for line in lines)]
