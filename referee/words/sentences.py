"""Facts said: every :class:`referee.messages.Fact` a game hands back, as the sentence
that says it in the reader's language.

Each game family and each game keeps its sentences in its package's ``words`` module
(``SENTENCES``: a fact's code to its English template, or to its two templates, singular
and plural, when it counts ``n``), which its registry entry names;
the catalogs translate the templates (``scripts/i18n.py`` reads every ``SENTENCES``
table; an argument named ``suit`` or ``rank`` is a suit or rank code, which each
language names its way). :func:`said` turns a fact into a :class:`referee.messages.Msg`,
leaving anything else as it is, so a caller may say a value before and after its game
moved to facts.

>>> from referee.messages import fact
>>> str(said(fact("card.dealt-twice", card="7D", first="Ali", second="Omar")))
'7D is dealt to both Ali and Omar'
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from referee.messages import Fact, Joined, Msg, Rank, Suit, join, plural_sentence, sentence
from referee.registry import GAMES

Template = str | tuple[str, str]

# Facts every game may report (the deal's set-up, the record, the cards, the view).
SENTENCES: dict[str, Template] = {
    "card.dealt-twice": "{card} is dealt to both {first} and {second}",
    "card.used": "{card} was already {where}",
    "card.named-twice": "{cards} names a card twice",
    "hand.not-held": "{player} does not hold {card}",
    "state.deal": "Deal {deal}, dealt by {dealer}; entry {entry}.",
    "view.holds": "{player} holds: ",
}

_TABLES: dict[str, Template] = dict(SENTENCES)  # every sentence read so far
_READ: set[str] = set()  # the games' words modules read into it


def register(table: Mapping[str, Template]) -> None:
    """Add a game's sentences to the built-in ones (every game's, referee's own and those
    defined outside it, as the tests' toy games); a code may be given once only (the same
    template again is no change).

    >>> register({"toy.x": "x"})
    >>> from referee.messages import fact
    >>> str(said(fact("toy.x"))), str(said(fact("fishing.play.trail")))
    ('x', 'trail')
    """
    _read(_every_words())  # every game's own first: a code given twice is refused at once
    _add(_TABLES, table)


def _add(tables: dict[str, Template], table: Mapping[str, Template]) -> None:
    taken = sorted(k for k in table.keys() & tables.keys() if tables[k] != table[k])
    if taken:
        raise ValueError(f"sentences given twice: {taken}")
    tables.update(table)


def _every_words() -> list[str]:
    """The words modules of every registered game, each once, in the registry's order."""
    return list(dict.fromkeys(module for game in GAMES.values() for module in game.words))


def _owners(code: str) -> list[str]:
    """The words modules to read for ``code``: those of the games its first word names (a
    game, ``basra.``, or a family, ``fishing.``), whose words say every code so named
    (``tests/test_words.py``), so a command reads its own game's words alone; every game's
    for a code no game owns."""
    owner = code.partition(".")[0]
    named = [m for g in GAMES.values() if owner in (g.name, g.family) for m in g.words]
    return list(dict.fromkeys(named)) or _every_words()


def _read(modules: list[str]) -> None:
    for module in modules:
        if module not in _READ:
            _READ.add(module)
            _add(_TABLES, import_module(module).SENTENCES)  # a game's words, loaded by name


def _template(code: str) -> Template | None:
    """The sentence of ``code``, reading its owners' words modules (loaded by name) only
    until one says it; None when none does."""
    if code not in _TABLES:
        for module in _owners(code):
            _read([module])
            if code in _TABLES:
                break
    return _TABLES.get(code)


def knows(code: str) -> bool:
    """Whether a sentence says the fact ``code`` (a word a game may or may not give)."""
    return _template(code) is not None


def said(value: object) -> object:
    """``value`` said: a fact as its sentence, a list of facts as one list, anything
    else (a sentence already made, a name, cards) as it is."""
    if isinstance(value, Fact):
        template = _template(value.code)
        if template is None:
            raise KeyError(value.code)
        args = {k: _arg(k, v) for k, v in value.args.items()}
        if isinstance(template, tuple):
            count = args.pop("n")
            assert isinstance(count, int)
            return plural_sentence(template[0], template[1], count, **args)
        return sentence(template, **args)
    if isinstance(value, Joined):
        return join((said(p) for p in value.parts), value.sep)
    return value


def _arg(key: str, value: object) -> object:
    """A fact's argument said: a rank or a suit (by its code) so that each language names
    it its way, anything else by :func:`said`."""
    if type(value) is str and key in _NAMED:
        return _NAMED[key](value)
    return said(value)


_NAMED: dict[str, type[str]] = {"rank": Rank, "suit": Suit}


def said_json(data: dict[str, object]) -> dict[str, object]:
    """A game's JSON object (``options --json``) with its facts said, in English."""
    return {k: said_text(v) if isinstance(v, (Fact, Joined)) else v for k, v in data.items()}


def said_text(value: object) -> str:
    """``value`` said, as a string (a fact's sentence, or ``str(value)``)."""
    out = said(value)
    return out if isinstance(out, str) else str(out)


__all__ = ["SENTENCES", "Msg", "knows", "register", "said", "said_json", "said_text"]
