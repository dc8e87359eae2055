"""One realistic mistake in a simulated log: verify must report it first, at the right deal
and play, with a rule id. Each mutation is built so that it is a mistake by construction
(not by asking the engine)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache

import pytest

from referee.cards import Card
from referee.match import replay
from referee.record import FishPlay, Match, TrickEntry
from referee.table.simulate import simulate_match

Mutation = Callable[[Match, random.Random], tuple[int, int, set[str]] | None]


@cache
def base(game: str, variant: str, n: int, seed: int) -> Match:
    return simulate_match(game, variant, n, seed)


def fish_plays(match: Match) -> list[tuple[int, int, FishPlay]]:
    return [
        (i, j, e)
        for i, d in enumerate(match.deals)
        for j, e in enumerate(d.plays)
        if isinstance(e, FishPlay)
    ]


def card_played_twice(match: Match, rng: random.Random) -> tuple[int, int, set[str]] | None:
    i = rng.randrange(len(match.deals))
    plays = match.deals[i].plays
    j = rng.randrange(1, len(plays))
    earlier = plays[rng.randrange(j)]
    e = plays[j]
    assert isinstance(e, FishPlay) and isinstance(earlier, FishPlay)
    plays[j] = FishPlay(e.by, earlier.card, ())
    return i, j, {"card.duplicate"}


def out_of_turn(match: Match, rng: random.Random) -> tuple[int, int, set[str]] | None:
    i = rng.randrange(len(match.deals))
    plays = match.deals[i].plays
    j = rng.randrange(len(plays))
    e = plays[j]
    assert isinstance(e, FishPlay)
    other = rng.choice([p for p in match.players if p != e.by])
    plays[j] = FishPlay(other, e.card, e.takes)
    return i, j, {"turn.order"}


def takes_what_is_not_on_the_floor(
    match: Match, rng: random.Random
) -> tuple[int, int, set[str]] | None:
    """A capture naming a card that is played only later in the deal."""
    i = rng.randrange(len(match.deals))
    plays = match.deals[i].plays
    j = rng.randrange(len(plays) - 1)
    e = plays[j]
    later = plays[rng.randrange(j + 1, len(plays))]
    assert isinstance(e, FishPlay) and isinstance(later, FishPlay)
    plays[j] = FishPlay(e.by, e.card, (*e.takes, later.card))
    return i, j, governing_rules(match.game, e.card)


def governing_rules(game: str, card: Card) -> set[str]:
    """The rule that says what this card may take."""
    if game == "basra":
        if card.rank == "J":
            return {"basra.jack"}
        if card == Card("7", "D"):
            return {"basra.seven-diamonds", "basra.capture.group"}
        return {"basra.capture.group"}
    if card.rank == "J":
        return {"pasur.capture.jack"}
    return {"pasur.capture.eleven"} if card.is_numeral else {"pasur.capture.face"}


def wrong_sum(match: Match, rng: random.Random) -> tuple[int, int, set[str]] | None:
    """A numeral's capture with one more floor numeral that breaks the arithmetic."""
    candidates = []
    for i, deal in enumerate(match.deals):
        floor = list(deal.cards("floor"))
        for j, e in enumerate(deal.plays):
            assert isinstance(e, FishPlay)
            if e.takes and e.card.value is not None and e.card.rank != "7":
                extra = [
                    c
                    for c in floor
                    if c not in e.takes
                    and c.value is not None
                    and (sum(t.value or 0 for t in e.takes) + c.value) % e.card.value
                ]
                if extra and all(t.value is not None for t in e.takes):
                    candidates.append((i, j, e, extra[0]))
            if e.takes:
                floor = [c for c in floor if c not in e.takes]
            else:
                floor.append(e.card)
    if not candidates:
        return None
    i, j, e, extra = rng.choice(candidates)
    match.deals[i].plays[j] = FishPlay(e.by, e.card, (*e.takes, extra))
    game = match.game
    rules = {"basra.capture.group"} if game == "basra" else {"pasur.capture.eleven"}
    return i, j, rules


def pasur_trail_of_a_capturer(match: Match, rng: random.Random) -> tuple[int, int, set[str]] | None:
    """A numeral that took cards adding up to 11 with it, recorded as laid on the pool."""
    found = [(i, j, e) for i, j, e in fish_plays(match) if e.takes and e.card.value is not None]
    if not found:
        return None
    i, j, e = rng.choice(found)
    match.deals[i].plays[j] = FishPlay(e.by, e.card, ())
    return i, j, {"pasur.capture.forced"}


def bura_entries(match: Match) -> list[tuple[int, int, TrickEntry]]:
    return [
        (i, j, e)
        for i, d in enumerate(match.deals)
        for j, e in enumerate(d.plays)
        if isinstance(e, TrickEntry)
    ]


