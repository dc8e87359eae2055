"""The console entry's fast path (issue 24's start-up): a table command imports only its
own command module, and the map that says which module holds a command covers every
command of the group."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer

from referee.cli import app
from referee.cli.commands import COMMANDS

from .conftest import LOADED_AT_EXIT, loaded_at_exit


def test_every_command_of_the_group_is_in_the_map() -> None:
    """A command added without its module in COMMANDS would never run by its name."""
    built = typer.main.get_command(app)
    assert set(built.commands) == set(COMMANDS)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("command", "module"),
    [
        ("show", "show"),
        ("play", "play"),
        ("undo", "deal"),
        ("options", "options"),
        ("score", "score"),
    ],
)
def test_a_command_imports_only_its_own_module(command: str, module: str) -> None:
    """``referee show`` loads referee.cli.commands.show and none of the other command
    modules."""
    code = LOADED_AT_EXIT.format(argv=[command, "--no-such-option"])  # what had it loaded?
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    loaded = {m for m in loaded_at_exit(out.stderr) if m.startswith("referee.cli.")}
    others = {f"referee.cli.commands.{m}" for m in set(COMMANDS.values()) - {module}}
    assert f"referee.cli.commands.{module}" in loaded, out
    assert loaded & others == set(), loaded


@pytest.mark.parametrize(
    ("game", "own", "other"),
    [
        ("basra", "referee.games.fishing.words", "referee.games.trick.words"),
        ("bura", "referee.games.trick.words", "referee.games.fishing.words"),
    ],
)
def test_a_table_command_reads_only_its_own_games_words(
    tmp_path: Path, game: str, own: str, other: str
) -> None:
    """A refused play says its game's facts from its own family's words: the other family's
    words (and the other games') are not loaded for it."""
    log = tmp_path / "m.toml"
    players = ["Ali", "Omar"] if game == "basra" else ["Ivan", "Petr"]
    first = ["--floor", "5H 3C 9D KS"] if game == "basra" else ["--trump", "7H"]
    for args in (
        ["new", game, "-p", players[0], "-p", players[1]],
        ["deal", "--dealer", players[1], *first],
    ):
        made = subprocess.run([sys.executable, "-m", "referee", *args, "-f", str(log)])
        assert made.returncode == 0
    play, rule = (["5C", "--takes", "3C"], "[basra.capture.group]")
    if game == "bura":
        play, rule = (["6S", "6H"], "[bura.lead]")
    code = LOADED_AT_EXIT.format(argv=["play", *play, "-f", str(log)])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    loaded = loaded_at_exit(out.stderr)
    assert out.stderr.startswith(f"referee: {rule} (deal 1, play 1"), out.stderr  # said whole
    assert own in loaded, out.stderr
    assert other not in loaded, sorted(m for m in loaded if m.startswith("referee.games"))


@pytest.mark.parametrize(
    ("sample", "command", "own"),
    [
        ("kozel-classic-2p", "show", "referee.games.kozel.words"),
        ("kozel-six-spades-4p", "score", "referee.games.kozel.words"),
        ("pasur-standard-3p", "show", "referee.games.pasur.words"),
        ("pasur-thirteen-4p", "score", "referee.games.pasur.words"),
    ],
)
def test_a_variants_word_and_a_scores_parts_come_from_its_own_games_words(
    sample: str, command: str, own: str
) -> None:
    """``show`` and ``score`` say the variant (Kozel's «classic») and the parts of a score
    (Pasur's aces) from the game's own words: no other game's words are read for them."""
    log = Path(__file__).resolve().parent.parent / "sample_games" / f"{sample}.toml"
    args = ["show", "-f", str(log)] if command == "show" else ["score", str(log)]
    code = LOADED_AT_EXIT.format(argv=args)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    words = {
        m
        for m in loaded_at_exit(out.stderr)
        if m.startswith("referee.games.") and m.endswith(".words")
    }
    family = "fishing" if "pasur" in sample else "trick"
    assert words == {own, f"referee.games.{family}.words"}, out.stderr


def test_register_refuses_a_code_a_game_already_says_before_its_words_are_read() -> None:
    """``register`` reads every game's words first: a code given twice is refused when it
    is registered, not at the first sentence that needs it."""
    code = (
        "from referee.words.sentences import register\n"
        "try:\n"
        "    register({'fishing.play.trail': 'not a trail'})\n"
        "except ValueError as e:\n"
        "    print('refused', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.startswith("refused sentences given twice: ['fishing.play.trail']"), out
