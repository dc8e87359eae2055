"""``referee rules``: every parameter of a game and variant, its value and meaning."""

import json
from typing import Annotated

import typer

from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import GAME_NAMES, JsonFlag, VariantOption, command, game_and_variant
from referee.registry import variant_values
from referee.render.tables import rules_text


@command()
@errors_as_lines
def rules(
    game: Annotated[str, typer.Argument(help=GAME_NAMES, metavar="GAME")],
    variant: VariantOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Every parameter of a game and variant: its value and meaning.

    Example: referee rules basra --variant classic
    """
    name = game_and_variant(game, variant)
    values = variant_values(game, name)
    if as_json:
        echo(json.dumps({"game": game, "variant": name, "rules": values}))
    else:
        echo(rules_text(game, name, values))
