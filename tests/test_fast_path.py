"""The console entry's fast path (issue 24's start-up): a table command imports only its
own command module, and the map that says which module holds a command covers every
command of the group."""

from __future__ import annotations

import subprocess
import sys

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
