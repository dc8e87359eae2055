"""Capture sets against a brute-force reference written without the engine's search:
plain enumeration of every subset of the floor."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import FULL_DECK, Card
from referee.games.base import Carry
from referee.games.basra import BasraDeal
from referee.games.pasur import PasurDeal
from referee.record import Deal
from referee.registry import variant_values

NUMERALS = sorted(c for c in FULL_DECK if c.is_numeral)
FACES = sorted(c for c in FULL_DECK if c.rank in ("K", "Q"))


def subsets(cards: list[Card]) -> list[tuple[Card, ...]]:
    return [s for k in range(1, len(cards) + 1) for s in combinations(cards, k)]


def partitions_into_sums(cards: tuple[Card, ...], v: int) -> bool:
    """Brute force: can the cards be split into blocks each adding up to v (singletons of
    rank v included)? Try every first block containing the first card."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for k in range(len(rest) + 1):
        for others in combinations(rest, k):
            block = (first, *others)
            if sum(c.value or 0 for c in block) == v and all(c.is_numeral for c in block):
                left = tuple(c for c in rest if c not in others)
                if partitions_into_sums(left, v):
                    return True
    return False


def brute_basra(card: Card, floor: list[Card], maximal: bool) -> set[frozenset[Card]]:
    out: set[frozenset[Card]] = set()
    for s in subsets(floor):
        if card.rank in ("K", "Q"):
            ok = all(c.rank == card.rank for c in s)
        else:
            ok = all(c.is_numeral for c in s) and partitions_into_sums(s, card.value or 0)
        if ok:
            out.add(frozenset(s))
    if maximal:
        def is_group(t: tuple[Card, ...]) -> bool:
            if card.rank in ("K", "Q"):
                return len(t) == 1 and t[0].rank == card.rank
            return all(c.is_numeral for c in t) and sum(c.value or 0 for c in t) == card.value

        out = {s for s in out
               if not any(is_group(t) for t in subsets([c for c in floor if c not in s]))}
    return out


def brute_pasur(card: Card, floor: list[Card]) -> set[frozenset[Card]]:
    assert card.value is not None
    return {frozenset(s) for s in subsets(floor)
            if all(c.is_numeral for c in s) and sum(c.value or 0 for c in s) + card.value == 11}


def make(cls: type, game: str, floor: list[Card], **rules: object) -> BasraDeal | PasurDeal:
    values = variant_values(game, "egyptian" if game == "basra" else "standard")
    values.update(rules)  # type: ignore[arg-type]
    deal = Deal("B", floor=tuple(floor))
    state = cls(["A", "B"], values, deal, 0, Carry({"A": 0, "B": 0}))
    state.floor = list(floor)
    return state  # type: ignore[no-any-return]


floors = st.lists(st.sampled_from(NUMERALS + FACES), min_size=0, max_size=10, unique=True)
played = st.sampled_from([c for c in NUMERALS if c != Card("7", "D")] + FACES)


@settings(max_examples=400, deadline=None)
@given(floors, played, st.booleans())
def test_basra_captures_match_brute_force(floor: list[Card], card: Card, maximal: bool) -> None:
    floor = [c for c in floor if c != card]
    state = make(BasraDeal, "basra", floor, capture="maximal" if maximal else "any")
    engine = {frozenset(o.taken) for o in state.options(card) if o.taken}
    assert engine == brute_basra(card, floor, maximal)
    # and the checker agrees with the enumeration on every subset
    for s in subsets(floor)[:200]:
        legal = frozenset(s) in engine
        try:
            state.judge(card, s)
            judged = True
        except Exception:
            judged = False
        assert judged == legal, (card, floor, s)


@settings(max_examples=400, deadline=None)
@given(floors, st.sampled_from(NUMERALS))
def test_pasur_captures_match_brute_force(floor: list[Card], card: Card) -> None:
    floor = [c for c in floor if c != card]
    state = make(PasurDeal, "pasur", floor)
    engine = {frozenset(o.taken) for o in state.options(card) if o.taken}
    assert engine == brute_pasur(card, floor)


def test_worst_case_floor_is_enumerated() -> None:
    floor = [c for c in NUMERALS if c.rank in ("A", "2", "3", "4", "5")][:20]
    state = make(BasraDeal, "basra", floor)
    options = state.options(Card("10", "S"))
    assert len(options) > 1000
    assert all(sum(c.value or 0 for c in o.taken) % 10 == 0 for o in options)
