"""Rendering: suit symbols, red hearts and diamonds, NO_COLOR and ASCII, the score sheet."""

from __future__ import annotations

import re
import tomllib

import pytest

from referee.cards import Card
from referee.render.scores import score_sheet
from referee.render.tables import RED, Style

from .conftest import SAMPLES, replay_text


def test_suits_and_colour() -> None:
    assert Style().card(Card("10", "D")) == "10♦"
    assert Style(ascii=True).card(Card("10", "D")) == "10D"
    red = Style(color=True).card(Card("7", "H"))
    assert red.startswith(RED) and "7♥" in red
    assert Style(color=True).card(Card("7", "S")) == "7♠"


def test_no_color_and_dumb_terminals(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert Style.for_terminal().color
    assert not Style.for_terminal(ascii_only=True).color
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Style.for_terminal().color
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not Style.for_terminal().color


def columns(lines: list[str], at: int, count: int) -> list[dict[str, str]]:
    """The ``count`` rows of the table whose rule of dashes is ``lines[at]``, each as
    {header: cell}, cut where the dashes are (the last column runs to the line's end)."""
    spans = [mt.span() for mt in re.finditer(r"-+", lines[at])]
    spans[-1] = (spans[-1][0], 10_000)
    cut = lambda line: [line[a:b].strip() for a, b in spans]  # noqa: E731
    headers = cut(lines[at - 1])
    return [dict(zip(headers, cut(line), strict=True)) for line in lines[at + 1 : at + 1 + count]]


@pytest.mark.parametrize("name", ["pasur-standard-3p", "kozel-classic-4p", "basra-classic-4p"])
def test_the_score_sheet_shows_the_logs_figures(name: str) -> None:
    """Every figure of the sheet against the log (its stored deal scores, totals and
    winner): each deal's points and what its breakdown adds up to, the running totals, the
    totals table, the winner line, and the running totals chart deal by deal."""
    text = (SAMPLES / f"{name}.toml").read_text()
    data = tomllib.loads(text)
    replayed = replay_text(text)
    lines = score_sheet(replayed.match, replayed, Style(ascii=True)).splitlines()
    rules = [i for i, line in enumerate(lines) if line.startswith("------")]
    assert len(rules) == 2, lines
    stored = [d["score"] for d in data["deals"]]
    sides = list(stored[0])
    penalty = "penalty" in lines[rules[0] - 1].split()
    points = "penalty" if penalty else "points"
    running = dict.fromkeys(sides, 0)
    deals = columns(lines, rules[0], len(sides) * len(stored))
    assert not lines[rules[0] + 1 + len(deals)].strip(), "a row per side and deal, no more"
    for k, score in enumerate(stored):
        for i, side in enumerate(sides):
            row = deals[k * len(sides) + i]
            running[side] += score[side]
            assert row["deal"] == (str(k + 1) if i == 0 else ""), row
            assert row["side"] == side and int(row[points]) == score[side], (k + 1, row)
            parts = [int(n) for n in re.findall(r" (\d+)(?:,|$)", row["breakdown"])]
            if not penalty:  # the breakdown of points adds up to them
                assert sum(parts) == score[side], (k + 1, row)
            else:  # a penalty game's breakdown: card points and tricks, the running total
                assert int(row["running"]) == running[side], (k + 1, row)
                assert row["breakdown"].startswith("card points "), row
    totals = {r["side"]: int(r["total"]) for r in columns(lines, rules[1], len(sides))}
    assert totals == data["result"]["totals"] == running
    assert f"Winner: {data['result']['winner']}" in lines
    chart = [line for line in lines if line.startswith("deal ") and ":" in line]
    assert len(chart) == len(stored)
    cumulative = dict.fromkeys(sides, 0)
    for k, (line, score) in enumerate(zip(chart, stored, strict=True)):
        for side in sides:
            cumulative[side] += score[side]
        bars, lead = line.split("lead: ")
        figures = [int(n) for n in re.findall(r"(?<![#\w])(\d+)(?!\w)", bars.split(":", 1)[1])]
        assert figures == [cumulative[s] for s in sides], (k + 1, line)
        best = (min if penalty else max)(cumulative.values())
        assert cumulative[lead.strip()] == best, (k + 1, line)  # the lead (or one of them)


def test_a_breakdown_is_said_with_its_words() -> None:
    """Pasur's first deal in the sample: Dariush's 12 points said part by part."""
    replayed = replay_text((SAMPLES / "pasur-standard-3p.toml").read_text())
    sheet = score_sheet(replayed.match, replayed, Style(ascii=True))
    assert "Dariush        12             16  ten diamonds 3, aces 3, jacks 1, surs 5" in sheet
    assert "Running totals:" in sheet
