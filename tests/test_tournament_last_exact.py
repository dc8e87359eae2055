"""The tournament mutants the eighth mutation run of issue 36 left open (docs/mutation.md,
the tenth run), held to exact values: through the CLI, which logs a writing command reads
and counts (``result``, ``recount``) and a ``recount`` without ``--round`` when a table's
log changed in several earlier rounds; the Swiss pairing's joining of blocks (a crossing
priced at twice its gap)."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.tournament.model import History
from referee.tournament.pairing import two_cost
from referee.tournament.swiss import least_cost_two
from referee.words.lang import use
from scripts.tournament_robustness import play
from tests.conftest import run

NAMES = ("Ali", "Badr", "Hoda", "Omar")


@pytest.fixture(scope="module")
def third_round(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A Basra cup of four (seed 7, three rounds): rounds 1 and 2 played and counted,
    round 3 paired (table 1 Omar – Hoda, table 2 Ali – Badr), its logs not started."""
    folder = tmp_path_factory.mktemp("last") / "cup"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("REFEREE_LANG", "en")
        use("en")
        said(0, "new", "Cup", "--game", "basra", *(x for n in NAMES for x in ("-p", n)),
             "--seed", "7", "--rounds", "3", "--date", "2026-12-02", folder=folder)  # fmt: skip
        for r in (1, 2):
            said(0, "pair", folder=folder)
            for table in (1, 2):
                play(folder / f"round-{r}" / f"table-{table}.toml", 10 * r + table)
        said(0, "pair", folder=folder)
    yield folder


@pytest.fixture
def cup(third_round: Path, tmp_path: Path) -> Path:
    """A copy of the cup in its third round, for one test to change."""
    return Path(shutil.copytree(third_round, tmp_path / "cup"))


def said(code: int, *args: str, folder: Path) -> str:
    """What ``referee tournament ARGS --dir FOLDER`` says (stdout, or stderr when refused)."""
    done = run("tournament", *args, "--dir", str(folder))
    assert done.exit_code == code, done.stdout + done.stderr
    return str(done.stdout if code == 0 else done.stderr)


def states(folder: Path) -> list[list[str]]:
    """Every round's tables' states, from ``status --json``."""
    rounds = json.loads(said(0, "status", "--json", folder=folder))["rounds"]
    return [[tb["state"] for tb in r["tables"]] for r in rounds]


def step_lines(folder: Path, waiting: int) -> list[str]:
    """The next steps while table ``waiting`` (alone) of round 3 has no result."""
    d = f" --dir {shlex.quote(str(folder))}"
    decide = f"referee tournament result {waiting} --{{}} --reason TEXT{d}"
    return [
        f"Next: round 3 is in play; 1 table has no result yet: {waiting}.",
        f"Each table records its match (referee live -f "
        f"{shlex.quote(str(folder / f'round-3/table-{waiting}.toml'))}); for a table that "
        f"cannot finish, the director decides: {decide.format('time')} (time called: the "
        f"finished deals decide) or {decide.format('forfeit SIDE')} (a side did not play)",
        f"Or on the tables' phones: referee serve{d} --host 0.0.0.0 gives every table its "
        "page (the director's board has the slips to print, a QR code each); referee serve "
        f"--urls{d} prints the addresses",
    ]


def test_a_table_changed_in_two_earlier_rounds_is_recounted_by_round(cup: Path) -> None:
    """[tournament.changed] table 1's logs of rounds 1 and 2 both changed after they were
    counted: ``recount 1`` without ``--round`` names the table, both rounds and the exact
    command for each, with the folder it was typed with."""
    play(cup / "round-1/table-1.toml", 5)
    play(cup / "round-2/table-1.toml", 6)
    d = f"--dir {shlex.quote(str(cup))}"
    assert said(1, "recount", "1", "--reason", "sheet", folder=cup) == (
        "referee: [tournament.changed]: table 1 has a changed log in rounds 1, 2; say which: "
        f"referee tournament recount 1 --round 1 --reason TEXT {d}; "
        f"referee tournament recount 1 --round 2 --reason TEXT {d}\n"
    )


