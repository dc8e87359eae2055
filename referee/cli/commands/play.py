"""Record a play, a declaration, a claim or a forfeit (``play``, ``declare``, ``claim``,
``forfeit``), checked before anything is written, and say what it did as a referee
announces it."""

from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.at_table import VerboseFlag, status
from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import (
    DEFAULT_FILE,
    MatchFile,
    NoteOption,
    TakesOption,
    TrailFlag,
    command,
)
from referee.messages import help_text, sentence
from referee.record import FORFEIT_REASON, TrickEntry, describe_entry
from referee.render.announce import announce, claim_verdict, quietly
from referee.render.tables import Style
from referee.table.session import Table
from referee.table.typed import parse_card_list, typed_play

if TYPE_CHECKING:
    from referee.table.session import Recorded


def recorded(done: "Recorded", confirm: str = "", verbose: bool = False) -> None:
    """What an accepted entry did, as a referee announces it: quietly (the entry, the floor
    or the trick, who is next), or in full with the table now (``verbose``, and always
    when the entry ended the deal or the match)."""
    style = Style.for_terminal()
    state = done.replayed.state
    if not verbose and state is not None and not state.finished:
        for line in quietly(done, style, confirm):
            echo(line)
        return
    for line in announce(done, style, confirm):
        echo(line)
    status(done.match, done.replayed)


@command()
@errors_as_lines
def play(
    cards: Annotated[
        list[str], typer.Argument(help=help_text("The card played (Bura: 1 to 3 cards)."))
    ],
    takes: TakesOption = None,
    trail: TrailFlag = False,
    by: Annotated[
        str | None, typer.Option(help=help_text("Who played (default: whose turn it is)."))
    ] = None,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    verbose: VerboseFlag = False,
) -> None:
    """Record one play, checked before anything is written (a trail is always --trail).

    Examples: referee play 8S --takes "5H 3C"   ·   referee play 4C --trail   ·
    referee play AS KS  (a Bura lead of two spades)
    """
    parsed, taken = typed_play(cards, takes, trail)
    recorded(Table(file).play(parsed, taken, trail, by, note), verbose=verbose)


@command()
@errors_as_lines
def declare(
    name: Annotated[str, typer.Argument(help=help_text("bura, moscow, little-moscow or molodka"))],
    cards: Annotated[list[str], typer.Argument(help=help_text("The 3 cards shown."))],
    by: Annotated[str, typer.Option(help=help_text("Who declares."))],
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    verbose: VerboseFlag = False,
) -> None:
    """Bura: record a declaration before a trick (judged with any others before it).

    Example: referee declare molodka AC 10C KC --by Ivan
    """
    entry = TrickEntry(by, parse_card_list(" ".join(cards), "CARDS"), declares=name)
    done = Table(file).announce(entry, note)
    recorded(done, sentence("Recorded: {entry}.", entry=describe_entry(done.entry)), verbose)


@command()
@errors_as_lines
def claim(
    by: Annotated[
        str | None,
        typer.Option(
            help=help_text("Who claims 31 (default: the player who took the last trick).")
        ),
    ] = None,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    verbose: VerboseFlag = False,
) -> None:
    """Bura: record a claim of 31 and judge it at once from the claimant's tricks.

    Example: referee claim --by Ivan
    """
    done = Table(file).announce(TrickEntry(by or "", claim=True), note)
    recorded(done, claim_verdict(done) or "", verbose)


@command()
@errors_as_lines
def forfeit(
    by: Annotated[str, typer.Option(help=help_text("Who loses the deal."))],
    reason: Annotated[str, typer.Option(help=help_text("What happened."))] = FORFEIT_REASON,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    verbose: VerboseFlag = False,
) -> None:
    """Bura and Kozel: a player loses the deal for a breach (a misdraw): in Bura as for a
    false claim, in Kozel their side scores the penalty for no trick.

    Example: referee forfeit --by Petr --reason "drew out of turn"
    """
    done = Table(file).announce(TrickEntry(by, forfeit=reason), note)
    said = sentence(
        "Recorded: {entry}; {player} loses the deal.",
        entry=describe_entry(done.entry),
        player=done.entry.by,
    )
    recorded(done, said, verbose)
