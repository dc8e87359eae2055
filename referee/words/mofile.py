"""A compiled catalog (a gettext ``.mo`` file) read where it lies: a message is found by
binary search and only the messages a command says are decoded.

``gettext.GNUTranslations`` decodes every message of a catalog when it is opened (1,072
of them here, about 2 ms) before a translated command says its first sentence; a table
command says a handful. The originals of a ``.mo`` are sorted by their bytes (GNU's
format; Babel's ``write_mo`` writes them so), and ``tests/test_mofile.py`` holds every
shipped catalog to ``GNUTranslations``' answers, message by message and count by count.
"""

from __future__ import annotations

import struct
from bisect import bisect_left
from collections.abc import Callable

MAGIC = 0x950412DE  # a little-endian .mo, as Babel writes it on every machine


def _arabic(n: int) -> int:
    """Zero, one, two, a few (3-10), many (11-99), other (100, 101, 102, ...)."""
    if n <= 2:
        return n
    return 3 if 3 <= n % 100 <= 10 else 4 if 11 <= n % 100 <= 99 else 5


def _persian(n: int) -> int:
    """One (0 and 1), other."""
    return int(n > 1)


def _russian(n: int) -> int:
    """One (1, 21, 31, ...), few (2-4, 22-24, ...), many (0, 5-20, 25-30, ...)."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


# Each language's Plural-Forms (its catalog's header says the same, as C; a test holds
# the two together): which of a message's plural forms a count takes.
PLURALS: dict[str, Callable[[int], int]] = {"ar": _arabic, "fa": _persian, "ru": _russian}


class MoCatalog:
    """The messages of one ``.mo`` file (UTF-8), answering as ``GNUTranslations`` does."""

    def __init__(self, data: bytes, plural: Callable[[int], int]) -> None:
        if len(data) < 20 or struct.unpack_from("<I", data)[0] != MAGIC:
            raise ValueError("not a little-endian .mo catalog")
        _, _, self.count, self._originals, self._translations = struct.unpack_from("<5I", data)
        self._data = data
        self.plural = plural

    def _text(self, table: int, index: int) -> bytes:
        length, offset = struct.unpack_from("<2I", self._data, table + 8 * index)
        return self._data[offset : offset + length]

    def _original(self, index: int) -> bytes:
        return self._text(self._originals, index)

    def _first_from(self, key: bytes) -> int:
        """The position of the first original at or after ``key`` in their order."""
        return bisect_left(range(self.count), key, key=self._original)

    def gettext(self, message: str, /) -> str:
        """The translation of ``message`` (or, as gettext does, the singular form of a
        message with plural forms), else ``message`` itself."""
        key = message.encode()
        index = self._first_from(key)
        if index < self.count:
            original = self._original(index)
            if original == key:
                return self._text(self._translations, index).decode()
            if original.startswith(key + b"\0"):
                return self._form(index, 1) or message
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The form for ``n`` of the message whose singular is ``singular`` (stored as
        ``singular NUL plural``, right after a message that is ``singular`` alone), or the
        English form when there is none."""
        key = singular.encode() + b"\0"
        index = self._first_from(key)
        if index < self.count and self._original(index).startswith(key):
            found = self._form(index, n)
            if found is not None:
                return found
        return singular if n == 1 else plural

    def _form(self, index: int, n: int) -> str | None:
        """The form for ``n`` of the message with plural forms at ``index`` (None: the
        catalog lacks that form)."""
        forms = self._text(self._translations, index).split(b"\0")
        form = self.plural(n)
        return forms[form].decode() if 0 <= form < len(forms) else None
