"""A table's pages: the match as ``referee show`` sees it, the last entry said back, and
the entry for what comes next (a deal, a play with its capture choices, a Bura lead,
declaration, claim or forfeit, undo), and the pages for an earlier entry's correction and
for the cards a player received. Rendering only: :mod:`referee.serve.app` reads the log
(:mod:`referee.serve.source`) and records entries (:mod:`referee.serve.entry`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, islice, product
from typing import TYPE_CHECKING, Any, NamedTuple

from markupsafe import Markup

from referee.cards import Card, CardError
from referee.games.base import present
from referee.games.spec import FISHING
from referee.messages import Fact, fact, sentence
from referee.registry import GAMES
from referee.render.announce import announce
from referee.render.tables import Style, show
from referee.serve.views import (
    SETUP_WORDS,
    CardView,
    card_views,
    deck,
    frame,
    lang_query,
    line_html,
    render,
    said,
    words,
)
from referee.table.dealwalk import steps
from referee.table.session import Recorded
from referee.words.rulings import with_legal
from referee.words.sentences import knows
from referee.words.sentences import said as said_fact

if TYPE_CHECKING:
    from referee.cards import Card
    from referee.games.base import DealState
    from referee.match import Replay
    from referee.problems import Problem
    from referee.record import Match
    from referee.serve.source import Log, Seat

WAYS_SHOWN = 12  # the ways one kind of capture is offered in (equal cards: say which)
DID = {
    "undo": sentence("The last entry was taken back."),
    "amend": sentence("The correction was recorded."),
    "hand": sentence("The cards received were recorded."),
}


class Choice(NamedTuple):
    """One capture a card may make, offered as one tap: what it takes (``-``: a trail)."""

    value: str
    cards: list[CardView]
    sweep: bool
    trail: bool


@dataclass
class Page:
    """What a table's page is asked for: its seat and log, the key that opened it, the
    token its forms carry, and what the request adds (a card tapped, a change made, a
    refusal to show)."""

    seat: Seat
    log: Log
    key: str
    token: str
    query: dict[str, str] = field(default_factory=dict)
    refused: Problem | None = None
    tag: str = ""

    @property
    def url(self) -> str:
        return f"/t/{self.key}"

    def link(self, path: str = "") -> str:
        """An address of this table's pages, in the language the page was asked in
        (``?lang=`` kept: a reader who chose it by the address stays in it)."""
        return f"{self.url}{path}{lang_query(self.query)}"


def choices(plays: dict[str, object] | None) -> list[Choice]:
    """A fishing card's legal captures (``options --json``'s objects), strongest first,
    each way of a kind with equal cards offered on its own."""
    out: list[Choice] = []
    listed = plays.get("options", []) if plays else []
    for o in listed if isinstance(listed, list) else []:
        if o["trail"]:
            out.append(Choice("-", [], False, True))
            continue
        groups = [combinations(g["of"], g["count"]) for g in o["choose"]]
        for picked in islice(product(*groups), WAYS_SHOWN):
            takes = [*o["takes"], *(c for group in picked for c in group)]
            out.append(Choice(" ".join(takes), card_views(takes), o["sweep"], False))
    return out


def last_said(match: Match, replayed: Replay) -> list[str]:
    """The last entry of the log said back as the table announced it (with the deal's
    score when it ended one); nothing when the last deal has no entry yet."""

    state = replayed.state
    if state is None or not match.deals or not match.deals[-1].plays:
        return []
    last = steps(match, len(match.deals) - 1)[-1]  # what the last entry did, as values
    return [
        line.replace("\u200f", "")
        for line in announce(Recorded(match, replayed, list(last.events)), Style(), page=True)
    ]


def state_lines(
    match: Match, replayed: Replay, entering: bool = False
) -> tuple[str, list[Markup | str]]:
    """``show``'s head line, and its other lines, the deal's view with its cards marked.
    Between deals, what ``show`` tells a terminal to type is said as the page has it: on
    a page ``entering`` the next entry, its forms below; elsewhere, nothing."""

    text = [line.replace("\u200f", "") for line in show(match, replayed, Style()).split("\n")]
    state = replayed.state
    if state is None or state.finished:
        return text[0], [resting(match, replayed, entering, text[1]), *text[2:]]
    view = present(state).view().lines
    return text[0], [*(line_html(v) for v in view), *text[1 + len(view) :]]


def on_page(still: Fact) -> Fact | None:
    """What may still follow a finished deal, as a table's page says it (its form is
    below it, no command is typed): the game's ``CODE.page`` words, None without them."""
    page = f"{still.code}.page"
    return fact(page, **still.args) if knows(page) else None


