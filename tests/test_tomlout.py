"""referee.log.tomlwrite writes exactly tomli-w's text: for every log of the samples and
fixtures, simulated matches of every game and variant, a tournament file, and generated
documents (strings with every kind of character, nested arrays and tables, long and short
inline tables, arrays of tables written either way)."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.log.file import load
from referee.log.format import match_to_dict
from referee.log.tomlwrite import dumps
from referee.registry import GAMES
from referee.table.simulate import simulate_match

from .conftest import FIXTURES, SAMPLES


@pytest.mark.parametrize(
    "path", sorted([*SAMPLES.glob("*.toml"), *FIXTURES.glob("*.toml")]), ids=lambda p: p.name
)
def test_every_sample_and_fixture(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert dumps(data) == tomli_w.dumps(data)
    match, _ = load(path)
    if match is not None:
        canonical = match_to_dict(match)
        assert dumps(canonical) == tomli_w.dumps(canonical)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_simulated_matches_of_every_game(game: str) -> None:
    spec = GAMES[game]
    for variant in spec.variants:
        low, high = spec.player_range(variant)
        for n in range(low, high + 1):
            match = simulate_match(game, variant, n, 7 + n)
            data = match_to_dict(match)
            assert dumps(data) == tomli_w.dumps(data), (variant, n)


def test_a_tournament_file(tmp_path: Path) -> None:
    from referee.tournament import director
    from referee.tournament.model import Entrant, Points, Tournament
    from referee.tournament.store import load as load_tournament
    from referee.tournament.writer import to_dict

    names = [f"P{k}" for k in range(9)] + ['Quote "me" \\ back', "Ωmega ♠"]
    t = Tournament("Cup \"quoted\" é", "basra", "egyptian", {"target": 51}, "2026-12-02", "swiss",
                   3, 2, "s", Points(), (), [Entrant(n) for n in names])  # fmt: skip
    director.create(tmp_path, t, 3, 2)
    director.pair(tmp_path)
    data = to_dict(load_tournament(tmp_path))
    assert dumps(data) == tomli_w.dumps(data)


text = st.text(st.characters(codec="utf-8"), max_size=30) | st.sampled_from(
    ["", "a", "8S", "\x00", "\x7f", "\t", "\r\n", '"', "\\", "\u2028", "é"]
)
keys = text | st.from_regex(r"[A-Za-z0-9_-]{1,12}", fullmatch=True)
scalars = (
    text
    | st.integers(-(2**40), 2**40)
    | st.booleans()
    | st.dates()
    | st.datetimes(min_value=dt.datetime(1970, 1, 1))
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=25,
)
documents = st.dictionaries(
    keys,
    values | st.lists(st.dictionaries(keys, values, max_size=4), min_size=1, max_size=4),
    max_size=6,
)


@settings(max_examples=400, deadline=None)
@given(documents)
def test_generated_documents(doc: dict[str, object]) -> None:
    assert dumps(doc) == tomli_w.dumps(doc)


def test_what_it_does_not_write_is_tomli_ws() -> None:
    doc = {"x": 1.5, "t": dt.time(10, 30)}
    assert dumps(doc) == tomli_w.dumps(doc)
