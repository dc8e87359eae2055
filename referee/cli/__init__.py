"""The command line, as a package of thin modules: ``app`` (the group, its shared options
and edges), ``boundary`` (errors to lines and exit codes), ``language`` (the reader's
language through typer's and click's public API), ``table`` (the table commands), ``logs``
(commands on stored logs) and ``run`` (the console entry's fast path). Each command parses
its arguments, calls the service or the core, and prints what a renderer made of it."""

from referee.cli import amend as amend
from referee.cli import logs as logs
from referee.cli import sheet as sheet
from referee.cli import table as table
from referee.cli import tournament as tournament
from referee.cli.app import HELP_OPTIONS as HELP_OPTIONS
from referee.cli.app import SHOWN as SHOWN
from referee.cli.app import app as app
from referee.cli.run import main as main

ORDER = (  # as `referee --help` lists them: the table's commands first
    *("new", "deal", "play", "declare", "claim", "forfeit", "show", "options", "undo"),
    *("amend", "hand"),
    *("score", "sheet", "verify", "export", "rules", "simulate", "live", "standings", "explain"),
)


def _place(command: object) -> int:
    """Where a command stands in ``referee --help`` (commands added later come last)."""
    name = getattr(command, "name", None) or command.callback.__name__  # type: ignore[attr-defined]
    return ORDER.index(name) if name in ORDER else len(ORDER)


app.registered_commands.sort(key=_place)
app.add_typer(tournament.app, name="tournament")
