"""``referee show``: the table now (``--json`` for scripts, ``--entries`` for the deal's
entries, numbered as ``explain`` and ``amend`` take them)."""

from typing import Annotated

import typer

from referee.cli.at_table import status
from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import DEFAULT_FILE, JsonFlag, MatchFile, command
from referee.messages import help_text, sentence
from referee.render.tables import Style, state_json
from referee.table.session import Table
from referee.table.usage import UsageError


@command("show")
@errors_as_lines
def show_cmd(
    file: MatchFile = DEFAULT_FILE,
    as_json: JsonFlag = False,
    entries: Annotated[
        bool,
        typer.Option(
            "--entries",
            "-e",
            help=help_text(
                "List the deal's entries with their numbers, who, what and what each did."
            ),
        ),
    ] = False,
) -> None:
    """The state now: floor or trick, whose turn, known and unseen cards, the score. With
    --entries, the entries of the deal in progress (or the last deal), numbered as explain
    --play and amend --play take them.

    Example: referee show -f match.toml   ·   referee show --entries
    """
    match, replayed = Table(file).open()
    if entries and not as_json:
        # the deal walked entry by entry, as explain does: never on a plain show
        from referee.render.entries import entries_lines

        if not match.deals:
            raise UsageError(sentence("no deal is recorded yet: nothing to list"))
        for line in entries_lines(match, len(match.deals), Style.for_terminal()):
            echo(line)
        return
    if as_json:
        import json  # for --json only: not on every show

        echo(json.dumps(state_json(match, replayed), ensure_ascii=False))
    else:
        status(match, replayed)
