"""A random search for the costliest legal floors to list (the floors bench/worst_floors.py
measures beside the largest and the densest): random trails of every fishing game and
variant, each stopped at a random size; every unplayed card with many kinds of play is
listed as ``options --all --json`` lists it (in process, the caches cleared, the best of
three), and the costliest are printed as the trails to put in ``COST_FLOORS``.

    python bench/cost_search.py --floors 400 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from worst_floors import trail_on  # bench/ is on the path: this script's own folder

from referee.cards import FULL_DECK, Card, format_cards
from referee.games.base import deal_rules
from referee.games.fishing import captures
from referee.games.fishing.deal import FishingDeal
from referee.games.fishing.view import FishingView
from referee.match import replay
from referee.record import Deal, FishPlay, Match
from referee.registry import GAMES, variant_values
from referee.words.sentences import said_json

Found = tuple[float, str, str, str, str, str]  # ms, game, variant, opening, trail, card


def random_trail(game: str, variant: str, rng: random.Random, stop: int) -> Match:
    """An open deal whose floor grows by trailing, in a random order (half the time the
    low cards first), until it holds ``stop`` cards or no card may be laid down."""
    match = Match(game, variant, ["Ali", "Omar"], variant_values(game, variant))
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    if rng.random() < 0.5:
        spread = rng.choice([0, 3, 6, 20])
        cards.sort(key=lambda c: (c.value or 11) + rng.random() * spread)
    opening = [c for c in cards if c.rank not in "JQK" and c != Card("7", "D")][:4]
    deal = Deal("Omar", {"floor": tuple(opening)})
    match.deals.append(deal)
    state = replay(match).state
    assert isinstance(state, FishingDeal)
    left = [c for c in cards if c not in opening]
    trail_on(state, deal, left, lambda s: s.entries < s.total_plays - 2 and len(s.floor) < stop)
    return match


def clear_caches() -> None:
    for value in vars(captures).values():
        if isinstance(getattr(value, "cache_clear", None), Callable):  # type: ignore[arg-type]
            value.cache_clear()


def listing_cost(state: FishingDeal, card: Card) -> float:
    """Seconds to list ``card``'s plays as ``options --all --json`` does, caches cleared."""
    best = float("inf")
    for _ in range(3):
        clear_caches()
        start = time.perf_counter()
        plays = FishingView(state).plays_json(card, None)
        assert plays is not None
        json.dumps(said_json(plays), ensure_ascii=False)
        best = min(best, time.perf_counter() - start)
    return best


def search(floors: int, seed: int, kinds_at_least: int = 50) -> list[Found]:
    rng = random.Random(seed)
    variants = [
        (game, variant)
        for game, spec in GAMES.items()
        if issubclass(deal_rules(spec), FishingDeal)
        for variant in spec.variants
    ]
    found: list[Found] = []
    for _ in range(floors):
        game, variant = rng.choice(variants)
        match = random_trail(game, variant, rng, rng.randint(10, 48))
        state = replay(match).state
        assert isinstance(state, FishingDeal)
        deal = match.deals[0]
        for card in sorted(FULL_DECK - set(state.used)):
            if state.legal_plays(card).count() >= kinds_at_least:
                trail = [p.card for p in deal.plays if isinstance(p, FishPlay)]
                opening = deal.cards("floor")
                cost = listing_cost(state, card) * 1000
                found.append(
                    (cost, game, variant, format_cards(opening), format_cards(trail), str(card))
                )
    return sorted(found, reverse=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--floors", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    for cost, game, variant, opening, trail, card in search(args.floors, args.seed)[: args.top]:
        print(f'    ("{game}", "{variant}", "{opening}", "{trail}", "{card}"),  # {cost:.1f} ms')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
