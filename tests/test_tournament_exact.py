"""The tournament's costs, seeded circle and direct encounter held to exact values worked out
by hand: the mutations that survived the suite there (docs/mutation.md) each change one of
these numbers."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from referee.tournament import director
from referee.tournament.model import History
from referee.tournament.pairing import history, pair, round_robin, two_cost
from referee.tournament.results import Result
from referee.tournament.seats import multi_cost
from referee.tournament.standings import (
    Record,
    _add,
    direct_values,
    points_before,
    ranked,
    records,
    standings,
)
from referee.tournament.verify import results
from scripts.tournament_robustness import new_tournament, play_rounds

from .test_tournament_pairing import make

HISTORY = History(
    frozenset({frozenset({"A", "B"}), frozenset({"C", "D"}), frozenset({"B", "E"})}),
    frozenset({"E", "F"}),
    {},
)
MP = {"A": 6, "B": 4, "C": 4, "D": 1, "E": 2, "F": 0, "G": 3}


def test_the_cost_of_a_two_sides_pairing_term_by_term() -> None:
    """Two repeat meetings (A-B, C-D), one repeat bye (E; G has had none), spreads 2 + 3,
    the byes' match points 2 + 3."""
    tables = [("A", "B"), ("C", "D")]
    assert two_cost(tables, ["E", "G"], MP, HISTORY) == (2, 1, 5, 5)
    assert two_cost([("A", "C"), ("B", "D")], ["G"], MP, HISTORY) == (0, 0, 5, 3)


def test_the_cost_of_tables_of_three_term_by_term() -> None:
    """A-B and B-E have met at the first table, C-D at the second; F's bye repeats, G's
    does not; spreads 6 - 2 and 4 - 1; the byes' points 0 + 3."""
    tables = [("A", "B", "E"), ("C", "D")]
    assert multi_cost(tables, ["F", "G"], MP, HISTORY) == (3, 1, 7, 3)
    assert multi_cost([("A", "C", "G")], ["B"], MP, HISTORY) == (0, 0, 3, 4)


def test_the_round_robins_circle_is_the_seeds() -> None:
    """The same file and seed always give the same pairing (tournament.md): seed-1 draws
    S01 S05 S00 S02 S03 S04 for the circle, pinned so that a tournament paired by an
    earlier version is re-derived the same."""
    t = make(6, system="round-robin")
    assert round_robin(t, 1, t.active(1)).tables == (
        ("S01", "S04"),
        ("S05", "S03"),
        ("S00", "S02"),
    )
    assert round_robin(t, 5, t.active(1)).tables == (
        ("S01", "S05"),
        ("S00", "S04"),
        ("S02", "S03"),
    )


def test_a_swiss_first_round_is_the_seeds() -> None:
    """Round 1 of a Swiss is the seed's draw, pinned as the round robin's circle is."""
    t = make(6)
    h = History(frozenset(), frozenset(), {})
    got = pair(t, 1, dict.fromkeys(t.active(1), 0), h)
    assert got.tables == (("S00", "S05"), ("S01", "S04"), ("S03", "S02"))


def test_a_withdrawn_sides_opponent_has_the_bye_and_the_withdrawn_none() -> None:
    t = make(6, system="round-robin")
    sides = [s for s in t.active(1) if s != "S01"]
    p = round_robin(t, 1, sides)
    assert p.byes == ("S04",)
    assert p.tables == (("S05", "S03"), ("S00", "S02"))


def test_direct_encounter_counts_places_and_a_two_sides_decision_as_awarded() -> None:
    """A, B and C tied, every two met. A director's points decision between two sides
    counts its awarded match points (A 1, B 0 though A placed first); one among three
    counts by places (B first, A and C level: 2 a win, 1 a draw), as a played table does;
    a table outside the group or without another of it counts nothing."""
    decided = Result("points", {"A": 0, "B": 1}, {"A": 1, "B": 0}, True, {})
    three = Result("points", {"A": 1, "B": 0, "C": 1}, {"A": 2, "B": 4, "C": 2}, True, {})
    drawn = Result("log", {"B": 0, "C": 0}, {"B": 1, "C": 1}, True, {})
    outside = Result("log", {"A": 0, "D": 1}, {"A": 2, "D": 0}, True, {})
    met = [("A", Fraction(1)), ("B", Fraction(0)), ("C", Fraction(1, 2))]
    group = [
        Record("A", meetings=[m for m in met if m[0] != "A"], tables=[outside, decided, three]),
        Record("B", meetings=[m for m in met if m[0] != "B"], tables=[three, decided, drawn]),
        Record("C", meetings=[m for m in met if m[0] != "C"], tables=[outside, three, drawn]),
    ]
    assert direct_values(group, 2, 1) == {"A": 2, "B": 5, "C": 2}
    assert direct_values(group[:2], 2, 1) == {"A": 1, "B": 2}  # three: B first, A second


