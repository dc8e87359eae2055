"""What decided a ruling, what a view shows, what an option is: facts as values.

A game names each fact by a code and hands over its cards, numbers and names; it never
builds the sentence. The words layer (:mod:`referee.words.sentences`) says a fact in the
reader's language, from one table of sentences per game family. Scripts and renderers
may read the facts themselves.

>>> f = fact("turn.order", player="Ali", by="Omar")
>>> f.code, f.args["player"]
('turn.order', 'Ali')
"""

from collections.abc import Iterable
from typing import NamedTuple


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


def joined(parts: Iterable[object], sep: str = ", ") -> Joined:
    """``parts`` (an iterable of facts or names) as one list."""
    return Joined(tuple(parts), sep)
