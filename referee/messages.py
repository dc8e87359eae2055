"""What is said to people: sentences, in English or, through a catalog, in the players'
language, and facts, the values the games report and the words layer says.

A :class:`Msg` *is* its English sentence (a ``str``: what ``--json``, the log, tests and
every comparison read, so machine output never changes with the language) and also keeps
its template and arguments, so that the edge can say it again in Arabic, Persian or Russian.
Sentences are built with :func:`sentence` (:func:`plural_sentence` for a count,
:func:`join` for a list), help text is marked with :func:`help_text`, and :func:`localized`
says a value in the reader's language; nothing here loads a catalog or chooses a language:
:mod:`referee.words.lang` installs a sayer. (The games build none: they report facts, which
:mod:`referee.words.sentences` says.)

>>> from referee.cards import Card
>>> seven, low = Card("7", "D"), (Card("3", "C"), Card("4", "H"))
>>> s = sentence("{card} takes {cards}", card=seven, cards=low)
>>> s, s.template
('7D takes 3C 4H', '{card} takes {cards}')
>>> str(plural_sentence("{n} deal", "{n} deals", 2))
'2 deals'
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

from referee.escape import visible


class Rank(str):
    """A card's rank inside a sentence (``J``), so that each language names it its way."""

    __slots__ = ()


class Suit(str):
    """A suit inside a sentence (``H``), so that each language names it its way."""

    __slots__ = ()


SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}  # a suit named in a sentence, by its symbol


class Msg(str):
    """An English sentence that remembers how it was made (template and arguments)."""

    template: str
    args: dict[str, object]
    plural: str | None = None  # the plural template, when the sentence counts something
    number: int = 0  # what a plural sentence counts
    parts: tuple[object, ...] | None = None  # a list joined by ``template`` (see :func:`join`)


def english(value: object) -> str:
    """An argument as the English sentence shows it: cards in the log's notation."""
    if isinstance(value, (tuple, list)):
        return " ".join(english(v) for v in value)
    return str(value)


def _make(text: str, template: str, args: dict[str, object]) -> Msg:
    out = Msg(text)
    out.template = template
    out.args = args
    return out


_PLAIN = (str, int, Msg)  # formatted as themselves


def sentence(template: str, /, **args: object) -> Msg:
    """A sentence: ``template`` with ``{name}`` placeholders filled from ``args``."""
    if not args:
        return _make(template, template, args)
    for v in args.values():
        if type(v) not in _PLAIN:  # a card, a list of cards: in the log's notation
            return _make(
                template.format(**{k: english(v) for k, v in args.items()}), template, args
            )
    return _make(template.format(**args), template, args)


def plural_sentence(singular: str, plural: str, count: int, /, **args: object) -> Msg:
    """A sentence about ``count`` things (``{n}`` in the templates), chosen by number."""
    args = {"n": count, **args}
    out = sentence(singular if count == 1 else plural, **args)
    out.template = singular
    out.plural = plural
    out.number = count
    return out


def join(parts: Iterable[object], sep: str = ", ") -> Msg:
    """A list of sentences or names, each said in the reader's language, joined by ``sep``
    (which a language may write its own way: Arabic and Persian commas)."""
    items = tuple(parts)
    out = _make(sep.join(english(p) for p in items), sep, {})
    out.parts = items
    return out


def help_text(text: str) -> str:
    """Mark a command's help text for the catalog (the CLI says it when it builds help)."""
    return text


class _Saying(threading.local):
    """The sayer in use (a 1-tuple; empty: English): the process's, set on the class by the
    edge, unless this thread chose its own (``referee serve`` says each page in its
    reader's language on threads of its own)."""

    sayer: tuple[Callable[[object], str], ...] = ()


# How a sentence shows its cards: with suit symbols (True), in the log's ASCII (False), or
# as the language does by default (None: English as the log writes them, others symbols).
_suits: list[bool | None] = [None]


