"""``referee amend``: correct any entry of the match, a deal's recorded hand, or the header,
with everything after it checked again before anything is written."""

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.at_table import status
from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import (
    DEFAULT_FILE,
    MatchFile,
    TakesOption,
    TrailFlag,
    command,
)
from referee.messages import help_text, sentence
from referee.table.amend import Play, amend_entry, amend_hand, amend_header
from referee.table.session import Said, Table
from referee.table.typed import parse_card_list, typed_play
from referee.table.usage import UsageError


def _play(cards: list[str], takes: str | None, trail: bool, by: str | None) -> Play:
    """The play typed, as ``play`` reads it."""
    parsed, taken = typed_play(cards, takes, trail)
    return Play(parsed, taken, trail, by)


def _header(file: Path, rename: list[str], event: str | None, date: str | None) -> Said:
    """The header corrected: ``--rename OLD=NEW`` (repeat), ``--event``, ``--date``."""
    renames = {}
    for text in rename:
        old, sep, new = text.partition("=")
        if not sep or not old.strip() or not new.strip():
            raise UsageError(sentence("--rename takes OLD=NEW, found {value}", value=repr(text)))
        renames[old.strip()] = new.strip()
    when = None
    if date is not None:
        try:
            when = dt.date.fromisoformat(date)
        except ValueError:
            found = sentence("expected YYYY-MM-DD, found {value}", value=repr(date))
            raise UsageError(sentence("{what}: {error}", what="--date", error=found)) from None
    return amend_header(Table(file), renames, event, when)


DealNumber = Annotated[
    int | None, typer.Option("--deal", "-d", min=1, help=help_text("Deal, from 1."))
]
PlayNumber = Annotated[
    int | None,
    typer.Option("--play", "-p", min=1, help=help_text("Entry in the deal, from 1.")),
]
HandOption = Annotated[
    str | None,
    typer.Option(help=help_text('NAME="CARDS": put these cards in place of a recorded hand.')),
]
RenameOption = Annotated[
    list[str] | None,
    typer.Option(
        help=help_text("OLD=NEW: a player's name corrected everywhere (repeat)."),
    ),
]


@command()
@errors_as_lines
def amend(
    cards: Annotated[
        list[str] | None,
        typer.Argument(help=help_text("The play that belongs there (as for play).")),
    ] = None,
    deal: DealNumber = None,
    play: PlayNumber = None,
    takes: TakesOption = None,
    trail: TrailFlag = False,
    by: Annotated[str | None, typer.Option(help=help_text("Who played."))] = None,
    insert: Annotated[
        bool, typer.Option("--insert", help=help_text("Insert the play before this entry."))
    ] = False,
    delete: Annotated[bool, typer.Option("--delete", help=help_text("Delete this entry."))] = False,
    hand: HandOption = None,
    rename: RenameOption = None,
    event: Annotated[str | None, typer.Option(help=help_text("The event, corrected."))] = None,
    date: Annotated[
        str | None, typer.Option(help=help_text("The date, corrected (YYYY-MM-DD)."))
    ] = None,
    file: MatchFile = DEFAULT_FILE,
) -> None:
    """Correct any entry (replace, insert before, delete), a deal's recorded hand, or the
    header; everything after the change is checked again, and nothing is written when it
    makes a later entry illegal. It says the command that takes the change back.

    Examples: referee amend --deal 2 --play 5 9D --takes "5D 4C"   ·
    referee amend --deal 2 --play 5 --delete   ·   referee amend --rename Omr=Omar
    """
    if rename or event is not None or date is not None:
        done = _header(file, rename or [], event, date)
        echo(done.said)
        return
    if deal is None:
        raise UsageError(sentence("name the deal: --deal N"))
    if hand is not None:
        _hand(file, deal, hand)
        return
    if play is None:
        raise UsageError(sentence("name the entry: --play M"))
    if delete and (cards or insert):
        raise UsageError(sentence("--delete takes no cards"))
    if not delete and not cards:
        raise UsageError(sentence("name the play that belongs there, or --delete"))
    typed = None if delete else _play(cards or [], takes, trail, by)
    _entry(file, deal, play, typed, insert)


def _hand(file: Path, deal: int, hand: str) -> None:
    """``--hand NAME="CARDS"``: a deal's recorded hand corrected."""
    name, sep, text = hand.partition("=")
    if not sep:
        raise UsageError(sentence('--hand takes NAME="CARDS", found {value}', value=repr(hand)))
    said = amend_hand(Table(file), deal, name.strip(), parse_card_list(text, "--hand"))
    echo(sentence("Recorded {what}.", what=said.said))
    status(said.match, said.replayed)


def _entry(file: Path, deal: int, play: int, typed: Play | None, insert: bool) -> None:
    """An entry replaced, inserted before (``insert``) or deleted (``typed`` None)."""
    done = amend_entry(Table(file), deal, play, typed, "insert" if insert else "replace")
    echo(done.said)
    if not done.changed:
        return
    for line in done.notes:
        echo(line)
    if done.back:
        echo(sentence("To take it back: {command}", command=done.back))
    status(done.match, done.replayed)
