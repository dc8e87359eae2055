"""referee's commands, one module a command (or a few that need the same imports), each
with its imports at its top: a command imports only its own module (the others' imports
would cost every ``referee play`` at the table). :data:`COMMANDS` says which module holds
each command; :func:`full_app` builds the whole group from all of them."""

from __future__ import annotations

import importlib

import typer

from referee.cli.group import app, command

# Each command's module, in the order `referee --help` lists them: the table's first.
COMMANDS = {
    "new": "new",
    "deal": "deal",
    **dict.fromkeys(("play", "declare", "claim", "forfeit"), "play"),
    "show": "show",
    "options": "options",
    "undo": "deal",
    "amend": "amend",
    "hand": "deal",
    "score": "score",
    "sheet": "sheet",
    "verify": "verify",
    "export": "export",
    "rules": "rules",
    "simulate": "simulate",
    "live": "live",
    "standings": "standings",
    "explain": "explain",
    "tournament": "tournament",
    "serve": "serve",
}
ORDER = tuple(COMMANDS)
GROUPS = ("tournament",)  # a group of commands of its own: its module's ``app``


def command_module(name: str) -> str | None:
    """The module of ``referee``'s command ``name`` (None: not a command)."""
    module = COMMANDS.get(name)
    return None if module is None else f"{__name__}.{module}"


def group_app(name: str) -> typer.Typer:
    """The typer app of the group of commands ``name`` (``tournament``), its module loaded."""
    group: typer.Typer = importlib.import_module(f"{__name__}.{COMMANDS[name]}").app
    return group


_built: list[typer.Typer] = []


def full_app() -> typer.Typer:
    """The whole ``referee`` group: every command module imported, in help's order, with
    the ``tournament`` group."""
    if not _built:
        for module in sorted(set(COMMANDS.values())):
            importlib.import_module(f"{__name__}.{module}")
        later = sorted(set(command.defined) - set(ORDER))  # added without a place: last
        command.onto(app, [*ORDER, *later])
        for name in GROUPS:
            app.add_typer(group_app(name), name=name)
        _built.append(app)
    return _built[0]
