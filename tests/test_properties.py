"""Properties over simulated matches of every game, variant and player count."""

from __future__ import annotations

import copy
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import FULL_DECK, SHORT_DECK, Card
from referee.log.file import dumps, load_bytes
from referee.match import replay
from referee.record import FishPlay, Match, TrickEntry, side_map
from referee.registry import GAMES
from referee.table.simulate import simulate_match

CASES = [
    (g, v, n)
    for g, spec in GAMES.items()
    for v in spec.variants
    for n in sorted({spec.player_range(v)[0], 3, spec.player_range(v)[1]})
    if spec.player_range(v)[0] <= n <= spec.player_range(v)[1]
]


@cache
def simulated(game: str, variant: str, n: int, seed: int) -> Match:
    return simulate_match(game, variant, n, seed)


def fresh(game: str, variant: str, n: int, seed: int) -> Match:
    return copy.deepcopy(simulated(game, variant, n, seed))


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_simulated_match_verifies_and_round_trips(game: str, variant: str, n: int) -> None:
    match = fresh(game, variant, n, 1)
    replayed = replay(match)
    assert replayed.problems == [] and replayed.complete
    data = dumps(match)
    again, problems = load_bytes(data)
    assert again is not None and problems == []
    assert dumps(again) == data
    assert replay(again).problems == []


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
def test_every_card_accounted_for_once_per_deal(game: str, variant: str, n: int) -> None:
    match = fresh(game, variant, n, 2)
    for deal in match.deals:
        if deal.card("trump") is not None:  # a trick game
            assert deal.hands is not None
            held = [c for cards in deal.hands.values() for c in cards]
            assert len(held) == len(set(held)) and set(held) <= SHORT_DECK
            played = [
                c
                for e in deal.plays
                if isinstance(e, TrickEntry) and e.kind == "cards"
                for c in e.cards
            ]
            assert len(played) == len(set(played)) and set(played) <= set(held)
        else:
            cards = list(deal.cards("floor")) + [
                e.card for e in deal.plays if isinstance(e, FishPlay)
            ]
            assert len(cards) == 52 and set(cards) == FULL_DECK


def piles_from_log(match: Match, deal_index: int) -> dict[str, int]:
    """Cards each side captured, counted from the record alone (not the engine)."""
    deal = match.deals[deal_index]
    side = side_map(match.players, match.rules)
    floor = set(deal.cards("floor"))
    piles = dict.fromkeys(match.sides, 0)
    last = None
    for e in deal.plays:
        assert isinstance(e, FishPlay)
        if e.takes:
            floor -= set(e.takes)
            piles[side[e.by]] += 1 + len(e.takes)
            last = side[e.by]
        else:
            floor.add(e.card)
    if last is not None:
        piles[last] += len(floor)
    return piles


@pytest.mark.parametrize(("game", "variant", "n"), [c for c in CASES if c[0] == "basra"])
def test_basra_deal_value_identity(game: str, variant: str, n: int) -> None:
    """43 plus the basras (with the variant's points), less the majority when void."""
    match = fresh(game, variant, n, 3)
    replayed = replay(match)
    r = match.rules
    fixed = (
        int(r["ten_diamonds_points"])
        + int(r["two_clubs_points"])
        + 4 * int(r["ace_points"])
        + 4 * int(r["jack_points"])
    )
    for k, d in enumerate(replayed.deals):
        counts = piles_from_log(match, k)
        top = max(counts.values())
        won = sum(1 for v in counts.values() if v == top) == 1
        basras = sum(b["basras"] for b in d.result.breakdown.values())
        majority = sum(b["cards"] for b in d.result.breakdown.values())
        assert (majority > 0) == won
        assert sum(d.result.score.values()) == majority + fixed + basras
        if r["majority_tie"] == "void" and won:
            assert majority == r["majority_points"]


