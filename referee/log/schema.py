"""The walker that reads a TOML mapping against a schema: each table's keys (required or
not, of which kind) are declared once, and one walker checks them all, collecting every
problem under its key path (``deals[2].plays[4].takes``) instead of stopping at the first.

A key's kind says how its value is read: ``cards`` (a card list string), ``card`` (one
card), ``text`` (a string), ``true`` (only ``true``), ``choice`` (one of named strings).
"""

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from referee.cards import Card, CardError, parse_cards
from referee.messages import join, sentence
from referee.problems import Problem
from referee.text import normal_name


class Where(NamedTuple):
    """Where a table is in the log: its key path, and the deal and entry (from 1) a problem
    found in it belongs to, and the stage of checking it comes in (see ``Problem``)."""

    path: str
    deal: int | None = None
    play: int | None = None
    stage: int = 0

    def at(self, key: str | None) -> str:
        """The key path of ``key`` inside this table."""
        if not key:
            return self.path
        return f"{self.path}.{key}" if self.path else key


class Walker:
    """Reads values against their declared kinds, collecting problems."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, rule: str, message: str, where: Where, key: str | None = None) -> None:
        """A problem at ``key`` of the table ``where``."""
        self.problems.append(
            Problem(rule, message, where.at(key), where.deal, where.play, stage=where.stage)
        )

    def unknown_keys(self, table: dict[str, Any], allowed: Sequence[str], where: Where) -> None:
        """``log.key`` for every key the schema does not declare."""
        for key in table:
            if key not in allowed:
                said = sentence(
                    "unknown key {key}; expected one of {allowed}",
                    key=repr(key),
                    allowed=join(allowed),
                )
                self.bad("log.key", said, where, key)

    def cards(self, value: object, where: Where, key: str, rule: str) -> tuple[Card, ...] | None:
        """A card list string, or None (with its problem: ``rule`` for the wrong type,
        ``log.card`` for a string that is not cards)."""
        if not isinstance(value, str):
            said = sentence(
                'expected a card list string such as "5H 3C", found {type} {value}',
                type=type(value).__name__,
                value=repr(value),
            )
            self.bad(rule, said, where, key)
            return None
        try:
            return parse_cards(value)
        except CardError as err:
            said = sentence("{what}: {error}", what=repr(value), error=err.args[0])
            self.bad("log.card", said, where, key)
            return None

    def card(self, value: object, where: Where, key: str, rule: str) -> Card | None:
        """Exactly one card, or None (with its problem)."""
        cards = self.cards(value, where, key, rule)
        if cards is None:
            return None
        if len(cards) != 1:
            self.bad(
                rule, sentence("expected one card, found {count}", count=len(cards)), where, key
            )
            return None
        return cards[0]

    def text(self, value: object, where: Where, key: str, rule: str) -> str | None:
        """A string (None, with its problem, for any other value)."""
        if isinstance(value, str):
            return value
        self.bad(rule, sentence("expected a string, found {value}", value=repr(value)), where, key)
        return None

    def player(
        self,
        value: object,
        where: Where,
        key: str,
        rule: str,
        players: Sequence[str],
        absent: str,
        stranger: Callable[[str], str],
    ) -> str | None:
        """A player's name (an entry's ``by``, a deal's ``dealer``), or None with its
        problem: ``absent`` said when the key is missing, ``rule`` for a value that is not
        a string, ``log.players`` (``stranger`` says the name) for one not playing."""
        name = name_of(value)
        if name is None:
            self.missing(where, key, absent)
        elif not isinstance(name, str):  # a value of the wrong type: the table's shape
            self.text(name, where, key, rule)
        elif name not in players:
            self.bad("log.players", stranger(repr(name)), where, key)
        else:
            return name
        return None

    def missing(self, where: Where, key: str, said: str | None = None) -> None:
        """``log.key`` for a required key that is absent."""
        self.bad("log.key", said or sentence("missing key {key}", key=repr(key)), where, key)


def name_of(value: Any) -> Any:
    """A player or side name as the log spells it, in NFC (other values unchanged)."""
    return normal_name(value) if isinstance(value, str) else value


def key_of(name: str) -> str:
    """A table key as it appears in a key path (quoted unless bare)."""
    bare = name.replace("_", "").replace("-", "").isalnum() and name.isascii()
    return name if bare else f'"{name}"'
