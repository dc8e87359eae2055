"""What the table commands share: the state as ``show`` prints it (after a deal, a hand,
an undo or an amendment), a play as typed (``play`` and ``amend``), and ``--verbose``."""

from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.boundary import echo
from referee.messages import help_text, sentence
from referee.render.tables import Style, show
from referee.table.typed import parse_card_list
from referee.table.usage import UsageError

if TYPE_CHECKING:
    from referee.cards import Card
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


def typed_play(
    cards: list[str], takes: str | None, trail: bool
) -> "tuple[tuple[Card, ...], tuple[Card, ...] | None]":
    """The cards of a play as typed, and what it takes (None: not said); ``--takes`` with
    ``--trail``, or an empty ``--takes``, is a usage error."""
    parsed = parse_card_list(" ".join(cards), "CARDS")
    if takes is not None and trail:
        raise UsageError(sentence("give --takes or --trail, not both"))
    if takes is not None and not takes.strip():
        raise UsageError(
            sentence("--takes needs the cards taken; a card laid on the floor is --trail")
        )
    return parsed, parse_card_list(takes, "--takes") if takes is not None else None
