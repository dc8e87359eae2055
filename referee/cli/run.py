"""The console entry's fast path: when the command is named, only that command is built
for typer to parse (not all of them, and only its own module imported), and the process
ends without the interpreter's module-by-module teardown once its output is flushed (every
file it wrote is already closed, fsynced and renamed). Help, completion and errors use the
full app."""

from __future__ import annotations

import importlib
import os
import sys

import typer

from referee.cli.boundary import refusal
from referee.cli.commands import command_module, full_app
from referee.cli.group import app, new_app
from referee.cli.language import choose_language
from referee.usage import UsageError, lift_ascii, lift_lang


def _chosen(name: str) -> list[typer.models.CommandInfo]:
    """The command called ``name``, its own module alone imported (none: not a command of
    the group's own, such as ``tournament``, or not one at all)."""
    module = command_module(name)
    if module is None:
        return []
    importlib.import_module(module)
    return [
        c
        for c in app.registered_commands
        if (c.name or (c.callback.__name__ if c.callback else "")) == name
    ]


def main() -> None:
    """The console entry point: run ``referee`` on ``sys.argv``, then leave."""
    args = sys.argv[1:]
    lang, rest = lift_lang(args)
    try:
        choose_language(lang)  # before the help is built: it is said in that language
    except UsageError as e:
        sys.exit(refusal(e))
    rest = lift_ascii(rest)[1]
    chosen = _chosen(rest[0] if rest else "")
    completing = any(key.endswith("_COMPLETE") for key in os.environ)
    helping = "--help" in args or "-h" in args
    if len(chosen) != 1 or helping or completing:
        sys.exit(_run(full_app(), args))
    single = new_app(add_completion=False)
    single.registered_commands = chosen
    single.registered_callback = app.registered_callback  # still a group: same usage
    code = _run(single, args)
    # A table command has written and closed everything it touched: leave without tearing
    # down the interpreter's modules one by one (its output was flushed by the group).
    os._exit(code)


def _run(typer_app: typer.Typer, args: list[str]) -> int:
    """Build the click group of ``typer_app`` and run it on ``args`` (in the language chosen);
    its exit code (the group answers every way a run can end)."""
    command = typer.main.get_command(typer_app)
    code = command.main(args, prog_name="referee", standalone_mode=False)
    return code if isinstance(code, int) else 0
