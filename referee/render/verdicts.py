"""The verdicts of ``verify`` (a line of text or of JSON for each log) and the standings
as ``standings --csv`` writes them: read from the values :mod:`referee.table.bulk` and
:mod:`referee.table.standings` return."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.messages import localized, plural_sentence
from referee.registry import GAMES
from referee.render.tables import problem_json, problem_lines

if TYPE_CHECKING:
    from referee.table.bulk import Verdict
    from referee.table.standings import Row


def verdict_json(verdict: Verdict, name: str) -> dict[str, object]:
    """One log's verdict as a ``verify --json`` line (a log's key names escaped)."""
    line: dict[str, object] = {
        "file": name,
        "ok": not verdict.problems and not verdict.internal,
        "problems": [problem_json(p) for p in verdict.problems],
    }
    if verdict.internal is not None:
        line["internal_error"] = True
    return line


def verdict_text(verdict: Verdict, name: str) -> str:
    """One log's verdict as ``verify`` prints it: its problems, or that it is ok."""
    if verdict.problems:
        return "\n".join(problem_lines(verdict.problems, name))
    if verdict.complete:
        return localized(
            plural_sentence(
                "{file}: ok ({n} deal, complete)",
                "{file}: ok ({n} deals, complete)",
                verdict.deals,
                file=name,
            )
        )
    return localized(
        plural_sentence(
            "{file}: ok ({n} deal, in progress)",
            "{file}: ok ({n} deals, in progress)",
            verdict.deals,
            file=name,
        )
    )


STANDINGS_COLUMNS = (
    "name",
    "played",
    "won",
    "points_for",
    "points_against",
    "sweeps",
    "win_pct",
    "unfinished",
    "game",
)


def csv_cell(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (OWASP: a leading =, +, -, @, tab or
    carriage return is escaped with a single quote)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_rows(rows: list[Row]) -> Iterator[list[object]]:
    """The standings as CSV rows, the header first; names made safe for spreadsheets."""
    yield list(STANDINGS_COLUMNS)
    for r in rows:
        yield [
            csv_cell(r.name),
            r.played,
            r.won,
            r.points_for,
            r.points_against,
            r.sweeps if GAMES[r.game].sweeps else "",  # no sweeps in Bura or Kozel
            r.win_pct,
            r.unfinished,
            r.game,
        ]
