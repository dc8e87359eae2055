"""The reader's language: chosen (``--lang``, ``REFEREE_LANG``, then the usual locale
variables), its catalog loaded on first use, and every sentence said in it.

English needs no catalog: an English command reads none and says each sentence as it was
made. Arabic and Persian sentences keep each filled-in value inside a Unicode isolate, so a
terminal's bidi algorithm cannot reorder it with the right-to-left words around it: a
nested sentence or a list right to left (RLI), a card, a number, a rule id or ``key =
value`` left to right (LRI), a name by its first strong letter (FSI). Machine output
(``--json``, ``--csv``, the log, rule ids) never passes through here.
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Protocol

from referee.cards import SUIT_SYMBOLS, Card
from referee.escape import Said
from referee.messages import Msg, Rank, Suit, help_text, install, suits
from referee.registry import GAMES
from referee.text import visible
from referee.words.mofile import PLURALS, MoCatalog

LANGUAGES = ("en", "ar", "fa", "ru")
RTL = frozenset(("ar", "fa"))
LRI, RLI = "\u2066", "\u2067"  # left-to-right and right-to-left isolates
FSI, PDI = "\u2068", "\u2069"  # first-strong isolate, pop directional isolate
RLM = "\u200f"  # right-to-left mark: a sentence's line is laid out right to left
LOCALE_DIR = Path(__file__).parent.parent / "locale"
DOMAIN = "referee"

# Russian cards name ranks by letter (валет, дама, король, туз), shown with the suit's
# symbol (Т♣, not ТТ); Arabic and Persian players read the indices printed on French cards.
RU_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
SEPARATORS = {  # list separators as each language writes them
    "ar": {", ": "، ", "; ": "؛ "},
    "fa": {", ": "، ", "; ": "؛ "},
}

DECIMAL_COMMA = frozenset(("ru",))  # 66,7: the decimal sign as a Russian score sheet writes it


class _Chosen(threading.local):
    """The language in use: the process's (set on the class), or this thread's own."""

    code = "en"


_chosen = _Chosen()


def _rtl_letters(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def isolate(text: str, sentence: bool = False) -> str:
    """``text`` isolated in a right-to-left line: a sentence or list said in the language
    right to left; text holding a right-to-left letter (a name) by its first strong letter;
    anything else (cards, digits, rule ids, ``key = value``, Latin names) left to right."""
    if sentence:
        return f"{RLI}{text}{PDI}"
    return f"{FSI}{text}{PDI}" if _rtl_letters(text) else f"{LRI}{text}{PDI}"


class Catalog(Protocol):
    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def plural(self, n: int, /) -> int: ...


def normal(code: str) -> str | None:
    """A locale name (``ru_RU.UTF-8``, ``fa-IR``, ``AR``) as one of ours, or None."""
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it: the first of
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides (``LANGUAGE``
    may list several, the first one we have wins); English when none of ours is named."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        if value:
            for part in value.split(":"):
                found = normal(part)
                if found is not None:
                    return found
            return "en"
    return "en"


def choose(option: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """``--lang``, else ``REFEREE_LANG``, else the locale. An unknown ``--lang`` or
    ``REFEREE_LANG`` is an error (ValueError naming where it came from)."""
    for where, value in (("--lang", option), ("REFEREE_LANG", environ.get("REFEREE_LANG"))):
        if value:
            found = normal(value)
            if found is None:
                raise ValueError(f"{where} is one of {', '.join(LANGUAGES)}, not {value!r}")
            return found
    return from_environment(environ)


def current() -> str:
    return _chosen.code


def use(code: str, here: bool = False) -> None:
    """Say everything from now on in ``code`` (its catalog is read at the first sentence):
    in the whole process or, ``here``, in this thread only."""
    if here:
        _chosen.code = code
    else:
        _Chosen.code = code
    install(None if code == "en" else _lazy_sayer(code), here)


def _lazy_sayer(code: str) -> Callable[[object], str]:
    def say(value: object) -> str:
        return sayer(code)(value)

    return say


@cache
def catalog(code: str) -> Catalog:
    """The compiled catalog of ``code`` shipped in the package, read as it is needed."""
    return MoCatalog(
        (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").read_bytes(), PLURALS[code]
    )


def card_text(card: Card, code: str) -> str:
    """A card inside a sentence: its suit symbol (``7♦``), Russian ranks by their letters
    (``Т♠``; a suit letter would make ``ТТ`` both ace and clubs)."""
    return face(card, code)


def face(card: Card, code: str) -> str:
    """A card as the table views show it (``10♦``): Russian ranks by their letters."""
    rank = RU_RANKS.get(card.rank, card.rank) if code == "ru" else card.rank
    return rank + SUIT_SYMBOLS[card.suit]


@cache
def sayer(code: str) -> Callable[[object], str]:
    """Say a sentence in ``code``: its template from the catalog, its values each in the
    language's notation, isolated in right-to-left languages, untrusted text escaped."""
    tr = catalog(code)
    rtl = code in RTL
    separators = SEPARATORS.get(code, {})

    def value(v: object, key: str = "") -> str:
        if key == "game" and type(v) is str:
            v = game_title(v)
        if isinstance(v, (Msg, Said)):
            s = say(v)
            return isolate(s, sentence=True) if rtl else s
        if isinstance(v, Card):
            s = str(v) if suits() is False else card_text(v, code)
        elif isinstance(v, Rank):
            s = RU_RANKS.get(v, v) if code == "ru" else str(v)
        elif isinstance(v, Suit):
            s = str(v) if suits() is False else SUIT_SYMBOLS.get(v, v)
        elif isinstance(v, (tuple, list)):
            s = " ".join(value(x) if isinstance(x, Card) else visible(str(x)) for x in v)
        else:
            s = visible(str(v))
        return isolate(s) if rtl else s

    def say(v: object) -> str:
        if isinstance(v, Said):
            return v
        if not isinstance(v, Msg):
            return visible(str(v))
        if v.parts is not None:
            sep = separators.get(v.template, v.template)
            return sep.join(value(p) for p in v.parts)
        if v.plural is not None:
            template = tr.ngettext(v.template, v.plural, v.number)
        else:
            template = tr.gettext(v.template)
        if rtl:
            template = left_to_right_runs(template)
        if not v.args:
            return template
        return template.format(**{k: value(x, k) for k, x in v.args.items()})

    def line(v: object) -> str:
        """A sentence as a line of its own: in a right-to-left language it opens with a
        right-to-left mark, so that a terminal lays the whole line out right to left even
        when it begins with a name or a card."""
        said = say(v)
        if isinstance(v, Said):
            return v
        if rtl and isinstance(v, Msg) and said:
            return Said(RLM + said.replace("\n", "\n" + RLM))
        return Said(said) if isinstance(v, Msg) else said

    return line


