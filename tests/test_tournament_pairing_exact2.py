"""The tournament's pairing, ranking and results held to exact values (the eighth mutation
run of issue 36, docs/mutation.md): each test kills mutants of ``pairing``, ``seats``,
``standings``, ``swiss``, ``rounds``, ``results``, ``crosstable``, ``director`` or
``report`` that survived the rest of the suite."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import time
from dataclasses import replace
from pathlib import Path

import pytest

from referee.log.file import load
from referee.messages import sentence
from referee.problems import Problem
from referee.tournament import store
from referee.tournament.crosstable import Event, event
from referee.tournament.model import History, Round
from referee.tournament.pairing import numbered, two_cost
from referee.tournament.report import (
    decision_line,
    number,
    pair_steps,
    standings_of,
    state_said,
)
from referee.tournament.results import LogFacts
from referee.tournament.rounds import now
from referee.tournament.swiss import FLOATERS, _greedy, least_cost_two
from referee.tournament.verify import results
from referee.words.lang import plain
from referee.words.terms import when_said
from scripts.tournament_robustness import play

from .test_tournament_cli import ok
from .test_tournament_exact2 import said as said_by


def test_tables_level_on_the_top_score_are_numbered_by_their_total() -> None:
    """Both tables hold a side on 3: the one whose sides have more match points together
    (Zaid 3 + Omar 2 against Ali 3 + Badr 0) is table 1; each seats first the side that
    has sat first less often (Omar, Badr)."""
    past = History(frozenset(), frozenset(), {"Ali": 1, "Zaid": 1})
    points = {"Ali": 3, "Badr": 0, "Zaid": 3, "Omar": 2}
    tables = numbered([["Ali", "Badr"], ["Zaid", "Omar"]], points, past, random.Random(1))
    assert tables == (("Omar", "Zaid"), ("Badr", "Ali"))


def met(*pairs: tuple[str, str], byes: tuple[str, ...] = ()) -> History:
    """A history of these meetings and these sides that have had a bye."""
    return History(frozenset(frozenset(p) for p in pairs), frozenset(byes), {})


def test_a_side_stuck_without_an_opponent_undoes_the_pairing_before_it() -> None:
    """Four level sides, Hoda and Omar have met: Ali takes Badr first, which leaves Hoda
    only Omar; that pairing is undone and Ali takes the next side it may meet (Hoda), so
    Badr meets Omar."""
    order = ["Ali", "Badr", "Hoda", "Omar"]
    got = least_cost_two(order, dict.fromkeys(order, 0), met(("Hoda", "Omar")))
    assert got == ([("Ali", "Hoda"), ("Badr", "Omar")], [])


def test_a_repeat_meeting_costs_more_than_a_repeat_bye_and_a_float() -> None:
    """Badr (2) has met Ali (0) and Omar (2), and Badr and Omar have had a bye: a bye to
    Ali leaves Badr to meet Omar again; the least cost gives Badr the bye again and floats
    Omar down to Ali (tournament.md's order: repeats first, then repeat byes)."""
    points = {"Ali": 0, "Badr": 2, "Omar": 2}
    history = met(("Ali", "Badr"), ("Badr", "Omar"), byes=("Badr", "Omar"))
    got = least_cost_two(list(points), points, history)
    assert got == ([("Omar", "Ali")], ["Badr"])
    assert two_cost(*got, points, history) == (0, 1, 2, 2)


def test_a_repeat_bye_costs_more_than_any_floats() -> None:
    """Zaid alone has had no bye; giving it to him floats Ali and Badr (0) up to Hoda and
    Omar (2), 4 points of difference, rather than give Omar a second bye with none."""
    points = {"Ali": 0, "Badr": 0, "Hoda": 2, "Omar": 2, "Zaid": 2}
    history = met(("Omar", "Hoda"), ("Omar", "Zaid"), byes=("Ali", "Badr", "Hoda", "Omar"))
    got = least_cost_two(list(points), points, history)
    assert got == ([("Ali", "Hoda"), ("Badr", "Omar")], ["Zaid"])
    assert two_cost(*got, points, history) == (0, 0, 4, 2)


def test_the_greedy_floats_the_eighth_side_it_tries() -> None:
    """Nine sides on 2 over nine on 0 (drawn S0 to S8); S1 has met the eight others on 2,
    so a float of any other side leaves S1 without an opponent. The greedy tries the last
    drawn first (S8 to S2: seven fail) and floats S1, the eighth of the FLOATERS it tries:
    the block is paired at its bound without blossom."""
    top = [f"S{i}" for i in range(9)]
    low = [f"B{i}" for i in range(9)]
    past = History(frozenset(frozenset(("S1", s)) for s in top if s != "S1"), frozenset(), {})
    assert FLOATERS == 8
    assert _greedy([top, low], past) == [
        ("S0", "S2"),
        ("S3", "S4"),
        ("S5", "S6"),
        ("S7", "S8"),
        ("S1", "B0"),
        ("B1", "B2"),
        ("B3", "B4"),
        ("B5", "B6"),
        ("B7", "B8"),
    ]


def test_a_side_that_has_met_the_whole_next_group_does_not_float_into_it() -> None:
    """Score groups on 2 (T1 to T3), 1 (M1, M2) and 0 (L1 to L3), top down: T3, drawn last,
    has met both sides on 1, so T2 floats to them instead, and M2 floats on to the sides on
    0 (T3 has met none of those: only the next group counts)."""
    groups = [["T1", "T2", "T3"], ["M1", "M2"], ["L1", "L2", "L3"]]
    got = _greedy(groups, met(("T3", "M1"), ("T3", "M2")))
    assert got == [("T1", "T3"), ("T2", "M1"), ("M2", "L1"), ("L2", "L3")]


@pytest.fixture
def cup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Five at Basra over two rounds: round 1 Omar beats Zaid at table 1 (their log played
    out), Hoda forfeits to Samir at table 2, Ali has the bye; round 2 Ali and Zaid are set
    1 point each, the log of Hoda and Omar is broken, Samir has the bye, then withdraws;
    the log of the forfeit is lost."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ali", "Omar", "Zaid", "Hoda", "Samir") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", *names, "--seed", "7", "--rounds", "2")
    ok("pair")
    play(tmp_path / "round-1" / "table-1.toml", 3)
    ok("result", "2", "--forfeit", "Hoda", "--reason", "did not come")
    ok("pair")
    ok("result", "1", "--points", "Ali=1", "--points", "Zaid=1", "--reason", "agreed")
    (tmp_path / "round-2" / "table-2.toml").write_text("garbage = [\n", "utf-8")
    (tmp_path / "round-1" / "table-2.toml").unlink()
    ok("drop", "Samir")
    return tmp_path


