"""A match's printable score sheet in HTML, read from the :class:`ScoreSheet` value.

Every word is said in the reader's language (``m()`` through the catalogs) before it
reaches the template; every name, event, note and reason from the log is untrusted text,
escaped by Jinja2's autoescaping (and its invisible characters shown by ``visible``).
Cards, figures and rule ids are set inside ``<bdi dir="ltr">`` in the template, so that a
right-to-left page keeps them left to right.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from referee import __version__
from referee.escape import Said
from referee.html.chart import chart
from referee.messages import Msg, localized, plural_sentence, sentence
from referee.render.scoresheet import DealLine, ScoreSheet
from referee.render.tables import Style, how_said
from referee.text import visible
from referee.words.lang import RTL, SEPARATORS, current
from referee.words.terms import breakdown_word, day_said, variant_said

if TYPE_CHECKING:
    import jinja2
    from markupsafe import Markup

TEMPLATES = Path(__file__).parent / "templates"
SHORT_DIGEST = 12  # hex digits of the log's digest printed large on the sheet

WORDS = {  # the page's fixed words, said in the reader's language at render time
    "score_sheet": sentence("Score sheet"),
    "rules": sentence("Rules that differ from the variant"),
    "variant": sentence("the variant:"),
    "event": sentence("Event"),
    "date": sentence("Date"),
    "players": sentence("Players"),
    "sides": sentence("Sides"),
    "deal": sentence("deal"),
    "dealer": sentence("dealer"),
    "trump": sentence("trump"),
    "side": sentence("side"),
    "points": sentence("points"),
    "penalty": sentence("penalty"),
    "running": sentence("running"),
    "how": sentence("how it ended"),
    "pot_after": sentence("pot after"),
    "total": sentence("total"),
    "pot_balance": sentence("pot balance"),
    "chart": sentence("Running totals"),
    "signatures": sentence("Signatures"),
    "referee": sentence("Referee"),
    "digest": sentence("Log digest (SHA-256)"),
    "no_deal": sentence("No finished deal yet."),
}


T = TypeVar("T")
_KEPT: list[dict[object, Any]] = []  # what :func:`kept` keeps, while :func:`keeping`


@contextmanager
def keeping() -> Iterator[None]:
    """While a publication is written (one language, one tournament): what every page
    says alike (its fixed words, its frame) is said once per process, not once a page."""
    _KEPT.append({})
    try:
        yield
    finally:
        _KEPT.pop()


def kept(key: object, make: Callable[[], T]) -> T:
    """``make()``, made once per ``key`` while :func:`keeping` (else every time)."""
    if not _KEPT:
        return make()
    found: T | None = _KEPT[-1].get(key)
    if found is None:
        found = _KEPT[-1][key] = make()
    return found


@dataclass(frozen=True)
class Part:
    key: str
    label: str
    value: int


@dataclass(frozen=True)
class Cell:
    """One side's figures in one deal, said."""

    side: int
    points: int
    parts: tuple[Part, ...]
    captured: str  # "34 cards captured", or "" where the game does not count them
    running: int

    def part(self, key: str) -> Part | None:
        return next((p for p in self.parts if p.key == key), None)


@dataclass(frozen=True)
class Row:
    number: int
    dealer: str
    trump: str
    red: bool  # the trump is a heart or a diamond
    cells: tuple[Cell, ...]
    how: str
    pot: int | None


def said(text: object) -> str:
    """A sentence or a piece of log text as the page shows it: in the reader's language,
    invisible characters shown; without the right-to-left mark a terminal line needs (the
    page's ``dir`` lays it out). A sentence said already (``Said``) is never escaped again."""
    if isinstance(text, (Msg, Said)):
        return localized(text).lstrip("\u200f")
    return visible(str(text))


