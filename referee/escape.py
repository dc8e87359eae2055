"""Untrusted text made safe to show: control characters (C0, C1, DEL), bidi controls,
zero-width and other invisible format characters are shown as escapes, so that a log can
never retitle, clear or rewrite a terminal, nor fake a ruling. It knows no sentences: the
words layer (``referee.messages``) and the checks of names (``referee.text``) build on it."""

from __future__ import annotations

import re

# C0 but newline, DEL, C1, and the format characters a terminal would act on or hide
# (soft hyphen, Arabic letter mark, bidi embeddings, overrides and isolates, zero-width
# characters, word joiner, invisible operators, BOM, interlinear annotations, tags).
UNSAFE_CHARS = (
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e"
    "\u2060-\u206f\ufeff\ufff9-\ufffb\U000e0000-\U000e007f]"
)
_UNSAFE: list[re.Pattern[str]] = []  # compiled on first use: most commands print no log text


def unsafe() -> re.Pattern[str]:
    if not _UNSAFE:
        _UNSAFE.append(re.compile(UNSAFE_CHARS))
    return _UNSAFE[0]


def has_unsafe(text: str) -> bool:
    """Does ``text`` hold an unsafe character? Printable text holds none (every unsafe
    character is a control, format or line separator, which ``isprintable`` refuses), so
    the pattern (0.6 ms to compile) is built only for text that is not."""
    return not text.isprintable() and unsafe().search(text) is not None


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return (
        f"\\x{code:02x}"
        if code < 0x100
        else f"\\u{code:04x}"
        if code < 0x10000
        else f"\\U{code:08x}"
    )


class Said(str):
    """Text already said in the reader's language (:mod:`referee.words.lang` makes it): its
    direction marks and isolates are referee's own, so it is never escaped again, by any
    renderer (escaping is for untrusted text, which the saying escaped already)."""

    __slots__ = ()


def visible(text: str) -> str:
    """``text`` with every unsafe character shown as an escape (a :class:`Said` sentence
    as it is: its marks are referee's own).

    >>> visible("Ali\\x1b]0;pwned\\x07 \\u202eevil")
    'Ali\\\\x1b]0;pwned\\\\x07 \\\\u202eevil'
    """
    if isinstance(text, Said) or text.isprintable():
        return text
    return unsafe().sub(_escape, text)