def published(folder: Path) -> Event:
    """What the publication shows, from the same values ``tournament publish`` reads."""
    tournament = store.load(folder)
    facts = store.all_facts(folder, tournament)
    return event(
        tournament, facts, results(tournament, facts), standings_of(tournament, facts, None)
    )


def test_the_publication_shows_every_table_game_and_meeting(cup: Path) -> None:
    """Each round's tables (state, problem, result, decision, match and game points),
    each entrant's rounds (table, outcome, match points, total after the round, the bye's
    points) and who met whom with what outcome (a forfeit as won or lost by forfeit, a
    table with no result as pending)."""
    ev = published(cup)
    tables = [
        (
            tb.round,
            tb.number,
            tb.sides,
            tb.players,
            tb.log,
            tb.state,
            tb.problem.rule if tb.problem else None,
            tb.decision.kind if tb.decision else None,
            [tb.points(s) for s in tb.sides],
            [tb.game(s) for s in tb.sides],
        )
        for r in ev.rounds
        for tb in r.tables
    ]
    assert tables == [
        (1, 1, ("Omar", "Zaid"), ("Omar", "Zaid"), "round-1/table-1.toml", "finished",
         None, None, [0, 2], [35, 134]),
        (1, 2, ("Samir", "Hoda"), ("Samir", "Hoda"), "round-1/table-2.toml", "problem",
         None, "forfeit", [2, 0], [None, None]),
        (2, 1, ("Ali", "Zaid"), ("Ali", "Zaid"), "round-2/table-1.toml", "decided",
         None, "points", [1, 1], [0, 0]),
        (2, 2, ("Hoda", "Omar"), ("Hoda", "Omar"), "round-2/table-2.toml", "problem",
         "log.toml", None, [None, None], [None, None]),
    ]  # fmt: skip
    assert [r.byes for r in ev.rounds] == [("Ali",), ("Samir",)]
    games = {
        name: [
            (g.round, g.table.number if g.table else None, g.outcome, g.points, g.total,
             g.opponents(name))
            for g in view.games
        ]
        for name, view in ev.entrants.items()
    }  # fmt: skip
    assert games == {
        "Ali": [(1, None, "bye", 2, 2, ()), (2, 1, "drawn", 1, 3, ("Zaid",))],
        "Omar": [(1, 1, "lost", 0, 0, ("Zaid",)), (2, 2, "pending", None, 0, ("Hoda",))],
        "Zaid": [(1, 1, "won", 2, 2, ("Omar",)), (2, 1, "drawn", 1, 3, ("Ali",))],
        "Hoda": [(1, 2, "lost", 0, 0, ("Samir",)), (2, 2, "pending", None, 0, ("Omar",))],
        "Samir": [(1, 2, "won", 2, 2, ("Hoda",)), (2, None, "bye", 2, 4, ())],
    }
    assert ev.entrants["Ali"].totals == (0, 2, 3)
    assert [(e.name, e.members, e.joined, e.withdrawn) for e in ev.entrants.values()] == [
        ("Ali", (), 1, None),
        ("Omar", (), 1, None),
        ("Zaid", (), 1, None),
        ("Hoda", (), 1, None),
        ("Samir", (), 1, 3),
    ]
    meetings = {k: [(m.round, m.table, m.outcome) for m in v] for k, v in ev.meetings.items()}
    assert meetings == {
        ("Omar", "Zaid"): [(1, 1, "lost")],
        ("Zaid", "Omar"): [(1, 1, "won")],
        ("Samir", "Hoda"): [(1, 2, "forfeit-won")],
        ("Hoda", "Samir"): [(1, 2, "forfeit-lost")],
        ("Ali", "Zaid"): [(2, 1, "drawn")],
        ("Zaid", "Ali"): [(2, 1, "drawn")],
        ("Hoda", "Omar"): [(2, 2, "pending")],
        ("Omar", "Hoda"): [(2, 2, "pending")],
    }


