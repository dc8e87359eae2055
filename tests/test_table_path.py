"""The path a referee walks: every sample match and 300+ simulated ones entered again
command by command through the CLI (new, deal, hand, play, declare, claim, forfeit), with
`undo` and the same entry again after every entry that ends a deal or the match and after a
random sample of the others; the rebuilt file must equal the original's export."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from referee.logfile import load
from referee.record import Match
from referee.registry import GAMES
from referee.simulate import simulate_match

from .conftest import SAMPLES
from .table import commands, enter, expected_bytes, run_command, without_hands

SAMPLE_FILES = sorted(SAMPLES.glob("*.toml"))
CONFIGS = [
    (game, variant, n)
    for game, spec in GAMES.items()
    for variant in spec.variants
    for n in range(spec.player_range(variant)[0], spec.player_range(variant)[1] + 1)
]
PER_CONFIG = -(-300 // len(CONFIGS))  # at least 300 simulated matches in all
SIMULATED = [(game, variant, n, k) for game, variant, n in CONFIGS for k in range(PER_CONFIG)]


def check_round_trip(match: Match, tmp_path: Path, seed: int) -> int:
    path = tmp_path / "match.toml"
    undos = enter(match, path, run_command, random.Random(seed))
    assert path.read_bytes() == expected_bytes(match)
    exported = run_command("export", str(path))
    assert exported.exit_code == 0 and exported.stdout_bytes == path.read_bytes()
    return undos


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_every_sample_is_entered_again_at_the_table(sample: Path, tmp_path: Path) -> None:
    match, problems = load(sample)
    assert match is not None and not problems
    hands = SAMPLE_FILES.index(sample) % 2 == 0  # half with hands recorded, half without
    entered = match if hands else without_hands(match)
    undos = check_round_trip(entered, tmp_path, SAMPLE_FILES.index(sample))
    assert undos >= len(match.deals)  # at least one undo at every deal's end


@pytest.mark.parametrize(
    ("game", "variant", "n", "k"), SIMULATED, ids=[f"{g}-{v}-{n}p-{k}" for g, v, n, k in SIMULATED]
)
def test_simulated_matches_are_entered_again_at_the_table(
    game: str, variant: str, n: int, k: int, tmp_path: Path
) -> None:
    deals = 1 + k % 2  # a deal, or two: the second dealt by whoever the first says
    match = simulate_match(game, variant, n, 1000 + k, deals=deals)
    entered = match if k % 2 == 0 else without_hands(match)
    check_round_trip(entered, tmp_path, k)


def test_the_commands_record_hands_as_they_are_received() -> None:
    """The driver itself: hands go in through deal --hand and hand, never all at once."""
    match = simulate_match("bura", "classic", 2, 3, deals=1)
    argvs = [c.argv for c in commands(match)]
    assert any(a[0] == "hand" for a in argvs)
    deal = next(a for a in argvs if a[0] == "deal")
    assert all(
        len(v.split("=", 1)[1].split()) == 3
        for flag, v in itertools.pairwise(deal)
        if flag == "--hand"
    )
