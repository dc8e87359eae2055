"""Exact values of the games' shared layer (referee/games/base.py, spec.py) that the
mutation run of issue 36 found unchecked (docs/mutation.md)."""

from __future__ import annotations

from referee.games.spec import params
from referee.params import p


def test_a_games_parameters_are_listed_alphabetically() -> None:
    """A game package may list its parameters in any order: the registry keeps them by
    name, so that help, rules tables and written logs list them the same way."""
    given = (
        p("target", int, 21, "toy.match", "match target"),
        p("ante", int, 1, "toy.ante", "each player's stake"),
        p("moscow", bool, False, "toy.declare", "a declaration"),
    )
    assert list(params(*given)) == ["ante", "moscow", "target"]
