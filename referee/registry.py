"""The registry of games: one entry per game, with everything the rest of referee needs to
know about it (its parameters and named variants, player counts, deck, the keys of its
deals and entries, how sides are formed, how a match is won) and the class that rules its
deals, imported only when that game is played.

Adding a game is adding its rules module under ``referee/games/`` and one entry here.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.messages import Msg, join, sentence
from referee.params import Param, Value, p
from referee.problems import Problem

if TYPE_CHECKING:
    from referee.games.base import DealState


class GameSpec(NamedTuple):
    """One game, as the registry knows it."""

    name: str
    title: str  # the game's name in a sentence (a catalog entry: each language spells it)
    players: tuple[int, int]  # fewest and most players [game.players]
    params: dict[str, Param]  # every rule parameter (rules.md §4)
    variants: dict[str, dict[str, Value]]  # named variants: parameters that differ; first is
    # the default
    engine: str  # "module:Class" of the DealState subclass that rules a deal
    deck: int  # 52, or 36 (6 to A)
    setup: tuple[str, ...]  # a deal's keys beside dealer, hands, plays, note, score
    entries: tuple[str, ...]  # the keys an entry may have beside by and note
    partnerships: bool = False  # with 4 players and `partnerships`, 1 & 3 against 2 & 4
    pot: bool = False  # money in a pot: balances and the pot are reported
    lower_wins: bool = False  # match totals are penalty points: the fewest wins
    variant_players: tuple[tuple[str, tuple[int, int]], ...] = ()  # variants played by
    # fewer player counts than the game, as (variant, (fewest, most))
    declarations: tuple[str, ...] = ()  # the names a `declares` entry may give
    sweeps: bool = False  # the game scores sweeps (a basra, a sur): standings count them
    one_card: tuple[str, ...] = ()  # the set-up keys that hold one card (a turned-up trump)
    names: tuple[str, ...] = ("Ali", "Omar", "Hoda", "Samir", "Leila", "Karim")  # the
    # simulator's players

    @property
    def default_variant(self) -> str:
        return next(iter(self.variants))

    def player_range(self, variant: str) -> tuple[int, int]:
        return dict(self.variant_players).get(variant, self.players)

    def state_class(self) -> type[DealState]:
        """The rules of a deal of this game (its module is imported on first use)."""
        module, name = self.engine.split(":")
        cls: type[DealState] = getattr(import_module(module), name)
        return cls

    def sides(self, players: list[str], rules: dict[str, Value]) -> list[list[str]]:
        """The sides as lists of players, in playing order."""
        if self.partnerships and len(players) == 4 and rules.get("partnerships", True):
            return [[players[0], players[2]], [players[1], players[3]]]
        return [[name] for name in players]


PARTNERSHIPS = p(
    "partnerships",
    bool,
    True,
    "game.players",
    "four players play as two partnerships (1 and 3 against 2 and 4)",
)


def _params(*params: Param) -> dict[str, Param]:
    return {x.name: x for x in sorted(params, key=lambda x: x.name)}


GAMES: dict[str, GameSpec] = {
    "basra": GameSpec(
        name="basra",
        title=sentence("Basra"),
        players=(2, 4),
        params=_params(
            p("ace_points", int, 1, "basra.score", "points per ace captured"),
            p(
                "basra_by_sum",
                bool,
                True,
                "basra.sweep",
                "a sweep by sums scores a basra (false, Lebanese: only same-rank sweeps)",
            ),
            p("basra_points", int, 10, "basra.sweep", "points per basra (sweep)"),
            p(
                "capture",
                str,
                "any",
                "basra.capture.choice",
                "any: take any union of groups; maximal: leave no group a capture could add",
                ("any", "maximal"),
            ),
            p("hand_size", int, 4, "basra.deal", "cards dealt to each player per round", (), 1),
            p(
                "jack_basra",
                str,
                "lone_card",
                "basra.sweep.jack",
                "when a jack's sweep scores a basra: lone_card, one_or_two (cards) or never",
                ("lone_card", "one_or_two", "never"),
            ),
            p("jack_points", int, 1, "basra.score", "points per jack captured"),
            p("majority_points", int, 30, "basra.score", "award for strictly the most cards"),
            p(
                "majority_tie",
                str,
                "void",
                "basra.score.tie",
                "a shared majority: void (nobody scores) or rollover (added to the next deal's)",
                ("void", "rollover"),
            ),
            p(
                "may_trail_capturer",
                bool,
                True,
                "basra.trail",
                "a card that could capture may still be trailed",
            ),
            PARTNERSHIPS,
            p(
                "seven_diamonds",
                str,
                "sweep_if_10",
                "basra.seven-diamonds",
                "the 7D: sweep_if_10 (sweeps a floor adding to 10 or less), sweep_all, or plain",
                ("sweep_if_10", "sweep_all", "plain"),
            ),
            p("target", int, 101, "basra.match", "match target in points", (), 1),
            p("ten_diamonds_points", int, 3, "basra.score", "points for the 10D"),
            p("two_clubs_points", int, 2, "basra.score", "points for the 2C"),
        ),
        variants={
            "egyptian": {},
            "classic": {
                "seven_diamonds": "sweep_all",
                "jack_basra": "never",
                "capture": "maximal",
                "may_trail_capturer": False,
            },
            "lebanese": {"seven_diamonds": "plain", "basra_by_sum": False, "hand_size": 6},
            "iraqi": {"ten_diamonds_points": 6, "basra_points": 5},
            "two-card": {"jack_basra": "one_or_two"},
        },
        engine="referee.games.basra:BasraDeal",
        deck=52,
        setup=("floor", "buried"),
        entries=("card", "takes"),
        partnerships=True,
        sweeps=True,
    ),
    "pasur": GameSpec(
        name="pasur",
        title=sentence("Pasur"),
        players=(2, 4),
        params=_params(
            p(
                "club_tie",
                str,
                "third_player",
                "pasur.score.clubs-tie",
                "three players, two tied for most clubs: third_player scores the award, or nobody",
                ("third_player", "nobody"),
            ),
            p(
                "clubs",
                str,
                "majority7",
                "pasur.score.clubs",
                "clubs award: majority7, majority13, or per_club (1 per club, at most 7)",
                ("majority7", "majority13", "per_club"),
            ),
            PARTNERSHIPS,
            p(
                "qk_redeal",
                bool,
                False,
                "pasur.deal.pool",
                "three or more queens or kings in the opening pool force a redeal",
            ),
            p(
                "sur_cancel",
                bool,
                False,
                "pasur.sur.cancel",
                "a sur made while an opponent holds one cancels theirs instead of scoring",
            ),
            p(
                "sur_cutoff",
                int,
                0,
                "pasur.sur.cutoff",
                "a side with this many match points or more scores no surs (0 = off)",
            ),
            p("sur_points", int, 5, "pasur.sur", "points per sur (sweep)"),
            p("target", int, 62, "pasur.match", "match target in points", (), 1),
            p("ten_diamonds_points", int, 3, "pasur.score", "points for the 10D"),
            p("two_clubs_points", int, 2, "pasur.score", "points for the 2C"),
        ),
        variants={
            "standard": {},
            "pagat": {"qk_redeal": True, "sur_cancel": True, "sur_cutoff": 50},
            "thirteen": {"clubs": "majority13"},
            "ten-point-sur": {"sur_points": 10},
            "ru-baaz": {},
        },
        engine="referee.games.pasur:PasurDeal",
        deck=52,
        setup=("floor", "returned"),
        entries=("card", "takes"),
        partnerships=True,
        sweeps=True,
        names=("Dariush", "Shirin", "Kaveh", "Roya"),
        variant_players=(("ru-baaz", (2, 2)),),  # "open Pasur": the rulings of standard
    ),
    "bura": GameSpec(
        name="bura",
        title=sentence("Bura"),
        players=(2, 6),
        params=_params(
            p("ante", int, 1, "bura.ante", "each player's stake into the pot every deal"),
            p(
                "moscow_needs_trump_ace",
                bool,
                False,
                "bura.declare",
                "a Moscow (three aces) must include the trump ace",
            ),
            p(
                "no_claim",
                str,
                "void",
                "bura.claim.none",
                "cards played out with no claim: void, or most_points wins (a tie is void)",
                ("void", "most_points"),
            ),
            p("target", int, 21, "bura.match", "match target in game points", (), 1),
        ),
        variants={
            "classic": {},
            "little-robber": {"target": 11},
        },
        engine="referee.games.bura:BuraDeal",
        deck=36,
        setup=("trump",),
        one_card=("trump",),
        entries=("cards", "declares", "claim", "forfeit"),
        pot=True,
        declarations=("bura", "moscow", "little-moscow", "molodka"),
        names=("Ivan", "Petr", "Olga", "Anna", "Boris", "Vera"),
    ),
    "kozel": GameSpec(
        name="kozel",
        title=sentence("Kozel"),
        players=(2, 4),
        params=_params(
            PARTNERSHIPS,
            p(
                "penalty_31",
                int,
                2,
                "kozel.score",
                "penalty for a side with 31 card points or more (not the most)",
            ),
            p(
                "penalty_low",
                int,
                4,
                "kozel.score",
                "penalty for a side with 0 to 30 card points and at least one trick",
            ),
            p(
                "penalty_none",
                int,
                6,
                "kozel.score",
                "penalty for a side with no trick (and for a forfeit)",
            ),
            p(
                "six_spades_top",
                bool,
                False,
                "kozel.cards",
                "the 6S beats every other card, trumps included, and is beaten by none",
            ),
            p(
                "target",
                int,
                12,
                "kozel.match",
                "the match ends when a side reaches this many penalty points",
                (),
                1,
            ),
        ),
        variants={
            "classic": {},
            "short": {"target": 8},
            "six-spades": {"six_spades_top": True},
        },
        engine="referee.games.kozel:KozelDeal",
        deck=36,
        setup=("trump",),
        one_card=("trump",),
        entries=("cards", "forfeit"),
        partnerships=True,
        lower_wins=True,
        names=("Misha", "Katya", "Sasha", "Lena"),
    ),
}


def spec(game: str) -> GameSpec:
    """The registry entry of a known game."""
    return GAMES[game]


def variant_values(game: str, variant: str) -> dict[str, Value]:
    """Every parameter of a known game and variant, in alphabetical order."""
    values = {name: param.default for name, param in GAMES[game].params.items()}
    values.update(GAMES[game].variants[variant])
    return dict(sorted(values.items()))


def resolve_rules(
    game: str, variant: str, given: dict[str, Any], path: str = "rules"
) -> tuple[dict[str, Value], list[Problem]]:
    """The variant's values overridden by ``given``; unknown keys and bad values are problems."""
    values = variant_values(game, variant)
    problems: list[Problem] = []
    for key, value in given.items():
        param = GAMES[game].params.get(key)
        if param is None:
            problems.append(
                Problem(
                    "log.rules",
                    unknown_parameter(game, key),
                    f"{path}.{key}",
                )
            )
            continue
        why = param.check(value)
        if why is not None:
            problems.append(Problem("log.rules", why, f"{path}.{key}"))
            continue
        values[key] = value
    return values, problems


def unknown_parameter(game: str, key: str) -> Msg:
    return sentence(
        "unknown parameter {key} for {game}; expected one of {keys}",
        key=repr(key),
        game=game,
        keys=join(sorted(GAMES[game].params)),
    )


def check_game(game: Any) -> str | None:
    """Why ``game`` is not a known game name, or None."""
    if isinstance(game, str) and game in GAMES:
        return None
    return sentence(
        "expected one of {choices}, found {value}", choices=join(GAMES), value=repr(game)
    )


def check_variant(game: str, variant: Any) -> str | None:
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
