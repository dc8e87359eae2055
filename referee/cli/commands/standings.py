"""``referee standings``: a tally across matches, one table per game (or per player),
as text, JSON or CSV."""

import csv
import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.boundary import echo, err, errors_as_lines, leave, shown
from referee.cli.group import JobsOption, JsonFlag, command
from referee.cli.progress import progress
from referee.messages import help_text, sentence
from referee.problems import internal_error
from referee.render.tables import standings_table
from referee.render.verdicts import standings_rows
from referee.table.bulk import check_all, file_key
from referee.table.standings import Summary, summarize, tally
from referee.table.usage import UsageError
from referee.words.rulings import problem_said


@command()
@errors_as_lines
def standings(
    paths: Annotated[list[Path], typer.Argument(help=help_text("Match logs, or folders of them."))],
    as_json: JsonFlag = False,
    as_csv: Annotated[bool, typer.Option("--csv", help=help_text("Print CSV rows."))] = False,
    jobs: JobsOption = None,
    by_player: Annotated[
        bool,
        typer.Option(
            "--by-player",
            help=help_text("One row per player, over every side they played in."),
        ),
    ] = False,
) -> None:
    """A tournament tally across matches, one table per game: played, won, points for and
    against, sweeps (in games that score them); matches still in progress are counted as
    unfinished. With --by-player, each player's record across every side they played in.

    Example: referee standings results/ --csv > standings.csv
    """
    summaries, bad, broken = _summaries(_logs_in(paths), jobs)
    rows = tally(summaries, by_player)
    if as_json:
        listed = [r.as_dict() for r in rows]
        key = "players" if by_player else "sides"
        echo(json.dumps({"matches": len(summaries), key: listed}, ensure_ascii=False))
    elif as_csv:
        csv.writer(sys.stdout, lineterminator="\n").writerows(standings_rows(rows))
    else:
        echo(standings_table(rows, len(summaries), by_player))
    leave(broken, bad)


def _logs_in(paths: list[Path]) -> list[Path]:
    """The match logs named, and those in the folders named; a file named twice (or linked
    twice) counts once."""
    files: list[Path] = []
    seen: set[object] = set()
    for path in paths:
        for one in sorted(path.glob("*.toml")) if path.is_dir() else [path]:
            key = file_key(one)  # a file named twice (dir and dir/x.toml, a link) counts once
            if key not in seen:
                seen.add(key)
                files.append(one)
    if not files:
        raise UsageError(sentence("no match logs found (give files or folders of *.toml)"))
    return files


def _summaries(files: list[Path], jobs: int | None) -> tuple[list[Summary], bool, bool]:
    """The standings summary of every clean log (a progress bar on a terminal), and
    whether a log had a problem or met an internal error (each said on stderr)."""
    summaries = []
    bad = broken = False
    with progress(len(files), sentence("Reading the logs")) as step:
        for verdict in check_all(files, jobs, summarize):
            step()
            if verdict.summary is None:
                step.clear(sys.stderr)
            if verdict.internal is not None:  # a bug: this file is left out, the others too
                broken = True
                why = internal_error(RuntimeError(verdict.internal))
                err(sentence("referee: {file}: left out: {why}", file=shown(verdict.path), why=why))
            elif verdict.summary is None:
                bad = True
                first = (
                    problem_said(verdict.problems[0])
                    if verdict.problems
                    else sentence("unreadable")
                )
                err(
                    sentence(
                        "referee: {file}: left out: {why}", file=shown(verdict.path), why=first
                    )
                )
            else:
                summaries.append(verdict.summary)
    return summaries, bad, broken
