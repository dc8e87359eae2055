"""``referee explain``: one recorded entry explained (the state before it, the rule, the
alternatives), or a deal's entries numbered."""

from typing import Annotated

import typer

from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import LogArgument, command
from referee.log.file import load
from referee.messages import help_text
from referee.problems import RefereeError
from referee.render.explain import explanation_lines
from referee.render.tables import Style
from referee.table.explain import explain as explain_entry


@command()
@errors_as_lines
def explain(
    file: LogArgument,
    deal_number: Annotated[
        int, typer.Option("--deal", "-d", min=1, help=help_text("Deal, from 1."))
    ],
    play_number: Annotated[
        int | None,
        typer.Option(
            "--play",
            "-p",
            min=1,
            help=help_text("Entry in the deal, from 1 (without it: the deal's entries, numbered)."),
        ),
    ] = None,
) -> None:
    """Explain one recorded entry: the state before it, the rule, the alternatives. Without
    --play, list the deal's entries with their numbers, who, what and what each did.

    Example: referee explain match.toml --deal 2   ·   referee explain match.toml --deal 2 --play 14
    """
    match, problems = load(file)
    if match is None:
        raise RefereeError(problems)
    style = Style.for_terminal()
    if play_number is None:
        # the deal walked entry by entry for its listing, only when it is asked for
        from referee.render.entries import entries_lines

        for line in entries_lines(match, deal_number, style):
            echo(line)
        return
    result = explain_entry(match, deal_number, play_number)
    for line in explanation_lines(result):  # every part from the log is escaped by say()
        echo(style.text(line))
    if not result.ok:
        raise typer.Exit(1)
