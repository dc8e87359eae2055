"""The simulator's player for the trick core (Bura, Kozel): a shuffled short deck, every
hand and draw recorded, leads of one card mostly, follows that take the trick most of the
time, declarations, claims and now and then a forfeit. Deterministic for a given
``random.Random``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from referee.cards import SHORT_DECK, Card
from referee.games.base import MatchSoFar
from referee.record import FORFEIT_REASON, Deal, Match, TrickEntry

if TYPE_CHECKING:
    from referee.games.spec import GameSpec
    from referee.games.trick.state import TrickState


def play_trick_deal(
    cls: type[TrickState],
    spec: GameSpec,
    match: Match,
    dealer: str,
    carry: MatchSoFar,
    rng: random.Random,
) -> None:
    """One deal of a trick game (``cls``, the game's state, and ``spec``, its registry
    entry: Bura, Kozel), every hand and draw recorded."""
    players = match.players
    n = len(players)
    deck = sorted(SHORT_DECK)
    rng.shuffle(deck)
    k = cls.hand_size
    dealt = {p: [deck.pop() for _ in range(k)] for p in players}
    trump = deck.pop()
    stock = [*deck, trump]  # drawn from the front; the turned-up trump comes last
    deal = Deal(dealer, {"trump": trump}, hands={p: tuple(cs) for p, cs in dealt.items()})
    match.deals.append(deal)
    state = cls(match.players, match.rules, deal, len(match.deals) - 1, carry)
    received = {p: list(cs) for p, cs in dealt.items()}
    claims, forfeits = "claim" in spec.entries, "forfeit" in spec.entries

    def record(entry: TrickEntry) -> None:
        state.apply(entry)
        deal.plays.append(entry)

    declared_before = -1  # the trick before which declarations were last made
    patient = rng.random() < 0.35  # nobody claims before the cards run out: late-deal rules
    while not state.finished:
        if not state.trick:
            if between_tricks(state, record, rng, patient, claims, forfeits):
                break
            if declared_before != state.tricks and spec.declarations:
                declared_before = state.tricks
                if maybe_declare(state, record, rng) and state.finished:
                    break  # the declarations end the deal as recorded
        player = state.to_move()
        if player is None:
            break
        tricks_before = state.tricks
        record(TrickEntry(player, choose_cards(state, player, rng)))
        if state.tricks > tricks_before and state.drawn != {p: len(received[p]) for p in players}:
            winner = state.leader
            order = [state.next_player(winner, j) for j in range(n)]
            for _ in range(state.drawn[winner] - len(received[winner])):
                for p in order:
                    received[p].append(stock.pop(0))
            deal.hands = {p: tuple(received[p]) for p in players}
            state.hands = deal.hands
    if state.played_out and state.can_follow():  # a claim may follow the last trick
        between_tricks(state, record, rng, patient, claims, forfeits)


def between_tricks(
    state: TrickState,
    record: Callable[[TrickEntry], None],
    rng: random.Random,
    patient: bool,
    claims: bool,
    forfeits: bool = True,
) -> bool:
    """Claims between tricks (where the game has them): true ones usually, a false one now
    and then; rare forfeits (where the game has them). In a ``patient`` deal, claims only
    once every card is played. True when the entry ended the deal."""
    if state.tricks == 0:
        return False
    for p in state.players if claims else ():
        if patient and not state.played_out:
            break
        pts = state.points[p]
        if (pts >= 31 and rng.random() < 0.7) or (20 <= pts < 31 and rng.random() < 0.08):
            record(TrickEntry(p, claim=True))
            return True
    if forfeits and rng.random() < 0.01 and not state.played_out:
        record(TrickEntry(rng.choice(state.players), forfeit=FORFEIT_REASON))
        return True
    if state.played_out and claims:
        best = max(state.players, key=lambda q: state.points[q])
        if state.points[best] >= 31 or rng.random() < 0.3:
            record(TrickEntry(best, claim=True))
        return True
    return False


def maybe_declare(
    state: TrickState, record: Callable[[TrickEntry], None], rng: random.Random
) -> bool:
    """Declare a held combination now and then (before the first trick only rarely)."""
    if state.ended is not None or (state.tricks == 0 and rng.random() > 0.05):
        return False
    made = False
    for p in state.players:
        known = state.known_cards(p)
        if not known:
            continue
        found = state.declaration_in(known)
        if found is not None and rng.random() < 0.6:
            record(TrickEntry(p, found[1], declares=found[0]))
            made = True
    return made


def choose_cards(state: TrickState, player: str, rng: random.Random) -> tuple[Card, ...]:
    """A lead of 1 card mostly, else several of one suit; a follow that takes the trick
    70% of the time when it can, else any cards."""
    known = state.known_cards(player)
    assert known
    if not state.trick:
        suits: dict[str, list[Card]] = {}
        for c in known:
            suits.setdefault(c.suit, []).append(c)
        size = rng.choice([1, 1, 1, *range(2, state.hand_size + 1)])
        pools = [cs for cs in suits.values() if len(cs) >= size] or [[rng.choice(known)]]
        pool = rng.choice(pools)
        return tuple(rng.sample(pool, min(size, len(pool))))
    k = len(state.trick[0][1])
    ways = state.options(player)
    if ways and rng.random() < 0.7:
        return rng.choice(ways)
    return tuple(rng.sample(list(known), k))
