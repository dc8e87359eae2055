"""The tournament's pairing, decisions and publication held to exact values (the third
mutation run of issue 36, docs/mutation.md): which of several least-cost pairings the
Swiss search returns (the order given decides ties, so the same file and seed give the
same pairing), a decision taken back in a later round, a double forfeit, the director's
refusals with their rule and why, a round robin's rounds as it grows, a recount."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from referee.tournament.model import Decision, History, Table
from referee.tournament.results import places_by
from referee.tournament.swiss import least_cost_two
from scripts.tournament_robustness import play

from .conftest import run
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


def said(code: int, *args: str) -> str:
    """The one line a refused tournament command says."""
    result = run("tournament", *args)
    assert result.exit_code == code, result.stdout + result.stderr
    return result.stderr.strip()


def test_the_directors_commands_refuse_with_their_rule_and_why(cup: Path) -> None:
    """tournament.md: each refusal names its rule and says what was expected."""
    assert said(1, "result", "1", "--time", "--reason", "x") == (
        "referee: [tournament.round]: round 0 has not been paired"
    )
    ok("pair")
    assert said(1, "result", "1", "--forfeit", "Ali", "--reason", "x") == (
        "referee: [tournament.table]: 'Ali' is not at table 1 (Omar, Hoda)"
    )
    assert said(1, "result", "1", "--undo") == (
        "referee: [tournament.table]: table 1 has no decision to take back"
    )
    assert said(1, "result", "9", "--time", "--reason", "x") == (
        "referee: [tournament.table]: round 1 has no table 9"
    )
    assert said(1, "result", "1", "--time", "--reason", "a\nb") == (
        "referee: [tournament.file]: reason: 'a\\nb' holds a control, bidi or invisible character"
    )
    assert said(1, "drop", "Nobody") == (
        "referee: [tournament.file]: 'Nobody' is not an entrant (Ali, Omar, Zaid, Hoda)"
    )
    assert said(1, "close") == (
        "referee: [tournament.round]: round 1 of 2 is the last paired; pair every round first"
    )
    log = cup / "round-1" / "table-1.toml"
    log.unlink()
    cannot = "referee: [tournament.table]: round-1/table-1.toml: time cannot be called on a log"
    assert said(1, "result", "1", "--time", "--reason", "x") == (
        f"{cannot} that does not verify: the log is missing"
    )
    log.write_text("junk\n", "utf-8")
    assert said(1, "result", "1", "--time", "--reason", "x").startswith(
        f"{cannot} that does not verify: [log.toml] (line 1, column 5): not valid TOML"
    )


def test_new_refuses_entrants_it_cannot_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """new: one side, a table size the game does not allow, four individuals at a table of
    a partnership game, a name entered twice whatever its case, teams beside players, a
    control character in the name, a round robin's rounds other than its own."""
    monkeypatch.chdir(tmp_path)
    assert said(1, "new", "Cup", "--game", "bura", "-p", "A", "-p", "B", "--table-size", "9") == (
        "referee: [tournament.file]: bura is played by 2 to 6 players, not 9"
    )
    four = ("-p", "A", "-p", "B", "-p", "C", "-p", "D", "--table-size", "4")
    assert said(1, "new", "Cup", "--game", "basra", *four) == (
        "referee: [tournament.file]: individual entrants at tables of 4 in basra need"
        " --rule partnerships=false"
    )
    assert said(1, "new", "Cup", "--game", "basra", "-p", "A", "-p", "a") == (
        "referee: [tournament.file]: 'a' is entered twice; names must be unique"
    )
    assert said(1, "new", "Cup", "--game", "basra", "--team", "A & B", "-p", "C") == (
        "referee: [tournament.file]: entrants are all teams or all players, not both"
    )
    assert said(1, "new", "a\nb", "--game", "basra", "-p", "A", "-p", "B") == (
        "referee: [tournament.file]: name: 'a\\nb' holds a control, bidi or invisible character"
    )
    robin = ("-p", "A", "-p", "B", "-p", "C", "-p", "D", "--system", "round-robin")
    assert said(1, "new", "Cup", "--game", "basra", *robin, "--rounds", "5") == (
        "referee: [tournament.file]: a round robin of 4 sides has 3 rounds, not 5"
    )
    assert said(1, "new", "Cup", "--game", "basra", "-p", "Ali") == (
        "referee: [tournament.file]: 1 side cannot be paired at tables of 2"
    )