def standing_rows(*args: str) -> list[tuple[object, ...]]:
    """``tournament standings --json``: each row's rank, name, match points, won, drawn,
    game points and tie-breaks."""
    rows = json.loads(ok("standings", "--json", *args))["rows"]
    return [
        (r["rank"], r["name"], r["match_points"], r["won"], r["drawn"], r["game_points"],
         r["tiebreaks"])
        for r in rows
    ]  # fmt: skip


def test_match_points_set_by_the_director_count_as_awarded_between_the_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tournament.md: points set by decision are taken as given. Ali and Omar played their
    log out (35 and 134 game points), then the director set 2 points each: a draw, and
    ``direct`` gives each the 2 awarded (a draw would score 1); the game points of the
    log stand."""
    monkeypatch.chdir(tmp_path)
    tiebreaks = ("--tiebreak", "direct", "--tiebreak", "game-points")
    ok("new", "Cup", "--game", "basra", "-p", "Ali", "-p", "Omar", *tiebreaks, "--seed", "7")
    ok("pair")
    play(tmp_path / "round-1" / "table-1.toml", 3)
    ok("result", "1", "--points", "Ali=2", "--points", "Omar=2", "--reason", "agreed")
    assert standing_rows() == [
        (1, "Omar", 2, 0, 1, 134, {"direct": 2, "game-points": 134}),
        (2, "Ali", 2, 0, 1, 35, {"direct": 2, "game-points": 35}),
    ]


def test_time_called_at_kozel_ranks_the_fewest_penalties_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Time called on a Kozel table of three (penalties 4, 12, 14: Petr, Ivan, Olga): Petr
    first wins 4 match points and the game; points set 4, 1, 1 later leave Petr alone
    first (won), the other two lost to him (Ivan ahead of Olga on fewer penalties)."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ivan", "Petr", "Olga") for x in ("-p", n)]
    ok("new", "Cup", "--game", "kozel", "--table-size", "3", *names, "--seed", "7")
    ok("pair")
    play(tmp_path / "round-1" / "table-1.toml", 3)
    ok("result", "1", "--time", "--reason", "time")
    assert json.loads(ok("status", "--json")) == {
        "rounds": [
            {
                "round": 1,
                "tables": [
                    {
                        "table": 1,
                        "sides": ["Petr", "Ivan", "Olga"],
                        "state": "decided",
                        "match_points": {"Petr": 4, "Ivan": 2, "Olga": 0},
                        "log": "round-1/table-1.toml",
                    }
                ],
            }
        ]
    }
    assert [row[:5] for row in standing_rows()] == [
        (1, "Petr", 4, 1, 0),
        (2, "Ivan", 2, 0, 0),
        (3, "Olga", 0, 0, 0),
    ]
    ok("result", "1", "--points", "Petr=4", "--points", "Ivan=1", "--points", "Olga=1",
       "--reason", "agreed")  # fmt: skip
    rows = standing_rows()
    assert [row[:5] for row in rows] == [
        (1, "Petr", 4, 1, 0),
        (2, "Ivan", 1, 0, 0),
        (3, "Olga", 1, 0, 0),
    ]
    assert rows[1][6] == {  # half of Olga's 1 point for the place shared with her
        "buchholz-cut1": 4,
        "buchholz": 5,
        "sonneborn-berger": 0.5,
        "wins": 0,
        "game-points": 12,
    }
    ivan = ok("standings").splitlines()[4].split()
    assert ivan[:7] == ["2", "Ivan", "1", "4", "5", "0.5", "0"]


def table_log(path: Path) -> tuple[str, str, object, tuple[str, ...]]:
    """A table's log as ``pair`` started it: its event, variant, date and players."""
    match, problems = load(path)
    assert match is not None and not problems, problems
    return match.event, match.variant, match.date, tuple(match.players)


