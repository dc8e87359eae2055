"""The console entry's fast path (issue 24's start-up): a table command imports only its
own command module, and the map that says which module holds a command covers every
command of the group."""

from __future__ import annotations

import subprocess
import sys

import pytest

from referee.cli import app
from referee.cli.commands import COMMANDS


def test_every_command_of_the_group_is_in_the_map() -> None:
    """A command added without its module in COMMANDS would never run by its name."""
    names = {c.name or c.callback.__name__ for c in app.registered_commands if c.callback}
    groups = {g.name for g in app.registered_groups}
    assert names | groups == set(COMMANDS)


@pytest.mark.parametrize(
    ("command", "module"), [("show", "table"), ("play", "table"), ("score", "logs")]
)
def test_a_command_imports_only_its_own_module(command: str, module: str) -> None:
    """``referee show`` loads referee.cli.table and none of the other command modules."""
    code = (  # the command refuses an option it does not have: what had it loaded?
        "import sys, os\n"
        "leave = os._exit\n"
        "def report(code):\n"
        "    loaded = sorted(m for m in sys.modules if m.startswith('referee.cli.'))\n"
        "    sys.stdout.write(' '.join(loaded))\n"
        "    sys.stdout.flush()\n"
        "    leave(code)\n"
        "os._exit = report\n"
        f"sys.argv = ['referee', {command!r}, '--no-such-option']\n"
        "from referee.cli.run import main\n"
        "main()\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    loaded = set(out.stdout.split())
    others = {f"referee.cli.{m}" for m in set(COMMANDS.values()) - {module}}
    assert f"referee.cli.{module}" in loaded, out
    assert loaded & others == set(), loaded
