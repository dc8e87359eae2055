"""Entrants: their names (the rules of a player's name in a match log, which a table's log
must take, so that a bad name is refused when it is entered, not when a round is paired),
teams, and the table sizes a game allows them."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from referee.messages import sentence
from referee.problems import Problem, RefereeError
from referee.registry import GAMES, variant_values
from referee.text import name_problem as text_problem
from referee.text import normal_name, visible
from referee.tournament.model import Entrant


def problem(rule: str, message: str) -> Exception:

    return RefereeError([Problem(rule, message)])


MAX_NAME = 40  # as in a match log


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None."""
    if name != normal_name(name):
        return sentence("{name} is not in Unicode normal form (NFC)", name=repr(visible(name)))
    if len(name) > MAX_NAME:
        return sentence(
            "{name}…: a name has at most 40 characters, found {count}",
            name=repr(visible(name[:MAX_NAME])),
            count=len(name),
        )
    return text_problem(name)


def entrant(text: str, team: bool) -> Entrant:
    """An entrant from a name as typed (a team: "A & B"), its names checked."""
    name = unicodedata.normalize("NFC", text.strip(" "))  # spaces only: a control is refused
    members = tuple(p.strip(" ") for p in name.split(" & ")) if team or " & " in name else ()
    if members and len(members) != 2:
        raise problem(
            "tournament.file",
            sentence('{name}: a team is two members joined by " & "', name=repr(name)),
        )
    for who in members or (name,):
        why = name_problem(who)
        if why is not None:
            raise problem("tournament.file", why)
    return Entrant(" & ".join(members) if members else name, members)


def check_entrants(entrants: list[Entrant]) -> None:
    """Names unique (players too, whatever their case), teams all or none."""
    seen: set[str] = set()
    for e in entrants:
        for who in e.players:
            if who.casefold() in seen:
                raise problem(
                    "tournament.file",
                    sentence("{name} is entered twice; names must be unique", name=repr(who)),
                )
            seen.add(who.casefold())
    if len({bool(e.members) for e in entrants}) > 1:
        raise problem(
            "tournament.file", sentence("entrants are all teams or all players, not both")
        )


def table_size_for(
    game: str, variant: str, rules: Mapping[str, object], teams: bool, size: int | None
) -> int:
    """The players at a table: checked against the game and its partnerships."""
    spec = GAMES[game]
    low, high = spec.player_range(variant)
    partners = spec.partnerships and bool(
        {**variant_values(game, variant), **rules}.get("partnerships", True)
    )
    if teams:
        if not partners or size not in (None, 4):
            raise problem(
                "tournament.file",
                sentence(
                    "teams of two play at tables of 4 in a partnership game ({game} with "
                    "partnerships), not {size}",
                    game=game,
                    size=str(size or 4),
                ),
            )
        return 4
    size = size or 2
    if not low <= size <= high:
        raise problem(
            "tournament.file",
            sentence(
                "{game} is played by {low} to {high} players, not {count}",
                game=game,
                low=low,
                high=high,
                count=size,
            ),
        )
    if size == 4 and partners:
        raise problem(
            "tournament.file",
            sentence(
                "individual entrants at tables of 4 in {game} need --rule partnerships=false",
                game=game,
            ),
        )
    return size
