"""The catalogs read where they lie (referee.words.mofile) answer every message and every
count exactly as gettext.GNUTranslations, which decodes the whole file, answers."""

from __future__ import annotations

import gettext
import struct
from pathlib import Path

import pytest

from referee.words import lang
from referee.words.mofile import PLURALS, MoCatalog

CODES = ("ar", "fa", "ru")
COUNTS = (*range(0, 230), 1000, 1001, 1002, 1011, 1111, 1234567)


def mo_path(code: str) -> Path:
    return lang.LOCALE_DIR / code / "LC_MESSAGES" / f"{lang.DOMAIN}.mo"


def originals(data: bytes) -> list[bytes]:
    """Every original of a .mo, in its order (read here the long way, for the test)."""
    _, _, count, table = struct.unpack_from("<4I", data)
    out = []
    for i in range(count):
        length, offset = struct.unpack_from("<2I", data, table + 8 * i)
        out.append(data[offset : offset + length])
    return out


def reference(code: str) -> gettext.GNUTranslations:
    with open(mo_path(code), "rb") as fp:
        return gettext.GNUTranslations(fp)


@pytest.mark.parametrize("code", CODES)
def test_every_message_is_found_as_gettext_finds_it(code: str) -> None:
    data = mo_path(code).read_bytes()
    ours, ref = MoCatalog(data, PLURALS[code]), reference(code)
    keys = originals(data)
    assert len(keys) > 1000 and keys == sorted(keys)  # the order the search relies on
    plurals = 0
    for key in keys:
        singular, _, plural = key.decode().partition("\0")
        assert ours.gettext(singular) == ref.gettext(singular), singular
        if plural:
            plurals += 1
            for n in COUNTS:
                got = ours.ngettext(singular, plural, n)
                assert got == ref.ngettext(singular, plural, n), (singular, n)
        else:  # a message without plural forms: ngettext answers in English
            assert ours.ngettext(singular, "x", 2) == ref.ngettext(singular, "x", 2) == "x"
    assert plurals > 20


@pytest.mark.parametrize("code", CODES)
def test_a_message_not_in_the_catalog_is_said_in_english(code: str) -> None:
    data = mo_path(code).read_bytes()
    ours, ref = MoCatalog(data, PLURALS[code]), reference(code)
    near = set()
    for key in originals(data)[1:]:
        singular = key.decode().partition("\0")[0]
        near |= {singular[:-1], singular + " ", singular + "\0", " " + singular}
    near |= {"zzz", "\uffff", "Not a message of referee"}
    near -= {k.decode().partition("\0")[0] for k in originals(data)}
    for text in sorted(near):
        assert ours.gettext(text) == ref.gettext(text) == text
        assert ours.ngettext(text, text + "s", 1) == text
        assert ours.ngettext(text, text + "s", 5) == text + "s"


@pytest.mark.parametrize("code", CODES)
def test_each_language_s_plural_rule_is_its_catalog_s(code: str) -> None:
    ref = reference(code)
    header = ref.info()
    assert header["content-type"] == "text/plain; charset=utf-8"
    forms = int(header["plural-forms"].split("nplurals=")[1].split(";")[0])
    for n in range(0, 3000):
        assert PLURALS[code](n) == ref.plural(n), n  # type: ignore[attr-defined]
        assert 0 <= PLURALS[code](n) < forms


def test_a_file_that_is_not_a_catalog_is_refused() -> None:
    with pytest.raises(ValueError, match=r"not a little-endian \.mo catalog"):
        MoCatalog(b"# not a catalog\n", PLURALS["ru"])


def test_the_package_reads_its_catalogs_this_way() -> None:
    lang.catalog.cache_clear()
    try:
        for code in CODES:
            assert isinstance(lang.catalog(code), MoCatalog)
    finally:
        lang.catalog.cache_clear()
