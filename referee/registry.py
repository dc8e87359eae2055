"""The registry of games: one line a game. Everything the rest of referee needs to know
about a game (its parameters and named variants, player counts, deck, the keys of its deals
and entries, how sides are formed, how a match is won, where its rules and words are) is
its :class:`~referee.games.spec.GameSpec`, defined in its own package under
``referee/games/``, whose rules are imported only when that game is played.

Adding a game is adding its package and one line here; a game defined outside referee
(a plug-in, the tests' toy games) adds itself with :func:`add`.
"""

from __future__ import annotations

from importlib import import_module

from referee.games.spec import GameSpec as GameSpec
from referee.messages import Msg, join, sentence
from referee.params import Value

GAMES: dict[str, GameSpec] = {}


def add(game: GameSpec) -> None:
    """Make ``game`` known to every command (a game defined outside referee registers itself
    so; the words its spec names are read as a built-in game's are). A name may be given
    once (the same spec again is no change)."""
    known = GAMES.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"a game named {game.name!r} is already registered")
    GAMES[game.name] = game


BUILT_IN = (  # one line a game: its package, whose SPEC is its registry entry
    "referee.games.basra",
    "referee.games.pasur",
    "referee.games.bura",
    "referee.games.kozel",
)


def _built_in() -> None:
    for package in BUILT_IN:
        game = import_module(package).SPEC  # a game loaded by name: its package is its own
        assert isinstance(game, GameSpec), package
        add(game)


_built_in()


def spec(game: str) -> GameSpec:
    """The registry entry of a known game."""
    return GAMES[game]


def variant_values(game: str, variant: str) -> dict[str, Value]:
    """Every parameter of a known game and variant, in alphabetical order."""
    values = {name: param.default for name, param in GAMES[game].params.items()}
    values.update(GAMES[game].variants[variant])
    return dict(sorted(values.items()))


def unknown_parameter(game: str, key: str) -> Msg:
    return sentence(
        "unknown parameter {key} for {game}; expected one of {keys}",
        key=repr(key),
        game=game,
        keys=join(sorted(GAMES[game].params)),
    )


def check_game(game: object) -> str | None:
    """Why ``game`` is not a known game name, or None."""
    if isinstance(game, str) and game in GAMES:
        return None
    return sentence(
        "expected one of {choices}, found {value}", choices=join(GAMES), value=repr(game)
    )


def check_variant(game: str, variant: object) -> str | None:
    """Why ``variant`` is not a named variant of ``game``, or None."""
    if isinstance(variant, str) and variant in GAMES[game].variants:
        return None
    return sentence(
        "expected a {game} variant, one of {variants}; found {value}",
        game=game,
        variants=join(GAMES[game].variants),
        value=repr(variant),
    )


def parse_override(game: str, text: str) -> tuple[str, Value]:
    """Read a ``key=value`` rule override from the command line into a typed value."""
    if "=" not in text:
        raise ValueError(sentence("expected KEY=VALUE, found {value}", value=repr(text)))
    key, raw = (part.strip() for part in text.split("=", 1))
    param = GAMES[game].params.get(key)
    if param is None:
        raise ValueError(unknown_parameter(game, key))
    value: Value
    if param.kind is bool:
        if raw.lower() not in ("true", "false"):
            raise ValueError(
                sentence(
                    "{what}: {error}",
                    what=key,
                    error=sentence("expected true or false, found {value}", value=repr(raw)),
                )
            )
        value = raw.lower() == "true"
    elif param.kind is int:
        try:
            value = int(raw)
        except ValueError:
            raise ValueError(
                sentence(
                    "{what}: {error}",
                    what=key,
                    error=sentence("expected a whole number, found {value}", value=repr(raw)),
                )
            ) from None
    else:
        value = raw
    why = param.check(value)
    if why is not None:
        raise ValueError(sentence("{what}: {error}", what=key, error=why))
    return key, value
