"""What the table commands share: the state as ``show`` prints it (after a deal, a hand,
an undo or an amendment), a play as typed (``play`` and ``amend``), and ``--verbose``."""

from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.boundary import echo
from referee.messages import help_text
from referee.render.tables import Style, show

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.record import Match

VerboseFlag = Annotated[
    bool,
    typer.Option(
        "--verbose",
        "-V",
        help=help_text("After the entry, the whole state (as show prints it), not three lines."),
    ),
]


def status(match: "Match", replayed: "Replay") -> None:
    """The table now, as ``show`` prints it."""
    echo(show(match, replayed, Style.for_terminal()))
