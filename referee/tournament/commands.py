"""The commands a director is told to type next, as they must be typed: ``referee
tournament …`` with ``--dir`` when the folder is not the current one, a table's log as
seen from where the director is, shell-quoted. The one place that says how a table
records its match (:func:`record_commands`, typed at a table's laptop) and how every table
records on its phone instead (:func:`served_pages`, ``referee serve``); ``pair`` and
``status`` say both. No key is ever said here: what these print may be logged or posted."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from referee.messages import Msg, join, plural_sentence, sentence
from referee.tournament.model import Table


def dir_option(folder: object) -> str:
    """``--dir FOLDER`` as a command names it, or nothing for the current folder."""
    import shlex

    text = str(folder)
    return "" if text in ("", ".") else f" --dir {shlex.quote(text)}"


def in_folder(folder: object, log: str) -> str:
    """A table's log as a command run where the director is names it (quoted)."""
    import shlex

    text = str(folder)
    return shlex.quote(log if text in ("", ".") else str(PurePath(text, log)))


def record_commands(table: Table, folder: object = ".") -> list[str]:
    """How a table records its match at a laptop: what its referee types, one way a line
    (``pair`` prints every line given here beside the table)."""
    return [f"referee live -f {in_folder(folder, table.log)}"]


def served_pages(folder: object = ".") -> Msg:
    """How every table records on a phone instead: ``referee serve`` gives each table of
    the round its page, and ``referee serve --urls`` prints their addresses. The addresses
    hold the tables' keys, so they are never said here (this line may be logged or
    posted); only the terminal of ``serve`` and ``serve --urls`` shows them."""
    return sentence(
        "Or on the tables' phones: {serve} gives every table its page (the director's board "
        "has the slips to print, a QR code each); {urls} prints the addresses",
        serve=f"referee serve{dir_option(folder)} --host 0.0.0.0",
        urls=f"referee serve --urls{dir_option(folder)}",
    )


def tournament_command(words: str, folder: object = ".") -> str:
    """``referee tournament WORDS`` for the folder (``--dir`` when not the current one)."""
    if words.startswith("publish"):
        import shlex

        place = "" if str(folder) in ("", ".") else f" {shlex.quote(str(folder))}"
        return f"referee tournament publish{place}{words[len('publish') :]}"
    return f"referee tournament {words}{dir_option(folder)}"


def decide_commands(table: int, folder: object = ".") -> Msg:
    """The director's commands for a table that has no result (``tournament.pending``)."""
    return sentence(
        "{time} (time called: the finished deals decide) or {forfeit} (a side did not play)",
        time=tournament_command(f"result {table} --time --reason TEXT", folder),
        forfeit=tournament_command(f"result {table} --forfeit SIDE --reason TEXT", folder),
    )


MOST_TABLES = 20  # tables named one by one in a next step; the rest are counted


def tables_said(numbers: Sequence[int]) -> Msg:
    """Table numbers («1, 2 and 3»), the first :data:`MOST_TABLES` named and the rest
    counted («1, 2, … 20 and 34 more»)."""
    if len(numbers) == 1:
        return join(numbers)
    if len(numbers) <= MOST_TABLES:
        return sentence("{tables} and {last}", tables=join(numbers[:-1]), last=numbers[-1])
    return plural_sentence(
        "{tables} and {n} more",
        "{tables} and {n} more",
        len(numbers) - MOST_TABLES,
        tables=join(numbers[:MOST_TABLES]),
    )
