"""Hand-worked results, match points, tie-breaks and ranks (tournament.md), on the core's
values: every figure below is worked out by hand in the comments, not by the product."""

from __future__ import annotations

from fractions import Fraction

from referee.tournament.model import Count, Decision, Entrant, Points, Round, Table, Tournament
from referee.tournament.results import from_decision, from_log
from referee.tournament.standings import standings
from referee.tournament.verify import results

DIGEST = "0" * 64


def tournament(names: list[str], tiebreaks: tuple[str, ...], game: str = "basra") -> Tournament:
    variant = {"basra": "egyptian", "kozel": "classic"}[game]
    return Tournament(
        "Hand Cup",
        game,
        variant,
        {},
        "2026-12-02",
        "swiss",
        3,
        2,
        "s",
        Points(),
        tiebreaks,
        [Entrant(n) for n in names],
    )


def played(n: int, a: str, b: str, ta: int, tb: int, winner: str | None) -> Table:
    """A table counted from its log: totals and winner."""
    t = Table(n, (a, b), (a, b), f"t{n}.toml")
    t.counts.append(Count(DIGEST, {a: ta, b: tb}, winner, 0, ""))
    return t


def decided(n: int, sides: tuple[str, ...], d: Decision) -> Table:
    t = Table(n, sides, sides, f"t{n}.toml")
    t.decisions.append(d)
    return t


def add_round(t: Tournament, tables: list[Table], byes: tuple[str, ...]) -> None:
    t.paired.append(Round(len(t.paired) + 1, tables, byes, {}, ""))


def five_player_swiss() -> Tournament:
    """A bye, a forfeit, a draw (time called on level totals) and a withdrawal."""
    t = tournament(
        ["A", "B", "C", "D", "E"],
        ("buchholz-cut1", "buchholz", "sonneborn-berger", "wins", "game-points"),
    )
    t.entrants[4].withdrawn = 4  # E withdraws during round 3: still plays it
    # R1: A beats B 101-40; C and D: time called at 30-30 (level: a draw); E has the bye.
    add_round(
        t,
        [
            played(1, "A", "B", 101, 40, "A"),
            decided(2, ("C", "D"), Decision("time", "time", 0, "", totals={"C": 30, "D": 30})),
        ],
        ("E",),
    )
    # R2: E does not come to A's table (a forfeit: no meeting); B beats C 101-60; D's bye.
    add_round(
        t,
        [
            decided(1, ("A", "E"), Decision("forfeit", "absent", 1, "", absent=("E",))),
            played(2, "B", "C", 101, 60, "B"),
        ],
        ("D",),
    )
    # R3: C beats A 120-90; D beats E 101-50; B's bye.
    add_round(t, [played(1, "A", "C", 90, 120, "C"), played(2, "D", "E", 101, 50, "D")], ("B",))
    return t


