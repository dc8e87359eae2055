"""The path a referee walks: every sample match and simulated ones of every game, variant
and player count entered again command by command through the CLI (new, deal, hand, play,
declare, claim, forfeit), with `undo` and the same entry again after every entry that ends a
deal or the match and after a random sample of the others; at every deal's end the file
must be the export of the match so far, and at the end the original's export.

The default run types the first and the last deal of each sample (the file is set to the
export of the deals between, as typing them would leave it) and one seeded simulated match
of each game, variant and player count; `pytest --all-matches` types every deal of every
sample and all 300+ simulated matches."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from referee.log.file import load
from referee.record import Match
from referee.registry import GAMES
from referee.table.simulate import simulate_match

from .conftest import SAMPLES, every_match, sampled
from .table import commands, enter, expected_bytes, run_command, without_hands

SAMPLE_FILES = sorted(SAMPLES.glob("*.toml"))
CONFIGS = [
    (game, variant, n)
    for game, spec in GAMES.items()
    for variant in spec.variants
    for n in range(spec.player_range(variant)[0], spec.player_range(variant)[1] + 1)
]
PER_CONFIG = -(-300 // len(CONFIGS))  # at least 300 simulated matches in all
EVERY_SIMULATED = [(game, variant, n, k) for game, variant, n in CONFIGS for k in range(PER_CONFIG)]
SIMULATED = [  # one of each configuration's matches, or all of them under --all-matches
    case
    for game, variant, n in CONFIGS
    for case in sampled(
        [c for c in EVERY_SIMULATED if c[:3] == (game, variant, n)],
        1,
        f"{game}-{variant}-{n}",
    )
]


def check_round_trip(match: Match, tmp_path: Path, seed: int) -> int:
    """Enter ``match`` at the table (its middle deals only under --all-matches)."""
    path = tmp_path / "match.toml"
    skip = range(0) if every_match() else range(1, len(match.deals) - 1)
    undos = enter(match, path, run_command, random.Random(seed), skip=skip)
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
    typed = len(match.deals) if every_match() else min(len(match.deals), 2)
    assert undos >= typed  # at least one undo at every typed deal's end


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


def test_the_default_sample_keeps_every_kind_of_match() -> None:
    """One match of each configuration, and in each game both kinds of each choice: with
    hands recorded and without, one deal and two (k even or odd)."""
    assert sorted({c[:3] for c in SIMULATED}) == sorted(CONFIGS)
    for game in GAMES:
        ks = {k % 2 for g, _, _, k in SIMULATED if g == game}
        assert ks == {0, 1}, (game, ks)
