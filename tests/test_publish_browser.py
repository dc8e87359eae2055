"""A published tournament in a real browser (headless Chromium): every page loads with
nothing on the console (no script, no request: the pages' policy would report one), the
standings page's DOM holds the figures of ``tournament standings --json``, and a page in
Arabic or Persian lays out right to left (its title drawn at the right of the screen).
Skipped when no Chromium is installed."""

from __future__ import annotations

import struct
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.test_publish import HOSTILE, build, figures, ok
from tests.test_sheet_browser import BROWSER, chrome, dom

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(BROWSER is None, reason="no headless Chromium found"),
]


def published(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Path:
    event = tmp_path / "event"
    event.mkdir()
    build(event, monkeypatch)
    ok(*args, "tournament", "publish", "-o", str(tmp_path / "site"))
    return tmp_path / "site"


def test_every_page_loads_with_nothing_on_the_console(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = published(tmp_path, monkeypatch)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) == 26  # no sheet for the table forfeited before any deal
    with ThreadPoolExecutor(max_workers=2) as pool:
        said = dict(zip(pages, pool.map(lambda p: dom(p)[1], pages), strict=True))
    assert {p.relative_to(site).as_posix(): s for p, s in said.items() if s} == {}
    text, _ = dom(site / "index.html")
    assert "<script" not in text and "<img" not in text  # as the browser parsed them
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    data = ok("tournament", "standings", "--json")
    import json

    rows = json.loads(data)["rows"]
    shown = figures(text)
    for row in rows:
        got = shown[str(HOSTILE.index(row["name"]) + 1)]
        assert int(got["match_points"]) == row["match_points"]
        assert [float(got[f"tiebreak.{k}"]) for k in row["tiebreaks"]] == list(
            map(float, row["tiebreaks"].values())
        )
        assert int(got["rank"]) == row["rank"]


def test_the_console_check_sees_a_planted_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = published(tmp_path, monkeypatch)
    page = site / "crosstable.html"
    evil = '<main><img src="http://example.invalid/x.png"><script>console.log(1)</script>'
    page.write_text(page.read_text(encoding="utf-8").replace("<main>", evil, 1))
    _, said = dom(page)
    assert any("Content Security Policy" in line for line in said), said


def pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows (RGB or RGBA bytes) of an 8-bit PNG."""
    pos, data, width, height, channels = 8, b"", 0, 0, 3
    while pos < len(png):
        size, kind = struct.unpack(">I4s", png[pos : pos + 8])
        chunk = png[pos + 8 : pos + 8 + size]
        if kind == b"IHDR":
            width, height, _, color = struct.unpack(">IIBB", chunk[:10])
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            data += chunk
        pos += 12 + size
    raw, stride, rows = zlib.decompress(data), width * channels, []
    prev = bytearray(stride)
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            pred = (0, a, b, (a + b) // 2, a + b - c)[kind]
            if kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
            line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, channels, rows


def title_span(shot: Path) -> tuple[int, int]:
    """The leftmost and rightmost x of the light text in the navigation bar's first line."""
    width, channels, rows = pixels(shot.read_bytes())
    xs = [
        x
        for row in rows[4:24]
        for x in range(20, width - 20)  # not the scroll bar
        if min(row[x * channels : x * channels + 3]) > 240  # white on the dark bar
    ]
    return min(xs), max(xs)


@pytest.mark.parametrize("lang", ["en", "ar", "fa", "ru"])
def test_right_to_left_pages_lay_out_right_to_left(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = published(tmp_path, monkeypatch, "--lang", lang)
    text, said = dom(site / "index.html")
    assert said == []
    assert f'lang="{lang}"' in text
    rtl = lang in ("ar", "fa")
    assert f'dir="{"rtl" if rtl else "ltr"}"' in text
    shot = tmp_path / "shot.png"
    chrome(site / "index.html", f"--screenshot={shot}", "--window-size=1000,400")
    left, right = title_span(shot)
    assert (left > 500) if rtl else (right < 500), (left, right)


def test_the_printable_pages_print_as_they_should(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round's pairings on one page, table slips two to a page, a score sheet on one
    page (on A4 and on Letter), and no navigation in print."""
    from tests.test_sheet_browser import A4, LETTER, pages

    site = published(tmp_path, monkeypatch)
    for paper in (A4, LETTER):
        assert pages(site / "print/round-1-pairings.html", paper) == 1
        assert pages(site / "print/round-1-slips.html", paper) == 2  # three tables
        assert pages(site / "sheets/round-1-table-1.html", paper) == 1
        assert pages(site / "print/standings.html", paper) == 1
    css = (site / "style.css").read_text(encoding="utf-8")
    assert "@page" in css and ".site-nav, .made, .crumbs { display: none !important; }" in css