def test_a_round_robin_grows_until_it_begins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[tournament.round] a round robin of n sides has n - 1 rounds (n even) or n (odd);
    once paired it takes no entrant."""
    monkeypatch.chdir(tmp_path)
    names = ("Ali", "Omar", "Zaid", "Hoda")
    ok(
        "new",
        "Cup",
        "--game",
        "basra",
        *(x for n in names for x in ("-p", n)),
        "--system",
        "round-robin",
    )
    rounds = []
    for name in ("Samir", "Rana"):
        ok("add", name)
        text = (tmp_path / "tournament.toml").read_text("utf-8")
        rounds.append(re.search(r"^rounds = (\d+)$", text, re.M).group(1))  # type: ignore[union-attr]
    assert rounds == ["5", "5"]
    ok("pair")
    assert said(1, "add", "Late") == (
        "referee: [tournament.round]: a round robin takes no entrant once it has begun"
    )


def test_a_recount_refused_says_why_and_one_accepted_is_dated(cup: Path) -> None:
    """[tournament.changed] a counted log that changed is recounted only when it verifies
    and is decided; the new count records when it was made and why."""
    ok("pair")
    log = cup / "round-1" / "table-1.toml"
    empty = log.read_text("utf-8")
    play(log, 1)
    play(cup / "round-1" / "table-2.toml", 2)
    ok("pair")
    full = log.read_text("utf-8")
    cannot = "referee: [tournament.table]: round-1/table-1.toml cannot be counted: "
    log.unlink()
    assert said(1, "recount", "1", "--round", "1", "--reason", "x") == cannot + "the log is missing"
    log.write_text("junk\n", "utf-8")
    assert said(1, "recount", "1", "--round", "1", "--reason", "x").startswith(
        cannot + "[log.toml] (line 1, column 5): not valid TOML"
    )
    log.write_text(empty, "utf-8")
    assert (
        said(1, "recount", "1", "--round", "1", "--reason", "x")
        == cannot + "the match is not decided"
    )
    log.write_text(full.replace("[[deals]]\n", '[[deals]]\nnote = "checked"\n', 1), "utf-8")
    assert (
        "Round 1, table 1: its log changed after it was counted; accept it with referee"
        " tournament recount 1 --round 1 --reason TEXT (or put the counted log back)"
    ) in ok("status").splitlines()
    ok("recount", "1", "--round", "1", "--reason", "typo fixed")
    text = (cup / "tournament.toml").read_text("utf-8")
    assert re.search(r'\nat = "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"\nreason = "typo fixed"\n', text)
    assert re.search(r"\n  table 1: recounted at [^:]+\d\d:\d\d: typo fixed\n", ok("status"))


PHONES = (
    "Or on the tables' phones: referee serve{dir} --host 0.0.0.0 gives every table its page"
    " (the director's board has the slips to print, a QR code each); referee serve --urls{dir}"
    " prints the addresses"
)
DECIDES = (
    "referee tournament result 1 --time --reason TEXT{dir} (time called: the finished deals"
    " decide) or referee tournament result 1 --forfeit SIDE --reason TEXT{dir} (a side did"
    " not play)"
)


def test_the_next_steps_name_the_folder_as_it_must_be_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pair from outside the folder says every command with ``--dir``, quoted; status
    inside it says them bare."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ali", "Omar", "Zaid", "Hoda") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", *names, "--seed", "7", "--dir", "the cup")
    lines = ok("pair", "--dir", "the cup").splitlines()
    there = " --dir 'the cup'"
    assert lines[-2:] == [
        PHONES.format(dir=there),
        "For a table that cannot finish, the director decides: " + DECIDES.format(dir=there),
    ]
    monkeypatch.chdir(tmp_path / "the cup")
    lines = ok("status").splitlines()
    assert lines[-2:] == [
        "Each table records its match (referee live -f round-1/table-1.toml); for a table that"
        " cannot finish, the director decides: " + DECIDES.format(dir=""),
        PHONES.format(dir=""),
    ]


def test_status_says_each_table_and_each_decision(cup: Path) -> None:
    """status: a table's sides, state, match points and log; each decision with its kind,
    time and reason, one taken back said so."""
    ok("pair")
    ok("result", "1", "--forfeit", "Hoda", "--reason", "did not come")
    ok("result", "1", "--undo")
    ok("result", "2", "--time", "--reason", "out of time")
    play(cup / "round-1" / "table-1.toml", 1)
    said = ok("status")
    when = r"\d+ December 2026, \d\d:\d\d"
    assert re.search(
        rf"\n  table 1: forfeit at {when}: did not come \(taken back at {when}\)\n", said
    )
    assert re.search(rf"\n  table 2: time called at {when}: out of time\n", said)
    assert re.search(
        r"\n +1 +Omar – Hoda +finished +Omar \d, Hoda \d +round-1/table-1\.toml\n", said
    )
    assert re.search(
        r"\n +2 +Zaid – Ali +decided by the director +Zaid 1, Ali 1 +round-1/table-2\.toml\n", said
    )


def test_a_name_a_spreadsheet_would_run_is_quoted_in_the_csv(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """standings --csv: a name beginning with = + - or @ is written after a quote."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("+Ali", "=Omar", "-Zaid", "@Hoda") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", *names, "--seed", "7")
    rows = ok("standings", "--csv").splitlines()[1:]
    assert [r.split(",")[1] for r in rows] == ["'+Ali", "'-Zaid", "'=Omar", "'@Hoda"]


