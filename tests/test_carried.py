"""What a deal carries on is the game's own (issue 19): replay hands a finished deal's
``carried`` mapping to the next deal's ``MatchSoFar`` whatever its names, and keeps the match
layer's pot figures from the game's well-known keys alone."""

from __future__ import annotations

import pytest

from referee.games.base import PAYMENTS, POT, SWEEPS
from referee.match import replay, replay_last
from referee.registry import GAMES
from referee.table.simulate import simulate_match

from .toygame import SPEC


@pytest.fixture()
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "toy", SPEC)


@pytest.mark.usefixtures("toy")
def test_a_game_carries_its_own_values_from_deal_to_deal() -> None:
    """The toy counts the deals played in a value no caller knows; each deal reads what
    the one before it wrote, also when the last deal is replayed again alone."""
    match = simulate_match("toy", "classic", 2, 7)
    replayed = replay(match)
    assert not replayed.problems and len(replayed.deals) >= 2
    for d in replayed.deals:
        assert d.state is not None
        assert d.state.carry.carried.get("played", 0) == d.number - 1
        assert d.result.carried == {"played": d.number}
    assert replayed.carry is not None and replayed.carry.carried == {"played": len(replayed.deals)}
    again = replay_last(replayed)
    assert again.carry is not None and again.carry.carried == {"played": len(replayed.deals)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_pot_and_sweeps_come_from_the_games_tallies(game: str) -> None:
    """Balances and the pot move only by a game's own payments and pot, and only a game
    with a pot keeps them; sweeps are tallied only where the game scores sweeps."""
    spec = GAMES[game]
    match = simulate_match(game, spec.default_variant, spec.players[0], 3, deals=4)
    replayed = replay(match)
    paid = {p: 0 for p in match.players}
    for d in replayed.deals:
        assert bool(d.result.tally(PAYMENTS)) == spec.pot == (POT in d.result.carried)
        assert bool(d.result.tally(SWEEPS)) == spec.sweeps
        for p, v in d.result.tally(PAYMENTS).items():
            paid[p] += v
    if spec.pot:
        assert replayed.balances == paid and sum(paid.values()) + replayed.pot == 0
    else:
        assert replayed.balances == {} and replayed.pot == 0
