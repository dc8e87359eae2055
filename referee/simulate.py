"""Simulated matches: a shuffled deck, random and greedy legal play through the same rules
engines, every hand recorded. Used for sample games, property tests and benchmarks.

Deterministic: the same seed gives the same match, and so the same bytes once written.
"""

from __future__ import annotations

import random
from itertools import combinations

from referee.cards import FULL_DECK, SHORT_DECK, Card
from referee.games.base import Carry
from referee.games.basra import SEVEN_DIAMONDS
from referee.games.bura import BuraDeal, combination_ok
from referee.games.fishing import FishingDeal, Option
from referee.logformat import new_match
from referee.match import replay, start_deal, with_derived
from referee.params import Value
from referee.problems import RefereeError
from referee.record import Deal, FishPlay, Match, TrickEntry

MAX_DEALS = 400
NAMES = ("Ali", "Omar", "Hoda", "Samir", "Leila", "Karim")
BURA_NAMES = ("Ivan", "Petr", "Olga", "Anna", "Boris", "Vera")
PASUR_NAMES = ("Dariush", "Shirin", "Kaveh", "Roya")


def players_for(game: str, n: int) -> list[str]:
    names = {"bura": BURA_NAMES, "pasur": PASUR_NAMES}.get(game, NAMES)
    return list(names[:n])


def simulate_match(game: str, variant: str, n: int, seed: int,
                   overrides: dict[str, Value] | None = None,
                   deals: int | None = None) -> Match:
    """One complete match played by random-and-greedy players (or its first ``deals``)."""
    rng = random.Random(f"{game}/{variant}/{n}/{seed}")
    match, problems = new_match(game, players_for(game, n), variant, overrides,
                                event=f"simulated by referee, seed {seed}")
    if match is None or problems:
        raise RefereeError(problems)
    dealer = match.players[-1]
    rep = replay(match)
    limit = MAX_DEALS if deals is None else deals
    while rep.winner is None and len(match.deals) < limit:
        carry = rep.carry or Carry(dict(rep.totals))
        if game == "bura":
            play_bura_deal(match, dealer, carry, rng)
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