def show_suits(on: bool | None) -> None:
    """Show the cards in every sentence from now on with suit symbols (``8♠``: the table's
    notation), in ASCII (``8S``: ``--ascii``, or a terminal that cannot show symbols), or
    as the language does by default (None). JSON, CSV and the log never pass through here."""
    _suits[0] = on


def suits() -> bool | None:
    """How sentences show their cards (see :func:`show_suits`)."""
    return _suits[0]


_saying = _Saying()


def install(sayer: Callable[[object], str] | None, here: bool = False) -> None:
    """Say every sentence from now on with ``sayer`` (None: English), in the whole process
    or, ``here``, in this thread only."""
    said = () if sayer is None else (sayer,)
    if here:
        _saying.sayer = said
    else:
        _Saying.sayer = said


def localized(value: object) -> str:
    """``value`` as the reader's language says it, any untrusted text in it escaped."""
    sayer = _saying.sayer
    if sayer:
        return sayer[0](value)
    if _suits[0] and isinstance(value, Msg):
        return with_suits(value)
    return visible(str(value))


def with_suits(msg: Msg) -> str:
    """An English sentence with its cards (and suits) shown with suit symbols."""

    def value(v: object) -> str:
        pretty = getattr(v, "pretty", None)  # a card (referee.cards imports this module)
        if callable(pretty):
            return str(pretty())
        if isinstance(v, Suit) and v in SUITS:
            return SUITS[v]
        if isinstance(v, Msg):
            return with_suits(v)
        if isinstance(v, (tuple, list)):
            return " ".join(value(x) for x in v)
        return visible(str(v))

    if msg.parts is not None:
        return msg.template.join(value(p) for p in msg.parts)
    if not getattr(msg, "args", None):
        return visible(str(msg))
    template = msg.plural if msg.plural is not None and msg.number != 1 else msg.template
    return template.format(**{k: value(v) for k, v in msg.args.items()})


def translating() -> bool:
    """Whether a language other than English is in use."""
    return bool(_saying.sayer)


# --- facts ------------------------------------------------------------------------------
# What decided a ruling, what a view shows, what an option is: facts as values. A game
# names each fact by a code and hands over its cards, numbers and names; it never builds
# the sentence. The words layer (:mod:`referee.words.sentences`) says a fact in the
# reader's language, from the tables of sentences each game's package gives (its ``words``
# modules, which its registry entry names). A problem (:mod:`referee.problems`) carries
# its fact as it is until the edge says it; scripts and renderers may read facts
# themselves. ``fact("turn.order", player="Ali", by="Omar").args["player"]`` is ``"Ali"``.


class Fact(NamedTuple):
    """One fact: its code (a key of the words layer's tables) and what it names. A fact
    that counts something holds the count as ``n``."""

    code: str
    args: dict[str, object]


class Joined(NamedTuple):
    """Several facts or names said as one list, joined by ``sep`` (each language writes
    its own commas)."""

    parts: tuple[object, ...]
    sep: str = ", "


def fact(code: str, /, **args: object) -> Fact:
    """The fact ``code`` about ``args`` (cards, counts, names, other facts)."""
    return Fact(code, args)


if TYPE_CHECKING:  # a type only: a Protocol class costs 0.6 M instructions to build
    from typing import Protocol

    class LegalPlay(Protocol):
        """One legal play as a value: a fishing game's kind of capture
        (:class:`referee.games.fishing.plays.Capture`), a trick game's lead or follow
        (:class:`referee.games.trick.plays.TrickPlay`). Each is said by the words layer
        from its fact, and written for scripts as the object ``options --json`` prints."""

        def as_fact(self) -> Fact: ...

        def as_json(self) -> dict[str, object]: ...


def joined(parts: Iterable[object], sep: str = ", ") -> Joined:
    """``parts`` (an iterable of facts or names) as one list."""
    return Joined(tuple(parts), sep)