def test_a_log_that_is_not_the_tables_is_a_problem_of_the_table(cup: Path) -> None:
    """tournament.table: a log of other players, one of other rules and a folder in a
    log's place are each said in status; publish writes no sheet for such a table."""
    ok("pair")
    one, two = cup / "round-1" / "table-1.toml", cup / "round-1" / "table-2.toml"
    text = one.read_text("utf-8")
    one.write_text(text.replace('    "Hoda",\n]', '    "Samir",\n]', 1), "utf-8")
    two.write_text(two.read_text("utf-8").replace("target = 101\n", "target = 51\n"), "utf-8")
    rows = ok("status").splitlines()
    problem = (
        "Omar – Hoda  problem: [tournament.table]: the log's players are Omar, Samir, the"
        " table's Omar, Hoda"
    )
    assert any(r.strip().startswith(f"1  {problem}") for r in rows), rows
    rules = (
        "Zaid – Ali   problem: [tournament.table]: the log's rules differ from the"
        " tournament's: target"
    )
    assert any(r.strip().startswith(f"2  {rules}") for r in rows), rows
    ok("publish", "-o", "site")
    listed = json.loads((cup / "site" / "referee-publication.json").read_text("utf-8"))["files"]
    assert [f for f in listed if f.startswith("sheets/")] == []
    one.unlink()
    one.mkdir()
    rows = ok("status").splitlines()
    folder = "Omar – Hoda  problem: [log.file]: round-1/table-1.toml: is a folder, not a match log"
    assert any(r.strip().startswith(f"1  {folder}") for r in rows), rows


def test_entrants_from_a_csv_need_a_name_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "players.csv").write_text("player\nAli\n", "utf-8")
    (tmp_path / "empty.csv").write_text("", "utf-8")
    for name in ("players.csv", "empty.csv"):
        assert said(1, "new", "Cup", "--game", "basra", "--entrants", name) == (
            f"referee: [tournament.file]: {name}: expected a header row with a name column"
        )


