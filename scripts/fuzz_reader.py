"""Feed generated and mutated logs through the reader and the replay, in-process, and count
every exception that is not the project's own problems (there must be none).

    python scripts/fuzz_reader.py --inputs 1000000 --jobs 2

Inputs, in turn: the sample logs with bytes flipped, cut, inserted or spliced; the samples
with one TOML value swapped for another (a string, a number, a table, an array, a huge
integer, a control character, a name of another player or game); and simulated matches of
every game with one entry changed (another card, another player, an entry dropped,
repeated or moved, a declaration, claim or forfeit where none belongs). Deterministic for a
seed. Prints the inputs run, the problems found by rule, and every crash (at most 20).
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import random
import sys
import time
import traceback
from pathlib import Path

from referee.cards import SHORT_DECK, Card
from referee.log.file import dumps, load_bytes
from referee.match import replay
from referee.record import FishPlay, TrickEntry
from referee.registry import GAMES
from referee.table.simulate import simulate_match
from referee.words.rulings import problem_json, problem_line

ROOT = Path(__file__).resolve().parent.parent
VALUES = [
    '"7D"',
    '"10S 9S"',
    '""',
    "1",
    "-3",
    "0",
    "true",
    "[]",
    "{}",
    '"Zed"',
    '"XX"',
    '"J♦"',
    "2026-01-01",
    '"bura"',
    '"kozel"',
    '"ru-baaz"',
    "1" * 5000,
    '"\\u001b[2J"',
    '"\\u202e"',
    "1e400",
    "[[1]]",
    '{ by = "Ali" }',
    '"=cmd"',
    '"A & B"',
]


def seeds() -> list[bytes]:
    """The sample logs and a short simulated match of every game and variant."""
    out = [p.read_bytes() for p in sorted((ROOT / "sample_games").glob("*.toml"))]
    for game, spec in GAMES.items():
        for variant in spec.variants:
            out.append(
                dumps(simulate_match(game, variant, spec.player_range(variant)[0], 3, deals=2))
            )
    return out


def mutate_bytes(data: bytes, rng: random.Random, pool: list[bytes]) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(buf) + 1)
        kind = rng.randrange(4)
        if kind == 0 and buf:  # flip
            buf[min(at, len(buf) - 1)] ^= 1 << rng.randrange(8)
        elif kind == 1:  # cut
            del buf[at : at + rng.randint(1, 40)]
        elif kind == 2:  # insert bytes
            buf[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        else:  # splice from another log
            other = rng.choice(pool)
            start = rng.randrange(len(other))
            buf[at:at] = other[start : start + rng.randint(1, 200)]
    return bytes(buf)


def swap_value(data: bytes, rng: random.Random) -> bytes:
    lines = data.decode("utf-8", "replace").splitlines()
    candidates = [i for i, line in enumerate(lines) if " = " in line]
    if not candidates:
        return data
    i = rng.choice(candidates)
    key = lines[i].split(" = ", 1)[0]
    lines[i] = f"{key} = {rng.choice(VALUES)}"
    return "\n".join(lines).encode()


def change_entry(game: str, rng: random.Random) -> bytes:
    spec = GAMES[game]
    variant = rng.choice(list(spec.variants))
    low, high = spec.player_range(variant)
    match = simulate_match(
        game, variant, rng.randint(low, high), rng.randrange(10_000), deals=rng.randint(1, 3)
    )
    deal = rng.choice(match.deals)
    if not deal.plays:
        return dumps(match)
    j = rng.randrange(len(deal.plays))
    entry = deal.plays[j]
    kind = rng.randrange(6)
    card = Card.parse(rng.choice(sorted(str(c) for c in SHORT_DECK)))
    who = rng.choice(match.players)
    if kind == 0:
        del deal.plays[j]
    elif kind == 1:
        deal.plays.insert(j, entry)
    elif kind == 2:
        deal.plays.insert(rng.randrange(len(deal.plays)), deal.plays.pop(j))
    elif isinstance(entry, FishPlay):
        deal.plays[j] = (
            entry._replace(card=card)
            if kind == 3
            else entry._replace(by=who)
            if kind == 4
            else entry._replace(takes=(card,))
        )
    elif isinstance(entry, TrickEntry):
        options = [
            entry._replace(cards=(card, *entry.cards[1:])),
            entry._replace(by=who),
            TrickEntry(who, claim=True),
            TrickEntry(who, forfeit="misdraw"),
            TrickEntry(who, (card,), declares=rng.choice(["bura", "molodka"])),
        ]
        deal.plays[j] = rng.choice(options)
    return dumps(match)


def check(data: bytes) -> collections.Counter[str]:
    """The problems found; raises on anything else."""
    match, problems = load_bytes(data)
    if match is not None:
        problems = replay(match, problems).problems
    for p in problems:
        if not p.rule or not p.message:
            raise AssertionError(f"a problem without a rule or a message: {p!r}")
        problem_line(p)  # said as a person reads it, and as verify --json writes it
        problem_json(p)
    return collections.Counter(p.rule for p in problems[:1])


def run(job: int, inputs: int, seed: int) -> tuple[int, collections.Counter[str], list[str]]:
    rng = random.Random(seed * 1000 + job)
    pool = seeds()
    games = list(GAMES)
    rules: collections.Counter[str] = collections.Counter()
    crashes: list[str] = []
    for k in range(inputs):
        pick = k % 10
        if pick < 5:
            data = mutate_bytes(rng.choice(pool), rng, pool)
        elif pick < 8:
            data = swap_value(rng.choice(pool), rng)
        else:
            try:
                data = change_entry(games[k % len(games)], rng)
            except Exception:  # the simulator refusing a variant's count: not the reader
                continue
        try:
            rules.update(check(data))
        except Exception:
            crashes.append(traceback.format_exc(limit=6) + f"\ninput: {data[:300]!r}")
            if len(crashes) >= 20:
                break
    return inputs, rules, crashes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    share = -(-args.inputs // args.jobs)
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.starmap(run, [(j, share, args.seed) for j in range(args.jobs)])
    total = sum(r[0] for r in results)
    rules: collections.Counter[str] = collections.Counter()
    crashes: list[str] = []
    for _, found, crashed in results:
        rules.update(found)
        crashes.extend(crashed)
    print(
        f"{total} inputs in {time.monotonic() - started:.0f} s on {args.jobs} processes; "
        f"{sum(rules.values())} refused with a problem, {len(crashes)} crashes"
    )
    for rule, n in rules.most_common(12):
        print(f"  {rule:28s} {n}")
    for crash in crashes[:20]:
        print(crash)
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
