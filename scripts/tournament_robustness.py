"""Random tournaments played through the director's functions, and a checker of what
``tournament verify`` promises. Entrants, systems, table sizes, decisions (forfeits, time
called, points set, taken back), withdrawals, late entries and corrected logs are drawn at
random; the tables play legal matches from referee.table.simulate. Run from the repository root:

    python scripts/tournament_robustness.py --tournaments 1000
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tomli_w

from referee.log.file import dumps, load, load_bytes, write_atomic
from referee.log.format import match_to_dict
from referee.registry import GAMES
from referee.table.simulate import simulate_match
from referee.tournament import director
from referee.tournament.model import Points, Tournament
from referee.tournament.pairing import pair as pair_round
from referee.tournament.pairing import two_cost
from referee.tournament.report import standings_of
from referee.tournament.seats import multi_cost
from referee.tournament.store import log_path
from referee.tournament.verify import results, standing_for, verify

GAMES_PLAYED = (  # (game, variant, table sizes for individuals, teams allowed)
    ("basra", "egyptian", (2, 3), True),
    ("pasur", "standard", (2, 3), True),
    ("bura", "classic", (2, 3, 4), False),
    ("kozel", "classic", (2, 3), True),
)
NAMES = [f"P{k:02d}" for k in range(60)]


@cache
def simulated(
    game: str, variant: str, n: int, seed: int, deals: int | None, rules: tuple[Any, ...]
) -> dict[str, Any]:
    """A simulated match's mapping (a small pool, reused under other names)."""
    return match_to_dict(simulate_match(game, variant, n, seed, dict(rules), deals=deals))


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def play(path: Path, seed: int, deals: int | None = None) -> None:
    """Play the table's match into its log: a simulated match under the table's names."""
    start, problems = load(path)
    assert start is not None and not problems, problems
    n = len(start.players)
    rules = tuple(sorted(start.rules.items()))
    data = simulated(start.game, start.variant, n, seed % 7, deals, rules)
    old = list(data["players"])
    names = dict(zip(old, start.players, strict=True))
    spec = GAMES[start.game]
    for a, b in zip(
        spec.sides(old, start.rules), spec.sides(start.players, start.rules), strict=True
    ):
        names[" & ".join(a)] = " & ".join(b)
    data = _renamed(data, names)
    data["event"], data["players"] = start.event, list(start.players)
    data.pop("date", None)
    if start.date is not None:
        data["date"] = start.date
    match, problems = load_bytes(tomli_w.dumps(data).encode())
    assert match is not None and not problems, problems
    write_atomic(path, dumps(match))


def new_tournament(folder: Path, rng: random.Random) -> Tournament:
    game, variant, sizes, teams_ok = rng.choice(GAMES_PLAYED)
    teams = teams_ok and rng.random() < 0.2
    size = 4 if teams else rng.choice(sizes)
    rules: dict[str, bool | int | str] = {"target": rng.choice((8, 11)) if game == "kozel" else 0}
    if game != "kozel":
        rules = {}
    system = "round-robin" if size == 2 and rng.random() < 0.25 else "swiss"
    n = rng.randint(max(2, 2 if teams else size), 9 if system == "round-robin" else 14)
    names = rng.sample(NAMES, n * (2 if teams else 1))
    entrants = [
        director.entrant(f"{names[2 * k]} & {names[2 * k + 1]}" if teams else names[k], teams)
        for k in range(n)
    ]
    tiebreaks = (
        tuple(
            rng.sample(
                (
                    "buchholz",
                    "buchholz-cut1",
                    "sonneborn-berger",
                    "direct",
                    "wins",
                    "game-points",
                    "game-difference",
                ),
                3,
            )
        )
        if rng.random() < 0.3
        else ()
    )
    t = Tournament(
        "Random Cup",
        game,
        variant,
        rules,
        "2026-12-02",
        system,
        0,
        0,
        str(rng.getrandbits(32)),
        Points(),
        tiebreaks,
        entrants,
    )
    rounds = None if system == "round-robin" else rng.randint(1, 5)
    return director.create(folder, t, rounds, None if teams else size)


def play_round(folder: Path, t: Tournament, rng: random.Random, stats: dict[str, int]) -> None:
    """Every table of the current round gets a result, in one way or another."""
    rnd = t.paired[-1]
    for tb in rnd.tables:
        path = log_path(folder, tb.log)
        roll = rng.random()
        seed = rng.randrange(1000)
        if roll < 0.7:
            play(path, seed)
            stats["played"] += 1
        elif roll < 0.8:
            play(path, seed, deals=rng.randint(0, 2))
            director.decide(folder, tb.number, director.decision("time", "time", [], {}))
            stats["time"] += 1
        elif roll < 0.9:
            absent = rng.sample(list(tb.sides), rng.randint(1, len(tb.sides)))
            director.decide(folder, tb.number, director.decision("forfeit", "absent", absent, {}))
            stats["forfeit"] += 1
        else:
            given = {s: rng.randint(0, 3) for s in tb.sides if rng.random() < 0.7}
            director.decide(folder, tb.number, director.decision("points", "ruling", [], given))
            stats["points"] += 1
        if rng.random() < 0.05 and roll >= 0.7:  # a decision was just made: take it back
            undone, _ = director.decide(folder, tb.number, lambda *_: None)  # the log decides
            play(path, seed + 1)
            stats["undone"] += 1
            if undone.count() is not None:  # a finished log counted while decided, now changed
                try:
                    director.recount(folder, tb.number, None, "played again after the decision")
                except Exception as e:  # the same match drawn again: nothing changed
                    assert "tournament.changed" in str(e), e


