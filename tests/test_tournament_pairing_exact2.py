"""The tournament's pairing, ranking and results held to exact values (the eighth mutation
run of issue 36, docs/mutation.md): each test kills mutants of ``pairing``, ``seats``,
``standings``, ``swiss``, ``rounds``, ``results``, ``crosstable``, ``director`` or
``report`` that survived the rest of the suite."""

from __future__ import annotations

import datetime as dt
import json
import random
import time
from pathlib import Path

import pytest

from referee.log.file import load
from referee.messages import sentence
from referee.tournament import store
from referee.tournament.crosstable import Event, event
from referee.tournament.model import History
from referee.tournament.pairing import numbered, two_cost
from referee.tournament.report import standings_of
from referee.tournament.rounds import now
from referee.tournament.swiss import FLOATERS, _greedy, least_cost_two
from referee.tournament.verify import results
from referee.words.lang import plain
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
    1 point each, the log of Hoda and Omar is broken, Samir has the bye, then withdraws; the
log of the forfeit is lost."""
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
    return event(tournament, facts, results(tournament, facts), standings_of(tournament, facts, None))


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
    table = json.loads(ok("status", "--json"))["rounds"][0]["tables"][0]
    assert table["match_points"] == {"Petr": 4, "Ivan": 2, "Olga": 0}
    assert [row[:5] for row in standing_rows()] == [
        (1, "Petr", 4, 1, 0),
        (2, "Ivan", 2, 0, 0),
        (3, "Olga", 0, 0, 0),
    ]
    ok("result", "1", "--points", "Petr=4", "--points", "Ivan=1", "--points", "Olga=1",
       "--reason", "agreed")  # fmt: skip
    assert [row[:5] for row in standing_rows()] == [
        (1, "Petr", 4, 1, 0),
        (2, "Ivan", 1, 0, 0),
        (3, "Olga", 1, 0, 0),
    ]


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
