"""Matches simulated under random rule overrides of every parameter of every game (issue 40):
each log verifies clean through `referee verify`, replays to the scores it stores, and
reads and writes back byte for byte. Bounded to a few deals a match so that it runs in
seconds; `scripts/simulate_overrides.py` is the long run, whole matches through
`referee simulate --rule`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.log.file import dumps, load_bytes
from referee.match import replay
from referee.params import Param, Value
from referee.registry import GAMES
from referee.table.simulate import simulate_match

from .conftest import json_lines, run

HUGE = 1_000_000  # the largest value of an integer parameter (rules.md §4)


def values(param: Param) -> st.SearchStrategy[Value]:
    """Any value the parameter accepts, the edges (its minimum, a million) often."""
    if param.kind is bool:
        return st.booleans()
    if param.kind is str:
        return st.sampled_from(param.choices)
    low = param.minimum
    return st.one_of(
        st.integers(low, low + 3), st.integers(low, 60), st.just(HUGE), st.integers(low, HUGE)
    )


@st.composite
def cases(draw: Any) -> tuple[str, str, int, dict[str, Value], int]:
    """A game, variant and player count, each parameter overridden or left as the
    variant has it, and a seed."""
    game = draw(st.sampled_from(sorted(GAMES)))
    spec = GAMES[game]
    variant = draw(st.sampled_from(sorted(spec.variants)))
    low, high = spec.player_range(variant)
    n = draw(st.integers(low, high))
    rules = {}
    for name, param in sorted(spec.params.items()):
        value = draw(st.none() | values(param))
        if value is not None:
            rules[name] = value
    return game, variant, n, rules, draw(st.integers(1, 10**6))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(case=cases())
def test_simulated_logs_under_overrides_verify_and_replay_to_their_scores(
    tmp_path: Path, case: tuple[str, str, int, dict[str, Value], int]
) -> None:
    game, variant, n, rules, seed = case
    match = simulate_match(game, variant, n, seed, rules, deals=3)
    assert {k: match.rules[k] for k in rules} == rules
    data = dumps(match)
    log = tmp_path / f"{game}-{seed}.toml"
    log.write_bytes(data)
    (verdict,) = json_lines(run("verify", "--json", str(log)).stdout)
    assert verdict["ok"], verdict["problems"]
    again, problems = load_bytes(data)
    assert again is not None and problems == []
    assert dumps(again) == data  # read and written back, byte for byte
    replayed = replay(again)
    assert replayed.problems == []
    assert [d.result.score for d in replayed.deals] == [d.score for d in match.deals]
    assert replayed.totals == (match.result_totals or dict.fromkeys(match.sides, 0))
    assert replayed.winner == match.result_winner
