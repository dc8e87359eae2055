"""The command line, as a package of thin modules. ``run`` is the console entry's fast
path; ``group`` the group, its shared options and edges; ``boundary`` errors to lines and
exit codes; ``language`` the reader's language through typer's and click's public API;
``progress`` the bar over many files; ``at_table`` what the table commands share. Each
command lives in :mod:`referee.cli.commands` (one module a command, or a few that need the
same imports): it parses its arguments, calls the service or the core, and prints what a
renderer made of it.

A table command imports only its own module (:data:`referee.cli.commands.COMMANDS` says
which): the others' imports would cost every ``referee play`` at the table. ``app`` is the
whole group, for help, completion and the tests (``from referee.cli import app``), built
on first use.
"""

from __future__ import annotations

from referee.cli.commands import full_app
from referee.cli.group import HELP_OPTIONS as HELP_OPTIONS
from referee.cli.group import SHOWN as SHOWN
from referee.cli.run import main as main


def __getattr__(name: str) -> object:
    """``app``: the whole group, every command module imported (on first use only)."""
    if name == "app":
        return full_app()
    raise AttributeError(name)
