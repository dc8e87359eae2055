"""The TOML that referee writes, read without tomllib.

Every command reads a match log, and tomllib (with ``re`` and ``string``, and their
compiled patterns) costs more to import and run than the rest of reading. referee's logs
are written by tomli-w in a small canonical subset, so :func:`loads_canonical` reads that
subset, with plain string methods in one pass:

- ``key = value`` lines (a bare or a basic-string key), ``[a.b]`` and ``[[a.b]]`` headers
  with no spaces, blank lines;
- basic strings with the escapes ``\\b \\t \\n \\f \\r \\" \\\\ \\uXXXX \\UXXXXXXXX``;
  integers of at most 18 digits; ``true``, ``false``; dates ``YYYY-MM-DD``;
- arrays (over lines, as tomli-w writes them, or on one line) and inline tables.

Anything else, or anything it is not sure of (a comment, a carriage return, a tab outside
a string, a literal or multi-line string, a float, a time, a dotted key, a duplicate key,
a table opened twice, nesting deeper than 16, ...), makes it return None: the caller then reads
the text with tomllib, whose result or error stands. Whatever it returns is what
``tomllib.loads`` returns for the same text (tests/test_logtoml.py and
scripts/fuzz_logtoml.py hold it to that). Linear in the text: every ``find`` either ends
the parse or starts where the previous one stopped.
"""

from __future__ import annotations

from typing import Any

MAX_DEPTH = 16  # arrays and inline tables within each other
MAX_DIGITS = 18  # an integer's digits (a log's numbers are small)
_TOKEN = 1 + MAX_DIGITS  # the longest bare value read: a sign and 18 digits

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_DIGITS = frozenset("0123456789")
_HEX = frozenset("0123456789abcdefABCDEF")
# What TOML forbids unescaped in a basic string: the ASCII controls but tab, and DEL.
_CONTROL = frozenset(chr(c) for c in range(32) if c != 9) | {"\x7f"}
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_AFTER_BARE = frozenset(" ,]}\n")  # what may follow a number, a boolean or a date


class _Refused(Exception):
    """The text is outside the subset (or not TOML at all): tomllib decides."""


def loads_canonical(text: str) -> dict[str, Any] | None:
    """``tomllib.loads(text)`` for the TOML referee writes; None for anything else."""
    if "\r" in text:
        return None
    try:
        return _document(text)
    except (_Refused, IndexError, ValueError, RecursionError):
        return None


def _document(text: str) -> dict[str, Any]:
    """The whole text: statements, one a line."""
    root: dict[str, Any] = {}
    # The tables and arrays of tables that headers made (the root too): only these may be
    # walked through or appended to by a header; a value's table or array is frozen.
    opened = {id(root)}
    table = root
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            i += 1
            continue
        if c == "[":
            table, i = _header(text, i, root, opened)
        else:
            i = _key_value(text, i, table, 0)
        while i < n and text[i] == " ":
            i += 1
        if i < n:
            if text[i] != "\n":
                raise _Refused
            i += 1
    return root


def _key_value(text: str, at: int, table: dict[str, Any], depth: int) -> int:
    """A ``key = value`` pair put into ``table`` (a key given twice is refused), in a
    statement or an inline table; where it ends."""
    key, at = _key(text, at)
    while text[at] == " ":
        at += 1
    if text[at] != "=":
        raise _Refused
    at += 1
    while text[at] == " ":
        at += 1
    value, at = _value(text, at, depth)
    if key in table:
        raise _Refused
    table[key] = value
    return at


def _header(
    text: str, at: int, root: dict[str, Any], opened: set[int]
) -> tuple[dict[str, Any], int]:
    """A ``[a.b]`` or ``[[a.b]]`` line: the table it opens, and where it ends. A table
    that exists already is refused, even where TOML would allow it (``[a]`` after
    ``[a.b]``)."""
    many = text.startswith("[[", at)
    at += 2 if many else 1
    path = []
    while True:
        key, at = _key(text, at)
        path.append(key)
        if text[at] != ".":
            break
        at += 1
    close = "]]" if many else "]"
    if not text.startswith(close, at):
        raise _Refused
    at += len(close)
    table = root
    for part in path[:-1]:
        inner = table.get(part)
        if inner is None:
            inner = table[part] = {}
            opened.add(id(inner))
        elif id(inner) not in opened:
            raise _Refused
        table = inner[-1] if isinstance(inner, list) else inner
    last = path[-1]
    new: dict[str, Any] = {}
    if many:
        tables = table.get(last)
        if tables is None:
            tables = table[last] = []
            opened.add(id(tables))
        elif id(tables) not in opened or not isinstance(tables, list):
            raise _Refused
        tables.append(new)
    elif last in table:
        raise _Refused
    else:
        table[last] = new
    opened.add(id(new))
    return new, at


def _key(text: str, at: int) -> tuple[str, int]:
    """A bare key or a basic-string key (no dots)."""
    if text[at] == '"':
        return _string(text, at)
    j = at
    while text[j] in _BARE:
        j += 1
    if j == at:
        raise _Refused
    return text[at:j], j


def _value(text: str, at: int, depth: int) -> tuple[Any, int]:
    c = text[at]
    if c == '"':
        return _string(text, at)
    if c == "{":
        return _inline_table(text, at, depth + 1)
    if c == "[":
        return _array(text, at, depth + 1)
    return _bare(text, at)


