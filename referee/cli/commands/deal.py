"""Record a new deal, a player's hand, or take the last entry back (``deal``, ``hand``,
``undo``); each prints the table after it, as ``show`` does."""

from typing import Annotated

import typer

from referee.cli.at_table import status
from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import DEFAULT_FILE, MatchFile, NoteOption, command
from referee.messages import help_text, sentence
from referee.table.session import Table
from referee.table.usage import UsageError


@command()
@errors_as_lines
def deal(
    dealer: Annotated[
        str | None, typer.Option(help=help_text("Who deals (default: whose turn it is to deal)."))
    ] = None,
    floor: Annotated[
        str | None, typer.Option(help='Basra/Pasur: the opening floor, e.g. "5H 3C 9D KS".')
    ] = None,
    buried: Annotated[
        str | None, typer.Option(help=help_text("Basra: jacks/7D buried from the floor."))
    ] = None,
    returned: Annotated[
        str | None, typer.Option(help=help_text("Pasur: the jack returned from the pool."))
    ] = None,
    trump: Annotated[
        str | None, typer.Option(help=help_text("Bura: the turned-up trump card."))
    ] = None,
    hand: Annotated[
        list[str] | None, typer.Option(help='NAME="CARDS": a player\'s cards, when known (repeat).')
    ] = None,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
) -> None:
    """Record a new deal: dealer, the opening floor (or Bura's trump), optional hands.

    Example: referee deal --dealer Omar --floor "5H 3C 9D KS" --buried JD
    """
    hands: dict[str, str] = {}
    for text in hand or []:
        if "=" not in text:
            raise UsageError(sentence('--hand takes NAME="CARDS", found {value}', value=repr(text)))
        name, cards = text.split("=", 1)
        hands[name.strip()] = cards
    given = {"floor": floor, "buried": buried, "returned": returned, "trump": trump}
    setup = {key: text for key, text in given.items() if text is not None}
    match, replayed = Table(file).deal(dealer, setup, hands, note)
    status(match, replayed)


@command()
@errors_as_lines
def hand(
    name: Annotated[str, typer.Argument(help=help_text("The player who received the cards."))],
    cards: Annotated[
        list[str] | None, typer.Argument(help=help_text("The cards received, in order."))
    ] = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--set",
            help=help_text(
                "Correct a mistyped hand: these cards "
                "replace the whole recorded hand (none: forget "
                "it)."
            ),
        ),
    ] = False,
    file: MatchFile = DEFAULT_FILE,
) -> None:
    """Add cards a player received to their recorded hand in this deal: a later round's
    cards (Basra, Pasur) or a card drawn (Bura), appended in the order given.

    Example: referee hand Ali 7D 2C KS 9H   ·   referee hand Petr 10S   ·
    referee hand Petr --set 6S 9C AD 10S
    """
    done = Table(file).hand(name, " ".join(cards or []), replace)
    echo(sentence("Recorded {what}.", what=done.said))
    status(done.match, done.replayed)


@command()
@errors_as_lines
def undo(file: MatchFile = DEFAULT_FILE) -> None:
    """Remove the last recorded entry (or an empty last deal), whatever it decided: the
    deal's score and the match result are worked out again from what remains.

    Example: referee undo
    """
    done = Table(file).undo()
    echo(sentence("Removed {what}.", what=done.said))
    status(done.match, done.replayed)
