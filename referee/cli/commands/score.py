"""``referee score``: the score sheet of a match, in the terminal or as JSON."""

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import DEFAULT_FILE, JsonFlag, command
from referee.messages import help_text
from referee.render.scores import score_json, score_sheet
from referee.render.tables import Style
from referee.table.reading import open_match


@command()
@errors_as_lines
def score(
    file: Annotated[Path, typer.Argument(help=help_text("The match log."))] = DEFAULT_FILE,
    as_json: JsonFlag = False,
) -> None:
    """The score sheet: every finished deal with its breakdown, totals and the winner.
    With --json, the side whose forfeit ended a deal (Bura, Kozel) has "forfeit": true in
    its breakdown.

    Example: referee score sample_games/basra-egyptian-2p.toml --json
    """
    match, replayed = open_match(file)
    if as_json:
        import json

        echo(json.dumps(score_json(match, replayed), ensure_ascii=False))
    else:
        echo(score_sheet(match, replayed, Style.for_terminal()))
