"""`referee sheet`: the printable HTML score sheet, and `referee verify --digest`."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from referee.text import visible
from tests.conftest import SAMPLES, run

LOGS = sorted(SAMPLES.glob("*.toml"))
SUITS = "♠♥♦♣"


class Page(HTMLParser):
    """What a reader and a program find in a page: each figure (``data-f``) with its
    text, every element with its attributes, and the text of the page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.figures: dict[str, str] = {}
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self._open: list[str | None] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        self._open.append(dict(attrs).get("data-f"))

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        key = self._open[-1] if self._open else None
        if key is not None:
            self.figures[key] = self.figures.get(key, "") + data

    def attr(self, tag: str, name: str) -> str | None:
        return next((a.get(name) for t, a in self.elements if t == tag and name in a), None)


def expected_figures(score: dict[str, Any]) -> dict[str, str]:
    """The figures of ``score --json`` as the sheet must show them."""
    sides = score["sides"]
    lower = score["game"] == "kozel"
    out: dict[str, str] = {}
    running = dict.fromkeys(sides, 0)
    for d in score["deals"]:
        n = d["number"]
        out[f"deal.{n}"] = str(n)
        for i, side in enumerate(sides):
            running[side] += d["score"][side]
            out[f"deal.{n}.score.{i}"] = str(d["score"][side])
            out[f"deal.{n}.running.{i}"] = str(running[side])
            for key, value in d["breakdown"].get(side, {}).items():
                if key == "forfeit":  # a mark, not a figure: the sheet says it in words
                    continue
                if value or lower:
                    out[f"deal.{n}.part.{i}.{key}"] = str(value)
    for i, side in enumerate(sides):
        out[f"total.{i}"] = str(score["totals"][side])
    for i, money in enumerate(score.get("pot", {}).values()):
        out[f"balance.{i}"] = str(money)
    return out


def check_figures(page: Page, score: dict[str, Any]) -> None:
    """The page holds every figure of ``score --json``, and the winner."""
    want = expected_figures(score)
    got = {k: v for k, v in page.figures.items() if not k.endswith(".pot")}
    assert got == want
    assert page.attr("p", "data-winner") == score["winner"]
    if "pot_now" in score:
        assert page.attr("p", "data-pot-now") == str(score["pot_now"])


def sheet_of(log: Path, tmp_path: Path, *args: str) -> str:
    out = tmp_path / f"{log.stem}.html"
    result = run(*args, "sheet", str(log), "-o", str(out))
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_the_sheet_holds_the_figures_of_score_json(log: Path, tmp_path: Path) -> None:
    score = json.loads(run("score", str(log), "--json").stdout)
    page = Page(sheet_of(log, tmp_path))
    check_figures(page, score)
    assert page.attr("html", "lang") == "en" and page.attr("html", "dir") == "ltr"
    assert page.attr("svg", "viewbox") is not None  # the chart
    if score["game"] == "bura":  # the pot after every deal
        assert all(f"deal.{d['number']}.pot" in page.figures for d in score["deals"])


def test_a_figure_left_out_is_noticed(tmp_path: Path) -> None:
    log = SAMPLES / "kozel-classic-2p.toml"
    score = json.loads(run("score", str(log), "--json").stdout)
    html = sheet_of(log, tmp_path).replace('data-f="total.1"', 'data-f="x"')
    with pytest.raises(AssertionError):
        check_figures(Page(html), score)


def test_every_game_shows_its_own_facts(tmp_path: Path) -> None:
    basra = Page(sheet_of(SAMPLES / "basra-egyptian-2p.toml", tmp_path))
    text = "".join(basra.text)
    assert "34 cards captured" in text and "18 cards captured" in text  # deal 1
    bura = "".join(Page(sheet_of(SAMPLES / "bura-classic-2p.toml", tmp_path)).text)
    assert "Ivan: claimed 31 with 89" in bura and "pot after" in bura and "7♠" in bura
    kozel = Page(sheet_of(SAMPLES / "kozel-classic-4p.toml", tmp_path))
    assert kozel.figures["deal.1.part.0.tricks"] == "1"
    assert kozel.figures["deal.1.part.1.card_points"] == "76"
    assert "penalty" in "".join(kozel.text)


