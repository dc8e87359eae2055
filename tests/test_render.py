"""Rendering: suit symbols, red hearts and diamonds, NO_COLOR and ASCII, the score sheet."""

from __future__ import annotations

import pytest

from referee.cards import Card
from referee.render import RED, Style, score_sheet

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


def test_score_sheet_has_breakdown_totals_winner_and_chart() -> None:
    rep = replay_text((SAMPLES / "pasur-standard-3p.toml").read_text())
    sheet = score_sheet(rep.match, rep)
    assert "breakdown" in sheet and "Winner:" in sheet and "Running totals:" in sheet
    assert sheet.count("deal ") >= len(rep.deals)
