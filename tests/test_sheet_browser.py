"""Every sample match's score sheet in a real browser (headless Chromium): the DOM holds
the figures of ``score --json``, nothing reaches the console (no script, no request: the
page's policy would report one there), and printing gives one page per sheet of up to 20
deals on Letter and on A4. Skipped when no Chromium is installed (``.ci/run`` installs
Debian's ``chromium-headless-shell``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from referee.log.file import dumps, load
from tests.conftest import SAMPLES, run
from tests.test_sheet import Page, check_figures

BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")
BROWSER = next((found for b in BROWSERS if (found := shutil.which(b))), None)
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        BROWSER is None, reason=f"no headless Chromium found (looked for {', '.join(BROWSERS)})"
    ),
]
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
)
A4 = "<style>@page { size: A4; }</style></head>"
LETTER = "<style>@page { size: letter; }</style></head>"
BOTH = "<style>@page { size: 210mm 279mm; }</style></head>"  # A4's width, Letter's height


def chrome(page: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Chromium on one page, with a profile of its own (runs may go in parallel)."""
    assert BROWSER is not None
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [BROWSER, *FLAGS, f"--user-data-dir={profile}", *args, page.as_uri()],
            capture_output=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    return done


def console(stderr: bytes) -> list[str]:
    """What the page said on the console (a policy violation, an error, a log line)."""
    return [line for line in stderr.decode(errors="replace").splitlines() if ":CONSOLE" in line]


def dom(page: Path) -> tuple[str, list[str]]:
    done = chrome(page, "--dump-dom")
    return done.stdout.decode(), console(done.stderr)


def pages(html: Path, paper: str) -> int:
    """Pages the sheet prints on, on ``paper`` (its @page size set in a copy)."""
    copy = html.with_name(f"{html.stem}.{len(paper)}.html")
    copy.write_text(html.read_text(encoding="utf-8").replace("</head>", paper, 1))
    pdf = copy.with_suffix(".pdf")
    chrome(copy, "--no-pdf-header-footer", f"--print-to-pdf={pdf}")
    found = re.findall(rb"/Type\s*/Page(?![a-z])", pdf.read_bytes())
    return len(found)


def write_sheet(log: Path, folder: Path, *args: str) -> Path:
    out = folder / f"{log.stem}.html"
    result = run(*args, "sheet", str(log), "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


def score_of(log: Path) -> dict[str, Any]:
    result = run("score", str(log), "--json")
    assert result.exit_code == 0
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def check_in_browser(log: Path, html: Path, score: dict[str, Any]) -> list[str]:
    """Load and print one sheet; the problems found, as lines. (Runs in a thread: only
    the browser, never the in-process CLI, whose runner swaps sys.stdout.)"""
    problems: list[str] = []
    text, said = dom(html)
    try:
        check_figures(Page(text), score)
    except AssertionError as err:
        problems.append(f"{log.name}: DOM: {err}")
    problems += [f"{log.name}: console: {line}" for line in said]
    deals = len(score["deals"])
    printed = pages(html, BOTH)  # what fits on it fits on A4 and on Letter
    if deals <= 20 and printed != 1:
        problems.append(f"{log.name}: {deals} deals print on {printed} pages")
    return problems


def test_every_sample_sheet_in_the_browser(tmp_path: Path) -> None:
    logs = sorted(SAMPLES.glob("*.toml"))
    sheets = [(log, write_sheet(log, tmp_path), score_of(log)) for log in logs]
    with ThreadPoolExecutor(max_workers=2) as pool:
        problems = [p for found in pool.map(lambda s: check_in_browser(*s), sheets) for p in found]
    assert problems == []


@pytest.mark.parametrize("lang", ["ar", "fa", "ru"])
def test_a_sheet_in_each_language_in_the_browser(lang: str, tmp_path: Path) -> None:
    log = SAMPLES / "bura-little-robber-3p.toml"
    html = write_sheet(log, tmp_path, "--lang", lang)
    text, said = dom(html)
    page = Page(text)
    assert page.attr("html", "dir") == ("rtl" if lang in ("ar", "fa") else "ltr")
    check_figures(page, score_of(log))
    assert said == []
    assert pages(html, A4) == 1 and pages(html, LETTER) == 1


@pytest.mark.parametrize(("name", "all_pages"), [("bura-classic-2p", 1), ("bura-classic-3p", 2)])
def test_twenty_deals_print_on_one_page(name: str, all_pages: int, tmp_path: Path) -> None:
    match, problems = load(SAMPLES / f"{name}.toml")
    assert match is not None and not problems and len(match.deals) > 20
    cut = match.prefix(20, 0)  # twenty deals, and the next one just started
    log = tmp_path / f"{name}-20.toml"
    log.write_bytes(dumps(cut))
    assert len(score_of(log)["deals"]) == 20
    html = write_sheet(log, tmp_path)
    assert pages(html, LETTER) == 1 and pages(html, A4) == 1
    full = write_sheet(SAMPLES / f"{name}.toml", tmp_path)
    assert pages(full, A4) == all_pages  # 22 deals still fit; 34 go on to a second page


def test_the_console_check_sees_a_script_and_a_request(tmp_path: Path) -> None:
    html = write_sheet(SAMPLES / "kozel-short-3p.toml", tmp_path)
    evil = tmp_path / "evil.html"
    body = '<main><script>console.log(1)</script><img src="http://example.invalid/x.png">'
    evil.write_text(html.read_text(encoding="utf-8").replace("<main>", body, 1))
    _, said = dom(evil)
    assert any("Content Security Policy" in line for line in said), said
