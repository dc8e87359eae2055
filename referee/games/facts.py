"""What decided a ruling, what a view shows, what an option is: facts as values.

A game names each fact by a code and hands over its cards, numbers and names; it never
builds the sentence. The words layer (:mod:`referee.words.sentences`) says a fact in the
reader's language, from the tables of sentences each game's package gives (its ``words``
modules, which its registry entry names). Scripts and renderers
may read the facts themselves.

>>> f = fact("turn.order", player="Ali", by="Omar")
>>> f.code, f.args["player"]
('turn.order', 'Ali')
"""

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple


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