def fishing_setup(game: str, match: Match, dealer: str,
                  rng: random.Random) -> tuple[Deal, list[Card]]:
    """Shuffle and deal: round-1 hands, then the opening floor with its replacements."""
    hand_size = int(match.rules["hand_size"]) if game == "basra" else 4
    n = len(match.players)
    while True:
        deck = sorted(FULL_DECK)
        rng.shuffle(deck)
        first = min(hand_size, 48 // n)
        round1 = {p: [deck.pop() for _ in range(first)] for p in match.players}
        floor = [deck.pop() for _ in range(4)]
        set_aside: list[Card] = []
        if game == "basra":
            while any(c.rank == "J" or c == SEVEN_DIAMONDS for c in floor):
                bad = [c for c in floor if c.rank == "J" or c == SEVEN_DIAMONDS]
                floor = [c for c in floor if c not in bad]
                set_aside.extend(bad)
                floor.extend(deck.pop() for _ in bad)  # replacements come from the top
                floor = floor[:4]
            for c in set_aside:  # then the buried cards go into the stock: never back up
                deck.insert(rng.randrange(len(deck) + 1), c)
        else:
            jacks = [c for c in floor if c.rank == "J"]
            if len(jacks) > 1:
                continue
            if jacks:
                floor.remove(jacks[0])
                deck.insert(rng.randrange(len(deck) + 1), jacks[0])
                floor.append(deck.pop())
                set_aside = jacks
                if floor[-1].rank == "J":
                    continue
            if match.rules["qk_redeal"] and any(
                    sum(1 for c in floor if c.rank == r) >= 3 for r in "QK"):
                continue
        if set_aside and any(c in floor for c in set_aside):
            continue
        deal = Deal(dealer, floor=tuple(floor))
        if set_aside:
            if game == "basra":
                deal.buried = tuple(set_aside)
            else:
                deal.returned = tuple(set_aside)
        hands = {p: list(cs) for p, cs in round1.items()}
        deal.hands = {p: tuple(cs) for p, cs in hands.items()}
        return deal, deck


def play_fishing_deal(match: Match, dealer: str, carry: Carry, rng: random.Random) -> None:
    deal, deck = fishing_setup(match.game, match, dealer, rng)
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


def play_bura_deal(match: Match, dealer: str, carry: Carry, rng: random.Random) -> None:
    players = match.players
    n = len(players)
    deck = sorted(SHORT_DECK)
    rng.shuffle(deck)
    dealt = {p: [deck.pop() for _ in range(3)] for p in players}
    trump = deck.pop()
    stock = [*deck, trump]  # drawn from the front; the turned-up trump comes last
    deal = Deal(dealer, trump=trump, hands={p: tuple(cs) for p, cs in dealt.items()})
    match.deals.append(deal)
    state = start_deal(match, deal, len(match.deals) - 1, carry)
    assert isinstance(state, BuraDeal)
    received = {p: list(cs) for p, cs in dealt.items()}

    def record(entry: TrickEntry) -> None:
        state.apply(entry)
        deal.plays.append(entry)

    declared_before = -1  # the trick before which declarations were last made
    patient = rng.random() < 0.35  # nobody claims before the cards run out: late-deal rules
    while not state.finished:
        if not state.trick:
            if bura_between_tricks(state, record, rng, patient):
                break
            if declared_before != state.tricks:
                declared_before = state.tricks
                if maybe_declare(state, record, rng) and state.finished:
                    break  # the declarations end the deal as recorded
        player = state.to_move()
        if player is None:
            break
        tricks_before = state.tricks
        record(TrickEntry(player, choose_bura(state, player, rng)))
        if state.tricks > tricks_before and state.drawn != {p: len(received[p]) for p in players}:
            winner = state.leader
            order = [state.next_player(winner, k) for k in range(n)]
            k = state.drawn[winner] - len(received[winner])
            for _ in range(k):
                for p in order:
                    received[p].append(stock.pop(0))
            deal.hands = {p: tuple(received[p]) for p in players}
            state.hands = deal.hands
    if state.played_out and state.can_follow():  # a claim may follow the last trick
        bura_between_tricks(state, record, rng, patient)


def bura_between_tricks(state: BuraDeal, record: object, rng: random.Random,
                        patient: bool = False) -> bool:
    """Claims between tricks: true ones usually, a false one now and then, rare forfeits;
    in a ``patient`` deal, only once every card is played."""
    assert callable(record)
    if state.tricks == 0:
        return False
    for p in state.players:
        if patient and not state.played_out:
            break
        pts = state.points[p]
        if (pts >= 31 and rng.random() < 0.7) or (20 <= pts < 31 and rng.random() < 0.08):
            record(TrickEntry(p, claim=True))
            return True
    if rng.random() < 0.01:
        record(TrickEntry(rng.choice(state.players), forfeit="drew out of turn"))
        return True
    if state.played_out:
        best = max(state.players, key=lambda q: state.points[q])
        if state.points[best] >= 31 or rng.random() < 0.3:
            record(TrickEntry(best, claim=True))
        return True
    return False


def maybe_declare(state: BuraDeal, record: object, rng: random.Random) -> bool:
    """Declare a held combination now and then (before the first trick only rarely)."""
    assert callable(record)
    if state.pending or (state.tricks == 0 and rng.random() > 0.05):
        return False
    made = False
    for p in state.players:
        known = state.known_cards(p)
        if not known or len(known) < 3:
            continue
        trio = find_declaration(state, known)
        if trio is not None and rng.random() < 0.6:
            record(TrickEntry(p, trio[1], declares=trio[0]))
            made = True
    return made


def find_declaration(state: BuraDeal,
                     known: tuple[Card, ...]) -> tuple[str, tuple[Card, ...]] | None:
    """The strongest combination among these cards, if any."""
    for name in ("moscow", "bura", "little-moscow", "molodka"):
        for trio in combinations(known, 3):
            if combination_ok(name, trio, state.trump,
                              bool(state.rules["moscow_needs_trump_ace"])) is None:
                return name, trio
    return None


def choose_bura(state: BuraDeal, player: str, rng: random.Random) -> tuple[Card, ...]:
    known = state.known_cards(player)
    assert known
    if not state.trick:
        suits: dict[str, list[Card]] = {}
        for c in known:
            suits.setdefault(c.suit, []).append(c)
        size = rng.choice([1, 1, 1, 2, 3])
        pools = [cs for cs in suits.values() if len(cs) >= size] or [[rng.choice(known)]]
        pool = rng.choice(pools)
        return tuple(rng.sample(pool, min(size, len(pool))))
    k = len(state.trick[0][1])
    ways = state.options(player)
    if ways and rng.random() < 0.7:
        return rng.choice(ways)
    return tuple(rng.sample(list(known), k))


def simulate(game: str, variant: str, n: int, seed: int, matches: int) -> list[Match]:
    """``matches`` complete matches from one seed."""
    return [simulate_match(game, variant, n, seed * 100_003 + k) for k in range(matches)]