def test_a_rounds_logs_are_started_and_a_killed_pairs_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tournament.md: ``pair`` starts every table's log (the event names the tournament,
    round and table; the variant and today's date). A ``pair`` killed after the logs but
    before the tournament file leaves logs that the next ``pair`` writes again, even with
    the event in another language; a log that is not the table's, or not a log at all, is
    refused and left as it is (a folder in its place too)."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ali", "Omar", "Zaid", "Hoda") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", "--variant", "lebanese", *names, "--seed", "7")
    before = (tmp_path / "tournament.toml").read_bytes()
    ok("pair")
    first = tmp_path / "round-1" / "table-1.toml"
    started = table_log(first)
    assert started == ("Cup, round 1, table 1", "lebanese", dt.date.today(), ("Omar", "Hoda"))
    assert table_log(tmp_path / "round-1" / "table-2.toml")[0] == "Cup, round 1, table 2"

    (tmp_path / "tournament.toml").write_bytes(before)  # as if killed before writing it
    said = sentence("{name}, round {round}, table {table}", name="Cup", round=1, table=1)
    russian = plain(said, "ru")
    assert russian != started[0]
    first.write_text(first.read_text("utf-8").replace(started[0], russian), "utf-8")
    ok("pair")
    assert table_log(first) == started

    for stray in ("the other log", None):
        (tmp_path / "tournament.toml").write_bytes(before)
        text = "not a log\n" if stray is None else first.read_text("utf-8")
        first.write_text(text.replace(started[0], stray or ""), "utf-8")
        assert said_by(1, "pair") == (
            "referee: [tournament.round]: round-1/table-1.toml exists and is not part of the "
            "tournament; move it away"
        )
        assert first.read_text("utf-8") == text.replace(started[0], stray or "")
    (tmp_path / "tournament.toml").write_bytes(before)
    first.unlink()
    first.mkdir()  # a folder where the log goes: not readable as a log
    assert said_by(1, "pair") == (
        "referee: [tournament.round]: round-1/table-1.toml exists and is not part of the "
        "tournament; move it away"
    )


def test_two_sides_left_cannot_be_paired_at_tables_of_four(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kozel at tables of four (three when short): two sides left are refused, with how
    many and the table size."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ivan", "Petr", "Olga", "Anna") for x in ("-p", n)]
    table = ("--table-size", "4", "--rule", "partnerships=false")
    ok("new", "Cup", "--game", "kozel", *table, *names, "--seed", "7")
    ok("drop", "Olga")
    ok("drop", "Anna")
    assert said_by(1, "pair") == (
        "referee: [tournament.round]: 2 active sides cannot be paired at tables of 4"
    )
    assert not (tmp_path / "round-1").exists()