@pytest.mark.parametrize(("lang", "direction", "word"), [
    ("ar", "rtl", "ورقة النتائج"),
    ("fa", "rtl", "برگه‌ی امتیاز"),
    ("ru", "ltr", "Лист счёта"),
])  # fmt: skip
def test_the_readers_language(lang: str, direction: str, word: str, tmp_path: Path) -> None:
    log = SAMPLES / "bura-classic-3p.toml"
    html = sheet_of(log, tmp_path, "--lang", lang)
    page = Page(html)
    assert page.attr("html", "lang") == lang and page.attr("html", "dir") == direction
    assert word in "".join(page.text) and "Score sheet" not in html
    check_figures(page, json.loads(run("score", str(log), "--json").stdout))
    for tag, attrs in page.elements:  # every figure is kept left to right
        if "data-f" in attrs:
            assert tag == "bdi" and attrs.get("dir") == "ltr"


def test_ascii_cards(tmp_path: Path) -> None:
    log = SAMPLES / "bura-classic-2p.toml"
    out = tmp_path / "ascii.html"
    assert run("sheet", str(log), "--ascii", "-o", str(out)).exit_code == 0
    plain = out.read_text(encoding="utf-8")
    assert not any(s in plain for s in SUITS) and '<bdi dir="ltr">7S</bdi>' in plain
    assert any(s in sheet_of(log, tmp_path) for s in SUITS)


def test_the_digest_is_the_canonical_logs(tmp_path: Path) -> None:
    log = SAMPLES / "pasur-standard-3p.toml"
    canonical = run("export", str(log)).stdout_bytes
    digest = hashlib.sha256(canonical).hexdigest()
    page = Page(sheet_of(log, tmp_path))
    assert page.attr("meta", "content") is not None
    assert any(a.get("name") == "referee-log-sha256" and a.get("content") == digest
               for t, a in page.elements if t == "meta")  # fmt: skip
    assert page.attr("code", "data-digest") == digest
    assert digest[:12] in page.text and digest in page.text


def test_verify_digest(tmp_path: Path) -> None:
    log = SAMPLES / "kozel-short-3p.toml"
    digest = hashlib.sha256(run("export", str(log)).stdout_bytes).hexdigest()
    for given in (digest[:12], digest, digest[:20].upper()):
        ok = run("verify", "--digest", given, str(log))
        assert ok.exit_code == 0 and "matches the digest" in ok.stdout, ok.output
    other = SAMPLES / "kozel-classic-2p.toml"
    bad = run("verify", "--digest", digest[:12], str(other))
    assert bad.exit_code == 1 and "does NOT match" in bad.stdout
    both = run("verify", "--digest", digest[:12], str(log), str(other), "--json")
    assert [line["matches"] for line in map(json.loads, both.stdout.splitlines())] == [True, False]
    assert both.exit_code == 1
    for wrong in (digest[:11], "z" * 12, digest + "0"):
        usage = run("verify", "--digest", wrong, str(log))
        assert usage.exit_code == 2 and "--digest takes 12 to 64 hex digits" in usage.stderr


def test_the_digest_does_not_depend_on_how_the_log_is_spelled(tmp_path: Path) -> None:
    log = SAMPLES / "basra-iraqi-2p.toml"
    digest = hashlib.sha256(run("export", str(log)).stdout_bytes).hexdigest()
    spelled = tmp_path / "spelled.toml"  # the same record, with comments and blank lines
    text = log.read_text(encoding="utf-8").replace("\n[[deals]]", "\n\n# a deal\n[[deals]]")
    spelled.write_text("# copied by hand\n" + text, encoding="utf-8")
    assert run("verify", "--digest", digest[:12], str(spelled)).exit_code == 0
    changed = tmp_path / "changed.toml"
    changed.write_text(text.replace('dealer = "Omar"', 'dealer = "Omar"\nnote = "x"', 1))
    result = run("verify", "--digest", digest[:12], str(changed))
    assert result.exit_code == 1 and "does NOT match" in result.stdout


HOSTILE_EVENT = (
    '<script>alert(1)</script> "><img src=x onerror=alert(1)> '
    '<a href="javascript:alert(1)">x</a> javascript:alert(2) \u202eevil\u202c <style>*{}</style>'
).ljust(1000, "E")  # a 1,000-character event
HOSTILE_NAMES = ("<script>alert(3)</script>", '"><img src=x onerror=alert(4)>', "N" * 40)


def hostile_log(tmp_path: Path) -> Path:
    log = tmp_path / "hostile.toml"
    names = [arg for name in HOSTILE_NAMES for arg in ("-p", name)]
    assert run("new", "bura", *names, "--event", HOSTILE_EVENT, "-f", str(log)).exit_code == 0
    dealt = run("deal", "--dealer", HOSTILE_NAMES[0], "--trump", "9H", "-f", str(log))
    assert dealt.exit_code == 0, dealt.output
    reason = "<script>alert(5)</script> javascript:alert(6) \u202eflip".ljust(1000, "R")
    forfeit = run("forfeit", "--by", HOSTILE_NAMES[1], "--reason", reason, "-f", str(log))
    assert forfeit.exit_code == 0, forfeit.output
    return log


