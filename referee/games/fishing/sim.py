"""The simulator's player for the fishing core (Basra, Pasur): a shuffled deck dealt round by
round, every hand recorded, random and greedy legal plays (sweeps, then the most cards half
the time). Deterministic for a given ``random.Random``."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from referee.cards import Card
from referee.games.base import MatchSoFar
from referee.record import Deal, FishPlay, Match

if TYPE_CHECKING:
    from referee.games.fishing.plays import Play
    from referee.games.fishing.state import FishingBase


def _rounds_order(state: FishingBase, dealer: str) -> list[str]:
    first = state.next_player(dealer)
    return [state.next_player(first, k) for k in range(state.n)]


def fishing_setup(
    cls: type[FishingBase], match: Match, dealer: str, rng: random.Random
) -> tuple[Deal, list[Card]]:
    """Shuffle and deal: round-1 hands, then the opening floor as the game's own rule makes
    it (Basra buries, Pasur returns a jack or redeals)."""
    hand_size = cls.round_size(match.rules)
    n = len(match.players)
    while True:
        deck = list(cls.deck)
        rng.shuffle(deck)
        first = min(hand_size, (len(deck) - cls.floor_size) // n)
        round1 = {p: [deck.pop() for _ in range(first)] for p in match.players}
        opened = cls.open_floor(deck, rng, match.rules)
        if opened is None:  # the game's rule says: redeal
            continue
        floor, set_aside = opened
        deal = Deal(dealer, {"floor": tuple(floor)})
        if set_aside:
            deal.setup[cls.deferred_key] = tuple(set_aside)
        deal.hands = {p: tuple(cs) for p, cs in round1.items()}
        return deal, deck


def play_fishing_deal(
    cls: type[FishingBase], match: Match, dealer: str, carry: MatchSoFar, rng: random.Random
) -> None:
    """One deal of a fishing game (``cls``, the game's state), every round's hands recorded."""
    deal, deck = fishing_setup(cls, match, dealer, rng)
    match.deals.append(deal)
    state = cls(match.players, match.rules, deal, len(match.deals) - 1, carry)
    hands = {p: list(cs) for p, cs in (deal.hands or {}).items()}
    order = _rounds_order(state, dealer)
    for r, size in enumerate(state.rounds):
        if r > 0:
            for p in order:
                hands[p].extend(deck.pop() for _ in range(size))
            deal.hands = {p: tuple(hands[p]) for p in match.players}
            state.hands = deal.hands
        for _ in range(size * state.n):
            player = state.to_move()
            assert player is not None
            card, option = choose_fishing(state, player, rng)
            entry = FishPlay(player, card, option.taken)
            state.apply(entry)
            deal.plays.append(entry)


def choose_fishing(state: FishingBase, player: str, rng: random.Random) -> tuple[Card, Play]:
    """Greedy half the time (sweeps, then most cards), otherwise a random legal play."""
    held = state.round_cards(player)
    assert held
    choices = [(c, o) for c in held for o in state.options(c)]
    if rng.random() < 0.55:
        return max(choices, key=lambda co: (co[1].sweep, len(co[1].taken), rng.random()))
    captures = [co for co in choices if co[1].taken]
    if captures and rng.random() < 0.6:
        return rng.choice(captures)
    return rng.choice(choices)