def plain(value: Msg, code: str | None = None) -> str:
    """A sentence in ``code`` (the reader's language by default) as plain text for a file:
    no direction marks or isolates, its values as written (a log's ``event``, which every
    reader shows as untrusted text)."""
    code = code or current()
    if code == "en":
        return str(value)
    tr = catalog(code)
    if value.parts is not None:
        sep = SEPARATORS.get(code, {}).get(value.template, value.template)
        return sep.join(plain(p, code) if isinstance(p, Msg) else str(p) for p in value.parts)
    if value.plural is not None:
        template = tr.ngettext(value.template, value.plural, value.number)
    else:
        template = tr.gettext(value.template)
    args = {k: plain(v, code) if isinstance(v, Msg) else str(v) for k, v in value.args.items()}
    return template.format(**args)


_SETTING = r"\{\{.*?\}\}|[a-z][a-z_]*(?: = [a-z0-9_\"\[\]]+| = \{[a-z_]+\})+"


@cache
def left_to_right_runs(template: str) -> str:
    """A right-to-left template with its settings (``jack_basra = {mode}``) and inline
    tables (``{{ by = "Ali" }}``) isolated left to right, so that a terminal does not show
    ``lone_card = jack_basra``."""
    return re.sub(_SETTING, lambda found: f"{LRI}{found.group()}{PDI}", template)


