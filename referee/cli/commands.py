"""Which module holds each of ``referee``'s commands, and the whole group built from all
of them: a table command imports only its own module (the others' imports would cost every
``referee play`` at the table)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer

# Each command's module, in the order `referee --help` lists them: the table's first.
COMMANDS = {
    **dict.fromkeys(("new", "deal", "play", "declare", "claim", "forfeit"), "table"),
    **dict.fromkeys(("show", "options", "undo"), "table"),
    "amend": "amend",
    "hand": "table",
    "score": "logs",
    "sheet": "sheet",
    **dict.fromkeys(("verify", "export", "rules", "simulate"), "logs"),
    "live": "table",
    "standings": "logs",
    "explain": "logs",
    "tournament": "tournament",
    "serve": "serve",
}
ORDER = tuple(COMMANDS)


def command_module(name: str) -> str | None:
    """The module of ``referee``'s command ``name`` (None: not a command)."""
    module = COMMANDS.get(name)
    return None if module is None else f"referee.cli.{module}"


_built: list[typer.Typer] = []


def full_app() -> typer.Typer:
    """The whole ``referee`` group: every command module imported, in help's order, with
    the ``tournament`` group."""
    if not _built:
        from referee.cli.group import app, command

        for module in sorted(set(COMMANDS.values())):
            importlib.import_module(f"referee.cli.{module}")
        from referee.cli.tournament import app as tournament_app

        later = sorted(set(command.defined) - set(ORDER))  # added without a place: last
        command.onto(app, [*ORDER, *later])
        app.add_typer(tournament_app, name="tournament")
        _built.append(app)
    return _built[0]