def test_a_records_time_is_utc_whatever_the_machines_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The time a round, a decision or a count is recorded at is UTC (its ``Z``), not the
    machine's local time."""
    monkeypatch.setenv("TZ", "Asia/Kolkata")  # UTC+5:30, no summer time
    time.tzset()
    try:
        stamp = dt.datetime.strptime(now(), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.UTC)
        assert abs(stamp - dt.datetime.now(dt.UTC)) < dt.timedelta(minutes=1)
    finally:
        monkeypatch.undo()
        time.tzset()


def test_new_says_why_it_refuses_and_makes_the_folders_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each refusal of ``tournament new``, ``add`` and ``drop`` with its rule and words; a
    folder given that does not exist yet is made, its parents too; a seed not given is
    chosen (16 hex digits) and recorded; a round robin not told its rounds has n - 1."""
    monkeypatch.chdir(tmp_path)
    basra = ("--game", "basra")
    ok("new", "Cup", *basra, "-p", "Ali", "-p", "Omar", "--rounds", "1", "-d", "a/b/c")
    assert (tmp_path / "a" / "b" / "c" / "tournament.toml").is_file()
    refusals = {
        ("new", "Cup", *basra, "-p", "Ali", "-p", "Omar", "-d", "a/b/c"):
            "a/b/c/tournament.toml already holds a tournament; choose another folder",
        ("new", "Cup", *basra, "-p", "Ali", "-p", "Omar", "--rounds", "0", "-d", "x"):
            "--rounds is at least 1, not 0",
        ("new", "Cup", "--game", "bura", "--table-size", "3", "-p", "A", "-p", "B", "-p", "C",
         "--system", "round-robin", "-d", "x"):
            "a round robin is for two sides a table",
        ("new", "Cup", *basra, "-p", "A", "-p", "B", "-p", "C", "-p", "D",
         "--system", "round-robin", "--rounds", "5", "-d", "x"):
            "a round robin of 4 sides has 3 rounds, not 5",
        ("new", "Cup", *basra, "-p", "A", "-p", "B", "--system", "round-robin",
         "--rounds", "3", "-d", "x"):
            "a round robin of 2 sides has 1 round, not 3",
        ("new", "Cup", "--game", "bura", "--table-size", "4", "-p", "A", "-p", "B", "-d", "x"):
            "2 sides cannot be paired at tables of 4",
        ("add", "X & Y", "-d", "a/b/c"): "entrants are all teams or all players, not both",
    }  # fmt: skip
    for args, words in refusals.items():
        assert said_by(1, *args) == f"referee: [tournament.file]: {words}", args
    assert not (tmp_path / "x").exists()
    ok("drop", "Ali", "-d", "a/b/c")
    assert said_by(1, "drop", "Ali", "-d", "a/b/c") == (
        "referee: [tournament.file]: 'Ali' has already withdrawn"
    )
    ok("new", "Robin", *basra, *(x for n in "ABCD" for x in ("-p", n)), "--system",
       "round-robin", "-d", "robin")  # fmt: skip
    ok("new", "Open", *basra, "-p", "Ali", "-p", "Omar", "-d", "open")
    ok("new", "Grow", *basra, "-p", "A", "-p", "B", "-p", "C", "--system", "round-robin",
       "-d", "grow")  # fmt: skip
    ok("add", "D", "-d", "grow")  # four sides: three rounds, as three sides had
    robin, chosen = store.load(tmp_path / "robin"), store.load(tmp_path / "open").seed
    assert robin.rounds == 3 and re.fullmatch("[0-9a-f]{16}", chosen), (robin.rounds, chosen)
    assert store.load(tmp_path / "grow").rounds == 3


def test_pair_recount_and_a_closed_tournament_say_why_they_refuse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pair`` with tables still playing (how to decide them, in the folder as typed) and
    after the last round; ``recount`` of a log not counted yet, of one that has not
    changed, with a reason that holds a newline; any change once closed."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ali", "Omar", "Zaid", "Hoda") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", *names, "--seed", "7", "--rounds", "2", "-d", "cup")
    ok("pair", "-d", "cup")
    decide = "referee tournament result 1 --{} --reason TEXT --dir cup ({})"
    steps = ok("status", "-d", "cup").split("\n\nNext: ")[1].splitlines()
    assert steps[:2] == [
        "round 1 is in play; 2 tables have no result yet: 1 and 2.",
        "Each table records its match (referee live -f cup/round-1/table-1.toml); for a table "
        "that cannot finish, the director decides: "
        + decide.format("time", "time called: the finished deals decide")
        + " or "
        + decide.format("forfeit SIDE", "a side did not play"),
    ]
    assert said_by(1, "pair", "-d", "cup") == (
        "referee: [tournament.pending]: round 1: no result yet at tables 1 and 2; each table "
        "finishes its match, or the director decides it: "
        + decide.format("time", "time called: the finished deals decide")
        + " or "
        + decide.format("forfeit SIDE", "a side did not play")
    )
    recount = ("recount", "1", "--round", "1", "-d", "cup")
    assert said_by(1, *recount, "--reason", "x") == (
        "referee: [tournament.table]: round-1/table-1.toml has not been counted yet; "
        "nothing to recount"
    )
    for n, seed in ((1, 3), (2, 4)):
        play(tmp_path / "cup" / "round-1" / f"table-{n}.toml", seed)
    ok("pair", "-d", "cup")
    assert said_by(1, *recount, "--reason", "x") == (
        "referee: [tournament.changed]: round-1/table-1.toml has not changed since it was counted"
    )
    assert said_by(1, *recount, "--reason", "a\nb") == (
        "referee: [tournament.file]: reason: 'a\\nb' holds a control, bidi or invisible character"
    )
    assert said_by(1, "pair", "-d", "cup") == (
        "referee: [tournament.round]: every round has been paired (2)"
    )
    for n, seed in ((1, 5), (2, 6)):
        play(tmp_path / "cup" / "round-2" / f"table-{n}.toml", seed)
    ok("close", "-d", "cup")
    closed = store.load(tmp_path / "cup").closed
    assert closed is not None
    assert said_by(1, "drop", "Ali", "-d", "cup") == (
        f"referee: [tournament.round]: the tournament was closed at {when_said(closed)}"
    )


STANDINGS_HEAD = """\
  #  name      match points    Sonneborn–Berger    played    won    drawn    lost    byes    game points  withdrawn
