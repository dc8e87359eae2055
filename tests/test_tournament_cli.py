"""``referee tournament …`` through the CLI: a whole small event (pairing, results from
the logs, the director's decisions, a correction and its recount, standings, verify,
close), the JSON shapes of tournament.md, refusals with their rule ids and exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scripts.tournament_robustness import play

from .conftest import LOADED_AT_EXIT, ROOT, loaded_at_exit, run


def ok(*args: str) -> str:
    result = run("tournament", *args)
    assert result.exit_code == 0, result.stdout + result.stderr
    return result.stdout


def refused(code: int, rule: str, *args: str) -> str:
    result = run("tournament", *args)
    assert result.exit_code == code, result.stdout + result.stderr
    assert rule in result.stderr + result.stdout, result.stderr
    return result.stderr


@pytest.fixture
def event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    names = ("Ali", "Omar", "Zaid", "Hoda", "Samir")
    ok(
        "new",
        "Cafe Cup",
        "--game",
        "basra",
        *(x for n in names for x in ("-p", n)),
        "--seed",
        "7",
        "--rounds",
        "3",
        "--date",
        "2026-12-02",
    )
    return tmp_path


def test_a_small_event_from_start_to_close(event: Path) -> None:
    before = (event / "tournament.toml").read_bytes()
    refused(1, "tournament.file", "new", "Again", "--game", "basra", "-p", "A", "-p", "B")
    assert (event / "tournament.toml").read_bytes() == before
    paired = json.loads(ok("pair", "--json"))
    assert set(paired) == {"round", "tables", "bye", "byes"} and paired["round"] == 1
    assert [t["table"] for t in paired["tables"]] == [1, 2]
    assert paired["bye"] is not None and paired["byes"] == [paired["bye"]]
    assert all(t["log"] == f"round-1/table-{t['table']}.toml" for t in paired["tables"])
    status = json.loads(ok("status", "--json"))
    assert [t["state"] for t in status["rounds"][0]["tables"]] == ["not-started", "not-started"]
    assert status["rounds"][0]["tables"][0]["match_points"] is None
    said = refused(1, "tournament.pending", "pair")
    assert "round 1: no result yet at tables 1 and 2" in said  # issue 37: said as a table says it
    play(event / "round-1/table-1.toml", 1)
    said = refused(1, "tournament.pending", "pair")
    assert "round 1: no result yet at table 2" in said
    t2 = paired["tables"][1]
    ok("result", "2", "--forfeit", t2["sides"][1], "--reason", "did not come")
    status = json.loads(ok("status", "--json"))
    first, second = status["rounds"][0]["tables"]
    assert first["state"] == "finished" and sorted(first["match_points"].values()) == [0, 2]
    assert second["state"] == "decided"
    assert second["match_points"] == {t2["sides"][0]: 2, t2["sides"][1]: 0}
    paired2 = json.loads(ok("pair", "--json"))
    assert paired2["round"] == 2
    assert json.loads(ok("verify", "--json")) == {"ok": True, "problems": []}
    for t in paired2["tables"]:
        play(event / t["log"], t["table"] + 10)
    refused(1, "tournament.round", "close")
    ok("pair")
    for t in json.loads(ok("status", "--json"))["rounds"][2]["tables"]:
        play(event / t["log"], t["table"] + 20)
    refused(1, "tournament.round", "pair")  # every round has been paired
    standings = json.loads(ok("standings", "--json"))
    assert set(standings) == {"tournament", "game", "after_round", "pending", "rows"}
    assert standings["after_round"] == 3 and standings["pending"] == 0
    row = standings["rows"][0]
    assert list(row) == [
        "rank",
        "name",
        "match_points",
        "tiebreaks",
        "played",
        "won",
        "drawn",
        "lost",
        "byes",
        "game_points",
        "withdrawn",
    ]
    assert list(row["tiebreaks"]) == [
        "buchholz-cut1",
        "buchholz",
        "sonneborn-berger",
        "wins",
        "game-points",
    ]
    assert sum(r["match_points"] for r in standings["rows"]) == 2 * (2 + 2 + 2) + 3 * 2
    csv = ok("standings", "--csv").splitlines()
    assert csv[0] == (
        "rank,name,match_points,buchholz-cut1,buchholz,sonneborn-berger,wins,"
        "game-points,played,won,drawn,lost,byes,game_points,withdrawn"
    )
    ok("close")
    refused(1, "tournament.round", "pair")
    assert json.loads(ok("verify", "--json"))["ok"] is True


def test_a_changed_log_is_caught_and_recounted(event: Path) -> None:
    paired = json.loads(ok("pair", "--json"))
    for t in paired["tables"]:
        play(event / t["log"], 3)
    ok("pair")  # counts round 1
    log = event / paired["tables"][0]["log"]
    play(log, 5)  # the score sheet was corrected after round 2 was paired
    status = json.loads(ok("status", "--json"))
    assert status["rounds"][0]["tables"][0]["state"] == "changed"
    result = run("tournament", "verify", "--json")
    assert result.exit_code == 1
    problems = json.loads(result.stdout)["problems"]
    assert [(p["rule"], p["round"], p["table"]) for p in problems] == [("tournament.changed", 1, 1)]
    refused(1, "tournament.table", "recount", "1", "--round", "2", "--reason", "x")  # no result
    ok("recount", "1", "--round", "1", "--reason", "score sheet corrected")
    assert json.loads(ok("verify", "--json"))["ok"] is True
    assert "score sheet corrected" in ok("status")
    refused(1, "tournament.changed", "recount", "1", "--round", "1", "--reason", "again")


def test_a_log_of_other_players_is_a_problem_of_its_table(event: Path) -> None:
    paired = json.loads(ok("pair", "--json"))
    log = event / paired["tables"][0]["log"]
    log.unlink()
    assert run("new", "basra", "-p", "X", "-p", "Y", "-f", str(log)).exit_code == 0
    status = json.loads(ok("status", "--json"))
    assert status["rounds"][0]["tables"][0]["state"] == "problem"
    result = run("tournament", "verify", "--json")
    problems = json.loads(result.stdout)["problems"]
    assert result.exit_code == 1 and problems[0]["rule"] == "tournament.table"
    assert "players" in problems[0]["message"]
    refused(1, "tournament.pending", "pair")


def test_time_points_and_undo(event: Path) -> None:
    paired = json.loads(ok("pair", "--json"))
    a, b = paired["tables"][0]["sides"]
    ok("result", "1", "--time", "--reason", "out of time")  # no finished deal: level
    assert json.loads(ok("status", "--json"))["rounds"][0]["tables"][0]["match_points"] == {
        a: 1,
        b: 1,
    }
    ok("result", "1", "--undo")
    assert json.loads(ok("status", "--json"))["rounds"][0]["tables"][0]["match_points"] is None
    ok("result", "1", "--points", f"{a}=2", "--reason", "appeal upheld")
    assert json.loads(ok("status", "--json"))["rounds"][0]["tables"][0]["match_points"] == {
        a: 2,
        b: 0,
    }
    refused(1, "tournament.table", "result", "1", "--forfeit", "Nobody", "--reason", "x")
    refused(2, "usage", "result", "1", "--time")  # no reason
    refused(2, "usage", "result", "1", "--time", "--forfeit", a, "--reason", "x")
    refused(1, "tournament.table", "result", "9", "--time", "--reason", "x")


def test_a_log_counted_while_decided_then_changed_needs_a_recount(event: Path) -> None:
    """Time called on a finished log counts it; taking the decision back lets the log
    decide, so a later change of that log is `tournament.changed` until recounted."""
    paired = json.loads(ok("pair", "--json"))
    log = event / paired["tables"][0]["log"]
    play(log, 3)
    ok("result", "1", "--time", "--reason", "clock")
    ok("result", "1", "--undo")
    assert json.loads(ok("verify", "--json"))["ok"] is True
    play(log, 5)  # the table's sheet corrected after the decision was taken back
    result = run("tournament", "verify", "--json")
    problems = json.loads(result.stdout)["problems"]
    assert result.exit_code == 1
    assert [(p["rule"], p["round"], p["table"]) for p in problems] == [("tournament.changed", 1, 1)]
    assert json.loads(ok("status", "--json"))["rounds"][0]["tables"][0]["state"] == "changed"
    ok("recount", "1", "--reason", "played again after the decision")
    assert json.loads(ok("verify", "--json"))["ok"] is True


def test_late_entry_and_withdrawal(event: Path) -> None:
    paired = json.loads(ok("pair", "--json"))
    for t in paired["tables"]:
        play(event / t["log"], 4)
    ok("add", "Leila")
    now = json.loads(ok("standings", "--json"))["rows"]  # a late entrant shows at once, with 0
    leila = next(r for r in now if r["name"] == "Leila")
    assert (leila["match_points"], leila["played"], leila["rank"]) == (0, 0, len(now))
    ok("drop", "Ali")
    refused(1, "tournament.file", "add", "leila")  # the same name, whatever its case
    refused(1, "tournament.file", "drop", "Ali")
    second = json.loads(ok("pair", "--json"))
    sides = [s for t in second["tables"] for s in t["sides"]] + second["byes"]
    assert "Leila" in sides and "Ali" not in sides
    standings = json.loads(ok("standings", "--json"))
    ali = next(r for r in standings["rows"] if r["name"] == "Ali")
    assert ali["withdrawn"] is True
    before = json.loads(ok("standings", "--json", "--after-round", "1"))
    assert "Leila" not in [r["name"] for r in before["rows"]]
    refused(1, "tournament.round", "standings", "--after-round", "5")


@pytest.mark.parametrize(
    "args,code,rule",
    [
        (["-p", "A", "-p", "A"], 1, "tournament.file"),
        (["-p", "A"], 1, "tournament.file"),
        (
            ["-p", "A", "-p", "B", "-p", "C", "--system", "round-robin", "--rounds", "2"],
            1,
            "tournament.file",
        ),
        (["-p", "A", "-p", "B", "--table-size", "5"], 1, "tournament.file"),
        (["-p", "A", "-p", "B", "-p", "C", "-p", "D", "--table-size", "4"], 1, "partnerships"),
        (["-p", "A", "-p", "B", "--tiebreak", "coin"], 2, "usage"),
        (["-p", "A", "-p", "B", "--rounds", "0"], 1, "tournament.file"),
        (["-p", "A\u202e", "-p", "B"], 1, "tournament.file"),
        (["-p", "", "-p", "B"], 1, "tournament.file"),
    ],
)
def test_new_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], code: int, rule: str
) -> None:
    monkeypatch.chdir(tmp_path)
    refused(code, rule, "new", "Cup", "--game", "basra", *args)
    assert not (tmp_path / "tournament.toml").exists()


def test_teams_and_three_a_table(tmp_path: Path) -> None:
    teams = tmp_path / "teams"
    ok("new", "Pairs", "--game", "kozel", "--team", "A & B", "--team", "C & D", "--dir", str(teams))
    tables = json.loads(ok("pair", "--json", "--dir", str(teams)))["tables"]
    assert sorted(tables[0]["sides"]) == ["A & B", "C & D"]
    refused(
        1,
        "tournament.file",
        "new",
        "P",
        "--game",
        "bura",
        "--team",
        "A & B",
        "--team",
        "C & D",
        "--dir",
        str(tmp_path / "bura"),
    )
    three = tmp_path / "three"
    names = [x for k in range(7) for x in ("-p", f"P{k}")]
    ok("new", "Threes", "--game", "bura", "--table-size", "3", *names, "--dir", str(three))
    paired = json.loads(ok("pair", "--json", "--dir", str(three)))
    assert sorted(len(t["sides"]) for t in paired["tables"]) == [2, 2, 3] and paired["byes"] == []
    entrants = tmp_path / "entrants.csv"
    entrants.write_text("name,club\nAli,x\nOmar,y\n", encoding="utf-8")
    ok("new", "CSV", "--game", "basra", "--entrants", str(entrants), "--dir", str(tmp_path / "c"))


def test_show_does_not_import_networkx(tmp_path: Path) -> None:
    """A table command loads neither the director's commands nor pairing's library."""
    log = tmp_path / "m.toml"
    assert run("new", "basra", "-p", "A", "-p", "B", "-f", str(log)).exit_code == 0
    code = LOADED_AT_EXIT.format(argv=["show", "-f", str(log)])  # what had it loaded?
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "REFEREE_LANG": "en"},
    )
    assert done.returncode == 0, done.stderr
    loaded = loaded_at_exit(done.stderr)
    assert "referee.cli.commands.show" in loaded  # the table command's own module ...
    assert "referee.cli.commands.tournament" not in loaded  # ... not the director's commands
    assert not any(m.startswith("networkx") for m in loaded)  # nor pairing's library


@pytest.mark.parametrize(
    "command",
    ["new", "add", "drop", "pair", "result", "status", "standings", "verify", "recount", "close"],
)
def test_every_tournament_command_has_help(command: str) -> None:
    result = run("tournament", command, "--help")
    assert result.exit_code == 0 and "--dir" in result.stdout


def test_said_in_russian(tmp_path: Path) -> None:
    """Help and refusals in the reader's language (the entry point chooses it)."""
    env = {**os.environ, "REFEREE_LANG": "en"}
    cmd = [sys.executable, "-m", "referee", "--lang", "ru", "tournament"]
    done = subprocess.run(
        [*cmd, "pair", "--help"], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert done.returncode == 0 and "жеребьёвку следующего тура" in done.stdout
    done = subprocess.run(
        [*cmd, "status", "--dir", str(tmp_path)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 1 and "[tournament.file]" in done.stderr
    assert "здесь нет турнира" in done.stderr