def _row(sheet: ScoreSheet, line: DealLine, style: Style) -> Row:
    cells = []
    for i, side in enumerate(sheet.side_names):
        parts = tuple(
            Part(k, said(breakdown_word(sheet.game, k)), v)
            for k, v in line.parts(side)
            if v or sheet.lower_wins
        )
        taken = dict(line.captured).get(side)
        captured = (
            ""
            if taken is None
            else said(plural_sentence("{n} card captured", "{n} cards captured", taken))
        )
        cells.append(Cell(i, line.points(side), parts, captured, line.total(side)))
    return Row(
        line.number,
        line.dealer,
        style.card(line.trump) if line.trump is not None else "",
        line.trump is not None and line.trump.suit in ("H", "D"),
        tuple(cells),
        said(how_said(line.how)) if line.how else "",
        line.pot,
    )


def part_columns(sheet: ScoreSheet) -> list[tuple[str, str]]:
    """The breakdown keys (with their words) to give columns of their own, when the game
    has two at most and counts no captured cards (Bura, Kozel); none otherwise, and each
    cell lists its breakdown under its points (Basra, Pasur)."""
    keys = dict.fromkeys(k for d in sheet.deals for _, parts in d.breakdown for k, _ in parts)
    if len(keys) > 2 or any(d.captured for d in sheet.deals):
        return []
    return [(k, said(breakdown_word(sheet.game, k))) for k in keys]


def _outcome(sheet: ScoreSheet) -> str:
    if sheet.winner:
        return said(sentence("Winner: {side}", side=sheet.winner))
    if sheet.over:
        return said(sentence("The match is over without a winner: the fewest points are shared."))
    return said(sentence("The match is not decided yet."))


def context(sheet: ScoreSheet, digest: str, style: Style) -> dict[str, object]:
    """Everything the sheet template shows, said and ready to escape."""

    lang = current()
    head = sentence(  # under the title, which names the game: the target alone
        "Target {target} penalty points: lower is better; the first side to reach it loses."
        if sheet.lower_wins
        else "Target {target}.",
        target=sheet.target,
    )
    return {
        "lang": lang,
        "dir": "rtl" if lang in RTL else "ltr",
        "comma": SEPARATORS.get(lang, {}).get(", ", ", "),
        "w": kept("sheet words", lambda: {k: said(v) for k, v in WORDS.items()}),
        "title": said(
            sentence(
                "{game} ({variant})",
                game=sheet.title,
                variant=variant_said(sheet.game, sheet.variant),
            )
        ),
        "head": said(head),
        "sheet": sheet,
        "event": said(sheet.event) if sheet.event else "",
        "date": said(day_said(sheet.date)) if sheet.date is not None else "",
        "date_iso": sheet.date.isoformat() if sheet.date is not None else "",
        "rows": [_row(sheet, d, style) for d in sheet.deals],
        "columns": part_columns(sheet),
        "trumps": any(d.trump is not None for d in sheet.deals),
        "hows": any(d.how for d in sheet.deals),
        "outcome": _outcome(sheet),
        "pot_now": said(sentence("In the pot now: {pot}", pot=sheet.pot)) if sheet.has_pot else "",
        "chart": chart(sheet) if sheet.deals else None,
        "digest": digest,
        "short": digest[:SHORT_DIGEST],
        "check": said(
            sentence(
                "To check a log against this sheet: {command}",
                command=f"referee verify --digest {digest[:SHORT_DIGEST]} FILE",
            )
        ),
        "made": kept("sheet made", _made),
    }


def _made() -> str:
    return said(sentence("Written by referee {version} from the match log.", version=__version__))


@cache
def environment() -> jinja2.Environment:
    """The templates, with autoescaping on for every one of them (they are all HTML)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["shown"] = visible  # a piece of untrusted text with its invisibles shown
    env.globals["n"] = figure
    return env


def figure(value: object, name: object) -> Markup:
    """A figure kept left to right in a right-to-left page and named (``data-f``) so that
    a program can read the page back: the markup of a template macro, made here because
    every cell of every sheet has one (a macro call costs Jinja ten times as much)."""
    from markupsafe import Markup, escape

    return Markup(f'<bdi dir="ltr" data-f="{escape(name)}">{escape(value)}</bdi>')


def render(sheet: ScoreSheet, digest: str, ascii_only: bool = False) -> str:
    """The score sheet page: one self-contained HTML document (no script, no request)."""
    style = Style(ascii=ascii_only)
    return environment().get_template("sheet.html").render(context(sheet, digest, style))