---  ------  --------------  ------------------  --------  -----  -------  ------  ------  -------------  -----------"""  # noqa: E501

STATUS_ONE = """\
Cup: Basra (Egyptian), round 1 of 2

Round 1
  table  sides         state                                       match points     log
-------  ------------  ------------------------------------------  ---------------  --------------------
      1  Omar – Zaid   playing: 1 deal finished, Omar 15, Zaid 48                   round-1/table-1.toml
      2  Samir – Hoda  decided by the director                     Samir 2, Hoda 0  round-1/table-2.toml
  bye: Ali
  table 2: forfeit at {forfeit}: did not come

Next: round 1 is in play; 1 table has no result yet: 1.
Each table records its match (referee live -f round-1/table-1.toml); for a table that cannot finish, the director decides: referee tournament result 1 --time --reason TEXT (time called: the finished deals decide) or referee tournament result 1 --forfeit SIDE --reason TEXT (a side did not play)
"""  # noqa: E501

STATUS_TWO = """\
Round 2
  table  sides        state                        match points    log
-------  -----------  ---------------------------  --------------  --------------------
      1  Ali – Zaid   decided by the director      Ali 0, Zaid 2   round-2/table-1.toml
      2  Hoda – Omar  problem: the log is missing                  round-2/table-2.toml
  bye: Samir
  table 1: time called at {time}: late

Next: round 2 is in play; 1 table has no result yet: 2.
Each table records its match (referee live -f round-2/table-2.toml); for a table that cannot finish, the director decides: referee tournament result 2 --time --reason TEXT (time called: the finished deals decide) or referee tournament result 2 --forfeit SIDE --reason TEXT (a side did not play)
"""  # noqa: E501


def decided_at(folder: Path, round_number: int, table: int) -> str:
    """When the table's decision was taken, as ``status`` says it."""
    found = store.load(folder).paired[round_number - 1].table(table)
    assert found is not None and found.decision() is not None
    return when_said(found.decision().at)  # type: ignore[union-attr]