def test_a_bye_a_forfeit_a_draw_and_a_withdrawal() -> None:
    t = five_player_swiss()
    s = standings(t, results(t, {}))
    rows = {r.record.name: r for r in s.rows}
    # match points: A 2+2+0=4, B 0+2+2(bye)=4, C 1+0+2=3, D 1+2(bye)+2=5, E 2(bye)+0+0=2
    assert {n: r.record.match_points for n, r in rows.items()} == {
        "A": 4,
        "B": 4,
        "C": 3,
        "D": 5,
        "E": 2,
    }
    # opponents met: A: B, C (E forfeited: not met); B: A, C; C: D, B, A; D: C, E; E: D
    # buchholz: A 4+3=7, B 4+3=7, C 5+4+4=13, D 3+2=5, E 5
    assert {n: r.tiebreaks["buchholz"] for n, r in rows.items()} == {
        "A": 7,
        "B": 7,
        "C": 13,
        "D": 5,
        "E": 5,
    }
    # cut 1: A 7-3=4, B 7-3=4, C 13-4=9, D 5-2=3, E has one term: 5
    assert {n: r.tiebreaks["buchholz-cut1"] for n, r in rows.items()} == {
        "A": 4,
        "B": 4,
        "C": 9,
        "D": 3,
        "E": 5,
    }
    # Sonneborn-Berger: A beat B (4), lost to C: 4; B lost to A, beat C (3): 3;
    # C drew D (5 x 1/2), lost to B, beat A (4): 6.5; D drew C (3 x 1/2), beat E (2): 3.5; E 0
    assert {n: r.tiebreaks["sonneborn-berger"] for n, r in rows.items()} == {
        "A": 4,
        "B": 3,
        "C": Fraction(13, 2),
        "D": Fraction(7, 2),
        "E": 0,
    }
    # wins: A 2 (one by forfeit), B 1, C 1, D 1, E 0; byes do not count
    assert {n: r.tiebreaks["wins"] for n, r in rows.items()} == {
        "A": 2,
        "B": 1,
        "C": 1,
        "D": 1,
        "E": 0,
    }
    # game points of played matches: A 101+90, B 40+101, C 30+60+120, D 30+101, E 50
    assert {n: r.record.game_points for n, r in rows.items()} == {
        "A": 191,
        "B": 141,
        "C": 210,
        "D": 131,
        "E": 50,
    }
    # played (forfeits included, byes not), won, drawn, lost, byes
    assert {
        n: (r.record.played, r.record.won, r.record.drawn, r.record.lost, r.record.byes)
        for n, r in rows.items()
    } == {
        "A": (3, 2, 0, 1, 0),
        "B": (2, 1, 0, 1, 1),
        "C": (3, 1, 1, 1, 0),
        "D": (2, 1, 1, 0, 1),
        "E": (2, 0, 0, 2, 1),
    }
    # D 5 first; A and B level on 4, cut1 4-4 and buchholz 7-7, Sonneborn-Berger 4 > 3
    assert [(r.rank, r.record.name) for r in s.rows] == [
        (1, "D"),
        (2, "A"),
        (3, "B"),
        (4, "C"),
        (5, "E"),
    ]
    assert rows["E"].record.withdrawn and not rows["A"].record.withdrawn
    assert (s.after_round, s.pending) == (3, 0)


def test_after_round_two() -> None:
    t = five_player_swiss()
    s = standings(t, results(t, {}), after_round=2)
    rows = {r.record.name: r for r in s.rows}
    # after R2: A 2+2=4, B 0+2=2, C 1+0=1, D 1+2=3, E 2+0=2
    assert {n: r.record.match_points for n, r in rows.items()} == {
        "A": 4,
        "B": 2,
        "C": 1,
        "D": 3,
        "E": 2,
    }
    # B and E level on 2: B's cut1 = (A 4 + C 1) - 1 = 4; E met nobody: 0
    assert rows["B"].tiebreaks["buchholz-cut1"] == 4 and rows["E"].tiebreaks["buchholz-cut1"] == 0
    assert [(r.rank, r.record.name) for r in s.rows] == [
        (1, "A"),
        (2, "D"),
        (3, "B"),
        (4, "E"),
        (5, "C"),
    ]
    assert not rows["E"].record.withdrawn  # E withdrew during round 3
    assert s.after_round == 2


def test_direct_in_a_group_that_has_all_met() -> None:
    """W beats X, Y, Z; X beats Y, Y beats Z, Z beats X: X, Y, Z have 2 each and all met;
    ``direct`` gives each 2 (one win inside the group), ``wins`` 1 each: they share rank 2,
    rows ordered by name; game-points then separates them."""
    t = tournament(["W", "X", "Y", "Z"], ("direct", "wins"))
    add_round(t, [played(1, "W", "X", 101, 10, "W"), played(2, "Y", "Z", 101, 20, "Y")], ())
    add_round(t, [played(1, "W", "Y", 101, 30, "W"), played(2, "Z", "X", 101, 40, "Z")], ())
    add_round(t, [played(1, "W", "Z", 101, 50, "W"), played(2, "X", "Y", 101, 60, "X")], ())
    s = standings(t, results(t, {}))
    assert [(r.rank, r.record.name, r.tiebreaks["direct"]) for r in s.rows] == [
        (1, "W", 0),
        (2, "X", 2),
        (2, "Y", 2),
        (2, "Z", 2),
    ]
    # game points: X 10+40+101=151, Y 101+30+60=191, Z 20+101+50=171
    t.tiebreaks = ("direct", "wins", "game-points")
    s = standings(t, results(t, {}))
    assert [(r.rank, r.record.name) for r in s.rows] == [(1, "W"), (2, "Y"), (3, "Z"), (4, "X")]


