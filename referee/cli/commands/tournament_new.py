"""What ``referee tournament new`` reads from its options, checked before anything is
written: the game, variant, rules, system and tie-breaks; the match points; the entrants
(from -p, --team and a CSV file); and the tournament value they make. And what ``result``
reads: the sides named once each, match points set as whole numbers."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from referee.cli.group import rule_overrides
from referee.messages import join, sentence
from referee.registry import GAMES, check_variant
from referee.table.usage import UsageError
from referee.tournament import director
from referee.tournament.model import SYSTEMS, TIEBREAKS, Entrant, Points, Tournament
from referee.tournament.store import entrants_csv


def whole_points(text: str, value: str, expected: str) -> int:
    """Match points as typed (``--points``): a whole number of at least 0. A fraction
    (chess's ½) is wrong usage, saying how to keep its ratio in whole numbers."""
    value = value.strip()
    if value.isascii() and value.isdigit():
        return int(value)
    if any(c in value for c in "./½") and any(c.isdigit() or c == "½" for c in value):
        raise UsageError(
            sentence(
                "--points: match points are whole numbers, found {value}; "
                "use win=2,draw=1,bye=2 for 1 / ½ / 0",
                value=repr(text),
            )
        )
    raise UsageError(
        sentence(
            "--points: expected {expected}, found {value}", expected=expected, value=repr(text)
        )
    )


def read_points(text: str | None) -> Points:

    p = Points()
    seen: set[str] = set()
    for part in (text or "").split(","):
        if not part.strip():
            continue
        key, _, value = part.partition("=")
        if key.strip() not in ("win", "draw", "bye"):
            raise UsageError(
                sentence(
                    "--points: expected {expected}, found {value}",
                    expected="win=N,draw=N,bye=N",
                    value=repr(part),
                )
            )
        if key.strip() in seen:
            raise UsageError(
                sentence("{option}: {side} is named twice", option="--points", side=key.strip())
            )
        seen.add(key.strip())
        setattr(p, key.strip(), whole_points(part, value, "win=N,draw=N,bye=N"))
    return p


def game_rules(
    game: str, variant: str | None, rule: list[str] | None, system: str, tiebreak: list[str] | None
) -> dict[str, bool | int | str]:
    """Check the game, variant, system and tie-breaks given; the rule overrides."""
    if game not in GAMES:
        raise UsageError(
            sentence(
                "--game: expected one of {games}, found {game}", games=join(GAMES), game=repr(game)
            )
        )
    variant = variant or GAMES[game].default_variant
    if (why := check_variant(game, variant)) is not None:
        raise UsageError(sentence("{what}: {error}", what="--variant", error=why))
    overrides: dict[str, bool | int | str] = rule_overrides(game, rule or [])
    if system not in SYSTEMS:
        raise UsageError(
            sentence("--system: expected swiss or round-robin, found {value}", value=repr(system))
        )
    for tb in tiebreak or []:
        if tb not in TIEBREAKS:
            raise UsageError(
                sentence(
                    "--tiebreak: expected one of {ids}, found {value}",
                    ids=join(TIEBREAKS),
                    value=repr(tb),
                )
            )
    return overrides


def entrant_list(
    player: list[str] | None, team: list[str] | None, entrants: Path | None
) -> list[Entrant]:
    """The entrants of ``new``: from -p, --team and a CSV file, each name checked."""

    names = [director.entrant(p, False) for p in player or []]
    names += [director.entrant(x, True) for x in team or []]
    names += [director.entrant(x, " & " in x) for x in (entrants_csv(entrants) if entrants else [])]
    return names


def new_tournament(
    name: str,
    game: str,
    variant: str | None,
    overrides: dict[str, bool | int | str],
    date: str | None,
    system: str,
    seed: str | None,
    points: str | None,
    tiebreak: list[str] | None,
) -> Tournament:
    """The tournament ``new`` creates, before its entrants and rounds are known."""
    try:
        when = (dt.date.fromisoformat(date) if date else dt.date.today()).isoformat()
    except ValueError:
        raise UsageError(
            sentence("--date: expected YYYY-MM-DD, found {value}", value=repr(date))
        ) from None
    return Tournament(
        name,
        game,
        variant or GAMES[game].default_variant,
        overrides,
        when,
        system,
        0,
        0,
        seed or "",
        read_points(points),
        tuple(tiebreak or ()),
        [],
    )


def named_once(option: str, sides: list[str]) -> list[str]:
    """The sides an option names, each at most once (a repeat is wrong usage)."""
    seen: set[str] = set()
    for side in sides:
        if side in seen:
            raise UsageError(
                sentence("{option}: {side} is named twice", option=option, side=repr(side))
            )
        seen.add(side)
    return sides


def points_set(texts: list[str]) -> dict[str, int]:
    """``--points SIDE=N``: whole match points, each side named once."""
    out: dict[str, int] = {}
    named_once("--points", [t.rpartition("=")[0].strip() for t in texts])
    for text in texts:
        side, _, value = text.rpartition("=")
        if not side.strip():
            raise UsageError(
                sentence(
                    "--points: expected {expected}, found {value}",
                    expected="SIDE=N",
                    value=repr(text),
                )
            )
        out[side.strip()] = whole_points(text, value, "SIDE=N")
    return out
