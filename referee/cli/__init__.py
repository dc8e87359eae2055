"""The command line, as a package of thin modules; this one is the console entry's fast
path (:func:`main`). ``group`` is the group, its shared options and edges; ``boundary``
turns errors into lines and exit codes; ``language`` says the command line in the reader's
language through typer's and click's public API; ``progress`` draws the bar over many
files; ``at_table`` holds what the table commands share. Each command lives in
:mod:`referee.cli.commands` (one module a command, or a few that need the same imports):
it parses its arguments, calls the service or the core, and prints what a renderer made
of it.

When the command is named, only that command's module is imported (the others' imports
would cost every ``referee play`` at the table; :data:`referee.cli.commands.COMMANDS` says
which), and the group typer builds holds that one command (typer's public API:
:class:`referee.cli.group.Commands`). Help, completion and errors use the whole group,
``app``, also for the tests (``from referee.cli import app``), built on first use.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys

import typer

from referee.cli.boundary import refusal
from referee.cli.commands import GROUPS, command_module, full_app, group_app
from referee.cli.group import HELP_OPTIONS as HELP_OPTIONS
from referee.cli.group import SHOWN as SHOWN
from referee.cli.group import command, new_app, root
from referee.cli.language import choose_language
from referee.table.usage import UsageError, lift_ascii, lift_lang


def __getattr__(name: str) -> object:
    """``app``: the whole group, every command module imported (on first use only)."""
    if name == "app":
        return full_app()
    raise AttributeError(name)


def main() -> int:
    """Run ``referee`` on ``sys.argv``; the exit code."""
    args = sys.argv[1:]
    lang, rest = lift_lang(args)
    try:
        choose_language(lang)  # before the help is built: it is said in that language
    except UsageError as e:
        return refusal(e)
    rest = lift_ascii(rest)[1]
    name = rest[0] if rest else ""
    module = command_module(name)
    completing = any(key.endswith("_COMPLETE") for key in os.environ)
    helping = "--help" in args or "-h" in args
    if module is not None and not (helping or completing):
        importlib.import_module(module)  # its commands are defined as it loads
    if module is None or helping or completing or name not in (*command.defined, *GROUPS):
        return _run(full_app(), args)
    single = new_app(add_completion=False)  # still a group, with the group's options
    single.callback()(root)
    if name in GROUPS:  # `referee tournament pair`: the tournament's commands only
        single.add_typer(group_app(name), name=name)
    else:
        command.onto(single, [name])
    return _run(single, args)


def _run(typer_app: typer.Typer, args: list[str]) -> int:
    """Build the click group of ``typer_app`` and run it on ``args`` (in the language chosen);
    its exit code (the group answers every way a run can end)."""
    built = typer.main.get_command(typer_app)
    # What is loaded by now (typer, the command's modules, the group) lives until the
    # process ends: the cyclic collector is told so once, and walks only what the command
    # itself creates (about a fifth of a table command's CPU otherwise: bench/README.md)
    gc.freeze()
    code = built.main(args, prog_name="referee", standalone_mode=False)
    return code if isinstance(code, int) else 0
