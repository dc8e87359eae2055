"""``referee tournament verify``'s findings, exactly (the third mutation run of issue 36,
docs/mutation.md): a tournament of four played over its two rounds, then changed the way
a hand-edited file or a lost log would change it; each finding's rule, words, round and
table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.tournament import director
from referee.tournament.store import facts_beside
from referee.tournament.verify import pairing_findings, verify
from scripts.tournament_robustness import play

from .conftest import run

NAMES = ("Ali", "Omar", "Zaid", "Hoda")
ALL = "Ali, Hoda, Omar, Zaid"  # no recorded figure differs, the sides do: all are named
NOT_EARLIER = "are not those the earlier results gave"


def new_cup(folder: Path, game: str, names: tuple[str, ...] | str, *extra: str) -> None:
    """``tournament new`` of ``names`` at seed 7, with ``extra`` options."""
    who = [x for n in names for x in ("-p", n)]
    made = run(
        "tournament",
        "new",
        "Cup",
        "--game",
        game,
        *who,
        "--seed",
        "7",
        *extra,
        "--dir",
        str(folder),
    )
    assert made.exit_code == 0


def build(folder: Path, game: str = "basra", names: tuple[str, ...] = NAMES, *extra: str) -> None:
    """A tournament of ``names``, seed 7, its two rounds paired and every table played."""
    new_cup(folder, game, names, *extra)
    for r in range(2):
        assert run("tournament", "pair", "--dir", str(folder)).exit_code == 0
        t = director.load(folder)
        for tb in t.paired[-1].tables:
            play(folder / tb.log, tb.number + 7 * r)


def found(
    t: Any, facts: Any, folder: object = "."
) -> list[tuple[str, str, int | None, int | None]]:
    return [(f.rule, str(f.message), f.round, f.table) for f in verify(t, facts, folder=folder)]


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    build(tmp_path)
    return tmp_path


def test_the_played_cup_verifies_and_its_rounds(cup: Path) -> None:
    t, facts = director.read_all(cup, jobs=1)
    assert [tb.sides for r in t.paired for tb in r.tables] == [
        ("Omar", "Hoda"),
        ("Zaid", "Ali"),
        ("Hoda", "Ali"),
        ("Omar", "Zaid"),
    ]
    assert found(t, facts) == []


def test_a_pairing_that_is_not_of_least_cost(cup: Path) -> None:
    """Round 2 re-paired by hand across the scores: 4 points of difference, not 0."""
    t, facts = director.read_all(cup, jobs=1)
    r2 = t.paired[1]
    r2.tables[0].sides, r2.tables[1].sides = ("Hoda", "Zaid"), ("Omar", "Ali")
    assert found(t, facts) == [
        ("tournament.pairing", "the pairing costs (0, 0, 4, 0), the least is (0, 0, 0, 0)", 2, None)
    ]


def test_a_first_round_that_is_not_the_seeded_draw(cup: Path) -> None:
    t, facts = director.read_all(cup, jobs=1)
    r1 = t.paired[0]
    r1.tables[0].sides, r1.tables[1].sides = ("Omar", "Zaid"), ("Hoda", "Ali")
    assert ("tournament.pairing", "the pairing is not the seeded draw", 1, None) in found(t, facts)


def test_a_side_paired_twice_one_left_out_and_one_unknown(cup: Path) -> None:
    t, facts = director.read_all(cup, jobs=1)
    r2 = t.paired[1]
    r2.tables[1].sides = ("Omar", "Ali")
    assert found(t, facts) == [
        ("tournament.pairing", "paired twice: Ali", 2, None),
        ("tournament.pairing", "not paired: Zaid", 2, None),
        ("tournament.pairing", f"the match points recorded for {ALL} {NOT_EARLIER}", 2, None),
    ]
    r2.tables[1].sides = ("Omar", "Nobody")
    assert found(t, facts)[0] == ("tournament.pairing", "Nobody is not an entrant", 2, None)


def test_a_side_paired_after_withdrawing_and_wrong_match_points(cup: Path) -> None:
    t, facts = director.read_all(cup, jobs=1)
    t.entrant("Zaid").withdrawn = 2
    assert found(t, facts) == [
        ("tournament.pairing", "Zaid is paired but had withdrawn or not yet entered", 2, None)
    ]
    t, facts = director.read_all(cup, jobs=1)
    t.paired[1].match_points["Ali"] = 5
    said = f"the match points recorded for Ali {NOT_EARLIER}"
    assert found(t, facts) == [("tournament.pairing", said, 2, None)]


def test_a_lost_a_broken_and_a_changed_log(cup: Path) -> None:
    t, facts = director.read_all(cup, jobs=1)
    facts[(1, 1)] = None
    assert found(t, facts) == [
        ("tournament.table", "round-1/table-1.toml: the log is missing", 1, 1)
    ]
    log = cup / "round-1" / "table-1.toml"
    full = log.read_text("utf-8")
    log.write_text("junk\n", "utf-8")
    t, facts = director.read_all(cup, jobs=1)
    ((rule, said, r, n),) = found(t, facts)
    assert (rule, r, n) == ("tournament.table", 1, 1)
    assert said.startswith("round-1/table-1.toml: [log.toml] (line 1, column 5): not valid TOML")
    log.write_text(full.replace("[[deals]]\n", '[[deals]]\nnote = "checked"\n', 1), "utf-8")
    t, facts = director.read_all(cup, jobs=1)
    ((rule, said, r, n),) = found(t, facts, folder="the cup")
    assert (rule, r, n) == ("tournament.changed", 1, 1)
    assert said == (
        "round-1/table-1.toml changed after it was counted; accept it with referee tournament"
        " recount 1 --round 1 --reason TEXT --dir 'the cup' or put the counted log back"
    )


def test_more_rounds_paired_than_the_tournament_has_and_a_closed_one_without_results(
    cup: Path,
) -> None:
    t, facts = director.read_all(cup, jobs=1)
    t.rounds = 1
    assert found(t, facts)[0] == ("tournament.round", "2 rounds are paired, of 1", None, None)
    t, facts = director.read_all(cup, jobs=1)
    t.closed = "2026-12-05T00:00:00Z"
    facts[(2, 2)] = None
    assert found(t, facts)[-1] == (
        "tournament.round",
        "the tournament is closed but this table has no result",
        2,
        2,
    )


def test_a_swiss_round_with_two_byes_where_one_table_was_due(cup: Path) -> None:
    """Four sides in round 2: the two on 0 points given byes and one table played. It costs
    no more than the least pairing (byes' match points 0), but a Swiss round has a bye only
    when its sides are odd (tournament.md, "Pairing"): refused for its sizes."""
    t, facts = director.read_all(cup, jobs=1)
    r2 = t.paired[1]
    assert r2.match_points["Omar"] == r2.match_points["Zaid"] == 0
    assert r2.tables[1].sides == ("Omar", "Zaid")
    r2.tables.pop(1)
    r2.byes = ("Omar", "Zaid")
    assert found(t, facts) == [
        ("tournament.pairing", "the tables are not of the sizes the rules give", 2, None)
    ]


def test_two_byes_written_into_the_file_by_hand_are_found_by_verify(cup: Path) -> None:
    """The same round edited in tournament.toml, as a director's slip would: `referee
    tournament verify` names the rule and the round, and exits 1."""
    text = (cup / "tournament.toml").read_text(encoding="utf-8")
    head, second = text.split("[[round]]\nnumber = 2", 1)
    second = second.replace("byes = []", 'byes = [\n    "Omar",\n    "Zaid",\n]', 1)
    second = second[: second.index("[[round.tables]]\ntable = 2")].rstrip("\n") + "\n"
    (cup / "tournament.toml").write_text(f"{head}[[round]]\nnumber = 2{second}", "utf-8")
    done = run("tournament", "verify", "--dir", str(cup))
    assert done.exit_code == 1
    assert "[tournament.pairing] (round 2): the tables are not of the sizes the rules give" in (
        done.output
    )


def test_tables_not_of_the_sizes_the_rules_give(tmp_path: Path) -> None:
    """Pasur at tables of three: a side moved from one table to the other."""
    new_cup(tmp_path, "pasur", "ABCDEF", "--table-size", "3")
    assert run("tournament", "pair", "--dir", str(tmp_path)).exit_code == 0
    t, facts = director.read_all(tmp_path, jobs=1)
    first, second = t.paired[0].tables
    first.sides, second.sides = (*first.sides, second.sides[0]), second.sides[1:]
    assert found(t, facts) == [
        ("tournament.pairing", "the tables are not of the sizes the rules give", 1, None)
    ]


def test_the_logs_read_in_a_pool_give_what_they_give_one_by_one(cup: Path) -> None:
    """A large tournament's logs are read on every core, its pairings checked beside them:
    the facts and findings are those read one by one (a pool of two asked for here)."""
    t = director.load(cup)
    alone = facts_beside(cup, t, pairing_findings, jobs=1)
    pooled = facts_beside(cup, t, pairing_findings, jobs=2)
    assert pooled == alone
    assert len(pooled[0]) == 4 and all(f is not None and f.complete for f in pooled[0].values())
    assert pooled[1] == {1: [], 2: []}
