"""``referee new``: start a match file (its game, variant, rules, players, event and date)."""

import datetime as dt
from typing import Annotated

import typer

from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import (
    DEFAULT_FILE,
    GAME_NAMES,
    MatchFile,
    NamedVariant,
    RuleOption,
    command,
    not_a_game,
    rule_overrides,
)
from referee.messages import help_text, join, sentence
from referee.registry import GAMES
from referee.table.session import Table
from referee.table.usage import UsageError
from referee.words.terms import game_said, variant_said


def _date(date: str | None, no_date: bool) -> dt.date | None:
    """The match's date: as given, today, or none."""
    if no_date and date:
        raise UsageError(sentence("give --date or --no-date, not both"))
    if no_date:
        return None
    try:
        return dt.date.fromisoformat(date) if date else dt.date.today()
    except ValueError:
        found = sentence("expected YYYY-MM-DD, found {value}", value=repr(date))
        raise UsageError(sentence("{what}: {error}", what="--date", error=found)) from None


@command()
@errors_as_lines
def new(
    game: Annotated[str, typer.Argument(help=GAME_NAMES, metavar="GAME")],
    player: Annotated[
        list[str],
        typer.Option(
            "--player",
            "-p",
            help=help_text("A player, in playing order (repeat)."),
        ),
    ],
    variant: NamedVariant = None,
    rule: RuleOption = None,
    event: Annotated[
        str | None,
        typer.Option(help=help_text("Where, which tournament, which table.")),
    ] = None,
    date: Annotated[
        str | None, typer.Option(help=help_text("YYYY-MM-DD (default: today)."))
    ] = None,
    no_date: Annotated[bool, typer.Option("--no-date", help=help_text("Record no date."))] = False,
    file: MatchFile = DEFAULT_FILE,
) -> None:
    """Start a match file.

    Example: referee new pasur -p Dariush -p Shirin -p Kaveh --variant pagat
    """
    if game not in GAMES:
        raise not_a_game(game)
    overrides = rule_overrides(game, rule or [])
    match = Table(file).create(game, player, variant, overrides, event, _date(date, no_date))
    echo(
        sentence(
            "Started {file}: {game} ({variant}), {players}. Next: referee deal --dealer NAME …",
            file=str(file),
            game=game_said(game),
            variant=variant_said(match.game, match.variant),
            players=join(match.players),
        )
    )