@pytest.mark.parametrize(("game", "variant", "n"), [c for c in CASES if c[0] == "pasur"])
def test_pasur_deal_value_identity(game: str, variant: str, n: int) -> None:
    """20 plus the surs, less the clubs award when nobody wins it."""
    match = fresh(game, variant, n, 3)
    replayed = replay(match)
    r = match.rules
    for d in replayed.deals:
        surs = sum(b["surs"] for b in d.result.breakdown.values())
        clubs = sum(b["clubs"] for b in d.result.breakdown.values())
        base = int(r["ten_diamonds_points"]) + int(r["two_clubs_points"]) + 8
        assert sum(d.result.score.values()) == base + clubs + surs
        if r["clubs"] == "majority7":
            assert clubs in (0, 7)


@pytest.mark.parametrize(("game", "variant", "n"), [c for c in CASES if c[0] == "bura"])
def test_bura_one_winner_and_money_conserved(game: str, variant: str, n: int) -> None:
    match = fresh(game, variant, n, 3)
    replayed = replay(match)
    for d in replayed.deals:
        winners = [p for p, v in d.result.score.items() if v == 1]
        assert len(winners) <= 1
        assert d.result.winner in (None, *winners)
    assert sum(replayed.balances.values()) + replayed.pot == 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.integers(1, 3), st.floats(0, 1), st.floats(0, 1))
def test_replaying_a_prefix_then_the_rest_is_replaying_the_whole(
    case: tuple[str, str, int], seed: int, where: float, cut: float
) -> None:
    game, variant, n = case
    match = fresh(game, variant, n, seed)
    full = replay(match)
    k = min(int(where * len(match.deals)), len(match.deals) - 1)
    deal = match.deals[k]
    j = int(cut * len(deal.plays))
    prefix = copy.deepcopy(match)
    prefix.deals = prefix.deals[: k + 1]
    rest = prefix.deals[k].plays[j:]
    prefix.deals[k].plays = prefix.deals[k].plays[:j]
    prefix.deals[k].score = None
    prefix.result_totals = prefix.result_winner = None
    part = replay(prefix)
    assert part.problems == []
    if j == len(deal.plays) and part.state is None:
        return  # the prefix is the whole deal
    state = part.state
    assert state is not None
    for entry in rest:
        assert entry is not None
        state.apply(entry)
    assert state.finished
    assert state.result().score == full.deals[k].result.score


def test_simulation_is_deterministic() -> None:
    a = simulate_match("bura", "classic", 3, 11)
    b = simulate_match("bura", "classic", 3, 11)
    assert dumps(a) == dumps(b)


def test_simulations_show_the_rules_worth_testing() -> None:
    """Sweeps, 7D sweeps, jack captures, multi-card leads, declarations, true and false
    claims all happen in a modest number of simulated matches."""
    seen: set[str] = set()
    for seed in range(1, 9):
        for game, variant in (("basra", "egyptian"), ("pasur", "standard"), ("bura", "classic")):
            match = simulated(game, variant, 2, seed)
            replayed = replay(match)
            for d in replayed.deals:
                for b in d.result.breakdown.values():
                    if b.get("basras") or b.get("surs"):
                        seen.add("sweep")
                if game == "bura":
                    if d.result.winner:
                        seen.add("won deal")
                    if any(v == 2 for v in d.result.score.values()):
                        seen.add("false claim or forfeit")
            for deal in match.deals:
                for e in deal.plays:
                    if isinstance(e, FishPlay) and e.card == Card("7", "D") and e.takes:
                        seen.add("7D capture")
                    if isinstance(e, FishPlay) and e.card.rank == "J" and e.takes:
                        seen.add("jack capture")
                    if isinstance(e, TrickEntry) and len(e.cards) > 1 and e.kind == "cards":
                        seen.add("multi-card lead")
                    if isinstance(e, TrickEntry) and e.declares:
                        seen.add("declaration")
                    if isinstance(e, TrickEntry) and e.claim:
                        seen.add("claim")
    assert seen >= {
        "sweep",
        "7D capture",
        "jack capture",
        "multi-card lead",
        "declaration",
        "claim",
        "won deal",
        "false claim or forfeit",
    }
