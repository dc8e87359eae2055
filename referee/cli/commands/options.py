"""``referee options``: the legal captures for a card now (Bura and Kozel: the ways to
beat the trick), strongest first; ``--json`` for scripts."""

from typing import Annotated

import typer

from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import DEFAULT_FILE, SHOWN, JsonFlag, MatchFile, command
from referee.messages import help_text, sentence
from referee.render.options import options_json, options_text
from referee.render.tables import Style
from referee.table.session import Table
from referee.table.typed import parse_card_list
from referee.table.usage import UsageError


@command()
@errors_as_lines
def options(
    card: Annotated[
        str | None, typer.Argument(help=help_text("Basra/Pasur: the card to play."))
    ] = None,
    by: Annotated[
        str | None,
        typer.Option(help=help_text("Bura/Kozel: the follower (default: whose turn it is).")),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help=help_text("List up to 200 options, not the strongest 20."))
    ] = False,
    file: MatchFile = DEFAULT_FILE,
    as_json: JsonFlag = False,
) -> None:
    """The legal captures for a card now, strongest first: sweeps, then the most cards
    (Bura and Kozel: the ways to beat the trick). --all or --json list up to 200.

    Example: referee options 7D
    """
    parsed = parse_card_list(card, "CARD") if card else ()
    if len(parsed) > 1:
        raise UsageError(sentence("name one card, not {count}", count=len(parsed)))
    limit = None if show_all or as_json else SHOWN
    chosen = parsed[0] if parsed else None
    if as_json:
        import json

        plays = Table(file).plays_json(chosen, by)
        if plays is None:  # a game (or a finished deal) that lists its options in words
            plays = options_json(Table(file).options(chosen, by, limit))
        echo(json.dumps(plays, ensure_ascii=False))
        return
    found = Table(file).options(chosen, by, limit)
    echo(options_text(found, Style.for_terminal(), show_all))
