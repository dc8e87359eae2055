"""Figures for the robustness work: matches simulated and verified (with byte-identical
round trips), mutations applied and caught at the right deal and play, and SIGKILLs
survived by `referee play`. Run from the repository root:

    python scripts/robustness.py --matches 5 --kills 100
"""

from __future__ import annotations

import argparse
import copy
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.log.file import dumps, load_bytes
from referee.match import replay
from referee.registry import GAMES
from referee.table.simulate import simulate_match
from tests import test_crash as crash
from tests import test_mutations as mut


def simulated(matches: int) -> tuple[int, int, int]:
    count = deals = entries = 0
    for game, spec in GAMES.items():
        for variant in spec.variants:
            low, high = spec.player_range(variant)
            for n in range(low, high + 1):
                for seed in range(matches):
                    match = simulate_match(game, variant, n, 900 + seed)
                    data = dumps(match)
                    again, problems = load_bytes(data)
                    assert again is not None and not problems
                    assert dumps(again) == data, "round trip changed the bytes"
                    replayed = replay(again)
                    assert not replayed.problems and replayed.complete, replayed.problems[:1]
                    count += 1
                    deals += len(match.deals)
                    entries += sum(len(d.plays) for d in match.deals)
    return count, deals, entries


def mutations(matches: int) -> tuple[int, int]:
    applied = caught = 0
    fishing = [*mut.FISHING_MUTATIONS]
    for game, spec in GAMES.items():
        for variant in spec.variants:
            n = min(3, spec.player_range(variant)[1])
            pool = (
                fishing + ([mut.pasur_trail_of_a_capturer] if game == "pasur" else [])
                if "card" in spec.entries
                else [mut.bura_wrong_count, mut.bura_claim_mid_trick, mut.bura_card_twice]
            )
            for seed in range(matches):
                base = simulate_match(game, variant, n, 700 + seed)
                for k, mutate in enumerate(pool):
                    match = copy.deepcopy(base)
                    try:
                        ok = mut.check(match, mutate, random.Random(seed * 31 + k))
                    except AssertionError as err:
                        print(f"  missed: {game} {variant} {mutate.__name__}: {err}")
                        applied += 1
                        continue
                    applied += ok
                    caught += ok
    return applied, caught


def kills(rounds: int) -> tuple[int, int]:
    """SIGKILL `referee play` at random moments; the log must always be whole."""
    folder = Path(tempfile.mkdtemp(prefix="referee-kill-"))
    path, plays = crash.opening(folder)
    killed, recorded, _ = crash.kill_runs(path, plays, rounds, random.Random(3))
    shutil.rmtree(folder)
    return killed, recorded


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--kills", type=int, default=100)
    args = parser.parse_args()
    start = time.perf_counter()
    count, deals, entries = simulated(args.matches)
    print(
        f"simulated and verified: {count} matches, {deals} deals, {entries} entries; "
        f"every log re-read and re-written byte for byte "
        f"({time.perf_counter() - start:.0f} s)"
    )
    applied, caught = mutations(args.matches)
    print(
        f"mutations: {caught} of {applied} caught first, at the right deal and play, "
        "with an expected rule id"
    )
    killed, done = kills(args.kills)
    print(
        f"SIGKILL during `referee play`: {killed} kills, the log always whole (old or "
        f"new); {done} plays recorded meanwhile"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