def _inline_table(text: str, at: int, depth: int) -> tuple[dict[str, Any], int]:
    """``{ k = v, ... }`` on one line, no trailing comma (TOML 1.0)."""
    if depth > MAX_DEPTH:
        raise _Refused
    # The first "}" is this table's own end or before it (in a string or a nested
    # table): the text up to it is read at most twice.
    end = text.find("}", at)
    if end > at:
        quick = _strings_table(text[at + 1 : end])
        if quick is not None:
            return quick, end + 1
    at += 1
    table: dict[str, Any] = {}
    while text[at] == " ":
        at += 1
    if text[at] == "}":
        return table, at + 1
    while True:
        at = _key_value(text, at, table, depth)
        while text[at] == " ":
            at += 1
        c = text[at]
        if c == "}":
            return table, at + 1
        if c != ",":
            raise _Refused
        at += 1
        while text[at] == " ":
            at += 1


def _strings_table(inside: str) -> dict[str, Any] | None:
    """The table of a play as tomli-w writes it, ``{ by = "Ali", card = "8S" }`` (bare keys,
    string values without escapes, one space around each ``=`` and after each comma), from
    the text between its braces, in a few string operations; None for any other shape (the
    caller reads it then character by character)."""
    if "\\" in inside or not inside.isprintable():
        return None
    parts = ("," + inside).split('"')  # ", by = ", "Ali", ", card = ", "8S", " "
    last = len(parts) - 1
    if last < 2 or last % 2 or parts[last] != " ":
        return None
    table: dict[str, Any] = {}
    for k in range(0, last, 2):
        between = parts[k]
        key = between[2:-3]
        if (
            not key
            or between[:2] != ", "
            or between[-3:] != " = "
            or key in table
            or not _BARE.issuperset(key)
        ):
            return None
        table[key] = parts[k + 1]
    return table


def _array(text: str, at: int, depth: int) -> tuple[list[Any], int]:
    """``[v, ...]`` over any number of lines (spaces and newlines between the items, no
    comments), a trailing comma or not."""
    if depth > MAX_DEPTH:
        raise _Refused
    items: list[Any] = []
    at = _blank(text, at + 1)
    if text[at] == "]":
        return items, at + 1
    while True:
        value, at = _value(text, at, depth)
        items.append(value)
        if text[at] != ",":
            at = _blank(text, at)
            if text[at] == "]":
                return items, at + 1
            if text[at] != ",":
                raise _Refused
        at = _blank(text, at + 1)
        if text[at] == "]":
            return items, at + 1


def _blank(text: str, at: int) -> int:
    """Past the spaces and newlines from ``at`` (tomli-w's line break and indent at once)."""
    while True:
        run = text[at : at + 32]
        rest = run.lstrip(" \n")
        at += len(run) - len(rest)
        if rest or not run:
            return at


def _bare(text: str, at: int) -> tuple[Any, int]:
    """An integer, a boolean or a date: a short run of characters up to a space, a
    comma, a closing bracket or brace, a newline or the end."""
    n = len(text)
    j = at
    while j < n and text[j] not in _AFTER_BARE:
        j += 1
        if j - at > _TOKEN:
            raise _Refused
    token = text[at:j]
    if token == "true":
        return True, j
    if token == "false":
        return False, j
    digits = token[1:] if token[:1] == "-" else token
    if (
        digits
        and len(digits) <= MAX_DIGITS
        and _DIGITS.issuperset(digits)
        and (digits == "0" or digits[0] != "0")
    ):
        return int(token), j
    if (
        len(token) == 10
        and token[4] == "-" == token[7]
        and _DIGITS.issuperset(token[:4] + token[5:7] + token[8:])
    ):
        # A date-time with a space ("2026-11-27 10:00:00") is refused all the same: no
        # digit may follow a value and a space here.
        import datetime

        # an impossible date raises ValueError: refused, as tomllib refuses it
        return datetime.date(int(token[:4]), int(token[5:7]), int(token[8:])), j
    raise _Refused


def _string(text: str, at: int) -> tuple[str, int]:
    """A one-line basic string ``"..."``, its escapes decoded."""
    at += 1
    if text.startswith('""', at):
        raise _Refused  # a multi-line string
    end = text.find('"', at)
    if end < 0:
        raise _Refused
    slash = text.find("\\", at, end)
    if slash < 0:
        return _plain(text[at:end]), end + 1
    parts = []
    while True:
        if slash < 0:
            parts.append(_plain(text[at:end]))
            return "".join(parts), end + 1
        parts.append(_plain(text[at:slash]))
        escape = text[slash + 1]
        if escape in "uU":
            width = 4 if escape == "u" else 8
            code = text[slash + 2 : slash + 2 + width]
            if len(code) != width or not _HEX.issuperset(code):
                raise _Refused
            point = int(code, 16)
            if 0xD800 <= point <= 0xDFFF or point > 0x10FFFF:
                raise _Refused  # not a Unicode scalar value
            parts.append(chr(point))
            at = slash + 2 + width
        else:
            decoded = _ESCAPES.get(escape)
            if decoded is None:
                raise _Refused  # an escape TOML 1.0 lacks (or one tomli-w never writes)
            parts.append(decoded)
            at = slash + 2
        if at > end:  # the quote found was escaped: the string goes on
            end = text.find('"', at)
            if end < 0:
                raise _Refused
        slash = text.find("\\", at, end)


def _plain(text: str) -> str:
    """``text`` (a run of a string between escapes), refused if it holds a control."""
    if not text.isprintable() and not _CONTROL.isdisjoint(text):
        raise _Refused
    return text