def test_verify_of_a_broken_tournament_file_names_each_key(cup: Path) -> None:
    (cup / "tournament.toml").write_text("format = 5\n", "utf-8")
    result = run("tournament", "verify", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["problems"][:2] == [
        {"rule": "tournament.file", "message": 'format: expected "referee-tournament", found 5'},
        {"rule": "tournament.file", "message": "version: expected 1, found None"},
    ]
    (cup / "tournament.toml").unlink()
    result = run("tournament", "verify", "--json")
    assert json.loads(result.stdout)["problems"] == [
        {"rule": "tournament.file", "message": "tournament.toml: no such file"}
    ]


def test_a_kozel_table_of_three_places_the_fewest_penalties_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kozel's totals are penalties (lower wins): at a table of three the winner scores 4
    match points, the side with fewer penalty points of the other two 2, the last 0."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ivan", "Petr", "Olga") for x in ("-p", n)]
    ok("new", "Cup", "--game", "kozel", "--table-size", "3", *names, "--seed", "7")
    ok("pair")
    play(tmp_path / "round-1" / "table-1.toml", 3)
    score = json.loads(run("score", "round-1/table-1.toml", "--json").stdout)
    assert (score["totals"], score["winner"]) == ({"Petr": 4, "Ivan": 12, "Olga": 14}, "Petr")
    table = json.loads(ok("status", "--json"))["rounds"][0]["tables"][0]
    assert table["match_points"] == {"Petr": 4, "Ivan": 2, "Olga": 0}
    assert places_by(("A", "B", "C"), {"A": 5, "B": 9, "C": 5}, True, None) == {
        "A": 0,
        "B": 2,
        "C": 0,
    }


def test_pairing_refused_over_a_stray_log_or_a_lone_side(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[tournament.round] a file where a table's log would go is never written over, nor a
    log written through a link; a round with one active side cannot be paired."""
    monkeypatch.chdir(tmp_path)
    ok("new", "Cup", "--game", "basra", "-p", "Ali", "-p", "Omar", "--seed", "7")
    (tmp_path / "round-1").mkdir()
    (tmp_path / "round-1" / "table-1.toml").write_text("x\n", "utf-8")
    assert said(1, "pair") == (
        "referee: [tournament.round]: round-1/table-1.toml exists and is not part of the"
        " tournament; move it away"
    )
    assert (tmp_path / "round-1" / "table-1.toml").read_text("utf-8") == "x\n"
    shutil.rmtree(tmp_path / "round-1")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "round-1").symlink_to(tmp_path / "elsewhere")
    assert said(1, "pair") == (
        "referee: [tournament.round]: round-1/table-1.toml goes through a symbolic link"
        " (round-1): a round's logs are written only into the tournament's own folders; move"
        " the link away"
    )
    assert list((tmp_path / "elsewhere").iterdir()) == []
    (tmp_path / "round-1").unlink()
    ok("drop", "Omar")
    assert said(1, "pair") == (
        "referee: [tournament.round]: 1 active side cannot be paired at tables of 2"
    )


def test_teams_are_two_members_named_as_typed_and_closing_waits_for_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A team of three is refused, and teams in a game without partnerships; a team typed
    with extra spaces is named "A & B"; close
    names the table still without a result and the commands that decide it."""
    monkeypatch.chdir(tmp_path)
    assert said(1, "new", "Cup", "--game", "basra", "--team", "Ali & Omar & Sami") == (
        "referee: [tournament.file]: 'Ali & Omar & Sami': a team is two members joined by \" & \""
    )
    assert said(
        1, "new", "Cup", "--game", "bura", "--team", "Ali & Omar", "--team", "Zaid & Hoda"
    ) == (
        "referee: [tournament.file]: teams of two play at tables of 4 in a partnership game"
        " (bura with partnerships), not 4"
    )
    ok("new", "Cup", "--game", "basra", "--team", "Ali &  Omar", "--team", "Zaid & Hoda")
    text = (tmp_path / "tournament.toml").read_text("utf-8")
    assert '[[entrants]]\nname = "Ali & Omar"\nmembers = [' in text
    ok("pair")
    assert said(1, "close") == (
        "referee: [tournament.pending]: round 1: no result yet at table 1; the table finishes"
        " its match, or the director decides it: " + DECIDES.format(dir="")
    )
