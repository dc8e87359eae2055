"""TOML written exactly as tomli-w writes it, with about two thirds of its instructions.

referee's canonical bytes (a match log's, ``referee export``'s, a score sheet's digest,
the tournament file) are tomli-w's output, and writing them was most of the cost of a
publication's score sheets and of every write of a large tournament file. This module
follows tomli-w's own rules (``tomli_w._writer``, default options: no multi-line strings,
an indent of four) step by step, without its generators and with a fast path for the
strings that need no escape; anything but the values referee writes (strings, integers,
booleans, dates, lists and tables) is handed to tomli-w itself. ``tests/test_tomlout.py``
holds it to tomli-w's bytes on every log and tournament file of the tests, simulated
matches of every game, and generated documents.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import Any

INDENT = "    "
MAX_LINE = 100  # tomli-w's MAX_LINE_LENGTH: an inline table longer than this is a section
_BARE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
_ILLEGAL = frozenset('"\\') | (frozenset(chr(i) for i in range(32)) - {"\t"}) | {chr(127)}
_ESCAPES = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


class _Other(Exception):
    """A value this module does not write: tomli-w writes the whole document."""


def dumps(obj: Mapping[str, Any]) -> str:
    """``tomli_w.dumps(obj)``, the same text."""
    try:
        out: list[str] = []
        _Writer(out).table(obj, "", False)
        return "".join(out)
    except _Other:
        import tomli_w

        return tomli_w.dumps(obj)


def as_tables(tables: Iterable[Mapping[str, Any]]) -> bool:
    """Does ``dumps`` write an array of these tables as tables (``[[name]]``), not inline?
    Only as many are rendered as it takes to know, as ``dumps`` does."""
    writer = _Writer([])
    try:
        return not all(writer.suitable(table) for table in tables)
    except _Other:
        return False


def tables_tail(
    name: str, tables: Sequence[Mapping[str, Any]], after: Mapping[str, Any]
) -> str | None:
    """What ``dumps`` writes from ``tables[0]``'s header on, when they are the last tables
    of the document's array of tables ``name`` (written as tables: ``as_tables``) and
    ``after`` holds the tables that follow it; None for a value this module does not write."""
    out: list[str] = []
    writer = _Writer(out)
    try:
        for k, table in enumerate(tables):
            if k:
                out.append("\n")
            writer.table(table, name, True)
        for key, table in after.items():
            out.append("\n")
            writer.table(table, writer.key(key), False)
    except _Other:
        return None
    return "".join(out)


class _Writer:
    def __init__(self, out: list[str]) -> None:
        self.out = out
        self.inline: dict[int, str] = {}  # inline tables rendered, by object (as tomli-w)
        self.keys: dict[str, str] = {}  # keys written, as written (a log repeats a few)

    def table(self, table: Mapping[str, Any], name: str, inside_aot: bool) -> None:
        out = self.out
        done = False
        literals = []
        tables: list[tuple[str, Any, bool]] = []
        for k, v in table.items():
            if isinstance(v, Mapping):
                tables.append((k, v, False))
            elif _is_aot(v) and not all(self.suitable(t) for t in v):
                tables.extend((k, t, True) for t in v)
            else:
                literals.append((k, v))
        if inside_aot or (name and (literals or not tables)):
            done = True
            out.append(f"[[{name}]]\n" if inside_aot else f"[{name}]\n")
        if literals:
            done = True
            for k, v in literals:
                out.append(f"{self.key(k)} = {self.literal(v, 0)}\n")
        for k, v, in_aot in tables:
            if done:
                out.append("\n")
            else:
                done = True
            key = self.key(k)
            self.table(v, f"{name}.{key}" if name else key, in_aot)

    def key(self, part: str) -> str:
        found = self.keys.get(part)
        if found is None:
            found = self.keys[part] = _key(part)
        return found

    def literal(self, obj: object, nest: int) -> str:
        kind = type(obj)  # the common types first, by identity (a subclass goes below)
        if kind is str:
            return _string(obj)  # type: ignore[arg-type]
        if kind is int:
            return str(obj)
        if kind is dict:
            return self.inline_table(obj)  # type: ignore[arg-type]
        if isinstance(obj, str):
            return _string(obj)
        if isinstance(obj, bool):
            return "true" if obj else "false"
        if isinstance(obj, int | date):  # a datetime is a date
            return str(obj)
        if isinstance(obj, list | tuple):
            if not obj:
                return "[]"
            inner = INDENT * (1 + nest)
            items = ",\n".join(inner + self.literal(item, nest + 1) for item in obj)
            return f"[\n{items},\n{INDENT * nest}]"
        if isinstance(obj, Mapping):
            return self.inline_table(obj)
        raise _Other

    def inline_table(self, obj: Mapping[str, Any]) -> str:
        key = id(obj)
        found = self.inline.get(key)
        if found is None:
            if not obj:
                found = "{}"
            else:  # a log's plays: strings that need no escape and integers, written here
                keys, parts = self.keys, []
                for k, v in obj.items():
                    name = keys.get(k) or self.key(k)
                    kind = type(v)
                    if kind is str and _ILLEGAL.isdisjoint(v):
                        parts.append(f'{name} = "{v}"')
                    elif kind is int:
                        parts.append(f"{name} = {v}")
                    else:
                        parts.append(f"{name} = {self.literal(v, 0)}")
                found = "{ " + ", ".join(parts) + " }"
            self.inline[key] = found
        return found

    def suitable(self, obj: Mapping[str, Any]) -> bool:
        """Is a table of an array written inline (tomli-w's heuristic)?"""
        rendered = f"{INDENT}{self.inline_table(obj)},"
        return len(rendered) <= MAX_LINE and "\n" not in rendered


def _is_aot(obj: Any) -> bool:
    return bool(isinstance(obj, list | tuple) and obj and all(isinstance(v, Mapping) for v in obj))


def _key(part: str) -> str:
    if not isinstance(part, str):
        raise _Other
    if part and _BARE.issuperset(part):
        return part
    return _string(part)


def _string(text: str) -> str:
    if _ILLEGAL.isdisjoint(text):
        return f'"{text}"'
    out = ['"']
    for char in text:
        if char in _ILLEGAL:
            out.append(_ESCAPES.get(char) or "\\u" + hex(ord(char))[2:].rjust(4, "0"))
        else:
            out.append(char)
    out.append('"')
    return "".join(out)
