"""One derivation of legality per family: the check asks the same set of legal plays that
``options`` lists and counts and the simulator draws from (``play in state.legal_plays()``,
as python-chess's ``move in board.legal_moves``), and presentation lives apart from the
rules, in a presenter per family."""

from __future__ import annotations

import inspect
from itertools import combinations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import FULL_DECK, Card
from referee.games.base import DealState, Illegal, MatchSoFar, Presenter, deal_rules, present
from referee.games.fishing.deal import FishingDeal
from referee.games.fishing.plays import Play
from referee.games.trick.deal import TrickDeal
from referee.match import start_deal
from referee.params import Value
from referee.record import Deal, FishPlay, TrickEntry
from referee.registry import GAMES
from referee.table.simulate import simulate_match

from .conftest import new_state

CARDS = sorted(c for c in FULL_DECK if c.rank != "J") + sorted(
    c for c in FULL_DECK if c.rank == "J"
)


def fishing(game: str, floor: list[Card], **rules: Value) -> FishingDeal:
    state = new_state(game, Deal("B", {"floor": tuple(floor)}), ["A", "B"], **rules)
    assert isinstance(state, FishingDeal)
    state.floor = list(floor)
    return state


floors = st.lists(st.sampled_from(sorted(FULL_DECK)), min_size=0, max_size=9, unique=True)
rulesets = st.sampled_from(
    [
        ("basra", {}),
        ("basra", {"capture": "maximal"}),
        ("basra", {"may_trail_capturer": False}),
        ("basra", {"capture": "maximal", "may_trail_capturer": False}),
        ("basra", {"seven_diamonds": "sweep_all", "basra_by_sum": False}),
        ("pasur", {}),
    ]
)


@settings(max_examples=300, deadline=None)
@given(floors, st.sampled_from(sorted(FULL_DECK)), rulesets)
def test_the_check_the_listing_and_the_count_are_one_set(
    floor: list[Card], card: Card, ruleset: tuple[str, dict[str, Value]]
) -> None:
    """Every subset of the floor (and the trail) that the check accepts is a play of one of
    the kinds listed, and every play listed is accepted; the count is the number of kinds,
    and the simulator's plays are those same plays, each once."""
    game, rules = ruleset
    floor = [c for c in floor if c != card]
    state = fishing(game, floor, **rules)
    plays = state.legal_plays(card)
    kinds = list(plays)
    assert plays.count() == len(kinds)
    listed = {frozenset(p.takes): p.sweep for kind in kinds for p in kind.plays(floor)}
    judged: dict[frozenset[Card], bool] = {}
    for size in range(len(floor) + 1):
        for takes in combinations(floor, size):
            try:
                ruling = state.rule_capture(card, takes)
            except Illegal as refused:
                assert refused.rule.startswith((game, "basra.", "pasur.")), refused.rule
                assert Play(card, takes) not in plays
                continue
            assert Play(card, takes) in plays and ruling == plays.ruling(takes)
            judged[frozenset(takes)] = ruling.sweep
    assert listed == judged
    every = state.options(card)
    assert len(every) == len(judged) and {frozenset(p.takes): p.sweep for p in every} == judged


def trick_states(game: str, players: int, seeds: range) -> Any:
    """Every state a simulated deal passes through before an entry of cards, with the entry
    (its hands recorded, as the simulator records them)."""
    for seed in seeds:
        match = simulate_match(game, GAMES[game].default_variant, players, seed, deals=1)
        deal = match.deals[0]
        played = Deal(deal.dealer, dict(deal.setup), deal.hands)
        state = start_deal(match, played, 0, MatchSoFar(dict.fromkeys(match.sides, 0)))
        for entry in deal.plays:
            assert isinstance(entry, TrickEntry)
            if entry.kind == "cards":
                yield state, entry
            state.apply(entry)


def test_a_trick_games_plays_are_what_its_check_accepts() -> None:
    """Bura and Kozel: at every entry of simulated deals, the plays the player to move has
    (``legal_plays``, iterated from the recorded hand) are exactly the sets of their cards
    the check accepts, each said to beat the trick or not as the check rules it."""
    for game, players in (("bura", 2), ("bura", 3), ("kozel", 2), ("kozel", 4)):
        for state, entry in trick_states(game, players, range(1, 4)):
            assert isinstance(state, TrickDeal)
            hand = state.known_cards(entry.by)
            assert hand is not None
            plays = {p.cards: p.beats for p in state.legal_plays(entry.by)}
            accepted: dict[tuple[Card, ...], bool | None] = {}
            for size in range(1, len(hand) + 1):
                for cards in combinations(hand, size):
                    try:
                        ruling = state.check(TrickEntry(entry.by, cards))
                    except Illegal:
                        assert cards not in state.legal_plays(entry.by)
                        continue
                    assert cards in state.legal_plays(entry.by)
                    assert ruling.holder is not None
                    accepted[cards] = None if ruling.lead else ruling.holder[0] == entry.by
            assert plays == accepted, (game, entry)
            assert state.options(entry.by) == [c for c, beats in plays.items() if beats]


PRESENTING = ("view", "describe", "explain", "plays_json", "legal_options", "view_notes")


def test_presentation_lives_in_the_presenters_not_the_rules() -> None:
    """No rules class of any game defines what a person sees; each game's presenter does,
    and :func:`present` finds it."""
    rules_classes = {deal_rules(GAMES[name]) for name in GAMES}
    for cls in rules_classes:
        for klass in inspect.getmro(cls):
            if issubclass(klass, DealState):
                shown = sorted(set(PRESENTING) & set(vars(klass)))
                assert shown == [], (klass.__name__, shown)
        assert issubclass(cls.presenter, Presenter)
    state = fishing("basra", [Card.parse("5H")])
    assert type(present(state)).__name__ == "FishingView"
    assert present(state).view().data["floor"] == ["5H"]


def test_a_fishing_play_is_in_its_cards_plays() -> None:
    """``Play in plays`` as a program asks it: the 8 on 5H 3C takes both or trails."""
    state = fishing("basra", [Card.parse("5H"), Card.parse("3C")])
    eight = Card.parse("8S")
    plays = state.legal_plays(eight)
    both = Play(eight, (Card.parse("3C"), Card.parse("5H")))
    assert both in plays and Play(eight) in plays
    assert Play(eight, (Card.parse("5H"),)) not in plays
    assert FishPlay("A", eight, both.takes) not in plays  # an entry is not a play
    assert plays.count() == 2 and state.is_legal(FishPlay("A", eight, both.takes))
