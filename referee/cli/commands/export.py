"""``referee export``: the canonical log, derived scores and result included."""

import sys

from referee.cli.boundary import errors_as_lines, output
from referee.cli.group import DEFAULT_FILE, LogArgument, OutputOption, command
from referee.log.outputs import check_output
from referee.table.session import Table


@command()
@errors_as_lines
def export(
    file: LogArgument = DEFAULT_FILE,
    out: OutputOption = None,
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
