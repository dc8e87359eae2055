"""What ``referee tournament new`` reads from its options, checked before anything is
written: the game, variant, rules, system and tie-breaks; the match points; the entrants
(from -p, --team and a CSV file); and the tournament value they make. And what ``result``
reads: the sides named once each, match points set as whole numbers."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.cli.group import rule_overrides
from referee.messages import join, sentence

if TYPE_CHECKING:
    from referee.tournament.model import Entrant, Tournament


def usage(message: str) -> Exception:
    from referee.table.usage import UsageError

    return UsageError(message)


def whole_points(text: str, value: str, expected: str) -> int:
    """Match points as typed (``--points``): a whole number of at least 0. A fraction
    (chess's ½) is wrong usage, saying how to keep its ratio in whole numbers."""
    value = value.strip()
    if value.isascii() and value.isdigit():
        return int(value)
    if any(c in value for c in "./½") and any(c.isdigit() or c == "½" for c in value):
        raise usage(
            sentence(
                "--points: match points are whole numbers, found {value}; "
                "use win=2,draw=1,bye=2 for 1 / ½ / 0",
                value=repr(text),
            )
        )
    raise usage(
        sentence(
            "--points: expected {expected}, found {value}", expected=expected, value=repr(text)
        )
    )


def read_points(text: str | None) -> Any:
    from referee.tournament.model import Points

    p = Points()
    seen: set[str] = set()
    for part in (text or "").split(","):
        if not part.strip():
            continue
        key, _, value = part.partition("=")
        if key.strip() not in ("win", "draw", "bye"):
            raise usage(
                sentence(
                    "--points: expected {expected}, found {value}",
                    expected="win=N,draw=N,bye=N",
                    value=repr(part),
                )
            )
        if key.strip() in seen:
            raise usage(
                sentence("{option}: {side} is named twice", option="--points", side=key.strip())
            )
        seen.add(key.strip())
        setattr(p, key.strip(), whole_points(part, value, "win=N,draw=N,bye=N"))
    return p


def game_rules(
    game: str, variant: str | None, rule: list[str] | None, system: str, tiebreak: list[str] | None
) -> dict[str, bool | int | str]:
    """Check the game, variant, system and tie-breaks given; the rule overrides."""
    from referee.registry import GAMES, check_variant
    from referee.tournament.model import SYSTEMS, TIEBREAKS

    if game not in GAMES:
        raise usage(
            sentence(
                "--game: expected one of {games}, found {game}", games=join(GAMES), game=repr(game)
            )
        )
    variant = variant or GAMES[game].default_variant
    if (why := check_variant(game, variant)) is not None:
        raise usage(sentence("{what}: {error}", what="--variant", error=why))
    overrides: dict[str, bool | int | str] = rule_overrides(game, rule or [])
    if system not in SYSTEMS:
        raise usage(
            sentence("--system: expected swiss or round-robin, found {value}", value=repr(system))
        )
    for tb in tiebreak or []:
        if tb not in TIEBREAKS:
            raise usage(
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
    from referee.tournament import director
    from referee.tournament.store import entrants_csv

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
    import datetime as dt

    from referee.registry import GAMES
    from referee.tournament.model import Tournament

    try:
        when = (dt.date.fromisoformat(date) if date else dt.date.today()).isoformat()
    except ValueError:
        raise usage(
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
            raise usage(sentence("{option}: {side} is named twice", option=option, side=repr(side)))
        seen.add(side)
    return sides


def points_set(texts: list[str]) -> dict[str, int]:
    """``--points SIDE=N``: whole match points, each side named once."""
    out: dict[str, int] = {}
    named_once("--points", [t.rpartition("=")[0].strip() for t in texts])
    for text in texts:
        side, _, value = text.rpartition("=")
        if not side.strip():
            raise usage(
                sentence(
                    "--points: expected {expected}, found {value}",
                    expected="SIDE=N",
                    value=repr(text),
                )
            )
        out[side.strip()] = whole_points(text, value, "SIDE=N")
    return out