def test_a_recount_passes_over_a_missing_log_of_an_earlier_round(cup: Path) -> None:
    """Round 1's log of table 1 is gone and round 2's changed: ``recount 1`` looks past
    the missing one (nothing to compare) and recounts round 2's."""
    os.remove(cup / "round-1/table-1.toml")
    play(cup / "round-2/table-1.toml", 6)
    out = said(0, "recount", "1", "--reason", "sheet", folder=cup).splitlines()
    assert out[0].startswith("Recounted round 2, table 1: the new log (")
    assert out[0].endswith("…) is counted.")
    assert states(cup)[:2] == [["problem", "finished"], ["finished", "finished"]]


def test_a_decision_at_a_broken_table_still_counts_the_tables_after_it(cup: Path) -> None:
    """Round 3: table 1's log is broken and table 2 has finished. The forfeit at table 1
    counts table 2 (its digest recorded), so a later change of table 2's log is
    ``changed``, with the recount said."""
    (cup / "round-3/table-1.toml").write_text("not a log\n", encoding="utf-8")
    play(cup / "round-3/table-2.toml", 3)
    said(0, "result", "1", "--forfeit", "Omar", "--reason", "left", folder=cup)
    play(cup / "round-3/table-2.toml", 4)
    assert states(cup)[2] == ["problem", "changed"]
    assert said(0, "status", folder=cup).splitlines()[-2] == (
        "Round 3, table 2: its log changed after it was counted; accept it with referee "
        f"tournament recount 2 --round 3 --reason TEXT --dir {shlex.quote(str(cup))} (or put "
        "the counted log back)"
    )


def test_a_forfeit_at_a_table_not_started_records_its_log_as_not_complete(cup: Path) -> None:
    """tournament.md: a decided table is counted too, ``complete = false`` while its log
    is unfinished: the file holds that count (the log's digest, during round 3)."""
    said(0, "result", "1", "--forfeit", "Omar", "--reason", "left", folder=cup)
    written = tomllib.loads((cup / "tournament.toml").read_text(encoding="utf-8"))
    counts = written["round"][2]["tables"][0]["counts"]
    assert [(c["during"], c["complete"], c["totals"]) for c in counts] == [
        (3, False, {"Omar": 0, "Hoda": 0})
    ]
    status = json.loads(said(0, "status", "--json", folder=cup))
    assert status["rounds"][2]["tables"][0]["state"] == "decided"
    said(0, "result", "2", "--forfeit", "Ali", "--reason", "ill", folder=cup)
    written = tomllib.loads((cup / "tournament.toml").read_text(encoding="utf-8"))
    assert len(written["round"][2]["tables"][0]["counts"]) == 1  # not counted twice


def test_a_forfeit_taken_back_after_the_match_finished_counts_the_log(cup: Path) -> None:
    """Table 1 forfeited before it started, then played to the end and the forfeit taken
    back: the finished log is counted then, so a later change of it is ``changed``."""
    said(0, "result", "1", "--forfeit", "Omar", "--reason", "left", folder=cup)
    play(cup / "round-3/table-1.toml", 3)
    out = said(0, "result", "1", "--undo", folder=cup).splitlines()
    assert out == ["Table 1: the last decision is taken back.", *step_lines(cup, 2)]
    play(cup / "round-3/table-1.toml", 4)
    assert states(cup)[2] == ["changed", "not-started"]