def test_direct_separates_two_that_met_but_not_three_that_did_not_all_meet() -> None:
    """R1: A beats B, C beats D; R2: A beats C, B beats D; R3: B beats C, D beats A.
    A 4, B 4, C 2, D 2. {A, B} met (A won): direct A 2, B 0. {C, D} met (C won): C 2, D 0."""
    t = tournament(["A", "B", "C", "D"], ("direct",))
    add_round(t, [played(1, "A", "B", 101, 1, "A"), played(2, "C", "D", 101, 2, "C")], ())
    add_round(t, [played(1, "A", "C", 101, 3, "A"), played(2, "B", "D", 101, 4, "B")], ())
    add_round(t, [played(1, "B", "C", 101, 5, "B"), played(2, "D", "A", 101, 6, "D")], ())
    s = standings(t, results(t, {}))
    assert [
        (r.rank, r.record.name, r.record.match_points, r.tiebreaks["direct"]) for r in s.rows
    ] == [
        (1, "A", 4, 2),
        (2, "B", 4, 0),
        (3, "C", 2, 2),
        (4, "D", 2, 0),
    ]
    # after round 2: A 4, B 2, C 2, D 0; B and C have not met: direct 0 for both, tied
    s = standings(t, results(t, {}), after_round=2)
    assert [(r.rank, r.record.name, r.tiebreaks["direct"]) for r in s.rows] == [
        (1, "A", 0),
        (2, "B", 0),
        (2, "C", 0),
        (4, "D", 0),
    ]


def test_three_sides_a_table() -> None:
    """A table of three: first 4, second 2, last 0; level totals share; a forfeit with two
    present: they are level, score a win each against the absent side, and have not met."""
    t = tournament(["A", "B", "C"], ("buchholz",))
    t.table_size = 3
    tb = Table(1, ("A", "B", "C"), ("A", "B", "C"), "t.toml")
    r = from_log(t, tb, {"A": 10, "B": 30, "C": 20}, "B")
    assert r.match_points == {"A": 0, "B": 4, "C": 2} and r.met
    r = from_log(t, tb, {"A": 20, "B": 20, "C": 5}, None)  # no winner: A and B level on top
    assert r.match_points == {"A": 3, "B": 3, "C": 0}
    r = from_decision(t, tb, Decision("forfeit", "late", 0, "", absent=("C",)))
    assert r.match_points == {"A": 2, "B": 2, "C": 0} and not r.met
    r = from_decision(t, tb, Decision("forfeit", "storm", 0, "", absent=("A", "B", "C")))
    assert r.match_points == {"A": 0, "B": 0, "C": 0}
    r = from_decision(t, tb, Decision("points", "ruling", 0, "", points={"A": 3}))
    assert r.match_points == {"A": 3, "B": 0, "C": 0} and r.places == {"A": 0, "B": 1, "C": 1}


def test_kozel_penalty_points_rank_fewer_first() -> None:
    """Kozel: the winner has the fewest penalty points; game-points ranks fewer first."""
    t = tournament(["A", "B", "C", "D"], ("game-points", "game-difference"), game="kozel")
    add_round(t, [played(1, "A", "B", 3, 12, "A"), played(2, "C", "D", 5, 12, "C")], ())
    s = standings(t, results(t, {}))
    # A and C won (2 each); A's 3 penalty points beat C's 5; B and D both 12: difference
    # B 12-3=9, D 12-5=7: D ranks above B (fewer)
    assert [(r.rank, r.record.name) for r in s.rows] == [(1, "A"), (2, "C"), (3, "D"), (4, "B")]
    assert s.rows[0].tiebreaks["game-difference"] == -9
