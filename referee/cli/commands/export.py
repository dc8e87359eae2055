"""``referee export``: the canonical log, derived scores and result included."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.boundary import errors_as_lines, output
from referee.cli.group import DEFAULT_FILE, command
from referee.log.outputs import check_output
from referee.messages import help_text
from referee.table.session import Table


@command()
@errors_as_lines
def export(
    file: Annotated[Path, typer.Argument(help=help_text("The match log."))] = DEFAULT_FILE,
    out: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help=help_text("Write here (atomically) instead of standard output.")
        ),
    ] = None,
) -> None:
    """Write the canonical log, derived scores and result included.

    Example: referee export match.toml -o clean.toml
    """
    if out is None:
        with output():
            sys.stdout.buffer.write(Table(file).export())
            sys.stdout.flush()
    else:
        check_output(out, [file], allow=file)  # onto its own log: rewritten canonically
        Table(file).export_to(out)
