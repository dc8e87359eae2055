"""The score sheet value (referee/render/scoresheet.py): its figures agree with what the logs
store, it is immutable, and it stays in the core."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from referee.games.spec import FISHING
from referee.log.file import load
from referee.match import replay
from referee.record import Match
from referee.registry import GAMES
from referee.render.scores import score_json, sheet_json
from referee.render.scoresheet import RuleChange, ScoreSheet, build
from tests.conftest import SAMPLES

LOGS = sorted(SAMPLES.glob("*.toml"))


def sheet_of(path: Path) -> tuple[ScoreSheet, Match]:
    match, problems = load(path)
    assert match is not None and not problems
    replayed = replay(match, problems)
    assert not replayed.problems
    return build(replayed), match


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_figures_agree_with_the_log(log: Path) -> None:
    sheet, match = sheet_of(log)
    assert sheet.game == match.game and sheet.variant == match.variant
    assert sheet.players == tuple(match.players)
    assert [s.name for s in sheet.sides] == match.sides
    assert sheet.deals, "every sample has finished deals"
    running = dict.fromkeys(sheet.side_names, 0)
    for d, recorded in zip(sheet.deals, match.deals, strict=False):
        assert d.dealer == recorded.dealer
        assert dict(d.score) == recorded.score  # the log stores each deal's score
        for side in sheet.side_names:
            running[side] += d.points(side)
        assert dict(d.running) == running
    assert dict(sheet.totals) == running == match.result_totals
    assert sheet.winner == match.result_winner
    assert sheet.complete and not sheet.in_progress
    assert sheet.rules == ()  # the samples play their variants as named


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_game_specific_facts(log: Path) -> None:
    sheet, _ = sheet_of(log)
    spec = GAMES[sheet.game]
    for d in sheet.deals:
        if spec.family == FISHING:  # every card ends in a side's pile
            assert sum(n for _, n in d.captured) == len(spec.deck) == 52, d.number
            assert [s for s, _ in d.captured] == sheet.side_names
        else:
            assert d.captured == ()
        assert (d.pot is not None) == spec.pot
    if spec.pot:
        paid = dict.fromkeys(sheet.players, 0)
        for d in sheet.deals:
            for player, money in d.payments:
                paid[player] += money
        assert paid == dict(sheet.balances)
        assert sheet.deals[-1].pot == sheet.pot
        assert sum(paid.values()) + sheet.pot == 0  # money is neither made nor lost
    else:
        assert sheet.balances == ()


def test_json_is_read_from_the_sheet() -> None:
    match, problems = load(SAMPLES / "bura-classic-3p.toml")
    assert match is not None
    replayed = replay(match, problems)
    out = sheet_json(build(replayed))
    assert out == score_json(match, replayed)
    assert out["pot"] == replayed.balances and out["pot_now"] == replayed.pot
    deals = out["deals"]
    assert isinstance(deals, list) and [d["number"] for d in deals] == list(range(1, 35))


def test_rules_that_differ_from_the_variant_and_a_deal_in_progress() -> None:
    match, problems = load(SAMPLES / "basra-egyptian-2p.toml")
    assert match is not None
    cut = match.prefix(1, 3)  # deal 1 whole, deal 2 after three plays
    cut.rules = {**cut.rules, "target": 500, "jack_points": 1}
    sheet = build(replay(cut, problems))
    assert sheet.rules == (RuleChange("target", 500, 101, GAMES["basra"].params["target"].rule),)
    assert sheet.target == 500
    assert len(sheet.deals) == 1 and sheet.recorded == 2 and sheet.in_progress
    assert sheet.winner is None and not sheet.complete


def test_the_sheet_is_immutable_and_hashable() -> None:
    sheet, _ = sheet_of(SAMPLES / "kozel-classic-4p.toml")
    with pytest.raises(AttributeError):
        sheet.winner = "someone"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        sheet.deals[0].number = 9  # type: ignore[misc]
    again, _ = sheet_of(SAMPLES / "kozel-classic-4p.toml")
    assert hash(sheet) == hash(again) and sheet == again


def test_the_sheet_stays_in_the_core() -> None:
    code = (
        "import sys, referee.render.scoresheet, referee.match; "
        "print(sorted(m for m in ('typer', 'tabulate', 'tomllib', 'tomli_w', 'jinja2') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
