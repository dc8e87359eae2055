"""The ``sheet`` command (a match's printable HTML score sheet) and ``verify --digest``
(does a log match a signed sheet?). Nothing heavy is imported until the command runs
(Jinja2 only when a sheet is rendered)."""

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.boundary import echo, errors_as_lines, output
from referee.cli.group import ascii_asked, command
from referee.log.file import log_digest
from referee.messages import help_text, sentence

if TYPE_CHECKING:
    pass

DIGEST = re.compile(r"[0-9a-fA-F]{12,64}")
SHORTEST = 12  # hex digits a digest must give (the sheet prints 12)


_echo = echo


@command()
@errors_as_lines
def sheet(
    file: Annotated[Path, typer.Argument(help=help_text("The match log."))] = Path("match.toml"),
    out: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help=help_text("Write here (atomically) instead of standard output.")
        ),
    ] = None,
) -> None:
    from referee.html.sheet import render
    from referee.messages import show_suits
    from referee.render.scoresheet import build
    from referee.table.session import open_match

    if out is not None:
        from referee.log.outputs import check_output

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
    from referee.log.file import shown_path, write_atomic

    write_atomic(out, page)
    _echo(sentence("Wrote the score sheet to {file}.", file=shown_path(str(out))))


sheet.__doc__ = help_text(  # one paragraph a line, as the catalog has it
    "Write one match's printable score sheet as a web page: every deal with its dealer, "
    "scores and breakdown, the running totals and their chart, the winner, lines to sign, "
    "and the digest of the log.\n\n"
    "Example: referee sheet match.toml -o sheet.html   (print it from a browser)"
)


def verify_digest(files: list[Path], digest: str, as_json: bool) -> int:
    """Say for each log whether its canonical bytes have ``digest`` (a prefix of 12 hex
    digits or more); the exit code: 0 when every log matches, 1 otherwise."""
    from referee.table.session import open_match
    from referee.table.usage import UsageError

    if DIGEST.fullmatch(digest) is None:
        raise UsageError(
            sentence(
                "--digest takes {fewest} to 64 hex digits (the sheet prints {fewest}), "
                "found {digest}",
                fewest=SHORTEST,
                digest=repr(digest[:80]),
            )
        )
    from referee.log.file import shown_path

    wanted = digest.lower()
    code = 0
    for file in files:
        actual = log_digest(*open_match(file))
        name = shown_path(str(file))
        same = actual.startswith(wanted)
        code = code or (0 if same else 1)
        if as_json:
            import json

            line = {"file": name, "digest": actual, "matches": same}
            _echo(json.dumps(line, ensure_ascii=False))
        elif same:
            _echo(sentence("{file}: matches the digest {digest}", file=name, digest=wanted))
        else:
            _echo(
                sentence(
                    "{file}: does NOT match the digest {digest} (the log's is {actual})",
                    file=name,
                    digest=wanted,
                    actual=actual[: max(len(wanted), SHORTEST)],
                )
            )
    return code