def test_time_is_called_on_a_finished_table_already_counted(cup: Path) -> None:
    """Table 1 of round 3 finished and was counted by the forfeit at table 2; time called
    at table 1 afterwards reads its log (the current round's logs are read even when
    counted) and is recorded."""
    play(cup / "round-3/table-1.toml", 3)
    said(0, "result", "2", "--forfeit", "Ali", "--reason", "ill", folder=cup)
    out = said(0, "result", "1", "--time", "--reason", "clock", folder=cup)
    assert out.splitlines()[0] == "Table 1: decided (time called), reason recorded."
    written = tomllib.loads((cup / "tournament.toml").read_text(encoding="utf-8"))
    time = written["round"][2]["tables"][0]["decisions"][0]
    counted = written["round"][2]["tables"][0]["counts"][0]
    assert (time["kind"], time["totals"]) == ("time", counted["totals"])


def test_a_result_reads_only_the_logs_it_counts_and_status_names_the_rest(cup: Path) -> None:
    """A decision reads the current round's logs and those not yet counted, not every
    log (report.next_steps: only the tables read are looked at for a changed log): round
    1's table 2 changed after it was counted is named by ``status``, not by ``result``."""
    play(cup / "round-1/table-2.toml", 6)
    play(cup / "round-3/table-1.toml", 3)
    d = f"--dir {shlex.quote(str(cup))}"
    assert said(0, "result", "2", "--forfeit", "Ali", "--reason", "ill", folder=cup) == (
        "Table 2: decided (forfeit), reason recorded.\n"
        "Next: every table of the last round has a result; close the tournament: "
        f"referee tournament close {d}\n"
    )
    assert said(0, "status", folder=cup).splitlines()[-2:] == [
        "Round 1, table 2: its log changed after it was counted; accept it with referee "
        f"tournament recount 2 --round 1 --reason TEXT {d} (or put the counted log back)",
        f"Next: every table of the last round has a result; close the tournament: "
        f"referee tournament close {d}",
    ]


def test_a_recount_reads_the_current_rounds_logs_and_its_tables_rounds(cup: Path) -> None:
    """Round 1's tables 1 and 2 changed; round 3's table 2 finished. ``recount 1`` reads
    table 1's log of every round (finds round 1's) and the logs not yet counted (round 3's
    table 2 is counted: only table 1 waits), not round 1's table 2 (``status`` names it)."""
    play(cup / "round-1/table-1.toml", 5)
    play(cup / "round-1/table-2.toml", 6)
    play(cup / "round-3/table-2.toml", 3)
    out = said(0, "recount", "1", "--reason", "sheet", folder=cup).splitlines()
    assert out[0].startswith("Recounted round 1, table 1: the new log (")
    assert out[1:] == step_lines(cup, 1)
    assert states(cup) == [
        ["finished", "changed"],
        ["finished", "finished"],
        ["not-started", "finished"],
    ]


def test_blocks_are_joined_when_crossing_twice_the_gap_costs_less_than_it_gains() -> None:
    """Eight sides on 1, 1, 3, 3, 5, 5, 8, 8. Samir has met Zaid, Hoda and Omar, Badr has
    met Zaid, Ali has met Hoda and Omar: the six lower sides alone pair at best with 8
    points of difference (Ali – Zaid, Badr – Samir). Crossing the gap of 3 up to Nour and
    Rami costs at least twice 3, less than the 8 it can gain: the blocks are joined and the
    least cost found is 6 (Zaid – Nour, Samir – Rami, each 3 apart)."""
    points = {"Ali": 1, "Badr": 1, "Hoda": 3, "Omar": 3, "Zaid": 5, "Samir": 5, "Nour": 8,
              "Rami": 8}  # fmt: skip
    met = [("Samir", "Zaid"), ("Samir", "Omar"), ("Samir", "Hoda"), ("Badr", "Zaid"),
           ("Omar", "Ali"), ("Hoda", "Ali")]  # fmt: skip
    history = History(frozenset(frozenset(p) for p in met), frozenset(), {})
    got = least_cost_two(list(points), points, history)
    assert got == ([("Ali", "Badr"), ("Hoda", "Omar"), ("Zaid", "Nour"), ("Samir", "Rami")], [])
    assert two_cost(*got, points, history) == (0, 0, 6, 0)