def test_status_and_standings_say_each_round_as_it_stands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``standings`` before the first round, during a round (how many tables have no
    result) and after one; ``status`` with a table playing (its deals finished and
    totals), a forfeit and time called (each decision's line), a log missing (the problem
    and what to do), and the next step of each round."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ali", "Omar", "Zaid", "Hoda", "Samir") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", *names, "--seed", "7", "--rounds", "2",
       "--tiebreak", "sonneborn-berger")  # fmt: skip
    zero = "                   0         0      0        0       0       0              0"
    assert (
        ok("standings")
        == "\n".join(
            ["Cup: standings before the first round", STANDINGS_HEAD]
            + [
                f"  1  {n:<6}               0{zero}"
                for n in ("Ali", "Hoda", "Omar", "Samir", "Zaid")
            ]
        )
        + "\n"
    )
    ok("pair")
    play(tmp_path / "round-1" / "table-1.toml", 3, 1)
    ok("result", "2", "--forfeit", "Hoda", "--reason", "did not come")
    assert ok("status").startswith(STATUS_ONE.format(forfeit=decided_at(tmp_path, 1, 2)))
    assert ok("standings").splitlines()[:3] == [
        "Cup: standings during round 1",
        "(1 table has no result yet)",
        STANDINGS_HEAD.splitlines()[0],
    ]
    play(tmp_path / "round-1" / "table-1.toml", 3)
    ok("pair")
    play(tmp_path / "round-2" / "table-1.toml", 4)
    ok("result", "1", "--time", "--reason", "late")
    (tmp_path / "round-2" / "table-2.toml").unlink()
    status = ok("status")
    assert STATUS_TWO.format(time=decided_at(tmp_path, 2, 1)) in status
    assert status.endswith(
        "Table 2: the log is missing; correct the log (referee verify round-2/table-2.toml) "
        "or decide the table\n"
    )
    assert ok("standings", "--after-round", "1").splitlines()[0] == "Cup: standings after round 1"
    assert said_by(1, "standings", "--after-round", "3") == (
        "referee: [tournament.round]: round 3 has not been paired (2 so far)"
    )


def log_facts(
    deals: int, dealt: int, totals: dict[str, int], problem: Problem | None = None
) -> LogFacts:
    """A table's log facts as the store gives them."""
    return LogFacts("digest", problem, deals, totals, None, False, dealt)


def test_a_tables_state_in_words() -> None:
    """``status`` and the pages say a table's state: while playing, the deals finished (and
    the deal in play) with the totals in seating order, a side the log has not scored yet
    at 0; a problem, or a log missing; the other states by name."""
    sides = ("Omar", "Zaid")
    said = [
        str(state_said("playing", log_facts(1, 1, {"Zaid": 48, "Omar": 15}), sides)),
        str(state_said("playing", log_facts(2, 3, {"Zaid": 48}), sides)),
        str(state_said("playing", log_facts(1, 2, {"Zaid": 48, "Omar": 15}))),
        str(state_said("playing", log_facts(2, 2, {"Zaid": 48, "Omar": 15}))),
        str(state_said("problem", log_facts(0, 0, {}, Problem("log.toml", "broken")))),
        str(state_said("problem", None)),
        *(str(state_said(s, None)) for s in ("finished", "decided", "changed", "not-started")),
    ]
    assert said == [
        "playing: 1 deal finished, Omar 15, Zaid 48",
        "playing deal 3: 2 deals finished, Omar 0, Zaid 48",
        "playing deal 2: 1 deal finished, Zaid 48, Omar 15",
        "playing: 2 deals finished, Zaid 48, Omar 15",
        "problem: [log.toml]: broken",
        "problem: the log is missing",
        "finished",
        "decided by the director",
        "changed since it was counted",
        "not started",
    ]


