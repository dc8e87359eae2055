"""``referee serve``: the tables' phones enter the deals and plays on the room's network,
through the same rules and the same log as the table commands (:mod:`referee.serve`).
Starlette, uvicorn and segno are imported only when it runs."""

import json
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import JsonFlag, command
from referee.messages import help_text, sentence
from referee.table.usage import UsageError
from referee.words.lang import current


@command()
@errors_as_lines
def serve(
    folder: Annotated[
        Path | None,
        typer.Option("--dir", help=help_text("The tournament's folder (default: here).")),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option("--file", "-f", help=help_text("One match log instead of a tournament.")),
    ] = None,
    host: Annotated[
        str,
        typer.Option(help=help_text("The address to serve on; 0.0.0.0 serves the room.")),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=0, max=65535, help=help_text("The port (0: any free one)."))
    ] = 8031,
    as_json: JsonFlag = False,
    show_urls: Annotated[
        bool,
        typer.Option("--urls", help=help_text("Print the addresses (as --json does) and exit.")),
    ] = False,
) -> None:
    """Serve the tables' pages, the director's board and the public board: each table
    enters its deals and plays on a phone, checked by the same rules, written to the
    same log as the table commands. Ctrl-C stops it.

    Example: referee serve --dir cafe-cup --host 0.0.0.0
    """
    # starlette and uvicorn: loaded only when the server starts (the whole group, built
    # for help, imports this module too)
    from referee.serve.start import run, urls, what_is_served

    if folder is not None and file is not None:
        raise UsageError(sentence("give --dir or -f, not both"))
    served = what_is_served(folder, file)
    if show_urls:
        echo(json.dumps(urls(served, host, port), ensure_ascii=False))
        return
    run(served, host, port, as_json, current(), echo)
