"""The score sheet in the terminal (``referee score``, ``score`` in ``live``) and as the
JSON of ``score --json``: read from :mod:`referee.render.scoresheet`'s value, which
neither ``show`` nor ``play`` builds (its dataclasses cost them 2 ms)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.messages import localized, sentence
from referee.render.scoresheet import ScoreSheet, build
from referee.render.tables import Style, how_said, table_text
from referee.render.textchart import sheet_chart
from referee.words.terms import breakdown_said, variant_said

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.record import Match


def score_json(match: Match, replayed: Replay) -> dict[str, object]:
    """cli.md's score object (``score --json``)."""
    return sheet_json(build(replayed))


def sheet_json(sheet: ScoreSheet) -> dict[str, object]:
    """cli.md's score object, read from the score sheet."""
    out: dict[str, object] = {
        "game": sheet.game,
        "variant": sheet.variant,
        "sides": sheet.side_names,
        "deals": [
            {
                "number": d.number,
                "score": dict(d.score),
                "breakdown": d.breakdown_json(),
            }
            for d in sheet.deals
        ],
        "totals": dict(sheet.totals),
        "winner": sheet.winner,
        "complete": sheet.complete,
    }
    if sheet.has_pot:
        out["pot"] = dict(sheet.balances)
        out["pot_now"] = sheet.pot
    return out


def score_sheet(match: Match, replayed: Replay, style: Style | None = None) -> str:
    """The score sheet in the terminal (``referee score``)."""
    return sheet_text(build(replayed), style)


def sheet_text(sheet: ScoreSheet, style: Style | None = None) -> str:
    """The score sheet: a row per deal with its breakdown (and how a deal ended where the
    points alone do not say: a claim, a false claim, a forfeit, a declaration), then
    totals and the winner."""
    style = style or Style()
    penalty = sheet.lower_wins
    head = sentence(
        "{game} ({variant}), penalty points: lower is better; the first side to reach {target} "
        "loses"
        if penalty
        else "{game} ({variant}), target {target}",
        game=sheet.title,
        variant=variant_said(sheet.game, sheet.variant),
        target=sheet.target,
    )
    lines = [localized(head)]
    if sheet.deals:
        lines.append(_dealtable_text(sheet, style))
    else:
        lines.append(localized(sentence("No finished deal yet.")))
    lines.append("")
    lines.extend(_totals_lines(sheet))
    if sheet.deals:
        lines.append("")
        lines.append(sheet_chart(sheet))
    return "\n".join(lines)


def _dealtable_text(sheet: ScoreSheet, style: Style) -> str:
    """A row per side per deal: points (penalty and running total with penalty points),
    the breakdown, and how the deal ended when any deal needs saying so."""
    penalty = sheet.lower_wins
    hows = any(d.how for d in sheet.deals)
    counted = any(d.captured for d in sheet.deals)  # fishing: the cards behind the award
    rows: list[list[object]] = []
    for d in sheet.deals:
        for i, side in enumerate(sheet.side_names):
            detail = breakdown_said(sheet.game, dict(d.parts(side)), penalty)
            row: list[object] = [
                d.number if i == 0 else None,
                side,
                d.points(side),
                detail or style.text("—"),
            ]
            if penalty:
                row.insert(3, d.total(side))
            if counted:
                row.insert(3, dict(d.captured).get(side))
            if hows:
                row.append(how_said(d.how) if i == 0 else None)
            rows.append(row)
    headers: list[str] = (
        [
            sentence("deal"),
            sentence("side"),
            sentence("penalty"),
            sentence("running"),
            sentence("breakdown"),
        ]
        if penalty
        else [sentence("deal"), sentence("side"), sentence("points"), sentence("breakdown")]
    )
    if counted:
        headers.insert(3, sentence("cards taken"))
    headers += [sentence("how it ended")] if hows else []
    return table_text(rows, headers)


def _totals_lines(sheet: ScoreSheet) -> list[str]:
    """The totals table (with each player's pot balance in a game with a pot), the pot
    now, and the winner or where the match stands."""
    total_rows: list[list[object]] = [[s, sheet.total(s)] for s in sheet.side_names]
    headers: list[str] = [sentence("side"), sentence("total")]
    if sheet.has_pot:
        headers.append(sentence("pot balance"))
        for row in total_rows:
            row.append(sheet.balance(str(row[0])))
    lines = [table_text(total_rows, headers)]
    if sheet.has_pot:
        lines.append(localized(sentence("In the pot now: {pot}", pot=sheet.pot)))
    if sheet.winner:
        lines.append(localized(sentence("Winner: {side}", side=sheet.winner)))
    elif sheet.over:
        lines.append(
            localized(sentence("The match is over without a winner: the fewest points are shared."))
        )
    else:
        lines.append(localized(sentence("The match is not decided yet.")))
    return lines


def running_chart(match: Match, replayed: Replay, width: int = 30) -> str:
    """A running-total chart in the terminal: each side's total after every deal."""
    return sheet_chart(build(replayed), width)