def resting(match: Match, replayed: Replay, entering: bool, shown: str) -> str:
    """The line ``show`` says between deals (``shown``), for a page: no command to type."""
    if replayed.over:
        return shown
    if not match.deals:
        return said(
            sentence("No deal yet: record the first one below.")
            if entering
            else sentence("No deal yet.")
        )
    state = replayed.state
    still = state.may_follow() if state is not None else None
    if still is None:
        return shown
    finished = sentence(
        "Deal {deal} is finished. Next dealer: {player}.",
        deal=len(match.deals),
        player=replayed.next_dealer,
    )
    page = on_page(still) if entering else None
    then = said_fact(page) if page is not None else None
    return said(finished if then is None else sentence("{said} {then}", said=finished, then=then))


def is_long(line: Markup | str) -> bool:
    """A line listing many cards (those not yet seen): shown below the entry."""
    return isinstance(line, Markup) and line.startswith('<span class="long">')


def _playable(state: DealState, player: str | None, cards: frozenset[Card]) -> list[CardView]:
    """The cards a player may be tapping: their recorded hand; or the whole deck, the
    cards not yet seen first in weight (the others, set apart, may still be held: a
    turned-up trump, a card shown in a declaration)."""
    known = state.in_hand(player) if player else None
    if known is not None:
        return card_views(sorted(known))
    unseen = present(state).view().data.get("unseen")
    if not isinstance(unseen, list):
        return deck(cards)
    fresh = set(unseen)
    return [c._replace(seen=c.code not in fresh) for c in deck(cards)]


def _play(page: Page, match: Match, state: DealState) -> dict[str, Any]:
    """The play form: the cards to tap and, for a fishing card chosen, its captures."""
    spec = GAMES[match.game]
    fishing = spec.family == FISHING
    player = state.to_move()
    chosen = [c for c in page.query.get("cards", "").split() if c]
    form: dict[str, Any] = {
        "title": said(sentence("To play: {player}", player=player or "")),
        "captures": fishing,
        "cards": _playable(state, player, spec.deck),
        "chosen": chosen,
        "choices": [],
        "floor": [],
    }
    if fishing:
        floor = present(state).view().data.get("floor")
        form["floor"] = card_views(floor) if isinstance(floor, list) else []
        form["choices"] = card_choices(state, chosen)
    return form


def card_choices(state: DealState, chosen: list[str]) -> list[Choice]:
    """The captures of the one card chosen (none for no card, or not one card)."""

    if len(chosen) != 1:
        return []
    try:
        card = Card.parse(chosen[0])
    except CardError:
        return []
    return choices(present(state).plays_json(card, None))


def _deal(match: Match, replayed: Replay) -> dict[str, Any]:
    spec = GAMES[match.game]
    cards = deck(spec.deck)
    setup = [
        {
            "key": key,
            "label": said(SETUP_WORDS.get(key) or sentence("{what}", what=key)),
            "cards": cards,
            "kind": "radio" if key in spec.one_card else "checkbox",
            "required": i == 0,
        }
        for i, key in enumerate(spec.setup)
    ]
    dealer = replayed.next_dealer or match.players[0]
    title = said(sentence("Deal {deal}", deal=len(match.deals) + 1))
    return {"title": title, "dealer": dealer, "setup": setup}


def _extras(match: Match, state: DealState, in_play: bool) -> dict[str, Any]:
    """Bura's declaration and claim and a trick game's forfeit, where the game has them."""
    spec = GAMES[match.game]
    out: dict[str, Any] = {"declare": None, "claim": None, "forfeit": None}
    mover = state.to_move() or match.players[0]
    if spec.declarations and in_play:
        cards = _playable(state, None, spec.deck)
        out["declare"] = {"names": spec.declarations, "by": mover, "cards": cards}
    if "claim" in spec.entries:
        taker = state.default_author("claim")
        default = sentence("the last trick's taker ({player})", player=taker) if taker else None
        out["claim"] = {"default": said(default) if default else None}
    if "forfeit" in spec.entries and in_play:
        out["forfeit"] = {"by": mover}
    return out


