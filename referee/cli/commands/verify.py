"""``referee verify``: replay logs and report every problem (on every core, in the order
given); with ``--digest``, whether each log matches a signed score sheet."""

import re
import sys
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.boundary import echo, err, errors_as_lines, leave, shown
from referee.cli.group import DEFAULT_FILE, JobsOption, JsonFlag, command
from referee.cli.progress import progress
from referee.log.file import log_digest
from referee.messages import help_text, sentence
from referee.problems import internal_error
from referee.render.verdicts import verdict_json, verdict_text
from referee.table.bulk import check_all
from referee.table.reading import open_log
from referee.table.usage import UsageError

DIGEST = re.compile(r"[0-9a-fA-F]{12,64}")
SHORTEST = 12  # hex digits a digest must give (the sheet prints 12)


@command()
@errors_as_lines
def verify(
    files: Annotated[
        list[Path] | None,
        typer.Argument(help=help_text("Match logs to replay and check (default: match.toml).")),
    ] = None,
    as_json: JsonFlag = False,
    jobs: JobsOption = None,
    digest: Annotated[
        str | None,
        typer.Option(
            "--digest", help=help_text("Say whether each log has a score sheet's digest.")
        ),
    ] = None,
) -> None:
    """Replay logs and report every problem, first one first; exit 1 if any has one.
    Many logs are checked on every core, and reported in the order given.

    Example: referee verify sample_games/*.toml --json
    """
    files = files or [DEFAULT_FILE]  # as every table command, the match in this folder
    if digest is not None:
        raise typer.Exit(verify_digest(files, digest, as_json))
    bad = broken = False
    with progress(len(files), sentence("Checking the logs")) as step:
        for verdict in check_all(files, jobs):
            step()
            step.clear()
            name = shown(verdict.path)
            if verdict.internal is not None:
                broken = True
                step.clear(sys.stderr)
                err(internal_error(RuntimeError(verdict.internal)))
            bad = bad or bool(verdict.problems)
            if as_json:
                import json  # for --json only

                echo(json.dumps(verdict_json(verdict, name), ensure_ascii=False))
            elif verdict.internal is None:
                echo(verdict_text(verdict, name))
    leave(broken, bad)


def verify_digest(files: list[Path], digest: str, as_json: bool) -> int:
    """Say for each log whether its canonical bytes have ``digest`` (a prefix of 12 hex
    digits or more); the exit code: 0 when every log matches, 1 otherwise."""
    if DIGEST.fullmatch(digest) is None:
        raise UsageError(
            sentence(
                "--digest takes {fewest} to 64 hex digits (the sheet prints {fewest}), "
                "found {digest}",
                fewest=SHORTEST,
                digest=repr(digest[:80]),
            )
        )
    wanted = digest.lower()
    code = 0
    for file in files:
        opened = open_log(file, memo=False)  # verify reads every log whole
        actual = log_digest(opened.match, opened.replayed)
        name = shown(file)
        same = actual.startswith(wanted)
        code = code or (0 if same else 1)
        if as_json:
            import json  # for --json only

            line = {"file": name, "digest": actual, "matches": same}
            echo(json.dumps(line, ensure_ascii=False))
        elif same:
            echo(sentence("{file}: matches the digest {digest}", file=name, digest=wanted))
        else:
            echo(
                sentence(
                    "{file}: does NOT match the digest {digest} (the log's is {actual})",
                    file=name,
                    digest=wanted,
                    actual=actual[: max(len(wanted), SHORTEST)],
                )
            )
    return code
