"""Simulated matches: a shuffled deck, random and greedy legal play through the same rules
engines, every hand recorded. Used for sample games, property tests and benchmarks.

Deterministic: the same seed gives the same match, and so the same bytes once written.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from referee.cards import FULL_DECK, SHORT_DECK, Card
from referee.games.base import Carry
from referee.games.fishing import FishingDeal, Option
from referee.games.trick import TrickDeal
from referee.logformat import new_match
from referee.match import replay, start_deal, with_derived
from referee.params import Value
from referee.problems import RefereeError
from referee.record import FORFEIT_REASON, Deal, FishPlay, Match, TrickEntry
from referee.registry import GAMES

MAX_DEALS = 400


def players_for(game: str, n: int) -> list[str]:
    return list(GAMES[game].names[:n])


def simulate_match(
    game: str,
    variant: str,
    n: int,
    seed: int,
    overrides: dict[str, Value] | None = None,
    deals: int | None = None,
) -> Match:
    """One complete match played by random-and-greedy players (or its first ``deals``)."""
    rng = random.Random(f"{game}/{variant}/{n}/{seed}")
    match, problems = new_match(
        game, players_for(game, n), variant, overrides, event=f"simulated by referee, seed {seed}"
    )
    if match is None or problems:
        raise RefereeError(problems)
    dealer = match.players[-1]
    rep = replay(match)
    limit = MAX_DEALS if deals is None else deals
    while not rep.over and len(match.deals) < limit:
        carry = rep.carry or Carry(dict(rep.totals))
        if "trump" in GAMES[game].setup:
            play_trick_deal(match, dealer, carry, rng)
        else:
            play_fishing_deal(match, dealer, carry, rng)
        rep = replay(match)
        if rep.problems:
            raise RefereeError(rep.problems)
        dealer = rep.next_dealer or dealer
    return with_derived(match, rep)


def _rounds_order(state: FishingDeal, dealer: str) -> list[str]:
    first = state.next_player(dealer)
    return [state.next_player(first, k) for k in range(state.n)]


def fishing_setup(match: Match, dealer: str, rng: random.Random) -> tuple[Deal, list[Card]]:
    """Shuffle and deal: round-1 hands, then the opening floor as the game's own rule makes
    it (Basra buries, Pasur returns a jack or redeals)."""
    cls = GAMES[match.game].state_class()
    assert issubclass(cls, FishingDeal)
    hand_size = cls.round_size(match.rules)
    n = len(match.players)
    while True:
        deck = sorted(FULL_DECK)
        rng.shuffle(deck)
        first = min(hand_size, 48 // n)
        round1 = {p: [deck.pop() for _ in range(first)] for p in match.players}
        opened = cls.open_floor(deck, rng, match.rules)
        if opened is None:  # the game's rule says: redeal
            continue
        floor, set_aside = opened
        deal = Deal(dealer, floor=tuple(floor))
        if set_aside:
            setattr(deal, cls.deferred_key, tuple(set_aside))
        deal.hands = {p: tuple(cs) for p, cs in round1.items()}
        return deal, deck


def play_fishing_deal(match: Match, dealer: str, carry: Carry, rng: random.Random) -> None:
    deal, deck = fishing_setup(match, dealer, rng)
    match.deals.append(deal)
    state = start_deal(match, deal, len(match.deals) - 1, carry)
    assert isinstance(state, FishingDeal)
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


def choose_fishing(state: FishingDeal, player: str, rng: random.Random) -> tuple[Card, Option]:
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


def play_trick_deal(match: Match, dealer: str, carry: Carry, rng: random.Random) -> None:
    """One deal of a trick game (Bura, Kozel), every hand and draw recorded."""
    spec = GAMES[match.game]
    players = match.players
    n = len(players)
    deck = sorted(SHORT_DECK)
    rng.shuffle(deck)
    cls = spec.state_class()
    assert issubclass(cls, TrickDeal)
    k = cls.hand_size
    dealt = {p: [deck.pop() for _ in range(k)] for p in players}
    trump = deck.pop()
    stock = [*deck, trump]  # drawn from the front; the turned-up trump comes last
    deal = Deal(dealer, trump=trump, hands={p: tuple(cs) for p, cs in dealt.items()})
    match.deals.append(deal)
    state = start_deal(match, deal, len(match.deals) - 1, carry)
    assert isinstance(state, TrickDeal)
    received = {p: list(cs) for p, cs in dealt.items()}
    claims = "claim" in spec.entries

    def record(entry: TrickEntry) -> None:
        state.apply(entry)
        deal.plays.append(entry)

    declared_before = -1  # the trick before which declarations were last made
    patient = rng.random() < 0.35  # nobody claims before the cards run out: late-deal rules
    while not state.finished:
        if not state.trick:
            if between_tricks(state, record, rng, patient, claims):
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
        between_tricks(state, record, rng, patient, claims)


def between_tricks(
    state: TrickDeal,
    record: Callable[[TrickEntry], None],
    rng: random.Random,
    patient: bool,
    claims: bool,
) -> bool:
    """Claims between tricks (where the game has them): true ones usually, a false one now
    and then; rare forfeits. In a ``patient`` deal, claims only once every card is played.
    True when the entry ended the deal."""
    if state.tricks == 0:
        return False
    for p in state.players if claims else ():
        if patient and not state.played_out:
            break
        pts = state.points[p]
        if (pts >= 31 and rng.random() < 0.7) or (20 <= pts < 31 and rng.random() < 0.08):
            record(TrickEntry(p, claim=True))
            return True
    if rng.random() < 0.01 and not state.played_out:
        record(TrickEntry(rng.choice(state.players), forfeit=FORFEIT_REASON))
        return True
    if state.played_out and claims:
        best = max(state.players, key=lambda q: state.points[q])
        if state.points[best] >= 31 or rng.random() < 0.3:
            record(TrickEntry(best, claim=True))
        return True
    return False


def maybe_declare(
    state: TrickDeal, record: Callable[[TrickEntry], None], rng: random.Random
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


def choose_cards(state: TrickDeal, player: str, rng: random.Random) -> tuple[Card, ...]:
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
