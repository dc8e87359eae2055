"""Exact values of the games' shared layer (referee/games/base.py, spec.py) that the
mutation run of issue 36 found unchecked (docs/mutation.md)."""

from __future__ import annotations

from referee.games.spec import params
from referee.params import p

from .conftest import log_text, replay_text


def test_a_games_parameters_are_listed_alphabetically() -> None:
    """A game package may list its parameters in any order: the registry keeps them by
    name, so that help, rules tables and written logs list them the same way."""
    given = (
        p("target", int, 21, "toy.match", "match target"),
        p("ante", int, 1, "toy.ante", "each player's stake"),
        p("moscow", bool, False, "toy.declare", "a declaration"),
    )
    assert list(params(*given)) == ["ante", "moscow", "target"]


def test_the_end_of_a_deal_is_checked_after_its_stored_score() -> None:
    """rules.md's order of checking: a deal's stored score (stage 2, read with the log)
    comes before what the end of the deal finds, and both after the deal's entries."""
    first = (
        "Omar",
        {"floor": '"5H 3C 9D KS"', "score": "5"},
        '{ by = "Ali", card = "8S", takes = "5H 3C" },',
    )
    second = ("Ali", {"floor": '"5S 3S 9S KH"'}, "")
    text = log_text("basra", [first, second], '["Ali", "Omar"]', variant="egyptian")
    problems = replay_text(text).problems
    assert [(p.rule, p.path, p.deal, p.stage) for p in problems] == [
        ("log.result", "deals[0].score", 1, 2),
        ("deal.conservation", "deals[0]", 1, 2),
    ]
