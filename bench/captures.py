"""Captures on worst-case floors: `referee options` (every legal capture) and checking one
recorded capture. Targets: options under 50 ms on a floor of 20+ numerals with many equal
values; one check under 1 ms. Also how both grow with the floor size."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from referee.cards import FULL_DECK, Card
from referee.games.base import MatchSoFar
from referee.games.basra.rules import BasraDeal
from referee.games.fishing import captures
from referee.games.fishing.plays import Play
from referee.games.fishing.view import LISTED
from referee.games.pasur.rules import PasurDeal
from referee.messages import Fact
from referee.record import Deal
from referee.registry import GAMES, variant_values

LOW = [c for c in sorted(FULL_DECK) if c.rank in ("A", "2", "3", "4", "5", "6")]
MORE = [c for c in sorted(FULL_DECK) if c.rank == "7"]


def floor_of(size: int) -> list[Card]:
    """Low numerals, four of each value: the most ways to make every sum."""
    by_value = sorted(LOW, key=lambda c: (c.value or 0, c.suit))
    return by_value[:size]


def state(cls: type, game: str, floor: list[Card], **rules: object) -> BasraDeal | PasurDeal:
    values = variant_values(game, GAMES[game].default_variant)
    values.update(rules)  # type: ignore[arg-type]
    deal = Deal("B", {"floor": tuple(floor[:4])})
    s = cls(["A", "B"], values, deal, 0, MatchSoFar({"A": 0, "B": 0}))
    s.floor = list(floor)
    return s  # type: ignore[no-any-return]


def option_lines(s: BasraDeal | PasurDeal, card: Card) -> list[Fact]:
    """What `referee options --all` lists for ``card``: its strongest kinds, in words (the
    card's plays worked out afresh: the state's own cache left aside)."""
    kinds, _ = s.plays_of(card).first(LISTED)
    return [k.as_fact() for k in kinds]


def checked(s: BasraDeal | PasurDeal, card: Card, takes: tuple[Card, ...]) -> Play | None:
    """The check of one capture: the card's plays worked out afresh, the capture asked."""
    return s.plays_of(card).ruling(takes)


def clear_caches() -> None:
    for f in (
        captures.union_vectors,
        captures.splits_into,
        captures.has_group,
        captures.single_sets,
    ):
        f.cache_clear()


def timed(fn: object, repeats: int) -> float:
    """Median milliseconds of ``fn()`` with the capture caches cleared before each call."""
    out = []
    for _ in range(repeats):
        clear_caches()
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append(time.perf_counter() - start)
    return statistics.median(out) * 1000


def expansions(vec: captures.Vector, floor: captures.Vector) -> int:
    """How many concrete card sets realise ``vec`` on a floor of ``floor``."""
    n = 1
    for want, have in zip(captures.counts(vec), captures.counts(floor), strict=True):
        n *= comb(have, want)
    return n


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    ten = Card("10", "S")
    print("Basra, a 10 played on a floor of low numerals (A-6, four of each value):")
    print("(options: the lines `referee options` prints, one per kind of capture; captures:")
    print(" the distinct sets of cards those lines stand for)")
    print(
        f"{'floor':>6} {'options':>8} {'captures':>9} {'options ms':>11} {'check ms':>9} "
        f"{'maximal ms':>11}"
    )
    for size in (8, 12, 16, 20, 24, 28):
        floor = floor_of(size) if size <= 24 else floor_of(24) + MORE[: size - 24]
        s = state(BasraDeal, "basra", floor)
        lines = option_lines(s, ten)
        vecs = list(s.plays_of(ten).vectors or [])
        total = sum(expansions(v, captures.vector(floor)) for v in vecs)
        biggest = next(captures.expand(max(vecs, key=captures.total_of), floor)) if vecs else ()
        ms_opts = timed(lambda s=s: option_lines(s, ten), args.repeats)
        ms_check = timed(lambda s=s, t=biggest: checked(s, ten, t), args.repeats)
        m = state(BasraDeal, "basra", floor, capture="maximal")
        ms_max = timed(lambda m=m, t=biggest: checked(m, ten, t), args.repeats)
        print(
            f"{size:>6} {len(lines):>8} {total:>9} {ms_opts:>11.2f} {ms_check:>9.3f} "
            f"{ms_max:>11.3f}"
        )
    print("Pasur, an A played (sets adding up to 10) on the same floors:")
    ace = Card("A", "S")
    for size in (8, 16, 24):
        floor = [c for c in floor_of(size) if c != ace]
        s = state(PasurDeal, "pasur", floor)
        lines = option_lines(s, ace)
        first = s.options(ace)[0].taken
        ms_opts = timed(lambda s=s: option_lines(s, ace), args.repeats)
        ms_check = timed(lambda s=s, t=first: checked(s, ace, t), args.repeats)
        print(f"{len(floor):>6} {len(lines):>8} {'':>9} {ms_opts:>11.2f} {ms_check:>9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
