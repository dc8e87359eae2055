"""The command line, as a package of thin modules: ``group`` (the group, its shared options
and edges), ``boundary`` (errors to lines and exit codes), ``language`` (the reader's
language through typer's and click's public API), ``table`` (the table commands), ``logs``
(commands on stored logs), ``amend``, ``sheet``, ``tournament`` (its own group) and
``run`` (the console entry's fast path). Each command parses its arguments, calls the
service or the core, and prints what a renderer made of it.

A table command imports only its own module (:mod:`referee.cli.commands` says which): the
others' imports would cost every ``referee play`` at the table. ``app`` is the whole group,
for help, completion and the tests (``from referee.cli import app``).
"""

from __future__ import annotations


def __getattr__(name: str) -> object:
    """``app`` is the whole group (built on first use); ``main``, ``HELP_OPTIONS`` and
    ``SHOWN`` as their modules define them."""
    if name == "app":
        from referee.cli.commands import full_app

        return full_app()
    if name == "main":
        from referee.cli.run import main

        return main
    if name in ("HELP_OPTIONS", "SHOWN"):
        from referee.cli import group

        return getattr(group, name)
    raise AttributeError(name)