def test_game_points_a_decision_leaves_out_count_nothing() -> None:
    """A points decision whose totals name only A and C (a hand-written file may): B counts
    no game points and its difference is 0 less the others' mean, (30 + 10) / 2, each time."""
    places, awarded = {"A": 0, "B": 2, "C": 1}, {"A": 2, "B": 0, "C": 1}
    decided = Result("points", places, awarded, True, {"A": 30, "C": 10})
    rec = Record("B")
    _add(rec, "B", decided)
    assert (rec.game_points, rec.game_difference) == (0, -20)
    _add(rec, "B", decided)
    assert (rec.game_points, rec.game_difference, rec.match_points) == (0, -40, 0)


@pytest.mark.parametrize("seed", [77_003, 77_010, 77_012, 77_014])  # see the docstring
def test_points_before_a_round_and_records_add_up_every_table(seed: int, tmp_path: Path) -> None:
    """A random tournament played to its end (the seeds give withdrawals and byes, late
    entrants (77010, 77012), a round robin where a side has three byes (77014)):
    before each round, every entrant's match points are the bye points of its byes and the
    match points of its results in the rounds before, added up here table by table; its
    record over those rounds says the same and counts its byes, and a late entrant has no
    record before it joined. The pairing's history holds those byes and how often each side
    sat first, and in a Swiss the side that sat first least often sits first."""
    rng = random.Random(seed)
    new_tournament(tmp_path, rng)
    play_rounds(tmp_path, rng, Counter())
    t, facts = director.read_all(tmp_path, jobs=1)
    res = results(t, facts)
    assert len(t.paired) >= 2
    for number in range(1, len(t.paired) + 2):
        done = t.paired[: number - 1]
        want = {e.name: 0 for e in t.entrants}
        byes = dict.fromkeys(want, 0)
        for rnd in done:
            for name in rnd.byes:
                want[name] += t.points.bye
                byes[name] += 1
            for tb in rnd.tables:
                result = res.get((rnd.number, tb.number))
                for side in tb.sides if result is not None else ():
                    want[side] += result.match_points[side]
        assert points_before(t, res, number) == want
        recs = records(t, res, number - 1)
        assert set(recs) == {e.name for e in t.entrants if e.joined <= number - 1}
        assert {n: (r.match_points, r.byes) for n, r in recs.items()} == {
            n: (want[n], byes[n]) for n in recs
        }
        h = history(t, number, ())
        assert h.byes == {name for name, k in byes.items() if k}
        assert h.first == Counter(tb.sides[0] for rnd in done for tb in rnd.tables)
        if number <= len(t.paired) and t.system == "swiss":  # who sat first least sits first
            for tb in t.paired[number - 1].tables:
                assert h.first.get(tb.sides[0], 0) == min(h.first.get(s, 0) for s in tb.sides)


def test_standings_say_the_rounds_done_and_the_tables_pending(tmp_path: Path) -> None:
    """No round paired: after round 0, nothing pending. Played to the end with one table's
    result left out: the rounds before its round are done, and one table is pending."""
    assert (standings(make(4), {}).after_round, standings(make(4), {}).pending) == (0, 0)
    rng = random.Random(77_003)
    new_tournament(tmp_path, rng)
    play_rounds(tmp_path, rng, Counter())
    t, facts = director.read_all(tmp_path, jobs=1)
    res = results(t, facts)
    last = t.paired[-1]
    assert (standings(t, res).after_round, standings(t, res).pending) == (last.number, 0)
    res[last.number, last.tables[0].number] = None
    assert (standings(t, res).after_round, standings(t, res).pending) == (last.number - 1, 1)


def test_direct_encounter_ranks_a_tied_pair_by_their_meetings_draws_included() -> None:
    """A and B level on 3 match points: they drew once and A won once, so direct gives A
    3 (2 + 1) and B 1, and A ranks above B though B comes first by name."""
    drawn = Result("log", {"A": 0, "B": 0}, {"A": 1, "B": 1}, True, {})
    won = Result("log", {"A": 0, "B": 1}, {"A": 2, "B": 0}, True, {})
    recs = {
        "B": Record(
            "B", 3, meetings=[("A", Fraction(1, 2)), ("A", Fraction(0))], tables=[drawn, won]
        ),
        "A": Record(
            "A", 3, meetings=[("B", Fraction(1, 2)), ("B", Fraction(1))], tables=[drawn, won]
        ),
    }
    rows = ranked(replace(make(2), tiebreaks=("direct",)), recs)
    assert [(r.rank, r.record.name, r.tiebreaks["direct"]) for r in rows] == [
        (1, "A", 3),
        (2, "B", 1),
    ]
