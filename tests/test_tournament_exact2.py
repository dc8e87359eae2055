"""The tournament's pairing, decisions and publication held to exact values (the third
mutation run of issue 36, docs/mutation.md): which of several least-cost pairings the
Swiss search returns (the order given decides ties, so the same file and seed give the
same pairing), a decision taken back in a later round, and a double forfeit."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.tournament.model import Decision, History, Table
from referee.tournament.swiss import least_cost_two

from .test_tournament_cli import ok


def history(met: list[tuple[str, str]], byes: tuple[str, ...] = ()) -> History:
    return History(frozenset(frozenset(m) for m in met), frozenset(byes), {})


def test_level_sides_are_paired_in_the_order_given() -> None:
    """Four sides on 0, S01 and S03 have met: S03, first in the order, meets the first side
    after it it has not met (S00); the other two meet."""
    order = ["S03", "S01", "S00", "S02"]
    got = least_cost_two(order, dict.fromkeys(order, 0), history([("S01", "S03")]))
    assert got == ([("S03", "S00"), ("S01", "S02")], [])


def test_the_score_groups_are_paired_from_the_lowest_up() -> None:
    """S03 (0) and S02 (1) below, S00 and S01 (6) above: two blocks at the even gap, the
    lower paired first; one point of difference in all."""
    order = ["S03", "S02", "S00", "S01"]
    points = {"S03": 0, "S02": 1, "S00": 6, "S01": 6}
    got = least_cost_two(order, points, history([("S01", "S03")], ("S02", "S03")))
    assert got == ([("S02", "S03"), ("S00", "S01")], [])


def test_the_bye_goes_to_the_first_of_equally_good_candidates() -> None:
    """Seven sides: a bye to S05 or to S01 (both on 4) costs the same; S05, tried first,
    keeps it."""
    order = ["S03", "S00", "S04", "S02", "S06", "S05", "S01"]
    points = {"S03": 0, "S00": 0, "S04": 1, "S02": 1, "S06": 2, "S05": 4, "S01": 4}
    met = [("S00", "S06"), ("S01", "S02"), ("S01", "S03"), ("S01", "S05"), ("S02", "S04")]
    got = least_cost_two(order, points, history([*met, ("S04", "S06")]))
    assert got == ([("S03", "S04"), ("S00", "S02"), ("S01", "S06")], ["S05"])


def test_a_decision_taken_back_stood_for_the_rounds_before() -> None:
    """A forfeit decided during round 1 and taken back during round 3 stood for the
    results taken before rounds 2 and 3, not before round 4 nor now."""
    undone = Decision("forfeit", "did not come", 1, "t1", ("B",), undone="t3", undone_during=3)
    table = Table(1, ("A", "B"), ("A", "B"), "round-1/table-1.toml", decisions=[undone])
    assert [table.decision(before) for before in (1, 2, 3, 4, None)] == [
        None,
        undone,
        undone,
        None,
        None,
    ]


@pytest.fixture
def cup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    names = ("Ali", "Omar", "Zaid", "Hoda")
    ok("new", "Cup", "--game", "basra", *(x for n in names for x in ("-p", n)), "--seed", "7")
    return tmp_path


def test_a_double_forfeit_is_lost_by_both_in_the_crosstable(cup: Path) -> None:
    """tournament.md: a table where no side played is lost by every side; the crosstable
    marks both meetings as forfeits lost."""
    ok("pair")
    ok("result", "1", "--forfeit", "Omar", "--forfeit", "Hoda", "--reason", "nobody came")
    ok("publish", "-o", "site")
    page = (cup / "site" / "crosstable.html").read_text("utf-8")
    assert page.count('forfeit-lost">') == 2 and 'forfeit-won">' not in page