def between_rounds(folder: Path, t: Tournament, rng: random.Random, stats: dict[str, int]) -> None:
    """Late entries, withdrawals and a corrected log now and then."""
    if t.system == "swiss" and rng.random() < 0.15:
        name = f"{rng.choice(NAMES)}x{t.current}"
        if t.teams:
            name = f"{name} & {name}y"
        director.add(folder, name)
        stats["added"] += 1
    if rng.random() < 0.15:
        active = t.active(t.current + 1)
        if len(active) > max(3, t.sides_per_table + 1):
            director.drop(folder, rng.choice(active))
            stats["dropped"] += 1
    if rng.random() < 0.1 and t.paired:
        rnd = rng.choice(t.paired)
        tb = rng.choice(rnd.tables)
        if tb.count() is not None and tb.decision() is None:
            play(log_path(folder, tb.log), rng.randrange(1000) + 3)
            try:
                director.recount(folder, tb.number, rnd.number, "score sheet corrected")
                stats["recounted"] += 1
            except Exception as e:  # the same match drawn again: nothing changed
                assert "tournament.changed" in str(e), e


def check(folder: Path) -> None:
    """What verify promises, checked beside verify itself."""
    t, facts = director.read_all(folder, jobs=1)
    found = verify(t, facts)
    assert not found, [f.as_json() for f in found]
    for rnd in t.paired:
        paired = [s for tb in rnd.tables for s in tb.sides] + list(rnd.byes)
        assert len(paired) == len(set(paired)), rnd.number
        assert set(paired) == set(t.active(rnd.number)), rnd.number
        mp, hist = standing_for(t, rnd.number)
        assert rnd.match_points == {s: mp[s] for s in paired}
        if rnd.number > 1 and t.system == "swiss":
            cost = two_cost if t.sides_per_table == 2 else multi_cost
            again = pair_round(t, rnd.number, mp, hist)
            assert cost(again.tables, again.byes, mp, hist) == cost(
                [tb.sides for tb in rnd.tables], rnd.byes, mp, hist
            )
    s = standings_of(t, facts, None)
    res = results(t, facts)
    total = sum(r.match_points.get(name, 0) for r in res.values() if r for name in r.match_points)
    byes = sum(t.points.bye for rnd in t.paired for _ in rnd.byes)
    assert sum(row.record.match_points for row in s.rows) == total + byes
    ranks = [row.rank for row in s.rows]
    assert ranks == sorted(ranks) and (not ranks or ranks[0] == 1)
    tamper(folder, t)


def tamper(folder: Path, t: Tournament) -> None:
    """A changed counted log and a changed recorded match point are both caught."""
    counted = [(r, tb) for r in t.paired for tb in r.tables if tb.count() and not tb.decision()]
    if counted:
        _, tb = counted[0]
        path = log_path(folder, tb.log)
        saved = path.read_bytes()
        path.write_bytes(saved + b"\n")
        t2, facts = director.read_all(folder, jobs=1)
        assert any(f.rule == "tournament.changed" for f in verify(t2, facts))
        path.write_bytes(saved)
    if t.current >= 2:
        file = folder / "tournament.toml"
        saved = file.read_bytes()
        t2, facts = director.read_all(folder, jobs=1)
        name = next(iter(t2.paired[1].match_points))
        t2.paired[1].match_points[name] += 1
        from referee.tournament.store import dumps as tdumps

        file.write_bytes(tdumps(t2))
        assert any(f.rule == "tournament.pairing" and f.round == 2 for f in verify(t2, facts))
        file.write_bytes(saved)


def play_rounds(
    folder: Path, rng: random.Random, stats: dict[str, int], most: int | None = None
) -> None:
    """Pair and play the tournament's rounds (at most ``most``), with what happens between
    them, until its last round or until too few sides are left to pair."""
    played = 0
    while most is None or played < most:
        t = director.load(folder)
        if t.current >= t.rounds:
            break
        between_rounds(folder, t, rng, stats)
        try:
            director.pair(folder)
        except Exception as e:
            assert "tournament.round" in str(e), e  # too few sides left to pair
            break
        play_round(folder, director.load(folder), rng, stats)
        stats["rounds"] += 1
        played += 1


def run_one(seed: int, stats: dict[str, int]) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        new_tournament(folder, rng)
        play_rounds(folder, rng, stats)
        check(folder)
        stats["tournaments"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tournaments", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    stats: dict[str, int] = dict.fromkeys(
        (
            "tournaments",
            "rounds",
            "played",
            "time",
            "forfeit",
            "points",
            "undone",
            "added",
            "dropped",
            "recounted",
        ),
        0,
    )
    began = time.perf_counter()
    for k in range(args.tournaments):
        run_one(args.seed * 1_000_003 + k, stats)
        if (k + 1) % 100 == 0:
            print(f"{k + 1} tournaments, {time.perf_counter() - began:.0f} s", flush=True)
    took = time.perf_counter() - began
    print(", ".join(f"{k} {v}" for k, v in stats.items()), f"in {took:.1f} s; all verified")


if __name__ == "__main__":
    main()