def test_a_decided_table_says_its_decision_and_match_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A score sheet of a decided table says the decision instead of the log's outcome:
    a forfeit (who did not play), time called, points set; each with the match points."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ali", "Omar", "Zaid", "Hoda") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", *names, "--seed", "7")
    ok("pair")
    ok("result", "1", "--forfeit", "Hoda", "--reason", "late")
    ok("result", "2", "--time", "--reason", "late")
    t = store.load(tmp_path)
    lines = [str(decision_line(t, tb)) for tb in t.paired[0].tables]
    ok("result", "2", "--points", "Ali=1", "--points", "Zaid=0", "--reason", "set")
    t = store.load(tmp_path)
    lines.append(str(decision_line(t, t.paired[0].tables[1])))
    assert lines == [
        "Decided by the director: Hoda did not play (forfeit); match points Omar 2, Hoda 0.",
        "Decided by the director: time called, the finished deals decide; match points "
        "Zaid 1, Ali 1.",
        "Decided by the director: match points set, Zaid 0, Ali 1.",
    ]
    assert decision_line(t, replace(t.paired[0].tables[0], decisions=[])) is None


def test_the_steps_after_a_pairing_name_the_next_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After round 1 of 2: pair the next round; after the last: close; each with the
    folder as typed, and how to decide a table that cannot finish."""
    monkeypatch.chdir(tmp_path)
    names = [x for n in ("Ali", "Omar") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", *names, "--seed", "7", "--rounds", "2", "-d", "cup")
    t = store.load(tmp_path / "cup")
    first = Round(1, [], (), {}, "")  # rounds without tables: the next command only
    last = replace(first, number=2)
    said = [[str(m) for m in pair_steps(t, r, "cup")] for r in (first, last)]
    assert said == [
        ["Next: the tables play round 1; when every table has a result: "
         "referee tournament pair --dir cup"],
        ["Next: the tables play round 2; when every table has a result: "
         "referee tournament close --dir cup"],
    ]  # fmt: skip
    ok("pair", "-d", "cup")
    t = store.load(tmp_path / "cup")
    steps = [str(m) for m in pair_steps(t, t.paired[0], "cup")]
    assert steps[0] == (
        "Next: the tables play round 1; when every table has a result: "
        "referee tournament pair --dir cup"
    )
    assert steps[2] == (
        "For a table that cannot finish, the director decides: referee tournament result 1 "
        "--time --reason TEXT --dir cup (time called: the finished deals decide) or referee "
        "tournament result 1 --forfeit SIDE --reason TEXT --dir cup (a side did not play)"
    )


def test_every_next_step_names_the_folder_it_was_typed_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A director working from another folder (``--dir 'my cup'``) is told each next step
    with that folder: pair the next round, accept a changed log, close, the standings and
    the results pages."""
    monkeypatch.chdir(tmp_path)
    d = ("-d", "my cup")
    names = [x for n in ("Ali", "Omar", "Zaid", "Hoda") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", *names, "--seed", "7", "--rounds", "2", *d)
    ok("pair", *d)
    for n, seed in ((1, 3), (2, 4)):
        play(tmp_path / "my cup" / "round-1" / f"table-{n}.toml", seed)
    assert ok("status", *d).split("\n\nNext: ")[1].splitlines() == [
        "every table of round 1 has a result; pair round 2: referee tournament pair --dir 'my cup'"
    ]
    ok("pair", *d)
    play(tmp_path / "my cup" / "round-1" / "table-1.toml", 5)  # changed once counted
    for n, seed in ((1, 6), (2, 2)):
        play(tmp_path / "my cup" / "round-2" / f"table-{n}.toml", seed)
    assert ok("status", *d).split("\n\n")[-1].splitlines() == [
        "Round 1, table 1: its log changed after it was counted; accept it with "
        "referee tournament recount 1 --round 1 --reason TEXT --dir 'my cup' "
        "(or put the counted log back)",
        "Next: every table of the last round has a result; close the tournament: "
        "referee tournament close --dir 'my cup'",
    ]
    ok("recount", "1", "--round", "1", "--reason", "a late deal", *d)
    assert ok("close", *d).splitlines()[-1] == (
        "Next: the tournament is closed; the final standings: "
        "referee tournament standings --dir 'my cup'; "
        "the results pages: referee tournament publish 'my cup' -o site"
    )


def test_a_tie_break_value_in_json_is_a_whole_number_or_four_places() -> None:
    """``standings --json`` writes a whole tie-break value as an integer (``3``, not
    ``3.0``: a script may compare it as text) and any other to four places."""
    from fractions import Fraction

    assert json.dumps([number(Fraction(6, 2)), number(3)]) == "[3, 3]"
    assert json.dumps([number(Fraction(5, 2)), number(Fraction(7, 3))]) == "[2.5, 2.3333]"
