"""Regenerate sample_games/: one complete simulated match per game, variant and a player
count, choosing the first seed whose match shows the rules worth showing."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.log.file import dumps
from referee.match import replay
from referee.record import FishPlay, Match, TrickEntry
from referee.table.simulate import simulate_match

OUT = Path(__file__).resolve().parent.parent / "sample_games"
FISHING = [
    ("basra", "egyptian", 2),
    ("basra", "classic", 4),
    ("basra", "lebanese", 3),
    ("basra", "iraqi", 2),
    ("basra", "two-card", 3),
    ("pasur", "standard", 3),
    ("pasur", "pagat", 2),
    ("pasur", "thirteen", 4),
    ("pasur", "ten-point-sur", 2),
    ("pasur", "ru-baaz", 2),
]
BURA = [
    ("bura", "classic", 2),
    ("bura", "classic", 3),
    ("bura", "little-robber", 2),
    ("bura", "little-robber", 3),
]
KOZEL = [
    ("kozel", "classic", 2),
    ("kozel", "classic", 4),
    ("kozel", "short", 3),
    ("kozel", "six-spades", 2),
    ("kozel", "six-spades", 4),
]
RECOUNTED = {"basra-egyptian-2p", "pasur-standard-3p"}


def interesting(match: Match) -> bool:
    """Fishing: a sweep and a jack capture; Bura: true and false claims and a declaration;
    Kozel: every class of penalty (2, 4 and 6) and a lead of 3 or more cards."""
    replayed = replay(match)
    entries = [e for d in match.deals for e in d.plays if e is not None]
    if match.game == "kozel":
        penalties = {v for d in replayed.deals for v in d.result.score.values()}
        wide = any(isinstance(e, TrickEntry) and len(e.cards) >= 3 for e in entries)
        return wide and {2, 4, 6} <= penalties
    if match.game == "bura":
        claims = [d.result for d in replayed.deals]
        declared = any(isinstance(e, TrickEntry) and e.declares for e in entries)
        false_claim = any(
            r.winner is None and any(v == 2 for v in r.score.values()) for r in claims
        )
        return declared and false_claim and any(r.winner for r in claims)
    sweeps = any(
        sum(
            d.result.breakdown[s].get("basras", d.result.breakdown[s].get("surs", 0))
            for s in d.result.breakdown
        )
        for d in replayed.deals
    )
    jacks = any(isinstance(e, FishPlay) and e.card.rank == "J" and e.takes for e in entries)
    return sweeps and jacks


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for game, variant, n in FISHING + BURA + KOZEL:
        for seed in range(1, 200):
            match = simulate_match(game, variant, n, seed)
            if interesting(match):
                break
        name = f"{game}-{variant}-{n}p"
        match.event = f"Sample match: {game} ({variant}), {n} players, simulated (seed {seed})"
        if name in RECOUNTED:
            match.deals[0].note = (
                "Every deal's score of this match is recounted by "
                "tests/test_samples.py independently of the engine."
            )
        (OUT / f"{name}.toml").write_bytes(dumps(match))
        print(f"{name}: seed {seed}, {len(match.deals)} deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
