"""Fuzzing the card parser and the log reader: random and mutated input never raises;
every rejection names a rule and a path or a position."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import CardError, parse_cards
from referee.log.file import load_bytes
from referee.match import replay

from .conftest import SAMPLES

SEEDS = [  # the smallest sample of each game
    min((p.read_bytes() for p in SAMPLES.glob(f"{game}-*.toml")), key=len)
    for game in ("basra", "pasur", "bura", "kozel")
]


def check_reader(data: bytes) -> None:
    match, problems = load_bytes(data)
    if match is not None:
        problems = replay(match, problems).problems
    for p in problems:
        assert p.rule and p.message
        assert p.path is not None or p.line is not None or p.rule.startswith("log.")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    check_reader(data)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_card_lists(text: str) -> None:
    with contextlib.suppress(CardError):
        parse_cards(text)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    st.sampled_from(SEEDS),
    st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1), st.binary(max_size=6)), max_size=4),
)
def test_mutated_logs(seed: bytes, edits: list[tuple[float, float, bytes]]) -> None:
    """Splice, cut and overwrite bytes of real logs."""
    data = bytearray(seed)
    for where, length, insert in edits:
        at = int(where * len(data))
        cut = int(length * 12)
        data[at : at + cut] = insert
    check_reader(bytes(data))


TOKENS = [
    '"7D"',
    '"10S 9S"',
    '""',
    "1",
    "-3",
    "true",
    "[]",
    "{}",
    '"Zed"',
    '"Ali"',
    '"XX"',
    '"J♦"',
    "2026-01-01",
    '"bura"',
    '"kozel"',
    '"ru-baaz"',
]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SEEDS), st.integers(0, 10_000), st.sampled_from(TOKENS))
def test_values_swapped_in_valid_logs(seed: bytes, pick: int, token: str) -> None:
    """Replace one value of a valid log with another TOML value: shape errors, not crashes."""
    lines = seed.decode().splitlines()
    candidates = [i for i, line in enumerate(lines) if " = " in line]
    i = candidates[pick % len(candidates)]
    key = lines[i].split(" = ", 1)[0]
    lines[i] = f"{key} = {token}"
    check_reader("\n".join(lines).encode())


@pytest.mark.slow
def test_fuzz_harness_short_run() -> None:
    """A short run of scripts/fuzz_reader.py (the long run's figures are in bench/README):
    generated and mutated inputs of every game through the reader and the replay, and no
    exception other than the project's own problems."""
    from scripts.fuzz_reader import run as fuzz

    inputs, rules, crashes = fuzz(0, 1500, 5)
    assert crashes == [], crashes[0] if crashes else ""
    assert inputs == 1500 and sum(rules.values()) > 1000
