"""A table's two pages for what is not the next play: an earlier entry corrected
(replaced, a play inserted before it, or deleted: ``referee amend``), and the cards a
player received (``referee hand``). Their forms post to the table's page, as every entry
does, with the base and digest of the log they were built from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.games.spec import FISHING
from referee.messages import sentence
from referee.record import describe_entry
from referee.registry import GAMES
from referee.serve.pages import state_lines, where
from referee.serve.views import deck, frame, render, said

if TYPE_CHECKING:
    from referee.record import Match
    from referee.serve.pages import Page


def entries(match: Match) -> list[tuple[str, str]]:
    """Every entry of the log as ``(DEAL/ENTRY, what it was)``, the last one last."""

    out = []
    for d, deal in enumerate(match.deals, 1):
        for p, entry in enumerate(deal.plays, 1):
            if entry is None:
                continue
            what = sentence(
                "deal {deal}, entry {entry}: {said}", deal=d, entry=p, said=describe_entry(entry)
            )
            out.append((f"{d}/{p}", said(what)))
    return out


def correction_page(page: Page, which: str) -> str:
    """The page correcting an earlier entry (``amend``) or recording cards received
    (``hand``)."""
    log = page.log
    ctx: dict[str, Any] = frame(where(page.seat), None, page.tag)
    ctx |= {"where": where(page.seat), "head": "", "which": which, "back": page.link()}
    ctx |= {"form": None, "action": page.link(), "lines": []}
    if log.usable and log.match is not None and log.replayed is not None:
        match = log.match
        spec = GAMES[match.game]
        ctx["head"], ctx["lines"] = state_lines(match, log.replayed)
        state = log.replayed.state
        ctx |= {
            "form": {"token": page.token, "base": log.entries, "digest": log.digest},
            "players": match.players,
            "captures": spec.family == FISHING,
            "deck": deck(spec.deck),
            "entries": entries(match),
            "mover": state.to_move() if state is not None else None,
            "title": said(
                sentence("Correct an earlier entry")
                if which == "amend"
                else sentence("Cards received")
            ),
        }
    return render("correction.html", ctx)
