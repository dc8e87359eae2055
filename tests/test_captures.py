"""Capture sets against a brute-force reference written without the engine's search:
plain enumeration of every subset of the floor."""

from __future__ import annotations

import re
from itertools import combinations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.cards import FULL_DECK, Card
from referee.games.base import Illegal, present
from referee.games.basra.rules import BasraDeal
from referee.games.pasur.rules import PasurDeal
from referee.params import Value
from referee.record import Deal
from referee.words.sentences import said_text

from .conftest import new_state

NUMERALS = sorted(c for c in FULL_DECK if c.is_numeral)
FACES = sorted(c for c in FULL_DECK if c.rank in ("K", "Q"))
# what refuses a capture of a card of the floor (docs/rule-ids.md)
CAPTURE_RULES = {"basra.capture.group", "basra.capture.choice", "basra.trail"}


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

        out = {
            s
            for s in out
            if not any(is_group(t) for t in subsets([c for c in floor if c not in s]))
        }
    return out


def brute_pasur(card: Card, floor: list[Card]) -> set[frozenset[Card]]:
    assert card.value is not None
    return {
        frozenset(s)
        for s in subsets(floor)
        if all(c.is_numeral for c in s) and sum(c.value or 0 for c in s) + card.value == 11
    }


def make(cls: type, game: str, floor: list[Card], **rules: Value) -> BasraDeal | PasurDeal:
    state = new_state(game, Deal("B", {"floor": tuple(floor)}), ["A", "B"], **rules)
    assert isinstance(state, cls)
    state.floor = list(floor)
    return state


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
            ruling = state.rule_capture(card, s)
        except Illegal as refused:  # any other exception is a bug, never a ruling
            assert not legal, (card, floor, s, refused.rule)
            assert refused.rule in CAPTURE_RULES, (card, floor, s, refused.rule)
        else:
            assert legal, (card, floor, s)
            assert ruling.takes == s and ruling.card == card


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


def ways_of(line: str) -> int:
    """How many concrete captures one listed line stands for (``… (3 ways)``)."""
    match = re.search(r"\((\d+) ways\)", line)
    return int(match.group(1)) if match else 1


@settings(max_examples=300, deadline=None)
@given(floors, played, st.sampled_from(["basra", "pasur"]), st.booleans())
def test_the_listing_users_see_is_the_engines_options(
    floor: list[Card], card: Card, game: str, maximal: bool
) -> None:
    """What `referee options` prints (one line per kind of capture) stands for exactly the
    engine's legal options: as many captures, the trail when it is legal, the sweeps."""
    assume(card not in floor)  # a card on the floor is never also played
    cls = BasraDeal if game == "basra" else PasurDeal
    rules: dict[str, Value] = {"capture": "maximal"} if maximal and game == "basra" else {}
    state = make(cls, game, floor, **rules)
    found = present(state).legal_options(card, None)
    label, lines, total = said_text(found.label), [said_text(x) for x in found.lines], found.total
    assert label.startswith(f"{card} on ")
    engine = state.options(card)
    captures = [o for o in engine if o.taken]
    listed = [line for line in lines if line != "trail"]
    assert total == len(lines)
    assert sum(ways_of(line) for line in listed) == len(captures)
    assert ("trail" in lines) == any(not o.taken for o in engine)
    assert any("(sweep)" in line for line in listed) == any(o.sweep for o in captures)
    assert all(line.startswith("takes ") for line in listed)
    # strongest first: sweeps, then the most cards; a limit shows the first of those
    sizes = [len(line.split(" (")[0].split()) - 1 for line in listed if "of" not in line]
    assert sizes == sorted(sizes, reverse=True) or any("(sweep)" in x for x in listed)
    assert present(state).legal_options(card, None, 3) == (found.label, found.lines[:3], total)
