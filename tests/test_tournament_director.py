"""The director's day through the CLI (issue 38): withdrawn as it was after round N, a
table with a deal in play is ``playing``, the next step said at every step with its exact
command, ``recount`` finding the changed log itself, standings with one column per
meaning, and the small refusals (a side named twice, a fraction of a match point)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.log.file import dumps, load, write_atomic
from scripts.tournament_robustness import play

from .conftest import run

NAMES = ("Ali", "Omar", "Zaid", "Hoda", "Samir")


def ok(*args: str) -> str:
    result = run("tournament", *args)
    assert result.exit_code == 0, result.stdout + result.stderr
    return str(result.stdout)


def refused(code: int, *args: str) -> str:
    result = run("tournament", *args)
    assert result.exit_code == code, result.stdout + result.stderr
    return str(result.stderr)


@pytest.fixture
def event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    said = ok("new", "Cafe Cup", "--game", "basra", *(x for n in NAMES for x in ("-p", n)),
              "--seed", "7", "--rounds", "3", "--date", "2026-12-02")  # fmt: skip
    assert said.splitlines()[-1] == "Next: pair round 1: referee tournament pair"
    return tmp_path


def play_round(folder: Path, seed: int) -> dict[str, object]:
    paired: dict[str, object] = json.loads(ok("pair", "--json"))
    for t in paired["tables"]:  # type: ignore[attr-defined]
        play(folder / t["log"], seed + t["table"])
    return paired


def half_dealt(path: Path) -> None:
    """The table's log with one deal dealt and half played: nothing finished yet."""
    play(path, 3, deals=1)
    match, _ = load(path)
    assert match is not None
    deal = match.deals[0]
    deal.plays = deal.plays[: len(deal.plays) // 2]
    deal.score = None
    match.result_totals = match.result_winner = None
    write_atomic(path, dumps(match))


def withdrawn(*args: str) -> dict[str, bool]:
    rows = json.loads(ok("standings", "--json", *args))["rows"]
    return {r["name"]: r["withdrawn"] for r in rows}


def test_withdrawn_after_round_n_is_withdrawn_as_it_was_then(event: Path) -> None:
    """A side that drops after round 1's results is not withdrawn after round 1 (round 2,
    the first paired without it, is not part of it), and is after round 2."""
    play_round(event, 1)
    ok("drop", "Ali")
    assert withdrawn("--after-round", "1")["Ali"] is False
    assert withdrawn()["Ali"] is True  # now: the director has dropped it
    play_round(event, 11)
    assert withdrawn("--after-round", "1")["Ali"] is False
    assert withdrawn("--after-round", "2")["Ali"] is True
    csv = ok("standings", "--csv", "--after-round", "1").splitlines()
    ali = next(line for line in csv if ",Ali," in line)
    assert ali.endswith(",false")


def test_a_deal_in_play_is_playing_with_the_deals_so_far(event: Path) -> None:
    paired = json.loads(ok("pair", "--json"))
    first, second = paired["tables"]
    half_dealt(event / first["log"])
    play(event / second["log"], 4, deals=1)
    states = [t["state"] for t in json.loads(ok("status", "--json"))["rounds"][0]["tables"]]
    assert states == ["playing", "playing"]
    said = ok("status")
    a, b = first["sides"]
    assert f"playing deal 1: 0 deals finished, {a} 0, {b} 0" in said
    assert re.search(r"playing: 1 deal finished, \w+ \d+, \w+ \d+", said), said
    assert "1 deals" not in said


def test_the_next_step_is_said_at_every_step(event: Path) -> None:
    assert ok("status").splitlines()[-1] == "Next: pair round 1: referee tournament pair"
    said = ok("pair")
    assert "  table 1: " in said and ": referee live -f round-1/table-1.toml" in said
    assert ": referee live -f round-1/table-2.toml" in said
    assert "when every table has a result: referee tournament pair" in said
    assert "referee tournament result 1 --time --reason TEXT" in said
    pending = refused(1, "pair")
    assert "[tournament.pending]" in pending
    assert "referee tournament result 1 --time --reason TEXT" in pending
    assert "referee tournament result 1 --forfeit SIDE --reason TEXT" in pending
    status = ok("status")
    assert "Next: round 1 is in play; 2 tables have no result yet: 1 and 2." in status
    assert "(referee live -f round-1/table-1.toml)" in status
    play(event / "round-1/table-1.toml", 1)
    decided = ok("result", "2", "--time", "--reason", "clock")
    assert decided.splitlines()[-1] == (
        "Next: every table of round 1 has a result; pair round 2: referee tournament pair"
    )
    play_round(event, 10)
    play(event / "round-1/table-1.toml", 5)  # a corrected sheet, after round 2 was paired
    checked = run("tournament", "verify")
    assert checked.exit_code == 1 and (
        "[tournament.changed] (round 1, table 1): round-1/table-1.toml changed after it was "
        "counted; accept it with referee tournament recount 1 --round 1 --reason TEXT"
    ) in str(checked.stdout)
    status = ok("status")
    assert (
        "Round 1, table 1: its log changed after it was counted; accept it with "
        "referee tournament recount 1 --round 1 --reason TEXT" in status
    )
    play_round(event, 20)
    assert ok("status").splitlines()[-1] == (
        "Next: every table of the last round has a result; close the tournament: "
        "referee tournament close"
    )
    ok("recount", "1", "--round", "1", "--reason", "sheet corrected")
    closed = ok("close").splitlines()
    assert closed[-1] == (
        "Next: the tournament is closed; the final standings: referee tournament standings; "
        "the results pages: referee tournament publish -o site"
    )


def test_the_commands_name_the_folder_when_it_is_not_the_current_one(tmp_path: Path) -> None:
    cup = tmp_path / "my cup"
    said = ok("new", "Cup", "--game", "basra", "-p", "A", "-p", "B", "--dir", str(cup))
    assert said.splitlines()[-1] == f"Next: pair round 1: referee tournament pair --dir '{cup}'"
    said = ok("pair", "--dir", str(cup))
    assert f"referee live -f '{cup}/round-1/table-1.toml'" in said


def test_recount_finds_the_changed_log_of_an_earlier_round(event: Path) -> None:
    play_round(event, 1)
    play_round(event, 10)
    ok("pair")  # round 3 is current: its table 1 has not been counted
    nothing = refused(1, "recount", "1", "--reason", "x")
    assert "[tournament.changed]: table 1: no log of it has changed since it was counted" in (
        nothing
    )
    play(event / "round-1/table-1.toml", 5)
    said = ok("recount", "1", "--reason", "sheet corrected")
    assert said.startswith("Recounted round 1, table 1: ")
    assert json.loads(ok("verify", "--json"))["ok"] is True
    play(event / "round-1/table-1.toml", 6)
    play(event / "round-2/table-1.toml", 7)
    both = refused(1, "recount", "1", "--reason", "x")
    assert "[tournament.changed]" in both
    assert "referee tournament recount 1 --round 1 --reason TEXT" in both
    assert "referee tournament recount 1 --round 2 --reason TEXT" in both
    assert ok("recount", "1", "--round", "2", "--reason", "y").startswith("Recounted round 2")


def heads_and_rows(text: str) -> tuple[list[str], list[str]]:
    lines = text.splitlines()
    rule = next(i for i, line in enumerate(lines) if set(line) <= {"-", " "} and "-" in line)
    spans = [m.span() for m in re.finditer(r"-+", lines[rule])]
    heads = [lines[rule - 1][a:b].strip() for a, b in spans]
    return heads, lines[rule + 1 :]


def test_standings_for_people_have_one_column_per_meaning_each_headed(event: Path) -> None:
    play_round(event, 1)
    ok("drop", "Ali")
    heads, rows = heads_and_rows(ok("standings"))
    assert heads == ["#", "name", "match points", "Buchholz less the lowest", "Buchholz",
                     "Sonneborn–Berger", "wins", "game points", "played", "won", "drawn",
                     "lost", "byes", "withdrawn"]  # fmt: skip
    ali = next(r for r in rows if " Ali " in r)
    assert ali.rstrip().endswith("yes")
    other = Path("other")
    ok("new", "Other", "--game", "basra", "-p", "A", "-p", "B", "--tiebreak", "wins",
       "--dir", str(other))  # fmt: skip
    heads, _ = heads_and_rows(ok("standings", "--dir", str(other)))
    assert heads == ["#", "name", "match points", "wins", "played", "won", "drawn", "lost",
                     "byes", "game points", "withdrawn"]  # fmt: skip


@pytest.mark.parametrize(
    "args,said",
    [
        (["--points", "Omar=2", "--points", "Omar=3"], "--points: 'Omar' is named twice"),
        (["--forfeit", "Omar", "--forfeit", "Omar"], "--forfeit: 'Omar' is named twice"),
        (["--points", "Omar=1.5"], "use win=2,draw=1,bye=2 for 1 / ½ / 0"),
        (["--points", "Omar=½"], "match points are whole numbers"),
        (["--points", "Omar=x"], "--points: expected SIDE=N, found 'Omar=x'"),
    ],
)
def test_result_refuses_a_side_named_twice_and_fractions(
    event: Path, args: list[str], said: str
) -> None:
    ok("pair")
    before = Path("tournament.toml").read_bytes()
    err = refused(2, "result", "1", *args, "--reason", "x")
    assert "usage" in err and said in err
    assert Path("tournament.toml").read_bytes() == before


@pytest.mark.parametrize(
    "points,said",
    [
        ("win=1,draw=0.5,bye=1", "use win=2,draw=1,bye=2 for 1 / ½ / 0"),
        ("win=2,win=3", "--points: win is named twice"),
    ],
)
def test_new_refuses_fractions_and_repeats_of_match_points(
    tmp_path: Path, points: str, said: str
) -> None:
    err = refused(2, "new", "C", "--game", "basra", "-p", "A", "-p", "B", "--points", points,
                  "--dir", str(tmp_path))  # fmt: skip
    assert said in err and not (tmp_path / "tournament.toml").exists()


def test_a_log_with_a_problem_is_named_with_the_command_that_checks_it(event: Path) -> None:
    ok("pair")
    log = event / "round-1/table-1.toml"
    log.write_text("not a log [", encoding="utf-8")
    said = ok("status")
    line = next(x for x in said.splitlines() if x.startswith("Table 1: "))
    assert line.endswith(
        "; correct the log (referee verify round-1/table-1.toml) or decide the table"
    )
    assert line.startswith("Table 1: [log.toml] (line 1, column 5): not valid TOML")
