"""The tournament cases the third mutation run of issue 36 left open (docs/mutation.md),
held to exact values: a recount made during a later round leaves the earlier rounds'
pairings as they were paired; a read error of a tournament file reached through a link
names the file as the user knows it; a hand-made pairing of tables of three that costs
less than the local search's own is accepted; the Swiss greedy's budget of floaters."""

from __future__ import annotations

import json
import os
from pathlib import Path

from referee.tournament import director
from referee.tournament.model import History, Round, Table
from referee.tournament.pairing import pair
from referee.tournament.seats import multi_cost
from referee.tournament.swiss import FLOATERS, _greedy, cost, least_cost_two, weights
from referee.tournament.verify import check_least_cost
from scripts.tournament_robustness import play

from .conftest import run
from .test_tournament_verify_exact import build, new_cup


def test_a_recount_during_round_2_counts_from_round_3_on(tmp_path: Path) -> None:
    """Round 1's table 1 (Omar against Hoda, Hoda won) played again with Omar winning and
    recounted while round 2 is current: round 2 was paired from the first count (Hoda 2,
    Omar 0), so verify finds nothing; the recount is what the standings say now."""
    build(tmp_path)
    t, facts = director.read_all(tmp_path, jobs=1)
    assert t.current == 2
    assert t.paired[0].tables[0].sides == ("Omar", "Hoda")
    assert facts[(1, 1)] is not None and facts[(1, 1)].winner == "Hoda"
    assert (t.paired[1].match_points["Hoda"], t.paired[1].match_points["Omar"]) == (2, 0)
    play(tmp_path / "round-1" / "table-1.toml", 7)  # the same match, Omar winning
    said = run(
        "tournament", "recount", "1", "--round", "1", "--reason", "sheet", "--dir", str(tmp_path)
    )
    assert said.exit_code == 0, said.output
    t, facts = director.read_all(tmp_path, jobs=1)
    assert facts[(1, 1)] is not None and facts[(1, 1)].winner == "Omar"
    assert [c.during for c in t.paired[0].tables[0].counts] == [1, 2]
    done = run("tournament", "verify", "--json", "--dir", str(tmp_path))
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == {"ok": True, "problems": []}


def test_a_tournament_file_too_big_behind_a_link_is_named_as_typed(tmp_path: Path) -> None:
    """tournament.toml a link to a file over the size limit: a command that changes the
    tournament (it locks and reads the link's target) names the folder's file, not the
    target's path."""
    cup = tmp_path / "cup"
    made = run(
        "tournament", "new", "Cup", "--game", "basra", "-p", "A", "-p", "B", "--dir", str(cup)
    )
    assert made.exit_code == 0
    target = tmp_path / "elsewhere.toml"
    os.replace(cup / "tournament.toml", target)
    os.truncate(target, 11 * 1024 * 1024)
    (cup / "tournament.toml").symlink_to(target)
    done = run("tournament", "drop", "A", "--dir", str(cup))
    assert done.exit_code == 1
    assert done.output.strip().splitlines() == [
        f"referee: [log.toml]: {cup}/tournament.toml is 11.0 MiB; "
        "referee reads no file of more than 10 MiB"
    ]


def test_tables_of_three_paired_better_than_the_search_are_accepted(tmp_path: Path) -> None:
    """Thirteen at Pasur tables of three (3 + 3 + 3 + 2 + 2), above the exact search's 12:
    P10 and P11 on 2 points, the rest on 0. The local search seats the two with a side on
    0 (a spread of 2) and no single swap mends it; a director who seats them together at a
    table of two has a pairing that costs nothing, and verify accepts it: above the exact
    search only a pairing dearer than the search's own is refused."""
    names = [f"P{i:02d}" for i in range(13)]
    new_cup(tmp_path, "pasur", tuple(names), "--table-size", "3")
    t = director.load(tmp_path)
    points = {s: 2 if s in ("P10", "P11") else 0 for s in names}
    past = History(frozenset(), frozenset(), {})
    ours = pair(t, 2, points, past)
    assert multi_cost(ours.tables, ours.byes, points, past) == (0, 0, 2, 0)
    seated = [("P10", "P11"), ("P00", "P01", "P02"), ("P03", "P04", "P05")]
    seated += [("P06", "P07", "P08"), ("P09", "P12")]
    tables = [
        Table(k + 1, sides, sides, f"round-2/table-{k + 1}.toml") for k, sides in enumerate(seated)
    ]
    mine = Round(2, tables, (), points, "")
    assert check_least_cost(t, mine, points, past) == []
    dearer = Round(2, [Table(k + 1, s, s, "") for k, s in enumerate(ours.tables)], (), points, "")
    assert check_least_cost(t, dearer, points, past) == []
    worse = [("P10", "P00", "P01"), ("P11", "P02", "P03"), ("P04", "P05", "P06")]
    worse += [("P07", "P08"), ("P09", "P12")]
    refused = Round(2, [Table(k + 1, s, s, "") for k, s in enumerate(worse)], (), points, "")
    assert [
        (f.rule, str(f.message), f.round) for f in check_least_cost(t, refused, points, past)
    ] == [("tournament.pairing", "the pairing costs (0, 0, 4, 0), the least is (0, 0, 2, 0)", 2)]


def test_the_greedy_tries_eight_floaters_then_leaves_the_block_to_blossom() -> None:
    """Nine sides on 2 points over nine on 0; S0 has met the other eight on 2, so only S0
    can float down. The greedy tries the last drawn first (S8 to S1), gives up after
    FLOATERS (8) of them and leaves the block to blossom; the pairing is of least cost
    all the same: S0 against a side on 0, two points of difference, no repeat."""
    top = [f"S{i}" for i in range(9)]
    low = [f"B{i}" for i in range(9)]
    points = {**dict.fromkeys(low, 0), **dict.fromkeys(top, 2)}
    past = History(frozenset(frozenset(("S0", s)) for s in top[1:]), frozenset(), {})
    assert FLOATERS == 8
    assert _greedy([top, low], past) is None
    pairs, byes = least_cost_two(low + top, points, past)
    assert byes == []
    assert cost(pairs, points, past, weights(low + top, points)) == 2 * 3  # w3 = 3
    partner = next(a if b == "S0" else b for a, b in pairs if "S0" in (a, b))
    assert partner in low
    assert not any(past.have_met(a, b) for a, b in pairs)
