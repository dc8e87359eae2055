"""What every page of ``referee serve`` shares: its templates (Jinja2, autoescaped), the
fixed words said in the reader's language, cards as the table reads them, a view's line
with its cards marked, and the frame (language, direction, live updates)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple
from urllib.parse import urlencode

from markupsafe import Markup, escape

from referee.cards import Card
from referee.games.base import Cards
from referee.html.sheet import TEMPLATES as SHEETS
from referee.messages import Msg, localized, sentence
from referee.render.tables import Style
from referee.words.lang import RTL, current
from referee.words.sentences import said as said_fact

if TYPE_CHECKING:
    from collections.abc import Iterable

    import jinja2

    from referee.games.base import Line

TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"
RLM = "\u200f"
LONG = 12  # a line listing more cards than this (the cards not yet seen) is set smaller

WORDS = {
    "record": sentence("Record"),
    "show_captures": sentence("Show the captures"),
    "capture": sentence("What it takes"),
    "trail": sentence("trail: takes nothing"),
    "sweep": sentence("a sweep"),
    "other_capture": sentence("Another capture: tap the cards it takes"),
    "dealer": sentence("Dealer"),
    "claim": sentence("Claim 31 for"),
    "claim_button": sentence("Claim 31"),
    "declare": sentence("Declare"),
    "by": sentence("Who"),
    "forfeit": sentence("Forfeit"),
    "reason": sentence("Reason"),
    "default_reason": sentence("drew out of turn"),
    "undo": sentence("Undo the last entry"),
    "amend": sentence("Correct an earlier entry"),
    "hand": sentence("Cards received"),
    "back": sentence("Back to the table"),
    "board": sentence("Board"),
    "entry": sentence("Entry"),
    "replace": sentence("Replace it"),
    "insert": sentence("Insert a play before it"),
    "delete": sentence("Delete it"),
    "cards": sentence("Cards"),
    "takes": sentence("Takes"),
    "trail_flag": sentence("A trail (takes nothing)"),
    "set_hand": sentence("These cards replace the whole recorded hand"),
    "player": sentence("Player"),
}
SETUP_WORDS = {  # a deal's set-up keys (the registry's), as the deal form names them
    "floor": sentence("Opening floor"),
    "buried": sentence("Buried under the pack"),
    "returned": sentence("Jack returned to the pack"),
    "trump": sentence("Trump, turned up"),
}


def said(text: object) -> str:
    """A sentence in the reader's language for a page (the page's ``dir`` lays it out, so
    the right-to-left mark a terminal line opens with is left out), or text as it is."""
    return localized(text).replace(RLM, "") if isinstance(text, Msg) else localized(text)


def words() -> dict[str, str]:
    return {k: said(v) for k, v in WORDS.items()}


class CardView(NamedTuple):
    """A card on a page: its code as the log writes it, its face as the reader's table
    says it (``8♠``; Russian ``Т♠``), and whether it is red."""

    code: str
    label: str
    red: bool
    seen: bool = False  # already seen at the table (played, on the floor): set apart


def card_view(card: Card) -> CardView:

    return CardView(str(card), Style().card(card), card.suit in ("H", "D"))


def card_views(cards: Iterable[Card | str]) -> list[CardView]:
    return [card_view(c if isinstance(c, Card) else Card.parse(c)) for c in cards]


def deck(cards: frozenset[Card]) -> list[CardView]:
    """Every card of a game's deck (its spec's), in the order a table sorts them."""
    return list(_deck(cards, current()))


@cache
def _deck(cards: frozenset[Card], lang: str) -> tuple[CardView, ...]:
    return tuple(card_views(sorted(cards)))


def cards_html(cards: Iterable[Card]) -> Markup:
    """Cards in a line of text, each marked (red or black), kept left to right."""
    inner = " ".join(
        f'<b class="c{" r" if v.red else ""}">{escape(v.label)}</b>' for v in card_views(cards)
    )
    return Markup(f'<bdi dir="ltr" class="cards">{inner}</bdi>')


def line_html(line: Line) -> Markup:
    """One line of a deal's view (``show``'s), its cards marked."""

    out: list[str] = []
    many = sum(len(p.cards) for p in line if isinstance(p, Cards)) > LONG
    for part in line:
        if isinstance(part, Cards):
            if part.cards:
                out.append(cards_html(part.cards))
            else:
                out.append(escape(said(said_fact(part.empty))))
        else:
            out.append(escape(said(said_fact(part))))
    text = "".join(out)
    return Markup(f'<span class="long">{text}</span>' if many else text)


def lang_query(query: dict[str, str]) -> str:
    """``?lang=CODE`` when the page was asked for in a language by its address, else
    nothing: the links and forms of a page keep the reader's choice."""
    return f"?{urlencode({'lang': query['lang']})}" if query.get("lang") else ""


def frame(title: str, poll: str | None, tag: str) -> dict[str, object]:
    """What the frame of a page needs: language, direction, title, live updates."""

    lang = current()
    return {
        "lang": lang,
        "dir": "rtl" if lang in RTL else "ltr",
        "title": title,
        "poll": poll,
        "tag": tag,
        "w": words(),
    }


@cache
def environment() -> jinja2.Environment:
    """The pages' templates, autoescaped, with the score sheet's beside them."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([TEMPLATES, SHEETS]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["static"] = static_url
    return env


def static_url(name: str) -> str:
    """A fixed file's address, its digest in it: a browser keeps it until it changes."""
    found = static_file(name)
    return f"/s/{name}?v={found[1]}" if found is not None else f"/s/{name}"


def render(template: str, context: dict[str, object]) -> str:
    return environment().get_template(template).render(context)


@cache
def static_file(name: str) -> tuple[bytes, str] | None:
    """A fixed file of the server's own and its digest (None: no such file)."""
    import hashlib

    files = {
        "serve.css": [STATIC / "serve.css"],
        "serve.js": [STATIC / "serve.js"],
        "sheet.css": [SHEETS / "base.css", SHEETS / "sheet.css", STATIC / "board.css"],
    }
    if name not in files:
        return None
    data = b"\n".join(p.read_bytes() for p in files[name])
    return data, hashlib.sha256(data).hexdigest()[:16]
