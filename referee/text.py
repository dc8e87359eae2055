"""Text from logs and users made safe to show: control characters (C0, C1, DEL), bidi
controls, zero-width and other invisible format characters are shown escaped, so that a
log can never retitle, clear or rewrite a terminal, nor fake a ruling; long strings are
cut. Player names are checked and normalised here too."""

from __future__ import annotations

import re
import unicodedata

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


MAX_SHOWN = 1000
COMBINING_RUN = 3  # more combining marks than this on one letter is a pile, not a name


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return (
        f"\\x{code:02x}"
        if code < 0x100
        else f"\\u{code:04x}"
        if code < 0x10000
        else f"\\U{code:08x}"
    )


def visible(text: str) -> str:
    """``text`` with every unsafe character shown as an escape.

    >>> visible("Ali\\x1b]0;pwned\\x07 \\u202eevil")
    'Ali\\\\x1b]0;pwned\\\\x07 \\\\u202eevil'
    """
    return unsafe().sub(_escape, text)


def cut(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to ``limit`` characters, saying so."""
    if len(text) <= limit:
        return text
    from referee.messages import m

    return m("{text}… ({count} more characters)", text=text[:limit], count=len(text) - limit)


def name_problem(name: str) -> str | None:
    """Why ``name`` (already NFC-normalised) cannot be a player's name, or None."""
    from referee.messages import m

    if unsafe().search(name):
        return m("{name} holds a control, bidi or invisible character", name=repr(visible(name)))
    if not name.strip() or all(unicodedata.category(ch)[0] in "MZC" for ch in name):
        return m("a player's name is empty or invisible")
    run = 0
    for ch in name:
        run = run + 1 if unicodedata.combining(ch) else 0
        if run > COMBINING_RUN:
            return m("{name}… piles up combining marks on one letter", name=repr(name[:20]))
    if " & " in name:
        return m('{name} holds " & ", which joins the names of partners', name=repr(name))
    return None


def normal_name(name: str) -> str:
    """A player's name in NFC, so that the same name typed two ways is one player."""
    return unicodedata.normalize("NFC", name)