def test_hostile_names_events_and_reasons_render_as_text(tmp_path: Path) -> None:
    log = hostile_log(tmp_path)
    html = sheet_of(log, tmp_path)
    page = Page(html)
    tags = [t for t, _ in page.elements]
    assert "script" not in tags and "img" not in tags and "a" not in tags
    assert tags.count("style") == 1  # the sheet's own
    for tag, attrs in page.elements:
        for name, value in attrs.items():
            assert not name.startswith("on") and name not in ("href", "src"), (tag, name)
            assert "javascript:" not in (value or ""), (tag, name)
    assert "\u202e" not in html and "\\u202e" in html  # a bidi override is shown, not obeyed
    text = "".join(page.text)
    assert "<script>alert(1)</script>" in text and "<script>alert(5)</script>" in text
    assert '"><img src=x onerror=alert(4)>' in text and "N" * 40 in text
    assert visible(HOSTILE_EVENT) in text  # the whole event, its bidi controls shown
    assert "&lt;script&gt;alert(3)&lt;/script&gt;" in html


def test_a_name_longer_than_the_log_allows_is_never_rendered(tmp_path: Path) -> None:
    log = hostile_log(tmp_path)
    long = tmp_path / "long.toml"
    long.write_text(log.read_text(encoding="utf-8").replace("N" * 40, "N" * 1000))
    result = run("sheet", str(long), "-o", str(tmp_path / "long.html"))
    assert result.exit_code == 1 and "[log.players]" in result.stderr
    assert not (tmp_path / "long.html").exists()


def test_writes_are_atomic_and_failures_are_plain(tmp_path: Path) -> None:
    log = SAMPLES / "basra-two-card-3p.toml"
    out = tmp_path / "sheet.html"
    out.write_text("old")
    result = run("sheet", str(log), "-o", str(out))
    assert result.exit_code == 0 and "Wrote the score sheet" in result.stdout
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.html"]  # no temporary left
    missing = run("sheet", str(log), "-o", str(tmp_path / "nowhere" / "s.html"))
    assert missing.exit_code == 1 and "[log.file]" in missing.stderr
    assert "no such folder" in missing.stderr
    broken = tmp_path / "broken.toml"
    broken.write_text('format = "referee-match"\nversion = 1\ngame = "chess"\n')
    bad = run("sheet", str(broken), "-o", str(out))
    assert bad.exit_code == 1 and "[log.game]" in bad.stderr, bad.stderr
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")  # left as it was


def test_to_standard_output_and_a_match_without_deals(tmp_path: Path) -> None:
    log = tmp_path / "new.toml"
    rules = ("--rule", "target=51", "--rule", "jack_points=2")
    assert run("new", "basra", "-p", "Ali", "-p", "Omar", *rules, "-f", str(log)).exit_code == 0
    result = run("sheet", str(log))
    assert result.exit_code == 0 and result.stdout.startswith("<!DOCTYPE html>")
    page = Page(result.stdout)
    text = "".join(page.text)
    assert "No finished deal yet." in text and "The match is not decided yet." in text
    assert page.attr("svg", "viewbox") is None  # no chart without a deal
    assert "Rules that differ from the variant" in text
    assert "target = 51 (the variant: 101) [basra.match]" in text
    assert "jack_points = 2 (the variant: 1) [basra.score]" in text


def test_show_does_not_import_jinja() -> None:
    log = SAMPLES / "basra-egyptian-2p.toml"
    env = {**os.environ, "REFEREE_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "referee", "show", "-f", str(log)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "referee.render.tables" in done.stderr  # importtime lists what was imported
    assert "jinja2" not in done.stderr and "referee.html" not in done.stderr


def test_the_chart_follows_the_running_totals() -> None:
    from referee.html.chart import chart
    from referee.log.file import load
    from referee.match import replay
    from referee.render.scoresheet import build

    match, problems = load(SAMPLES / "pasur-standard-3p.toml")
    assert match is not None
    sheet = build(replay(match, problems))
    drawn = chart(sheet)
    assert len(drawn.series) == len(sheet.sides) == 3
    for s in drawn.series:
        assert len(s.points.split()) == len(sheet.deals) + 1  # from 0 before the first deal
    lows = {sheet.side_names[s.index]: s.last_y for s in drawn.series}
    assert min(lows, key=lambda side: lows[side]) == sheet.winner  # highest on the page
    assert drawn.target_y is not None and drawn.top <= drawn.target_y <= drawn.bottom
    assert [t.label for t in drawn.x_ticks] == list(range(len(sheet.deals) + 1))
