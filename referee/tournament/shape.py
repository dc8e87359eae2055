"""The tournament file's shape held to its game, as ``tournament new`` holds it: the
players at a table, and the sides each recorded table seats. A file edited after a round
was paired (``table_size = 1``, or 2 where the rounds seat three) is a ``tournament.file``
problem at its key path in every command that reads it, not a crash when the rounds are
checked (both found by scripts/fuzz_tournament.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.messages import sentence
from referee.problems import RefereeError
from referee.tournament.names import table_size_for
from referee.tournament.seats import short_allowed
from referee.words.rulings import problem_message

if TYPE_CHECKING:
    from referee.tournament.model import Tournament

Bad = Callable[[str, str], None]  # the reader's: a problem at a key path


def table_size(bad: Bad, tournament: Tournament, data: dict[str, Any]) -> None:
    """The players at a table, held to the game as ``tournament new`` holds them (a file
    edited to ``table_size = 1`` is a problem here, not a crash when rounds are checked)."""

    given = data.get("table_size")
    if isinstance(given, bool) or not isinstance(given, int | None) or tournament.table_size < 1:
        return  # already said by the header (a bool is no size, though Python counts it an int)
    try:
        tournament.table_size = table_size_for(
            tournament.game, tournament.variant, tournament.rules, tournament.teams, given
        )
    except RefereeError as e:
        for p in e.problems:
            bad("table_size", problem_message(p))


def table_sides(
    bad: Bad, tournament: Tournament, sides: tuple[str, ...] | None, path: str
) -> tuple[str, ...] | None:
    """A table's sides, as many as the tournament seats at a table (one fewer where a short
    table is allowed): a file whose ``table_size`` was edited after a round is a problem
    here, not a crash when the pairing is checked."""

    k = tournament.sides_per_table
    allowed = (k - 1, k) if k > 2 and short_allowed(tournament) else (k,)
    if sides is not None and len(sides) not in allowed:
        said = sentence(
            "expected {low} to {high} sides at a table of this tournament, found {count}",
            low=allowed[0],
            high=allowed[-1],
            count=len(sides),
        )
        if len(allowed) == 1:
            said = sentence(
                "expected {expected} sides at a table of this tournament, found {count}",
                expected=k,
                count=len(sides),
            )
        bad(f"{path}sides", said)
        return None
    return sides
