"""Tournaments: pairing a round of a 200-entrant Swiss (target: at most 1 s), and
``tournament standings`` / ``tournament verify`` of a 64-entrant, 7-round tournament (224
logs) against ``referee verify`` of the same logs (target: at most 1.3 x). Run from the
repository root:

    python bench/tournament.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import interleaved, median_ms, referee_command

from referee.tournament import director
from referee.tournament.model import Count, Entrant, Points, Tournament
from referee.tournament.pairing import pair
from referee.tournament.store import log_path
from referee.tournament.verify import standing_for
from scripts.tournament_robustness import play


def swiss_200(rounds: int) -> list[float]:
    """Pair rounds 2..``rounds`` + 1 of a 200-entrant Swiss whose tables all had results
    (random totals, counted): the time of each round's pairing, in seconds."""
    t = Tournament(
        "Bench",
        "basra",
        "egyptian",
        {},
        "",
        "swiss",
        rounds + 1,
        2,
        "bench",
        Points(),
        (),
        [Entrant(f"E{k:03d}") for k in range(200)],
    )
    rng = random.Random(1)
    times = []
    for r in range(1, rounds + 2):
        mp, hist = standing_for(t, r)
        began = time.perf_counter()
        rnd = director.round_of(t, r, pair(t, r, mp, hist), mp)
        if r > 1:
            times.append(time.perf_counter() - began)
        for tb in rnd.tables:
            a, b = tb.sides
            totals = {a: rng.randint(0, 120), b: rng.randint(0, 120)}
            winner = a if totals[a] > totals[b] else b if totals[b] > totals[a] else None
            tb.counts.append(Count("0" * 64, totals, winner, r, ""))
        t.paired.append(rnd)
    return times


def event_64(folder: Path) -> list[Path]:
    """A played 64-entrant, 7-round Swiss: 32 tables a round, 224 logs."""
    names = [f"E{k:02d}" for k in range(64)]
    t = Tournament(
        "Bench 64",
        "basra",
        "egyptian",
        {},
        "2026-12-02",
        "swiss",
        7,
        2,
        "64",
        Points(),
        (),
        [Entrant(n) for n in names],
    )
    director.create(folder, t, 7, 2)
    logs = []
    for r in range(7):
        rnd = director.pair(folder)
        for tb in rnd.tables:
            path = log_path(folder, tb.log)
            play(path, 7 * r + tb.number)
            logs.append(path)
    return logs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--rounds", type=int, default=6, help="Swiss rounds to pair after the first"
    )
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    times = swiss_200(args.rounds)
    print(
        "pairing a round of a 200-entrant Swiss: "
        + ", ".join(f"{x:.2f}" for x in times)
        + f" s (rounds 2-{args.rounds + 1}); worst {max(times):.2f} s"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        began = time.perf_counter()
        logs = event_64(folder)
        print(
            f"built a 64-entrant, 7-round tournament ({len(logs)} logs) in "
            f"{time.perf_counter() - began:.1f} s"
        )
        ref = referee_command()
        got = interleaved(
            {
                "referee verify (224 logs)": ([*ref, "verify", *map(str, logs)], None),
                "tournament standings": ([*ref, "tournament", "standings", "--dir", tmp], None),
                "tournament verify": ([*ref, "tournament", "verify", "--dir", tmp], None),
            },
            args.repeat,
        )
        base = median_ms(got["referee verify (224 logs)"])
        for name, values in got.items():
            ms = median_ms(values)
            print(f"{name:28} {ms:8.0f} ms  ({ms / base:.2f} x referee verify)")


if __name__ == "__main__":
    main()