def game_title(game: str) -> object:
    """A game's command id (``kozel``) as its name in a sentence (Kozel, Буркозёл); any other
    text as it is."""

    spec = GAMES.get(game)
    return spec.title if spec is not None else game


def isolated(text: str) -> str:
    """Cards in a view, isolated left to right from the words around them in a
    right-to-left language."""
    return f"{LRI}{text}{PDI}" if current() in RTL and text else text


def cell(value: object) -> str:
    """A table cell: said, and isolated in a right-to-left language, so that a terminal
    keeps the columns in order and each cell's words in their own (a sentence right to
    left, a number or a Latin name left to right)."""
    said = sayer(current())(value)
    code = current()
    if code in DECIMAL_COMMA and type(value) is str and _decimal(value):
        said = said.replace(".", ",")
    if code not in RTL:
        return said
    return isolate(said, sentence=isinstance(value, (Msg, Said)))


def _decimal(text: str) -> bool:
    """Whether ``text`` is a decimal figure as a table shows it (``66.7``)."""
    whole, dot, frac = text.partition(".")
    return bool(dot) and whole.isdigit() and frac.isdigit() and text.isascii()


CLICK_ERRORS = (  # click's own usage errors, read back into sentences of the catalog
    (r"Missing option '(?P<name>[^']*)'\.(?P<rest>.*)", help_text("Missing option '{name}'.")),
    (r"Missing argument '(?P<name>[^']*)'\.(?P<rest>.*)", help_text("Missing argument '{name}'.")),
    (r"No such option: (?P<name>\S+)(?P<rest>.*)", help_text("No such option: {name}")),
    (r"No such command '(?P<name>.*)'\.(?P<rest>)", help_text("No such command '{name}'.")),
    (
        r"Got unexpected extra argument\(s\) \((?P<name>.*)\)(?P<rest>)",
        help_text("Got unexpected extra argument(s) ({name})"),
    ),
    (
        r"Option '(?P<name>[^']*)' requires an argument\.(?P<rest>)",
        help_text("Option '{name}' requires an argument."),
    ),
    (r"Invalid value for (?P<name>.*?): (?P<rest>.*)", help_text("Invalid value for {name}:")),
)
CLICK_WORDS = (  # typer's and click's words in help and errors, said through the catalog
    help_text("Options"),
    help_text("Arguments"),
    help_text("Commands"),
    help_text("default: {default}"),
    help_text("required"),
    help_text("Usage: "),
    help_text("Show this message and exit."),
    help_text("Try '{command} {option}' for help."),
    help_text("Error: {message}"),
    help_text("Missing command."),
    help_text("No such command {name!r}."),
    help_text("Install completion for the current shell."),
    help_text("Show completion for the current shell, to copy it or customize the installation."),
)


def click_error(message: str) -> str:
    """A usage error of the command-line parser, in the chosen language where the catalog
    has its words (a value it quotes stays as typed)."""
    for pattern, template in CLICK_ERRORS:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found is not None:
            name = visible(found.group("name"))
            if current() in RTL:
                name = isolate(name)
            said = gettext(template).format(name=name)
            rest = found.group("rest").strip()
            return gettext("Error: {message}").format(message=f"{said} {visible(rest)}".strip())
    return gettext("Error: {message}").format(message=visible(message))


def gettext(text: str) -> str:
    """A fixed text (help, a heading) in the chosen language."""
    code = current()
    return text if code == "en" else catalog(code).gettext(text)