def bura_wrong_count(match: Match, rng: random.Random) -> tuple[int, int, set[str]] | None:
    """A follow of a different number of cards than were led."""
    found = []
    for i, deal in enumerate(match.deals):
        led = 0
        in_trick = 0
        for j, e in enumerate(deal.plays):
            assert isinstance(e, TrickEntry)
            if e.kind != "cards":
                continue
            if in_trick == 0:
                led = len(e.cards)
            elif led >= 2:
                found.append((i, j, e))
            in_trick = (in_trick + 1) % len(match.players)
    if not found:
        return None
    i, j, e = rng.choice(found)
    match.deals[i].plays[j] = TrickEntry(e.by, e.cards[:-1])
    return i, j, {f"{match.game}.follow"}


def bura_claim_mid_trick(match: Match, rng: random.Random) -> tuple[int, int, set[str]] | None:
    """A claim recorded after a lead, before the trick is complete."""
    found = []
    for i, deal in enumerate(match.deals):
        in_trick = 0
        for j, e in enumerate(deal.plays):
            assert isinstance(e, TrickEntry)
            if e.kind != "cards":
                continue
            if in_trick == 0 and j + 1 < len(deal.plays):
                found.append((i, j + 1, e))
            in_trick = (in_trick + 1) % len(match.players)
    if not found:
        return None
    i, j, e = rng.choice(found)
    match.deals[i].plays.insert(j, TrickEntry(e.by, claim=True))
    return i, j, {"bura.claim" if match.game == "bura" else "log.play"}


def bura_card_twice(match: Match, rng: random.Random) -> tuple[int, int, set[str]] | None:
    found = []
    for i, deal in enumerate(match.deals):
        seen: list[TrickEntry] = []
        for j, e in enumerate(deal.plays):
            assert isinstance(e, TrickEntry)
            if e.kind == "cards":
                if seen and len(e.cards) == 1:
                    found.append((i, j, e, rng.choice(seen).cards[0]))
                seen.append(e)
    if not found:
        return None
    i, j, e, card = rng.choice(found)
    match.deals[i].plays[j] = TrickEntry(e.by, (card,))
    return i, j, {"card.duplicate"}


FISHING_MUTATIONS: list[Mutation] = [
    card_played_twice,
    out_of_turn,
    takes_what_is_not_on_the_floor,
    wrong_sum,
]
CASES = [
    ("basra", "egyptian", 2),
    ("basra", "classic", 4),
    ("basra", "lebanese", 3),
    ("pasur", "standard", 3),
    ("pasur", "pagat", 2),
    ("pasur", "thirteen", 4),
]


def check(match: Match, mutate: Mutation, rng: random.Random) -> bool:
    got = mutate(match, rng)
    if got is None:
        return False
    i, j, rules = got
    for d in match.deals:
        d.score = None
    match.result_totals = match.result_winner = None
    replayed = replay(match)
    assert replayed.problems, f"{mutate.__name__} at deal {i + 1} play {j + 1} went unnoticed"
    first = replayed.problems[0]
    assert (first.deal, first.play) == (i + 1, j + 1), (mutate.__name__, first)
    assert first.rule in rules, (mutate.__name__, first)
    return True


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
@pytest.mark.parametrize("mutate", FISHING_MUTATIONS, ids=lambda m: m.__name__)
def test_fishing_mutation_is_caught(game: str, variant: str, n: int, mutate: Mutation) -> None:
    caught = 0
    for seed in range(1, 4):
        match = copy.deepcopy(base(game, variant, n, 1))
        caught += check(match, mutate, random.Random(seed))
    assert caught >= 1


@pytest.mark.parametrize("variant", ["standard", "pagat"])
def test_pasur_trail_of_a_capturer_is_caught(variant: str) -> None:
    for seed in range(1, 6):
        match = copy.deepcopy(base("pasur", variant, 2, 1))
        assert check(match, pasur_trail_of_a_capturer, random.Random(seed))


@pytest.mark.parametrize(
    ("game", "variant", "n"),
    [
        ("bura", "classic", 2),
        ("bura", "little-robber", 3),
        ("bura", "classic", 4),
        ("kozel", "classic", 2),
        ("kozel", "short", 3),
        ("kozel", "six-spades", 4),
    ],
)
@pytest.mark.parametrize(
    "mutate", [bura_wrong_count, bura_claim_mid_trick, bura_card_twice], ids=lambda m: m.__name__
)
def test_trick_game_mutation_is_caught(game: str, variant: str, n: int, mutate: Mutation) -> None:
    caught = 0
    for seed in range(1, 4):
        match = copy.deepcopy(base(game, variant, n, 1))
        caught += check(match, mutate, random.Random(seed))
    assert caught >= 1