def _notices(page: Page) -> list[dict[str, Any]]:
    """What the page says above the table: a refusal, a change made elsewhere, what was
    done, or that the table is read only; then the last entry said back."""
    out: list[dict[str, Any]] = []
    log = page.log
    if page.refused is not None:
        p = page.refused
        kind = "stale" if p.rule == "serve.stale" else "refused"
        out.append({"kind": kind, "rule": p.rule, "lines": [said(with_legal(p))]})
    if page.query.get("changed"):
        out.append(
            {
                "kind": "stale",
                "rule": None,
                "lines": [said(sentence("The log changed: here it is now."))],
            }
        )
    if page.query.get("did") in DID:
        out.append({"kind": "done", "rule": None, "lines": [said(DID[page.query["did"]])]})
    if log.problem is not None:
        out.append(
            {"kind": "refused", "rule": log.problem.rule, "lines": [said(with_legal(log.problem))]}
        )
    elif not page.seat.open:
        said_ro = sentence("This round is over: its table is read only.")
        out.append({"kind": "done", "rule": None, "lines": [said(said_ro)]})
    if log.match is not None and log.replayed is not None and page.refused is None:
        lines = last_said(log.match, log.replayed)
        if lines:
            out.append({"kind": "said", "rule": None, "lines": lines})
    return out


def where(seat: Seat) -> str:
    """Which table this is: its round and number, or the log's file name."""
    if seat.round is None:
        return seat.path.name
    return said(sentence("Round {round}, table {table}", round=seat.round, table=seat.table))


def table_page(page: Page) -> str:
    """The table's page (:class:`Page` says which and what it was asked for)."""
    log = page.log
    ctx: dict[str, Any] = frame(where(page.seat), f"{page.url}/tag", page.tag)
    ctx |= {
        "where": where(page.seat),
        "head": where(page.seat),
        "lines": [],
        "more": [],
        "notices": _notices(page),
    }
    ctx |= {"play": None, "deal": None, "declare": None, "claim": None, "forfeit": None}
    ctx |= {
        "form": None,
        "undo": False,
        "links": [],
        "players": [],
        "choices_url": f"{page.url}/choices",
    }
    if not log.usable:
        return render("table.html", ctx)
    assert log.match is not None and log.replayed is not None
    match, replayed = log.match, log.replayed
    ctx["head"], lines = state_lines(match, replayed, page.seat.open)
    ctx["lines"] = [line for line in lines if not is_long(line)]  # the picker close below
    ctx["more"] = [line for line in lines if is_long(line)]
    ctx["players"] = match.players
    if not page.seat.open:
        return render("table.html", ctx)
    ctx |= _forms(page, match, replayed)
    return render("table.html", ctx)


def _forms(page: Page, match: Match, replayed: Replay) -> dict[str, Any]:
    """The entry forms for what may come next, with the base and digest they carry."""
    out: dict[str, Any] = {
        "form": {"token": page.token, "base": page.log.entries, "digest": page.log.digest}
    }
    state = replayed.state
    in_play = state is not None and not state.finished
    if state is not None and (in_play or state.can_follow()):
        if in_play:
            out["play"] = _play(page, match, state)
        out |= _extras(match, state, in_play)
    if not in_play and not replayed.over:
        out["deal"] = _deal(match, replayed)
    out["undo"] = bool(match.deals)
    links = []
    if any(d.plays for d in match.deals):
        links.append(
            {"url": page.link("/amend"), "text": said(sentence("Correct an earlier entry"))}
        )
    if in_play:
        links.append({"url": page.link("/hand"), "text": said(sentence("Cards received"))})
    out["links"] = links
    return out


def choices_fragment(page: Page) -> str:
    """The capture choices of the card ``page.query["cards"]`` names (script's request)."""

    log = page.log
    found: list[Choice] = []
    if log.usable and page.seat.open and log.replayed is not None:
        state = log.replayed.state
        if state is not None and not state.finished:
            found = card_choices(state, page.query.get("cards", "").split())
    env_ctx: dict[str, object] = {"list": found, "w": words()}
    return render("choices.html", env_ctx)
