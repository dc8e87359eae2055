"""`standings` (issue 23): no sweeps column for games without sweeps (Bura, Kozel), and
`--by-player`, each player's record across every side they played in."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from referee.log.file import load
from referee.match import replay

from .conftest import run


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """A 2-player Basra (Ali, Omar), a 4-player one (Ali & Hoda, Omar & Samir), a Bura."""
    root = tmp_path_factory.mktemp("standings")
    for game, n in (("basra", 2), ("basra", 4), ("bura", 2)):
        out = root / f"{game}{n}"
        done = run("simulate", game, "--players", str(n), "--seed", "3", "--out", str(out))
        assert done.exit_code == 0, done.output
    return [str(p) for p in sorted(root.glob("*/*.toml"))]


def totals(path: str) -> tuple[dict[str, int], str | None]:
    match, problems = load(Path(path))
    assert match is not None and not problems
    replayed = replay(match)
    return dict(replayed.totals), replayed.winner


def test_by_player_adds_every_side_a_player_was_in(logs: list[str]) -> None:
    data = json.loads(run("standings", *logs, "--by-player", "--json").stdout)
    assert "sides" not in data and data["matches"] == 3
    rows = {(r["game"], r["name"]): r for r in data["players"]}
    (two, two_winner), (four, four_winner) = totals(logs[0]), totals(logs[1])
    ali_sides = ("Ali", "Ali & Hoda")
    ali = rows[("basra", "Ali")]
    assert ali["played"] == 2
    assert ali["points_for"] == two["Ali"] + four["Ali & Hoda"]
    assert ali["points_against"] == two["Omar"] + four["Omar & Samir"]
    assert ali["won"] == int(two_winner == "Ali") + int(four_winner == "Ali & Hoda")
    assert rows[("basra", "Hoda")]["points_for"] == four["Ali & Hoda"]  # one match only
    assert rows[("basra", "Hoda")]["played"] == 1
    assert not any(" & " in name for _, name in rows)
    sides = json.loads(run("standings", *logs, "--json").stdout)["sides"]
    by_side = {r["name"]: r for r in sides if r["game"] == "basra"}
    assert ali["sweeps"] == sum(by_side[s]["sweeps"] for s in ali_sides)
    table = run("standings", *logs, "--by-player").stdout
    assert "Ali & Hoda" not in table and " player " in table
    rows_csv = run("standings", *logs, "--by-player", "--csv").stdout
    lines = list(csv.DictReader(io.StringIO(rows_csv)))
    assert {r["name"] for r in lines} == {"Ali", "Omar", "Hoda", "Samir", "Ivan", "Petr"}
    assert next(r for r in lines if r["name"] == "Ali")["points_for"] == str(ali["points_for"])


def test_no_sweeps_column_for_games_without_sweeps(logs: list[str]) -> None:
    table = run("standings", *logs).stdout
    basra, bura = table.split("\nBura\n")
    assert "sweeps" in basra.splitlines()[3]  # the header of Basra's table
    assert "sweeps" not in bura
    sides = json.loads(run("standings", *logs, "--json").stdout)["sides"]
    assert all(("sweeps" in r) == (r["game"] == "basra") for r in sides)
    rows = list(csv.DictReader(io.StringIO(run("standings", *logs, "--csv").stdout)))
    assert {r["sweeps"] for r in rows if r["game"] == "bura"} == {""}
    assert all(r["sweeps"].isdigit() for r in rows if r["game"] == "basra")
