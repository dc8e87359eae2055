"""``referee sheet``: a match's printable score sheet as a web page. Jinja2 is imported by
:mod:`referee.html.sheet` only when a page is rendered (the whole group, built for help,
imports this module too)."""

import sys
from pathlib import Path

from referee.cli.boundary import echo, errors_as_lines, output, shown
from referee.cli.group import LogArgument, OutputOption, ascii_asked, command
from referee.html.sheet import render
from referee.log.file import log_digest, write_atomic
from referee.log.outputs import check_output
from referee.messages import help_text, sentence, show_suits
from referee.render.scoresheet import build
from referee.table.reading import open_match


@command()
@errors_as_lines
def sheet(
    file: LogArgument = Path("match.toml"),
    out: OutputOption = None,
) -> None:
    if out is not None:
        check_output(out, [file])
    match, replayed = open_match(file)
    value = build(replayed)
    show_suits(not ascii_asked())  # a UTF-8 page: its sentences as its cards, whatever the terminal
    page = render(value, log_digest(match, replayed), ascii_asked()).encode("utf-8")
    if out is None:
        with output():
            sys.stdout.buffer.write(page)
            sys.stdout.flush()
        return
    write_atomic(out, page)
    echo(sentence("Wrote the score sheet to {file}.", file=shown(out)))


sheet.__doc__ = help_text(  # one paragraph a line, as the catalog has it
    "Write one match's printable score sheet as a web page: every deal with its dealer, "
    "scores and breakdown, the running totals and their chart, the winner, lines to sign, "
    "and the digest of the log.\n\n"
    "Example: referee sheet match.toml -o sheet.html   (print it from a browser)"
)
