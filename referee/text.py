"""Text from logs and users: long strings cut (saying so), and player names checked and
normalised. The escaping of unsafe characters is :mod:`referee.escape`'s (re-exported
here as ``visible`` and ``unsafe``)."""

from __future__ import annotations

import unicodedata

from referee.escape import UNSAFE_CHARS as UNSAFE_CHARS
from referee.escape import has_unsafe
from referee.escape import unsafe as unsafe
from referee.escape import visible as visible
from referee.messages import sentence

MAX_SHOWN = 1000
COMBINING_RUN = 3  # more combining marks than this on one letter is a pile, not a name


def cut(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to ``limit`` characters, saying so."""
    if len(text) <= limit:
        return text
    return sentence("{text}… ({count} more characters)", text=text[:limit], count=len(text) - limit)


def not_utf8(text: str) -> str | None:
    """Why ``text`` typed at the table is not text, or None: bytes that are not UTF-8 (kept
    by Python as lone surrogates, which no log, terminal or JSON can take)."""
    if any("\udc80" <= ch <= "\udcff" for ch in text):
        shown = text.encode("utf-8", "backslashreplace").decode("utf-8")  # \udce9, as typed
        return sentence("{value} is not UTF-8 text", value=visible(shown))
    return None


def hidden(text: str) -> bool:
    """Does ``text`` hold a character that would hide or rewrite what a person reads: an
    unsafe one (:mod:`referee.escape`) or a line break (a name or a reason is one line; the
    escaping keeps newlines for referee's own multi-line messages)."""
    return has_unsafe(text) or "\n" in text


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be free text kept in a file (a tournament's name, a reason),
    or None: the one rule for every free text, as for names: not blank, no control, bidi
    or invisible character, valid UTF-8. The zero-width non-joiner and joiner are letters'
    business in Persian (``نمی‌آید``) and emoji, not a way to hide text: they are kept."""
    if (said := not_utf8(text)) is not None:
        return said
    if hidden(text.replace("\u200c", "").replace("\u200d", "")):
        return sentence(
            "{text} holds a control, bidi or invisible character", text=repr(visible(cut(text, 60)))
        )
    if not text.strip():
        return sentence("expected some text, found {text}", text=repr(text))
    return None


def name_problem(name: str) -> str | None:
    """Why ``name`` (already NFC-normalised) cannot be a player's name, or None."""
    if hidden(name):
        return sentence(
            "{name} holds a control, bidi or invisible character", name=repr(visible(name))
        )
    if not name.strip() or all(unicodedata.category(ch)[0] in "MZC" for ch in name):
        return sentence("a player's name is empty or invisible")
    run = 0
    for ch in name:
        run = run + 1 if unicodedata.combining(ch) else 0
        if run > COMBINING_RUN:
            return sentence("{name}… piles up combining marks on one letter", name=repr(name[:20]))
    if " & " in name:
        return sentence('{name} holds " & ", which joins the names of partners', name=repr(name))
    return None


def normal_name(name: str) -> str:
    """A player's name in NFC, so that the same name typed two ways is one player."""
    return unicodedata.normalize("NFC", name)


def suits_fit(stream: object) -> bool:
    """Can ``stream``'s encoding show the suit symbols (and referee's dashes and arrows)?"""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣—…→".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
